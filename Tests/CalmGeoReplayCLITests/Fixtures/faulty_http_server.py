#!/usr/bin/env python3
"""A misbehaving HTTP server on 127.0.0.1 for the tests of `calmgeo-replay live` (LiveFaultTests).

usage: faulty_http_server.py --mode MODE --port-file FILE --log FILE [--max-seconds N]

Every request is read (head and Content-Length body), logged as one JSON line in --log
({"n": arrival number, "mode": MODE, "bytes": body size}), then answered as MODE says:

  ok                 200 with a 2-byte body
  status999          "HTTP/1.1 999 Weird" with an empty body
  hang               no answer at all (the connection stays open)
  slowloris          the 200 answer one byte every 0.5 s
  status-line-close  "HTTP/1.1 200 OK\\r\\n", then close
  midheader-close    "HTTP/1.1 200 OK\\r\\nContent-Len", then close
  endless-chunks     a chunked 200 whose 1 MiB chunks never end
  big-body           a 200 with Content-Length 1 GiB, sent in full unless the client leaves
  redirect-loop      307 to the very same URL, every time
  redirect-once      307 to the same path with ?hop=1, where the answer is 200
  garbage            512 random bytes, then close
  reset              close with a TCP reset (SO_LINGER 0)

Binds port 0 and writes the port to --port-file once it listens. Standard library only;
ends after --max-seconds (default 120), on SIGTERM, or when its stdin closes.
"""
import argparse
import json
import os
import signal
import socket
import struct
import sys
import threading
import time


def read_request(connection):
    data = b""
    while b"\r\n\r\n" not in data:
        part = connection.recv(65536)
        if not part:
            return None
        data += part
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.split(b"\r\n")
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip() or b"0")
    while len(rest) < length:
        part = connection.recv(65536)
        if not part:
            break
        rest += part
    return lines[0].decode(errors="replace"), len(rest)


def answer(connection, mode, target, stop_at):
    """Answers one request; returns False when the connection is done."""
    if mode == "ok":
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
        return True
    if mode == "status999":
        connection.sendall(b"HTTP/1.1 999 Weird\r\nContent-Length: 0\r\n\r\n")
        return True
    if mode == "hang":
        while time.time() < stop_at:
            if not connection.recv(65536):
                return False
        return False
    if mode == "slowloris":
        for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}":
            connection.sendall(bytes([byte]))
            time.sleep(0.5)
        return True
    if mode == "status-line-close":
        connection.sendall(b"HTTP/1.1 200 OK\r\n")
        return False
    if mode == "midheader-close":
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Len")
        return False
    if mode == "endless-chunks":
        connection.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"100000\r\n" + b"a" * 0x100000 + b"\r\n"
        while time.time() < stop_at:
            connection.sendall(chunk)
        return False
    if mode == "big-body":
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % (1 << 30))
        chunk = b"\0" * (1 << 20)
        for _ in range(1024):
            connection.sendall(chunk)
        return True
    if mode == "redirect-loop":
        connection.sendall(b"HTTP/1.1 307 Temporary Redirect\r\nLocation: " + target.encode()
                           + b"\r\nContent-Length: 0\r\n\r\n")
        return True
    if mode == "redirect-once":
        if "hop=1" in target:
            return answer(connection, "ok", target, stop_at)
        connection.sendall(b"HTTP/1.1 307 Temporary Redirect\r\nLocation: " + target.split("?")[0].encode()
                           + b"?hop=1\r\nContent-Length: 0\r\n\r\n")
        return True
    if mode == "garbage":
        connection.sendall(os.urandom(512))
        return False
    if mode == "reset":
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        return False
    raise ValueError("unknown mode " + mode)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", required=True)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--max-seconds", type=float, default=120)
    arguments = parser.parse_args()
    # A test runner may start us with signals blocked: SIGTERM must end us.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    stop_at = time.time() + arguments.max_seconds
    threading.Timer(arguments.max_seconds, lambda: os._exit(0)).start()
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    log = open(arguments.log, "a", buffering=1)
    lock = threading.Lock()
    count = [0]

    def handle(connection):
        try:
            while True:
                request = read_request(connection)
                if request is None:
                    return
                line, size = request
                with lock:
                    count[0] += 1
                    log.write(json.dumps({"n": count[0], "mode": arguments.mode, "bytes": size, "request": line}) + "\n")
                target = line.split(" ")[1] if " " in line else "/"
                if not answer(connection, arguments.mode, target, stop_at):
                    return
        except OSError:
            pass
        finally:
            try:
                connection.close()
            except OSError:
                pass

    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    with open(arguments.port_file + ".tmp", "w") as port_file:
        port_file.write(str(listener.getsockname()[1]))
    os.rename(arguments.port_file + ".tmp", arguments.port_file)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=handle, args=(connection,), daemon=True).start()


if __name__ == "__main__":
    main()
