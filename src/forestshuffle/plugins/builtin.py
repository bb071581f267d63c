"""The core's own plugin: the common kinds every ruleset may use.

It registers through the same hooks as any third-party plugin, so the core has no
back door. The kinds themselves live in :mod:`forestshuffle.kinds` by family: ``turn``,
``play``, ``effects``, ``setup``, ``triggers``.
"""

from __future__ import annotations

from collections.abc import Iterable

from forestshuffle.core.layouts import SiteKind, four_sided
from forestshuffle.kinds import (
    CountKind,
    DeckBuilder,
    EndCondition,
    ScoringKind,
    StepKind,
    TriggerKind,
    TurnAction,
)
from forestshuffle.kinds.counts import CORE_COUNTS
from forestshuffle.kinds.effects import EFFECT_KINDS
from forestshuffle.kinds.play import PLAY_STEPS
from forestshuffle.kinds.scoring import CORE_SCORING
from forestshuffle.kinds.setup import SETUP_STEPS, WinterInLastThird
from forestshuffle.kinds.triggers import OnPlay
from forestshuffle.kinds.turn import TURN_ACTIONS, TURN_STEPS
from forestshuffle.plugins.hookspecs import hookimpl

#: Every step kind of the core: the turn machine's steps and the common effect kinds.
CORE_STEP_KINDS: tuple[StepKind, ...] = (*TURN_STEPS, *PLAY_STEPS, *SETUP_STEPS, *EFFECT_KINDS)


class CoreKinds:
    """Hook implementations of the core (registered as plugin ``forestshuffle``)."""

    @hookimpl
    def forestshuffle_site_kinds(self) -> Iterable[SiteKind]:
        """A tree (four sides) and a sapling (four sides, no species)."""
        return (four_sided("tree"), four_sided("sapling"))

    @hookimpl
    def forestshuffle_step_kinds(self) -> Iterable[StepKind]:
        """The turn machine's steps and the common effect kinds."""
        return CORE_STEP_KINDS

    @hookimpl
    def forestshuffle_trigger_kinds(self) -> Iterable[TriggerKind]:
        """``on_play``."""
        return (OnPlay(),)

    @hookimpl
    def forestshuffle_scoring_kinds(self) -> Iterable[ScoringKind]:
        """The common scoring kinds."""
        return CORE_SCORING

    @hookimpl
    def forestshuffle_count_kinds(self) -> Iterable[CountKind]:
        """The maintained counters."""
        return CORE_COUNTS

    @hookimpl
    def forestshuffle_turn_actions(self) -> Iterable[TurnAction]:
        """draw, play, sapling."""
        return TURN_ACTIONS

    @hookimpl
    def forestshuffle_deck_builders(self) -> Iterable[DeckBuilder]:
        """``winter_in_last_third``."""
        return (WinterInLastThird(),)

    @hookimpl
    def forestshuffle_end_conditions(self) -> Iterable[EndCondition]:
        """None beyond the winter cards, which end the game as they are revealed."""
        return ()
