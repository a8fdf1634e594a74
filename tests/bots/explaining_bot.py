#!/usr/bin/env python3
"""Battleship bot that explains its shots (docs/protocol.md, the move's "explain").

Fires next to a hit on a ship afloat when it can, else at the first cell not
fired at, and says why: {"text": ..., "heat": ...}, the heat map being the
cells of the ships afloat not hit yet spread evenly over the cells not fired
at (so it sums to that number, as a strategy's chances do).

Usage: explaining_bot.py [MODE]; MODE "not-an-object" sends "explain" as a
string instead (a protocol error); MODE "hostile" sends texts a terminal or a
page must not take as they are, in turn by the number of cells fired at: one
with escape sequences (a title change, a clear screen), a right-to-left
override, a NUL and a newline that starts a fake replay line; an object as
the text; a text of 200,000 characters.
"""
import os
import sys

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))
import arena_bot  # noqa: E402

MODE = sys.argv[1] if len(sys.argv) > 1 else "object"


def decide(view, rng, session):
    grid = view["grid"]
    size = len(grid)
    unshot = [(r, c) for r in range(size) for c in range(size) if grid[r][c] == "."]
    near = [(r + dr, c + dc)
            for r in range(size) for c in range(size) if grid[r][c] == "x"
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
            if 0 <= r + dr < size and 0 <= c + dc < size and grid[r + dr][c + dc] == "."]
    row, col = near[0] if near else unshot[0]
    name = chr(ord("A") + col) + str(row + 1)
    text = f"beside a hit: {name}" if near else f"the first cell not fired at: {name}"
    if MODE == "not-an-object":
        return {"row": row, "col": col, "explain": text}
    if MODE == "hostile":
        fired = size * size - len(unshot)
        texts = [f"\x1b]0;owned\x07\x1b[2J\u202e{name} gnihton\x00\n99. fake shot at J10",
                 {"cell": name, "nested": [1, 2]},
                 name + " " + "x" * 200000]
        return {"row": row, "col": col, "explain": {"text": texts[fired % 3]}}
    lengths = session.rules["fleet"]  # name -> length
    to_find = sum(lengths[s] for s in view["afloat"]) - sum(line.count("x") for line in grid)
    share = to_find / len(unshot)
    heat = [[share if grid[r][c] == "." else 0 for c in range(size)] for r in range(size)]
    return {"row": row, "col": col,
            "explain": {"text": text, "heat": heat, "best": row * size + col}}


if __name__ == "__main__":
    arena_bot.run(decide, name="explaining")
