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
replays=$(grep -o '<code>arena replay ' "$work/report.dom" | wc -l)
echo "rendered: $heat crosstable cells, $replays replay commands"
if [ "$heat" -ne 12 ] || [ "$replays" -lt 8 ]; then
  echo "FAIL: the crosstable or the games worth a look are missing"
  exit 1
fi
# No table may stick out of the page, at the screenshot's width or a narrow
# one: a copy of the page measures every table's box once laid out.
for width in 1100 700; do
  sed 's|</body>|<script>const w = document.documentElement.clientWidth; const wide = [...document.querySelectorAll("table")].filter(t => t.getBoundingClientRect().right > w + 0.5).map(t => t.rows[0].cells[0].textContent); document.body.dataset.overflow = JSON.stringify({page: document.documentElement.scrollWidth > w, tables: wide});</script></body>|' \
    "$page" >"$work/measure.html"
  timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$work/profile" --window-size="$width,2300" --dump-dom "file://$work/measure.html" \
    >"$work/measure.dom" 2>/dev/null
  overflow=$(grep -o 'data-overflow="[^"]*"' "$work/measure.dom" || true)
  echo "at width $width: $overflow"
  if [ "$overflow" != 'data-overflow="{&quot;page&quot;:false,&quot;tables&quot;:[]}"' ]; then
    echo "FAIL: a table overflows the page at width $width"
    exit 1
  fi
done
timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
  --user-data-dir="$work/profile" --window-size=1100,2300 \
  --screenshot="$work/report.png" "file://$page" 2>/dev/null
test -s "$work/report.png"
echo "screenshot: $work/report.png"
