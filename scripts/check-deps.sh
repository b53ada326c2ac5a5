#!/usr/bin/env bash
# Installs what calmgeo-replay needs from Debian when it is missing:
#   libxml2-dev, zlib1g-dev (build), pkg-config (SwiftPM finds the C libraries with it),
#   gpsbabel (GPX comparison tests; benchmarks),
#   chromium (the report tests render report.html and sweep.html in headless Chromium),
#   fonts-dejavu-core (a font for those screenshots),
#   slurm-wlm, munge (SlurmSweepTests runs a sweep as a job array on a single-node
#   cluster started by scripts/slurm-single-node.sh),
#   python3 (LiveCommandTests send to scripts/live-test-server.py on 127.0.0.1).
# Needs root for apt-get. Only the build packages are required: without root, or when
# apt-get fails, a missing optional package is a warning (the tests that need it skip and
# say why) and the script exits 0; a missing build package exits 1 with the command to run.
#
# Installing slurm-wlm and munge starts no daemon here: without systemd, invoke-rc.d
# finds no runlevel and starts nothing (a Docker policy-rc.d also refuses); with
# systemd, munge.service starts on /run/munge (our cluster uses its own socket and key)
# and the Slurm units wait for an /etc/slurm/slurm.conf the packages do not ship.
set -uo pipefail
required=(libxml2-dev zlib1g-dev pkg-config)
optional=(gpsbabel chromium fonts-dejavu-core slurm-wlm munge python3)
missing_packages() {
  local package
  for package in "$@"; do
    dpkg -s "$package" >/dev/null 2>&1 || echo "$package"
  done
}
mapfile -t missing < <(missing_packages "${required[@]}" "${optional[@]}")
if ((${#missing[@]} == 0)); then
  exit 0
fi
if [[ $(id -u) -eq 0 ]]; then
  echo "installing ${missing[*]}" >&2
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; }; then
    echo "warning: apt-get could not install ${missing[*]}" >&2
  fi
  mapfile -t missing < <(missing_packages "${required[@]}" "${optional[@]}")
fi
mapfile -t missing_required < <(missing_packages "${required[@]}")
mapfile -t missing_optional < <(missing_packages "${optional[@]}")
if ((${#missing_optional[@]} > 0)); then
  echo "warning: optional packages missing: ${missing_optional[*]}" >&2
  echo "  the tests that need them skip and say why; install with:" >&2
  echo "  sudo apt-get install ${missing_optional[*]}" >&2
fi
if ((${#missing_required[@]} > 0)); then
  echo "missing build packages: ${missing_required[*]}" >&2
  echo "install them with: sudo apt-get install ${missing_required[*]}" >&2
  exit 1
fi
exit 0
