"""What every request to the collect and label apps must pass before any page code runs.

* **Size**: a request body over :data:`MAX_BODY` bytes (a form of prompts is a few kilobytes) is
  refused with 413, whether it states its length or streams; no more than that is ever held.
* **Host** (when the app is given ``hosts``): the ``Host`` header must name this server, so a page
  of another site cannot reach it through DNS rebinding.
* **Origin**: a POST a browser sends from another origin (``Sec-Fetch-Site`` other than
  ``same-origin``; without it, an ``Origin`` or ``Referer`` naming another host, or ``null``) is
  refused with 403, so no other site can store a forged answer or sign in. Clients that send none
  of these headers (scripts, tests) pass.
"""

from __future__ import annotations

from collections.abc import Collection
from urllib.parse import urlsplit

from starlette.datastructures import Headers

__all__ = ["Guard", "MAX_BODY", "LOOPBACK_HOSTS", "MIN_TOKEN_LENGTH", "token_problem"]

MAX_BODY = 1 << 20
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
MIN_TOKEN_LENGTH = 20


def token_problem(token: str) -> str | None:
    """Why ``token`` is too weak to guard the admin page, or None."""
    if len(token) < MIN_TOKEN_LENGTH or len(set(token)) < 8:
        return (f"--admin-token must be at least {MIN_TOKEN_LENGTH} characters with at least 8 different ones "
                "(leave it out to have a strong one made and printed)")  # fmt: skip
    return None


def _host_name(value: str) -> str:
    """The host of a ``Host`` header or URL netloc, without port or IPv6 brackets, lower case."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class Guard:
    """ASGI middleware applying the checks above to ``app``."""

    def __init__(self, app, hosts: Collection[str] | None = None, max_body: int = MAX_BODY):
        self.app, self.max_body = app, max_body
        self.hosts = None if hosts is None else {_host_name(h) for h in hosts}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        if self.hosts is not None and _host_name(host) not in self.hosts:
            return await _refuse(send, 421, "this server does not answer for that host name")
        if scope["method"] not in ("GET", "HEAD", "OPTIONS") and _cross_site(headers, host):
            return await _refuse(send, 403, "requests from other sites are refused")
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return await _refuse(send, 413, f"the request is larger than {self.max_body} bytes")
        body, more = bytearray(), True
        while more:  # read the whole (small) body first: a request over the limit never reaches the page code
            message = await receive()
            if message["type"] != "http.request":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.max_body:
                return await _refuse(send, 413, f"the request is larger than {self.max_body} bytes")
        replayed = False

        async def replay():
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)


def _cross_site(headers: Headers, host: str) -> bool:
    fetched_from = headers.get("sec-fetch-site")
    if fetched_from is not None:  # every current browser sends it, even where Origin is "null" (no-referrer pages)
        return fetched_from not in ("same-origin", "none")
    source = headers.get("origin") or headers.get("referer")
    if not source:
        return False  # not a browser: a script or a test client
    return source == "null" or urlsplit(source).netloc.lower() != host.strip().lower()


async def _refuse(send, status: int, text: str) -> None:
    body = f"{text}\n".encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})  # fmt: skip
    await send({"type": "http.response.body", "body": body})
