"""Fixtures for provider tests: a loopback server per test, clean budget and usage totals, no base URL variables."""

from __future__ import annotations

import pytest

from pytest_atelier.providers.factory import BASE_URL_ENVS
from pytest_atelier.providers.transport import BUDGET
from pytest_atelier.providers.usage import TRACKER

from .loopback import LoopbackServer

KEY = "sk-loopback-SECRET-0123456789"


@pytest.fixture
def server():
    srv = LoopbackServer(key=KEY).start()
    yield srv
    srv.stop()


@pytest.fixture(autouse=True)
def clean_accounts(monkeypatch):
    monkeypatch.setenv("LOOP_KEY", KEY)
    for variable in BASE_URL_ENVS.values():  # a developer's OPENAI_BASE_URL must not redirect the tests
        monkeypatch.delenv(variable, raising=False)
    BUDGET.reset(None)
    TRACKER.reset()
    yield
    BUDGET.reset(None)
    TRACKER.reset()
