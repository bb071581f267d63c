"""The PettingZoo AEC environment: it passes PettingZoo's own API and seed tests
for base and smoky; agents are seats, multi-step turns repeat ``agent_selection``, the mask
is in the observation dict, and the rewards are the game's returns."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import forestshuffle as fs
from forestshuffle.rl import ForestShuffleEnv, env


@pytest.mark.parametrize("ruleset", ["base", "smoky"])
def test_the_env_passes_the_pettingzoo_api_test(ruleset: str) -> None:
    api_test(env(ruleset=ruleset, players=2), num_cycles=300)


@pytest.mark.parametrize("ruleset", ["base", "smoky"])
def test_the_env_passes_the_pettingzoo_seed_test(ruleset: str) -> None:
    seed_test(lambda: env(ruleset=ruleset, players=2), num_cycles=300)


def test_a_random_policy_plays_whole_games_and_is_paid_the_returns() -> None:
    e = env(ruleset="base", players=3)
    e.reset(seed=5)
    raw = e.unwrapped
    assert isinstance(raw, ForestShuffleEnv)
    rng = np.random.default_rng(5)
    repeats = steps = 0
    last = None
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        g = raw.game
        assert agent == f"player_{g.pending.player}"
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() == len(g.legal_actions())
        assert obs["observation"].shape == raw.observation_space(agent)["observation"].shape
        repeats += agent == last
        last = agent
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    g = raw.game
    assert g.is_over and steps == len(g.actions)
    assert repeats > 0  # several decisions of one turn: the same agent again
    assert tuple(totals[a] for a in e.possible_agents) == pytest.approx(g.returns())


def test_an_illegal_code_is_refused_and_changes_nothing() -> None:
    e = env(ruleset="base", players=2)
    e.reset(seed=1)
    g = e.unwrapped.game
    before = g.state.snapshot()
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(fs.IllegalActionError):
        e.step(bad)
    assert g.state.snapshot() == before
