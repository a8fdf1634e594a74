"""Python random playouts of Chinese Checkers on one core: moves per second.

    PYTHONPATH=build/python python3 python/examples/random_playouts_bench.py [--seconds 5]

Plays uniformly random games (arena.new_game, legal_moves, apply, is_over) from
the start until they are over (with two seats, usually the cut at
rules.max_plies, 1000 plies) and prints the moves played per second of wall
time, the loop a Python MCTS's playouts run. The target is 100,000 moves/s.
"""

from __future__ import annotations

import argparse
import random
import time

import arena


def playout(state, choice) -> int:
    """Plays random moves until the game is over; returns how many."""
    moves = 0
    while not state.is_over():
        state.apply(choice(state.legal_moves()))
        moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to play (default 5)")
    parser.add_argument("--players", type=int, default=2, help="seats: 2, 3, 4 or 6 (default 2)")
    parser.add_argument("--max-plies", type=int, default=1000,
                        help="rules.max_plies (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random moves")
    args = parser.parse_args()
    start = arena.new_game("chinese-checkers", rules={"max_plies": args.max_plies},
                           players=args.players)
    choice = random.Random(args.seed).choice
    games = moves = 0
    begin = time.perf_counter()
    while time.perf_counter() - begin < args.seconds:
        moves += playout(start.clone(), choice)
        games += 1
    elapsed = time.perf_counter() - begin
    print(f"{games} games, {moves} moves in {elapsed:.2f} s: {moves / elapsed:,.0f} moves/s "
          f"({args.players} seats, max_plies {args.max_plies})")


if __name__ == "__main__":
    main()
