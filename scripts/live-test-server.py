#!/usr/bin/env python3
"""A real HTTP/1.1 server on 127.0.0.1 for `calmgeo-replay live` tests and benchmarks.

It records every request (arrival number, method, path, headers, body) as one JSON line
in --log, and answers each from --script: a JSON list of actions taken in arrival order
(then --default for the rest):

  200, 500, 429, ...      that status, at once
  "slow:MS" / "slow:MS:S" wait MS milliseconds, then status S (200 by default)
  "drop"                  read the request, then close the connection without answering
  "redirect:URL"          302 with Location URL

Binds port 0 (or --port) and prints "PORT <n>" on stdout (and to --port-file) once it listens. Standard
library only; ends on SIGTERM or when its stdin closes (--exit-on-stdin-eof).
"""
import argparse
import base64
import json
import os
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class State:
    def __init__(self, script, default, log_path, quiet_log):
        self.script = script
        self.default = default
        self.lock = threading.Lock()
        self.count = 0
        self.log = None if log_path is None else open(log_path, "a", buffering=1)
        self.quiet_log = quiet_log

    def next_action(self):
        with self.lock:
            self.count += 1
            number = self.count
        action = self.script[number - 1] if number <= len(self.script) else self.default
        return number, action

    def record(self, entry):
        if self.log is None:
            return
        line = json.dumps(entry, separators=(",", ":")) + "\n"
        with self.lock:
            self.log.write(line)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "calmgeo-live-test/1"

    def log_message(self, format, *args):  # quiet
        pass

    def setup(self):
        super().setup()
        # One answer is two writes (head, body): without this, Nagle and delayed ACKs
        # add 40 ms to every answer.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            body = b""
            while True:
                size = int(self.rfile.readline().strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    return body
                body += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("Content-Length", "0") or 0)
        return self.rfile.read(length) if length else b""

    def handle_any(self):
        state = self.server.state
        body = self.read_body()
        number, action = state.next_action()
        entry = {"n": number, "method": self.command, "path": self.path, "action": action,
                 "time": time.time(), "bytes": len(body)}
        if not state.quiet_log:
            entry["headers"] = [[k, v] for k, v in self.headers.items()]
            entry["body"] = base64.b64encode(body).decode("ascii")
        state.record(entry)
        text = str(action)
        if text == "drop":
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            return
        status = 200
        headers = []
        if text.startswith("slow:"):
            parts = text.split(":")
            time.sleep(int(parts[1]) / 1000)
            status = int(parts[2]) if len(parts) > 2 else 200
        elif text.startswith("redirect:"):
            status = 302
            headers.append(("Location", text[len("redirect:"):]))
        else:
            status = int(text)
        reply = b'{"ok":true}' if status == 200 else b'{"ok":false}'
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(reply)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    do_POST = do_PUT = do_GET = do_DELETE = handle_any


def main():
    # A parent may start us with signals blocked (test runners do): take SIGTERM and
    # SIGINT again, or terminating the server would hang.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    parser = argparse.ArgumentParser()
    parser.add_argument("--script", help="JSON file: a list of actions in arrival order")
    parser.add_argument("--default", default="200", help="action after the script (default 200)")
    parser.add_argument("--log", help="append one JSON line per request here")
    parser.add_argument("--quiet-log", action="store_true", help="log no headers and bodies (benchmarks)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", help="also write the port here (atomically) once listening")
    parser.add_argument("--exit-on-stdin-eof", action="store_true")
    args = parser.parse_args()
    script = []
    if args.script:
        with open(args.script) as f:
            script = json.load(f)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    server.request_queue_size = 256
    server.state = State(script, args.default, args.log, args.quiet_log)
    # Exit at once on SIGTERM, whatever the request threads are doing.
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    if args.exit_on_stdin_eof:
        def watch():
            sys.stdin.read()
            server.shutdown()
        threading.Thread(target=watch, daemon=True).start()
    port = server.server_address[1]
    if args.port_file:
        with open(args.port_file + ".tmp", "w") as f:
            f.write(f"{port}\n")
        os.replace(args.port_file + ".tmp", args.port_file)
    print(f"PORT {port}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
