"""forestshuffle.native.VecEnv: every environment plays the game the Python engine plays from
the same seed with the same actions (masks, players to move, rewards, ends), auto-reset
deals the next seed, and bad input is refused without moving any game."""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np
import pytest

import forestshuffle as fs
from forestshuffle import native
from forestshuffle.errors import ArgumentError, IllegalActionError

from .reference import Reference


def _random_legal(mask: Any, rng: random.Random) -> Any:
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask])


def _same(state: native.VecState, ref: Reference) -> None:
    np.testing.assert_array_equal(state.legal_action_mask, ref.mask())
    np.testing.assert_array_equal(state.current_player, ref.player())
    if state.observation is not None:
        assert state.observation.dtype == np.float32
        np.testing.assert_array_equal(state.observation, ref.observation())


@pytest.mark.parametrize(("ruleset", "players", "steps"),
                         [("base", 2, 700), ("smoky", 2, 1000), ("base", 3, 500)])
def test_each_env_plays_the_python_engines_game(ruleset: str, players: int,
                                                steps: int) -> None:
    env = native.VecEnv(ruleset, 4, players=players)
    state = env.reset([11, 12, 13, 14])
    ref = Reference(ruleset, [11, 12, 13, 14], players)
    _same(state, ref)
    rng = random.Random(5)
    ends = 0
    for _ in range(steps):
        actions = _random_legal(state.legal_action_mask, rng)
        state = env.step(actions)
        rewards, terminated = ref.step(actions)
        np.testing.assert_array_equal(state.rewards, rewards)
        np.testing.assert_array_equal(state.terminated, terminated)
        assert not state.truncated.any()
        _same(state, ref)
        ends += int(terminated.sum())
    assert ends >= 4  # games ended, paid their returns and started again
    assert env.seeds == ref.seeds()
    assert env.episodes == ref.restarts


def test_the_last_step_pays_the_returns_and_deals_the_next_seed() -> None:
    env = native.VecEnv("base", 3)
    state = env.reset(100)
    assert env.seeds == [100, 101, 102]
    rng = random.Random(1)
    while not state.terminated.any():
        state = env.step(_random_legal(state.legal_action_mask, rng))
    i = int(np.flatnonzero(state.terminated)[0])
    assert sorted(state.rewards[i].tolist()) in ([-1.0, 1.0], [0.0, 0.0])
    assert env.seeds[i] == 100 + i + 3 and env.episodes[i] == 1
    fresh = fs.new_game("base", players=2, seed=100 + i + 3)
    np.testing.assert_array_equal(state.legal_action_mask[i], fresh.legal_actions_mask())
    assert state.current_player[i] == fresh.pending.player  # type: ignore[union-attr]


def test_without_auto_reset_a_finished_game_waits() -> None:
    env = native.VecEnv("base", 2, auto_reset=False)
    state = env.reset([3, 4])
    ref = Reference("base", [3, 4], auto_reset=False)
    rng = random.Random(2)
    while not state.terminated.all():
        actions = _random_legal(state.legal_action_mask, rng)
        state = env.step(actions)
        rewards, terminated = ref.step(actions)
        np.testing.assert_array_equal(state.rewards, rewards)
        np.testing.assert_array_equal(state.terminated, terminated)
        _same(state, ref)
    assert not state.legal_action_mask.any()
    assert state.current_player.tolist() == [-1, -1]
    again = env.step(np.array([7, 7]))  # ignored
    assert not again.rewards.any() and again.terminated.all()
    assert env.reset([3, 4]).current_player.tolist() == [0, 0]


def test_max_actions_truncates_and_restarts() -> None:
    env = native.VecEnv("base", 2, max_actions=5, observations=False)
    state = env.reset(0)
    rng = random.Random(0)
    for _ in range(5):
        assert not state.truncated.any()
        state = env.step(_random_legal(state.legal_action_mask, rng))
    assert state.truncated.all() and not state.terminated.any()
    assert not state.rewards.any()
    assert env.seeds == [2, 3]
    fresh = fs.new_game("base", players=2, seed=2)
    np.testing.assert_array_equal(state.legal_action_mask[0], fresh.legal_actions_mask())


