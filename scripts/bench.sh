#!/usr/bin/env bash
# Benchmarks calmgeo-replay against the tools users would otherwise pick, on the same
# inputs in one run, and prints a Markdown table of seconds, peak memory and ratios.
#
#   scripts/bench.sh            all inputs (makes bench-data/ on first run: ~1 GB, a few minutes)
#   scripts/bench.sh csv        only the CSV part (likewise nmea, gpx)
#
# Needs: gpsbabel, xmllint (libxml2-utils), GNU time, python3 with gpxpy and pynmea2
# (installed here when missing). Times are wall-clock seconds of one run each after a
# warm-up read of the file (page cache), on whatever else this machine is doing.
set -euo pipefail
cd "$(dirname "$0")/.."
parts=${*:-csv nmea gpx}
data=bench-data
mkdir -p "$data"

scripts/check-deps.sh
for tool in xmllint:libxml2-utils /usr/bin/time:time; do
  command -v "${tool%%:*}" >/dev/null || { apt-get install -y -qq "${tool##*:}" >/dev/null; }
done
python3 -c 'import gpxpy, pynmea2' 2>/dev/null || pip install -q gpxpy pynmea2

swift build -c release --product calmgeo-replay >&2
swift build -c release --product calmgeo-bench >&2
bin=.build/release

# measure LABEL COMMAND...: runs once, records "seconds max_rss_kb" in $result.
measure() {
  local label=$1; shift
  local log; log=$(mktemp)
  /usr/bin/time -f "%e %M" -o "$log" "$@" > "$data/last.out" 2> "$data/last.err" || {
    echo "FAILED: $label ($*)" >&2; cat "$data/last.err" >&2; rm -f "$log"; return 1; }
  result=$(tail -1 "$log"); rm -f "$log"
  local seconds=${result% *} kb=${result#* }
  printf '| %s | %s | %d MB | %s |\n' "$label" "$seconds" $((kb / 1024)) "$(head -c 120 "$data/last.out" | head -1)"
  eval "last_seconds=$seconds"
}

ratio() { python3 -c "print(f'{$1/$2:.1f}x')"; }

warm() { cat "$@" > /dev/null; }

header() {
  echo
  echo "### $1"
  echo
  echo "| command | seconds | peak RSS | output |"
  echo "|---|---|---|---|"
}

if [[ $parts == *csv* ]]; then
  [[ -f $data/big.csv ]] || python3 scripts/make-big-csv.py "$data/big.csv"
  warm "$data/big.csv"
  header "CSV: $(du -m "$data/big.csv" | cut -f1) MB, $(($(wc -l < "$data/big.csv") - 1)) rows"
  measure "gpsbabel -i unicsv -o gpx (TZ=UTC)" env TZ=UTC gpsbabel -i unicsv -f "$data/big.csv" -o gpx -F /dev/null; babel=$last_seconds
  measure "calmgeo-bench parse" "$bin/calmgeo-bench" parse "$data/big.csv"; parse=$last_seconds
  measure "calmgeo-bench engine (in memory, best of 5)" "$bin/calmgeo-bench" engine "$data/big.csv"
  measure "calmgeo-bench replay (parse + engine)" "$bin/calmgeo-bench" replay "$data/big.csv"
  measure "calmgeo-replay end to end (all outputs)" "$bin/calmgeo-replay" "$data/big.csv" --config Samples/config.json --out "$data/out" --quiet; e2e=$last_seconds
  echo
  echo "CSV parse vs gpsbabel: $(ratio "$babel" "$parse"); end to end vs gpsbabel: $(ratio "$babel" "$e2e")"
fi

if [[ $parts == *nmea* ]]; then
  [[ -f $data/big.nmea ]] || python3 scripts/make-big-nmea.py "$data/big.nmea"
  [[ -f $data/big.nmea.gz ]] || gzip -k -6 "$data/big.nmea"
  warm "$data/big.nmea" "$data/big.nmea.gz"
  header "NMEA: $(du -m "$data/big.nmea" | cut -f1) MB"
  measure "wc -l (floor)" wc -l "$data/big.nmea"
  measure "gpsbabel -i nmea -o unicsv (TZ=UTC)" env TZ=UTC gpsbabel -i nmea -f "$data/big.nmea" -o unicsv -F /dev/null; babel=$last_seconds
  measure "pynmea2 (every line into fields)" python3 scripts/bench/pynmea2_parse.py "$data/big.nmea"; pynmea=$last_seconds
  measure "calmgeo-bench parse" "$bin/calmgeo-bench" parse "$data/big.nmea"; parse=$last_seconds
  measure "calmgeo-bench parse (.gz)" "$bin/calmgeo-bench" parse "$data/big.nmea.gz"
  measure "calmgeo-bench replay (parse + engine)" "$bin/calmgeo-bench" replay "$data/big.nmea"
  measure "calmgeo-replay end to end (all outputs)" "$bin/calmgeo-replay" "$data/big.nmea" --config Samples/config.json --out "$data/out" --quiet
  echo
  echo "NMEA parse vs gpsbabel: $(ratio "$babel" "$parse"); vs pynmea2: $(ratio "$pynmea" "$parse")"
fi

if [[ $parts == *gpx* ]]; then
  [[ -f $data/big.gpx ]] || python3 scripts/make-big-gpx.py "$data/big.gpx"
  [[ -f $data/big.gpx.gz ]] || gzip -k -6 "$data/big.gpx"
  warm "$data/big.gpx" "$data/big.gpx.gz"
  header "GPX: $(du -m "$data/big.gpx" | cut -f1) MB"
  measure "xmllint --stream --noout (floor)" xmllint --stream --noout "$data/big.gpx"; floor=$last_seconds
  measure "xmllint --stream --noout (.gz)" xmllint --stream --noout "$data/big.gpx.gz"; floorgz=$last_seconds
  measure "gpsbabel -i gpx -o unicsv (TZ=UTC)" env TZ=UTC gpsbabel -i gpx -f "$data/big.gpx" -o unicsv -F /dev/null; babel=$last_seconds
  measure "gpxpy" python3 scripts/bench/gpxpy_parse.py "$data/big.gpx"; gpxpy=$last_seconds
  measure "calmgeo-bench parse" "$bin/calmgeo-bench" parse "$data/big.gpx"; parse=$last_seconds
  measure "calmgeo-bench parse (.gz)" "$bin/calmgeo-bench" parse "$data/big.gpx.gz"; parsegz=$last_seconds
  measure "calmgeo-bench replay (parse + engine)" "$bin/calmgeo-bench" replay "$data/big.gpx"
  measure "calmgeo-replay end to end (all outputs)" "$bin/calmgeo-replay" "$data/big.gpx" --config Samples/config.json --out "$data/out" --quiet
  echo
  echo "GPX parse vs xmllint --stream: $(ratio "$parse" "$floor") of its time; .gz: $(ratio "$parsegz" "$floorgz"); vs gpsbabel: $(ratio "$babel" "$parse") faster; vs gpxpy: $(ratio "$gpxpy" "$parse") faster"
fi
