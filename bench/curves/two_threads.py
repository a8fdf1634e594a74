#!/usr/bin/env python3
"""Two threads against one on the shipped configs: each config is run with
`--threads 1` and `--threads 2` alternately (`--rounds` pairs), and the
median games/s of each (summary.json) is compared. A first one-thread run of
at most 1,440 games estimates how long the whole config takes on one thread;
configs under `--min-seconds` are reported and skipped (start-up and the last
slow games dominate them), and the pairs of a longer one play as many of its
games as take about `--budget` seconds on one thread (its rate is steady long
before the end). Also checks that both thread counts give the same signature
(results never depend on them). Prints a Markdown table.

    python3 bench/curves/two_threads.py [build/arena] [--configs configs/*.yaml]
                                        [--rounds 2] [--min-seconds 3] [--budget 20]
"""
import argparse
import glob
import math
import json
import pathlib
import statistics
import subprocess
import tempfile


def run(arena, config, threads, out, games):
    command = [arena, "run", config, "--threads", str(threads), "--quiet", "--out", str(out),
               "--games", str(games)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    summary = json.loads((pathlib.Path(out) / "summary.json").read_text())
    return summary["games_per_second"], summary["games"], summary["signature"]


# Capped game counts are multiples of this (6!): whole deals for every seat
# order of up to 6 seats.
kUnit = 720


def config_games(config):
    """The config's `games` (a top-level `games: N` line)."""
    for line in pathlib.Path(config).read_text().splitlines():
        if line.startswith("games:"):
            return int(line.split(":")[1].split("#")[0])
    raise SystemExit(f"{config}: no games line")


def game_unit(config):
    """What capped game counts are multiples of: kUnit, and whole series
    where the config plays series (a `series_length: N` line)."""
    for line in pathlib.Path(config).read_text().splitlines():
        key, _, value = line.strip().partition(":")
        if key == "series_length":
            return math.lcm(kUnit, int(value.split("#")[0]))
    return kUnit


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arena", nargs="?", default="build/arena")
    parser.add_argument("--configs", nargs="*", default=sorted(glob.glob("configs/*.yaml")))
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--min-seconds", type=float, default=3.0)
    parser.add_argument("--budget", type=float, default=20.0)
    args = parser.parse_args()
    print("| config | games played | whole config on 1 thread, s | 1 thread games/s | "
          "2 threads games/s | ratio | same signature |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for config in args.configs:
            name = pathlib.Path(config).stem
            total = config_games(config)
            unit = game_unit(config)
            probe = min(total, max(1440 // unit, 1) * unit)
            rate, played, _ = run(args.arena, config, 1, f"{tmp}/{name}-1", probe)
            if played < probe:  # its stopping rule ended it: the whole run is this probe
                total = played
            seconds = total / rate  # the whole config on one thread, estimated
            if seconds < args.min_seconds:
                print(f"| {name} | {total:,} | {seconds:.1f} | {rate:,.0f} | (under "
                      f"{args.min_seconds:g} s: skipped) | | |", flush=True)
                continue
            games = max(probe, min(total, int(rate * args.budget) // unit * unit))
            ones, twos, same = [], [], True
            for _ in range(args.rounds):
                rate1, played, signature1 = run(args.arena, config, 1, f"{tmp}/{name}-1", games)
                rate2, _, signature2 = run(args.arena, config, 2, f"{tmp}/{name}-2", games)
                ones.append(rate1)
                twos.append(rate2)
                same = same and signature2 == signature1
            one, two = statistics.median(ones), statistics.median(twos)
            shown = f"{games:,} of {total:,}"
            if played < games:
                # The probe ended before its stopping rule did: the whole
                # config is the stopped run, not `total` games.
                seconds = played / one
                shown = f"{played:,} of {total:,} (stopped by its rule)"
                if seconds < args.min_seconds:
                    shown += f", under {args.min_seconds:g} s"
            print(f"| {name} | {shown} | {seconds:.1f} | {one:,.0f} | {two:,.0f} | "
                  f"{two / one:.2f} | {'yes' if same else 'NO'} |", flush=True)


if __name__ == "__main__":
    main()