def test_an_illegal_action_names_its_env_and_moves_no_game() -> None:
    env = native.VecEnv("base", 3, observations=False)
    state = env.reset([1, 2, 3])
    ref = Reference("base", [1, 2, 3])
    rng = random.Random(4)
    for _ in range(20):
        actions = _random_legal(state.legal_action_mask, rng)
        state = env.step(actions)
        ref.step(actions)
    bad = _random_legal(state.legal_action_mask, rng)
    bad[1] = int(np.flatnonzero(~state.legal_action_mask[1])[0])
    with pytest.raises(IllegalActionError, match=r"env 1: action \d+ is not a legal") as err:
        env.step(bad)
    assert isinstance(err.value, ValueError)
    for wrong in (bad[:2], bad.reshape(3, 1), bad.astype(np.float64), [1.5, 2.0, 3.0]):
        with pytest.raises(ArgumentError):
            env.step(wrong)
    with pytest.raises(IllegalActionError, match="env 0"):
        env.step(np.array([-1, 0, 0]))
    for _ in range(30):  # every game goes on from where it was
        actions = _random_legal(state.legal_action_mask, rng)
        state = env.step(actions)
        rewards, _ = ref.step(actions)
        np.testing.assert_array_equal(state.rewards, rewards)
        _same(state, ref)


def test_bad_parameters_are_refused() -> None:
    for n in (0, -1, 2.0, True):
        with pytest.raises(ArgumentError, match="num_envs"):
            native.VecEnv("base", n)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="players"):
        native.VecEnv("base", 2, players=9)
    with pytest.raises(ArgumentError, match="max_actions"):
        native.VecEnv("base", 2, max_actions=0)
    env = native.VecEnv("base", 2)
    with pytest.raises(ArgumentError, match="reset"):
        env.step(np.array([0, 0]))
    with pytest.raises(ArgumentError, match="seeds"):
        env.reset([1, 2, 3])
    with pytest.raises(ArgumentError, match="seed"):
        env.reset([1, -2])


def test_states_are_copies_unless_asked_for_views() -> None:
    env = native.VecEnv("base", 2)
    first = env.reset(0)
    kept = first.legal_action_mask.copy()
    env.step(env.random_actions(seed=1))
    np.testing.assert_array_equal(first.legal_action_mask, kept)
    first.legal_action_mask[:] = False  # a copy the caller owns
    views = native.VecEnv("base", 2, copy=False)
    state = views.reset(0)
    assert not state.legal_action_mask.flags.writeable
    np.testing.assert_array_equal(state.legal_action_mask, kept)
    views.step(views.random_actions(seed=1))
    assert not np.array_equal(state.legal_action_mask, kept)  # overwritten by the step


def test_random_actions_are_legal_and_seeded() -> None:
    env = native.VecEnv("smoky", 16, observations=False)
    state = env.reset(0)
    assert state.observation is None
    for _ in range(50):
        actions = env.random_actions()
        assert state.legal_action_mask[np.arange(16), actions].all()
        state = env.step(actions)
    env.reset(0)
    first = env.random_actions(seed=9)
    env.reset(0)
    np.testing.assert_array_equal(env.random_actions(seed=9), first)


def test_threads_do_not_change_the_games() -> None:
    one, many = (native.VecEnv("base", 96, parallel=p) for p in (False, True))
    a, b = one.reset(7), many.reset(7)
    for step in range(400):
        actions = one.random_actions(seed=step)
        a, b = one.step(actions), many.step(actions)
        for x, y in zip(attrs.astuple(a), attrs.astuple(b), strict=True):
            np.testing.assert_array_equal(x, y)
    assert one.episodes == many.episodes and sum(one.episodes) > 0


@pytest.mark.parametrize(("ruleset", "players", "learner", "steps"),
                         [("base", 2, 0, 400), ("base", 3, 2, 300), ("smoky", 2, 1, 400)])
def test_a_learner_seat_plays_against_the_random_bot(ruleset: str, players: int, learner: int,
                                                     steps: int) -> None:
    """With ``learner=seat``, each environment is the Python engine's game with
    ``RandomBot(seed=game seed)`` answering every other seat: every state asks the learner,
    and the rewards, ends and restarts are that game's."""
    env = native.VecEnv(ruleset, 3, players=players, learner=learner)
    state = env.reset([21, 22, 23])
    ref = Reference(ruleset, [21, 22, 23], players, learner=learner)
    _same(state, ref)
    rng = random.Random(7)
    ends = 0
    for _ in range(steps):
        assert (state.current_player == learner).all()
        actions = _random_legal(state.legal_action_mask, rng)
        state = env.step(actions)
        rewards, terminated = ref.step(actions)
        np.testing.assert_array_equal(state.rewards, rewards)
        np.testing.assert_array_equal(state.terminated, terminated)
        _same(state, ref)
        ends += int(terminated.sum())
    assert ends >= 3
    assert env.seeds == ref.seeds()


@pytest.mark.parametrize("learner", [-1, 2, 1.0, "0"])
def test_the_learner_is_a_seat(learner: object) -> None:
    with pytest.raises(ArgumentError, match="learner"):
        native.VecEnv("base", 2, learner=learner)  # type: ignore[arg-type]
