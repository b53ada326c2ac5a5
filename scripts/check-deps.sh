#!/usr/bin/env bash
# Installs what calmgeo-replay needs from Debian when it is missing:
#   libxml2-dev, zlib1g-dev (build), pkg-config (SwiftPM finds the C libraries with it),
#   gpsbabel (GPX comparison tests; benchmarks),
#   chromium (the report test renders report.html in headless Chromium),
#   fonts-dejavu-core (a font for those screenshots).
# Needs root for apt-get; prints the command otherwise. Tests that need a missing tool
# skip and say why, so only the build packages are required.
set -euo pipefail
missing=()
for package in libxml2-dev zlib1g-dev pkg-config gpsbabel chromium fonts-dejavu-core; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "missing Debian packages: ${missing[*]}" >&2
  echo "install them with: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "installing ${missing[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
