#!/bin/bash
# Opens the replay page of a Battleship duel in headless Chromium, steps to
# the last move with the End key (and back and forth with the arrows): the
# page must log no console message, and its last board must be the record's:
# the same text as `arena replay --json` gives, with as many shots on each
# fleet as games.csv says each shooter fired.
# Usage: replay_in_browser.sh ARENA_EXE WORK_DIR
# Exit 77 (skipped) when Chromium is not installed; .ci/run installs it.
set -euo pipefail
arena=$1 work=$2
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "chromium is not installed: skipped"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
cd "$work"

cat >duel.yaml <<'EOF'
name: duel
engine: battleship
seed: 21
games: 10
mode: duel
players:
  - {name: density, strategy: density}
  - {name: hunt-target, strategy: hunt-target}
EOF
"$arena" run duel.yaml --quiet --out run >/dev/null
game=7
"$arena" replay run --game $game --json >replay.json
"$arena" replay run --game $game --html page.html 2>/dev/null

# The page as a user steps it: End, then Left, Right, Home, End again; what
# it shows at the end goes into data attributes of <body>.
sed 's|</body>|<script>const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", {key: k})); for (const k of ["End", "ArrowLeft", "ArrowRight", "Home", "End"]) key(k); document.body.dataset.board = document.getElementById("board").textContent; document.body.dataset.counter = document.getElementById("counter").textContent;</script></body>|' \
  page.html >stepped.html
timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --no-first-run \
  --user-data-dir="$work/profile" --enable-logging=stderr --log-level=0 \
  --dump-dom "file://$work/stepped.html" >stepped.dom 2>browser.log
if grep ':CONSOLE' browser.log; then
  echo "FAIL: the replay page logged console messages (above)"
  exit 1
fi
python3 - "$game" <<'EOF'
import csv, html, json, re, sys
game = sys.argv[1]
dom = open("stepped.dom").read()
board = html.unescape(re.search(r'data-board="([^"]*)"', dom).group(1)).split("\n")
counter = html.unescape(re.search(r'data-counter="([^"]*)"', dom).group(1))
replay = json.load(open("replay.json"))
steps = len(replay["steps"])
assert counter == f"move {steps} of {steps}", f"the page is at '{counter}', not the last move"
assert board == replay["steps"][-1]["board"], "the page's last board is not the record's"
# Left: the first shooter's shots; right: the second's. Rows are "  N c c ... c    N c c ... c".
fired = [0, 0]
for line in board[2:]:
    row = re.fullmatch(r"\s*\d+((?: \S){10})\s+\d+((?: \S){10})", line)
    assert row, f"not a row of two boards: {line!r}"
    for side in (0, 1):
        fired[side] += sum(row.group(side + 1).split().count(m) for m in "oxOX#@")
rows = [r for r in csv.DictReader(open("run/games.csv")) if r["game"] == game]
first = next(r for r in rows if r["first"] == "1")
second = next(r for r in rows if r["first"] == "0")
expected = [int(first["shots"]), int(second["shots"])]
assert fired == expected, f"marks on the boards {fired}, games.csv shots {expected}"
print(f"game {game}: {counter}; shots on the boards {fired} = games.csv; no console message")
EOF
