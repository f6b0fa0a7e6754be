"""A small Chrome DevTools Protocol client over a standard-library websocket, for the browser test.

:class:`Browser` starts headless Chromium on a fresh profile with its debugging port on
loopback, attaches to the first page and records the events a test checks: console
messages, uncaught exceptions, log entries (CSP violations, failed loads), network
requests and JavaScript dialogs (an ``alert`` that ran).
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import socket
import struct
import subprocess
import time
from pathlib import Path

import pytest

__all__ = ["CHROMIUM", "CHROMIUM_FLAGS", "Browser", "needs_chromium"]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run", "--no-default-browser-check", "--disable-extensions")
needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason=f"{CHROMIUM} is absent (apt-get install chromium)")


class _WebSocket:
    """Just enough of RFC 6455 for CDP: masked text frames out, (fragmented) frames in, ping/pong."""

    def __init__(self, url: str, timeout: float):
        assert url.startswith("ws://")
        hostport, _, path = url[5:].partition("/")
        host, _, port = hostport.partition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("the browser closed the websocket during the handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"websocket handshake refused: {head[:200]!r}")

    def _exact(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("the browser closed the websocket")
            data += chunk
        return data

    def _frame(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        n = len(payload)
        header = bytes([0x80 | opcode])
        header += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536 else bytes([0x80 | 127]) + struct.pack(">Q", n)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def send(self, text: str) -> None:
        self._frame(0x1, text.encode())

    def recv(self) -> str:
        parts = []
        while True:
            b0, b1 = self._exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exact(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exact(8))[0]
            payload = self._exact(n)
            opcode = b0 & 0x0F
            if opcode == 0x9:
                self._frame(0xA, payload)
                continue
            if opcode == 0x8:
                raise ConnectionError("the browser closed the websocket")
            parts.append(payload)
            if b0 & 0x80:
                return b"".join(parts).decode()

    def close(self) -> None:
        self.sock.close()


class Browser:
    """Headless Chromium driven over CDP; use as a context manager."""

    def __init__(self, profile: Path, timeout: float = 30.0):
        self.profile, self.timeout = Path(profile), timeout
        self.events: list[dict] = []
        self._id = 0

    def __enter__(self):
        self.proc = subprocess.Popen(
            [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={self.profile}", "--remote-debugging-address=127.0.0.1",
             "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        port_file = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + self.timeout
        while not (port_file.is_file() and port_file.read_text().strip()):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.__exit__(None, None, None)
                raise RuntimeError("chromium did not open its debugging port")
            time.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=self.timeout)
        conn.request("GET", "/json/list")
        pages = [t for t in json.loads(conn.getresponse().read()) if t["type"] == "page"]
        conn.close()
        self.ws = _WebSocket(pages[0]["webSocketDebuggerUrl"], self.timeout)
        for domain in ("Runtime", "Log", "Network", "Page"):
            self.call(f"{domain}.enable")
        return self

    def __exit__(self, *exc) -> None:
        if getattr(self, "ws", None):
            self.ws.close()
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def call(self, method: str, **params) -> dict:
        """Send one command and return its result; events that arrive meanwhile are recorded."""
        self._id += 1
        self.ws.send(json.dumps({"id": self._id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self._id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)
            if message.get("method") == "Page.javascriptDialogOpening":
                self._dismiss()

    def _dismiss(self) -> None:
        self._id += 1
        self.ws.send(json.dumps({"id": self._id, "method": "Page.handleJavaScriptDialog", "params": {"accept": True}}))

    def wait_for(self, method: str) -> dict:
        """Record events until one named ``method`` arrives."""
        deadline = time.monotonic() + self.timeout
        for event in self.events:
            if event.get("method") == method:
                return event
        while time.monotonic() < deadline:
            message = json.loads(self.ws.recv())
            self.events.append(message)
            if message.get("method") == "Page.javascriptDialogOpening":
                self._dismiss()
            if message.get("method") == method:
                return message
        raise TimeoutError(f"no {method} within {self.timeout} s")

    def open(self, url: str, width: int = 1280, height: int = 900) -> None:
        """Load ``url`` afresh in a window of ``width`` x ``height`` px, forgetting the events of the page before."""
        self.events.clear()
        self.call("Page.navigate", url="about:blank")
        self.wait_for("Page.loadEventFired")
        self.events.clear()
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str):
        """Run ``expression`` in the page (awaiting a promise) and return its JSON value."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def of(self, method: str) -> list[dict]:
        return [e["params"] for e in self.events if e.get("method") == method]
