"""The Go Fish replay page in headless Chromium (tests/replay_browser.py): a
game at a two-seat table (configs/gofish-round-robin.yaml) and one at a
four-seat table (configs/gofish-strategies-4p.yaml), a few games each,
stepped with the keyboard. At the start, the first, a middle and the last
move the drawn cards of each hand (data-card), the books of each seat
(data-book), the stock's count (data-stock) and the seat to move are those of
the text board that `arena replay --json` gives for that step, read
independently of the drawing (its lines "name hand (n): A 3 3 ... books (k):
7 J" and "stock (n): ..."). A memory, belief and counting move each show their
explanation in the side panel, the last step's ask is drawn, and the page logs
no console message.

Usage: replay_in_browser_go_fish.py ARENA_EXE WORK_DIR (exit 77: no Chromium)
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_browser  # noqa: E402

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LETTERS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
EXPLAINING = ("memory", "belief", "counting")


def config(name, games):
    """A shipped config with fewer games."""
    with open(os.path.join(SOURCE, "configs", name)) as f:
        text = f.read()
    return re.sub(r"(?m)^games: \d+$", "games: %d" % games, text)


def text_table(board, seats):
    """{"hands": [sorted letters], "books": [sorted letters], "stock": n,
    "to_move": seat or None} from the text board's lines."""
    table = {"hands": [], "books": [], "stock": None, "to_move": None}
    for line in board:
        stock = re.match(r"^  stock \((\d+)\):", line)
        if stock:
            table["stock"] = int(stock.group(1))
            continue
        m = re.match(r"^(> |  )(\S+)\s+hand \(\s*(\d+)\): (.*?)\s+books \((\d+)\): (.*)$", line)
        assert m, "not a seat's line: %r" % line
        assert m.group(2) == seats[len(table["hands"])], (line, seats)
        if m.group(1) == "> ":
            table["to_move"] = len(table["hands"])
        hand = [] if m.group(4) == "-" else m.group(4).split()
        books = [] if m.group(6) == "-" else m.group(6).split()
        assert len(hand) == int(m.group(3)) and len(books) == int(m.group(5)), line
        table["hands"].append(sorted(hand))
        table["books"].append(sorted(books))
    assert len(table["hands"]) == len(seats) and table["stock"] is not None, board
    return table


def drawn_table(svg, seats):
    table = {"hands": [[] for _ in seats], "books": [[] for _ in seats], "stock": None,
             "to_move": None}
    for e in replay_browser.elements(svg, "data-card"):
        table["hands"][int(e.get("data-seat"))].append(LETTERS[int(e.get("data-card"))])
    for e in replay_browser.elements(svg, "data-book"):
        table["books"][int(e.get("data-seat"))].append(LETTERS[int(e.get("data-book"))])
    stock = replay_browser.elements(svg, "data-stock")
    assert len(stock) == 1, "one stock is drawn"
    table["stock"] = int(stock[0].get("data-stock"))
    moving = replay_browser.elements(svg, "data-to-move")
    assert len(moving) <= 1
    if moving:
        table["to_move"] = int(moving[0].get("data-seat-row"))
    for key in ("hands", "books"):
        table[key] = [sorted(x) for x in table[key]]
    return table


def check_game(page, config_text, game, name):
    replay = page.replay(config_text, game, name=name)
    steps = replay["steps"]
    seats = replay["seats"]
    n = len(steps)
    assert n >= 10, "%s: a game of %d steps is too short to test" % (name, n)
    # One explained move of each explaining strategy at the table.
    explained = {}
    for k, s in enumerate(steps):
        if s["variant"] in EXPLAINING and s["variant"] not in explained:
            assert s.get("explain", {}).get("knows"), "%s step %d: no explanation" % (name, k + 1)
            explained[s["variant"]] = k + 1
    assert explained, "%s: no memory, belief or counting move" % name
    positions = [0, 1, n // 2, "last"] + sorted(explained.values())
    shots = page.step(positions)
    for p, shot in zip(positions, shots):
        k = n if p == "last" else p
        board = replay["start"] if k == 0 else steps[k - 1]["board"]
        assert shot["counter"] == "move %d of %d" % (k, n), (p, shot["counter"])
        want = text_table(board, seats)
        got = drawn_table(shot["svg"], seats)
        assert got == want, "%s at move %d: drawn %s, text %s" % (name, k, got, want)
        assert text_table(shot["board"].split("\n"), seats) == want, (name, k)
        svg = [e for e in shot["svg"] if e.tag.split("}")[-1] == "svg"]
        assert len(svg) == 1 and svg[0].get("viewBox"), (name, k)
        if k == 0:
            continue
        step = steps[k - 1]
        if step["move"].get("target") is not None and step["move"].get("legal", True):
            ask = replay_browser.elements(shot["svg"], "data-ask")
            want_ask = "%d-%d-%d" % (step["move"]["seat"], step["move"]["target"],
                                     step["move"]["rank"])
            assert [a.get("data-ask") for a in ask] == [want_ask], (name, k, want_ask)
        if step["variant"] in EXPLAINING:
            why = shot["why"]
            assert "gf-knows" in why and "Why " + step["variant"] in why, (name, k, why)
            marks = replay_browser.elements(shot["svg"], "data-knows")
            assert all(int(m.get("data-seat")) != step["move"]["seat"] for m in marks), (name, k)
    # Every rank reads as English in the step texts.
    for s in steps:
        assert not re.search(r"\ba [AEIOUaeiou8]|\ban (?!11\b)[^AEIOUaeiou8 ]|\b(A|J|Q|K|\d+)s\b", s["text"]), \
            s["text"]
    print("%s: game %d, %d steps, seats %s, explained at %s: ok"
          % (name, game, n, ", ".join(seats), explained))


def main():
    arena, work = sys.argv[1], sys.argv[2]
    page = replay_browser.Page(arena, work)
    # Four games per pair of the five strategies: game 25 is memory and counting.
    check_game(page, config("gofish-round-robin.yaml", 4), 25, "two")
    # The five tables of four in all 24 orders, a table after another: game 30 is
    # random, memory, belief and counting in some order.
    check_game(page, config("gofish-strategies-4p.yaml", 24), 30, "four")
    print("go fish replay pages: ok")


if __name__ == "__main__":
    main()
