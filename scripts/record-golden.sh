#!/usr/bin/env bash
# Replays every sample listed in Samples/expected/check.json (with Samples/config.json) and
# rewrites the track folders that differ, and summary.csv: calmgeo-replay check --update.
# Run it only after a deliberate behaviour change, then read the diff before committing:
# the CLI tests run `check Samples/expected` against these files. A new sample needs its
# line in check.json first. (The folder is no longer wiped: it holds the manifest.)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product calmgeo-replay
.build/debug/calmgeo-replay check --update Samples/expected --quiet
git status --short Samples/expected | head -20
