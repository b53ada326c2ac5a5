#!/usr/bin/env bash
# Runs the whole test suite (unit, parser corpus, engine rules, CLI end to end).
# Corpus tests read ../shared/corpus beside the checkout and skip (saying why) without it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/check-deps.sh
swift build
swift test "$@"
