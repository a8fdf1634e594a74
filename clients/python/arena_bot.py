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
the move's fields (a dict; "type": "move" is added; an "explain" object in it,
say {"text": "beside a hit"}, is why, kept in the run's record and shown by
arena replay: docs/protocol.md). A decide that takes a third argument also
gets the Session: the handshake (`session.hello`: engine,
mode, rules, params, and for some engines the board's geometry), the game
message (`session.game`: index, seat, seats, seed) and anything the bot keeps
between decisions of a game (`session.memory`, a dict emptied at each game).

The module speaks protocol 2 (every move echoes its decide's "id", every
"over" is answered; it names the version in its hello reply), or protocol 1
with an Arena that offers only that. It reads stdin until "bye" or end of
input (then it returns; a hello offering neither version makes it exit with
status 1 without a reply), never writes anything but protocol lines on
stdout (print your diagnostics to stderr: Arena keeps them in the results
folder), and flushes every reply.
"""

import inspect
import json
import random
import sys

PROTOCOL = 2  # the version this client speaks when Arena offers it; else 1


class Session:
    """What a bot knows besides the view: the handshake and the current game."""

    def __init__(self):
        self.hello = {}
        self.game = {}
        self.memory = {}
        self.protocol = 1  # the version spoken, from the handshake

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
    (the game's results: every seat's variant, rank, outcome and forfeit),
    before the client answers it: the time it takes is the bot's, between games.
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
            offered = message.get("accepts", [message.get("protocol")])
            speaks = next((v for v in (PROTOCOL, 1) if v in offered), None)
            if speaks is None:
                # docs/protocol.md: say so on stderr and exit with status 1, no reply.
                print(f"arena_bot: Arena speaks protocol {offered}, this client speaks "
                      f"{PROTOCOL} or 1: exiting", file=sys.stderr)
                sys.exit(1)
            session.protocol = speaks
            reply = {"type": "hello", "name": name, "version": version}
            if speaks != 1:
                reply["protocol"] = speaks
            _send(stdout, reply)
        elif kind == "game":
            session.game = message
            session.memory = {}
            rng = random.Random(message["seed"])
        elif kind == "decide":
            view = message["view"]
            move = decide(view, rng, session) if wants_session else decide(view, rng)
            reply = dict(move)
            reply["type"] = "move"
            if "id" in message:
                reply["id"] = message["id"]
            _send(stdout, reply)
        elif kind == "over":
            if on_over:
                on_over(message, session)
            if session.protocol >= 2:
                _send(stdout, {"type": "over", "game": message["game"]})
        elif kind == "bye":
            return
