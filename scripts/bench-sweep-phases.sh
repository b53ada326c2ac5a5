#!/usr/bin/env bash
# Where a sweep's time goes (`sweep --timings`) and whether its memory stays flat in the number
# of configurations: 128 and 512 configurations over one 400 000-fix track, every configuration
# deciding differently (scripts/bench/sweep-phases-*.yaml), with 1 and 2 jobs. Prints each run's
# phase table, its wall seconds, peak RSS (GNU time) and configuration-fixes per second.
#   scripts/bench-sweep-phases.sh            128 and 512 configurations, 1 and 2 jobs
#   SPECS=512 JOBS=1 scripts/bench-sweep-phases.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench-data
[[ -f bench-data/sweep-400k.csv ]] || python3 scripts/make-big-csv.py bench-data/sweep-400k.csv 400000
bin=${BIN:-.build/release/calmgeo-replay}
[[ -n ${BIN:-} ]] || swift build -c release --product calmgeo-replay >&2
for configurations in ${SPECS:-128 512}; do
  for jobs in ${JOBS:-1 2}; do
    log=$(mktemp)
    rm -rf bench-data/phases-out
    echo "### $configurations configurations, --jobs $jobs"
    /usr/bin/time -f "%e %M" -o "$log" "$bin" sweep "scripts/bench/sweep-phases-$configurations.yaml" \
      -o bench-data/phases-out -q --jobs "$jobs" --timings 2>&1 | grep -v '^$' || true
    read -r seconds kb < <(tail -1 "$log")
    fixes=$(python3 -c "import csv; print(sum(int(r['input.fixesUsed']) for r in \
      csv.DictReader(open('bench-data/phases-out/results.csv'))))")
    python3 -c "print(f'wall $seconds s, peak RSS {$kb // 1024} MB, {$fixes / $seconds / 1e6:.1f} M configuration-fixes/s')"
    rm -f "$log"
  done
done
