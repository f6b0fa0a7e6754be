"""People in the loop: a local web app where people write prompts that ``human:FILE`` replays.

``assign`` plans each participant's rounds (balanced, seeded), ``store`` keeps what they answered
(append-only JSON Lines, resumable), ``questionnaire`` groups novice and skilled participants, and
``app`` is the Starlette application that ``atelier collect`` serves with uvicorn. Only ``app``
needs the optional ``collect`` extra (starlette, uvicorn, python-multipart).
"""

from __future__ import annotations

from .assign import CollectConfig, Plan, order_plan, plan_participant
from .questionnaire import QUESTIONS, group_of
from .store import CollectStore

__all__ = ["CollectConfig", "Plan", "plan_participant", "order_plan", "CollectStore", "QUESTIONS", "group_of"]
