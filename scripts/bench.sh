#!/usr/bin/env bash
# Benchmarks calmgeo-replay against the tools users would otherwise pick, on the same
# inputs in one run, and prints a Markdown table of seconds, peak memory and ratios.
#
#   scripts/bench.sh            all inputs (makes bench-data/ on first run: ~1 GB, a few minutes)
#   scripts/bench.sh csv        only the CSV part (likewise nmea, gpx)
#
# Needs: gpsbabel, xmllint (libxml2-utils), GNU time, python3 with gpxpy and pynmea2
# (installed here when missing). Times are the best wall-clock seconds of 3 runs (RUNS=n to
# change; 1 for commands slower than 8 s) after a warm-up read of the file (page cache).
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

# measure LABEL COMMAND...: runs $runs times (once for commands slower than 8 s), keeps the
# fastest wall time and the largest peak RSS; sets $last_seconds. Output folders are removed
# before each run, outside the timing.
runs=${RUNS:-3}
measure() {
  local label=$1; shift
  local log best="" peak=0 seconds kb
  log=$(mktemp)
  for ((run = 1; run <= runs; run++)); do
    rm -rf "$data/out"
    /usr/bin/time -f "%e %M" -o "$log" "$@" > "$data/last.out" 2> "$data/last.err" || {
      echo "FAILED: $label ($*)" >&2; cat "$data/last.err" >&2; rm -f "$log"; return 1; }
    read -r seconds kb < <(tail -1 "$log")
    if [[ -z $best ]] || python3 -c "import sys; sys.exit(0 if $seconds < $best else 1)"; then best=$seconds; fi
    ((kb > peak)) && peak=$kb
    python3 -c "import sys; sys.exit(0 if $seconds > 8 else 1)" && break
  done
  rm -f "$log"
  printf '| %s | %s | %d MB | %s |\n' "$label" "$best" $((peak / 1024)) "$(head -c 120 "$data/last.out" | head -1)"
  last_seconds=$best
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
  header "CSV: $(du -m "$data/big.csv" | cut -f1) MB, $(($(wc -l < "$data/big.csv") - 1)) rows (scripts/make-big-csv.py)"
  measure "gpsbabel -i unicsv -o gpx (TZ=UTC)" env TZ=UTC gpsbabel -i unicsv -f "$data/big.csv" -o gpx -F /dev/null; babel=$last_seconds
  measure "calmgeo-bench parse" "$bin/calmgeo-bench" parse "$data/big.csv"; parse=$last_seconds
  measure "calmgeo-bench engine (in memory, best of 5)" "$bin/calmgeo-bench" engine "$data/big.csv"
  measure "calmgeo-bench replay (parse + engine)" "$bin/calmgeo-bench" replay "$data/big.csv"
  measure "calmgeo-replay, default config (locations.json, stats)" "$bin/calmgeo-replay" "$data/big.csv" --out "$data/out" --quiet; e2e=$last_seconds
  measure "calmgeo-replay, Samples/config.json (+ one file per request)" "$bin/calmgeo-replay" "$data/big.csv" --config Samples/config.json --out "$data/out" --quiet; uploads=$last_seconds
  echo
  echo "CSV parse vs gpsbabel: $(ratio "$babel" "$parse"); end to end vs gpsbabel: $(ratio "$babel" "$e2e") (with request files: $(ratio "$babel" "$uploads"))"
fi

if [[ $parts == *nmea* ]]; then
  [[ -f $data/dense.nmea ]] || python3 scripts/make-big-nmea.py "$data/dense.nmea"
  [[ -f $data/dense.nmea.gz ]] || gzip -k -6 "$data/dense.nmea"
  [[ -f $data/gsv.nmea ]] || python3 scripts/make-big-nmea.py "$data/gsv.nmea" --source ../shared/corpus/nmea/gpsd__ublox-zed-f9p-nmea.log
  warm "$data/dense.nmea" "$data/dense.nmea.gz" "$data/gsv.nmea"
  header "NMEA, dense phone log: $(du -m "$data/dense.nmea" | cut -f1) MB (scripts/make-big-nmea.py: Pixel log repeated)"
  measure "wc -l (floor)" wc -l "$data/dense.nmea"
  measure "gpsbabel -i nmea -o unicsv (TZ=UTC)" env TZ=UTC gpsbabel -i nmea -f "$data/dense.nmea" -o unicsv -F /dev/null; babel=$last_seconds
  measure "pynmea2 (every line into fields)" python3 scripts/bench/pynmea2_parse.py "$data/dense.nmea"; pynmea=$last_seconds
  measure "calmgeo-bench parse" "$bin/calmgeo-bench" parse "$data/dense.nmea"; parse=$last_seconds
  measure "calmgeo-bench parse (.gz)" "$bin/calmgeo-bench" parse "$data/dense.nmea.gz"
  measure "calmgeo-bench replay (parse + engine)" "$bin/calmgeo-bench" replay "$data/dense.nmea"
  measure "calmgeo-replay, Samples/config.json (all outputs)" "$bin/calmgeo-replay" "$data/dense.nmea" --config Samples/config.json --out "$data/out" --quiet
  echo
  echo "NMEA parse vs gpsbabel: $(ratio "$babel" "$parse"); vs pynmea2: $(ratio "$pynmea" "$parse")"
  header "NMEA, GSV-heavy u-blox log: $(du -m "$data/gsv.nmea" | cut -f1) MB (make-big-nmea.py --source gpsd__ublox-zed-f9p-nmea.log)"
  measure "gpsbabel -i nmea -o unicsv (TZ=UTC)" env TZ=UTC gpsbabel -i nmea -f "$data/gsv.nmea" -o unicsv -F /dev/null; babel=$last_seconds
  measure "calmgeo-bench parse" "$bin/calmgeo-bench" parse "$data/gsv.nmea"; parse=$last_seconds
  echo
  echo "NMEA (GSV-heavy) parse vs gpsbabel: $(ratio "$babel" "$parse")"
fi

if [[ $parts == *gpx* ]]; then
  [[ -f $data/big.gpx ]] || python3 scripts/make-big-gpx.py "$data/big.gpx"
  [[ -f $data/big.gpx.gz ]] || gzip -k -6 "$data/big.gpx"
  [[ -f $data/gpslogger.gpx ]] || python3 scripts/make-big-gpx.py "$data/gpslogger.gpx" --source ../shared/corpus/gpx/dat100__20170813.gpx
  warm "$data/big.gpx" "$data/big.gpx.gz" "$data/gpslogger.gpx"
  header "GPX: $(du -m "$data/big.gpx" | cut -f1) MB (scripts/make-big-gpx.py: togeojson multitrack file repeated)"
  # libxml2's real floor: its SAX2 push parser with empty callbacks (scripts/bench/sax2_floor.c).
  cc -O2 $(xml2-config --cflags) scripts/bench/sax2_floor.c -o "$data/sax2_floor" $(xml2-config --libs) -lz
  measure "SAX2 push parser, empty callbacks (floor)" "$data/sax2_floor" "$data/big.gpx"; sax=$last_seconds
  measure "SAX2 push parser, empty callbacks (.gz)" "$data/sax2_floor" "$data/big.gpx.gz"; saxgz=$last_seconds
  measure "xmllint --stream --noout" xmllint --stream --noout "$data/big.gpx"; floor=$last_seconds
  measure "xmllint --stream --noout (.gz)" xmllint --stream --noout "$data/big.gpx.gz"; floorgz=$last_seconds
  measure "gpsbabel -i gpx -o unicsv (TZ=UTC)" env TZ=UTC gpsbabel -i gpx -f "$data/big.gpx" -o unicsv -F /dev/null; babel=$last_seconds
  measure "gpxpy" python3 scripts/bench/gpxpy_parse.py "$data/big.gpx"; gpxpy=$last_seconds
  measure "calmgeo-bench parse" "$bin/calmgeo-bench" parse "$data/big.gpx"; parse=$last_seconds
  measure "calmgeo-bench parse (.gz)" "$bin/calmgeo-bench" parse "$data/big.gpx.gz"; parsegz=$last_seconds
  measure "calmgeo-bench replay (parse + engine)" "$bin/calmgeo-bench" replay "$data/big.gpx"
  measure "calmgeo-replay, Samples/config.json (all outputs)" "$bin/calmgeo-replay" "$data/big.gpx" --config Samples/config.json --out "$data/out" --quiet
  echo
  echo "GPX parse vs the SAX2 floor: $(ratio "$parse" "$sax") of its time; .gz: $(ratio "$parsegz" "$saxgz")"
  echo "GPX parse vs xmllint --stream: $(ratio "$parse" "$floor") of its time; .gz: $(ratio "$parsegz" "$floorgz"); vs gpsbabel: $(ratio "$babel" "$parse") faster; vs gpxpy: $(ratio "$gpxpy" "$parse") faster"
  header "GPX, GPSLogger layout: $(du -m "$data/gpslogger.gpx" | cut -f1) MB (make-big-gpx.py --source dat100__20170813.gpx)"
  measure "xmllint --stream --noout (floor)" xmllint --stream --noout "$data/gpslogger.gpx"; floor=$last_seconds
  measure "gpsbabel -i gpx -o unicsv (TZ=UTC)" env TZ=UTC gpsbabel -i gpx -f "$data/gpslogger.gpx" -o unicsv -F /dev/null; babel=$last_seconds
  measure "calmgeo-bench parse" "$bin/calmgeo-bench" parse "$data/gpslogger.gpx"; parse=$last_seconds
  echo
  echo "GPX (GPSLogger) parse vs xmllint --stream: $(ratio "$parse" "$floor") of its time; vs gpsbabel: $(ratio "$babel" "$parse") faster"
fi
