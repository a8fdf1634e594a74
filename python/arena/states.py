"""Game states for search and learning: Arena's own engines, move by move.

    import arena, random
    state = arena.new_game("chinese-checkers", seed=1)
    while not state.is_over():
        state.apply(random.choice(state.legal_moves()))
    state.result()["outcomes"]          # ['draw', 'draw'] after a cut at max_plies

Every state has the same methods (an OpenSpiel-style interface):

    to_move()       the seat to move, -1 once the game is over
    legal_moves()   the legal moves, in the line protocol's form (docs/protocol.md)
    apply(move)     plays one (ValueError, naming why, for an illegal one)
    clone()         an independent copy (also copy.copy / copy.deepcopy)
    view(seat)      the protocol's view: exactly what an external bot is sent
    is_over()       whether the game is over
    result()        a dict: per engine below; final once is_over()
    players()       the number of seats

Chance (Battleship's fleet, Go Fish's deck, a rooks board) is drawn from
`seed` when the game is made: the same seed gives the same game, and the same
moves the same play. Chinese Checkers has no chance.

Per engine:

- ``chinese-checkers``: moves are ``(from, to)`` hole ids (apply also takes
  ``{"from": f, "to": t}``, ``{"index": i}`` or a list); a seat with no legal
  move has the one move ``"pass"``. is_over() includes the cut at
  ``rules.max_plies``. result(): ``over``, ``plies``, ``cut_off``, and per seat
  ``ranks`` (1 best), ``outcomes`` (win/draw/loss), ``scores`` (win share),
  ``finish_ply``, ``pieces_in_goal``, ``distance_to_goal``. Also ``key()`` (a
  Zobrist hash), ``ply()`` and ``str(state)`` (the star).
- ``battleship``: the solo game; moves ``{"row": r, "col": c}`` for the cells not
  yet fired at; result(): ``over``, ``shots``, ``ships_afloat``; ``fleet()`` shows
  the hidden fleet (debugging).
- ``go-fish``: moves ``{"target": t, "rank": r}``; draws and forced turns happen
  inside apply(); view(seat) shows that seat's hand only. result(): ``over``,
  ``books``, ``winners``, per seat ``ranks``/``outcomes``/``scores``, ``turns``,
  ``rounds``, ``truncated``; ``hidden()`` shows every hand and the stock.
- ``rooks``: a rook at a time; moves ``[row, col]`` (open cells no rook attacks);
  over when none is left. result(): ``over``, ``rooks``, ``optimum``, ``gap``,
  ``optimal``.
"""

from __future__ import annotations

from typing import Any, Mapping

from . import _arena

__all__ = ["new_game", "from_view"]


def new_game(
    engine: str,
    rules: Mapping[str, Any] | None = None,
    seed: int = 0,
    players: int | None = None,
):
    """A new game of ``engine`` at its start.

    ``engine``: ``"battleship"``, ``"chinese-checkers"``, ``"go-fish"`` or
    ``"rooks"``. ``rules``: the keys of a config's ``rules:`` section (``arena
    new ENGINE`` lists them; Go Fish's ``preset`` included), None for every
    default; rooks also takes ``board``, a list of rows of ``.`` and ``X`` (with
    ``board_file``, the game's board is number ``seed`` mod the file's count).
    ``seed``: draws the game's chance (fleet, deck, board). ``players``: the
    seats (Chinese Checkers 2, 3, 4 or 6, default ``rules.seats``, 2; Go Fish 2
    to 10, default ``rules.seats`` or 2; 1 in Battleship and rooks).

    Raises ValueError naming the bad key or value, as ``arena run`` would.
    """
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed >= 2**64:
        raise ValueError(f"seed must be an integer from 0 to 2**64 - 1, got {seed!r}")
    return _arena._new_game(engine, _rules_dict(rules), seed, players)


def from_view(engine: str, view: Mapping[str, Any], rules: Mapping[str, Any] | None = None):
    """The position a protocol view shows, as a state to search from.

    For a strategy that gets views (``strategy: python``, or a bot of the line
    protocol): ``from_view("chinese-checkers", view, rules)`` is the position of
    ``view`` with ``view["seat"]`` to move at ``view["ply"]``; pass the game's
    rules (its ``neutral_zones``, ``win`` and ``max_plies``; the seats come from
    the view). Seats already home count as finished at that ply. A view whose
    ``legal`` moves differ from the position's under ``rules`` raises
    ValueError. ``from_view("rooks", view)`` is the board of ``n``/``rows`` with
    the view's ``rooks`` (if any) placed. Battleship and Go Fish hide part of
    the game, so a view is not a state there (ValueError).
    """
    if not isinstance(view, Mapping):
        raise ValueError(f"view: expected a dict (a protocol view), got {type(view).__name__}")
    return _arena._from_view(engine, dict(view), _rules_dict(rules))


def _rules_dict(rules: Mapping[str, Any] | None) -> dict | None:
    """The rules as a dict, or None; ValueError for anything else."""
    if rules is None:
        return None
    if not isinstance(rules, Mapping):
        raise ValueError(f"rules: expected a dict (a config's rules: section), "
                         f"got {type(rules).__name__}")
    return dict(rules)
