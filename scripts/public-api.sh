#!/usr/bin/env bash
# The public API of the library products (CalmGeoReplay re-exports CalmGeoCore and CalmGeoInput;
# CalmGeoLive), from the compiler's symbol graphs: each module's public top-level types and
# functions, then the count of every public symbol by kind.
#
#   scripts/public-api.sh            a list per module (builds the debug modules first)
#   scripts/public-api.sh --counts   only the counts
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
swift package dump-symbol-graph --minimum-access-level public > "$log" 2>&1 || { cat "$log" >&2; exit 1; }
rm -f "$log"
dir=$(find .build -maxdepth 2 -type d -name symbolgraph | head -1)
python3 - "$dir" "${1:-}" <<'PY'
import collections, json, os, sys
folder, mode = sys.argv[1], sys.argv[2]
total = 0
for module in ["CalmGeoCore", "CalmGeoInput", "CalmGeoReplay", "CalmGeoLive"]:
    graph = json.load(open(os.path.join(folder, f"{module}.symbols.json")))
    public = [s for s in graph["symbols"] if s.get("accessLevel") == "public"]
    kinds = collections.Counter(s["kind"]["identifier"].removeprefix("swift.") for s in public)
    top = sorted({s["pathComponents"][0] for s in public
                  if len(s["pathComponents"]) == 1 and s["kind"]["identifier"] != "swift.func.op"})
    total += len(public)
    print(f"{module}: {len(top)} top-level declarations, {len(public)} public symbols "
          + "(" + ", ".join(f"{n} {k}" for k, n in kinds.most_common()) + ")")
    if mode != "--counts":
        print("  " + ", ".join(top))
print(f"all four: {total} public symbols")
PY
