#!/usr/bin/env python3
"""The drawn Battleship board of `arena replay --html`, stepped in headless
Chromium with the keyboard (tests/replay_browser.py).

A solo game of several variants (density among them): a variant's button in
the switch shows that variant's moves only; a duel, both fleets side by side;
and a solo game on a board of another size and fleet. At the first, a middle
and the last move the SVG's shot marks (the cells of the misses, the hits and
the sunk ships' cells) are the record's (the steps' moves in `arena replay
--json`), the last shot is ringed, the fleet not yet found is drawn as unseen
and revealed at the end; at a density move the heat map's cells (data-heat)
add up to the cells of the ships afloat not hit yet; a bot's explanation texts
(escape sequences, an object, 200,000 characters) shown escaped, as JSON and
cut; no console message.

Usage: replay_in_browser_battleship.py ARENA_EXE WORK_DIR (exit 77 without Chromium).
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_browser  # noqa: E402


def cell_name(row, col):
    return chr(ord("A") + col) + str(row + 1)


def shown_steps(replay, variant):
    """The steps the page steps through with `variant` chosen (None: all)."""
    return [s for s in replay["steps"]
            if variant is None or s["variant"] is None or s["variant"] == variant]


def expected_marks(steps, shooter):
    """{cell name: "miss" | "hit" | "sunk"} of `shooter`'s shots in `steps`."""
    result, ship_of, sunk = {}, {}, set()
    for s in steps:
        move = s["move"]
        if s["variant"] != shooter or "result" not in move:
            continue
        name = move["cell"]
        result.setdefault(name, "miss" if move["result"] == "miss" else "hit")
        if "ship" in move:
            ship_of[name] = move["ship"]
        if move["result"] == "sunk":
            sunk.add(move["ship"])
    return {c: ("sunk" if r == "hit" and ship_of[c] in sunk else r) for c, r in result.items()}


def drawn_boards(svg):
    """Per board (a <g data-board>): its shooter and what is drawn on it."""
    boards = []
    for g in replay_browser.elements(svg, "data-board"):
        boards.append({
            "shooter": g.get("data-shooter"),
            "marks": {e.get("data-cell"): e.get("data-mark")
                      for e in replay_browser.elements(g, "data-mark")},
            "heat": [(e.get("data-cell"), float(e.get("data-heat")))
                     for e in replay_browser.elements(g, "data-heat")],
            "ships": [e.get("data-ship-state") for e in replay_browser.elements(g, "data-ship")],
            "last": [e.get("data-last") for e in replay_browser.elements(g, "data-last")],
            "titles": [t.text for t in g.iter(replay_browser.SVG + "title")],
        })
    return boards


def cells_to_find(steps, board_state, shooter):
    """Cells of the ships afloat not hit yet, after `shooter`'s shots in `steps`."""
    length = {ship["name"]: len(ship["cells"]) for ship in board_state["ships"]}
    hits, sunk = {}, set()
    for s in steps:
        move = s["move"]
        if s["variant"] != shooter or "result" not in move or move["result"] == "miss":
            continue
        if not move["repeated"]:
            hits[move["ship"]] = hits.get(move["ship"], 0) + 1
        if move["result"] == "sunk":
            sunk.add(move["ship"])
    return sum(n - hits.get(name, 0) for name, n in length.items() if name not in sunk)


def check_positions(page, replay, variant, positions, click=None, size=10):
    """Steps the page to `positions` and checks each board against the record."""
    steps = shown_steps(replay, variant)
    shots = page.step(positions, click)
    for position, shot in zip(positions, shots):
        k = len(steps) if position == "last" else position
        where = f"{variant or 'duel'} move {k}"
        assert shot["counter"] == f"move {k} of {len(steps)}", (where, shot["counter"])
        step = steps[k - 1] if k else None
        state = step["state"] if step else replay["start_state"]
        boards = drawn_boards(shot["svg"])
        assert len(boards) == len(state["boards"]), where
        for drawn, board in zip(boards, state["boards"]):
            shooter = board["shooter"]
            assert drawn["shooter"] == (shooter or ""), where
            marks = expected_marks(steps[:k], shooter)
            assert drawn["marks"] == marks, (where, shooter, drawn["marks"], marks)
            # Every cell has its name on hover; the edges have the coordinates.
            assert len(drawn["titles"]) == size * size, where
            assert drawn["titles"][0].startswith("A1: "), where
            assert drawn["titles"][-1].startswith(cell_name(size - 1, size - 1) + ": "), where
            # The last shot on the board, ringed.
            mine = [s for s in steps[:k] if s["variant"] == shooter and "cell" in s["move"]]
            assert drawn["last"] == ([mine[-1]["move"]["cell"]] if mine else []), where
            # The fleet: unseen ships until the end, then none.
            if board["over"]:
                assert "unseen" not in drawn["ships"], where
            elif len(marks) < size * size:
                assert drawn["ships"].count("sunk") + drawn["ships"].count("unseen") == \
                    len(board["ships"]), where
        for letter in "A" + chr(ord("A") + size - 1):
            assert f">{letter}</text>" in shot["svg_text"], (where, letter)
        assert f">{size}</text>" in shot["svg_text"], where
        # The heat map: on the board the step's shot fell on, its cells adding
        # up to the cells of the ships afloat not hit yet before the shot.
        explain = step.get("explain") if step else None
        explained = None
        if explain and "heat" in explain:
            explained = state["active"]
            board = state["boards"][explained]
            expected = cells_to_find(steps[:k - 1], board, board["shooter"])
            total = math.fsum(v for _, v in boards[explained]["heat"])
            assert abs(total - expected) < 1e-9, (where, total, expected)
            positive = sum(1 for row in explain["heat"] for v in row if v > 0)
            assert len(boards[explained]["heat"]) == positive, where
            assert explain["text"][:20] in shot["why"], (where, shot["why"])
            assert "heat map" in shot["why"], where
            check_positions.heat_checked += 1
        for i, other in enumerate(boards):
            assert i == explained or not other["heat"], (where, "a heat map on another board")
    return shots


