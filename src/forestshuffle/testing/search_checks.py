"""Checks of the search and learning surface (issue 10), as plain functions: clones equal
and independent, undo after apply restoring the state, pickle round trips, and the action
codec round-tripping every legal action. :class:`~forestshuffle.testing.GameMachine` runs
:func:`check_search` after every step; each raises
:class:`~forestshuffle.testing.checks.InvariantError`."""

from __future__ import annotations

import pickle
from typing import TYPE_CHECKING

from forestshuffle.errors import PickleError
from forestshuffle.plugins.manager import available_rulesets
from forestshuffle.search.copies import load_ruleset, ruleset_parameters
from forestshuffle.testing.checks import InvariantError

if TYPE_CHECKING:
    from forestshuffle.core.game import Game

__all__ = ["check_clone", "check_codec", "check_pickle", "check_search",
           "check_undo_after_apply"]


def _same(a: Game, b: Game) -> bool:
    return (a.state.snapshot() == b.state.snapshot() and a.events == b.events
            and a.actions == b.actions and a.pending == b.pending)


def check_clone(game: Game) -> Game:
    """``game.clone()`` equals the game (state, log, actions, pending decision, key);
    returns the clone."""
    c = game.clone()
    if not _same(c, game) or c.state_key() != game.state_key():
        raise InvariantError("clone", "the clone differs from the game", game)
    if c.state is game.state or c.events is game.events or c.actions is game.actions:
        raise InvariantError("clone", "the clone shares mutable parts with the game", game)
    return c


def check_undo_after_apply(game: Game, clone: Game | None = None) -> None:
    """On a clone: applying the last legal action and undoing it gives back the game's
    state, log and actions, and leaves the game itself unchanged."""
    if game.is_over:
        return
    c = clone if clone is not None else game.clone()
    before = game.state.snapshot()
    c.apply(c.legal_actions()[-1])
    if game.state.snapshot() != before:
        raise InvariantError("clone", "playing on a clone changed the game", game)
    c.undo()
    if not _same(c, game):
        raise InvariantError("undo after apply", "apply then undo did not restore the state",
                             game)


def _installed(game: Game) -> bool:
    rules = game.rules
    if rules.id not in available_rulesets():
        return False
    try:
        installed = load_ruleset(*ruleset_parameters(rules))
    except Exception:
        return False
    return installed is rules or installed.plugins == rules.plugins


def check_pickle(game: Game) -> None:
    """A game of an installed ruleset pickles and unpickles equal (its ruleset rebuilt from
    the installed plugins); any other raises PickleError."""
    if not _installed(game):
        try:
            pickle.dumps(game)
        except PickleError:
            return
        raise InvariantError("pickle", "a game of a ruleset that is not installed pickled",
                             game)
    back = pickle.loads(pickle.dumps(game))
    if not _same(back, game) or (back.players, back.seed, back.names, back.origin) != (
            game.players, game.seed, game.names, game.origin):
        raise InvariantError("pickle", "the unpickled game differs", game)


def check_codec(game: Game) -> None:
    """Every legal action encodes to a code in range that decodes to it (the option itself),
    codes are distinct, and the mask is True exactly at the legal codes."""
    legal = game.legal_actions()
    n = game.num_distinct_actions
    codes = []
    for a in legal:
        code = game.encode(a)
        if not 0 <= code < n:
            raise InvariantError("codec", f"{a!r} encodes to {code}, outside 0..{n - 1}", game)
        back = game.decode(code)
        if back != a or type(back) is not type(a) or back is not a:
            raise InvariantError("codec", f"code {code} of {a!r} decodes to {back!r}", game)
        codes.append(code)
    if len(set(codes)) != len(codes):
        raise InvariantError("codec", "two legal actions share a code", game)
    mask = game.legal_actions_mask()
    on = {i for i in range(n) if mask[i]}
    if len(mask) != n or on != set(codes):
        raise InvariantError("codec", "the mask is not the set of legal codes", game)


def check_search(game: Game) -> None:
    """:func:`check_clone`, :func:`check_undo_after_apply`, :func:`check_pickle` and
    :func:`check_codec`."""
    c = check_clone(game)
    check_undo_after_apply(game, c)
    check_pickle(game)
    check_codec(game)
