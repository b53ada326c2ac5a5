#!/usr/bin/env bash
# Renders a report.html to a PNG with headless Chromium, as a person would see it at 1280 px.
#   scripts/render-report.sh REPORT.html OUT.png [WIDTH,HEIGHT]   (default 1280,1800)
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 REPORT.html OUT.png [WIDTH,HEIGHT]" >&2
  exit 64
fi
report=$(realpath "$1")
out=$(realpath -m "$2")
size=${3:-1280,1800}
browser=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
if [ -z "$browser" ]; then
  echo "$0: no chromium found (apt-get install chromium, or set CHROMIUM)" >&2
  exit 69
fi
# A throwaway profile so that runs never share state (or a lock) with each other.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
  --screenshot="$out" --window-size="$size" "file://$report${REPORT_FRAGMENT:-}" 2>/dev/null
test -s "$out"
echo "$out"
