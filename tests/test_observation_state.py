"""Observations read straight from the state (``observe_state``, what the PettingZoo
environment sends) are the ones built from the player's view (``observe`` of
``game.view(p)``), extensions text included, in every ruleset, at every decision of many
seeded games; the environment's step applies the option ``game.decode`` finds."""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import pytest

import forestshuffle as fs
from forestshuffle.rl import ForestShuffleEnv, env, extensions_text, observation_of
from forestshuffle.search.codec import codec_of
from forestshuffle.search.observation import ForestParts, observe, observe_state

#: (ruleset id, options, expansions): expansions and plugin state kinds (extensions) included
RULESETS: list[tuple[str, dict[str, Any], list[str]]] = [
    ("base", {}, []),
    ("base", {}, ["alpine", "woodland_edge"]),
    ("smoky", {}, []),
    ("house-001", {}, []),
    ("pokemon", {"chance": True}, ["pokemon_oak"]),
    ("pokemon", {"challenge": True}, ["pokemon_exp1", "pokemon_exp2", "pokemon_oak"]),
]


def _old(game: fs.Game, player: int) -> tuple[Any, str]:
    view = game.view(player)
    return observe(game.rules, game.players, view), extensions_text(view)


@pytest.mark.parametrize(("ruleset", "options", "expansions"), RULESETS)
def test_state_observations_are_the_view_observations(
        ruleset: str, options: dict[str, Any], expansions: list[str]) -> None:
    rules = fs.get_ruleset(ruleset, options=options, expansions=expansions)
    compared = with_extensions = 0
    for seed in range(4):
        players = 2 + seed % 3
        game = fs.new_game(rules, players=players, seed=seed)
        bots = [fs.bots.RandomBot(seed * 10 + p) for p in range(players)]
        while True:
            for p in range(players):
                vector, text = observation_of(game, p)
                old_vector, old_text = _old(game, p)
                assert vector.dtype == old_vector.dtype == np.float32
                assert np.array_equal(vector, old_vector)
                assert np.array_equal(observe_state(game.state, p), old_vector)
                assert text == old_text
                compared += 1
                with_extensions += text != "{}"
            if game.is_over:
                break
            dec = game.pending
            assert dec is not None
            game.apply(bots[dec.player].choose(game))
    assert compared > 500
    if rules.state_kinds:
        assert with_extensions > 0


def test_observe_state_refuses_a_seat_the_game_lacks() -> None:
    game = fs.new_game("base", players=2, seed=1)
    for bad in (2, -1, True, 1.0):
        with pytest.raises(fs.errors.ArgumentError):
            observe_state(game.state, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("ruleset", "options", "expansions"), RULESETS[:2] + RULESETS[4:5])
def test_the_env_observes_and_steps_as_the_view_and_decode_do(
        ruleset: str, options: dict[str, Any], expansions: list[str]) -> None:
    e = env(ruleset=ruleset, players=3, options=options, expansions=expansions)
    e.reset(seed=3)
    raw = e.unwrapped
    assert isinstance(raw, ForestShuffleEnv)
    rng = np.random.default_rng(3)
    steps = 0
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        game = raw.game
        assert game is not None
        p = raw.possible_agents.index(agent)
        old_vector, old_text = _old(game, p)
        assert np.array_equal(obs["observation"], old_vector)
        assert obs["extensions"] == old_text
        if term or trunc:
            e.step(None)
            continue
        codec = codec_of(game.rules)
        want = np.zeros(codec.size, dtype=np.int8)
        want[[codec.encode(a) for a in game.legal_actions()]] = 1
        assert np.array_equal(obs["action_mask"], want)
        code = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        expected = game.decode(code)
        n = len(game.actions)
        e.step(code)
        assert game.actions[n][0] is expected
        steps += 1
    assert steps > 100


def test_codes_of_shared_and_new_action_objects_are_their_encodings() -> None:
    game = fs.new_game("base", players=2, seed=2)
    codec = codec_of(game.rules)
    for _ in range(60):
        opts = game.legal_actions()
        fresh = [attrs.evolve(a) for a in opts]  # equal actions, new objects
        assert all(f is not a for f, a in zip(fresh, opts, strict=True))
        want = [codec.encode(a) for a in opts]
        assert codec.codes(opts) == want and codec.codes(fresh) == want
        assert codec.codes(opts) == want  # kept codes
        game.apply(opts[-1])


@pytest.mark.parametrize(("ruleset", "options", "expansions"), RULESETS)
def test_kept_forest_parts_follow_applies_undos_and_new_games(
        ruleset: str, options: dict[str, Any], expansions: list[str]) -> None:
    rules = fs.get_ruleset(ruleset, options=options, expansions=expansions)
    parts = ForestParts()
    rng = np.random.default_rng(7)
    for seed in (7, 8):  # one ForestParts for two games
        game = fs.new_game(rules, players=3, seed=seed)
        for turn in range(400):
            if game.is_over:
                break
            if turn % 37 == 36:
                game.undo(int(rng.integers(1, min(20, len(game.actions)) + 1)))
            else:
                opts = game.legal_actions()
                game.apply(opts[int(rng.integers(len(opts)))])
            for p in range(game.players):
                vector, text = observation_of(game, p, parts)
                old_vector, old_text = _old(game, p)
                assert np.array_equal(vector, old_vector) and text == old_text


@pytest.mark.parametrize(("ruleset", "options", "expansions"), RULESETS[1:2] + RULESETS[4:5])
def test_the_single_seat_env_observes_as_the_view_does(
        ruleset: str, options: dict[str, Any], expansions: list[str]) -> None:
    from forestshuffle.rl.single import ForestShuffleGymEnv

    e = ForestShuffleGymEnv(ruleset, players=3, seat=1, options=options, expansions=expansions)
    rng = np.random.default_rng(11)
    for seed in (11, 12):
        obs, info = e.reset(seed=seed)
        over = False
        while not over:
            assert e.game is not None
            old_vector, old_text = _old(e.game, 1)
            assert np.array_equal(obs, old_vector) and info["extensions"] == old_text
            code = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, _, over, _, info = e.step(code)


def test_the_wrapper_refuses_last_before_reset_and_reads_as_pettingzoos() -> None:
    from pettingzoo.utils import wrappers

    e = env(ruleset="base", players=2)
    assert isinstance(e, wrappers.OrderEnforcingWrapper)
    with pytest.raises(AttributeError, match="before reset"):
        e.last()
    assert str(e) == str(wrappers.OrderEnforcingWrapper(e.unwrapped))
    e.reset(seed=1)
    assert e.last()[1:] == e.unwrapped.last()[1:]