check_positions.heat_checked = 0


def density_move(replay, variant, shooter):
    """A position (1-based, among the shown steps) of a density shot in target mode
    if there is one, else the first of a density shot with a heat map."""
    steps = shown_steps(replay, variant)
    found = [k + 1 for k, s in enumerate(steps)
             if s["variant"] == shooter and "heat" in s.get("explain", {})]
    assert found, "no density step with a heat map"
    targeting = [k for k in found if steps[k - 1]["explain"]["text"].startswith("targeting")]
    return (targeting or found)[len(targeting or found) // 2]


def main():
    arena, work = sys.argv[1], sys.argv[2]
    page = replay_browser.Page(arena, work)

    # Solo: four variants on the same fleet, one at a time.
    solo = page.replay("""name: solo
engine: battleship
seed: 17
games: 4
players:
  - {name: hunt-target, strategy: hunt-target}
  - {name: density, strategy: density}
  - {name: monte-carlo, strategy: monte-carlo, params: {samples: 40}}
  - {name: random, strategy: random}
""", 2, name="solo")
    assert solo["apart"] is True
    for variant in ("density", "monte-carlo"):
        steps = shown_steps(solo, variant)
        assert all(s["variant"] == variant for s in steps), "a step of another variant shown"
        middle = len(steps) // 2
        heat = density_move(solo, variant, variant)
        click = '#variant-switch button[data-variant="%s"]' % variant
        check_positions(page, solo, variant, [1, middle, heat, "last"], click)
    # Without a click the page shows the first variant.
    check_positions(page, solo, "hunt-target", [1, "last"])

    # Duel: both fleets side by side.
    duel = page.replay("""name: duel
engine: battleship
seed: 21
games: 10
mode: duel
players:
  - {name: density, strategy: density}
  - {name: hunt-target, strategy: hunt-target}
""", 7, name="duel")
    steps = shown_steps(duel, None)
    check_positions(page, duel, None, [1, len(steps) // 2, density_move(duel, None, "density"),
                                      "last"])

    # Another board and fleet, ships kept apart.
    small = page.replay("""name: small
engine: battleship
seed: 5
games: 2
rules: {size: 7, fleet: {boat: 4, raft: 3, canoe: 2, buoy: 1}, touching: forbidden}
players:
  - {name: density, strategy: density}
  - {name: random, strategy: random}
""", 1, name="small")
    steps = shown_steps(small, "density")
    check_positions(page, small, "density", [1, len(steps) // 2,
                                             density_move(small, "density", "density"), "last"],
                    size=7)
    assert check_positions.heat_checked >= 4

    # A bot's explanation as text: escaped, an object shown as JSON, a huge one cut.
    bot = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bots", "explaining_bot.py")
    page.replay("""name: hostile
engine: battleship
seed: 3
games: 1
players:
  - {name: bot, strategy: external, params: {command: "python3 %s hostile"}}
output: {moves: all}
""" % bot, 0, name="hostile")
    escaped, as_json, cut = (shot["why"] for shot in page.step([1, 2, 3]))
    for why in (escaped, as_json, cut):
        assert not any(c in why for c in "\x1b\x00\x07\u202e\n"), why[:300]
        assert "[object Object]" not in why, why[:300]
    assert "\\u{001b}]0;owned\\u{0007}\\u{001b}[2J\\u{202e}A1 gnihton\\u{0000}\\u{000a}99. fake" \
        in escaped, escaped
    assert '{"cell":"' in as_json and '","nested":[1,2]}' in as_json, as_json
    assert "\u2026 (200003 characters)" in cut and len(cut) < 2500, cut[-200:]
    print(f"solo, duel and a 7x7 board drawn as recorded; {check_positions.heat_checked} heat "
          "maps add up to the ship cells left; a bot's texts escaped and cut; no console message")


if __name__ == "__main__":
    main()
