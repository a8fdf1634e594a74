#!/usr/bin/env python3
"""Test bots that fail on purpose, one way each: `fault_bot.py MODE [PIDFILE]`.

exit-at-once   exits before reading anything
never-answers  answers the handshake, never a decision
floods         answers the handshake, then writes an endless line
echoes         answers the handshake, then echoes every line back
illegal        answers the handshake, then only moves the rules forbid
dies-mid-game  plays a random legal move, then exits in its third decision
slow-start     sleeps 30 s before the handshake
answers-twice  writes every move twice (one line nobody asked for)
leaves-a-child starts a child that sleeps for an hour (its pid in PIDFILE too),
               then never answers a decision
exits-slowly   plays like dies-mid-game, but in its third decision closes its
               output, and exits (code 3) 0.5 s later, as a loaded machine
               may show an exit
sleeper        plays like dies-mid-game would, but sleeps forever instead of dying
answers-over   plays random legal moves, and replies to every over message
ignores-bye    plays random legal moves, and neither "bye" nor end of input ends it
fails-first    its first start (PIDFILE still empty) writes to stderr and exits at once;
               later starts play random legal moves
stderr-exit    writes two lines to stderr and exits at once, every start
late           plays random legal moves, but answers its first decision of every
               even game after 0.6 s (late for a 0.5 s budget, within the grace)
always-late    answers every decision after 0.6 s
twice-late     writes every move a second time, 20 ms after the first
escapes        answers the handshake, then replies with terminal escape
               sequences and a byte that is not UTF-8
chatty         plays random legal moves, and writes 4 MiB to stderr at every game's
               start, after a line "chatty: game G"
seeded-faults  plays random legal moves from each game's seed, and by that seed
               fails: exits at its second decision of a game whose seed is 0
               mod 7; exits on the "over" of one whose seed is 3 mod 11 (after
               its reply, in protocol 2); in protocol 2, writes a line after its
               reply to the "over" of one whose seed is 5 mod 13
Every mode speaks protocol 1 (no ids, no reply to "over"); "v2-" before a mode
makes it speak protocol 2 (ids echoed, "over" answered), and "@G" after it
limits the fault to game G (e.g. v2-twice-late@1).
With PIDFILE, it first appends its pid there (to check none outlives arena):
the pid on the machine, which /proc/self names (in arena's PID namespace for
bots, os.getpid() is the pid inside it).
"""
import json
import os
import random
import sys
import time

mode = sys.argv[1]
protocol = 1
if mode.startswith("v2-"):
    protocol, mode = 2, mode[3:]
only_game = None
if "@" in mode:
    mode, only_game = mode.split("@")
    only_game = int(only_game)
first_start = False
if len(sys.argv) > 2:
    first_start = not os.path.exists(sys.argv[2]) or os.path.getsize(sys.argv[2]) == 0
    with open(sys.argv[2], "a") as f:
        f.write(os.readlink("/proc/self") + "\n")
if mode == "exit-at-once":
    sys.exit(3)
if mode == "stderr-exit" or (mode == "fails-first" and first_start):
    sys.stderr.write("fault_bot: cannot start\nfault_bot: no such thing\n")
    sys.exit(2)
if mode == "slow-start":
    time.sleep(30)
if mode == "leaves-a-child":
    import subprocess
    subprocess.Popen([sys.executable, "-c", "import os, sys, time\n"
                      "with open(sys.argv[1], 'a') as f: f.write(os.readlink('/proc/self') + '\\n')\n"
                      "time.sleep(3600)", sys.argv[2]])


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def with_id(move, decide):
    """The move, with its decide's id in protocol 2."""
    if protocol == 2:
        move["id"] = decide["id"]
    return move


