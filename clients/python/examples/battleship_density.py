#!/usr/bin/env python3
"""Battleship: probability density targeting (hunt and target).

Every placement of every ship still afloat that covers no miss and no sunk
cell (and, when ships may not touch, no cell next to a sunk ship) counts once
for each unshot cell it covers; while there are hits on ships afloat, only
placements through those hits count, once per hit. Fire at the densest
unshot cell; ties at random. About 45 shots a game on the standard board.

Its own parameter, from the config (`params: {command: ..., parity: true}`):
`parity` hunts on one colour of the checkerboard only (every ship of length
2 or more covers a cell of each colour), as the seed's checkerboard weight
does; false (the default) counts every cell.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import arena_bot  # noqa: E402


def blocked_cells(grid, size, touching_forbidden):
    blocked = set()
    for r in range(size):
        for c in range(size):
            mark = grid[r][c]
            if mark in "o#":
                blocked.add((r, c))
            if mark == "#" and touching_forbidden:
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        blocked.add((r + dr, c + dc))
    return blocked


def decide(view, rng, session):
    rules = session.rules
    size = rules["size"]
    fleet = rules["fleet"]  # name -> length
    grid = view["grid"]
    blocked = blocked_cells(grid, size, rules.get("touching") == "forbidden")
    hits = {(r, c) for r in range(size) for c in range(size) if grid[r][c] == "x"}
    density = {}
    for name in view["afloat"]:
        length = fleet[name]
        for horizontal in (True, False):
            for r in range(size if horizontal else size - length + 1):
                for c in range(size - length + 1 if horizontal else size):
                    cells = [(r, c + i) if horizontal else (r + i, c) for i in range(length)]
                    if any(cell in blocked for cell in cells):
                        continue
                    weight = sum(cell in hits for cell in cells) if hits else 1
                    for cell in cells:
                        if weight and grid[cell[0]][cell[1]] == ".":
                            density[cell] = density.get(cell, 0) + weight
    if not hits and session.params.get("parity", False):
        density = {cell: d for cell, d in density.items() if (cell[0] + cell[1]) % 2 == 0} or density
    if not density:  # nothing fits (cannot happen in a legal game): any unshot cell
        density = {(r, c): 1 for r in range(size) for c in range(size) if grid[r][c] == "."}
    best = max(density.values())
    row, col = rng.choice(sorted(cell for cell, d in density.items() if d == best))
    return {"row": row, "col": col}


if __name__ == "__main__":
    arena_bot.run(decide, name="battleship-density")
