"""Remove credentials and display-reordering characters from text shown to people or stored.

:func:`scrub` replaces every API-key-shaped token (``sk-...``, ``sk-ant-...``, ``AIza...``,
``hf_...``, ``r8_...``, ``gsk_...``, ``xai-...``, ``Bearer <token>``) and every value the
caller knows to be secret with ``<redacted>``. It is applied where a credential could slip
into an artifact: recordings (at record time and again on replay) and provider error messages,
which end up in the pytest output and in results files.

:func:`neutralise_controls` makes Unicode bidirectional controls (U+202A-U+202E, U+2066-U+2069,
U+200E/U+200F, U+061C) and the C0/C1 control characters but tab and line feed (ESC starts the
terminal's screen-clearing, title-setting and hyperlink sequences) visible as ``<U+202E>``, so
untrusted text can neither display reversed nor drive a terminal. :func:`spreadsheet_cell` keeps
a CSV cell from being read as a formula.

    >>> scrub("Incorrect API key provided: Bearer sk-abcdefghijklmnop1234")
    'Incorrect API key provided: Bearer <redacted>'
"""

from __future__ import annotations

import os
import re
from typing import Iterable

__all__ = ["REDACTED", "KEY_PATTERN", "scrub", "scrub_bytes", "env_secrets", "neutralise_controls", "spreadsheet_cell",
           "BIDI_CONTROLS"]

REDACTED = "<redacted>"

_TOKEN = r"[A-Za-z0-9_\-]"
KEY_PATTERN = re.compile(
    "|".join(
        [
            rf"\bsk-{_TOKEN}{{16,}}",  # OpenAI, Anthropic (sk-ant-...), DeepSeek, OpenRouter (sk-or-...)
            rf"\bAIza{_TOKEN}{{30,}}",  # Google
            r"\bhf_[A-Za-z0-9]{20,}",  # Hugging Face
            r"\br8_[A-Za-z0-9]{20,}",  # Replicate
            r"\bgsk_[A-Za-z0-9]{20,}",  # Groq
            rf"\bxai-{_TOKEN}{{20,}}",  # xAI
            r"(?<=[Bb]earer )[A-Za-z0-9._~+/=\-]{8,}",  # any bearer token
        ]
    )
)
_ENV_NAME = re.compile(r"(API_?KEY|_TOKEN|_SECRET|SECRET_KEY|_KEY)$", re.IGNORECASE)

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
_SHOWN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f" + "".join(sorted(BIDI_CONTROLS)) + "]")


def env_secrets() -> list[str]:
    """Values of environment variables named like keys (``*_API_KEY``, ``*_TOKEN`` ...), 8+ characters."""
    return [v for k, v in os.environ.items() if _ENV_NAME.search(k) and len(v) >= 8]


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with ``secrets`` (longest first), key-shaped tokens and key-named environment
    values replaced by ``<redacted>``."""
    known = sorted({s for s in (*secrets, *env_secrets()) if s and len(s) >= 8}, key=len, reverse=True)
    for secret in known:
        text = text.replace(secret, REDACTED)
    return KEY_PATTERN.sub(REDACTED, text)


def scrub_bytes(data: bytes, secrets: Iterable[str] = ()) -> bytes:
    """:func:`scrub` for a body: text (UTF-8) bodies are scrubbed, binary bodies (images) kept."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    cleaned = scrub(text, secrets)
    return data if cleaned == text else cleaned.encode("utf-8")


def neutralise_controls(text: str) -> str:
    """``text`` with every bidirectional control and control character (but tab and line feed)
    shown as ``<U+XXXX>``."""
    return _SHOWN.sub(lambda m: f"<U+{ord(m.group()):04X}>", text)


def spreadsheet_cell(value):
    """A CSV cell a spreadsheet will not read as a formula: text starting with ``= + - @``, a tab
    or a carriage return gets a leading apostrophe (what spreadsheets show as plain text)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value
