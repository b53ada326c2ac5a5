#!/usr/bin/env bash
# Runs the whole test suite (unit, parser corpus, engine rules, CLI end to end).
# Corpus tests read ../shared/corpus beside the checkout and skip (saying why) without it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/check-deps.sh
# Formatting is part of the suite: a file swift-format would change fails it (scripts/format.sh fixes it).
scripts/format.sh --lint
swift build
swift test "$@"
