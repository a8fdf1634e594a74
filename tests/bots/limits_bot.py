#!/usr/bin/env python3
"""Test bots for limits and process trees: `limits_bot.py MODE [MARKER]`.

Each plays random legal moves (Battleship; in rooks, a rook on every open
cell that no earlier rook attacks) and at its first decision does what its
MODE says first:

memory          allocates 1 GiB (its memory limit makes that fail: MemoryError)
cpu             computes forever (its CPU limit kills it)
cpu-per-game    at the first decision of every game computes for 0.4 s of CPU
                time, and in game 3 forever (a CPU limit of 1 s a game kills
                it there alone)
file            writes 8 MiB to a file in /tmp, with SIGXFSZ's default action
                (Python ignores it; a C program would not)
processes       starts sleeping children until starting one fails
setsid-child    starts a child that leaves its session (setsid) and sleeps for
                an hour with MARKER in its command line, says so on stderr,
                then never answers
exits-leaving-child
                starts a child that keeps its stdout and sleeps for an hour
                (MARKER in its command line), then exits with status 5
reports         writes to stderr its CPUs (Cpus_allowed_list), network
                interfaces, whether it can write its folder and /tmp, and TMPDIR
"""
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

mode = sys.argv[1]
marker = sys.argv[2] if len(sys.argv) > 2 else "arena-limits-bot"


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def sleeper(**kwargs):
    # The marker in its command line finds it later, in any PID namespace.
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)", marker],
                            **kwargs)


def writable(folder):
    try:
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def report():
    with open("/proc/self/status") as f:
        cpus = [line.split(":")[1].strip() for line in f if line.startswith("Cpus_allowed_list")]
    with open("/proc/net/dev") as f:
        interfaces = sorted(line.split(":")[0].strip() for line in f.readlines()[2:])
    print(f"cpus={cpus[0]} interfaces={','.join(interfaces)} "
          f"cwd-writable={writable('.')} tmp-writable={writable('/tmp')} "
          f"tmpdir={os.environ.get('TMPDIR', '')}", file=sys.stderr, flush=True)


def break_limit():
    if mode == "memory":
        block = bytearray(1 << 30)
        print(len(block), file=sys.stderr)
    elif mode == "cpu":
        while True:
            pass
    elif mode == "file":
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        with tempfile.TemporaryFile() as f:
            for _ in range(8):
                f.write(b"x" * (1 << 20))
                f.flush()
    elif mode == "processes":
        children = [sleeper() for _ in range(64)]
        print(f"started {len(children)} children", file=sys.stderr)
    elif mode == "setsid-child":
        sleeper(start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        print("started a child in a session of its own", file=sys.stderr, flush=True)
        time.sleep(3600)
    elif mode == "exits-leaving-child":
        sleeper()  # inherits stdin and stdout: the pipes stay open after this process exits
        os._exit(5)
    elif mode == "reports":
        report()


def move(engine, view, rng):
    if engine == "rooks":
        n, rows = view["n"], view["rows"]
        rooks, col_free = [], [True] * n
        for r in range(n):
            row_free = True
            for c in range(n):
                if rows[r][c] == "X":
                    row_free = True
                    col_free[c] = True
                elif row_free and col_free[c]:
                    rooks.append([r, c])
                    row_free = col_free[c] = False
        return {"type": "move", "rooks": rooks}
    cells = [(r, c) for r, row in enumerate(view["grid"]) for c, ch in enumerate(row) if ch == "."]
    r, c = rng.choice(cells)
    return {"type": "move", "row": r, "col": c}


def compute(seconds):
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass


engine = None
first = True
game_first = False
rng = random.Random(1)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        engine = message["engine"]
        send({"type": "hello", "name": "limits-" + mode})
    elif message["type"] == "game":
        rng.seed(message["seed"])
        game, game_first = message["game"], True
    elif message["type"] == "decide":
        if mode == "cpu-per-game" and game_first:
            game_first = False
            compute(3600 if game == 3 else 0.4)
        elif first:
            first = False
            break_limit()
        send(move(engine, message["view"], rng))
    elif message["type"] == "bye":
        break
