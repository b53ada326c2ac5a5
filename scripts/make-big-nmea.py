#!/usr/bin/env python3
"""Build a large NMEA log for benchmarks by repeating a real corpus log with
its times shifted, so the result reads as one long, continuous recording.

Usage: scripts/make-big-nmea.py OUTPUT [--source PATH] [--size-mb N]

Each copy of the source is moved later by the source's span (rounded up to
whole seconds, plus one second): hhmmss times in RMC/GGA/GNS/GLL/GST/ZDA and
the dates of RMC/ZDA are rewritten, and checksums recomputed. Lines that are
not sentences (comments) are copied once, with the first copy. GnssLogger's `NMEA,` wrapper and
`,millis` suffix are stripped. The default source is the Pixel phone log (GGA+RMC+GSA, dense:
about 1 M epochs in 200 MB, like the reference log of the NMEA issue); `--source` takes
another, e.g. the u-blox ZED-F9P gpsd capture (GSV-heavy: about 100 k epochs). Default 200 MB.
Not run by the tests.
"""
import argparse
import datetime as dt
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCE = os.path.join(HERE, "..", "..", "shared", "corpus", "nmea", "gnsslibpy__pixel6.nmea")
TIMED = {"RMC": 1, "GGA": 1, "GNS": 1, "GST": 1, "ZDA": 1, "GBS": 1, "GLL": 5}
SENTENCE = re.compile(rb"^(?:NMEA,)?\$([A-Z]{2})([A-Z]{3}),(.*)\*[0-9A-Fa-f]{2}(?:,\d+)?\s*$")


def checksum(body: bytes) -> int:
    value = 0
    for byte in body:
        value ^= byte
    return value


def parse(path):
    """Sentences of the source as (talker, type, fields, utc datetime or None)."""
    records = []
    date = None
    for raw in open(path, "rb"):
        match = SENTENCE.match(raw)
        if not match:
            records.append((raw, None))
            continue
        talker, kind, rest = match.groups()
        fields = rest.split(b",")
        kind_s = kind.decode()
        if kind_s == "RMC" and len(fields) > 8 and len(fields[8]) == 6:
            d = fields[8].decode()
            date = dt.date(2000 + int(d[4:6]), int(d[2:4]), int(d[0:2]))
        if kind_s == "ZDA" and len(fields) > 3 and fields[3]:
            date = dt.date(int(fields[3]), int(fields[2]), int(fields[1]))
        records.append(((talker, kind, fields), date))
    return records


def timestamp(fields, index, date):
    text = fields[index - 1].decode()
    if len(text) < 6 or date is None:
        return None
    whole = dt.datetime(date.year, date.month, date.day, int(text[0:2]), int(text[2:4]), int(text[4:6]))
    return whole, text[6:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("--source", default=DEFAULT_SOURCE)
    parser.add_argument("--size-mb", type=float, default=200.0)
    args = parser.parse_args()
    records = parse(args.source)
    first_date = next((d for r, d in records if isinstance(r, tuple) and d is not None), None)
    if first_date is None:
        sys.exit("the source log has no RMC or ZDA date")
    # Date every sentence (back-fill the first ones with the first date).
    dated = []
    current = first_date
    for record, date in records:
        if isinstance(record, tuple) and date is not None:
            current = date
        dated.append((record, current))
    stamps = []
    for record, date in dated:
        if not isinstance(record, tuple):
            continue
        talker, kind, fields = record
        index = TIMED.get(kind.decode())
        if index and len(fields) >= index:
            stamp = timestamp(fields, index, date)
            if stamp:
                stamps.append(stamp[0])
    span = (max(stamps) - min(stamps)).total_seconds() + 1 if stamps else 1
    step = dt.timedelta(seconds=int(span) + 1)
    target = int(args.size_mb * 1_000_000)
    written = 0
    copy = 0
    with open(args.output, "wb") as out:
        while written < target:
            shift = step * copy
            for record, date in dated:
                if not isinstance(record, tuple):
                    line = record if copy == 0 else b""  # comments once, at the top
                    out.write(line)
                    written += len(line)
                    continue
                talker, kind, fields = record
                fields = list(fields)
                kind_s = kind.decode()
                index = TIMED.get(kind_s)
                if index and len(fields) >= index:
                    stamp = timestamp(fields, index, date)
                    if stamp:
                        moved = stamp[0] + shift
                        fields[index - 1] = moved.strftime("%H%M%S").encode() + stamp[1].encode()
                        if kind_s == "RMC" and len(fields) > 8 and len(fields[8]) == 6:
                            fields[8] = moved.strftime("%d%m%y").encode()
                        if kind_s == "ZDA" and len(fields) > 3:
                            fields[1:4] = [moved.strftime("%d").encode(), moved.strftime("%m").encode(),
                                           moved.strftime("%Y").encode()]
                body = talker + kind + b"," + b",".join(fields)
                line = b"$" + body + b"*%02X\r\n" % checksum(body)
                out.write(line)
                written += len(line)
            copy += 1
    print(f"{args.output}: {written / 1e6:.1f} MB, {copy} copies of {os.path.basename(args.source)} "
          f"shifted by {step.total_seconds():.0f} s each", file=sys.stderr)


if __name__ == "__main__":
    main()
