#!/usr/bin/env bash
# Builds Examples/WorkedExample, a package that depends on this one by path and replays
# CALMGEO.md §6's worked example through the library product's public API alone, and
# compares what it prints with Examples/WorkedExample/expected.txt (the contract's table,
# written by hand). Exit 0 when they agree.
set -uo pipefail
cd "$(dirname "$0")/.."
example=Examples/WorkedExample
log=$(mktemp)
# SwiftPM keeps the list of this package's source files from the example's last build and fails
# ("cannot find X in scope") after a file was added or removed here; a newer Package.swift in the
# example makes it read this package again (as scripts/fuzz.sh does for Fuzz/).
list=$example/.build/sources.list
mkdir -p "$example/.build"
if ! find Sources -type f | sort | cmp -s - "$list"; then
  touch "$example/Package.swift"
  find Sources -type f | sort >"$list"
fi
if ! swift build --package-path "$example" >"$log" 2>&1; then
  echo "FAIL the worked example does not build against the library's public API:" >&2
  tail -40 "$log" >&2
  exit 1
fi
actual=$(swift run --skip-build --package-path "$example" WorkedExample 2>"$log") || {
  echo "FAIL the worked example exited with an error:" >&2
  cat "$log" >&2
  exit 1
}
if ! diff -u "$example/expected.txt" <(printf '%s\n' "$actual"); then
  echo "FAIL the worked example's replay differs from CALMGEO.md §6 (above: expected, actual)" >&2
  exit 1
fi
echo "PASS the worked example (CALMGEO.md §6) replays as the contract says, from another package"
