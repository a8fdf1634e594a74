#!/bin/bash
# Opens the report of a small run in headless Chromium: the page must load
# without a single console message (errors, failed loads), its charts must be
# in the rendered DOM, and a screenshot is saved for people to look at.
# Usage: report_in_browser.sh ARENA_EXE SOURCE_DIR WORK_DIR
# Exit 77 (skipped) when Chromium is not installed; .ci/run installs it.
set -euo pipefail
arena=$1 source_dir=$2 work=$3
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "chromium is not installed: skipped"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"

# Opens $1 headless; the rendered DOM goes to $2, Chromium's log to $3.
open_page() {
  timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$work/profile" --enable-logging=stderr --log-level=0 \
    --dump-dom "file://$1" >"$2" 2>"$3"
}

# The detector must see an error when there is one, or the test proves nothing.
printf '<html><body><script>console.error("deliberate");</script></body></html>' >"$work/bad.html"
open_page "$work/bad.html" "$work/bad.dom" "$work/bad.log"
if ! grep -q ':CONSOLE' "$work/bad.log"; then
  echo "FAIL: the console detector missed a deliberate console error"
  exit 1
fi

"$arena" run "$source_dir/configs/battleship-round-robin.yaml" --games 600 --quiet \
  --out "$work/run" >/dev/null
page="$work/run/report.html"
open_page "$page" "$work/report.dom" "$work/report.log"
if grep ':CONSOLE' "$work/report.log"; then
  echo "FAIL: the report logged console messages (above)"
  exit 1
fi
charts=$(grep -o '<svg class="chart"' "$work/report.dom" | wc -l)
series=$(grep -o 'class="series"' "$work/report.dom" | wc -l)
bars=$(grep -o '<rect x=' "$work/report.dom" | wc -l)
echo "rendered: $charts charts, $series plotted series, $bars bars"
# win rate, shots, latency; 4 variants: 8 shot series, 4 latency series, 4 bars.
if [ "$charts" -lt 3 ] || [ "$series" -lt 12 ] || [ "$bars" -lt 4 ]; then
  echo "FAIL: charts missing from the rendered page"
  exit 1
fi
# The crosstable heat map (4 variants: 12 scored cells) and the games worth a
# look (each variant's best and worst game), each with its replay command.
heat=$(grep -o '<td style="background: hsl' "$work/report.dom" | wc -l)
replays=$(grep -o '<code><span class="word">arena</span> <span class="word">replay</span>' \
  "$work/report.dom" | wc -l)
echo "rendered: $heat crosstable cells, $replays replay commands"
if [ "$heat" -ne 12 ] || [ "$replays" -lt 8 ]; then
  echo "FAIL: the crosstable or the games worth a look are missing"
  exit 1
fi
# Layout, measured in a copy of each page once laid out, at 1280 and 800 px:
# the page never scrolls sideways; at 1280 no table scrolls in its own box;
# at 800 the columns a reader needs (variant, match, score, Elo, win rate, the
# main metric, the verdict) are in view, and a published figure's source is
# not squeezed to a word a line; no chart legend overlaps its plot; a replay
# command wraps only between its words (once it broke inside "--game").
# The page opens with the ranking (the first section and table, on the first
# screen); neither the ranking nor the variants table hides a column at 800
# px (the variants table of eight Go Fish strategies lost two); each small
# chart of many variants is at least 250 px wide.
"$arena" run "$source_dir/configs/quickstart.yaml" --games 2000 --quiet --out "$work/quick" >/dev/null
cat >"$work/eight.yaml" <<YAML
name: eight
engine: go-fish
seed: 4646
games: 60
rules: {seats: 3}
players:
  - {name: random, strategy: random}
  - {name: memory, strategy: memory}
  - {name: belief, strategy: belief}
  - {name: seed-memory, strategy: seed-memory}
  - {name: counting, strategy: counting}
  - {name: trained, strategy: q-learning, params: {policy: $source_dir/configs/go-fish-policy.json}}
  - {name: rlcard-v1, strategy: rlcard-v1}
  - {name: rlcard-v2, strategy: rlcard-v2}
