#!/usr/bin/env python3
"""Independent check of calmgeo-replay's geofence rule (README "Geofences").

Reads a CSV log with time, lat, lon and accuracy columns, and prints, for one circle,
every fix where the CLMonitor-style state changes: accuracy > radius (or negative)
-> unknown, else haversine distance (R = 6371008.8 m) <= radius -> satisfied, else
unsatisfied; the initial state is `assuming`. No exit delay, no minimum radius.

usage: scripts/geofence-crossings.py LOG.csv LAT LON RADIUS [ASSUMING]
"""
import csv
import math
import sys

R = 6371008.8


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * R * math.asin(math.sqrt(h))


def main():
    path, lat, lon, radius = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
    state = sys.argv[5] if len(sys.argv) > 5 else "unknown"
    with open(path, newline="") as f:
        for number, row in enumerate(csv.DictReader(f), start=1):
            d = haversine(lat, lon, float(row["lat"]), float(row["lon"]))
            acc = row.get("accuracy", "")
            if acc != "" and not (0 <= float(acc) <= radius):
                observed = "unknown"
            else:
                observed = "satisfied" if d <= radius else "unsatisfied"
            if observed != state:
                print(f"fix {number} {row['time']} {state} -> {observed} distance {d:.2f} accuracy {acc or '-'}")
                state = observed


if __name__ == "__main__":
    main()
