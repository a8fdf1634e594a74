#!/usr/bin/env python3
"""Go Fish: exact recall of the public history.

From the history it knows who holds a rank (they asked for it, received it,
or showed it on a lucky draw) and who lacks it (they were asked for it, or it
is booked; forgotten when they draw a hidden card). It asks a known holder of
a rank it holds (the rank it holds most of), else the rank it holds most of
from a player not known to lack it, else any legal ask; ties at random.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import arena_bot  # noqa: E402


def knowledge(view):
    holds, lacks = set(), set()
    for event in view["history"]:
        kind, player = event["kind"], event["player"]
        if kind == "ask":
            holds.add((player, event["rank"]))
            lacks.discard((player, event["rank"]))
            holds.discard((event["target"], event["rank"]))
            lacks.add((event["target"], event["rank"]))
        elif kind == "draw":
            if event["rank"] is None:
                lacks = {(p, r) for p, r in lacks if p != player}
            else:
                holds.add((player, event["rank"]))
        elif kind == "book":
            for p in range(view["players"]):
                holds.discard((p, event["rank"]))
                lacks.add((p, event["rank"]))
    return holds, lacks


def decide(view, rng):
    holds, lacks = knowledge(view)
    mine = [(count, rank) for rank, count in enumerate(view["hand"]) if count > 0]
    targets = view["targets"]
    for choose in (lambda p, r: (p, r) in holds, lambda p, r: (p, r) not in lacks,
                   lambda p, r: True):
        asks = [(count, p, r) for count, r in mine for p in targets if choose(p, r)]
        if asks:
            most = max(a[0] for a in asks)
            _, target, rank = rng.choice([a for a in asks if a[0] == most])
            return {"target": target, "rank": rank}
    raise RuntimeError("no legal ask")


if __name__ == "__main__":
    arena_bot.run(decide, name="go-fish-memory")