YAML
"$arena" run "$work/eight.yaml" --quiet --out "$work/eight" >/dev/null
cat >"$work/measure.js" <<'JS'
const w = document.documentElement.clientWidth;
const scrolling = [...document.querySelectorAll("table")]
  .filter(t => t.scrollWidth > t.clientWidth + 0.5).map(t => t.rows[0].cells[0].textContent);
const needed = /^(variant|match|score|Elo ± 95%|win rate \[95% CI\]|verdict|.* mean \/ median \/ p90)$/;
const hidden = [...document.querySelectorAll("th")].filter(th => needed.test(th.textContent))
  .filter(th => th.getBoundingClientRect().right > th.closest("table").getBoundingClientRect().right + 0.5)
  .map(th => th.textContent);
const cramped = [...document.querySelectorAll("tr.source td")]
  .filter(td => td.getBoundingClientRect().height > 3 * parseFloat(getComputedStyle(td).lineHeight) + 12)
  .map(td => td.textContent);
const legends = [...document.querySelectorAll("svg.chart")].filter(svg => {
  const frame = svg.querySelector("rect.frame").getBBox();
  return [...svg.querySelectorAll("text.legend")].some(t => t.getBBox().y < frame.y + frame.height);
}).map(svg => svg.id);
const broken = [];
for (const code of document.querySelectorAll("table.notable code")) {
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    for (const word of node.textContent.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      if (range.getClientRects().length > 1) broken.push(word[0]);
    }
  }
}
const ranking = document.querySelector("table.ranking");
const first = !!ranking && document.querySelector("h2").id === "ranking" &&
  document.querySelector("table") === ranking && ranking.getBoundingClientRect().bottom < 900;
const clipped = [...document.querySelectorAll("table.ranking, table.variants")]
  .filter(t => t.scrollWidth > t.clientWidth + 0.5).map(t => t.className);
const narrow = [...document.querySelectorAll(".multiples svg.chart")]
  .filter(svg => svg.getBoundingClientRect().width < 250).map(svg => svg.id);
document.body.dataset.layout = JSON.stringify({page: document.documentElement.scrollWidth > w,
  scrolling: w >= 1200 ? scrolling : [], hidden, cramped, legends, broken, first, clipped, narrow});
JS
good='data-layout="{&quot;page&quot;:false,&quot;scrolling&quot;:[],&quot;hidden&quot;:[],&quot;cramped&quot;:[],&quot;legends&quot;:[],&quot;broken&quot;:[],&quot;first&quot;:true,&quot;clipped&quot;:[],&quot;narrow&quot;:[]}"'
for measured in "$page" "$work/quick/report.html" "$work/eight/report.html"; do
  for width in 1280 800; do
    sed 's|</body>|<script src="measure.js"></script></body>|' "$measured" >"$work/measure.html"
    timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --no-first-run \
      --user-data-dir="$work/profile" --window-size="$width,2300" --dump-dom "file://$work/measure.html" \
      >"$work/measure.dom" 2>/dev/null
    layout=$(grep -o 'data-layout="[^"]*"' "$work/measure.dom" || true)
    echo "$(basename "$(dirname "$measured")") at width $width: $layout"
    if [ "$layout" != "$good" ]; then
      echo "FAIL: the report's layout breaks at width $width (above)"
      exit 1
    fi
  done
done
timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
  --user-data-dir="$work/profile" --window-size=1280,2300 \
  --screenshot="$work/report.png" "file://$page" 2>/dev/null
test -s "$work/report.png"
echo "screenshot: $work/report.png"
for width in 1280 800; do
  timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$work/profile" --window-size="$width,1000" \
    --screenshot="$work/eight-$width.png" "file://$work/eight/report.html" 2>/dev/null
  test -s "$work/eight-$width.png"
  echo "screenshot: $work/eight-$width.png (the first screen of eight variants)"
done
