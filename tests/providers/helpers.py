"""Building providers against the loopback server with test-sized timeouts and backoffs."""

from __future__ import annotations

from pytest_atelier.registry import ComponentContext, Registry

FAST = "api_key_env=LOOP_KEY&timeout=0.5&retries=2&backoff=0.01"


def spec(name: str, model: str, base: str, extra: str = "") -> str:
    return f"{name}:{model}?base_url={base}&{FAST}" + (f"&{extra}" if extra else "")


def make(role: str, raw: str, root, **options):
    return Registry().make(role, raw, ComponentContext(root=root, options=options))
