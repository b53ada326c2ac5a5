#!/usr/bin/env bash
# Builds the libFuzzer harnesses (Fuzz/, a package of its own so that the sanitizer
# flags never reach a normal build) and runs one target.
#
#   scripts/fuzz.sh TARGET [SECONDS]    run TARGET for SECONDS (default 60)
#   scripts/fuzz.sh --build             only build
#   scripts/fuzz.sh --list              the targets
#
# Targets: detect csv nmea gpx gnsslogger json replay config sweep jsondoc yamldoc network (see
# Fuzz/Sources/calmgeo-fuzz/Harness.swift). Seeds: ../shared/corpus (per format) and the
# repository's Samples/; the growing corpus lives in Fuzz/corpus/TARGET. A crash, a
# hang (> 10 s for one input) or a memory blow-up (> 2 GB) stops the run with the
# input saved in Fuzz/findings/TARGET/ and exit status 1: make it a regression test.
#
# Environment: FUZZ_MAX_LEN (largest input, default 65536), FUZZ_TIMEOUT (seconds of wall
# time for one input before it counts as a hang, default 10; a niced background run on a
# busy machine needs more, then re-run any timeout alone), FUZZ_BINARY (run this harness
# instead of building one: a long campaign on a fixed build), FUZZ_JOBS (unused: one
# process, one core), CALMGEO_CORPUS (seed corpus, default ../shared/corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
targets="detect csv nmea gpx gnsslogger json replay config sweep jsondoc yamldoc network"

if [[ ${1:-} == --list ]]; then echo "$targets"; exit 0; fi

build() {
  # SwiftPM keeps the list of the parent package's source files from the last build of
  # Fuzz/ and fails ("cannot find X in scope", "missing inputs") after a file was added
  # or removed there; a newer Fuzz/Package.swift makes it read the package again.
  local list=Fuzz/.build/sources.list
  mkdir -p Fuzz/.build
  if ! find Sources -type f | sort | cmp -s - "$list"; then
    touch Fuzz/Package.swift
    find Sources -type f | sort > "$list"
  fi
  # Release with ASan: the fuzzer runs 5-20× faster than in debug and still catches
  # out-of-bounds reads in the parsers' pointer code. Flags only here, never in Package.swift.
  # lld: gold fails on the sanitizer's debug info (internal error in format_file_lineno).
  (cd Fuzz && swift build -c release --product calmgeo-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld \
    -Xcc -fsanitize=fuzzer-no-link,address 2>&1 | grep -Ev "warning: Cannot export local symbol" >&2) || return 1
  binary=$root/Fuzz/.build/release/calmgeo-fuzz
  [[ -x $binary ]]
}

if [[ ${1:-} == --build ]]; then build; exit $?; fi

target=${1:?usage: scripts/fuzz.sh TARGET [SECONDS] (targets: $targets)}
seconds=${2:-60}
[[ " $targets " == *" $target "* ]] || { echo "unknown target '$target'; one of: $targets" >&2; exit 64; }
if [[ -n ${FUZZ_BINARY:-} ]]; then
  # A harness built earlier (a long campaign keeps fuzzing one build while the sources change).
  binary=$FUZZ_BINARY
  [[ -x $binary ]] || { echo "FUZZ_BINARY '$binary' is not an executable" >&2; exit 66; }
else
  build
fi

corpus_root=${CALMGEO_CORPUS:-$root/../shared/corpus}
seeds=()
add_seeds() { for folder in "$@"; do [[ -d $folder ]] && seeds+=("$folder"); done; return 0; }
case $target in
  csv) add_seeds "$corpus_root/csv" ;;
  nmea) add_seeds "$corpus_root/nmea" ;;
  gpx) add_seeds "$corpus_root/gpx" ;;
  gnsslogger|json) add_seeds "$corpus_root/other" ;;
  detect|replay) add_seeds "$corpus_root/csv" "$corpus_root/nmea" "$corpus_root/gpx" "$corpus_root/other" ;;
esac
[[ -d $corpus_root ]] || echo "note: no seed corpus at $corpus_root; starting from Samples/ only" >&2
# Samples: logs for the parsers, configurations and sweep specs for the decoders.
samples=$root/Fuzz/corpus/.samples-$target
rm -rf "$samples"; mkdir -p "$samples"
case $target in
  config) find Samples -name '*.json' -path '*config*' -size -64k -exec cp {} "$samples/" \; ;;
  sweep) find Samples scripts/bench -maxdepth 2 \( -name '*.yaml' -o -name '*.yml' \) -size -64k -exec cp {} "$samples/" \; ;;
  jsondoc) find Samples scripts/bench -name '*.json' -size -64k -exec cp {} "$samples/" \; ;;
  yamldoc) find Samples scripts/bench \( -name '*.yaml' -o -name '*.yml' \) -size -64k -exec cp {} "$samples/" \; ;;
  network) printf '%s\n' '{"track":"walk","device":1,"seq":1,"sentAt":"2024-05-01T07:00:00.000Z","latencyMs":812,"wallMs":13.5,"outcome":200}' \
    '{"track":"walk","device":1,"seq":2,"sentAt":"2024-05-01T07:00:20.000Z","latencyMs":1000,"wallMs":1000,"outcome":"timeout","abandoned":true}' \
    > "$samples/recorded.ndjson" ;;
  *) find Samples -maxdepth 1 -type f -size -256k ! -name '*.md' -exec cp {} "$samples/" \; ;;
esac
seeds+=("$samples")

work=$root/Fuzz/corpus/$target
findings=$root/Fuzz/findings/$target
mkdir -p "$work" "$findings"
echo "fuzzing $target for ${seconds}s (seeds: ${seeds[*]})" >&2
export CALMGEO_FUZZ_TARGET=$target
set +e
"$binary" "$work" "${seeds[@]}" \
  -max_total_time="$seconds" -max_len="${FUZZ_MAX_LEN:-65536}" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 \
  -artifact_prefix="$findings/" -print_final_stats=1
status=$?
set -e
if [[ $status -eq 72 ]]; then
  # libFuzzer's exit status after SIGINT or SIGTERM: stopped, not a finding.
  echo "fuzzing $target interrupted; the corpus in $work keeps what it found" >&2
elif [[ $status -ne 0 ]]; then
  echo "FINDING in $target: see $findings/ (reproduce: CALMGEO_FUZZ_TARGET=$target $binary FILE)" >&2
fi
exit $status
