"""Arena from Python: run tournaments, play Python strategies in process, and
use Arena's game states for search and learning (docs/python.md).

    import arena
    results = arena.run("configs/quickstart.yaml", games=2000, seed=1)
    results.variants        # per variant: win rate, its interval, metrics, latency
    results.games()         # one row per seat and game (a DataFrame with pandas)

A run here is `arena run`: the same config and seed give the same games.csv,
byte for byte, and the results folder is the same (summary.json, report.html).
"""

from __future__ import annotations

import csv
import gzip
import importlib
import inspect
import json
import math
import os
import re
from pathlib import Path
from typing import Any, Callable, Mapping

from . import _arena
from ._arena import ConfigError

from .states import from_view, new_game  # noqa: F401  (game states, states.py)

ConfigError.__module__ = "arena"  # tracebacks say arena.ConfigError

__all__ = ["run", "load", "Results", "Session", "ConfigError", "new_game", "from_view", "__version__"]
__version__ = _arena.version()

# Where a dict config's messages say its keys are (its YAML has no file).
DICT_CONFIG = "<config dict>"


def run(
    config: str | os.PathLike | Mapping[str, Any],
    *,
    games: int | None = None,
    threads: int | None = None,
    seed: int | None = None,
    out: str | os.PathLike | None = None,
    progress: bool = False,
    players: Mapping[str, Callable | str] | None = None,
    resume: bool = False,
    show: bool = False,
) -> "Results":
    """Plays a config as `arena run` does and returns its Results.

    config   a YAML file's path, or a dict with the YAML's structure.
    games, threads, seed
             override the config's (as --games, --threads, --seed); threads 0
             is every core.
    out      the results folder (default results/<config name>, as the CLI).
    progress the progress bar on stderr (off by default).
    players  the callables of the config's `strategy: python` players, by
             player name, or "module:function" strings to import; a player
             missing here is imported from its params.function. Each is
             called as decide(view, rng[, session]) -> the move's fields (a
             dict), like a line-protocol bot's decide (docs/python.md).
    resume   continue the interrupted run whose checkpoint is in `out`.
    show     also print the CLI's first screen on stdout.

    Raises ConfigError (a ValueError) for a bad config, with the CLI's
    message; KeyboardInterrupt when Ctrl-C stopped the run, which then keeps
    its partial results and a checkpoint (resume=True continues it).
    """
    _check_range("games", games, 1, 2**40)  # as the config's games
    _check_range("threads", threads, 0, 2**16)
    _check_range("seed", seed, 0, 2**64 - 1)
    path, text = _config_source(config)
    name, python_players = _arena.config_outline(path, text)
    callables = _players(players or {}, python_players)
    folder = Path(out) if out is not None else Path("results") / name
    hint = _resume_hint(config)
    try:
        code, _ = _arena.run(path, text, games, threads, seed, str(folder), progress, resume,
                             show, False, callables, hint)
    except ConfigError as error:
        raise ConfigError(_in_python_words(str(error))) from None
    if code == 130:
        raise KeyboardInterrupt(
            f"the run was interrupted; its partial results and checkpoint are kept, and "
            f"arena.run(..., out={str(folder)!r}, resume=True) continues it")
    return Results(folder)


class Session:
    """What a python player's callable gets as its third argument, if it takes
    one (as clients/python/arena_bot.py gives a program's decide):

    hello    the handshake a program would get: engine, mode, rules, variant,
             params (the player's config parameters), board (some engines)
    game     this game's message: game (its index), seat, seats, seed
    memory   a dict for the callable's own use, emptied at each game
    """

    def __init__(self, hello: dict):
        self.hello = hello
        self.game: dict = {}
        self.memory: dict = {}
        self.protocol = 2

    @property
    def engine(self) -> str:
        return self.hello.get("engine")

    @property
    def rules(self) -> dict:
        return self.hello.get("rules", {})

    @property
    def params(self) -> dict:
        return self.hello.get("params", {})

    def _start(self, game: dict) -> None:
        self.game = game
        self.memory = {}


