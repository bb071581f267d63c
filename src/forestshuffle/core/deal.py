"""Dealing a game: player names, seeds, and the set-up events a ruleset's deck builder makes
from a seed. A new game folds them first; loading a record re-derives them and compares."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from forestshuffle.core import events as ev
from forestshuffle.errors import ArgumentError, ForestShuffleError, PluginError
from forestshuffle.plugins.manager import plugin_failure
from forestshuffle.safety import SEED_LIMIT, strict_int

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset


#: How a game's set-up came about: dealt from its seed (re-derived when a record loads), or
#: written as events by :func:`forestshuffle.testing.scenario` (trusted only on request).
ORIGINS = ("seed", "scenario")


def default_names(players: int) -> list[str]:
    """``Player 1``, ``Player 2``..."""
    return [f"Player {i + 1}" for i in range(players)]


def check_seed(seed: Any) -> int:
    """*seed* if it is a whole number ``0 <= seed < 2**128``; ArgumentError otherwise."""
    if not strict_int(seed) or not 0 <= seed < SEED_LIMIT:
        raise ArgumentError(f"a seed is a whole number from 0 to 2**128 - 1, not {seed!r}"
                            if strict_int(seed) or seed is None or isinstance(seed, bool)
                            else f"a seed is a whole number, not a {type(seed).__name__}")
    return int(seed)


def derive_setup(rules: Ruleset, players: int, seed: int) -> list[ev.Event]:
    """The set-up events of a game of *rules* for *players* dealt from *seed*: what
    :func:`new_game` folds first, and what loading a record compares the record's set-up
    events with. Every parameter that shapes the set-up (later: options, expansions) is an
    argument here, and records store each of them."""
    try:
        events = list(rules.deck_builder.build(rules, players, random.Random(seed)))
    except ForestShuffleError:
        raise
    except Exception as exc:
        raise plugin_failure(rules, exc, f"deck_builders:{rules.spec.deck_builder}") from exc
    if not events or not all(isinstance(e, ev.Event) for e in events):
        raise PluginError(f"deck builder {rules.spec.deck_builder!r} returned no set-up events",
                          plugin=rules.registry.owners.get(
                              f"deck_builders:{rules.spec.deck_builder}"),
                          kind=rules.spec.deck_builder)
    return events
