#!/usr/bin/env bash
# Tests the SwiftPM command plugin (Plugins/CalmGeoCheck) the way an app repository uses it: a
# small consumer package that depends on this checkout by path runs `swift package calmgeo-check`
# on a golden folder recorded here with `check --init` from Samples/. It builds the tool again
# inside the consumer, so it is a script (CI runs it after scripts/test.sh), not a Swift test.
#
# The consumer lives in $PLUGIN_TEST_DIR (default .build/plugin-test, ignored by git) and keeps
# its .build between runs, so a second run only rebuilds what changed. Prints "N passed, N failed"
# last and exits 1 when a case failed. CALMGEO_TOOL=path/to/calmgeo-replay skips building this
# checkout for the golden folder (the consumer builds its own copy regardless).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=${PLUGIN_TEST_DIR:-$root/.build/plugin-test}
consumer=$work/consumer
passed=0
failed=0

pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() {
  failed=$((failed + 1))
  echo "FAIL $1"
  [[ -f $work/last.log ]] && sed 's/^/    /' "$work/last.log" | tail -40
}
finish() { echo "$passed passed, $failed failed"; ((failed == 0)); exit $?; }

# Runs `swift package` in the consumer; output in $work/last.log, exit status in $status.
in_consumer() {
  (cd "$consumer" && swift package "$@") >"$work/last.log" 2>&1
  status=$?
}

# The tool that records the golden folder: $CALMGEO_TOOL, else this checkout's debug build.
tool=${CALMGEO_TOOL:-}
if [[ -z $tool ]]; then
  mkdir -p "$work"
  swift build --product calmgeo-replay >"$work/build.log" 2>&1 || {
    echo "FAIL swift build --product calmgeo-replay (see $work/build.log)"; failed=1; finish; }
  tool=$root/.build/debug/calmgeo-replay
fi

# The consumer: one empty library target and a dependency on this checkout by absolute path,
# pinned to the versions this checkout resolved.
mkdir -p "$consumer/Sources/Consumer" "$consumer/logs"
cat >"$consumer/Package.swift.new" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "consumer",
  dependencies: [.package(path: "$root")],
  targets: [.target(name: "Consumer")]
)
SWIFT
# Rewritten only when it changes, so that the consumer's .build stays valid between runs.
if cmp -s "$consumer/Package.swift.new" "$consumer/Package.swift"; then
  rm "$consumer/Package.swift.new"
else
  mv "$consumer/Package.swift.new" "$consumer/Package.swift"
fi
echo "// The plugin test's consumer has no code of its own." >"$consumer/Sources/Consumer/Consumer.swift"
[[ -f Package.resolved ]] && cp Package.resolved "$consumer/Package.resolved"
cp Samples/stationary-drift.csv Samples/config.json "$consumer/logs/"

# The golden folder, recorded with the tool built here (relative paths, as a team commits it).
rm -rf "$consumer/golden"
if (cd "$consumer" && "$tool" check --init golden --config logs/config.json logs/stationary-drift.csv) \
  >"$work/last.log" 2>&1; then
  pass "check --init records the consumer's golden folder"
else
  fail "check --init records the consumer's golden folder"; finish
fi

start=$(date +%s)
in_consumer plugin --list
if ((status == 0)) && grep -q "calmgeo-check" "$work/last.log"; then
  pass "swift package plugin --list names calmgeo-check ($(($(date +%s) - start)) s, resolving and building the plugin)"
else
  fail "swift package plugin --list names calmgeo-check (exit $status)"
fi

start=$(date +%s)
in_consumer calmgeo-check golden
if ((status == 0)) && grep -q "stationary-drift" "$work/last.log"; then
  pass "calmgeo-check golden passes and names the track ($(($(date +%s) - start)) s, building the tool)"
else
  fail "calmgeo-check golden passes and names the track (exit $status)"
fi

# SwiftPM's own lines go to standard error: standard output is the document alone.
(cd "$consumer" && swift package calmgeo-check golden --format json) >"$work/check.json" 2>"$work/last.log"
status=$?
if ((status == 0)) && python3 - "$work/check.json" <<'PY'
import json, sys
document = json.load(open(sys.argv[1]))
assert document["passed"] is True, document
assert [t["name"] for t in document["tracks"]] == ["stationary-drift"], document["tracks"]
assert all(t["status"] == "ok" for t in document["tracks"]), document["tracks"]
PY
then
  pass "calmgeo-check golden --format json reports the track as ok"
else
  fail "calmgeo-check golden --format json reports the track as ok (exit $status)"
fi

# An edited golden: one latitude of the stored locations changed in its last digit, so the
# fresh replay differs from it and the check must exit 3. SwiftPM ends a failed plugin with 1
# whatever its code, so the code is read from the plugin's error line.
python3 - "$consumer/golden/stationary-drift/locations.json" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
match = re.search(r'"latitude":(-?\d+\.\d*?)(\d)([,}])', text)
digit = str((int(match.group(2)) + 1) % 10)
edited = text[:match.start(2)] + digit + text[match.end(2):]
open(path, "w").write(edited)
PY
in_consumer calmgeo-check golden
if ((status != 0)) && grep -q "check exited with code 3" "$work/last.log" \
  && grep -q "locations.json" "$work/last.log"; then
  pass "calmgeo-check on an edited golden fails with code 3 and shows the difference"
else
  fail "calmgeo-check on an edited golden fails with code 3 and shows the difference (exit $status)"
fi

in_consumer calmgeo-check no-such-golden
if ((status != 0)) && grep -q "check exited with code 66" "$work/last.log" \
  && grep -q "no-such-golden" "$work/last.log"; then
  pass "calmgeo-check on a missing golden folder fails with code 66 and names it"
else
  fail "calmgeo-check on a missing golden folder fails with code 66 and names it (exit $status)"
fi

finish
