#!/usr/bin/env python3
"""Writes a large GPSLogger-style CSV that revisits one real route again and again (seed 1).

    python3 scripts/make-commute-csv.py OUT.csv [ROWS] [--source FILE]

The route is a real commute (by default the shared corpus's dat100__20170814.csv, a 36-minute
bike ride in Bergen, 197 fixes), resampled to 1 Hz by linear interpolation in latitude and
longitude (about 2 180 fixes). It is ridden there in the morning and back in the evening, day
after day, each ride with fresh 1.5 m Gaussian noise, until ROWS rows are written (default
1 630 000: about 750 rides, 100 MB): a month of commutes in one file, where every grid cell of
the emitted track holds hundreds of overlapping segments. Only the standard library is used;
tests never run this.
"""
import argparse
import csv
import math
import os
import random
from datetime import datetime, timezone

R = 6371008.8
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCE = os.path.join(HERE, "..", "..", "shared", "corpus", "csv", "dat100__20170814.csv")


def read_route(path):
    """(seconds, lat, lon) of every row of a GPSLogger CSV, times from its first row."""
    points = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            moment = datetime.fromisoformat(row["time"].replace("Z", "+00:00")).timestamp()
            points.append((moment, float(row["lat"]), float(row["lon"])))
    start = points[0][0]
    return [(t - start, lat, lon) for t, lat, lon in points]


def resample(points):
    """The route at every whole second from its first to its last fix, interpolated linearly."""
    out = []
    k = 0
    for second in range(int(points[-1][0]) + 1):
        while k + 2 < len(points) and points[k + 1][0] <= second:
            k += 1
        (t0, a0, o0), (t1, a1, o1) = points[k], points[k + 1]
        f = 0.0 if t1 == t0 else min(1.0, max(0.0, (second - t0) / (t1 - t0)))
        out.append((a0 + (a1 - a0) * f, o0 + (o1 - o0) * f))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("rows", nargs="?", type=int, default=1_630_000)
    parser.add_argument("--source", default=DEFAULT_SOURCE)
    args = parser.parse_args()
    route = resample(read_route(args.source))
    rng = random.Random(1)
    lat0 = route[0][0]
    cos0 = math.cos(math.radians(lat0))
    day0 = int(datetime(2017, 8, 14, tzinfo=timezone.utc).timestamp())
    written = 0
    ride = 0
    with open(args.out, "w") as out:
        out.write("time,lat,lon,elevation,accuracy,bearing,speed,satellites,provider,hdop,vdop,pdop\n")
        while written < args.rows:
            start = day0 + (ride // 2) * 86_400 + (5 * 3600 if ride % 2 == 0 else 16 * 3600)
            path = route if ride % 2 == 0 else route[::-1]
            for i, (lat, lon) in enumerate(path):
                if written >= args.rows:
                    break
                north = rng.gauss(0, 1.5)
                east = rng.gauss(0, 1.5)
                lat_n = lat + math.degrees(north / R)
                lon_n = lon + math.degrees(east / (R * cos0))
                stamp = datetime.fromtimestamp(start + i, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")
                out.write(f"{stamp},{lat_n:.6f},{lon_n:.6f},40.0,{rng.uniform(3, 12):.1f},"
                          f"0.00,4.00,9,gps,1.02,0.85,1.33\n")
                written += 1
            ride += 1


if __name__ == "__main__":
    main()
