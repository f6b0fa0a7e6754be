"""Fixtures for provider tests: a loopback server per test, clean budget and usage totals."""

from __future__ import annotations

import pytest

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
    BUDGET.reset(None)
    TRACKER.reset()
    yield
    BUDGET.reset(None)
    TRACKER.reset()
