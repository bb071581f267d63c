"""examples/native_reinforce.py learns: a masked linear policy trained by REINFORCE for a few
hundred steps against the native random bot wins more often than random play on the same
deals against the same bots, and more than half its games (95% interval); its sampling draws
legal codes only, by the policy's probabilities."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

PATH = Path(__file__).resolve().parents[2] / "examples" / "native_reinforce.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("native_reinforce", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_policy_draws_legal_codes_by_its_probabilities(example: ModuleType) -> None:
    kinds = np.array([0, 0, 1, 1, 2, 2])
    policy = example.Policy(kinds, 3, seed=1)
    policy.weights[:] = [0.0, np.log(3.0), 0.0]
    mask = np.array([[1, 0, 1, 0, 0, 0],     # kinds 0 and 1: 1/4, 3/4
                     [0, 0, 0, 0, 1, 1],     # kind 2 twice: 1/2 each
                     [1, 1, 1, 1, 1, 1]], dtype=bool)  # weights 1, 1, 3, 3, 1, 1
    counts = np.zeros(mask.shape)
    for _ in range(4000):
        codes, grad = policy.act(mask)
        assert mask[np.arange(3), codes].all()
        counts[np.arange(3), codes] += 1
        # the gradient of log p: the chosen kind minus the expected kinds, summing to 0
        np.testing.assert_allclose(grad.sum(axis=1), 0.0, atol=1e-12)
    freq = counts / 4000
    np.testing.assert_allclose(freq[0, [0, 2]], [0.25, 0.75], atol=0.03)
    np.testing.assert_allclose(freq[1, [4, 5]], [0.5, 0.5], atol=0.03)
    np.testing.assert_allclose(freq[2], [0.1, 0.1, 0.3, 0.3, 0.1, 0.1], atol=0.03)


def test_the_example_learns_to_beat_the_random_bot(example: ModuleType) -> None:
    policy = example.train(300, envs_n=64, seed=0)
    learnt = example.win_rate(policy, 400, seed=50_000)
    random_play = example.win_rate(None, 400, seed=50_000)
    assert learnt[1] == random_play[1] == 400
    low, _ = example.interval(*learnt)
    assert low > 0.5, learnt
    assert learnt[0] > random_play[0] and example.interval(*random_play)[1] < low
