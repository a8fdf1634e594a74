#!/bin/bash
# The live report in headless Chromium: a page written while an SPRT run
# plays must load without a console message, say "partial", reload itself,
# and show the tables and the LLR's history against its bounds; the final
# report of an SPRT run must show that chart and neither reload nor say
# "partial". Neither page may scroll sideways at 1280 or 800 px; screenshots
# of both at both widths are saved for people to look at.
# Usage: live_report_in_browser.sh ARENA_EXE WORK_DIR
# Exit 77 (skipped) when Chromium is not installed; .ci/run installs it.
set -euo pipefail
arena=$1 work=$2
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "chromium is not installed: skipped"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"

# Opens $1 headless at width $2; the rendered DOM goes to $3, Chromium's log to $4.
open_page() {
  timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$work/profile" --enable-logging=stderr --log-level=0 \
    --window-size="$2,2000" --dump-dom "file://$1" >"$3" 2>"$4"
}

# $1 (a page) loads at 1280 and 800 px without a console message and without
# scrolling sideways; its screenshots go to $2-1280.png and $2-800.png.
check_page() {
  local page=$1 shot=$2
  sed 's|</body>|<script>document.body.dataset.sideways = document.documentElement.scrollWidth > document.documentElement.clientWidth;</script></body>|' \
    "$page" >"$work/measure.html"
  for width in 1280 800; do
    open_page "$page" "$width" "$work/page.dom" "$work/page.log"
    if grep ':CONSOLE' "$work/page.log"; then
      echo "FAIL: $page logged console messages (above)"
      exit 1
    fi
    open_page "$work/measure.html" "$width" "$work/measure.dom" /dev/null
    if ! grep -q 'data-sideways="false"' "$work/measure.dom"; then
      echo "FAIL: $page scrolls sideways at $width px"
      exit 1
    fi
    timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
      --user-data-dir="$work/profile" --window-size="$width,2000" \
      --screenshot="$shot-$width.png" "file://$page" 2>/dev/null
    test -s "$shot-$width.png"
  done
  echo "screenshots: $shot-1280.png $shot-800.png"
}

# An SPRT between two equal Chinese Checkers players: seconds a game pair,
# undecided for long. Its first page comes after 3 s; then Ctrl-C.
cat >"$work/live.yaml" <<'YAML'
name: live
engine: chinese-checkers
seed: 7
games: 1000
format: head-to-head
rules: {seats: 2}
players:
  - {name: mcts-a, strategy: mcts, params: {iterations: 300}}
  - {name: mcts-b, strategy: mcts, params: {iterations: 300}}
stop:
  sprt: {elo0: -10, elo1: 10, alpha: 0.05, beta: 0.05, model: logistic}
  batch: 4
YAML
"$arena" run "$work/live.yaml" --threads 2 --out "$work/live" >/dev/null 2>"$work/live.err" &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
live="$work/.live.partial/report.html"
for _ in $(seq 2400); do
  [ -f "$live" ] && break
  sleep 0.05
done
if [ ! -f "$live" ]; then
  echo "FAIL: no live report after two minutes"
  exit 1
fi
sleep 0.5  # the page is whole (renamed into place); Chromium reads a copy, the run goes on
cp "$live" "$work/interim.html"
kill -INT $pid
wait $pid || true
grep 'live report' "$work/live.err"
open_page "$work/interim.html" 1280 "$work/interim.dom" /dev/null
for needed in 'partial: [0-9]* of 1000 games, updated [0-9:]*' '<meta http-equiv="refresh" content="3">' \
  '<h2>Variants</h2>' '<h2>Matches</h2>' '<svg class="chart" id="llr"'; do
  if ! grep -q "$needed" "$work/interim.dom"; then
    echo "FAIL: the live page lacks $needed"
    exit 1
  fi
done
check_page "$work/interim.html" "$work/interim"

# A complete SPRT run: its final report draws the LLR's history.
cat >"$work/sprt.yaml" <<'YAML'
name: sprt
engine: battleship
seed: 11
games: 4000
mode: duel
format: head-to-head
players:
  - {name: mc-a, strategy: monte-carlo, params: {samples: 100}}
  - {name: mc-b, strategy: monte-carlo, params: {samples: 100}}
stop:
  sprt: {elo0: -3, elo1: 3, alpha: 0.05, beta: 0.05, model: logistic}
  batch: 100
YAML
"$arena" run "$work/sprt.yaml" --quiet --out "$work/sprt" >/dev/null
final="$work/sprt/report.html"
open_page "$final" 1280 "$work/final.dom" /dev/null
if ! grep -q '<svg class="chart" id="llr"' "$work/final.dom" || grep -q 'partial:\|http-equiv' "$work/final.dom"; then
  echo "FAIL: the final report lacks the LLR chart, or says partial or reloads"
  exit 1
fi
check_page "$final" "$work/final"
echo "live page and final report: OK"
