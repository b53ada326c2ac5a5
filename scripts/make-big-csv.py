#!/usr/bin/env python3
"""Writes a large GPSLogger-style CSV for benchmarks (deterministic, seed 1).

    python3 scripts/make-big-csv.py OUT.csv [ROWS]     (default 1 630 000 rows, about 100 MB)

1 Hz fixes alternating walking, driving and standing phases so that the replay
engine exercises its filter, stops and geofence exits at realistic rates.
"""
import math
import random
import sys
from datetime import datetime, timezone

R = 6371008.8


def main():
    out_path = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 1_630_000
    rng = random.Random(1)
    lat0, lon0 = 60.385390, 5.217217
    cos0 = math.cos(math.radians(lat0))
    t0 = int(datetime(2017, 8, 13, 8, 0, 0, tzinfo=timezone.utc).timestamp())
    x = y = 0.0
    heading = 0.0
    speed = 0.0
    phase_end = 0
    target = 0.0
    with open(out_path, "w") as out:
        out.write("time,lat,lon,elevation,accuracy,bearing,speed,satellites,provider,hdop,vdop,pdop\n")
        for i in range(rows):
            if i >= phase_end:
                target = rng.choice([0.0, 0.0, 1.4, 1.4, 5.0, 12.0, 25.0])
                phase_end = i + rng.randint(60, 900)
                heading = rng.uniform(0, 2 * math.pi)
            speed += max(-3.0, min(2.0, target - speed))
            x += speed * math.cos(heading)
            y += speed * math.sin(heading)
            east = x + rng.gauss(0, 1.5)
            north = y + rng.gauss(0, 1.5)
            lat = lat0 + math.degrees(north / R)
            lon = lon0 + math.degrees(east / (R * cos0))
            stamp = datetime.fromtimestamp(t0 + i, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")
            out.write(f"{stamp},{lat:.6f},{lon:.6f},{61.9:.1f},{rng.uniform(3, 12):.1f},"
                      f"{math.degrees(heading) % 360:.2f},{speed:.2f},9,gps,1.02,0.85,1.33\n")


if __name__ == "__main__":
    main()
