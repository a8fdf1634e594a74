#!/usr/bin/env python3
"""Battleship: fire at a uniformly random cell not fired at yet.

    players:  # in a config in configs/ (a command runs in its config's folder)
      - {name: py-random, strategy: external,
         params: {command: "python3 ../clients/python/examples/battleship_random.py"}}
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import arena_bot  # noqa: E402


def decide(view, rng):
    open_cells = [(r, c) for r, row in enumerate(view["grid"])
                  for c, mark in enumerate(row) if mark == "."]
    row, col = rng.choice(open_cells)
    return {"row": row, "col": col}


if __name__ == "__main__":
    arena_bot.run(decide, name="battleship-random")
