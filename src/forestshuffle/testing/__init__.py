"""Tools for testing rules and plugins.

* :func:`scenario` builds a game in a chosen position (hands, forests, clearing, deck
  order) *through events*, so it replays, saves and loads like any other game.
* :mod:`~forestshuffle.testing.moves`: the moves of a hand-driven test (play a card into a
  slot and pay, use an offered effect), each checking the game asks what it expects.
* :mod:`~forestshuffle.testing.checks`: the invariants every game keeps
  (:func:`check_game`) and the checks a new card set must pass (:func:`check_card_set`).
* :mod:`~forestshuffle.testing.strategies`: hypothesis strategies (rulesets, games,
  actions, forests, card sets).
* :class:`GameMachine`: a hypothesis state machine playing games with undo, save/load and
  illegal actions, checking every invariant after each step.
* a pytest plugin (fixtures ``fs_ruleset``, ``fs_game``, ``fs_soak``; ``--fs-ruleset``,
  ``--fs-soak``) and a soak runner, ``python -m forestshuffle.testing.soak``.

The hypothesis-based parts (``strategies``, ``GameMachine``) load on first use, so this
package imports without hypothesis installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from forestshuffle.testing.checks import (
    CardSetCheckError,
    CardSetReport,
    InvariantError,
    Problem,
    check_card_set,
    check_game,
    soak_enabled,
    soak_games,
)
from forestshuffle.testing.scenario import CardPicker, scenario

if TYPE_CHECKING:
    from forestshuffle.testing import strategies
    from forestshuffle.testing.machine import GameMachine

__all__ = [
    "CardPicker",
    "CardSetCheckError",
    "CardSetReport",
    "GameMachine",
    "InvariantError",
    "Problem",
    "check_card_set",
    "check_game",
    "scenario",
    "soak_enabled",
    "soak_games",
    "strategies",
]


def __getattr__(name: str) -> Any:
    if name == "GameMachine":
        from forestshuffle.testing.machine import GameMachine

        return GameMachine
    if name == "strategies":
        import importlib

        return importlib.import_module(f"{__name__}.strategies")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
