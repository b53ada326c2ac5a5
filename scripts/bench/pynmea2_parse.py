#!/usr/bin/env python3
"""Parses every line of an NMEA log into fields with pynmea2 and counts the fixes (GGA/RMC)."""
import sys

import pynmea2

fixes = 0
errors = 0
with open(sys.argv[1], encoding="ascii", errors="replace") as handle:
    for line in handle:
        start = line.find("$")
        if start < 0:
            continue
        try:
            message = pynmea2.parse(line[start:].strip())
        except pynmea2.ParseError:
            errors += 1
            continue
        if message.sentence_type in ("GGA", "RMC"):
            fixes += 1
print(f"pynmea2 fix_sentences={fixes} errors={errors}")
