#!/usr/bin/env python3
"""Chinese Checkers decision cost against seats and search depth: for each
strategy setting and table size one `arena run` on one thread of self-play
(the variant takes every seat) cut off after `plies` plies, and from its
summary.json the mean, median and 99th percentile decision time. Prints a
Markdown table.

    python3 bench/curves/chinese_checkers_search.py [build/arena] [--seats 2,3,4,6]
                                                    [--games 1] [--plies 60]
"""
import argparse
import json
import pathlib
import subprocess
import tempfile

SETTINGS = [
    ("greedy", "greedy", "{}"),
    ("minimax depth 1", "minimax", "{depth: 1}"),
    ("minimax depth 2", "minimax", "{depth: 2}"),
    ("minimax depth 3", "minimax", "{depth: 3}"),
    ("alphabeta depth 2", "alphabeta", "{depth: 2}"),
    ("alphabeta depth 4", "alphabeta", "{depth: 4}"),
    ("alphabeta depth 6", "alphabeta", "{depth: 6}"),
]


def run(arena, strategy, params, seats, games, plies, work, index):
    config = work / f"cc-{index}-{seats}.yaml"
    config.write_text(f"name: cc-{index}-{seats}\nengine: chinese-checkers\nseed: 1\n"
                      f"games: {games}\nrules: {{seats: {seats}, max_plies: {plies}}}\n"
                      f"players: [{{strategy: {strategy}, params: {params}}}]\n")
    out = work / f"out-{index}-{seats}"
    subprocess.run([arena, "run", str(config), "--threads", "1", "--quiet", "--out", str(out)],
                   check=True, stdout=subprocess.DEVNULL)
    latency = json.loads((out / "summary.json").read_text())["variants"][0]["decision_latency_ns"]
    return latency["count"], latency["mean"] / 1e3, latency["p50"] / 1e3, latency["p99"] / 1e3


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arena", nargs="?", default="build/arena")
    parser.add_argument("--seats", default="2,3,4,6")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--plies", type=int, default=60)
    args = parser.parse_args()
    print("| strategy | seats | decisions | mean µs | p50 µs | p99 µs |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for index, (label, strategy, params) in enumerate(SETTINGS):
            for seats in [int(s) for s in args.seats.split(",")]:
                count, mean, p50, p99 = run(args.arena, strategy, params, seats, args.games,
                                            args.plies, pathlib.Path(tmp), index)
                print(f"| {label} | {seats} | {count} | {mean:,.1f} | {p50:,.1f} | {p99:,.1f} |",
                      flush=True)


if __name__ == "__main__":
    main()
