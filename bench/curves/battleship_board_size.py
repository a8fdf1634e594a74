#!/usr/bin/env python3
"""Battleship cost against board size: for every built-in strategy and each
side from 10 to 26, one `arena run` on one thread (solo mode, the standard
fleet, touching allowed), and from its summary.json the games per second,
the mean and median decision time and the mean shots. Prints a Markdown table.

    python3 bench/curves/battleship_board_size.py [build/arena] [--sizes 10,14,18,22,26]
"""
import argparse
import tempfile

from arena_run import run_summary

# Games per run at 10x10, about a second of play each (monte-carlo
# decides about a thousand times slower than the rest).
GAMES = {"random": 500000, "hunt-target": 500000, "density": 50000, "seed-density": 30000,
         "monte-carlo": 300}


def run(arena, strategy, size, games, work):
    summary = run_summary(arena, f"size-{size}-{strategy}",
                          f"engine: battleship\ngames: {games}\nrules: {{size: {size}}}\n"
                          f"players: [{{strategy: {strategy}}}]\n", work)
    variant = summary["variants"][0]
    latency = variant["decision_latency_ns"]
    return {"games_per_second": summary["games_per_second"], "mean_ns": latency["mean"],
            "p50_ns": latency["p50"], "shots": variant["metrics"]["shots"]["mean"]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arena", nargs="?", default="build/arena")
    parser.add_argument("--sizes", default="10,14,18,22,26")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print("| strategy | side | games | games/s | decision mean ns | decision p50 ns | mean shots |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for strategy, games in GAMES.items():
            for size in sizes:
                # Bigger boards take more shots and costlier decisions: fewer games.
                scaled = max(10, games * 100 // (size * size))
                r = run(args.arena, strategy, size, scaled, tmp)
                print(f"| {strategy} | {size} | {scaled} | {r['games_per_second']:,.0f} | "
                      f"{r['mean_ns']:,.0f} | {r['p50_ns']:,} | {r['shots']:.1f} |", flush=True)


if __name__ == "__main__":
    main()
