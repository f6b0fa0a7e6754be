"""Each xdist worker gets its share of the cores for native thread pools."""

import os

import pytest

from pytest_atelier.engine import threads


@pytest.fixture
def fresh(monkeypatch):
    monkeypatch.setattr(threads, "_threads", None)
    monkeypatch.setattr(threads, "available_cores", lambda: 8)
    for var in threads._ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    torch = pytest.importorskip("torch")
    before = torch.get_num_threads()
    yield torch
    torch.set_num_threads(before)


def test_workers_split_the_cores(fresh):
    assert threads.cpu_threads() is None
    assert threads.share_cores(3) == 2
    assert threads.cpu_threads() == 2
    assert os.environ["OMP_NUM_THREADS"] == "2"
    assert fresh.get_num_threads() == 2  # torch was imported first: set directly


def test_more_workers_than_cores_get_one_thread_each(fresh):
    assert threads.share_cores(32) == 1


def test_the_users_thread_setting_is_kept(fresh, monkeypatch):
    monkeypatch.setenv("OMP_NUM_THREADS", "5")
    assert threads.share_cores(2) == 5
    assert os.environ["OMP_NUM_THREADS"] == "5"
    assert os.environ["MKL_NUM_THREADS"] == "5"


def test_xdist_workers_share_the_cores(pytester, monkeypatch):
    for var in threads._ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    pytester.makepyfile(
        """
        import os
        from pytest_atelier.engine import threads

        def test_share():
            assert threads.cpu_threads() == max(1, threads.available_cores() // 2)
            assert os.environ["OMP_NUM_THREADS"] == str(threads.cpu_threads())
        """
    )
    pytester.runpytest_subprocess("-n", "2", "-p", "no:cacheprovider").assert_outcomes(passed=1)
