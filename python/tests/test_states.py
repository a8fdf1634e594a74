"""Game states (arena.new_game, arena.states.from_view): the rules as the
engines play them, the protocol's moves and views, chance from the seed.

Run: PYTHONPATH=build/python ARENA_EXE=build/arena python3 -m pytest python/tests/test_states.py
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
import textwrap

import pytest

import arena
from arena.states import from_view, new_game

ENGINES = ["battleship", "chinese-checkers", "go-fish", "rooks"]
# Engines whose game is drawn from the seed (Chinese Checkers has no chance).
CHANCE = ["battleship", "go-fish", "rooks"]
# Rules that keep a random game short.
SHORT = {"chinese-checkers": {"max_plies": 200}}


def arena_exe() -> str:
    exe = os.environ.get("ARENA_EXE")
    if not exe or not os.path.exists(exe):
        pytest.skip("ARENA_EXE (the arena program) is not set")
    return exe


def play_random(state, rng: random.Random, limit: int = 100_000) -> int:
    """Random legal moves until the game is over; returns the moves played."""
    played = 0
    while not state.is_over() and played < limit:
        state.apply(rng.choice(state.legal_moves()))
        played += 1
    return played


def perft(state, depth: int) -> int:
    """engines/chinese_checkers/perft.hpp in Python: a pass is a move, a
    finished game contributes 0, the last ply is counted, not played."""
    if depth == 0:
        return 1
    if state.is_over():
        return 0
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = state.clone()
        child.apply(move)
        total += perft(child, depth - 1)
    return total


# --- Chinese Checkers: perft, moves, views ----------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_python_perft_equals_arena_perft_to_depth_4(players):
    out = subprocess.run([arena_exe(), "perft", "chinese-checkers", "--depth", "4",
                          "--players", str(players)],
                         capture_output=True, text=True, check=True).stdout
    expected = {int(line.split()[0]): int(line.split()[1])
                for line in out.splitlines() if line.split() and line.split()[0].isdigit()}
    assert sorted(expected) == [1, 2, 3, 4]
    start = new_game("chinese-checkers", players=players)
    assert {d: perft(start, d) for d in range(1, 5)} == expected


def test_checkers_start_is_the_engines():
    state = new_game("chinese-checkers")
    assert state.to_move() == 0 and state.players() == 2 and not state.is_over()
    moves = state.legal_moves()
    assert all(isinstance(m, tuple) and len(m) == 2 for m in moves)
    assert moves == sorted(moves)  # by origin, then destination
    assert state.view()["legal"] == [list(m) for m in moves]


def test_checkers_moves_in_every_form_play_the_same():
    state = new_game("chinese-checkers")
    frm, to = state.legal_moves()[3]
    forms = [(frm, to), [frm, to], {"from": frm, "to": to},
             {"type": "move", "from": frm, "to": to}, {"index": 3}, {"type": "move", "index": 3}]
    views = []
    for form in forms:
        child = state.clone()
        child.apply(form)
        views.append(child.view(0))
    assert all(v == views[0] for v in views)
    assert views[0]["ply"] == 1 and to in views[0]["pieces"][0] and frm not in views[0]["pieces"][0]


@pytest.mark.parametrize("move, words", [
    ((19, 60), "hole 60 is not reachable from 19"),
    ((65, 54), "seat 1"),
    ((60, 61), "hole 60 is empty"),
    ((19, 20), "occupied"),
    ((19, 200), "no hole 200"),
    ({"index": 14}, "index 14 of a list of 14"),
    ({"from": 19}, "\"from\" and \"to\""),
    ({"type": "pass", "from": 19, "to": 18}, "\"type\""),
    ("pass", "has legal moves"),
    ((19, True), "integer"),
    (42, "(from, to)"),
])
def test_checkers_illegal_moves_raise_value_error_saying_why(move, words):
    state = new_game("chinese-checkers")
    with pytest.raises(ValueError, match="illegal move") as raised:
        state.apply(move)
    assert words in str(raised.value)
    assert state.view() == new_game("chinese-checkers").view()  # nothing was played


def neutral_position():
    """A 3-seat position (its view without `legal`) where seat to move has a
    move into a neutral triangle, and that move."""
    state = new_game("chinese-checkers", players=3)
    rng = random.Random(7)
    while True:
        view = {k: v for k, v in state.view().items() if k != "legal"}
        strict = from_view("chinese-checkers", view, rules={"neutral_zones": "forbidden"})
        banned = set(state.legal_moves()) - set(strict.legal_moves())
        if banned:
            return view, min(banned)
        state.apply(rng.choice(state.legal_moves()))


def test_checkers_forbidden_neutral_zones_are_named():
    view, banned = neutral_position()
    state = from_view("chinese-checkers", view, rules={"neutral_zones": "forbidden"})
    with pytest.raises(ValueError, match="neutral triangle"):
        state.apply(banned)
    from_view("chinese-checkers", view).apply(banned)  # allowed by default


def test_checkers_game_reaches_the_cut_or_a_finish():
    state = new_game("chinese-checkers", rules={"max_plies": 150})
    assert play_random(state, random.Random(3)) == 150
    assert state.is_over() and state.to_move() == -1 and state.legal_moves() == []
    result = state.result()
    assert result["over"] and result["cut_off"] and result["plies"] == 150
    assert result["outcomes"] == ["draw", "draw"] and result["scores"] == [0.5, 0.5]
    with pytest.raises(ValueError, match="game is over"):
        state.apply((0, 1))


def test_checkers_finish_ends_the_game_and_ranks_the_finisher():
    home0, home1 = new_game("chinese-checkers").view()["pieces"]
    others = sorted(home0)[:-1] + [60]  # seat 1 off its goal (seat 0's home)
    # Seat 0 nine pieces home in its goal (seat 1's home) and one a move away.
    for missing in home1:
        for hole in range(121):
            if hole in home1 or hole in others:
                continue
            mine = [h for h in home1 if h != missing] + [hole]
            view = {"seat": 0, "players": 2, "ply": 40, "pieces": [mine, others]}
            state = from_view("chinese-checkers", view)
            if (hole, missing) in state.legal_moves():
                state.apply((hole, missing))
                result = state.result()
                assert state.is_over() and not result["cut_off"] and result["plies"] == 41
                assert result["outcomes"] == ["win", "loss"] and result["scores"] == [1.0, 0.0]
                assert result["finish_ply"] == [41, -1] and result["pieces_in_goal"][0] == 10
                return
    pytest.fail("no position one move from home found")


def test_checkers_a_seat_without_moves_passes():
    # Three seats: seat 0's last piece at the tip of its home, seat 1 on the
    # rest of that triangle (nobody's goal at this table): seat 0 cannot move.
    start = new_game("chinese-checkers", players=3).view()
    home0 = start["pieces"][0]
    for tip in home0:
        pieces = [[tip], [h for h in home0 if h != tip], start["pieces"][2]]
        state = from_view("chinese-checkers", {"seat": 0, "players": 3, "pieces": pieces})
        if state.legal_moves() == ["pass"]:
            break
    else:
        pytest.fail("no boxed-in tip found")
    assert state.view()["legal"] == []  # the protocol sends no decide
    with pytest.raises(ValueError, match="must pass"):
        state.apply((tip, 60))
    assert perft(state, 1) == 1
    state.apply("pass")
    assert state.to_move() == 1 and state.view(1)["ply"] == 1
    with pytest.raises(ValueError, match="has legal moves"):
        state.apply("pass")


def test_checkers_players_and_rules_keys():
    assert new_game("chinese-checkers", rules={"seats": 4}).players() == 4
    assert new_game("chinese-checkers", players=6).players() == 6
    with pytest.raises(ValueError, match="disagree"):
        new_game("chinese-checkers", rules={"seats": 4}, players=3)
    with pytest.raises(ValueError, match="2, 3, 4 or 6"):
        new_game("chinese-checkers", players=5)
    with pytest.raises(ValueError, match="rules.*seatz.*did you mean 'seats'"):
        new_game("chinese-checkers", rules={"seatz": 3})
    with pytest.raises(ValueError, match="rules.win"):
        new_game("chinese-checkers", rules={"win": "first-home"})


def test_checkers_from_view_rebuilds_the_position():
    state = new_game("chinese-checkers", rules={"max_plies": 300})
    rng = random.Random(11)
    for _ in range(60):
        state.apply(rng.choice(state.legal_moves()))
    view = state.view()
    rebuilt = from_view("chinese-checkers", view, rules={"max_plies": 300})
    assert rebuilt.view() == view and rebuilt.key() == state.key()
    assert perft(rebuilt, 2) == perft(state, 2)
    # Rules under which the view's legal moves cannot arise are refused.
    view, _ = neutral_position()
    full = from_view("chinese-checkers", view).view()  # with its legal moves
    with pytest.raises(ValueError, match="legal"):
        from_view("chinese-checkers", full, rules={"neutral_zones": "forbidden"})
    with pytest.raises(ValueError, match="pieces"):
        from_view("chinese-checkers", {"seat": 0, "players": 2, "pieces": [[1]]})


# --- Every engine: the interface's promises ----------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_same_seed_same_game(engine):
    a = new_game(engine, SHORT.get(engine), seed=7)
    b = new_game(engine, SHORT.get(engine), seed=7)
    assert a.view(0) == b.view(0)
    ra, rb = random.Random(1), random.Random(1)
    for _ in range(40):
        if a.is_over():
            break
        ma, mb = ra.choice(a.legal_moves()), rb.choice(b.legal_moves())
        assert ma == mb
        a.apply(ma)
        b.apply(mb)
        assert a.view(0) == b.view(0) and a.to_move() == b.to_move()
    assert a.result() == b.result()


@pytest.mark.parametrize("engine", CHANCE)
def test_other_seeds_other_games(engine):
    def chance(seed):
        state = new_game(engine, seed=seed)
        if engine == "battleship":
            return state.fleet()
        if engine == "go-fish":
            return state.hidden()
        return state.view()["rows"]
    drawn = [chance(seed) for seed in range(6)]
    assert all(d != drawn[0] for d in drawn[1:])


@pytest.mark.parametrize("engine", ENGINES)
def test_every_legal_move_applies(engine):
    state = new_game(engine, SHORT.get(engine), seed=2)
    rng = random.Random(2)
    for _ in range(15):
        if state.is_over():
            break
        for move in state.legal_moves():
            state.clone().apply(move)
        state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("engine", ENGINES)
def test_clone_is_independent(engine):
    state = new_game(engine, SHORT.get(engine), seed=4)
    before = (state.view(0), state.legal_moves(), state.to_move(), state.result())
    for twin in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        play_random(twin, random.Random(9), limit=30)
        assert twin.view(0) != before[0]
    assert (state.view(0), state.legal_moves(), state.to_move(), state.result()) == before


@pytest.mark.parametrize("engine", ENGINES)
def test_random_playout_ends_with_a_sensible_result(engine):
    state = new_game(engine, SHORT.get(engine), seed=5)
    played = play_random(state, random.Random(5))
    assert state.is_over() and state.to_move() == -1 and state.legal_moves() == []
    result = state.result()
    assert result["over"]
    if engine == "battleship":
        assert result["ships_afloat"] == 0 and 17 <= result["shots"] == played <= 100
        assert all(ch in ".o#" for row in state.view(0)["grid"] for ch in row)
        assert state.view(0)["afloat"] == []
    elif engine == "go-fish":
        assert sum(result["books"]) == 13 and not result["truncated"]
        best = max(result["books"])
        assert result["winners"] == [s for s, b in enumerate(result["books"]) if b == best]
        assert sum(result["scores"]) == pytest.approx(1.0)
    elif engine == "rooks":
        assert result["rooks"] == played and 0 <= result["gap"] <= result["rooks"]
        assert result["optimal"] == (result["gap"] == 0)
    else:
        assert result["plies"] == played == 200 and result["cut_off"]


@pytest.mark.parametrize("engine, move", [
    ("battleship", {"row": 10, "col": 0}),
    ("battleship", (0, -1)),
    ("battleship", {"row": 1}),
    ("go-fish", {"target": 0, "rank": 0}),
    ("go-fish", {"target": 5, "rank": 0}),
    ("go-fish", (1, 99)),
    ("rooks", [8, 0]),
    ("rooks", "a1"),
])
def test_illegal_moves_raise_value_error(engine, move):
    state = new_game(engine, seed=1)
    before = state.view(0)
    with pytest.raises(ValueError, match="illegal move"):
        state.apply(move)
    assert state.view(0) == before


def test_battleship_refuses_a_cell_already_fired_at():
    state = new_game("battleship", seed=1)
    state.apply({"type": "move", "row": 2, "col": 3})
    assert {"row": 2, "col": 3} not in state.legal_moves() and len(state.legal_moves()) == 99
    with pytest.raises(ValueError, match="already fired at"):
        state.apply((2, 3))


def test_battleship_view_follows_the_shots():
    state = new_game("battleship", {"size": 6, "fleet": {"boat": 2}}, seed=3)
    (ship,) = state.fleet()
    (r0, c0), (r1, c1) = ship["cells"]
    state.apply((r0, c0))
    assert state.view(0)["grid"][r0][c0] == "x" and state.view(0)["afloat"] == ["boat"]
    state.apply((r1, c1))
    view = state.view(0)
    assert view["grid"][r0][c0] == view["grid"][r1][c1] == "#"
    assert view == {"grid": view["grid"], "afloat": [], "shots": 2} and state.is_over()


def test_go_fish_hides_other_hands_and_follows_the_rules():
    state = new_game("go-fish", {"preset": "seed"}, seed=8, players=3)
    view = state.view(1)
    assert view["me"] == 1 and view["hand"] == state.hidden()["hands"][1]
    assert view["hand_sizes"] == [5, 5, 5] and view["stock"] == 52 - 15
    assert all(m["target"] != state.to_move() for m in state.legal_moves())
    with pytest.raises(ValueError, match="preset"):
        new_game("go-fish", {"preset": "fast"})
    with pytest.raises(ValueError, match="disagree"):
        new_game("go-fish", {"seats": 3}, players=4)
    assert new_game("go-fish", {"seats": 4}).players() == 4


def test_rooks_moves_and_board_rows():
    state = new_game("rooks", {"board": ["..X", "...", "X.."]})
    assert state.view(0) == {"n": 3, "rows": ["..X", "...", "X.."], "rooks": []}
    state.apply([0, 0])
    with pytest.raises(ValueError, match=r"the rook at \[0, 0\] attacks it"):
        state.apply({"row": 1, "col": 0})
    with pytest.raises(ValueError, match="fort"):
        state.apply((0, 2))
    assert [1, 1] in state.legal_moves() and [0, 1] not in state.legal_moves()
    play_random(state, random.Random(1))
    assert state.result()["optimum"] == 3
    assert from_view("rooks", state.view(0)).view(0) == state.view(0)
    with pytest.raises(ValueError, match="rules.n"):
        new_game("rooks", {"n": [4, 5]})
    with pytest.raises(ValueError, match="fort_density"):
        new_game("rooks", {"fort_density": 2})


def test_unknown_engine_and_bad_arguments():
    with pytest.raises(ValueError, match="unknown engine 'go_fish'.*did you mean 'go-fish'"):
        new_game("go_fish")
    with pytest.raises(ValueError, match="seed"):
        new_game("rooks", seed=-1)
    with pytest.raises(ValueError, match="players"):
        new_game("battleship", players=2)
    with pytest.raises(ValueError, match="hides"):
        from_view("go-fish", new_game("go-fish").view(0))
    assert arena.new_game is new_game


# --- Views as docs/protocol.md lists them and as a bot receives them ---------


def protocol_view_fields(engine_title: str) -> set[str]:
    """The fields of an engine's view table in docs/protocol.md."""
    from pathlib import Path
    root = Path(os.environ.get("ARENA_SOURCE_DIR") or Path(__file__).resolve().parents[2])
    text = (root / "docs" / "protocol.md").read_text()
    section = text.split(f"\n### {engine_title}\n", 1)[1].split("\n##", 1)[0]
    fields = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first_cell = line.split("|")[1]
            fields |= set(first_cell.replace("`", " ").replace(",", " ").split())
    return fields


