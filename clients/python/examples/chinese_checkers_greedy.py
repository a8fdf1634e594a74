#!/usr/bin/env python3
"""Chinese Checkers: the legal move that brings a piece nearest its goal's tip.

The handshake carries the board (each hole's cube coordinates and each
triangle's tip); each move is scored by how many steps it gains toward the
tip of the mover's goal triangle (cube distance); the best gain wins, ties at
random, so long hop chains forward are taken first.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import arena_bot  # noqa: E402


def distance(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def decide(view, rng, session):
    board = session.hello["board"]
    holes, tips = board["holes"], board["tips"]
    tip = holes[tips[view["goal"][view["seat"]]]]
    gains = [distance(holes[f], tip) - distance(holes[t], tip) for f, t in view["legal"]]
    best = max(gains)
    return {"index": rng.choice([i for i, g in enumerate(gains) if g == best])}


if __name__ == "__main__":
    arena_bot.run(decide, name="chinese-checkers-greedy")
