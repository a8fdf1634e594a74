#!/usr/bin/env python3
"""Rooks exact solver cost against board side and fort density: for each
(n, density) one `arena run` on one thread of `boards` random boards solved
by `exact` with each matching algorithm, and from its summary.json the mean
and median time of one solve (one decision: the whole matching) and the
mean number of rooks placed. Prints a Markdown table.

    python3 bench/curves/rooks_exact.py [build/arena] [--sizes 250,500,1000,1500,2000]
                                        [--densities 0.05,0.1,0.2,0.3] [--boards 5]
"""
import argparse
import tempfile

from arena_run import run_summary


def run(arena, algorithm, n, density, boards, work):
    summary = run_summary(arena, f"rooks-{algorithm}-{n}-{density}",
                          f"engine: rooks\ngames: {boards}\n"
                          f"rules: {{n: [{n}], fort_density: {density}}}\n"
                          f"players: [{{strategy: exact, params: {{algorithm: {algorithm}}}}}]\n",
                          work, seed=7)
    variant = summary["variants"][0]
    latency = variant["decision_latency_ns"]
    rooks = next(iter(variant["metrics"].values()))["mean"]
    return latency["mean"] / 1e6, latency["p50"] / 1e6, rooks


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arena", nargs="?", default="build/arena")
    parser.add_argument("--sizes", default="250,500,1000,1500,2000")
    parser.add_argument("--densities", default="0.05,0.1,0.2,0.3")
    parser.add_argument("--boards", type=int, default=5)
    args = parser.parse_args()
    print("| n | fort density | algorithm | boards | solve mean ms | solve p50 ms | rooks |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in [int(s) for s in args.sizes.split(",")]:
            for density in [float(d) for d in args.densities.split(",")]:
                for algorithm in ("auto", "pothen-fan", "augmenting-bfs", "hopcroft-karp"):
                    mean, p50, rooks = run(args.arena, algorithm, n, density, args.boards, tmp)
                    print(f"| {n} | {density} | {algorithm} | {args.boards} | {mean:,.1f} | "
                          f"{p50:,.1f} | {rooks:,.1f} |", flush=True)


if __name__ == "__main__":
    main()
