#!/usr/bin/env bash
# Replays every sample with Samples/config.json and rewrites Samples/expected/.
# Run it only after a deliberate behaviour change, then read the diff before committing:
# the CLI tests compare fresh replays with these files byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product calmgeo-replay
rm -rf Samples/expected
.build/debug/calmgeo-replay Samples/*.csv --config Samples/config.json --out Samples/expected --quiet
git status --short Samples/expected | head -20
