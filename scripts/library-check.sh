#!/usr/bin/env bash
# CI: the library engine's conformance (docs/LIBRARY.md). Runs `calmgeo-replay library check` with
# CalmGeo's own sources (../shared/calmgeo-source) over every corpus log and the Samples, at the
# defaults and LIBRARY_CHECK_CONFIGS (default 10) seeded random configurations each, plus the
# samples' §7 scenario. Exit 3 on any difference; skips (exit 0, with the reason) without ../shared.
#   scripts/library-check.sh            (LIBRARY_CHECK_CONFIGS=N, LIBRARY_CHECK_SEED=S to vary)
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${CALMGEO_SHARED:-../shared}
configs=${LIBRARY_CHECK_CONFIGS:-10}
seed=${LIBRARY_CHECK_SEED:-1}
if [ ! -d "$shared/calmgeo-source/CalmGeo/Classes" ]; then
  echo "library-check: skipped: $shared/calmgeo-source/CalmGeo/Classes is absent (CalmGeo's sources are not here)"
  exit 0
fi
swift build --product calmgeo-replay >&2
tool=.build/debug/calmgeo-replay
status=0
if [ -d "$shared/corpus" ]; then
  mapfile -t logs < <(find "$shared/corpus" -type f ! -name MANIFEST.tsv ! -name '*.chk' | sort)
  echo "library-check: ${#logs[@]} corpus logs x $((configs + 1)) configurations"
  "$tool" library check "$shared/calmgeo-source" "${logs[@]}" --configs "$configs" --seed "$seed" \
    --quiet --skip-unreadable || status=$?
else
  echo "library-check: no corpus in $shared/corpus; the samples only"
fi
echo "library-check: Samples x $((configs + 1)) configurations, without and with the commute scenario"
"$tool" library check "$shared/calmgeo-source" Samples/*.csv -c Samples/config.json --configs "$configs" \
  --seed "$seed" --scenario Samples/commute-scenario.yaml --quiet || { code=$?; [ "$status" -ne 0 ] || status=$code; }
exit "$status"
