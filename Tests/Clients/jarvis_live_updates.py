#!/usr/bin/env python3
"""Connects to Jarvis's /ws as the app does, answers pings with pongs, and waits for events of
the given types. Usage: jarvis_live_updates.py ws://HOST:PORT/ws TYPE[,TYPE...] [TOKEN]
With LAST_EVENT_ID set in the environment, sends it as the `Last-Event-ID` header (resume).
Prints each message received exactly as the server sent it (so a test can compare the server's
bytes); exits 0 once one event of every listed type and at least one ping
have arrived (in any order); fails by timeout otherwise, or prints "closed CODE" and fails when the
server closes the connection."""
import asyncio
import json
import os
import sys

import websockets


async def main():
    url, wanted = sys.argv[1], set(sys.argv[2].split(","))
    headers = {"Authorization": f"Bearer {sys.argv[3]}"} if len(sys.argv) > 3 else {}
    if "LAST_EVENT_ID" in os.environ:
        headers["Last-Event-ID"] = os.environ["LAST_EVENT_ID"]
    pings = 0
    seen = set()
    async with websockets.connect(url, additional_headers=headers, open_timeout=10) as ws:
        print("connected", flush=True)
        while True:
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=60)
            except websockets.ConnectionClosed as closed:
                print(f"closed {closed.rcvd.code if closed.rcvd else 'without a code'}", flush=True)
                return 1
            print(text, flush=True)
            message = json.loads(text)
            if message.get("type") == "ping":
                pings += 1
                await ws.send(json.dumps({"type": "pong"}))
            seen.add(message.get("type"))
            if wanted <= seen and pings > 0:
                return 0


sys.exit(asyncio.run(main()))
