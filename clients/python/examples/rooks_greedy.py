#!/usr/bin/env python3
"""Rooks: the greedy matching of row and column segments, fewest options first.

Rooks attack along a row or a column until a fort, so a placement takes at
most one cell of each row segment and each column segment. Place a rook on
the free segment with the fewest open cells left, at its cell whose crossing
segment has the fewest; repeat until no open cell is left. Ties at random.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import arena_bot  # noqa: E402


def segments(rows, n):
    """Per open cell, its row segment and column segment ids."""
    row_of, col_of = {}, {}
    count = 0
    for r in range(n):
        for c in range(n):
            if rows[r][c] == ".":
                if c == 0 or rows[r][c - 1] != ".":
                    count += 1
                row_of[(r, c)] = count
    for c in range(n):
        for r in range(n):
            if rows[r][c] == ".":
                if r == 0 or rows[r - 1][c] != ".":
                    count += 1
                col_of[(r, c)] = count
    return row_of, col_of


def decide(view, rng):
    n, rows = view["n"], view["rows"]
    row_of, col_of = segments(rows, n)
    cells_of = {}
    for cell in row_of:
        cells_of.setdefault(row_of[cell], []).append(cell)
        cells_of.setdefault(col_of[cell], []).append(cell)
    used = set()
    rooks = []

    def options(segment):
        return [cell for cell in cells_of[segment]
                if row_of[cell] not in used and col_of[cell] not in used]

    while True:
        free = [(len(options(s)), s) for s in cells_of if s not in used and options(s)]
        if not free:
            return {"rooks": rooks}
        fewest = min(f[0] for f in free)
        segment = rng.choice([s for k, s in free if k == fewest])

        def crossing(cell):
            return col_of[cell] if row_of[cell] == segment else row_of[cell]

        cells = options(segment)
        least = min(len(options(crossing(cell))) for cell in cells)
        cell = rng.choice([cell for cell in cells if len(options(crossing(cell))) == least])
        rooks.append(list(cell))
        used.update((row_of[cell], col_of[cell]))


if __name__ == "__main__":
    arena_bot.run(decide, name="rooks-greedy")
