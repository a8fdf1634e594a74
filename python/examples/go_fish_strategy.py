#!/usr/bin/env python3
"""A Go Fish strategy written in Python and played in process against
Arena's built-in strategies.

    PYTHONPATH=build/python python3 python/examples/go_fish_strategy.py [GAMES]

`last_asker` remembers one thing: the last player who asked for each rank
still holds it, unless they were asked for it since. It asks such a player
for a rank it holds (the rank it holds most of), else asks for the rank it
holds most of from a random player. The view is the line protocol's
(docs/protocol.md, Go Fish): the hand as counts per rank, the public
history, the seats it may ask. Results do not depend on --threads: every
python decision runs under the GIL, in game order per worker, from the
seeded `rng`.
GAMES must be a multiple of 6: each deal is played once in each of the 6
seat orders of three players.
"""
import sys

import arena


def last_asker(view, rng):
    hand = view["hand"]
    held = [rank for rank, count in enumerate(hand) if count > 0]
    holder = {}  # rank -> the seat that asked for it last (and has not been asked since)
    for event in view["history"]:
        if event["kind"] == "ask":
            # The asker holds the rank now; a target asked for it holds none of it any more.
            holder[event["rank"]] = event["player"]
        elif event["kind"] == "book":
            holder.pop(event["rank"], None)
    known = [(hand[r], r, holder[r]) for r in held
             if holder.get(r) in view["targets"] and holder[r] != view["me"]]
    if known:
        _, rank, target = max(known)
        return {"target": target, "rank": rank}
    most = max(hand[r] for r in held)
    rank = rng.choice([r for r in held if hand[r] == most])
    return {"target": rng.choice(view["targets"]), "rank": rank}


config = {
    "name": "go-fish-python", "engine": "go-fish", "seed": 7,
    "games": int(sys.argv[1]) if len(sys.argv) > 1 else 2400,
    "rules": {"seats": 3},
    "players": [{"name": "last-asker", "strategy": "python"},
                {"name": "memory", "strategy": "memory"},
                {"name": "random", "strategy": "random"},
                {"name": "counting", "strategy": "counting"}],
}

if __name__ == "__main__":
    results = arena.run(config, players={"last-asker": last_asker}, out="results/go-fish-python")
    print(results)
    me = results.variant("last-asker")
    low, high = me["win_rate_ci95"]
    print(f"last-asker wins {100 * me['win_rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
          f"of its games, {me['decision_latency_ns']['mean'] / 1000:.0f} µs a decision")
    for match in results.matches:
        if match["a"] == "last-asker":
            print(f"  against {match['b']}: score {100 * match['score']:.1f}%, "
                  f"{match['elo']:+.0f} Elo")
