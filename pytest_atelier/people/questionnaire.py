"""The background questionnaire and the rule that tells novice and skilled participants apart.

A participant is **skilled** when they use text-to-image tools at least monthly *and* either
have used them for work or published images, or use prompt syntax (negative prompts, weights,
seeds); everyone else is a **novice**. The answers are recorded as given, so a study can apply
another rule later.
"""

from __future__ import annotations

__all__ = ["QUESTIONS", "group_of", "read_answers"]

QUESTIONS = (
    ("frequency", "How often do you use text-to-image tools (Midjourney, Stable Diffusion, DALL-E, Firefly ...)?",
     (("never", "Never"), ("tried", "I have tried them a few times"), ("monthly", "About monthly"), ("weekly", "Weekly or more"))),
    ("work", "Have you used such tools for work, or published images made with them?", (("no", "No"), ("yes", "Yes"))),
    ("syntax", "Do you use negative prompts, weights, seeds or other prompt syntax?", (("no", "No"), ("yes", "Yes"))),
)  # fmt: skip


def read_answers(form) -> dict[str, str] | str:
    """The answers from a submitted form, or what is missing."""
    answers = {}
    for key, text, choices in QUESTIONS:
        value = str(form.get(key) or "")
        if value not in {c for c, _ in choices}:
            return f"Please answer: {text}"
        answers[key] = value
    return answers


def group_of(answers: dict[str, str]) -> str:
    regular = answers.get("frequency") in {"monthly", "weekly"}
    practised = answers.get("work") == "yes" or answers.get("syntax") == "yes"
    return "skilled" if regular and practised else "novice"
