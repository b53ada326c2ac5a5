#!/usr/bin/env bash
# The live benchmark: requests per second and client overhead of `live --speed max`
# against a local server that answers 200 at once, for 1 and 100 devices.
#   scripts/bench-live.sh            (DEVICES="1 100" by default)
# Server: nginx on 127.0.0.1 (Debian's nginx-light) when installed, else
# scripts/live-test-server.py (Python; then the server is the bottleneck).
# Every location is its own request (syncThreshold 1), so the drive sample gives 113
# requests a device. The client overhead is the CPU time of the live run minus that of
# the same fleet replayed from its recorded answers (`live --network`: no network); both
# write --ndjson, so that creating one file per request does not blur the difference.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || apt-get install -y -qq time >/dev/null
command -v nginx >/dev/null || [[ $(id -u) -ne 0 ]] || apt-get install -y -qq nginx-light >/dev/null || true
swift build -c release --product calmgeo-replay >&2
bin=$PWD/.build/release/calmgeo-replay
work=$(mktemp -d)
server_pid=
cleanup() {
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
cat > "$work/cfg.json" <<'JSON'
{ "autoSync": true, "syncThreshold": 1, "token": "bench", "replay": { "seed": 1, "finalSync": true } }
JSON
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
if command -v nginx >/dev/null; then
  server="nginx (1 worker)"
  mkdir -p "$work/nginx"
  cat > "$work/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  keepalive_requests 100000;
  server { listen 127.0.0.1:$port; location / { return 200 '{"ok":true}'; } }
}
CONF
  nginx -c "$work/nginx.conf" -p "$work/nginx" &
  server_pid=$!
else
  server="scripts/live-test-server.py (Python)"
  python3 scripts/live-test-server.py --port "$port" >/dev/null &
  server_pid=$!
fi
for _ in $(seq 50); do
  python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null && break
  sleep 0.1
done
echo "server: $server on 127.0.0.1:$port; $(nproc) cores"
echo
echo "| devices | requests | wall s | requests/s | client CPU s | CPU s without network | overhead µs/request | latency p50 / p99 ms |"
echo "|---|---|---|---|---|---|---|---|"
for devices in ${DEVICES:-1 100}; do
  rm -rf "$work/out" "$work/again"
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$bin" live Samples/drive-speed-changes.csv -c "$work/cfg.json" \
    --url "http://127.0.0.1:$port/ingest" --speed max --devices "$devices" --ndjson --out "$work/out" \
    --record-network "$work/net.ndjson" -q 2>/dev/null
  read -r wall user sys < "$work/time"
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$bin" live Samples/drive-speed-changes.csv -c "$work/cfg.json" \
    --url "http://127.0.0.1:$port/ingest" --speed max --devices "$devices" --ndjson --out "$work/again" \
    --network "$work/net.ndjson" -q 2>/dev/null
  read -r _ user0 sys0 < "$work/time"
  python3 - "$work/out/drive-speed-changes/live.json" "$devices" "$wall" "$user" "$sys" "$user0" "$sys0" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
devices, wall, user, sys_, user0, sys0 = sys.argv[2], *map(float, sys.argv[3:])
total = report["total"]
requests = total["requests"]
cpu, cpu0 = user + sys_, user0 + sys0
latency = total["latencyMs"]
print(f"| {devices} | {requests} | {wall:.2f} | {requests / wall:.0f} | {cpu:.2f} | {cpu0:.2f} | "
      f"{(cpu - cpu0) / requests * 1e6:.0f} | {latency['p50']:.2f} / {latency['p99']:.2f} |")
PY
done
