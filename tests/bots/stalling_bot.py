#!/usr/bin/env python3
"""A Battleship shooter that stalls on purpose, for the interrupt tests:
`stalling_bot.py FLAG GAME`.

It fires at a uniformly random open cell, drawn from the game's seed (so its
games replay exactly). While the file FLAG exists (relative to its working
folder, the config's), its first decision in game GAME first creates
FLAG.stalled and then sleeps 1 s: a game still in flight when the test
interrupts arena. While FLAG exists it also appends each game's index to
FLAG.games, the games begun, in the order arena asked for them.
"""
import json
import os
import random
import sys
import time

flag, stall_game = sys.argv[1], int(sys.argv[2])
rng = random.Random(0)
game = -1
stalled = False
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        print(json.dumps({"type": "hello", "name": "stalling"}), flush=True)
    elif kind == "game":
        game = message["game"]
        rng.seed(message["seed"])
        if os.path.exists(flag):
            with open(flag + ".games", "a") as games:
                games.write(f"{game}\n")
    elif kind == "decide":
        if game == stall_game and not stalled and os.path.exists(flag):
            stalled = True
            open(flag + ".stalled", "w").close()
            time.sleep(1)
        cells = [(r, c) for r, row in enumerate(message["view"]["grid"])
                 for c, mark in enumerate(row) if mark == "."]
        r, c = rng.choice(cells)
        print(json.dumps({"type": "move", "row": r, "col": c}), flush=True)
    elif kind == "bye":
        break
