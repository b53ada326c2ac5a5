#!/usr/bin/env bash
# The exact min-# optimum under SED (issue 24, "the best possible") on a 1 M-fix log at one
# tolerance, on one core: target <= 10 s. Also times the one-pass greedy.
#
#   scripts/bench-efficiency.sh [EPSILON_METRES]     (default 16; makes bench-data/efficiency-1m.csv once)
#
# The log is scripts/make-big-csv.py's (1 Hz, seed 1: walking, driving and standing phases of
# 1 to 15 minutes with 1.5 m of noise), so it has the long stationary runs that cost most.
# Prints calmgeo-bench's key=value line; `seconds` is the optimum's wall-clock time (load excluded).
set -euo pipefail
cd "$(dirname "$0")/.."
epsilon=${1:-16}
data=bench-data
mkdir -p "$data"
input=$data/efficiency-1m.csv
[[ -f $input ]] || python3 scripts/make-big-csv.py "$input" 1000000
swift build -c release --product calmgeo-bench >&2
taskset -c 0 .build/release/calmgeo-bench efficiency "$input" --epsilon "$epsilon"
