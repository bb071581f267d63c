"""Undo from saved states: the first undo of a finished game that was cloned, loaded from its
record (checked or trusted) or unpickled, and every undo after it, gives the state of the
game replayed to that point, whatever saved states the earlier undos left."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import pytest

import forestshuffle as fs
from forestshuffle.search import copies as search

RULESETS = ["base", "smoky", "house-001", "pokemon"]

COPIES: dict[str, Callable[[fs.Game], fs.Game]] = {
    "clone": lambda g: g.clone(),
    "record": lambda g: fs.Game.from_json(g.to_json()),
    "trusted record": lambda g: fs.Game.from_json(g.to_json(), trusted=True),
    "pickle": lambda g: pickle.loads(pickle.dumps(g)),
}


def _finished(ruleset: str, seed: int) -> fs.Game:
    game = fs.new_game(ruleset, players=2, seed=seed)
    fs.bots.play_out(game, [fs.bots.RandomBot(seed * 10 + p) for p in range(2)])
    assert game.is_over
    return game


def _replayed(game: fs.Game, actions: int) -> fs.Game:
    """A new game of *game*'s seed with its first *actions* actions applied."""
    again = fs.new_game(game.rules, players=game.players, seed=game.seed)
    for action, _ in game.actions[:actions]:
        again.apply(action)
    return again


def _same(game: fs.Game, replay: fs.Game) -> None:
    assert game.state.snapshot() == replay.state.snapshot()
    assert game.events == replay.events
    assert game.legal_actions() == replay.legal_actions()


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("how", COPIES)
def test_undos_of_a_copied_finished_game_give_the_replayed_states(ruleset: str,
                                                                  how: str) -> None:
    original = _finished(ruleset, seed=3)
    game = COPIES[how](original)
    total = len(original.actions)
    rng = random.Random(3)
    # the first undo(1), then single undos across saved boundaries, then jumps
    counts = [1] + [1] * (search.SNAPSHOT_EVERY + 2) + [rng.randrange(1, 40) for _ in range(6)]
    for n in counts:
        n = min(n, len(game.actions))
        if n == 0:
            break
        game.undo(n)
        _same(game, _replayed(original, len(game.actions)))
    assert len(game.actions) < total - search.SNAPSHOT_EVERY
    assert original.is_over and len(original.actions) == total  # the original is untouched


def test_play_after_an_undo_then_undo_again_gives_the_replayed_state() -> None:
    game = _finished("base", seed=4).clone()
    game.undo(1)
    rng = random.Random(4)
    for _ in range(3 * search.SNAPSHOT_EVERY):  # play on past saved boundaries
        if game.is_over:
            break
        opts = game.legal_actions()
        game.apply(opts[rng.randrange(len(opts))])
    for n in (1, 5, search.SNAPSHOT_EVERY + 3, 1):
        game.undo(n)
        _same(game, _replayed(game, len(game.actions)))


def test_kept_boundaries_have_doubling_gaps_down_from_the_target() -> None:
    step = search.SNAPSHOT_EVERY
    assert search.kept_boundaries(step - 1) == set()
    assert search.kept_boundaries(step) == {step}
    assert search.kept_boundaries(17 * step + 1) == {17 * step, 16 * step, 12 * step, 8 * step}
    assert search.kept_boundaries(16 * step) == {16 * step, 14 * step, 12 * step, 8 * step}
