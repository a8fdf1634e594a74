#!/usr/bin/env python3
"""Battleship bot with one numeric parameter, for the tests of arena tune.

`aim` (0 to 1, from the config's params): the probability of shooting next
to a hit on a ship afloat rather than at any unshot cell. 1 plays much
better than 0, so the tuner has a clear way to go.
"""
import os
import sys

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))
import arena_bot  # noqa: E402


def decide(view, rng, session):
    grid = view["grid"]
    size = len(grid)
    unshot = [(r, c) for r in range(size) for c in range(size) if grid[r][c] == "."]
    near = sorted({(r + dr, c + dc)
                   for r in range(size) for c in range(size) if grid[r][c] == "x"
                   for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                   if 0 <= r + dr < size and 0 <= c + dc < size and grid[r + dr][c + dc] == "."})
    aim = float(session.params.get("aim", 0))
    row, col = rng.choice(near if near and rng.random() < aim else unshot)
    return {"row": row, "col": col}


if __name__ == "__main__":
    arena_bot.run(decide, name="tunable")
