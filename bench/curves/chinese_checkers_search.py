#!/usr/bin/env python3
"""Chinese Checkers decision cost against seats and search depth: for each
strategy setting and table size one `arena run` on one thread of self-play
(the variant takes every seat) cut off after `plies` plies, and from its
summary.json the mean, median and 99th percentile decision time. Prints a
Markdown table.

    python3 bench/curves/chinese_checkers_search.py [build/arena] [--seats 2,3,4,6]
                                                    [--games 1] [--plies 60]
                                                    [--only "alphabeta depth 2"]
"""
import argparse
import tempfile

from arena_run import run_summary

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
    summary = run_summary(arena, f"cc-{index}-{seats}",
                          f"engine: chinese-checkers\ngames: {games}\n"
                          f"rules: {{seats: {seats}, max_plies: {plies}}}\n"
                          f"players: [{{strategy: {strategy}, params: {params}}}]\n", work)
    latency = summary["variants"][0]["decision_latency_ns"]
    return latency["count"], latency["mean"] / 1e3, latency["p50"] / 1e3, latency["p99"] / 1e3


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arena", nargs="?", default="build/arena")
    parser.add_argument("--seats", default="2,3,4,6")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--only", default="", help="only the settings whose label contains this")
    args = parser.parse_args()
    print("| strategy | seats | decisions | mean µs | p50 µs | p99 µs |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for index, (label, strategy, params) in enumerate(SETTINGS):
            if args.only not in label:
                continue
            for seats in [int(s) for s in args.seats.split(",")]:
                count, mean, p50, p99 = run(args.arena, strategy, params, seats, args.games,
                                            args.plies, tmp, index)
                print(f"| {label} | {seats} | {count} | {mean:,.1f} | {p50:,.1f} | {p99:,.1f} |",
                      flush=True)


if __name__ == "__main__":
    main()
