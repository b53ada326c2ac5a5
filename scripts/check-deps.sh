#!/usr/bin/env bash
# Installs what calmgeo-replay needs from Debian when it is missing:
#   libxml2-dev, zlib1g-dev (build), pkg-config (SwiftPM finds the C libraries with it),
#   gpsbabel (GPX comparison tests; benchmarks),
#   chromium (the report tests render report.html and sweep.html in headless Chromium),
#   fonts-dejavu-core (a font for those screenshots),
#   slurm-wlm, munge (SlurmSweepTests runs a sweep as a job array on a single-node
#   cluster started by scripts/slurm-single-node.sh),
#   python3 (LiveCommandTests send to scripts/live-test-server.py on 127.0.0.1).
# Needs root for apt-get; prints the command otherwise. Tests that need a missing tool
# skip and say why, so only the build packages are required.
#
# Installing slurm-wlm and munge starts no daemon here: without systemd, invoke-rc.d
# finds no runlevel and starts nothing (a Docker policy-rc.d also refuses); with
# systemd, munge.service starts on /run/munge (our cluster uses its own socket and key)
# and the Slurm units wait for an /etc/slurm/slurm.conf the packages do not ship.
set -euo pipefail
missing=()
for package in libxml2-dev zlib1g-dev pkg-config gpsbabel chromium fonts-dejavu-core slurm-wlm munge python3; do
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
