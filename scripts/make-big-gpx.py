#!/usr/bin/env python3
"""Build a large GPX for benchmarks by repeating the tracks of a real one.

Usage: scripts/make-big-gpx.py OUTPUT [--source FILE] [--megabytes N]

The source (by default the shared corpus's togeojson__multitrackgpx.gpx, a
Garmin MapSource export of 5,235 points, ~135 bytes a point) is split into its
header, its <trk> elements and its footer. The tracks are written again and
again until the file reaches the size asked for (200 MB by default); each copy's
<time> values are shifted by a whole number of the source's time span (plus one
hour), so the output keeps the source's shape and its times keep increasing
from copy to copy. Only the standard library is used; tests never run this.
"""

import argparse
import datetime
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCE = os.path.join(HERE, "..", "..", "shared", "corpus", "gpx", "togeojson__multitrackgpx.gpx")
TIME = re.compile(rb"<time>([^<]*)</time>")


def parse_time(text):
    """An aware datetime from an ISO 8601 GPX time (Z or offset, optional fraction)."""
    value = text.decode("ascii").strip()
    if value.endswith("Z"):
        value = value[:-1] + "+00:00"
    return datetime.datetime.fromisoformat(value)


def format_time(moment, fraction):
    """The time in UTC with a Z, with milliseconds when the source had a fraction."""
    moment = moment.astimezone(datetime.timezone.utc)
    if fraction:
        return moment.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (moment.microsecond // 1000)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="Path of the GPX to write.")
    parser.add_argument("--source", default=DEFAULT_SOURCE, help="The real GPX to repeat.")
    parser.add_argument("--megabytes", type=float, default=200, help="Smallest size of the output, in MB (10^6 bytes).")
    args = parser.parse_args()

    with open(args.source, "rb") as f:
        data = f.read()
    first = data.find(b"<trk>")
    last = data.rfind(b"</trk>")
    if first < 0 or last < 0:
        sys.exit("%s: no <trk> element to repeat" % args.source)
    last += len(b"</trk>")
    header, body, footer = data[:first], data[first:last], data[last:]

    # Split the body into text and times once; each copy only re-renders the times.
    pieces = []
    times = []
    position = 0
    for match in TIME.finditer(body):
        pieces.append(body[position:match.start(1)])
        times.append((parse_time(match.group(1)), b"." in match.group(1)))
        position = match.end(1)
    pieces.append(body[position:])
    if not times:
        sys.exit("%s: the tracks have no <time> to shift" % args.source)
    span = max(t for t, _ in times) - min(t for t, _ in times) + datetime.timedelta(hours=1)

    target = int(args.megabytes * 1_000_000)
    written = 0
    copies = 0
    with open(args.output, "wb") as out:
        out.write(header)
        written += len(header)
        while written + len(footer) < target:
            shift = span * copies
            parts = []
            for piece, (moment, fraction) in zip(pieces, times):
                parts.append(piece)
                parts.append(format_time(moment + shift, fraction).encode("ascii"))
            parts.append(pieces[-1])
            chunk = b"".join(parts)
            out.write(chunk)
            written += len(chunk)
            copies += 1
        out.write(footer)
        written += len(footer)
    print("%s: %d copies of %s, %d points, %.1f MB" % (
        args.output, copies, os.path.basename(args.source), copies * len(times), written / 1e6))


if __name__ == "__main__":
    main()
