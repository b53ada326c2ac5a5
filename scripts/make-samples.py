#!/usr/bin/env python3
"""Generates the synthetic sample tracks in Samples/ (deterministic: fixed seeds).

Each track is a CSV with the columns GPSLogger for Android writes (time, lat, lon,
elevation, accuracy, bearing, speed), 1 Hz, times in UTC. Positions are laid out
in metres on a local east/north plane around a starting point and converted to
degrees with the same sphere as the replay (radius 6 371 008.8 m).

    python3 scripts/make-samples.py [output-folder]   (default: Samples)
"""
import math
import os
import random
import sys
from datetime import datetime, timedelta, timezone

R = 6371008.8


def to_degrees(lat0, lon0, east, north):
    lat = lat0 + math.degrees(north / R)
    lon = lon0 + math.degrees(east / (R * math.cos(math.radians(lat0))))
    return lat, lon


def write(path, start, lat0, lon0, rows):
    """rows: (seconds, east m, north m, speed m/s, bearing deg, accuracy m, elevation m)."""
    with open(path, "w", newline="\n") as out:
        out.write("time,lat,lon,elevation,accuracy,bearing,speed\n")
        for t, east, north, speed, bearing, accuracy, ele in rows:
            lat, lon = to_degrees(lat0, lon0, east, north)
            stamp = (start + timedelta(seconds=t)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
            out.write(f"{stamp},{lat:.7f},{lon:.7f},{ele:.1f},{accuracy:.1f},{bearing:.1f},{speed:.2f}\n")


def walk_with_long_stop(rng):
    """12 min walk east at ~1.4 m/s, 7 min at a cafe (GPS drift of a few metres), 10 min walk north."""
    rows, x, y = [], 0.0, 0.0
    for t in range(0, 720):
        v = 1.4 + rng.uniform(-0.15, 0.15)
        x += v
        rows.append((t, x + rng.gauss(0, 1.5), y + rng.gauss(0, 1.5), v, 90 + rng.uniform(-5, 5), rng.uniform(4, 8), 42))
    for t in range(720, 1140):
        rows.append((t, x + rng.gauss(0, 2.5), y + rng.gauss(0, 2.5), rng.uniform(0, 0.3), 0, rng.uniform(6, 15), 42))
    for t in range(1140, 1740):
        v = 1.4 + rng.uniform(-0.15, 0.15)
        y += v
        rows.append((t, x + rng.gauss(0, 1.5), y + rng.gauss(0, 1.5), v, rng.uniform(-5, 5) % 360, rng.uniform(4, 8), 42))
    return rows


def drive_with_speed_changes(rng):
    """City (10-14 m/s), a 45 s red light, a highway at 30 m/s, city again, then parked for 4 min."""
    phases = [(0, 10), (120, 12), (300, 0), (345, 14), (420, 30), (900, 22), (1000, 9), (1150, 0)]
    rows, x, v = [], 0.0, 0.0
    for t in range(0, 1390):
        target = next(speed for start, speed in reversed(phases) if t >= start)
        v += max(-3.0, min(2.0, target - v))  # accelerate at most 2 m/s², brake at most 3 m/s²
        v = max(0.0, v + rng.uniform(-0.2, 0.2) if v > 0.5 else v)
        x += v
        rows.append((t, x + rng.gauss(0, 1.0), rng.gauss(0, 1.0), v, 90, rng.uniform(3, 6), 15))
    return rows


def stationary_with_drift(rng):
    """35 min indoors: noise of 5-10 m, slow multipath wander, and a few 20-40 m jumps."""
    rows, dx, dy = [], 0.0, 0.0
    for t in range(0, 2100):
        dx = 0.98 * dx + rng.gauss(0, 0.8)
        dy = 0.98 * dy + rng.gauss(0, 0.8)
        jump = (rng.uniform(20, 40), rng.uniform(0, 2 * math.pi)) if rng.random() < 0.004 else (0.0, 0.0)
        east = dx + rng.gauss(0, 3) + jump[0] * math.cos(jump[1])
        north = dy + rng.gauss(0, 3) + jump[0] * math.sin(jump[1])
        accuracy = rng.uniform(10, 25) + (jump[0] if jump[0] else 0)
        rows.append((t, east, north, rng.uniform(0, 0.6), 0, accuracy, 30))
    return rows


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "Samples"
    os.makedirs(folder, exist_ok=True)
    start = datetime(2024, 5, 1, 7, 0, 0, tzinfo=timezone.utc)
    tracks = [
        ("walk-with-long-stop.csv", walk_with_long_stop, 1),
        ("drive-speed-changes.csv", drive_with_speed_changes, 2),
        ("stationary-drift.csv", stationary_with_drift, 3),
    ]
    for name, make, seed in tracks:
        write(os.path.join(folder, name), start, 35.0116, 135.7681, make(random.Random(seed)))
        print(f"wrote {os.path.join(folder, name)}")


if __name__ == "__main__":
    main()
