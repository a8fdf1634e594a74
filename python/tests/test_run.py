"""arena.run, arena.load and python players (docs/python.md).

Run by ctest (python_api) with PYTHONPATH=build/python, ARENA_EXE (the
arena program) and ARENA_SOURCE_DIR set.
"""
import csv
import gzip
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import arena

SOURCE = Path(os.environ["ARENA_SOURCE_DIR"])
ARENA = os.environ["ARENA_EXE"]
EXAMPLES = SOURCE / "clients" / "python" / "examples"


def cli(*args, cwd=None):
    done = subprocess.run([ARENA, *map(str, args)], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done


def example(name):
    """The decide function of a line-protocol bot of clients/python/examples."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.decide


def test_a_run_is_arena_run_byte_for_byte(tmp_path):
    config = SOURCE / "configs" / "quickstart.yaml"
    cli("run", config, "--games", 300, "--seed", 11, "--threads", 2, "--quiet",
        "--out", tmp_path / "cli")
    results = arena.run(config, games=300, seed=11, threads=2, out=tmp_path / "py")
    for name in ("games.csv", "config.resolved.yaml"):
        assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes()
    assert results.complete and results.dir == tmp_path / "py"
    assert [v["name"] for v in results.variants] == ["seed-ai", "seed-ai-plain", "density",
                                                     "hunt-target", "random"]
    assert sum(v["games"] for v in results.variants) == 5 * 300
    rows = results.games()
    assert len(rows) == 5 * 300
    assert arena.load(tmp_path / "py").summary == results.summary
    assert "density" in results._repr_html_() and "density" in repr(results)


def test_a_dict_config_is_its_yaml(tmp_path):
    config = {"name": "dict", "engine": "go-fish", "games": 60, "seed": 4,
              "players": [{"name": "memory", "strategy": "memory"},
                          {"name": "random", "strategy": "random"},
                          {"name": "belief", "strategy": "belief", "params": {}}]}
    (tmp_path / "dict.yaml").write_text(json.dumps(config))  # JSON is YAML
    cli("run", tmp_path / "dict.yaml", "--quiet", "--out", tmp_path / "cli")
    results = arena.run(config, out=tmp_path / "py")
    assert (tmp_path / "py" / "games.csv").read_bytes() == \
        (tmp_path / "cli" / "games.csv").read_bytes()
    assert {v["name"] for v in results.variants} == {"memory", "random", "belief"}


def test_bad_configs_raise_config_error_naming_the_key_and_keep_earlier_results(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nengine: battleship\nplayers:\n  - {name: a, strategy: densty}\n")
    with pytest.raises(arena.ConfigError) as error:
        arena.run(bad, out=tmp_path / "out")
    message = str(error.value)
    assert f"{bad}:4:" in message and "players[0].strategy" in message
    assert "did you mean 'density'" in message
    assert isinstance(error.value, ValueError)
    # A dict's messages name the key; the results of an earlier run stay as they were.
    good = {"name": "ok", "engine": "battleship", "games": 20,
            "players": [{"name": "a", "strategy": "density"}]}
    arena.run(good, out=tmp_path / "out")
    before = (tmp_path / "out" / "games.csv").read_bytes()
    with pytest.raises(arena.ConfigError, match=r"players\[0\]\.params\.no_such"):
        arena.run({**good, "players": [{"name": "a", "strategy": "density",
                                        "params": {"no_such": 1}}]}, out=tmp_path / "out")
    with pytest.raises(arena.ConfigError, match="games"):
        arena.run(good, games=0, out=tmp_path / "out")
    assert (tmp_path / "out" / "games.csv").read_bytes() == before
    with pytest.raises(FileNotFoundError):
        arena.load(tmp_path / "nowhere")


# The line-protocol examples, played in process: the same decide gets the same
# view and the same seeded generator, so the games are the program's, byte for byte.
EXAMPLE_CONFIGS = [("python-battleship", 300), ("python-chinese-checkers", 40),
                   ("python-go-fish", 120), ("python-rooks", 60)]


def in_process(config_path):
    """The config with its python3 programs as python players (params.function)."""
    yaml = pytest.importorskip("yaml")
    config = yaml.safe_load(Path(config_path).read_text())
    for player in config["players"]:
        params = player.get("params", {})
        command = params.get("command", "")
        if player["strategy"] == "external" and command.startswith("python3 "):
            script = Path(command.split()[1]).stem
            player["strategy"] = "python"
            player["params"] = {k: v for k, v in params.items() if k != "command"}
            player["params"]["function"] = f"{script}:decide"
    return config


@pytest.mark.parametrize("name,games", EXAMPLE_CONFIGS)
def test_python_players_play_as_their_programs_do_in_every_engine(tmp_path, name, games,
                                                                  monkeypatch):
    config_path = SOURCE / "configs" / f"{name}.yaml"
    cli("run", config_path, "--games", games, "--threads", 2, "--quiet",
        "--out", tmp_path / "program")
    monkeypatch.syspath_prepend(str(EXAMPLES))
    config = in_process(config_path)
    assert any(p["strategy"] == "python" for p in config["players"])
    one = arena.run(config, games=games, threads=1, out=tmp_path / "one")
    arena.run(config, games=games, threads=2, out=tmp_path / "two")
    program = (tmp_path / "program" / "games.csv").read_bytes()
    assert (tmp_path / "one" / "games.csv").read_bytes() == program
    assert (tmp_path / "two" / "games.csv").read_bytes() == program
    assert all(sum(v["forfeits"].values()) == 0 for v in one.variants)
    # As for the programs: a Python function's moves are its own, not the seed's.
    assert one.summary["deterministic"] is False
    program_summary = json.loads((tmp_path / "program" / "summary.json").read_text())
    assert program_summary["deterministic"] is False


def moves_lines(folder):
    with gzip.open(folder / "moves.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@pytest.mark.parametrize("name,games", [(n, g // 4) for n, g in EXAMPLE_CONFIGS])
def test_a_python_players_games_are_recorded_by_default_and_replay(tmp_path, name, games,
                                                                   monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLES))
    config = in_process(SOURCE / "configs" / f"{name}.yaml")
    assert "output" not in config  # the default, output.moves: forfeits
    python_players = [p["name"] for p in config["players"] if p["strategy"] == "python"]
    results = arena.run(config, games=games, threads=2, out=tmp_path / "out")
    # Every game a Python function played is recorded, as an external program's would be.
    names = results.names
    with open(tmp_path / "out" / "games.csv", newline="") as f:
        played = {int(row["game"]) for row in csv.DictReader(f)
                  if row["variant"] in python_players}
    recorded = {line["game"] for line in moves_lines(tmp_path / "out")
                if any(names[v] in python_players for v in line["seats"])}
    assert played and played <= recorded
    # summary.json says why the results may not follow from the seed, naming the players.
    assert results.summary["deterministic"] is False
    reason = results.summary["nondeterminism"]
    assert "Python functions" in reason and all(p in reason for p in python_players)
    # The games the report offers to replay (arena replay DIR --game N) replay from the record.
    notable = {g["game"] for v in results.variants
               for g in (v["notable_games"].get("best"), v["notable_games"].get("worst")) if g}
    for game in sorted(notable | {min(played), max(played)}):
        shown = json.loads(cli("replay", tmp_path / "out", "--game", game, "--json").stdout)
        assert shown["source"] == ("record" if game in played else "seed"), game
        assert shown["games_csv"] == "matches", game


def battleship(*players):
    return {"name": "faults", "engine": "battleship", "games": 50, "seed": 2,
            "players": [{"name": n, "strategy": "python"} for n in players] +
                       [{"name": "random", "strategy": "random"}]}


def test_a_python_player_that_fails_forfeits_its_games_and_the_run_completes(tmp_path):
    decide = example("battleship_random")

    def raises(view, rng):
        if view["shots"] == 3:
            raise RuntimeError("out of ideas")
        return decide(view, rng)

    def off_board(view, rng):
        return {"row": 10, "col": 0}

    def not_a_dict(view, rng):
        return (0, 0)

    def not_json(view, rng):
        return {"row": object(), "col": 0}

    results = arena.run(battleship("raises", "off-board", "not-a-dict", "not-json", "fine"),
                        out=tmp_path / "out",
                        players={"raises": raises, "off-board": off_board,
                                 "not-a-dict": not_a_dict, "not-json": not_json, "fine": decide})
    forfeits = {v["name"]: {k: n for k, n in v["forfeits"].items() if n} for v in results.variants}
    assert forfeits == {"raises": {"threw": 50}, "off-board": {"illegal-move": 50},
                        "not-a-dict": {"protocol-error": 50}, "not-json": {"protocol-error": 50},
                        "fine": {}, "random": {}}
    assert results.complete


def test_a_python_player_needs_its_callable(tmp_path):
    with pytest.raises(arena.ConfigError, match=r"player 'lone' is strategy: python.*"
                                                r"players=\{'lone': decide\}"):
        arena.run(battleship("lone"), out=tmp_path / "out")
    with pytest.raises(arena.ConfigError, match=r"players=\{'lnoe': \.\.\.\}: the config has "
                                                r"no python player 'lnoe' \(.*'lone'\)"):
        arena.run(battleship("lone"), out=tmp_path / "out", players={"lnoe": print})
    with pytest.raises(TypeError, match=r"must take \(view, rng\)"):
        arena.run(battleship("lone"), out=tmp_path / "out", players={"lone": lambda view: {}})
    with pytest.raises(arena.ConfigError, match="no_module_here"):
        config = battleship("lone")
        config["players"][0]["params"] = {"function": "no_module_here:decide"}
        arena.run(config, out=tmp_path / "out")
    with pytest.raises(TypeError, match="callable"):
        arena.run(battleship("lone"), out=tmp_path / "out", players={"lone": 3})
    # The CLI cannot play it, and says where it can be played.
    (tmp_path / "c.yaml").write_text(json.dumps(battleship("lone")))
    done = subprocess.run([ARENA, "run", tmp_path / "c.yaml", "--out", tmp_path / "cli"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "arena.run(config, players=" in done.stderr


def test_a_session_carries_the_players_params_and_the_game(tmp_path):
    seen = []

    def decide(view, rng, session):
        seen.append((session.params["aim"], session.game["seat"], session.engine))
        session.memory.setdefault("decisions", 0)
        session.memory["decisions"] += 1
        return {"row": session.memory["decisions"] // 10 % 10,
                "col": session.memory["decisions"] % 10}

    config = battleship("aimed")
    config["players"][0]["params"] = {"aim": "rows"}
    results = arena.run(config, out=tmp_path / "out", players={"aimed": decide})
    assert seen and all(s == ("rows", 0, "battleship") for s in seen)
    assert results.variant("aimed")["metrics"]["shots"]["max"] <= 100


LONG = {"name": "long", "engine": "battleship", "games": 6000, "seed": 9,
        "players": [{"name": "density", "strategy": "density"},
                    {"name": "py", "strategy": "python"}]}
INTERRUPTED = """
import arena, json, sys
config = json.loads(sys.argv[1])
def fire(view, rng):
    cells = [(r, c) for r, row in enumerate(view["grid"]) for c, m in enumerate(row) if m == "."]
    r, c = rng.choice(cells)
    return {"row": r, "col": c}
arena.run(config, threads=2, out=sys.argv[2], players={"py": fire}, resume=len(sys.argv) > 3)
print("finished")
"""


def test_ctrl_c_raises_keyboard_interrupt_and_resume_completes_the_run(tmp_path):
    script = tmp_path / "long.py"
    script.write_text(INTERRUPTED)
    config = json.dumps(LONG)
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    run = subprocess.Popen([sys.executable, script, config, out], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, env=env)
    staging = out.parent / f".{out.name}.partial"  # where an unfinished run's files are
    deadline = time.monotonic() + 60
    while not (staging / "games.csv").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    run.send_signal(signal.SIGINT)
    time.sleep(0.05)
    run.send_signal(signal.SIGINT)  # a second Ctrl-C does not end the interpreter at once
    stdout, stderr = run.communicate(timeout=120)
    assert "finished" not in stdout, "the run ended before the signal: make it longer"
    assert "Traceback" in stderr and "KeyboardInterrupt" in stderr and "resume=True" in stderr
    assert run.returncode != 0
    assert any(staging.glob("checkpoint*"))
    summary = json.loads((staging / "summary.json").read_text())
    assert summary["complete"] is False
    # Without resume=True the checkpoint is not overwritten, and the message says so in Python's words.
    with pytest.raises(arena.ConfigError, match="pass resume=True"):
        arena.run(LONG, out=out, players={"py": lambda view, rng: {}})
    resumed = subprocess.run([sys.executable, script, config, out, "resume"], capture_output=True,
                             text=True, env=env, timeout=300)
    assert resumed.returncode == 0 and "finished" in resumed.stdout, resumed.stderr
    whole = subprocess.run([sys.executable, script, config, tmp_path / "whole"], capture_output=True,
                           text=True, env=env, timeout=300)
    assert whole.returncode == 0, whole.stderr
    assert (out / "games.csv").read_bytes() == (tmp_path / "whole" / "games.csv").read_bytes()


def test_a_python_players_recorded_games_replay_in_the_cli(tmp_path):
    config = battleship("mine")
    config["output"] = {"moves": "all"}
    arena.run(config, out=tmp_path / "out", players={"mine": example("battleship_random")})
    shown = cli("replay", tmp_path / "out", "--game", 7, "--variant", "mine")
    assert "mine" in shown.stdout
    config["output"] = {"moves": "none"}
    arena.run(config, out=tmp_path / "none", players={"mine": example("battleship_random")})
    refused = subprocess.run([ARENA, "replay", tmp_path / "none", "--game", "7"],
                             capture_output=True, text=True)
    assert refused.returncode != 0 and "a Python function" in refused.stderr


ENGINES = [("battleship", "random", 20), ("chinese-checkers", "greedy", 12),
           ("go-fish", "random", 24), ("rooks", "random-greedy", 20)]


@pytest.mark.parametrize("engine,builtin,games", ENGINES)
def test_python_faults_forfeit_in_every_engine(tmp_path, engine, builtin, games, capfd):
    def raises(view, rng):
        raise KeyError("no such cell")

    def nonsense(view, rng):
        return {"nonsense": 1}

    config = {"name": "faults", "engine": engine, "games": games, "seed": 3,
              "players": [{"name": "raises", "strategy": "python"},
                          {"name": "nonsense", "strategy": "python"},
                          {"name": builtin, "strategy": builtin}]}
    results = arena.run(config, out=tmp_path / "out",
                        players={"raises": raises, "nonsense": nonsense})
    kinds = {v["name"]: {k for k, n in v["forfeits"].items() if n} for v in results.variants}
    assert kinds == {"raises": {"threw"}, "nonsense": {"protocol-error"}, builtin: set()}
    assert results.complete
    # Each kind is told once on stderr, with its reason: the exception, the reply's fault.
    told = capfd.readouterr().err
    assert "raises forfeits (threw): the Python function raised KeyError: 'no such cell'" in told
    assert "nonsense forfeits (protocol-error)" in told


def shown(results):
    """What a notebook shows of Results: its repr and its HTML."""
    return repr(results), results._repr_html_()


def null_free(text):
    return "None" not in text and "nan" not in text.lower().replace("nanoseconds", "")


def test_results_display_every_null_figure_as_a_dash(tmp_path):
    def raises(view, rng):
        raise RuntimeError("no move")

    alone = {"name": "alone", "engine": "battleship", "games": 20, "seed": 1,
             "players": [{"name": "random", "strategy": "random"}]}
    duel = {"name": "duel", "engine": "battleship", "games": 20, "seed": 1, "mode": "duel",
            "players": [{"name": "random", "strategy": "random"},
                        {"name": "density", "strategy": "density"}]}
    forfeits = {"name": "forfeits", "engine": "battleship", "games": 20, "seed": 1,
                "players": [{"name": "raises", "strategy": "python"}]}
    # One variant alone: no contest, so its win rate and interval are null.
    one = arena.run(alone, out=tmp_path / "one")
    assert one.variants[0]["win_rate"] is None and one.variants[0]["win_rate_ci95"] is None
    text, html = shown(one)
    assert "win rate      -" in text and "mean rank" in text and null_free(text)
    assert '<td style="text-align:right">-</td>' in html and null_free(html)
    # Two variants: every figure is a number.
    two = arena.run(duel, out=tmp_path / "two")
    text, html = shown(two)
    assert "-" not in text.split("\n", 1)[1] and null_free(text) and null_free(html)
    # Every game forfeited: no metric to average, and no contest.
    lost = arena.run(forfeits, out=tmp_path / "forfeits", players={"raises": raises})
    assert lost.variants[0]["forfeits"]["threw"] == 20
    assert lost.variants[0]["metrics"]["shots"]["count"] == 0
    text, html = shown(lost)
    assert text.rstrip().endswith("shots -") and null_free(text) and null_free(html)
    # Against another variant, every game lost by forfeit: a win rate of 0 with its interval.
    forfeits["players"].append({"name": "random", "strategy": "random"})
    beaten = arena.run(forfeits, out=tmp_path / "beaten", players={"raises": raises})
    text, html = shown(beaten)
    assert "raises" in text and null_free(text) and null_free(html)
    # No game at all (a run interrupted before its first game is read so): every
    # figure of the variants is null or zero and shows as a dash.
    summary = json.loads((tmp_path / "two" / "summary.json").read_text())
    summary.update(games=0, complete=False)
    for v in summary["variants"]:
        v.update(games=0, wins=0, losses=0, draws=0, win_rate=None, win_rate_ci95=None,
                 mean_rank=0, win_share=0, rank_counts=[])
        for m in v["metrics"].values():
            m.update(count=0, mean=0, median=0, p90=0, min=0, max=0, histogram={})
    (tmp_path / "zero").mkdir()
    (tmp_path / "zero" / "summary.json").write_text(json.dumps(summary))
    text, html = shown(arena.load(tmp_path / "zero"))
    assert "0 games (partial)" in text and null_free(text) and null_free(html)
    for line in text.splitlines()[1:]:
        assert line.endswith("win rate      - -  mean rank -  shots -"), line
