#!/usr/bin/env python3
"""How many decisions a second a Python strategy makes in process
(`strategy: python`) and as a line-protocol program (`strategy: external`),
the same decide function both ways, timed alternately in one run.

    PYTHONPATH=build/python python3 python/examples/bench_python_strategy.py [GAMES] [PAIRS]

The strategy is clients/python/examples/battleship_random.py (a random cell
not fired at yet), alone in a solo Battleship run on one thread, so the run's
time is its decisions' and the harness's. decisions/s = its decisions (the
latency histogram's count) / the run's wall time. docs/measurements.md has
the numbers.
"""
import statistics
import sys
import tempfile
from pathlib import Path

import arena

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "clients" / "python" / "examples" / "battleship_random.py"


def config(strategy: str, games: int) -> dict:
    params = {"command": f"{sys.executable} {BOT}"} if strategy == "external" else {}
    return {"name": f"bench-{strategy}", "engine": "battleship", "mode": "solo",
            "games": games, "seed": 1, "threads": 1,
            "players": [{"name": "py-random", "strategy": strategy, "params": params}]}


def decisions_per_second(strategy: str, games: int, out: Path) -> float:
    sys.path.insert(0, str(BOT.parent))
    from battleship_random import decide  # the line-protocol bot's own function
    results = arena.run(config(strategy, games), out=out / strategy,
                        players={"py-random": decide} if strategy == "python" else None)
    decisions = results.variant("py-random")["decision_latency_ns"]["count"]
    return decisions / results.summary["wall_seconds"]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    pairs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    ratios = []
    with tempfile.TemporaryDirectory() as scratch:
        for pair in range(pairs):
            program = decisions_per_second("external", games, Path(scratch))
            hosted = decisions_per_second("python", games, Path(scratch))
            ratios.append(hosted / program)
            print(f"pair {pair + 1}: line protocol {program:9,.0f} decisions/s, "
                  f"in process {hosted:9,.0f} decisions/s, ratio {hosted / program:5.2f}")
    print(f"in process / line protocol: median {statistics.median(ratios):.2f} "
          f"(range {min(ratios):.2f}-{max(ratios):.2f}, {pairs} pairs of {games} games)")


if __name__ == "__main__":
    main()
