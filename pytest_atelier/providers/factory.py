"""Build a provider's :class:`~.transport.Transport` from a spec and the run's options.

Spec settings (``openai:gpt-5.2?timeout=60&retries=4``), all optional:

========================  ==========================================================
``base_url``              the API root (default: ``BASE_URL_ENVS``' variable, else the hosted API)
``api_key_env``           the environment variable holding the key (default per family)
``timeout``               seconds per HTTP request
``retries``, ``backoff``  extra tries after the first, and the first backoff in seconds
``rpm``, ``tpm``          requests and tokens per minute to stay under
``concurrency``           requests in flight at once, per family and base URL
``max_wait``              the longest pause (seconds) a server may ask for; longer fails
``price_in``, ``price_out``  the model's price, USD per million input / output tokens
``price_image``           ... and per image (see ``prices.py``)
========================  ==========================================================

Limits hold per API (family and base URL): two specs that reach one API with different
``rpm``, ``tpm`` or ``concurrency`` are a ConfigError naming both. With ``limits_dir`` in the
options (set under xdist) they are shared by every process through files in that folder.

Process-wide options (``ComponentContext.options``): ``record_dir`` / ``replay_dir``
(record/replay folders), ``max_cost`` (USD budget for the invocation; ``budget_ledger``, set under
xdist, is the file through which its processes hold it together), ``concurrency``
(the default for the setting above); prices come from ``ctx.root``'s pyproject.toml.

A key is required for the provider's hosted API, or whenever ``api_key_env`` is named; a
self-hosted server (vLLM, Ollama, llama.cpp) at another ``base_url`` gets one only if the
variable is set. Without ``base_url`` the family's variable in ``BASE_URL_ENVS`` is read with the
value the official SDK takes (``OPENAI_BASE_URL`` with its ``/v1``; ``ANTHROPIC_BASE_URL`` and
``GOOGLE_GEMINI_BASE_URL`` as a host root, to which ``/v1`` and ``/v1beta`` are added unless the
path already ends with a version, as for a spec's ``base_url``). Replay never needs a key. A family not listed in ``OFFICIAL_URLS`` (one a
plugin brings, such as a local image server) has no hosted API: it needs ``base_url``.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import os
import re
import socket
import threading
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from ..errors import ConfigError
from ..registry import CONNECTION_SETTINGS
from .prices import Price, Pricer, load_prices, spec_price
from .recording import RecordingTransport, ReplayTransport
from .shared import SharedRateLimiter, SharedSlots, limits_name
from .transport import BUDGET, RateLimiter, RetryPolicy, Transport

__all__ = ["Connection", "connect", "endpoint", "missing_key", "check_settings", "model_of", "OFFICIAL_URLS", "KEY_ENVS", "BASE_URL_ENVS", "api_root", "endpoint_settings", "shared_client", "ShardedTransport", "TRANSPORT_SETTINGS"]

OFFICIAL_URLS = {
    "openai": "https://api.openai.com/v1",
    "anthropic": "https://api.anthropic.com/v1",
    "gemini": "https://generativelanguage.googleapis.com/v1beta",
    "flux": "https://api.bfl.ai/v1",
}
# read when a spec gives no base_url, under the names the official SDKs read
BASE_URL_ENVS = {"openai": "OPENAI_BASE_URL", "anthropic": "ANTHROPIC_BASE_URL", "gemini": "GOOGLE_GEMINI_BASE_URL"}
# the API version a family's paths start with, added to a root that names none (as the SDKs do)
_VERSIONS = {"anthropic": ("/v1", re.compile(r"/v1$")), "gemini": ("/v1beta", re.compile(r"/v\d+(?:alpha|beta)?\d*$"))}
KEY_ENVS = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY", "gemini": "GEMINI_API_KEY", "flux": "BFL_API_KEY"}
# settings that change how a call is made, never what it answers: kept out of identities
TRANSPORT_SETTINGS = CONNECTION_SETTINGS - {"base_url"}

_lock = threading.Lock()
_clients: dict[tuple, httpx.Client] = {}
_limits: dict[tuple, tuple] = {}  # (family, base_url, limits_dir) -> (slots, limiter, settings, first spec)


@dataclasses.dataclass(frozen=True)
class Connection:
    """What a provider client needs: a transport, the API root and the key (never printed)."""

    transport: Transport
    base_url: str
    api_key: str | None = dataclasses.field(default=None, repr=False)
    from_env: bool = False  # base_url came from the environment, not the spec


def endpoint_settings(settings: dict, client) -> dict:
    """A component's identity settings plus the API root when the environment chose it, so
    that one model name on two servers never shares cache entries."""
    conn = getattr(client, "conn", None)
    return {**settings, "base_url": conn.base_url} if conn is not None and conn.from_env else settings


def shared_client(family: str, record_dir: str | None = None, replay_dir: str | None = None) -> httpx.Client:
    """The process's one ``httpx.Client`` for a family (and recording mode)."""
    key = (family, record_dir, replay_dir)
    with _lock:
        if key not in _clients:
            if replay_dir:
                inner: httpx.BaseTransport = ReplayTransport(replay_dir)
            else:
                inner = ShardedTransport()
                if record_dir:
                    inner = RecordingTransport(inner, record_dir)
            _clients[key] = httpx.Client(transport=inner, headers={"user-agent": "pytest-atelier"})
        return _clients[key]