def legal_move(engine, view, rng):
    if engine == "battleship":
        cells = [(r, c) for r, row in enumerate(view["grid"]) for c, ch in enumerate(row) if ch == "."]
        r, c = rng.choice(cells)
        return {"type": "move", "row": r, "col": c}
    if engine == "go-fish":
        ranks = [r for r, n in enumerate(view["hand"]) if n > 0]
        return {"type": "move", "target": rng.choice(view["targets"]), "rank": rng.choice(ranks)}
    if engine == "chinese-checkers":
        return {"type": "move", "index": rng.randrange(len(view["legal"]))}
    return {"type": "move", "rooks": []}


def illegal_move(engine):
    return {"battleship": {"type": "move", "row": 99, "col": 0},
            "go-fish": {"type": "move", "target": 9, "rank": 0},
            "chinese-checkers": {"type": "move", "from": 0, "to": 0},
            "rooks": {"type": "move", "rooks": [[0, 0], [0, 0]]}}[engine]


engine = None
decisions = 0
game = -1
game_decisions = 0
seed = 0
rng = random.Random(1)
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    faulty = only_game is None or game == only_game
    if kind == "hello":
        engine = message["engine"]
        hello = {"type": "hello", "name": "fault-" + mode, "version": "1"}
        if protocol == 2:
            hello["protocol"] = 2
        send(hello)
    elif kind == "game":
        game = message["game"]
        game_decisions = 0
        seed = message["seed"]
        if mode == "seeded-faults":
            rng.seed(seed)
        if mode == "chatty":
            sys.stderr.write(f"chatty: game {game}\n" + ("x" * 1023 + "\n") * 4096)
            sys.stderr.flush()
    elif mode == "seeded-faults" and kind in ("decide", "over"):
        if kind == "decide":
            game_decisions += 1
            if seed % 7 == 0 and game_decisions == 2:
                os._exit(1)
            send(with_id(legal_move(engine, message["view"], rng), message))
            continue
        if protocol == 2:
            send({"type": "over", "game": message["game"]})
            if seed % 13 == 5:
                send({"type": "over", "game": message["game"]})
        if seed % 11 == 3:
            os._exit(2)
    elif kind == "over" and protocol == 2 and mode != "answers-over":
        send({"type": "over", "game": message["game"]})
    elif kind == "decide" and mode == "escapes":
        sys.stdout.buffer.write(b"\x1b[31mred\x1b[0m \xff\xfe\n")
        sys.stdout.flush()
    elif kind == "decide" and mode in ("late", "twice-late", "always-late"):
        game_decisions += 1
        move = with_id(legal_move(engine, message["view"], rng), message)
        if mode == "late" and faulty and game % 2 == 0 and game_decisions == 1:
            time.sleep(0.6)
        if mode == "always-late" and faulty:
            time.sleep(0.6)
        send(move)
        if mode == "twice-late" and faulty:
            time.sleep(0.02)
            send(move)
    elif kind == "bye":
        if mode != "ignores-bye":
            break
    elif mode == "echoes":
        sys.stdout.write(line)
        sys.stdout.flush()
    elif kind == "over" and mode == "answers-over":
        send({"type": "thanks"})
    elif kind != "decide":
        continue
    elif mode in ("never-answers", "leaves-a-child"):
        continue
    elif mode == "answers-twice" and faulty:
        move = json.dumps(legal_move(engine, message["view"], rng)) + "\n"
        sys.stdout.write(move + move)
        sys.stdout.flush()
    elif mode == "floods":
        while True:
            sys.stdout.write("x" * 65536)
    elif mode == "illegal" and faulty:
        send(with_id(illegal_move(engine), message))
    else:
        decisions += 1
        if decisions == 3 and mode == "dies-mid-game":
            os._exit(1)
        if decisions == 3 and mode == "exits-slowly":
            os.close(1)
            time.sleep(0.5)
            os._exit(3)
        if decisions == 3 and mode == "sleeper":
            time.sleep(3600)
        send(with_id(legal_move(engine, message["view"], rng), message))
if mode == "ignores-bye":
    time.sleep(3600)
