"""What happened: events with past-tense names.

A game is its parameters plus its event list; :func:`forestshuffle.core.state.evolve`
folds events into a state and never validates. Every random outcome is inside an
event (the dealt deck order), so a replay needs no random generator.

Events are numbered by their position in the log (a gapless integer). Each class
carries ``class_version``; the record format upcasts older versions on load.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from forestshuffle.core.steps import Step


class Event:
    """Base class of all events (a plugin's own subclass
    :class:`forestshuffle.kinds.PluginEvent`).

    Events are never changed once made: they are shared between a game's log, its copies
    and its records. (The core's are slotted attrs classes without the cost of frozen ones
    on the hot path; treat them as frozen.)"""

    __slots__ = ()
    class_version: ClassVar[int] = 1
    #: the event's tag in records (the class name for the core's events; a plugin's own are
    #: dotted, ``"house001.CardsDiscarded"``)
    type_name: ClassVar[str] = ""

    @classmethod
    def upcast(cls, data: dict[str, Any], version: int) -> dict[str, Any]:
        """The fields of a record's event of *version* (older than ``class_version``) as the
        current class takes them. The default keeps them: a later version may only add
        fields with defaults. A class that renames or changes a field overrides this, one
        version at a time (``if version < 2: ...``)."""
        return data

    def seen_by(self, player: int) -> Event:
        """The event as *player* may know it, for :func:`forestshuffle.records.record.redacted`.
        A plugin event that hides something from some players overrides this (the core's
        own events are redacted by the record module). The default: all of it."""
        return self


@attrs.define(eq=True)
class DeckBuilt(Event):
    """Set-up: the deck as dealt, top card first, and the cards returned unseen to the box."""

    order: tuple[int, ...]
    boxed: tuple[int, ...] = ()


@attrs.define(eq=True)
class CardDrawn(Event):
    """A player took the top card of the deck into their hand."""

    player: int
    card: int


@attrs.define(eq=True)
class CardTaken(Event):
    """A player took a face-up card from the clearing into their hand."""

    player: int
    card: int


@attrs.define(eq=True)
class CardRevealed(Event):
    """The top card of the deck was put face up into the clearing."""

    card: int


@attrs.define(eq=True)
class WinterRevealed(Event):
    """A winter card came off the deck and was put face up beside the clearing."""

    card: int


@attrs.define(eq=True)
class HandReturned(Event):
    """A player returned their whole hand to the box (the opening mulligan)."""

    player: int
    cards: tuple[int, ...]


@attrs.define(eq=True)
class TurnStarted(Event):
    """A player's (or an automated seat's) turn began; ``extra`` when it is an extra turn.

    It also does the queue's bookkeeping of a new turn: the step at the head of the queue (the
    previous turn's ``end_turn``), if any, is done, and the turn's steps are queued
    (``Ruleset.turn_queue``: the turn step, the end-of-turn rules, ``end_turn``)."""

    player: int
    extra: bool = False


@attrs.define(eq=True)
class CardPlayed(Event):
    """A player put a card into their forest, its payment going to the clearing.

    ``half`` is the index of the used half (``0`` for a tree), or ``None`` for a card
    played face down as a sapling. ``site`` is the site index (a new one for a tree or
    sapling), ``slot`` the slot name (``"center"`` for a new site). ``mode`` is
    ``"normal"``, ``"free"`` (no effect, no bonus) or ``"deferred"`` (a Mole's further
    play, whose effects wait until the Mole is done).
    """

    player: int
    card: int
    half: int | None
    site: int
    slot: str
    paid: tuple[int, ...] = ()
    mode: str = "normal"
    site_kind: str | None = None  #: for a face-down card opening a site other than a sapling
    source: str = "hand"  #: where the card came from: ``hand`` or ``clearing``


@attrs.define(eq=True)
class SiteUpgraded(Event):
    """A player tucked a hand card face down under a site just played, for free, turning it
    into the site kind ``kind`` (a tree with a generic river)."""

    player: int
    site: int
    card: int
    kind: str


@attrs.define(eq=True)
class HandRevealed(Event):
    """A player showed their hand to everyone (they could neither draw nor play)."""

    player: int
    cards: tuple[int, ...]


@attrs.define(eq=True)
class CardsCaved(Event):
    """Cards went face down into a player's cave, from ``source`` (``hand`` or ``clearing``)."""

    player: int
    cards: tuple[int, ...]
    source: str


@attrs.define(eq=True)
class ClearingEmptied(Event):
    """At the end of a turn the clearing held 10 or more cards; all of them left the game."""

    cards: tuple[int, ...]


@attrs.define(eq=True)
class ExtraTurnGranted(Event):
    """A player earned an extra turn, taken right after the current one."""

    player: int


@attrs.define(eq=True)
class StepsQueued(Event):
    """Bookkeeping: steps were put into the resolution queue at index ``at``."""

    steps: tuple[Step, ...]
    at: int = 0


@attrs.define(eq=True)
class StepsReplaced(StepsQueued):
    """Bookkeeping: the step at the head of the queue was done, and ``steps`` go first (a
    StepFinished and a StepsQueued at 0 in one event). ``at`` is always 0."""


@attrs.define(eq=True)
class StepFinished(Event):
    """Bookkeeping: the step at the head of the resolution queue was done."""


@attrs.define(eq=True)
class StepUpdated(Event):
    """Bookkeeping: the step at the head of the queue recorded progress."""

    step: Step


@attrs.define(eq=True)
class GameEndScheduled(Event):
    """The game will end once the current turn is finished (``reason`` names the rule, such
    as ``third_winter`` in a ruleset whose last winter lets the turn finish)."""

    reason: str


@attrs.define(eq=True)
class GameEnded(Event):
    """The game ended; ``reason`` names the rule (``third_winter``...). ``winners``, when not
    empty, are the seats that won by the rule itself (an immediate win), whatever the scores.
    """

    reason: str
    winners: tuple[int, ...] = ()


#: Every event class of the core, by name (the record format uses these names).
EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        DeckBuilt,
        CardDrawn,
        CardTaken,
        CardRevealed,
        WinterRevealed,
        HandReturned,
        TurnStarted,
        CardPlayed,
        SiteUpgraded,
        HandRevealed,
        CardsCaved,
        ClearingEmptied,
        ExtraTurnGranted,
        StepsQueued,
        StepsReplaced,
        StepFinished,
        StepUpdated,
        GameEndScheduled,
        GameEnded,
    )
}
