"""Arena's line protocol for Python bots: a bot is a decide function and one call.

Standard library only, Python 3.9 or later. The protocol is docs/protocol.md;
this module does its bookkeeping:

    import arena_bot

    def decide(view, rng):
        cells = [(r, c) for r, row in enumerate(view["grid"])
                 for c, mark in enumerate(row) if mark == "."]
        row, col = rng.choice(cells)
        return {"row": row, "col": col}

    arena_bot.run(decide, name="my-random-shooter")

`decide(view, rng)` gets the player's view (a dict, as the protocol describes
it for the engine) and a random.Random seeded from the game's seed (so a bot
that draws only from it plays the same games for the same seed), and returns
the move's fields (a dict; "type": "move" is added). A decide that takes a
third argument also gets the Session: the handshake (`session.hello`: engine,
mode, rules, params, and for some engines the board's geometry), the game
message (`session.game`: index, seat, seats, seed) and anything the bot keeps
between decisions of a game (`session.memory`, a dict emptied at each game).

The module reads stdin until "bye" or end of input (then it returns; a hello
of another protocol version makes it exit with status 1 without a reply), never
writes anything but protocol lines on stdout (print your diagnostics to
stderr: Arena keeps them in the results folder), and flushes every reply.
"""

import inspect
import json
import random
import sys

PROTOCOL = 1


class Session:
    """What a bot knows besides the view: the handshake and the current game."""

    def __init__(self):
        self.hello = {}
        self.game = {}
        self.memory = {}

    @property
    def engine(self):
        return self.hello.get("engine")

    @property
    def rules(self):
        return self.hello.get("rules", {})

    @property
    def params(self):
        return self.hello.get("params", {})


def _send(out, message):
    out.write(json.dumps(message, separators=(",", ":")) + "\n")
    out.flush()


def run(decide, name, version="1", on_over=None, stdin=None, stdout=None):
    """Plays every game Arena sends until "bye" or end of input.

    decide(view, rng[, session]) -> dict of the move's fields.
    on_over(message, session), if given, is called with each "over" message
    (the game's results: every seat's variant, rank, outcome and forfeit).
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    wants_session = len(inspect.signature(decide).parameters) >= 3
    session = Session()
    rng = random.Random(0)
    for line in stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            session.hello = message
            if message.get("protocol") != PROTOCOL:
                # docs/protocol.md: say so on stderr and exit with status 1, no reply.
                print(f"arena_bot: Arena speaks protocol {message.get('protocol')}, this client "
                      f"speaks {PROTOCOL}: exiting", file=sys.stderr)
                sys.exit(1)
            _send(stdout, {"type": "hello", "name": name, "version": version})
        elif kind == "game":
            session.game = message
            session.memory = {}
            rng = random.Random(message["seed"])
        elif kind == "decide":
            view = message["view"]
            move = decide(view, rng, session) if wants_session else decide(view, rng)
            reply = dict(move)
            reply["type"] = "move"
            _send(stdout, reply)
        elif kind == "over":
            if on_over:
                on_over(message, session)
        elif kind == "bye":
            return
