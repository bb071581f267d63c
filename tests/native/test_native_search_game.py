"""A native game serves search and learning as the Python engine's does: seeded games played
with random action ids by both engines, compared after every action (every player's
observation), in each ruleset the native core plays."""

from __future__ import annotations

import random

import numpy as np
import pytest

from forestshuffle.core.game import Game, new_game
from forestshuffle.errors import ArgumentError
from forestshuffle.native import NativeGame, _rules_of
from forestshuffle.search.codec import codec_of
from forestshuffle.search.observation import observation_size

#: (ruleset, expansions, players, games)
RULESETS = [
    ("base", (), 2, 12),
    ("base", ("alpine",), 3, 8),
    ("base", ("woodland_edge",), 2, 10),
    ("base", ("alpine", "woodland_edge"), 4, 6),
    ("smoky", (), 2, 10),
]


def _differ(python: Game, nat: NativeGame, step: int) -> str | None:
    """What first differs between the engines' observations, or None."""
    for p in range(python.players):
        a, b = python.observation(p), nat.observation(p)
        if a.dtype != b.dtype or a.shape != b.shape or not np.array_equal(a, b):
            where = np.flatnonzero(a != b)[:8] if a.shape == b.shape else "shape"
            return f"after {step} actions, player {p}'s observation at {where}"
    return None


def _play(ruleset: str, expansions: tuple[str, ...], players: int, seed: int) -> int:
    """Play one game with both engines, comparing after every action; the actions taken."""
    rules = _rules_of(ruleset, None, expansions)
    codec = codec_of(rules)
    python = new_game(rules, players=players, seed=seed)
    nat = NativeGame(rules, players, seed)
    rng = random.Random(seed)
    step = 0
    while True:
        bad = _differ(python, nat, step)
        assert bad is None, f"{ruleset} {expansions} seed {seed}: {bad}"
        if python.is_over:
            return step
        options = python.legal_actions()
        i = rng.randrange(len(options))
        python.apply(options[i])
        nat.apply(codec.codes(options)[i])
        step += 1


@pytest.mark.parametrize(("ruleset", "expansions", "players", "games"), RULESETS)
def test_the_engines_agree_after_every_action(ruleset: str, expansions: tuple[str, ...],
                                              players: int, games: int) -> None:
    actions = sum(_play(ruleset, expansions, players, seed) for seed in range(games))
    assert actions > 50 * games  # whole games were compared


def test_an_observation_has_the_python_layout() -> None:
    rules = _rules_of("base", None, ("woodland_edge",))  # card ids with a gap
    nat = NativeGame(rules, 3, 7)
    obs = nat.observation(1)
    assert obs.dtype == np.float32
    assert obs.shape == (observation_size(rules),) == (nat.observation_size,)
    assert obs.flags.writeable
    mover = nat.to_move
    for p in range(3):  # the last value: whether a decision of mine is pending
        assert nat.observation(p)[-1] == (1.0 if p == mover else 0.0)


@pytest.mark.parametrize("player", [-1, 2, 1.0, True, "0"])
def test_an_observation_needs_a_seat_number(player: object) -> None:
    nat = NativeGame("base", 2, 0)
    with pytest.raises(ArgumentError):
        nat.observation(player)  # type: ignore[arg-type]