@pytest.mark.parametrize("engine, title, extra", [
    ("battleship", "Battleship", set()),
    ("go-fish", "Go Fish", set()),
    ("chinese-checkers", "Chinese Checkers", set()),
    ("rooks", "Rooks", {"rooks"}),  # the rooks placed so far: the state's own addition
])
def test_views_have_the_protocols_fields(engine, title, extra):
    fields = protocol_view_fields(title)
    assert fields  # the table was found
    assert set(new_game(engine, seed=1).view(0)) == fields | extra



LOGGING_BOT = textwrap.dedent("""
    import json, random, sys
    log = open(sys.argv[1], "a")
    rng = random.Random(0)
    for line in sys.stdin:
        m = json.loads(line)
        if m["type"] == "hello":
            print(json.dumps({"type": "hello", "name": "log", "protocol": 2}), flush=True)
        elif m["type"] == "decide":
            v = m["view"]
            if "legal" in v:
                move = {"index": rng.randrange(len(v["legal"]))}
            elif "grid" in v:
                cells = [(r, c) for r, row in enumerate(v["grid"])
                         for c, ch in enumerate(row) if ch == "."]
                r, c = rng.choice(cells)
                move = {"row": r, "col": c}
            else:
                held = [r for r, n in enumerate(v["hand"]) if n]
                move = {"target": rng.choice(v["targets"]), "rank": rng.choice(held)}
            log.write(json.dumps({"view": v, "move": move}) + "\\n")
            log.flush()
            print(json.dumps(dict(move, type="move", id=m["id"])), flush=True)
        elif m["type"] == "over":
            print(json.dumps({"type": "over", "game": m["game"]}), flush=True)
        elif m["type"] == "bye":
            break
""")


