#!/usr/bin/env bash
# What the metrics cost: the default replay (every metric on) against `--no-metrics` on each
# benchmark input, side by side with GPSBabel converting the same file to unicsv, and the ratios.
#
#   scripts/bench-metrics.sh                 every input (makes bench-data/ on first run)
#   scripts/bench-metrics.sh commute nmea    only those (csv, commute, nmea, gpx)
#
# Inputs: bench-data/big.csv (make-big-csv.py: 1.63 M fixes of random walking and driving),
# bench-data/commute.csv (make-commute-csv.py: one real commute ridden ~750 times, 1.63 M
# fixes, the revisited route), bench-data/dense.nmea (make-big-nmea.py) and bench-data/big.gpx
# (make-big-gpx.py), as scripts/bench.sh makes them. The two replays run in turn, default then
# --no-metrics, RUNS times (default 5) after a warm-up of each; the table gives the median wall
# seconds of each, the median of the per-pair ratios (which holds when the machine's speed
# drifts) and GPSBabel's best of 2. The default replay parses on a second thread (two cores
# busy): its CPU seconds (user + system) are given too, and the same replay with
# --single-thread, against which GPSBabel (one thread) is compared as well.
# Needs a release build (built here) and gpsbabel.
set -euo pipefail
cd "$(dirname "$0")/.."
parts=${*:-csv commute nmea gpx}
data=bench-data
runs=${RUNS:-5}
bin=${BIN:-.build/release/calmgeo-replay}
mkdir -p "$data"
[[ -n ${BIN:-} ]] || swift build -c release --product calmgeo-replay >&2
command -v /usr/bin/time >/dev/null || { echo "needs GNU time (apt-get install time)" >&2; exit 1; }

# seconds COMMAND...: the wall seconds of one run (output folder removed first); with
# CPU=1, "wall cpu" (cpu: user + system seconds).
seconds() {
  local log
  log=$(mktemp)
  rm -rf "$data/metrics-out"
  /usr/bin/time -f "%e %U %S" -o "$log" "$@" > /dev/null 2> "$data/last.err" || { cat "$data/last.err" >&2; return 1; }
  if [[ ${CPU:-0} == 1 ]]; then tail -1 "$log" | awk '{ printf "%s %.2f\n", $1, $2 + $3 }'; else tail -1 "$log" | cut -d' ' -f1; fi
  rm -f "$log"
}

median() { python3 -c "import statistics, sys; print(f'{statistics.median(map(float, sys.argv[1:])):.2f}')" "$@"; }

echo "| input | fixes | default (metrics on) | its CPU s | --single-thread | --no-metrics | ratio (median of pairs) | GPSBabel → unicsv | GPSBabel / default | GPSBabel / single-thread |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for part in $parts; do
  case $part in
    csv) file=$data/big.csv; make=(python3 scripts/make-big-csv.py "$file"); babel=(-i unicsv) ;;
    commute) file=$data/commute.csv; make=(python3 scripts/make-commute-csv.py "$file"); babel=(-i unicsv) ;;
    nmea) file=$data/dense.nmea; make=(python3 scripts/make-big-nmea.py "$file"); babel=(-i nmea) ;;
    gpx) file=$data/big.gpx; make=(python3 scripts/make-big-gpx.py "$file"); babel=(-i gpx) ;;
    *) echo "unknown input '$part' (csv, commute, nmea, gpx)" >&2; exit 64 ;;
  esac
  [[ -f $file ]] || "${make[@]}"
  cat "$file" > /dev/null
  replay=("$bin" "$file" --out "$data/metrics-out" --quiet)
  seconds "${replay[@]}" > /dev/null
  seconds "${replay[@]}" --no-metrics > /dev/null
  on=() cpu=() single=() off=() ratios=()
  for ((run = 1; run <= runs; run++)); do
    read -r a c < <(CPU=1 seconds "${replay[@]}")
    b=$(seconds "${replay[@]}" --no-metrics)
    s=$(seconds "${replay[@]}" --single-thread)
    on+=("$a") cpu+=("$c") off+=("$b") single+=("$s") ratios+=("$(python3 -c "print($a / $b)")")
  done
  fixes=$(python3 -c "import glob, json; print(json.load(open(glob.glob('$data/metrics-out/*/stats.json')[0]))['input']['fixesUsed'])" \
    2>/dev/null || echo "?")
  if command -v gpsbabel >/dev/null; then
    g1=$(seconds env TZ=UTC gpsbabel "${babel[@]}" -f "$file" -o unicsv -F /dev/null)
    g2=$(seconds env TZ=UTC gpsbabel "${babel[@]}" -f "$file" -o unicsv -F /dev/null)
    gps=$(python3 -c "print(min($g1, $g2))")
    vs=$(python3 -c "print(f'{$gps / $(median "${on[@]}"):.1f}×')")
    vs1=$(python3 -c "print(f'{$gps / $(median "${single[@]}"):.1f}×')")
  else
    gps="(gpsbabel not installed)" vs="" vs1=""
  fi
  printf '| %s | %s | %s s | %s | %s s | %s s | %s× | %s s | %s | %s |\n' "$(basename "$file")" "$fixes" \
    "$(median "${on[@]}")" "$(median "${cpu[@]}")" "$(median "${single[@]}")" "$(median "${off[@]}")" \
    "$(median "${ratios[@]}")" "$gps" "$vs" "$vs1"
done
