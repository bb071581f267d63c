"""The events the hot path makes most (nine in ten of a game's), made without a call of their
attrs ``__init__``: a new instance whose fields are set one by one, which is what that
``__init__`` does (the classes have no converters, validators or hooks;
``tests/test_fast_events.py`` checks each maker against its class's constructor and fields).
Making one of these events costs about half the constructor's call.
"""

from __future__ import annotations

from typing import Any, Final

from forestshuffle.core import events as ev
from forestshuffle.core.steps import Step

_NEW: Final[Any] = object.__new__

# The hot event classes, as names for the makers here.
STEPS_REPLACED: Final = ev.StepsReplaced
STEP_UPDATED: Final = ev.StepUpdated
TURN_STARTED: Final = ev.TurnStarted
CARD_TAKEN: Final = ev.CardTaken
CARD_DRAWN: Final = ev.CardDrawn
CARD_REVEALED: Final = ev.CardRevealed
CARD_PLAYED: Final = ev.CardPlayed


#: The event that pops the head of the resolution queue (shared: events are never changed).
FINISHED: Final = ev.StepFinished()


def replace_head(steps: tuple[Step, ...] | list[Step]) -> ev.Event:
    """The event finishing the head step and queueing *steps* first: one
    ``StepsReplaced(tuple(steps))`` (just the finish, :data:`FINISHED`, when there are none)."""
    if not steps:
        return FINISHED
    e: ev.StepsReplaced = _NEW(STEPS_REPLACED)
    e.steps = tuple(steps)
    e.at = 0
    return e


def step_updated(step: Step) -> ev.StepUpdated:
    """``StepUpdated(step)``."""
    e: ev.StepUpdated = _NEW(STEP_UPDATED)
    e.step = step
    return e


#: Most distinct values one interning table keeps (card numbers are few in any ruleset; a
#: table that would grow past this makes new events instead of keeping them).
INTERN_LIMIT: Final = 4096

#: seat -> its interned (TurnStarted, extra TurnStarted), made by :func:`turn_started`
_TURNS: Final[dict[int, tuple[ev.TurnStarted, ev.TurnStarted]]] = {}
_TAKEN: Final[dict[int, dict[int, ev.CardTaken]]] = {}
_DRAWN: Final[dict[int, dict[int, ev.CardDrawn]]] = {}
_REVEALED: Final[dict[int, ev.CardRevealed]] = {}


def _turn(player: int, extra: bool) -> ev.TurnStarted:
    e: ev.TurnStarted = _NEW(TURN_STARTED)
    e.player = player
    e.extra = extra
    return e


def turn_started(player: int, extra: bool) -> ev.TurnStarted:
    """``TurnStarted(player, extra)``, interned: one shared event per value."""
    pair = _TURNS.get(player)
    if pair is None:
        pair = (_turn(player, False), _turn(player, True))
        if len(_TURNS) < INTERN_LIMIT:
            _TURNS[player] = pair
    return pair[1] if extra else pair[0]


def card_taken(player: int, card: int) -> ev.CardTaken:
    """``CardTaken(player, card)``, interned: one shared event per value."""
    by = _TAKEN.get(player)
    if by is None:
        by = _table(_TAKEN, player)
    e = by.get(card)
    if e is None:
        e = _NEW(CARD_TAKEN)
        e.player = player
        e.card = card
        if len(by) < INTERN_LIMIT:
            by[card] = e
    return e


def card_revealed(card: int) -> ev.CardRevealed:
    """``CardRevealed(card)``, interned: one shared event per value."""
    e = _REVEALED.get(card)
    if e is None:
        e = _NEW(CARD_REVEALED)
        e.card = card
        if len(_REVEALED) < INTERN_LIMIT:
            _REVEALED[card] = e
    return e


_ONE_STEP: Final[dict[tuple[str, int, int, tuple[str, Any] | None], ev.Event]] = {}
_STEPS: Final[dict[tuple[str, int], Step]] = {}


def replace_head_by(kind: str, player: int, card: int = -1,
                    arg: tuple[str, Any] | None = None) -> ev.Event:
    """``replace_head((Step(kind, player, card, {name: value}),))`` for *arg* ``(name,
    value)`` (no args when None), interned: one shared event, and step, per value (a step
    is never changed either: its kind makes a new one, ``Step.with_args``, to go on)."""
    key = (kind, player, card, arg)
    e = _ONE_STEP.get(key)
    if e is None:
        e = replace_head((Step(kind, player, card, {} if arg is None else {arg[0]: arg[1]}),))
        if len(_ONE_STEP) < INTERN_LIMIT:
            _ONE_STEP[key] = e
    return e


def bare_step(kind: str, player: int) -> Step:
    """``Step(kind, player)`` (no card, no args), interned: one shared step per value."""
    key = (kind, player)
    st = _STEPS.get(key)
    if st is None:
        st = Step(kind, player)
        if len(_STEPS) < INTERN_LIMIT:
            _STEPS[key] = st
    return st


def _table(tables: dict[int, dict[int, Any]], player: int) -> dict[int, Any]:
    """The interning table of *player* among *tables* (a new one kept while they are few)."""
    by: dict[int, Any] = {}
    if len(tables) < INTERN_LIMIT:
        by = tables.setdefault(player, by)
    return by


class CardDrawnBy:
    """``CardDrawnBy(player)(card)`` is ``CardDrawn(player, card)`` (what ``deck_take``
    makes for each card a player draws), interned: one shared event per value."""

    __slots__ = ("drawn", "player")

    def __init__(self, player: int) -> None:
        self.player = player
        drawn = _DRAWN.get(player)
        self.drawn: dict[int, ev.CardDrawn] = _table(_DRAWN, player) if drawn is None \
            else drawn

    def __call__(self, card: int) -> ev.Event:
        """``CardDrawn(player, card)``."""
        drawn = self.drawn
        e = drawn.get(card)
        if e is None:
            e = _NEW(CARD_DRAWN)
            e.player = self.player
            e.card = card
            if len(drawn) < INTERN_LIMIT:
                drawn[card] = e
        return e


_DRAWERS: Final[dict[int, CardDrawnBy]] = {}


def drawn_by(player: int) -> CardDrawnBy:
    """The shared :class:`CardDrawnBy` of *player* (one per player while they are few)."""
    d = _DRAWERS.get(player)
    if d is None:
        d = CardDrawnBy(player)
        if len(_DRAWERS) < INTERN_LIMIT:
            _DRAWERS[player] = d
    return d


# one parameter per field of the event, as its class takes them
def card_played(player: int, card: int, half: int | None, site: int, slot: str,  # noqa: PLR0913
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
