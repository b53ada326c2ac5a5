#!/usr/bin/env python3
"""Parses a GPX with gpxpy (what a Python user would pick) and counts track points."""
import sys

import gpxpy

with open(sys.argv[1]) as handle:
    gpx = gpxpy.parse(handle)
points = sum(len(segment.points) for track in gpx.tracks for segment in track.segments)
print(f"gpxpy points={points}")
