"""The Chinese Checkers replay page in headless Chromium (tests/replay_browser.py):
a two-seat and a three-seat game, stepped with the keyboard. At the start,
the first, a middle and the last move the drawn pieces (data-hole,
data-seat) are the position of the text board that `arena replay --json`
gives for that step, read independently of the drawing: holes are numbered
row by row, left to right, so the n-th character of the text star that is
not a space is hole n. The last move's path is drawn through its holes, an
alphabeta move's panel lists its scores with the others numbered on the board,
and the page logs no console message.

Usage: replay_in_browser_chinese_checkers.py ARENA_EXE WORK_DIR (exit 77: no Chromium)
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_browser  # noqa: E402

TWO_SEATS = """name: cc-two
engine: chinese-checkers
seed: 35
games: 2
rules: {seats: 2, max_plies: 80}
players:
  - {name: alphabeta-2, strategy: alphabeta, params: {depth: 2, tt_mb: 1}}
  - {name: mcts-100, strategy: mcts, params: {iterations: 100}}
"""

THREE_SEATS = """name: cc-three
engine: chinese-checkers
seed: 36
games: 6
rules: {seats: 3, max_plies: 60}
players:
  - {name: greedy, strategy: greedy}
  - {name: minimax-1, strategy: minimax, params: {depth: 1}}
  - {name: alphabeta-2, strategy: alphabeta, params: {depth: 2, tt_mb: 1}}
"""


def text_position(board):
    """{hole: seat} from the text star: digits 1-6 and letters A-F (the piece
    that just moved) are seats 0-5; '.', 'o' and '*' are empty holes."""
    marks = [c for line in board for c in line if c != " "]
    assert len(marks) == 121, "the text star has %d holes" % len(marks)
    position = {}
    for hole, c in enumerate(marks):
        if c in "123456":
            position[hole] = int(c) - 1
        elif c in "ABCDEF":
            position[hole] = ord(c) - ord("A")
    return position


def drawn_position(svg):
    return {int(e.get("data-hole")): int(e.get("data-seat"))
            for e in replay_browser.elements(svg, "data-seat")}


def check_game(page, config, game, name):
    replay = page.replay(config, game, name=name)
    steps = replay["steps"]
    n = len(steps)
    assert n >= 10, "%s: a game of %d steps is too short to test" % (name, n)
    seats = len(replay["seats"])
    # An alphabeta decision, for its explanation.
    explained = next(k + 1 for k, s in enumerate(steps)
                     if s["variant"] == "alphabeta-2" and s.get("explain", {}).get("scores"))
    positions = [0, 1, n // 2, explained, "last"]
    shots = page.step(positions)
    for p, shot in zip(positions, shots):
        k = n if p == "last" else p
        board = replay["start"] if k == 0 else steps[k - 1]["board"]
        assert shot["counter"] == "move %d of %d" % (k, n), (p, shot["counter"])
        want = text_position(board)
        got = drawn_position(shot["svg"])
        assert got == want, "%s at move %d: drawn %s, text %s" % (name, k, got, want)
        assert len(got) == 10 * seats, (name, k, len(got))
        assert text_position(shot["board"].split("\n")) == want, (name, k)

    last = steps[-1]["move"]
    if "path" in last:
        paths = [e.get("data-path") for e in shots[-1]["svg"].iter()
                 if e.get("class") == "move-path"]
        assert paths == [" ".join(str(h) for h in last["path"])], (name, paths, last)
        landed = [e for e in replay_browser.elements(shots[-1]["svg"], "data-seat")
                  if int(e.get("data-hole")) == last["to"]]
        assert landed and int(landed[0].get("data-seat")) == last["seat"], (name, last)

    why = shots[positions.index(explained)]
    scores = steps[explained - 1]["explain"]["scores"]
    assert why["why"].count('class="scored"') == len(scores), why["why"]
    assert "alphabeta, depth 2" in why["why"], why["why"]
    alternatives = [e for e in why["svg"].iter() if e.get("class") == "alternative"]
    assert len(alternatives) == len(scores) - 1, (len(alternatives), scores)
    print("%s game %d: %d steps, %d seats; moves 0, 1, %d, %d and %d drawn as the text says"
          % (name, game, n, seats, n // 2, explained, n))


def main():
    arena, work = sys.argv[1], sys.argv[2]
    page = replay_browser.Page(arena, work)
    check_game(page, TWO_SEATS, 1, "two")
    check_game(page, THREE_SEATS, 2, "three")


if __name__ == "__main__":
    main()
