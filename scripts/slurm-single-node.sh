#!/usr/bin/env bash
# A throwaway single-node Slurm cluster on this machine, for the job-array test
# (Tests/CalmGeoReplayCLITests/SlurmSweepTests.swift) and for trying docs/cluster/.
#
#   eval "$(scripts/slurm-single-node.sh start)"   # prints: export SLURM_CONF=/tmp/calmgeo-slurm.XXXX/slurm.conf
#   sbatch --wait --array=1-3 job.sh
#   scripts/slurm-single-node.sh stop [DIR]        # DIR defaults to the folder of $SLURM_CONF
#
# Installs nothing (scripts/check-deps.sh installs slurm-wlm and munge). Runs as root,
# without systemd: it starts munged (own key, socket and pid file), slurmctld and slurmd
# directly, everything in one temporary folder, on two free TCP ports, so it never
# touches /etc/slurm, /etc/munge or a cluster already running here. Plugins avoid
# cgroups (proctrack/linuxproc, task/none), which containers often lack.
# `stop` cancels the cluster's jobs, stops the three daemons it started (by their pid
# files, and only processes whose command line names this folder), waits at most
# 10 s, then kills what is left of them and removes the folder.
set -euo pipefail

# Seconds `start` waits for the node to be idle (CALMGEO_SLURM_TIMEOUT).
idle_timeout=${CALMGEO_SLURM_TIMEOUT:-60}

die() {
  echo "slurm-single-node: $*" >&2
  exit 1
}

# A TCP port nothing listens on (random, 20000-59999).
free_port() {
  local port
  for _ in $(seq 50); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return
    fi
  done
  die "no free TCP port found"
}

# Runs a daemon with no descriptor of ours but its own stdin/stdout (/dev/null) and
# stderr (daemons.err). munged, slurmctld and slurmd keep every descriptor they
# inherit above 2: a caller's pipe, or the socket Foundation's Process watches to see
# its child end, would stay open for as long as the cluster runs, and the caller hang.
spawn() {
  (
    for fd in /proc/$BASHPID/fd/*; do
      fd=${fd##*/}
      if ((fd > 2)); then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    exec "$@"
  ) </dev/null >/dev/null 2>>"$dir/daemons.err"
}

write_conf() {
  local dir=$1 node=$2 cpus=$3 memory=$4 ctld_port=$5 slurmd_port=$6
  cat >"$dir/slurm.conf" <<EOF
# Written by scripts/slurm-single-node.sh: one node, everything in $dir.
ClusterName=calmgeo
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
  [[ $(id -u) -eq 0 ]] || die "needs root (the daemons run as root)"
  for tool in munged mungekey slurmctld slurmd sinfo; do
    command -v "$tool" >/dev/null || die "$tool not found (scripts/check-deps.sh installs slurm-wlm and munge)"
  done
  local dir node cpus memory
  dir=${1:-$(mktemp -d /tmp/calmgeo-slurm.XXXXXX)}
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool"
  # munged refuses a socket in a folder others cannot traverse (without --force).
  chmod 755 "$dir" "$dir/munge"
  node=$(hostname -s)
  cpus=$(nproc)
  # Slurm drains a node that has less memory than configured: ask for 90 % of it.
  memory=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
  local ctld_port slurmd_port
  ctld_port=$(free_port)
  slurmd_port=$(free_port)
  while ((slurmd_port == ctld_port)); do slurmd_port=$(free_port); done
  write_conf "$dir" "$node" "$cpus" "$memory" "$ctld_port" "$slurmd_port"

  # From here on, a failure stops whatever was started.
  trap 'trap - ERR; echo "slurm-single-node: start failed; logs in $dir" >&2; tail -n 5 "$dir"/*.log "$dir"/daemons.err "$dir/munge/munged.log" >&2 || true; stop "$dir"' ERR
  mungekey --create --keyfile="$dir/munge/munge.key" --force
  chmod 600 "$dir/munge/munge.key"
  spawn munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed"
  export SLURM_CONF=$dir/slurm.conf
  # -i: ignore any saved state; -N: the node's name, whatever the resolver says.
  spawn slurmctld -i -f "$SLURM_CONF"
  spawn slurmd -f "$SLURM_CONF" -N "$node"

  local waited=0
  until [[ $(sinfo -h -n "$node" -o %t 2>/dev/null) == idle ]]; do
    if ((waited >= idle_timeout * 2)); then
      echo "slurm-single-node: the node is not idle after ${idle_timeout}s" >&2
      false
    fi
    sleep 0.5
    waited=$((waited + 1))
  done
  trap - ERR
  echo "export SLURM_CONF=$SLURM_CONF"
}

# The pid in pid file $2 if that process is alive (not a zombie) and its command line
# names folder $1: a daemon this script started, never a reused pid.
our_pid() {
  local dir=$1 file=$2 pid state
  [[ -s $file ]] || return 1
  pid=$(<"$file")
  state=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1) || return 1
  [[ -n $state && $state != Z ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "$dir/" || return 1
  echo "$pid"
}

stop() {
  local dir=${1:-}
  if [[ -z $dir && -n ${SLURM_CONF:-} ]]; then dir=$(dirname "$SLURM_CONF"); fi
  [[ -n $dir && -f $dir/slurm.conf ]] || die "usage: $0 stop DIR (the folder start printed, or set SLURM_CONF)"
  export SLURM_CONF=$dir/slurm.conf
  # Jobs first, so that no slurmstepd outlives slurmd; then the daemons, newest first.
  if our_pid "$dir" "$dir/slurmctld.pid" >/dev/null; then
    timeout 5 scancel --full --quiet --partition=debug 2>/dev/null || true
    for _ in $(seq 20); do
      [[ -z $(timeout 2 squeue -h -o %i 2>/dev/null) ]] && break
      sleep 0.25
    done
  fi
  local files=("$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid") file pid left
  for file in "${files[@]}"; do
    pid=$(our_pid "$dir" "$file") && kill -TERM "$pid" 2>/dev/null || true
  done
  for _ in $(seq 40); do
    left=0
    for file in "${files[@]}"; do our_pid "$dir" "$file" >/dev/null && left=1; done
    ((left)) || break
    sleep 0.25
  done
  for file in "${files[@]}"; do
    pid=$(our_pid "$dir" "$file") && kill -KILL "$pid" 2>/dev/null || true
  done
  rm -rf "$dir"
}

case ${1:-} in
  start) start "${2:-}" ;;
  stop) stop "${2:-}" ;;
  *)
    echo "usage: $0 start [DIR] | stop [DIR]" >&2
    exit 64
    ;;
esac
