#!/usr/bin/env python3
"""Instructions a move and a decision, counted by cachegrind: speed figures that travel.

    python3 bench/instructions.py [build/arena] [--only ENGINE]

Times depend on the host and its load; instruction counts do not (the same
binary on the same input executes the same instructions). For each engine's
random playouts and for each built-in strategy at its defaults, this runs
`arena run --threads 1` under `valgrind --tool=cachegrind` twice, with G and
2G games, and divides the difference in instructions by the difference in
decisions (summary.json's decision_latency_ns.count, every seat): what a
decision costs with the engine's move and the harness's share included,
without the start-up (config, tables, threads) both runs pay once. The
counts vary by about 0.3% of a run between runs (threads that wake by the
clock); with these G the figures move by about 1% between runs. The table
is Markdown, for docs/measurements.md.

Cycles are left out: this machine's kernel offers no hardware counters to
`perf stat` (instructions and cycles "not supported" in its containers).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

# (engine, mode or None, seats, strategy, G): every seat plays the strategy.
CASES = [
    ("battleship", "solo", 1, "random", 4000),
    ("battleship", "solo", 1, "hunt-target", 4000),
    ("battleship", "solo", 1, "density", 200),
    ("battleship", "solo", 1, "seed-density", 200),
    ("battleship", "solo", 1, "monte-carlo", 10),
    ("go-fish", None, 2, "random", 4000),
    ("go-fish", None, 2, "memory", 2000),
    ("go-fish", None, 2, "belief", 2000),
    ("go-fish", None, 2, "seed-memory", 2000),
    ("go-fish", None, 2, "counting", 500),
    ("chinese-checkers", None, 2, "random", 20),
    ("chinese-checkers", None, 2, "greedy", 10),
    ("chinese-checkers", None, 2, "minimax", 2),
    ("chinese-checkers", None, 2, "alphabeta", 2),
    ("chinese-checkers", None, 2, "mcts", 2),
    ("rooks", None, 1, "seed-random", 500),
    ("rooks", None, 1, "random-greedy", 500),
    ("rooks", None, 1, "exact", 500),
]


def config(engine, mode, seats, strategy, games):
    lines = [f"name: ir-{engine}-{strategy}", f"engine: {engine}", "seed: 1", f"games: {games}"]
    if mode:
        lines.append(f"mode: {mode}")
    if engine == "chinese-checkers":
        lines.append(f"rules: {{seats: {seats}}}")
    lines.append("players:")
    names = [strategy] if seats == 1 or engine == "chinese-checkers" else [
        f"{strategy}-{s}" for s in range(seats)]
    for name in names:
        lines.append(f"  - {{name: {name}, strategy: {strategy}}}")
    return "\n".join(lines) + "\n"


def counted(arena, folder, text, games):
    path = os.path.join(folder, f"run-{games}.yaml")
    with open(path, "w") as f:
        f.write(text)
    out = os.path.join(folder, f"out-{games}")
    ran = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         arena, "run", path, "--threads", "1", "--quiet", "--report-every", "0",
         "--out", out],
        capture_output=True, text=True)
    if ran.returncode != 0:
        sys.exit(f"instructions.py: {path}: arena exited with {ran.returncode}:\n{ran.stderr[-2000:]}")
    refs = re.search(r"I\s+refs:\s+([\d,]+)", ran.stderr)
    if not refs:
        sys.exit(f"instructions.py: no 'I refs' in valgrind's output:\n{ran.stderr[-2000:]}")
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    decisions = sum(v["decision_latency_ns"]["count"] for v in summary["variants"])
    return int(refs.group(1).replace(",", "")), decisions


def main():
    args = sys.argv[1:]
    only = None
    if "--only" in args:
        at = args.index("--only")
        only = args[at + 1]
        del args[at:at + 2]
    arena = os.path.abspath(args[0] if args else "build/arena")
    print("| engine | strategy (every seat, defaults) | games | decisions a game | "
          "instructions a decision |")
    print("|---|---|---|---|---|")
    for engine, mode, seats, strategy, games in CASES:
        if only and engine != only:
            continue
        with tempfile.TemporaryDirectory() as folder:
            small = counted(arena, folder, config(engine, mode, seats, strategy, games), games)
            large = counted(arena, folder, config(engine, mode, seats, strategy, 2 * games),
                            2 * games)
        instructions = large[0] - small[0]
        decisions = large[1] - small[1]
        print(f"| {engine} | {strategy} | {games} | {decisions / games:,.1f} | "
              f"{instructions / decisions:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