def _takes_session(f) -> bool:
    """Whether a python player's callable takes a third argument (the Session)."""
    try:
        parameters = list(inspect.signature(f).parameters.values())
    except (TypeError, ValueError):
        return False
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 3 or any(p.kind == p.VAR_POSITIONAL for p in parameters)


def load(results_dir: str | os.PathLike) -> "Results":
    """The Results of a finished run (or of a shard merged with `arena merge`)."""
    folder = Path(results_dir)
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder}: not a folder (arena.load reads a run's results folder)")
    if not (folder / "summary.json").is_file():
        raise FileNotFoundError(f"{folder}: no summary.json (not the results folder of a run)")
    return Results(folder)


class Results:
    """A run's results folder read as Python data.

    summary       summary.json as a dict (docs/results.md documents every key)
    variants      per variant: games, wins, win_rate and win_rate_ci95, mean_rank,
                  metrics, decision_latency_ns, forfeits, ...
    matches       per ordered pair: score, Elo and its error, LOS, ...
    ratings       Bradley-Terry and Plackett-Luce tables
    crosstable    score and Elo of every pair, as matrices
    expectations  the published figures of `expect:` and whether the run reproduced each
    complete      False for the partial results of an interrupted run
    """

    def __init__(self, folder: Path):
        self.dir = Path(folder)
        with open(self.dir / "summary.json", encoding="utf-8") as f:
            self.summary: dict = json.load(f)

    @property
    def variants(self) -> list[dict]:
        return self.summary["variants"]

    @property
    def matches(self) -> list[dict]:
        return self.summary.get("matches", [])

    @property
    def ratings(self) -> dict:
        return {"bradley_terry": self.summary.get("ratings"),
                "plackett_luce": self.summary.get("ratings_plackett_luce")}

    @property
    def crosstable(self) -> dict | None:
        return self.summary.get("crosstable")

    @property
    def latency(self) -> dict:
        """Per variant, its decision latency in nanoseconds (count, mean, percentiles)."""
        return {v["name"]: v.get("decision_latency_ns") for v in self.variants}

    @property
    def expectations(self) -> list[dict]:
        return self.summary.get("expectations", [])

    @property
    def reproduced(self) -> bool:
        """Whether every published figure of the config's `expect:` was reproduced."""
        return all(e.get("reproduced") for e in self.expectations)

    @property
    def complete(self) -> bool:
        return bool(self.summary.get("complete"))

    @property
    def report(self) -> Path:
        """The HTML report (open it in a browser)."""
        return self.dir / "report.html"

    def variant(self, name: str) -> dict:
        for v in self.variants:
            if v["name"] == name:
                return v
        raise KeyError(f"no variant {name!r}; variants: {', '.join(self.names)}")

    @property
    def names(self) -> list[str]:
        return [v["name"] for v in self.variants]

    def games(self):
        """games.csv: one row per seat of every game (game, variant, seat,
        rank, outcome, the engine's metrics, forfeit; docs/results.md). A pandas DataFrame when
        pandas is installed, else a list of dicts with numbers as numbers."""
        path = self.dir / "games.csv"
        if not path.exists() and (self.dir / "games.csv.gz").exists():
            path = self.dir / "games.csv.gz"
        if not path.exists():
            raise FileNotFoundError(f"{self.dir}: no games.csv (output.games_csv: false, or "
                                    "the folder was removed)")
        try:
            import pandas
        except ImportError:
            opener = gzip.open if path.suffix == ".gz" else open
            with opener(path, "rt", encoding="utf-8", newline="") as f:
                return [{k: _number(v) for k, v in row.items()} for row in csv.DictReader(f)]
        return pandas.read_csv(path)

    def __repr__(self) -> str:
        lines = [f"Results({str(self.dir)!r}): {self.summary['engine']}, "
                 f"{self.summary['games']} games" + ("" if self.complete else " (partial)")]
        width = max((len(n) for n in self.names), default=0)
        for v in self.variants:
            lines.append(f"  {v['name']:<{width}}  win rate {_pct(v.get('win_rate'))} "
                         f"{_interval(v.get('win_rate_ci95'), '[{}, {}]')}  mean rank "
                         f"{_mean_rank(v)}" + _main_metric(v, self.summary))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from html import escape
        metric = _main_metric_name(self.summary)
        num = '<td style="text-align:right">'
        rows = []
        for v in self.variants:
            mean = _metric_mean(v, metric)
            rows.append(f"<tr><td>{escape(v['name'])}</td><td>{escape(v['strategy'])}</td>"
                        f"{num}{v['games']}</td>{num}{_pct(v.get('win_rate')).strip()}</td>"
                        f"{num}{_interval(v.get('win_rate_ci95'), '{} – {}')}</td>"
                        f"{num}{_mean_rank(v)}</td>"
                        + (f"{num}{_NONE if mean is None else f'{mean:.2f}'}</td>"
                           if metric else "") + "</tr>")
        state = "" if self.complete else " <b>(partial)</b>"
        head = "".join(f"<th>{h}</th>" for h in
                       ["variant", "strategy", "games", "win rate", "95% interval", "mean rank"]
                       + ([f"{escape(metric)} (mean)"] if metric else []))
        return (f"<div><b>{escape(self.summary['name'])}</b>: {escape(self.summary['engine'])}, "
                f"{self.summary['games']} games{state}; report: "
                f"<a href=\"{escape(str(self.report))}\">{escape(str(self.report))}</a>"
                f"<table><tr>{head}</tr>" + "".join(rows) + "</table></div>")


def _check_range(name: str, value, low: int, high: int) -> None:
    """The arguments the CLI's flags check: whole numbers in [low, high]."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise ConfigError(f"{name}: {value} is out of range [{low}, {high}]")


def _players(players: Mapping, python_players: list) -> dict:
    """The callables of the config's python players, checked against them:
    every key names a python player, every python player has a callable
    here or a params.function, and each callable takes (view, rng[, session])."""
    names = [name for name, _ in python_players]
    for key in players:
        if key not in names:
            have = ", ".join(repr(n) for n in names) or "none"
            raise ConfigError(f"players={{{key!r}: ...}}: the config has no python player "
                              f"{key!r} (its strategy: python players: {have})")
    for name, function in python_players:
        if name not in players and not function:
            given = ", ".join(repr(k) for k in players) or "nothing"
            raise ConfigError(f"player {name!r} is strategy: python, and neither players= "
                              f"(which names {given}) nor its params.function gives its "
                              "function: arena.run(config, players={" + repr(name) +
                              ": decide})")
    callables = {name: _callable(name, f) for name, f in players.items()}
    for name, f in callables.items():
        if not _takes_view_and_rng(f):
            raise TypeError(f"players[{name!r}]: {getattr(f, '__name__', f)!r} must take "
                            "(view, rng) or (view, rng, session)")
    return callables


def _takes_view_and_rng(f) -> bool:
    try:
        parameters = list(inspect.signature(f).parameters.values())
    except (TypeError, ValueError):
        return True  # a builtin or extension: it will say so itself
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = [p for p in positional if p.default is p.empty]
    if any(p.kind == p.VAR_POSITIONAL for p in parameters):
        return len(required) <= 3
    return len(positional) >= 2 and len(required) <= 3


def _in_python_words(message: str) -> str:
    """A message of the CLI's run, with its flags as arena.run's arguments."""
    message = message.removeprefix("arena: ")
    message = message.replace("add --resume", "pass resume=True").replace(
        "without --resume", "without resume=True").replace("--resume", "resume=True")
    message = re.sub(r"--(games|seed|threads) (\d+)", r"\1=\2", message)
    message = re.sub(r"--(games|seed|threads)\b", r"\1=", message)
    message = re.sub(r"--out\b", "out=", message)
    return message.replace("leave the flag out", "leave the argument out").replace(
        "the flag", "the argument")


def _config_source(config) -> tuple[str, str | None]:
    if isinstance(config, Mapping):
        return DICT_CONFIG, _yaml_text(config)
    if isinstance(config, (str, os.PathLike)):
        return os.fspath(config), None
    raise TypeError(f"config must be a path or a dict, not {type(config).__name__}")


def _callable(name: str, f) -> Callable:
    if callable(f):
        return f
    if isinstance(f, str) and ":" in f:
        module, _, attr = f.partition(":")
        found: Any = importlib.import_module(module)
        for part in attr.split("."):
            found = getattr(found, part)
        if callable(found):
            return found
    raise TypeError(f"players[{name!r}] must be a callable or 'module:function', not {f!r}")


def _resume_hint(config) -> str:
    """How the interrupted run is continued, for the message the run prints."""
    shown = "config" if isinstance(config, Mapping) else repr(os.fspath(config))
    text = f"arena.run({shown}, out='{{out}}', resume=True)  (Python)"
    return text.replace("{", "{{").replace("}", "}}").replace("{{out}}", "{out}")


def _yaml_text(value, indent: str = "") -> str:
    """A dict config as block-style YAML, one key per line, so that a message
    naming line:column points at the key (JSON scalars are YAML scalars)."""
    if isinstance(value, Mapping):
        if not value:
            return "{}\n"
        out = []
        for key, item in value.items():
            head = f"{indent}{json.dumps(str(key))}:"
            if isinstance(item, (Mapping, list, tuple)) and item:
                out.append(f"{head}\n{_yaml_text(item, indent + '  ')}")
            else:
                out.append(f"{head} {_scalar(item)}\n")
        return "".join(out)
    if isinstance(value, (list, tuple)):
        out = []
        for item in value:
            if isinstance(item, (Mapping, list, tuple)) and item:
                inner = _yaml_text(item, indent + "  ")
                out.append(f"{indent}- {inner[len(indent) + 2:]}")
            else:
                out.append(f"{indent}- {_scalar(item)}\n")
        return "".join(out)
    return f"{indent}{_scalar(value)}\n"


def _scalar(value) -> str:
    if isinstance(value, Mapping):
        return "{}"
    if isinstance(value, (list, tuple)):
        return "[]"
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if math.isnan(value) else (".inf" if value > 0 else "-.inf")
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    return json.dumps(value)


def _number(text: str):
    if text == "":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


# What a figure that summary.json leaves null (unbounded, or of no game) shows as.
_NONE = "-"


def _pct(x) -> str:
    return f"{_NONE:>6}" if x is None else f"{100 * x:5.1f}%"


def _interval(ci, form: str) -> str:
    """A win rate's 95% interval in `form`, or "-" where summary.json has null
    (one variant alone, or no contest: its interval is unbounded)."""
    if not ci or any(x is None for x in ci):
        return _NONE
    return form.format(_pct(ci[0]).strip(), _pct(ci[1]).strip())


def _mean_rank(v: dict) -> str:
    mean = v.get("mean_rank")
    return _NONE if mean is None or not v.get("games") else f"{mean:.2f}"


def _main_metric_name(summary: dict) -> str | None:
    """The engine's first metric (shots, books, ...), the one the first screen shows."""
    metrics = summary.get("metrics") or []
    return metrics[0]["name"] if metrics else None


def _metric_mean(v: dict, name: str | None) -> float | None:
    """The metric's mean over the variant's games, None where it has none (no
    game, or every game forfeited: a forfeited game's metrics are empty)."""
    m = (v.get("metrics") or {}).get(name) if name else None
    return None if not m or not m.get("count") else m.get("mean")


def _main_metric(v: dict, summary: dict) -> str:
    name = _main_metric_name(summary)
    if name is None:
        return ""
    mean = _metric_mean(v, name)
    return f"  {name} {_NONE if mean is None else f'{mean:.2f}'}"
