"""The events the hot path makes most (nine in ten of a game's), made without a call of their
attrs ``__init__``: a new instance whose fields are set one by one, which is what that
``__init__`` does (the classes have no converters, validators or hooks;
``tests/test_fast_events.py`` checks each maker against its class's constructor and fields).

In the compiled build this module is compiled, so making one of these events runs no
interpreted code; in the pure build it costs about half the constructor's call.
"""

from __future__ import annotations

from typing import Any, Final

from . import events as ev
from .steps import Step

_NEW: Final[Any] = object.__new__

# The hot event classes as Final names (the compiled build reads them from C statics, not
# from a module's dict): for the makers here and for ``state.fold``'s dispatch.
STEPS_REPLACED: Final = ev.StepsReplaced
STEP_FINISHED: Final = ev.StepFinished
STEP_UPDATED: Final = ev.StepUpdated
TURN_STARTED: Final = ev.TurnStarted
CARD_TAKEN: Final = ev.CardTaken
CARD_DRAWN: Final = ev.CardDrawn
CARD_REVEALED: Final = ev.CardRevealed
CARD_PLAYED: Final = ev.CardPlayed


def steps_replaced(steps: tuple[Step, ...]) -> ev.StepsReplaced:
    """``StepsReplaced(steps)``."""
    e: ev.StepsReplaced = _NEW(STEPS_REPLACED)
    e.steps = steps
    e.at = 0
    return e


def step_updated(step: Step) -> ev.StepUpdated:
    """``StepUpdated(step)``."""
    e: ev.StepUpdated = _NEW(STEP_UPDATED)
    e.step = step
    return e


def turn_started(player: int, extra: bool) -> ev.TurnStarted:
    """``TurnStarted(player, extra)``."""
    e: ev.TurnStarted = _NEW(TURN_STARTED)
    e.player = player
    e.extra = extra
    return e


def card_taken(player: int, card: int) -> ev.CardTaken:
    """``CardTaken(player, card)``."""
    e: ev.CardTaken = _NEW(CARD_TAKEN)
    e.player = player
    e.card = card
    return e


def card_revealed(card: int) -> ev.CardRevealed:
    """``CardRevealed(card)``."""
    e: ev.CardRevealed = _NEW(CARD_REVEALED)
    e.card = card
    return e


class CardDrawnBy:
    """``CardDrawnBy(player)(card)`` is ``CardDrawn(player, card)`` (what ``deck_take``
    makes for each card a player draws)."""

    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player = player

    def __call__(self, card: int) -> ev.Event:
        """``CardDrawn(player, card)``."""
        e: ev.CardDrawn = _NEW(CARD_DRAWN)
        e.player = self.player
        e.card = card
        return e


def card_played(player: int, card: int, half: int | None, site: int, slot: str,
                paid: tuple[int, ...], mode: str, site_kind: str | None,
                source: str) -> ev.CardPlayed:
    """``CardPlayed(player, card, half, site, slot, paid, mode, site_kind, source)``."""
    e: ev.CardPlayed = _NEW(CARD_PLAYED)
    e.player = player
    e.card = card
    e.half = half
    e.site = site
    e.slot = slot
    e.paid = paid
    e.mode = mode
    e.site_kind = site_kind
    e.source = source
    return e
