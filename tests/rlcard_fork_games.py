#!/usr/bin/env python3
"""Plays the RLCard fork's own Go Fish code, to check docs/go-fish.md "Published figures".

Not part of the test suite: it needs the fork's source at the commit of its figures,
    git clone https://github.com/MixMasterMitch/rlcard FORK && git -C FORK checkout 5fa264d
and plain Python 3 (no numpy: the three numpy calls the game and the agents make are
stood in for below; the fork's package __init__ files, which import every environment,
are bypassed). One slip of that commit is corrected: GoFishPlayer.remove_cards_of_rank
indexes known_not_hand (keyed by card) by rank, a KeyError at the first ask of a player
holding other ranks; known_not_hand is never read, so the fix changes no decision.

    python3 tests/rlcard_fork_games.py FORK AGENT0 AGENT1 GAMES [FIRST_SEED]

AGENTn is v1, v2 (GoFishRuleAgentV1/V2) or random (a uniform legal action, as RLCard's
RandomAgent) at position n. Prints position 0's win rate and mean payoff (+1 win, -1 loss).
Measured (docs/go-fish.md): `v1 random 50000` 0.5829; `v2 random 20000` 0.3807;
`random v2 20000` 0.4249 (agent 2 at position 1: 57.51%); `random v1 20000` 0.6875;
`v1 v2 10000` 0.3523.
"""
import random as _random
import sys
import types


def _numpy_stand_in():
    np = types.ModuleType("numpy")

    class RandomState:
        def __init__(self, seed=None):
            self._g = _random.Random(seed)

        def shuffle(self, x):
            self._g.shuffle(x)

        def randint(self, n):
            return self._g.randrange(n)

    rnd = types.SimpleNamespace(RandomState=RandomState, _g=_random.Random(0))
    rnd.choice = lambda seq: list(seq)[rnd._g.randrange(len(list(seq)))]
    rnd.seed = rnd._g.seed
    np.random = rnd
    np.array = list
    return np


def _load(fork):
    sys.modules["numpy"] = _numpy_stand_in()
    for name in ("rlcard", "rlcard.games", "rlcard.models"):
        package = types.ModuleType(name)
        package.__path__ = [fork + "/" + name.replace(".", "/")]
        sys.modules[name] = package
    from rlcard.games.base import Card

    utils = types.ModuleType("rlcard.utils")
    utils.init_standard_deck = lambda: [Card(s, r) for s in "SHDC" for r in Card.valid_rank]
    sys.modules["rlcard.utils"] = utils
    from rlcard.games.go_fish import player

    def remove_cards_of_rank(self, rank):  # the fork's, with known_not_hand[card] fixed
        removed = []
        for card in list(self.hand):
            if card.rank == rank:
                self.hand.remove(card)
                del self.known_not_hand[card]
                removed.append(card)
            else:
                self.known_not_hand[card].append(rank)
        if rank in self.known_hand:
            del self.known_hand[rank]
        return removed

    player.GoFishPlayer.remove_cards_of_rank = remove_cards_of_rank
    from rlcard.games.go_fish.game import GoFishGame
    from rlcard.models import go_fish_rule_models as rules

    return GoFishGame, {"v1": rules.GoFishRuleAgentV1, "v2": rules.GoFishRuleAgentV2}


def main():
    fork, names, games = sys.argv[1], sys.argv[2:4], int(sys.argv[4])
    first = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    GoFishGame, agents = _load(fork)
    np = sys.modules["numpy"]
    np.random.seed(first + 7)
    wins = payoff = 0
    for seed in range(first, first + games):
        game = GoFishGame()
        game.np_random = np.random.RandomState(seed)
        game.configure({"game_num_players": 2, "game_debug": False})
        state, pid = game.init_game()
        seats = [None if n == "random" else agents[n]() for n in names]
        while not game.is_over():
            if seats[pid] is None:
                action = np.random.choice(state["legal_actions"])
            else:
                action = seats[pid].step({"raw_legal_actions": state["legal_actions"], "raw_obs": state})
            state, pid = game.step(action)
        p = game.get_payoffs()[0]
        payoff += p
        wins += p == 1
    print(f"{names[0]} at 0 vs {names[1]} at 1: {games} games, position 0 won {wins / games:.4f}, "
          f"mean payoff {payoff / games:.4f}")


if __name__ == "__main__":
    main()
