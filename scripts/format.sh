#!/usr/bin/env bash
# Formats every Swift file git tracks or would track with swift-format (configuration: .swift-format, 2-space
# indents, 120 columns), then lints them strictly. `scripts/format.sh --lint` only lints
# (what scripts/test.sh runs): it exits non-zero when a file is not formatted.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.swift')
if [[ "${1:-}" != "--lint" ]]; then
  swift format format --in-place --parallel "${files[@]}"
fi
swift format lint --strict --parallel "${files[@]}"
