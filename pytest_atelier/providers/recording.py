"""Record and replay HTTP exchanges, as an httpx transport every provider gets for free.

Record mode (``--atelier-record DIR``) sends each request on and stores it with its answer in
``DIR/<key[:2]>/<key>.<n>.json``: the method, URL, headers and body of the request with every
credential removed (headers such as ``Authorization``, ``x-api-key``, ``x-goog-api-key``,
``x-key``; query parameters such as ``key``; and those values wherever else they appear),
and the answer's status, headers and body bytes (base64, as received unless a credential had to be
removed: a text body is scrubbed of the request's credentials and of every key-shaped token,
see :mod:`pytest_atelier.redact`, and stored decoded). ``key`` is the
SHA-256 of the redacted method, URL and body; ``n`` counts repeats of the same request
(a poll that answers "pending" then "ready" replays in that order).

Replay mode (``--atelier-replay DIR``) answers from those files and never opens a socket.
A request with no recording raises ``ProviderError`` naming its key; a request repeated more
often than recorded gets the last recorded answer. Replayed bodies are scrubbed again, so a
recording taken before scrubbing existed (or edited by hand) cannot put a key in the output.
"""

from __future__ import annotations

import base64
import hashlib
import json
import threading
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import httpx

from ..engine.cache import atomic_write
from ..errors import ProviderError
from ..redact import REDACTED, scrub, scrub_bytes

__all__ = ["RecordingTransport", "ReplayTransport", "request_key", "redact_url", "SECRET_HEADERS", "SECRET_QUERY"]

SECRET_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key", "x-key", "cookie", "set-cookie"}
)
SECRET_QUERY = frozenset({"key", "api_key", "apikey", "api-key", "token", "access_token", "sig", "signature"})


def redact_url(url: str) -> str:
    parts = urlsplit(url)
    query = [(k, REDACTED if k.lower() in SECRET_QUERY else v) for k, v in parse_qsl(parts.query, keep_blank_values=True)]
    return urlunsplit(parts._replace(query=urlencode(query, safe="<>")))


def _secret_values(request: httpx.Request) -> list[str]:
    values = [v for k, v in request.headers.items() if k.lower() in SECRET_HEADERS]
    values += [v for k, v in parse_qsl(request.url.query.decode(), keep_blank_values=True) if k.lower() in SECRET_QUERY]
    words = [w for v in values for w in (v, *v.split())]  # "Bearer sk-..." hides "sk-..." too
    return sorted({w for w in words if len(w) >= 8}, key=len, reverse=True)


def request_key(request: httpx.Request) -> str:
    """SHA-256 of the redacted method, URL and body."""
    h = hashlib.sha256()
    for part in (request.method.encode(), redact_url(str(request.url)).encode(), request.read()):
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()


class _Counter:
    def __init__(self):
        self._lock = threading.Lock()
        self._seen: dict[str, int] = {}

    def next(self, key: str) -> int:
        with self._lock:
            self._seen[key] = self._seen.get(key, 0) + 1
            return self._seen[key]


class RecordingTransport(httpx.BaseTransport):
    """Passes requests to ``inner`` and writes each exchange, redacted, under ``folder``."""

    def __init__(self, inner: httpx.BaseTransport, folder: str | Path):
        self.inner, self.folder = inner, Path(folder)
        self._counter = _Counter()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        key = request_key(request)
        response = self.inner.handle_request(request)
        try:
            raw = b"".join(response.iter_raw())
        finally:
            response.close()
        n = self._counter.next(key)
        secrets = _secret_values(request)
        body = request.read()
        try:
            body_text, body_b64 = _hide(body.decode("utf-8"), secrets), None
        except UnicodeDecodeError:
            body_text, body_b64 = None, base64.b64encode(body).decode()
        headers, stored = _clean_response(response.status_code, response.headers.multi_items(), raw, secrets)
        entry = {
            "key": key,
            "occurrence": n,
            "request": {
                "method": request.method,
                "url": _hide(redact_url(str(request.url)), secrets),
                "headers": [[k, REDACTED if k.lower() in SECRET_HEADERS else scrub(v, secrets)] for k, v in request.headers.multi_items()],
                "body": body_text,
                "body_b64": body_b64,
            },
            "response": {
                "status": response.status_code,
                "headers": [[k, v] for k, v in headers],
                "body_b64": base64.b64encode(stored).decode(),
            },
        }
        atomic_write(self.folder / key[:2] / f"{key}.{n}.json", json.dumps(entry, indent=1).encode())
        return httpx.Response(response.status_code, headers=response.headers.multi_items(), stream=httpx.ByteStream(raw))

    def close(self) -> None:
        self.inner.close()


class ReplayTransport(httpx.BaseTransport):
    """Answers every request from a folder written by :class:`RecordingTransport`."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise ProviderError(f"replay folder {self.folder} does not exist: record one first with --atelier-record {self.folder}")
        self._counter = _Counter()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        key = request_key(request)
        n = self._counter.next(key)
        recorded = sorted(self.folder.glob(f"{key[:2]}/{key}.*.json"), key=lambda p: int(p.name.split(".")[1]))
        if not recorded:
            raise ProviderError(
                f"no recorded answer for {request.method} {redact_url(str(request.url)).split('?')[0]} (key {key}) in "
                f"{self.folder}: this request was not made when the recording was taken (a setting, prompt or model "
                f"changed). Re-record with --atelier-record {self.folder}."
            )
        path = recorded[min(n, len(recorded)) - 1]
        response = json.loads(path.read_text(encoding="utf-8"))["response"]
        raw = base64.b64decode(response["body_b64"])
        headers, body = _clean_response(response["status"], [tuple(h) for h in response["headers"]], raw, [])
        return httpx.Response(response["status"], headers=headers, stream=httpx.ByteStream(body))


def _hide(text: str, secrets: list[str]) -> str:
    return scrub(text, secrets)


def _clean_response(status: int, headers: list, raw: bytes, secrets: list[str]) -> tuple[list, bytes]:
    """Headers and body with credentials removed: secret headers redacted, the other header values
    and a text body scrubbed. A body that had to change is stored decoded (no content-encoding)."""
    headers = [(k, REDACTED if k.lower() in SECRET_HEADERS else scrub(v, secrets)) for k, v in headers]
    try:
        content = httpx.Response(status, headers=headers, stream=httpx.ByteStream(raw)).read()
    except httpx.DecodingError:
        return headers, raw  # not decodable: binary, nothing to read a key from
    cleaned = scrub_bytes(content, secrets)
    if cleaned == content:
        return headers, raw
    kept = [(k, v) for k, v in headers if k.lower() not in ("content-encoding", "content-length")]
    return [*kept, ("content-length", str(len(cleaned)))], cleaned
