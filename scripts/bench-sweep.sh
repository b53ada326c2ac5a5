#!/usr/bin/env bash
# The sweep benchmark: configurations × fixes per second, 1 and 2 jobs, peak memory.
#   scripts/bench-sweep.sh        100 configurations with 1 and 2 jobs, then 1 000 with 2 jobs,
#                                 then 1 000 that vary upload settings too (shared decision passes),
#                                 listed last and listed first in `vary`
# Input: bench-data/reports-1m.csv (1 M fixes, make-big-csv.py), specs in scripts/bench/.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench-data
[[ -f bench-data/reports-1m.csv ]] || python3 scripts/make-big-csv.py bench-data/reports-1m.csv 1000000
command -v /usr/bin/time >/dev/null || apt-get install -y -qq time >/dev/null
swift build -c release --product calmgeo-replay >&2
bin=.build/release/calmgeo-replay
run() {
  local spec=$1 jobs=$2 log
  log=$(mktemp)
  rm -rf bench-data/sweep-out
  /usr/bin/time -f "%e %M %U %S" -o "$log" "$bin" sweep "$spec" -o bench-data/sweep-out -q --jobs "$jobs" || true
  read -r seconds kb user sys < "$log"
  local rows fixes
  rows=$(($(wc -l < bench-data/sweep-out/results.csv) - 1))
  fixes=$(python3 -c "import csv; print(sum(int(r['input.fixesUsed']) for r in csv.DictReader(open('bench-data/sweep-out/results.csv'))))")
  printf '| %s | %d | %s | %s | %s | %d MB | %s M | %s M |\n' "$(basename "$spec")" "$jobs" "$rows" "$seconds" \
    "$(python3 -c "print(f'{$user + $sys:.1f}')")" $((kb / 1024)) \
    "$(python3 -c "print(f'{$fixes/$seconds/1e6:.1f}')")" "$(python3 -c "print(f'{$fixes/($user + $sys)/1e6:.1f}')")"
  rm -f "$log"
}
# CPU seconds (user + system) give a rate per core that other load on the machine
# disturbs far less than the wall-clock rate.
echo "| spec | jobs | rows | seconds | CPU seconds | peak RSS | configuration-fixes/s | per CPU-second |"
echo "|---|---|---|---|---|---|---|---|"
run scripts/bench/sweep-100.yaml 1
run scripts/bench/sweep-100.yaml 2
[[ ${QUICK:-0} == 1 ]] || run scripts/bench/sweep-1000.yaml 2
[[ ${QUICK:-0} == 1 ]] || run scripts/bench/sweep-mixed-1000.yaml 2
[[ ${QUICK:-0} == 1 ]] || run scripts/bench/sweep-mixed-1000-uploads-first.yaml 2