class ShardedTransport(httpx.BaseTransport):
    """Connection pools with no ceiling of their own (the in-flight limits, ``concurrency``, bound
    the connections), one per group of threads: httpcore's pool scans all its connections, and
    for each the idle ones, whenever a request comes or goes, so one pool of 128 connections costs
    milliseconds of CPU per request where 8 pools of 16 cost little."""

    SHARDS = 8

    def __init__(self):
        self.pools = [
            httpx.HTTPTransport(
                limits=httpx.Limits(max_connections=None, max_keepalive_connections=None),
                socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)],  # headers and body leave at once
            )
            for _ in range(self.SHARDS)
        ]
        self._mine = threading.local()
        self._next = itertools.count()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        shard = getattr(self._mine, "shard", None)
        if shard is None:  # each thread keeps to one pool, and reuses its connections
            shard = self._mine.shard = next(self._next) % self.SHARDS
        return self.pools[shard].handle_request(request)

    def close(self) -> None:
        for pool in self.pools:
            pool.close()


@functools.lru_cache(maxsize=8)
def _prices(root: str) -> dict[str, Price]:
    return load_prices(root)


def connect(family: str, spec, ctx, *, default_timeout: float = 120.0, client: httpx.Client | None = None) -> Connection:
    """A Connection for ``family`` configured by ``spec``'s settings and ``ctx.options``."""
    options = ctx.options
    replay_dir = _path_option(options, "replay_dir", ctx.root)
    record_dir = _path_option(options, "record_dir", ctx.root)
    if replay_dir and record_dir:
        raise ConfigError("--atelier-record and --atelier-replay cannot be used together: record once, then replay")
    base_url, from_env = endpoint(family, spec)
    key_env = spec.setting("api_key_env") or KEY_ENVS.get(family, "")
    api_key = (os.environ.get(key_env) or None) if key_env else None
    if not replay_dir and (problem := missing_key(family, spec, base_url)):
        raise ConfigError(problem)
    pricer = Pricer(family, {**_prices(str(ctx.root)), **({spec.argument: p} if (p := spec_price(spec)) else {})})
    if "max_cost" in options:
        limit = options["max_cost"]
        BUDGET.set_limit(None if limit in (None, "") else _number(limit, "max_cost (--atelier-max-cost)", spec.raw))
        BUDGET.share(options.get("budget_ledger"))
        if BUDGET.max_cost is not None:
            pricer.require(model_of(spec), spec.raw)
    concurrency = int(_number(spec.setting("concurrency", options.get("concurrency", 4)), "concurrency", spec.raw))
    rpm, tpm = spec.setting("rpm"), spec.setting("tpm")
    rpm, tpm = (_number(rpm, "rpm", spec.raw) if rpm else None), (_number(tpm, "tpm", spec.raw) if tpm else None)
    wanted = {"rpm": rpm, "tpm": tpm, "concurrency": max(1, concurrency)}
    limits_dir = options.get("limits_dir")
    with _lock:
        limits = _limits.get((family, base_url, limits_dir))
        if limits is None:
            if limits_dir:  # several processes (xdist workers): one limit for all of them
                name = limits_name(family, base_url)
                processes = max(1, int(options.get("processes", 1) or 1))
                share = -(-wanted["concurrency"] // processes)  # each process's fair part, rounded up
                slots = SharedSlots(Path(limits_dir) / name, wanted["concurrency"], share=share)
                limiter = SharedRateLimiter(Path(limits_dir) / f"{name}.json", rpm=rpm, tpm=tpm)
            else:
                slots, limiter = threading.Semaphore(wanted["concurrency"]), RateLimiter(rpm=rpm, tpm=tpm)
            limits = _limits[(family, base_url, limits_dir)] = (slots, limiter, wanted, spec.raw)
        elif limits[2] != wanted:
            shown = ", ".join(f"{k}={v:g}" if v is not None else f"{k} unset" for k, v in limits[2].items())
            mine = ", ".join(f"{k}={v:g}" if v is not None else f"{k} unset" for k, v in wanted.items())
            raise ConfigError(
                f"{spec.raw} and {limits[3]} reach the same API ({family} at {base_url}) with different limits ({mine} against "
                f"{shown}); limits hold per API, so give both specs the same rpm, tpm and concurrency"
            )
    retry = RetryPolicy(
        attempts=1 + int(_number(spec.setting("retries", "4"), "retries", spec.raw)),
        base=_number(spec.setting("backoff", "1.0"), "backoff", spec.raw),
    )
    try:
        transport = Transport(
            family,
            client or shared_client(family, record_dir, replay_dir),
            timeout=_number(spec.setting("timeout", str(default_timeout)), "timeout", spec.raw),
            retry=retry,
            semaphore=limits[0],
            limiter=limits[1],
            pricer=pricer,
            max_wait=_number(spec.setting("max_wait", "60"), "max_wait", spec.raw),
            secrets=(api_key,) if api_key else (),
            key_env=key_env or None,
        )
    except ValueError as exc:
        raise ConfigError(f"{spec.raw}: {exc}") from exc
    return Connection(transport=transport, base_url=base_url, api_key=api_key, from_env=from_env)


def endpoint(family: str, spec) -> tuple[str, bool]:
    """The API root a spec reaches, and whether the environment (not the spec) chose it."""
    url_env = BASE_URL_ENVS.get(family, "")
    from_env = not spec.setting("base_url") and bool(os.environ.get(url_env, "").strip())
    base_url = api_root(family, spec.setting("base_url") or (os.environ[url_env] if from_env else OFFICIAL_URLS.get(family)) or "")
    if not base_url:
        raise ConfigError(f"{spec.raw}: {family} has no hosted API; give the server's address with ?base_url=http://HOST:PORT")
    if not base_url.startswith(("http://", "https://")):
        where = f"the environment variable {url_env} (read as no base_url is given)" if from_env else "base_url"
        raise ConfigError(f"{spec.raw}: {where} must start with http:// or https://, got {base_url!r}")
    return base_url, from_env


def missing_key(family: str, spec, base_url: str) -> str | None:
    """What to do when a key is needed (the hosted API, or ``api_key_env`` named) and not set."""
    key_env = spec.setting("api_key_env") or KEY_ENVS.get(family, "")
    if (key_env and os.environ.get(key_env)) or not (base_url == OFFICIAL_URLS.get(family) or spec.setting("api_key_env")):
        return None
    return f"{spec.raw}: set the environment variable {key_env} to your {family} API key (or name another variable with ?api_key_env=NAME)"


def api_root(family: str, url: str) -> str:
    """``url`` as the root the family's paths hang from: no trailing slash, and for Anthropic
    and Gemini the API version added when the path names none (``https://api.anthropic.com``
    and ``.../v1`` both give ``https://api.anthropic.com/v1``)."""
    url = url.strip().rstrip("/")
    version, named = _VERSIONS.get(family, ("", None))
    if url and named is not None and not named.search(urlsplit(url).path):
        url += version
    return url


def check_settings(spec, allowed: set[str] | frozenset[str]) -> None:
    """Reject settings the component does not know (a typo would otherwise be ignored)."""
    unknown = sorted(set(dict(spec.settings)) - set(allowed) - CONNECTION_SETTINGS)
    if unknown:
        known = ", ".join(sorted(set(allowed) | CONNECTION_SETTINGS))
        raise ConfigError(f"{spec.raw}: unknown setting(s) {', '.join(unknown)}; accepted: {known}")


def model_of(spec) -> str:
    if not spec.argument:
        raise ConfigError(f"{spec.raw}: name the model after the colon, e.g. {spec.name}:MODEL")
    return spec.argument


def _path_option(options: dict, name: str, root: Path) -> str | None:
    value = options.get(name)
    if not value:
        return None
    path = Path(value)
    return str(path if path.is_absolute() else Path(root) / path)


def _number(value, name: str, spec: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ConfigError(f"{spec}: {name} must be a number, got {value!r}") from None
    if number < 0:
        raise ConfigError(f"{spec}: {name} must be >= 0, got {value!r}")
    return number
