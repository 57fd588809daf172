#!/usr/bin/env bash
# Opens a dbit report.html in headless Chromium and asserts on the rendered page (the DOM after
# the page's own JavaScript drew the chart and the table). Optionally saves a screenshot.
#   [MIN_FINDINGS=N] [MIN_REPEATS=N] .ci/check-report.sh REPORT_HTML MIN_STALLS [SCREENSHOT_PNG]
set -euo pipefail
report=$(realpath "$1")
min_stalls=${2:-0}
screenshot=${3:-}

flags=(--headless --no-sandbox --disable-gpu --disable-background-networking --disable-quic
       --no-first-run --disable-component-update --disable-sync)
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT

dom=$(chromium "${flags[@]}" --user-data-dir="$profile" --virtual-time-budget=5000 --dump-dom "file://$report" 2>/dev/null)

summary=$(grep -o '<p id="summary">[0-9]* tests, [0-9]* transport stalls, [0-9]* with a likely N+1[^<]*</p>' <<<"$dom" || true)
[ -n "$summary" ] || { echo "report check: no rendered summary in $report"; exit 1; }
tests=$(sed -E 's/.*>([0-9]+) tests, ([0-9]+) transport stalls, ([0-9]+) with .*/\1/' <<<"$summary")
stalls=$(sed -E 's/.*>([0-9]+) tests, ([0-9]+) transport stalls, ([0-9]+) with .*/\2/' <<<"$summary")
repeats=$(sed -E 's/.*>([0-9]+) tests, ([0-9]+) transport stalls, ([0-9]+) with .*/\3/' <<<"$summary")
# Count rendered elements only (the page's script holds the same markup as templates).
count() { { grep -o "$1" <<<"$dom" || true; } | wc -l; }
rows=$(count '<tr class="[a-z]*" data-stall="[a-z]*">')
bars=$(count '<g class="bar[a-z ]*" data-test="[A-Za-z]')
stalled_rows=$(count 'data-stall="true"')
stalled_bars=$(count '<g class="bar stall"')
segments=$(count '<rect class="\(sql\|wait\|cpu\|other\)"')

echo "report check: $tests tests, $stalls stalls; rendered $rows table rows, $bars bars ($segments segments), $stalled_rows stalled rows, $stalled_bars framed bars"
[ "$tests" -gt 0 ]
[ "$rows" -eq "$tests" ] && [ "$bars" -eq "$tests" ] && [ "$segments" -eq $((4 * tests)) ]
[ "$stalled_bars" -eq "$stalled_rows" ]
[ "$stalls" -ge "$min_stalls" ]
# Stalls found across small tests (a class, the run) are boxes above the chart; the summary's
# count is the tests judged alone plus those boxes: one verdict, counted once, everywhere.
findings=$(count '<div class="finding">')
echo "report check: $findings boxes for stalls across small tests"
[ "$stalls" -eq $((stalled_rows + findings)) ]
[ "$findings" -ge "${MIN_FINDINGS:-0}" ]
# Likely N+1s are boxes too; every test with statements has its shapes, hidden until clicked.
repeat_boxes=$(count '<div class="finding repeat">')
shape_rows=$(count '<tr class="shapes" hidden="">')
echo "report check: $repeats tests with a likely N+1 ($repeat_boxes boxes), $shape_rows tests with their statement shapes"
[ "$repeat_boxes" -eq "$repeats" ] && [ "$repeats" -ge "${MIN_REPEATS:-0}" ]
[ "$shape_rows" -ge 1 ]
if grep -v 'xmlns="http://www.w3.org/2000/svg"' "$report" | grep -q '<script src=\|<link \|https\?://'; then
  echo "report check: the page loads something from outside"; exit 1
fi

if [ -n "$screenshot" ]; then
  chromium "${flags[@]}" --user-data-dir="$profile" --virtual-time-budget=5000 --window-size=1280,1400 \
    --screenshot="$screenshot" "file://$report" 2>/dev/null
  echo "report check: screenshot $screenshot"
fi
echo "report check: ok"
