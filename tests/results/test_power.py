"""The power model behind --atelier-sample and docs/gating.md's table."""

from __future__ import annotations

import numpy as np
import pytest

from pytest_atelier.results.power import NoiseModel, gate_power, simulate_runs, tasks_needed


@pytest.mark.parametrize("image_sd,prompt_sd", [(0.0, 0.0), (2.5, 1.0)])
def test_the_model_hits_its_base_rate_and_its_drop(image_sd, prompt_sd):
    model = NoiseModel(base_rate=0.65, image_sd=image_sd, prompt_sd=prompt_sd)
    before, after, image = simulate_runs(np.random.default_rng(0), 4000, 22, model, drop=0.1)
    assert before.mean() == pytest.approx(0.65, abs=0.01)
    assert after.mean() == pytest.approx(0.55, abs=0.01)
    assert image.sum(1).tolist() == [11] * 4000


def test_task_effects_make_checkpoints_of_a_task_move_together():
    rng = np.random.default_rng(1)
    for sd, expected in ((0.0, False), (2.5, True)):
        before, after, _ = simulate_runs(rng, 2000, 22, NoiseModel(image_sd=sd, prompt_sd=0.0))
        per_task = after.sum(1) - before.sum(1)
        independent_var = (before != after).sum(1).mean()  # the variance if checkpoints moved alone
        assert bool(per_task.var() > 1.5 * independent_var) is expected


def test_tasks_needed_finds_the_smallest_powered_size():
    model = NoiseModel(image_sd=1.5, prompt_sd=1.0)
    result = tasks_needed(0.1, model=model, n_sim=200, seed=1)
    assert result.power >= 0.8
    assert gate_power(result.n_tasks - 1, model=model, drop=0.1, n_sim=200, seed=1) < 0.8
    assert tasks_needed(0.05, model=model, n_sim=200, seed=1).n_tasks > result.n_tasks
    assert tasks_needed(0.05, model=model, n_sim=50, max_tasks=4).n_tasks is None


def test_an_unchanged_system_alarms_at_most_alpha_under_clustered_noise():
    rate = gate_power(120, model=NoiseModel(image_sd=2.5, prompt_sd=1.0), drop=0.0, n_sim=1500, seed=3)
    assert rate <= 0.05 + 3 * np.sqrt(0.05 * 0.95 / 1500)
