#!/usr/bin/env python3
"""Opens N keep-alive connections to HOST:PORT, sends one request on each (so the server sees
a real kept-alive client, not just a TCP handshake), then holds them idle for SECONDS.

Usage: hold_idle_connections.py HOST PORT N SECONDS PATH
Prints how many connections were established and how many were still open at the end.
"""
import resource
import socket
import sys
import time

host, port, count, seconds, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
sockets = []
for _ in range(count):
    s = socket.create_connection((host, port), timeout=10)
    s.sendall(request)
    sockets.append(s)
for s in sockets:
    s.recv(4096)  # the response; the connection then stays open and idle
print(f"idle: {len(sockets)} connections established and answered", flush=True)

deadline = time.time() + seconds
while time.time() < deadline:
    time.sleep(0.5)

alive = 0
for s in sockets:
    s.setblocking(False)
    try:
        alive += 0 if s.recv(1) == b"" else 1
    except BlockingIOError:
        alive += 1  # nothing to read and not closed: still open
    except OSError:
        pass
print(f"idle: {alive} of {len(sockets)} still open after the load", flush=True)
