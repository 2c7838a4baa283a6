#!/usr/bin/env python3
"""Autobahn-style WebSocket cases against a running server, with the `websockets` client for
well-behaved traffic and a raw socket for the frames no polite client would send.

Usage: websocket_cases.py ws://127.0.0.1:PORT   (expects /ws/echo and /ws/flood on the server)
Prints one line per case and exits non-zero if any case failed.
"""
import asyncio
import base64
import os
import socket
import struct
import sys
import urllib.parse

import websockets
from websockets.exceptions import ConnectionClosed

BASE = sys.argv[1]
results = []


def case(name):
    def wrap(fn):
        async def run():
            try:
                await asyncio.wait_for(fn(), timeout=10)
                results.append((name, None))
            except Exception as error:  # a failed case is reported, never fatal to the others
                results.append((name, repr(error)))
        run.case_name = name
        return run
    return wrap


@case("text echo")
async def text_echo():
    async with websockets.connect(BASE + "/ws/echo") as ws:
        await ws.send("héllo ✓")
        assert await ws.recv() == "héllo ✓"


@case("binary echo")
async def binary_echo():
    async with websockets.connect(BASE + "/ws/echo") as ws:
        payload = bytes(range(256)) * 4
        await ws.send(payload)
        assert await ws.recv() == payload


@case("fragmented text is reassembled")
async def fragmented():
    async with websockets.connect(BASE + "/ws/echo") as ws:
        await ws.send(["frag", "men", "ted ✓"])
        assert await ws.recv() == "fragmented ✓"


@case("large message (1 MiB) round-trips")
async def large():
    async with websockets.connect(BASE + "/ws/echo", max_size=None) as ws:
        payload = os.urandom(1 << 20)
        await ws.send(payload)
        assert await ws.recv() == payload


@case("ping gets pong with the same payload")
async def ping_pong():
    async with websockets.connect(BASE + "/ws/echo") as ws:
        waiter = await ws.ping(b"are-you-there")
        await waiter


@case("client close code is echoed")
async def close_code():
    ws = await websockets.connect(BASE + "/ws/echo")
    await ws.close(code=4001, reason="bye")
    assert ws.close_code == 4001, ws.close_code


@case("server keeps order across many messages")
async def ordering():
    async with websockets.connect(BASE + "/ws/echo") as ws:
        for i in range(200):
            await ws.send(str(i))
        got = [await ws.recv() for _ in range(200)]
        assert got == [str(i) for i in range(200)]


# ---- raw frames -------------------------------------------------------------------------

def raw_handshake():
    url = urllib.parse.urlparse(BASE)
    sock = socket.create_connection((url.hostname, url.port), timeout=5)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws/echo HTTP/1.1\r\nHost: {url.hostname}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        assert chunk, "closed during handshake"
        head += chunk
    assert head.startswith(b"HTTP/1.1 101 "), head
    return sock


def frame(opcode, payload, fin=True, mask=True, rsv=0):
    first = (0x80 if fin else 0) | (rsv << 4) | opcode
    length = len(payload)
    if length < 126:
        header = struct.pack("!BB", first, (0x80 if mask else 0) | length)
    elif length < 65536:
        header = struct.pack("!BBH", first, (0x80 if mask else 0) | 126, length)
    else:
        header = struct.pack("!BBQ", first, (0x80 if mask else 0) | 127, length)
    if not mask:
        return header + payload
    key = os.urandom(4)
    return header + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def read_close_code(sock):
    """Reads frames until a close frame; returns its status code (or None when the TCP closed first)."""
    data = b""
    while True:
        while len(data) < 2:
            chunk = sock.recv(65536)
            if not chunk:
                return None
            data += chunk
        opcode, length = data[0] & 0x0F, data[1] & 0x7F
        offset = 2
        if length == 126:
            length, offset = struct.unpack("!H", data[2:4])[0], 4
        elif length == 127:
            length, offset = struct.unpack("!Q", data[2:10])[0], 10
        while len(data) < offset + length:
            chunk = sock.recv(65536)
            if not chunk:
                return None
            data += chunk
        payload, data = data[offset:offset + length], data[offset + length:]
        if opcode == 0x8:
            return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005


def raw_case(name, frames, expected_code):
    @case(name)
    async def run():
        def blocking():
            sock = raw_handshake()
            for f in frames:
                sock.sendall(f)
            code = read_close_code(sock)
            sock.close()
            assert code == expected_code, f"close code {code}, expected {expected_code}"
        await asyncio.get_running_loop().run_in_executor(None, blocking)
    return run


RAW_CASES = [
    raw_case("invalid UTF-8 text → 1007", [frame(0x1, b"\xc0\xaf")], 1007),
    raw_case("invalid UTF-8 across fragments → 1007", [frame(0x1, b"ok\xed", fin=False), frame(0x0, b"\xa0\x80")], 1007),
    raw_case("unmasked client frame → 1002", [frame(0x1, b"hi", mask=False)], 1002),
    raw_case("reserved bits without extension → 1002", [frame(0x1, b"hi", rsv=4)], 1002),
    raw_case("unknown opcode → 1002", [frame(0x3, b"")], 1002),
    raw_case("continuation without start → 1002", [frame(0x0, b"x")], 1002),
    raw_case("fragmented control frame → 1002", [frame(0x9, b"p", fin=False)], 1002),
    raw_case("control frame over 125 bytes → 1002", [frame(0x9, b"p" * 126)], 1002),
    raw_case("message over the size limit → 1009", [frame(0x2, b"x" * (4 << 20), fin=False), frame(0x0, b"x" * 1024)], 1009),
    raw_case("close with reserved code 1005 → 1002", [frame(0x8, struct.pack("!H", 1005))], 1002),
    raw_case("close with 1-byte payload → 1002", [frame(0x8, b"\x03")], 1002),
    raw_case("normal close is echoed with 1000", [frame(0x8, struct.pack("!H", 1000) + b"done")], 1000),
]


@case("slow reader of a flood is dropped, not buffered")
async def flood():
    # The server pushes messages with trySend as fast as it can; this client never reads.
    url = urllib.parse.urlparse(BASE)
    def blocking():
        sock = socket.create_connection((url.hostname, url.port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /ws/flood HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        import time
        time.sleep(3)  # let the server's buffer pass its high-water mark
        total = 0
        while True:
            try:
                chunk = sock.recv(1 << 20)
            except socket.timeout:
                raise AssertionError("server kept the slow client open")
            if not chunk:
                break
            total += len(chunk)
        sock.close()
        # Far less than the flood (64 MiB) arrived: the server gave up on us.
        assert total < 32 << 20, total
    await asyncio.get_running_loop().run_in_executor(None, blocking)


async def main():
    cases = [text_echo, binary_echo, fragmented, large, ping_pong, close_code, ordering, *RAW_CASES, flood]
    for run in cases:
        await run()
    failed = [(name, error) for name, error in results if error]
    for name, error in results:
        print(("ok    " if not error else "FAIL  ") + name + ("" if not error else f": {error}"))
    print(f"websocket: {len(results) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed else 0)


asyncio.run(main())
