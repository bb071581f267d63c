"""Typed data for the modes of expansion 3 and the Oak expansion: Rotom's training cards
(solo), achievements (solo), special boxes, challenge cards and chance cards.

The core cannot play these modes yet (no automated seat, no declared win, no player-level
events); this module only describes the cards, in terms the engine already has:

* a goal or a winning condition is a tuple of :class:`Condition` (all must hold), each a
  *count* (``tag:electric``, ``trainer_groups``, ``cave``...: any registered count kind,
  the plugin's included) with a threshold, read by :meth:`Condition.met`;
* what a card *does* (a chance card when revealed) is a tuple of effect specs of the
  core's effect kinds (``draw``, ``take_from_clearing``, ``extra_turn``...), to be run as
  steps for the player concerned;
* a special box's extra points are scoring specs of the core's scoring kinds that read
  only counts (``per``, ``if_at_least``), to be scored once for the box's owner.

Every value is frozen; the card lists are in :mod:`.mode_cards`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from forestshuffle.core.cards import Spec

from .kinds import count_of

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.ruleset import Ruleset


def _specs(value: Spec | Iterable[Spec]) -> tuple[Spec, ...]:
    return (value,) if isinstance(value, Spec) else tuple(value)


def _conditions(value: Iterable[Condition]) -> tuple[Condition, ...]:
    return tuple(value)


def _levels(value: Iterable[AchievementLevel]) -> tuple[AchievementLevel, ...]:
    return tuple(value)


def _end(value: GrassEnd | str | None) -> GrassEnd | None:
    return None if value is None else GrassEnd(value)


@attrs.frozen
class Condition:
    """A team has at least ``at_least`` of ``count`` (``kind`` or ``kind:arg``)."""

    count: str
    at_least: int

    def value(self, rules: Ruleset, forest: Forest) -> int:
        """The count in *forest*."""
        return count_of(rules, forest, self.count)

    def met(self, rules: Ruleset, forest: Forest) -> bool:
        """Whether *forest* meets the condition."""
        return self.value(rules, forest) >= self.at_least

    def __str__(self) -> str:
        return f"{self.count} >= {self.at_least}"


def all_met(conditions: Iterable[Condition], rules: Ruleset, forest: Forest) -> bool:
    """Whether *forest* meets every condition."""
    return all(c.met(rules, forest) for c in conditions)


def at_least(count: str, n: int) -> Condition:
    """Shorthand for :class:`Condition`."""
    return Condition(count, n)


# -- solo: Rotom's training cards --------------------------------------------------------------


class TrainingAction(enum.StrEnum):
    """What Rotom does when a training card is revealed."""

    #: put ``n`` deck cards into the grass, each at its right end
    ADD_TO_GRASS = "add_to_grass"
    #: discard ``n`` grass cards from the ``end`` the arrow shows (as many as there are)
    DISCARD_FROM_GRASS = "discard_from_grass"
    #: look at the top deck card and discard it
    DISCARD_DECK_TOP = "discard_deck_top"


class GrassEnd(enum.StrEnum):
    """An end of the grass row: cards join at the right end."""

    LEFT = "left"  #: the oldest cards
    RIGHT = "right"  #: the newest cards


@attrs.frozen
class TrainingCard:
    """One of Rotom's 20 training cards (expansion 3).

    Attributes:
        number: the card's number (``T01``...).
        action: what Rotom does.
        n: how many cards it moves (1 for ``DISCARD_DECK_TOP``).
        end: for ``DISCARD_FROM_GRASS``, the end of the grass it discards from; else None.
    """

    number: str
    action: TrainingAction = attrs.field(converter=TrainingAction)
    n: int = 1
    end: GrassEnd | None = attrs.field(default=None, converter=_end)


# -- solo: achievements -------------------------------------------------------------------------


@attrs.frozen
class AchievementLevel:
    """One level of an achievement: its stars (1 beginner, 2 intermediate, 3 advanced),
    the goal the team must meet at the end and the minimum score."""

    stars: int
    goal: tuple[Condition, ...] = attrs.field(converter=_conditions)
    min_score: int


@attrs.frozen
class Achievement:
    """One of the 12 achievement cards (expansion 3), with its three levels."""

    id: str
    name: str
    zh: str
    levels: tuple[AchievementLevel, ...] = attrs.field(converter=_levels)

    def level(self, stars: int) -> AchievementLevel:
        """The level with *stars* stars."""
        for lv in self.levels:
            if lv.stars == stars:
                return lv
        raise KeyError(stars)

    def achieved(self, stars: int, rules: Ruleset, forest: Forest, score: int) -> bool:
        """Whether a team with *score* points achieves the level of *stars* stars."""
        lv = self.level(stars)
        return score >= lv.min_score and all_met(lv.goal, rules, forest)


# -- special boxes ---------------------------------------------------------------------------


@attrs.frozen
class SpecialBox:
    """One of the 5 special boxes (expansion 3, the other face of a plain box).

    It holds box cards like a plain box (1 point each) and adds ``score``: scoring specs
    of count-only kinds (``per``, ``if_at_least``), scored once for its owner.
    """

    id: str
    name: str
    zh: str
    score: tuple[Spec, ...] = attrs.field(converter=_specs)
    text: str = ""


# -- challenge and chance cards ------------------------------------------------------------------


@attrs.frozen
class ChallengeCard:
    """One of the 30 challenge cards (Oak expansion): a player whose team meets every
    condition of their private challenge or of the public one may declare an immediate
    win."""

    number: str
    name: str
    zh: str
    conditions: tuple[Condition, ...] = attrs.field(converter=_conditions)


@attrs.frozen
class ChanceCard:
    """One of the 10 chance cards (Oak expansion): revealed by each player when the 2nd
    whistle appears, it does ``reveal`` (effect specs, for the player who revealed it) and
    lets that player declare an immediate win once their team meets ``conditions``."""

    number: str
    name: str
    zh: str
    reveal: tuple[Spec, ...] = attrs.field(converter=_specs)
    conditions: tuple[Condition, ...] = attrs.field(converter=_conditions)
