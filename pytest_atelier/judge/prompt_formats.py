"""Prompts as prompt agents write them, read into plain sentences for the prompt rules.

Agents and tools write prompts as JSON or YAML-like objects, markdown with headings and
bullet lists, Stable-Diffusion tag lists with weights and a negative prompt, or Midjourney
lines with ``--ar`` and ``--no``. :func:`plain_prompt` rewrites each into lines of prose that
say the same: one line per bullet, list item or object value; every exclusion (an ``## Avoid``
heading, ``Negative prompt:`` with its list on the next lines, ``What to leave out:``, a
``negative_prompt`` key, ``--no a, b, c``) as one ``Avoid: ...`` line per item; weights and
emphasis brackets dropped with their words kept in place; tool parameters dropped, except the
aspect ratio, which is said in words. Text to render under a key such as ``text``, ``caption``,
``label``, ``title``, ``headline``, ``sign`` or ``speech_bubble`` is quoted, and so is a value
written as text to show (capitals, a reading such as ``21°``); other values are content, not text.
Plain prose comes back as it was. Objects are said in :mod:`.prompt_objects`, markdown and
labelled lines read in :mod:`.prompt_markdown`, the words of labels and keys in :mod:`.prompt_labels`.
"""

from __future__ import annotations

import functools
import re

from .prompt_labels import EXCLUSION_LINE
from .prompt_markdown import plain_lines
from .prompt_objects import as_object, aspect_phrase, object_lines
from .prompt_order import placed_in_order, placed_panels

__all__ = ["plain_prompt", "EXCLUSION_LINE"]


@functools.lru_cache(maxsize=4096)
def plain_prompt(text: str) -> str:
    """``text`` rewritten as plain lines of prose (see the module docstring)."""
    body = _without_fence(text)
    structured = as_object(body)
    if structured is not None:
        return placed_in_order("\n".join(object_lines(structured)))
    return placed_panels(placed_in_order(plain_lines(_without_tool_syntax(body))))


def _without_fence(text: str) -> str:
    m = re.fullmatch(r"\s*```[\w-]*\s*\n(.*?)\n\s*```\s*", text, re.DOTALL)
    return m.group(1) if m else text


# --- tool syntax ---------------------------------------------------------------------------

_WEIGHTED = re.compile(r"\(([^()]*?)\s*:\s*-?\d+(?:\.\d+)?\s*\)")  # (red umbrella:1.3)
_DOUBLED = re.compile(r"\(\(([^()]*)\)\)")  # ((red umbrella))
_BRACKETED = re.compile(r"(?<![\w\"'“])(?:\[([^\[\]:\n]*)\]|\{([^{}:\n]*)\})(?![\w\"'”])")  # [blurry], {masterpiece}
_BARE_WEIGHT = re.compile(r"(?<=[A-Za-z])\s*:\s*\d*\.\d+(?=\s*(?:,|$))", re.MULTILINE)  # red umbrella:1.2,
_MULTI_PROMPT = re.compile(r"\s*::\s*-?\d*(?:\.\d+)?(?=\s|,|$)")  # Midjourney "a cat::2 on a mat::1"
_PARAMETER = re.compile(r"(?:^|\s)--(?P<name>[a-z]+)(?P<value>(?:\s+(?!--)[^\s-][^\n]*?)?)(?=\s+--[a-z]|\s*$)", re.MULTILINE)


def _without_tool_syntax(text: str) -> str:
    """Weights and emphasis brackets dropped (their words stay where they were), ``BREAK``
    read as a comma, Midjourney parameters dropped except ``--no`` (an exclusion line) and
    ``--ar`` (said in words)."""
    for _ in range(3):  # nested weights: ((a:1.2), b:1.1)
        text = _DOUBLED.sub(r"\1", _WEIGHTED.sub(r"\1", text))
    text = _BRACKETED.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), text)
    text = _BARE_WEIGHT.sub("", text)
    text = _MULTI_PROMPT.sub(",", text)
    text = re.sub(r"\bBREAK\b", ",", text)

    def parameter(m: re.Match) -> str:
        name, value = m.group("name").lower(), m.group("value").strip()
        if name == "no" and value:
            return "\n" + EXCLUSION_LINE + value + "\n"
        if name in ("ar", "aspect") and value:
            return ", " + aspect_phrase(value.split()[0])
        return ""

    return _PARAMETER.sub(parameter, text)
