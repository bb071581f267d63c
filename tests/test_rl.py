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


# -- rendering, illegal actions, plugin state ----------------------------------------------


def test_render_ansi_draws_the_table_as_play_does() -> None:
    """``render()`` in ``ansi`` mode returns the table ``forestshuffle play`` shows (the
    clearing, the forests, the hand of the player to move, the numbered options), not a
    repr."""
    e = env(ruleset="base", players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    for part in ("Clearing:", "Your forest", "Your hand:", "Player 1, choose a turn action:",
                 "  1. draw from the deck"):
        assert part in text, part
    assert "\x1b[" not in text and "<Game" not in text


def test_illegal_codes_raise_or_end_the_game_with_a_penalty() -> None:
    """``illegal_action="penalty"``: the agent that plays an illegal code is paid -1, the
    others 0, and every agent is terminated; the default raises."""
    e = env(ruleset="base", players=2, illegal_action="penalty")
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    raw = e.unwrapped
    assert raw.rewards == {agent: -1.0, "player_1": 0.0}
    assert all(raw.terminations.values()) and raw.infos[agent]["illegal_action"]
    with pytest.raises(fs.ArgumentError, match="'raise' or 'penalty'"):
        ForestShuffleEnv("base", 2, illegal_action="ignore")  # type: ignore[arg-type]


def test_the_penalty_env_passes_the_pettingzoo_api_test() -> None:
    api_test(env(ruleset="base", players=2, illegal_action="penalty"), num_cycles=100)


def test_observations_carry_the_plugins_parts_of_the_view() -> None:
    """``view.extensions`` (here the Pokémon re-theme's boxes) is in every observation, as
    JSON text within the observation space."""
    import json

    e = env(ruleset="pokemon", players=2)
    e.reset(seed=1)
    agent = e.agent_selection
    obs = e.observe(agent)
    raw = e.unwrapped
    view = raw.game.view(int(agent.split("_")[1]))
    assert json.loads(obs["extensions"]) == json.loads(json.dumps(view.extensions))
    assert "pokemon.boxes" in json.loads(obs["extensions"])
    assert raw.observation_space(agent).contains(obs)
    e = env(ruleset="base", players=2)
    e.reset(seed=1)
    assert e.observe(e.agent_selection)["extensions"] == "{}"


# -- the Gymnasium single-agent environment ------------------------------------------------


def test_the_gymnasium_env_passes_gymnasiums_env_checker() -> None:
    import gymnasium as gym
    from gymnasium.utils.env_checker import check_env

    from forestshuffle.rl.single import ENV_ID

    made = gym.make(ENV_ID, ruleset="base", players=2, render_mode="ansi")
    check_env(made.unwrapped)
    check_env(gym.make(ENV_ID, ruleset="pokemon", players=3, seat=1).unwrapped,
              skip_render_check=True)


def test_masked_random_play_reaches_the_end_and_is_paid_the_learners_return() -> None:
    """``action_masks()`` (what sb3-contrib's MaskablePPO calls) is the set of legal codes
    at each of the learner's decisions; the final reward is the learner's return."""
    from forestshuffle.rl.single import ForestShuffleGymEnv

    e = ForestShuffleGymEnv("base", players=3, seat=2)
    obs, info = e.reset(seed=7)
    rng = np.random.default_rng(7)
    done, reward, steps = False, 0.0, 0
    while not done:
        g = e.game
        mask = e.action_masks()
        assert mask.dtype == bool and g.pending.player == 2
        assert mask.sum() == len(g.legal_actions()) and (info["action_mask"] == mask).all()
        assert e.observation_space.contains(obs)
        obs, reward, done, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
        steps += 1
    assert e.game.is_over and steps > 10
    assert reward == pytest.approx(e.game.returns()[2])
    assert not e.action_masks().any()


def test_the_gymnasium_env_raises_on_illegal_codes_when_asked() -> None:
    from forestshuffle.rl.single import ForestShuffleGymEnv

    e = ForestShuffleGymEnv("base", players=2, illegal_action="raise")
    e.reset(seed=1)
    with pytest.raises(fs.IllegalActionError):
        e.step(int(np.flatnonzero(~e.action_masks())[0]))
    e = ForestShuffleGymEnv("base", players=2)
    e.reset(seed=1)
    _, reward, done, _, info = e.step(int(np.flatnonzero(~e.action_masks())[0]))
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)


def test_the_maskable_ppo_example_builds_its_environment_and_plays_masked() -> None:
    """examples/maskable_ppo.py (sb3-contrib and torch are not needed to import it): its
    environment passes the env checker and a masked policy finishes an episode."""
    import importlib.util
    from pathlib import Path

    from gymnasium.utils.env_checker import check_env

    path = Path(__file__).resolve().parent.parent / "examples" / "maskable_ppo.py"
    spec = importlib.util.spec_from_file_location("maskable_ppo", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    check_env(example.make_env(), skip_render_check=True)

    class FirstLegal:
        def predict(self, obs: object, action_masks: np.ndarray,
                    deterministic: bool) -> tuple[int, None]:
            return int(np.flatnonzero(action_masks)[0]), None

    assert -1.0 <= example.evaluate(FirstLegal(), games=1) <= 1.0
