"""The Gymnasium vector adapter and the PettingZoo adapter over the native core: the games,
observations, masks and rewards of the Python engine (and of :func:`forestshuffle.rl.env`) for
the same seeds and actions, and the checks Gymnasium and PettingZoo offer."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode, VectorEnv
from pettingzoo.test import api_test, seed_test

from forestshuffle import rl
from forestshuffle.errors import IllegalActionError
from forestshuffle.native import pettingzoo as native_pz
from forestshuffle.native.gym import NativeVectorEnv

from .reference import Reference


def _random_legal(mask: np.ndarray, rng: random.Random) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


@pytest.mark.parametrize(("ruleset", "players", "seat"), [("base", 2, 0), ("smoky", 3, 1)])
def test_the_vector_env_is_the_python_engines_game_at_one_seat(ruleset: str, players: int,
                                                                seat: int) -> None:
    envs = NativeVectorEnv(ruleset, 3, players, seat=seat)
    assert isinstance(envs, VectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, info = envs.reset(seed=40)
    ref = Reference(ruleset, [40, 41, 42], players, learner=seat)
    rng = random.Random(3)
    ends = 0
    for _ in range(300):
        assert envs.observation_space.contains(obs)
        np.testing.assert_array_equal(obs, ref.observation())
        np.testing.assert_array_equal(info["action_mask"], ref.mask())
        np.testing.assert_array_equal(envs.action_masks(), info["action_mask"])
        actions = _random_legal(info["action_mask"], rng)
        assert envs.action_space.contains(actions)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        want_rewards, want_terminated = ref.step(actions)
        np.testing.assert_array_equal(rewards, want_rewards[:, seat])
        np.testing.assert_array_equal(terminated, want_terminated)
        assert rewards.dtype == np.float64 and not truncated.any()
        ends += int(terminated.sum())
    assert ends >= 2


def test_the_vector_env_is_deterministic_and_returns_fresh_data() -> None:
    """Gymnasium's checks of a single environment, for a vector: the same seed gives the
    same data, steps too, and a step does not overwrite what an earlier one returned."""
    a, b = NativeVectorEnv("base", 4), NativeVectorEnv("base", 4)
    first = a.reset(seed=9)
    assert data_equivalence(first, b.reset(seed=9))
    assert not data_equivalence(first[0], b.reset(seed=10)[0])
    b.reset(seed=9)
    for k in range(50):
        actions = a.sample_actions(seed=k)
        assert np.isin(actions, np.flatnonzero(a.action_masks().any(axis=0))).all()
        got = a.step(actions)
        assert data_equivalence(got, b.step(actions))
    kept = got[0].copy()
    a.step(a.sample_actions())
    np.testing.assert_array_equal(got[0], kept)
    obs, _ = a.reset()  # a seed drawn from the environment's generator
    assert a.observation_space.contains(obs)
    a.close()


def test_an_illegal_code_is_refused_and_no_game_moves() -> None:
    envs = NativeVectorEnv("base", 2)
    _, info = envs.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"][1])[0])
    with pytest.raises(IllegalActionError, match="env 1"):
        envs.step(np.array([int(np.flatnonzero(info["action_mask"][0])[0]), illegal]))
    np.testing.assert_array_equal(envs.action_masks(), info["action_mask"])


@pytest.mark.parametrize("ruleset", ["base", "smoky"])
def test_the_aec_env_passes_the_pettingzoo_tests(ruleset: str) -> None:
    api_test(native_pz.env(ruleset, players=2), num_cycles=300)
    seed_test(lambda: native_pz.env(ruleset, players=2), num_cycles=300)


@pytest.mark.parametrize(("ruleset", "players"), [("base", 2), ("base", 3), ("smoky", 2)])
def test_the_aec_env_plays_what_the_python_env_plays(ruleset: str, players: int) -> None:
    nat, py = native_pz.env(ruleset, players), rl.env(ruleset=ruleset, players=players)
    rng = random.Random(players)
    for episode in range(2):
        nat.reset(seed=episode)
        py.reset(seed=episode)
        for agent in py.agent_iter():
            assert nat.agent_selection == agent
            got, want = nat.last(), py.last()
            assert got[1:] == want[1:]
            for a in py.agents:
                o, w = nat.observe(a), py.observe(a)
                np.testing.assert_array_equal(o["observation"], w["observation"])
                np.testing.assert_array_equal(o["action_mask"], w["action_mask"])
                assert o["action_mask"].dtype == np.int8
            if want[2] or want[3]:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(want[0]["action_mask"])))
            nat.step(action)
            py.step(action)
        assert not nat.agents and nat.unwrapped.game.returns() == py.unwrapped.game.returns()
