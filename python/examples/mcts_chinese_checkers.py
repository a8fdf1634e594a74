"""A Monte Carlo tree search for Chinese Checkers in Python, over arena's states.

    PYTHONPATH=build/python python3 python/examples/mcts_chinese_checkers.py [GAMES]

`decide(view, rng)` searches from the position a protocol view shows
(arena.states.from_view), so it can play as a Python strategy or inside a bot;
main() plays it in process (`strategy: python`, arena.run) against the
built-in `alphabeta` (options: --iterations, --plies, --depth). Random
games rarely finish, so each playout is cut after a few plies and scored
by the progress of the pieces (result()["distance_to_goal"]), UCT's usual trick
for long games.
"""

from __future__ import annotations

import argparse
import math
import random
import tempfile
from pathlib import Path

import arena
from arena.states import from_view

PLAYOUT_PLIES = 4


def score(state, seat: int, start: list[int]) -> float:
    """How much nearer its goal `seat` came than its rivals, squashed to (0, 1)."""
    now = state.result()["distance_to_goal"]
    mine = start[seat] - now[seat]
    theirs = max(start[s] - now[s] for s in range(len(now)) if s != seat)
    return 1 / (1 + math.exp(-(mine - theirs) / 1.5))


class Node:
    __slots__ = ("move", "untried", "children", "visits", "value", "seat")

    def __init__(self, state, move=None):
        self.move = move
        self.untried = state.legal_moves()
        self.children: list[Node] = []
        self.visits = 0
        self.value = 0.0
        self.seat = state.to_move()  # who chooses among the children


def search(root_state, iterations: int, rng: random.Random):
    """The most visited move after `iterations` UCT iterations."""
    root = Node(root_state)
    start = root_state.result()["distance_to_goal"]
    for _ in range(iterations):
        state, node, path = root_state.clone(), root, [root]
        while not node.untried and node.children:  # select
            log_n = math.log(node.visits)
            node = max(node.children, key=lambda c: c.value / c.visits
                       + 1.4 * math.sqrt(log_n / c.visits))
            state.apply(node.move)
            path.append(node)
        if node.untried:  # expand
            move = node.untried.pop(rng.randrange(len(node.untried)))
            state.apply(move)
            child = Node(state, move)
            node.children.append(child)
            path.append(child)
        for _ in range(PLAYOUT_PLIES):  # play out
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_moves()))
        for parent, child in zip(path, path[1:]):  # back up, for the seat that chose
            child.visits += 1
            child.value += score(state, parent.seat, start)
        root.visits += 1
    return max(root.children, key=lambda c: c.visits).move


def decide(view: dict, rng: random.Random, session=None) -> dict:
    """A protocol move for `view`: as `strategy: python` (the session gives the
    run's rules and the player's `iterations`) or as a bot's decide."""
    rules = dict(session.rules) if session else None
    iterations = int(session.params.get("iterations", 300)) if session else 300
    frm, to = search(from_view("chinese-checkers", view, rules), iterations, rng)
    return {"from": frm, "to": to}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=4, help="games (default 4)")
    parser.add_argument("--iterations", type=int, default=300, help="UCT iterations a move")
    parser.add_argument("--plies", type=int, default=200, help="rules.max_plies (default 200)")
    parser.add_argument("--depth", type=int, default=1, help="alphabeta's depth (default 1)")
    args = parser.parse_args()
    config = {"name": "mcts-example", "engine": "chinese-checkers", "games": args.games,
              "seed": 1, "rules": {"max_plies": args.plies},
              "output": {"games_csv": False, "moves": "none"},
              "players": [{"name": "mcts", "strategy": "python",
                           "params": {"iterations": args.iterations}},
                          {"name": "alphabeta", "strategy": "alphabeta",
                           "params": {"depth": args.depth}}]}
    with tempfile.TemporaryDirectory() as out:
        results = arena.run(config, out=Path(out) / "results", players={"mcts": decide})
    for name in results.names:
        v = results.variant(name)
        print(f"{name:10} wins {v['wins']}, draws {v['draws']}, losses {v['losses']} "
              f"(win rate {v['win_rate']:.2f})")


if __name__ == "__main__":
    main()
