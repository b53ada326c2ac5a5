#!/usr/bin/env bash
# Builds calmgeo-replay (release) and replays a bundled sample with a sample configuration.
#   scripts/replay-sample.sh [sample.csv] [extra calmgeo-replay options]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/check-deps.sh
swift build -c release --product calmgeo-replay >&2
sample=${1:-Samples/walk-with-long-stop.csv}
shift || true
.build/release/calmgeo-replay "$sample" --config Samples/config.json --out replay-out "$@"
