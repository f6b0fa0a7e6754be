"""A text check naming several texts ("Research" and "Launch"): each is checked on its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..suite.models import TextCheck

__all__ = ["each_text"]


def each_text(check: TextCheck, rule: Callable[[TextCheck], tuple[str, str]]) -> tuple[str, str]:
    """Apply ``rule`` to every text of ``check``. Pass when every text passes; fail when one
    fails (a set is given only whole); otherwise abstain, naming the texts left undecided."""
    if not check.also:
        return rule(check)
    results = [(text, *rule(check.model_copy(update={"text": text, "also": []}))) for text in check.texts]
    failed = [(text, reason) for text, outcome, reason in results if outcome == "fail"]
    if failed:
        return "fail", "; ".join(f"{text!r}: {reason}" for text, reason in failed)
    open_ = [(text, reason) for text, outcome, reason in results if outcome != "pass"]
    if open_:
        return "abstain", "; ".join(f"{text!r}: {reason}" for text, reason in open_)
    return "pass", f"all {len(results)} texts: " + "; ".join(reason for _, _, reason in results)
