#!/usr/bin/env bash
# What the reports cost (issue: reports): a 1 M-fix replay plain, with all metrics, with
# --trace, and with --report html, same input, same run; then report.html's size and the
# time headless Chromium takes to open it. Prints a Markdown table for BENCHMARKS.md.
#
#   scripts/bench-reports.sh            (makes bench-data/reports-1m.csv on first run)
#
# Times are the best wall-clock seconds of 3 runs (RUNS=n to change), peak RSS the largest.
set -euo pipefail
cd "$(dirname "$0")/.."
data=bench-data
mkdir -p "$data"
input=$data/reports-1m.csv
[[ -f $input ]] || python3 scripts/make-big-csv.py "$input" 1000000
command -v /usr/bin/time >/dev/null || apt-get install -y -qq time >/dev/null
swift build -c release --product calmgeo-replay >&2
bin=.build/release/calmgeo-replay
cat "$input" > /dev/null
runs=${RUNS:-3}

measure() {
  local label=$1; shift
  local log best="" peak=0 seconds kb
  log=$(mktemp)
  for ((run = 1; run <= runs; run++)); do
    rm -rf "$data/reports-out"
    /usr/bin/time -f "%e %M" -o "$log" "$@" > /dev/null 2> "$data/last.err" || {
      echo "FAILED: $label" >&2; cat "$data/last.err" >&2; return 1; }
    read -r seconds kb < <(tail -1 "$log")
    if [[ -z $best ]] || python3 -c "import sys; sys.exit(0 if $seconds < $best else 1)"; then best=$seconds; fi
    ((kb > peak)) && peak=$kb
  done
  rm -f "$log"
  printf '| %s | %s | %d MB | %s |\n' "$label" "$best" $((peak / 1024)) "$(python3 -c "print(f'{$best/$plain:.2f}x' if $plain > 0 else '1.00x')")"
  last=$best
}

echo "| replay of $(($(wc -l < "$input") - 1)) fixes ($(du -m "$input" | cut -f1) MB CSV) | seconds | peak RSS | vs plain |"
echo "|---|---|---|---|"
plain=0
measure "plain (--no-metrics)" "$bin" "$input" -o "$data/reports-out" -q --no-metrics; plain=$last
measure "all metrics (default)" "$bin" "$input" -o "$data/reports-out" -q
measure "all metrics + --trace" "$bin" "$input" -o "$data/reports-out" -q --trace
help=$("$bin" replay --help 2>&1)
if [[ $help == *--report* ]]; then
  measure "all metrics + --report html" "$bin" "$input" -o "$data/reports-out" -q --report html
  report=$(find "$data/reports-out" -name report.html | head -1)
  echo
  echo "report.html: $(du -k "$report" | cut -f1) KB"
  if command -v chromium >/dev/null; then
    start=$(date +%s.%N)
    chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$PWD/$report" > /dev/null 2>&1
    end=$(date +%s.%N)
    echo "Chromium --dump-dom (load, run the page's script, serialize): $(python3 -c "print(f'{$end-$start:.2f}')") s"
  fi
fi
