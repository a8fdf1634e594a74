"""The rooks replay page in headless Chromium: for every variant (chosen with
its button), the drawn board before and after its placement has the forts
of the text board and the rooks of the record (`arena replay --json`), the
keyboard steps between them, and no console message is logged.

Usage: replay_in_browser_rooks.py ARENA_EXE WORK_DIR (exit 77 without Chromium)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_browser  # noqa: E402

CONFIG = """name: rooks-page
engine: rooks
seed: 5
games: 4
rules: {n: [7], fort_density: 0.2}
players:
  - {name: seed-random-1, strategy: seed-random, params: {tries: 1}}
  - {name: random-greedy, strategy: random-greedy, params: {tries: 10}}
  - {name: exact, strategy: exact}
"""


def cells(svg, attribute, **match):
    found = set()
    for e in replay_browser.elements(svg, attribute):
        if all(e.attrib.get(k) == v for k, v in match.items()):
            found.add(tuple(int(x) for x in e.attrib[attribute].split(",")))
    return found


def forts_of(board):
    """The forts of the text board (rows of '.', 'X' and 'R')."""
    rows = [line for line in board if line and set(line) <= {".", "X", "R"}]
    return {(r, c) for r, row in enumerate(rows) for c, mark in enumerate(row) if mark == "X"}


def main(arena, work):
    page = replay_browser.Page(arena, work)
    replay = page.replay(CONFIG, game=2)
    assert replay["apart"], "rooks variants play apart: the page shows one at a time"
    for variant in replay["variants"]:
        steps = [s for s in replay["steps"] if s["variant"] == variant]
        start, end = page.step([0, "last"], click=f'#variant-switch button[data-variant="{variant}"]')
        assert start["counter"] == f"move 0 of {len(steps)}", start["counter"]
        assert end["counter"] == f"move {len(steps)} of {len(steps)}", end["counter"]
        forts = forts_of(replay["start"])
        assert forts, "the text board shows no fort: the test reads it wrong"
        for shot in (start, end):
            assert cells(shot["svg"], "data-cell", **{"data-kind": "fort"}) == forts, variant
        assert cells(start["svg"], "data-rook") == set(), "rooks drawn before the placement"
        placed = {tuple(cell) for cell in steps[-1]["move"]["rooks"]}
        assert cells(end["svg"], "data-rook") == placed, f"{variant}: drawn rooks are not the record's"
        clashing = cells(end["svg"], "data-rook", **{"data-clash": "1"})
        assert bool(clashing) != steps[-1]["move"]["legal"], f"{variant}: clashes drawn wrongly"
        print(f"{variant}: {len(forts)} forts, {len(placed)} rooks drawn as recorded")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
