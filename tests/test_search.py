"""The search surface of issue 10: clone, undo from saved states, state keys, returns and
pickling, on every installed ruleset (and the open-core test plugin's ruleset)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from tests.open_core import plugin

import forestshuffle as fs
from forestshuffle.core.outcome import Outcome, Termination
from forestshuffle.errors import PickleError
from forestshuffle.search import copies as search
from forestshuffle.testing.search_checks import check_search

RULESETS = fs.available_rulesets()
HOST = fs.PluginHost(extra=[plugin])


def _played(ruleset: str | fs.Ruleset = "base", actions: int = 60, seed: int = 5,
            players: int = 2) -> fs.Game:
    g = fs.new_game(ruleset, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if g.is_over:
            break
        opts = g.legal_actions()
        g.apply(opts[rng.randrange(len(opts))])
    return g


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_clone_is_equal_and_independent(ruleset: str) -> None:
    """Issue 10: ``game.clone()`` is an independent game sharing the compiled ruleset."""
    g = _played(ruleset)
    c = g.clone()
    assert c.rules is g.rules
    assert c.state.snapshot() == g.state.snapshot() and c.events == g.events
    before = g.state.snapshot()
    c.apply(c.legal_actions()[0])
    assert g.state.snapshot() == before and len(c.actions) == len(g.actions) + 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_undo_restores_every_earlier_position(ruleset: str) -> None:
    """Issue 10: apply then undo restores an equal state; undo(n) from saved states gives
    the state before those n actions, whatever was undone before."""
    g = fs.new_game(ruleset, players=2, seed=9)
    rng = random.Random(9)
    history = []
    for _ in range(3 * search.SNAPSHOT_EVERY + 5):
        history.append((g.state.snapshot(), len(g.events)))
        opts = g.legal_actions()
        g.apply(opts[rng.randrange(len(opts))])
    for n in (1, 1, 7, search.SNAPSHOT_EVERY, 2):
        g.undo(n)
        snap, nevents = history[-n]
        del history[-n:]
        assert g.state.snapshot() == snap and len(g.events) == nevents
        opts = g.legal_actions()  # play one on: later undos must not reuse stale states
        history.append((g.state.snapshot(), len(g.events)))
        g.apply(opts[-1])
    g.undo(len(g.actions))
    assert g.state.snapshot() == history[0][0]


def test_state_keys_are_equal_for_equal_positions_and_differ_otherwise() -> None:
    """Issue 10: equal positions have equal, hashable keys (a clone, a position reached
    again after undo), a different position another key; the digest is stable."""
    g = _played()
    key = g.state_key()
    hash(key)
    assert g.clone().state_key() == key
    g.apply(g.legal_actions()[0])
    assert g.state_key() != key
    g.undo()
    assert g.state_key() == key
    assert search.digest(key) == search.digest(g.clone().state_key())
    assert len(search.digest(key)) == 32


def _finished(winners: frozenset[int], players: int) -> fs.Game:
    g = _played(actions=100_000, players=players)
    s = g.state
    s.winners = tuple(sorted(winners))  # a declared win names the winners
    out = g.outcome()
    assert out is not None and out.winners == winners
    return g


@pytest.mark.parametrize(("players", "winners", "expected"), [
    (2, {0}, (1.0, -1.0)),
    (2, {1}, (-1.0, 1.0)),
    (3, {2}, (-0.5, -0.5, 1.0)),
    (3, {0, 1}, (0.5, 0.5, -1.0)),
    (3, {0, 1, 2}, (0.0, 0.0, 0.0)),
])
def test_returns_average_the_pairwise_results(players: int, winners: set[int],
                                             expected: tuple[float, ...]) -> None:
    """DECISIONS (issue 10): a player's return is the mean over the others of +1 (won, the
    other did not), 0 (both or neither won), −1; zero-sum."""
    g = _finished(frozenset(winners), players)
    assert g.returns() == pytest.approx(expected)
    assert sum(g.returns()) == pytest.approx(0.0)


def test_returns_follow_the_outcome_of_a_played_game_and_are_zero_before_the_end() -> None:
    g = _played(actions=10)
    assert g.returns() == (0.0, 0.0)
    g = _played(actions=100_000)
    out = g.outcome()
    assert isinstance(out, Outcome) and out.termination is Termination.THIRD_WINTER
    if len(out.winners) == 1:
        assert g.returns() == tuple(1.0 if p in out.winners else -1.0 for p in range(2))
    else:
        assert g.returns() == (0.0, 0.0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_games_pickle_by_ruleset_id_and_unpickle_equal(ruleset: str) -> None:
    """Issue 10: games pickle for multiprocessing, the ruleset by its parameters (rebuilt
    from the installed plugins: the very same cached ruleset), not its closures."""
    g = _played(ruleset)
    data = pickle.dumps(g)
    assert b"<lambda>" not in data
    h = pickle.loads(data)
    assert h.rules is g.rules
    assert h.state.snapshot() == g.state.snapshot() and h.events == g.events
    assert h.actions == g.actions and h.pending == g.pending
    h.apply(h.legal_actions()[0])  # play goes on
    check_search(g)


def test_a_game_with_options_and_expansions_pickles_with_them() -> None:
    g = fs.new_game("base", 2, seed=4, expansions=["alpine"])
    h = pickle.loads(pickle.dumps(g))
    assert h.rules.expansions == ("alpine",) and h.rules is g.rules
    g = fs.new_game("house-001", 2, seed=4, options={"saplings": 2})
    h = pickle.loads(pickle.dumps(g))
    assert h.rules.options["saplings"] == 2 and h.state.snapshot() == g.state.snapshot()


def test_a_ruleset_from_outside_the_installed_plugins_refuses_to_pickle() -> None:
    """A test host's ruleset cannot be rebuilt in another process: a clear PickleError."""
    g = fs.new_game(HOST.ruleset("test-open"), players=2, seed=1)
    with pytest.raises(PickleError, match="not compiled from the installed plugins"):
        pickle.dumps(g)
    c = g.clone()  # clone and deepcopy still work, sharing the ruleset
    assert c.rules is g.rules
    assert copy.deepcopy(g).rules is g.rules


def test_deepcopy_shares_the_ruleset() -> None:
    g = _played()
    d = copy.deepcopy(g)
    assert d.rules is g.rules and d.state.snapshot() == g.state.snapshot()
