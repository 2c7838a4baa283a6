"""A WebSocket client of Jarvis's GET /ws that stops reading: it opens the connection (raw
socket, small receive buffer), says "connected", reads nothing until the file GO exists (the
test creates it once it has raised its events), then drains what is left and reports whether
the server dropped it ("dropped <bytes>", exit 0) or kept it open ("still open <bytes>", exit 1).
Usage: jarvis_slow_reader.py PORT GO"""
import base64
import os
import socket
import sys
import time

port, go = int(sys.argv[1]), sys.argv[2]
sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the kernel must not read megabytes for us
sock.settimeout(20)
sock.connect(("127.0.0.1", port))
key = base64.b64encode(os.urandom(16)).decode()
sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
head = b""
while b"\r\n\r\n" not in head:
    head += sock.recv(1)
if not head.startswith(b"HTTP/1.1 101"):
    print("refused", head.decode(errors="replace"), flush=True)
    sys.exit(2)
print("connected", flush=True)
deadline = time.time() + 120
while not os.path.exists(go) and time.time() < deadline:
    time.sleep(0.1)
total = 0
while True:
    try:
        chunk = sock.recv(1 << 20)
    except socket.timeout:
        print("still open", total, flush=True)
        sys.exit(1)
    if not chunk:
        break
    total += len(chunk)
print("dropped", total, flush=True)
