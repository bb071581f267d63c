"""A native game serves search and learning as the Python engine's does: seeded games played
with random action ids by both engines, compared after every action (every player's
observation, the legal-actions mask, the returns), in each ruleset the native core plays;
undo against the Python engine's undo and against a game replayed without the actions."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

from forestshuffle.core.game import Game, new_game
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.errors import ArgumentError, IllegalActionError
from forestshuffle.native import NativeGame, _rules_of
from forestshuffle.search.codec import codec_of
from forestshuffle.search.observation import observation_size

#: (ruleset, expansions, players, games)
RULESETS = [
    ("base", (), 2, 16),
    ("base", ("alpine",), 3, 8),
    ("base", ("woodland_edge",), 2, 12),
    ("base", ("alpine", "woodland_edge"), 4, 6),
    ("smoky", (), 2, 12),
    ("smoky", (), 5, 4),
]


def _same(a: object, b: object) -> bool:
    x, y = np.asarray(a), np.asarray(b)
    return x.dtype == y.dtype and x.shape == y.shape and bool(np.array_equal(x, y))


def _differ(python: Game, nat: NativeGame) -> str | None:
    """What first differs between the engines as search reads them, or None."""
    for p in range(python.players):
        if not _same(python.observation(p), nat.observation(p)):
            return f"player {p}'s observation"
    if not _same(python.legal_actions_mask(), nat.legal_actions_mask()):
        return "the legal-actions mask"
    if python.returns() != nat.returns():
        return f"the returns {python.returns()} and {nat.returns()}"
    return None


def _check_undo(python: Game, nat: NativeGame, rng: random.Random, where: str) -> None:
    """Undo a few actions of copies of both games: the copies agree, the originals are
    unchanged, and so does a native game replayed without those actions."""
    k = rng.randint(1, min(20, len(nat.codes)))
    codes = nat.codes
    py_copy, nat_copy = python.clone(), nat.clone()
    py_copy.undo(k)
    nat_copy.undo(k)
    assert _differ(py_copy, nat_copy) is None, f"{where}: {k} undone"
    replay = NativeGame(nat.rules, nat.players, nat.seed)
    for code in codes[:-k]:
        replay.apply(code)
    assert nat_copy.codes == replay.codes == codes[:-k]
    assert nat_copy.hands == replay.hands and nat_copy.deck == replay.deck
    assert nat_copy.forests() == replay.forests(), f"{where}: {k} undone"
    assert nat.codes == codes  # the original keeps its actions
    # undo on the game itself, then the same codes again: the game goes on as before
    nat.undo(k)
    for code in codes[-k:]:
        nat.apply(code)
    assert nat.codes == codes


def _play(rules: Ruleset, players: int, seed: int) -> int:
    """Play one game with both engines, comparing after every action; the actions taken."""
    codec = codec_of(rules)
    python = new_game(rules, players=players, seed=seed)
    nat = NativeGame(rules, players, seed)
    rng = random.Random(seed)
    step = 0
    while True:
        where = f"{rules.id} {rules.expansions} seed {seed}, after {step} actions"
        bad = _differ(python, nat)
        assert bad is None, f"{where}: {bad} differ"
        if step and rng.random() < 0.05:
            _check_undo(python, nat, rng, where)
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
    rules = _rules_of(ruleset, None, expansions)
    actions = sum(_play(rules, players, seed) for seed in range(games))
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


def test_the_mask_marks_the_legal_codes() -> None:
    nat = NativeGame("base", 2, 3)
    mask = nat.legal_actions_mask()
    assert mask.dtype == bool and mask.shape == (nat.num_distinct_actions,)
    assert np.flatnonzero(mask).tolist() == sorted(nat.legal_codes())


def _finished(seed: int) -> NativeGame:
    nat = NativeGame("base", 2, seed)
    rng = random.Random(seed)
    while not nat.is_over:
        nat.apply_index(rng.randrange(len(nat.legal_codes())))
    return nat


def test_undo_takes_back_to_the_start_and_a_clone_is_independent() -> None:
    nat = _finished(5)
    assert not nat.legal_actions_mask().any()
    assert sorted(nat.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    first = NativeGame("base", 2, 5)
    twin = copy.copy(nat)
    nat.undo(len(nat.codes))
    assert nat.codes == [] and nat.actions == 0 and not nat.is_over
    assert _same(nat.observation(0), first.observation(0))
    assert nat.returns() == (0.0, 0.0)
    assert twin.is_over and len(twin.codes) > 50  # the copy kept its game


@pytest.mark.parametrize("n", [-1, 1.0, True, 10_000])
def test_undo_needs_a_count_of_actions_applied(n: object) -> None:
    nat = NativeGame("base", 2, 0)
    nat.apply(nat.legal_codes()[0])
    with pytest.raises(ArgumentError):
        nat.undo(n)  # type: ignore[arg-type]
    assert len(nat.codes) == 1


def test_apply_index_is_noted_for_undo() -> None:
    nat = NativeGame("base", 2, 1)
    code = nat.legal_codes()[-1]
    nat.apply_index(len(nat.legal_codes()) - 1)
    assert nat.codes == [code]
    with pytest.raises(IllegalActionError):
        nat.apply_index(10_000)
    assert nat.to_game().encode(nat.to_game().actions[0][0]) == code