def bot_decisions(engine: str, tmp_path) -> list[dict]:
    """The views (and replies) of a logging bot under `arena check-bot`."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    bot, log = tmp_path / "bot.py", tmp_path / "decisions.jsonl"
    bot.write_text(LOGGING_BOT)
    subprocess.run([arena_exe(), "check-bot", engine, "--games", "1", "--", sys.executable,
                    str(bot), str(log)], capture_output=True, text=True, check=True, timeout=120)
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_checkers_views_equal_what_a_bot_receives(tmp_path):
    decisions = bot_decisions("chinese-checkers", tmp_path)
    assert decisions
    for d in decisions:
        view = d["view"]
        # check-bot cuts games at 60 plies (docs/protocol.md).
        state = from_view("chinese-checkers", view, rules={"max_plies": 60})
        assert state.view(view["seat"]) == view
        state.apply(d["move"])  # the bot's reply, as sent, is a legal move here
    # The start position a bot sees in seat 0 is the state's start.
    firsts = [d["view"] for d in decisions if d["view"]["ply"] == 0]
    assert firsts and firsts[0] == new_game("chinese-checkers").view(0)


def test_battleship_and_go_fish_views_have_the_bots_fields(tmp_path):
    for engine in ("battleship", "go-fish"):
        views = [d["view"] for d in bot_decisions(engine, tmp_path / engine[:2])]
        state = new_game(engine, seed=1)
        mine = state.view(0)
        assert views and set(views[0]) == set(mine)
        assert all(type(views[0][k]) is type(mine[k]) for k in mine)
        if engine == "battleship":
            assert views[0] == mine  # nothing fired at yet: the fleet does not show
        else:
            assert views[0]["history"] == [] and views[0]["hand_sizes"] == mine["hand_sizes"]


# --- Search over the states ---------------------------------------------------


def greedy_move(state):
    """One ply of search: the move that leaves the mover's pieces nearest its goal."""
    me = state.to_move()

    def distance(move):
        child = state.clone()
        child.apply(move)
        return child.result()["distance_to_goal"][me]
    return min(state.legal_moves(), key=distance)


def test_a_python_search_beats_random_play():
    state = new_game("chinese-checkers", rules={"max_plies": 120})
    rng = random.Random(1)
    while not state.is_over():
        moves = state.legal_moves()
        state.apply(greedy_move(state) if state.to_move() == 0 else rng.choice(moves))
    result = state.result()
    assert result["distance_to_goal"][0] < result["distance_to_goal"][1] - 10


def test_the_mcts_example_plays_from_the_views_it_is_given():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "examples" / "mcts_chinese_checkers.py"
    spec = importlib.util.spec_from_file_location("mcts_chinese_checkers", path)
    mcts = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mcts)
    state = new_game("chinese-checkers", rules={"max_plies": 80})
    rng = random.Random(2)
    while not state.is_over():
        if state.to_move() == 0:
            move = mcts.decide(state.view(), rng)  # a protocol move, from the view alone
            assert [move["from"], move["to"]] in state.view()["legal"]
            state.apply(move)
        else:
            state.apply(rng.choice(state.legal_moves()))
    result = state.result()
    assert result["distance_to_goal"][0] < result["distance_to_goal"][1]
