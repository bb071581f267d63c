"""The rules of seed 001 as written, as a forestshuffle plugin: ruleset ``house-001``.

Seed 001 summarises the base game with differences of its own (RULES.md §5). This plugin
plays them over the base game's cards and scoring, through the public hooks only:

- the draw action: draw 2 from the deck, keep 1 and put the other face up into the
  clearing; or take 1 card from the clearing;
- trees have 3 slots: one on top (for top and bottom halves), one below on the left and one
  below on the right (for left and right halves);
- the 3 winter cards lie face down at the very bottom of the deck, unshuffled;
- a hand over the limit at the end of a turn is discarded down to it (the player chooses);
- the player who draws the 3rd winter card finishes the turn; then the game ends. It also
  ends when the deck is out and the clearing is empty, or when no player acts for a round;
- ties: most trees, then most dwellers, then most cards left in hand; then a shared win;
- saplings are limited per player per game (option ``saplings``, 3 by default) and, as the
  seed says, hold no dwellers (option ``sapling_slots`` to let them).

See ``DECISIONS.md`` ("house-001") for how the base cards' slot rules map onto the layout.
"""

from __future__ import annotations

from collections.abc import Iterable

from forestshuffle.core.cards import Position
from forestshuffle.core.decisions import Action
from forestshuffle.core.layouts import SiteKind, SlotDef
from forestshuffle.core.spec import Option, RulesetSpec
from forestshuffle.kinds import (
    DeckBuilder,
    EndCondition,
    PluginEvent,
    StateKind,
    StepKind,
    TurnAction,
)
from forestshuffle.plugins.hookspecs import hookimpl

from .kinds import (
    ACTION_TYPES,
    END_CONDITIONS,
    EVENT_TYPES,
    STEP_KINDS,
    TURN_ACTIONS,
    Passes,
    WinterAtBottom,
)

__version__ = "0.1.0"

TOP, BOTTOM, LEFT, RIGHT = Position.TOP, Position.BOTTOM, Position.LEFT, Position.RIGHT

#: three slots: on top (top and bottom halves), below left and below right
_THREE_SLOTS = (
    SlotDef("top", {TOP, BOTTOM}),
    SlotDef("bottom_left", {LEFT}, role="bottom"),
    SlotDef("bottom_right", {RIGHT}, role="bottom"),
)

TREE = "house_tree"
SAPLING = "house_sapling"
SAPLING_WITH_SLOTS = "house_sapling_with_slots"

SITE_KINDS: tuple[SiteKind, ...] = (
    SiteKind(TREE, _THREE_SLOTS, label="Tree"),
    SiteKind(SAPLING, (), label="Sapling"),
    SiteKind(SAPLING_WITH_SLOTS, _THREE_SLOTS, label="Sapling"),
)

DEFAULT_SAPLINGS = 3

RULESET = RulesetSpec(
    id="house-001",
    name="Forest Shuffle as seed 001 writes it",
    card_sets=("base",),
    min_players=2,
    max_players=5,
    removal={2: 30, 3: 20, 4: 10, 5: 0},
    deck_builder="winter_at_bottom",
    turn_actions=("draw_two_keep_one", "play", "sapling", "pass_turn"),
    turn_step="house_turn",
    cannot_act="nothing_to_do",
    end_of_turn=("discard_to_hand_limit",),
    winter_ends="after_turn",
    draw_cap=False,
    end_conditions=("deck_exhausted", "nobody_acts"),
    tie_breakers=("trees", "dwellers", "hand"),
    limits={"saplings": DEFAULT_SAPLINGS},
    site_kind_map={"tree": TREE},
    sapling_kind=SAPLING,
    state_kinds=(Passes.name,),
    options=(
        Option("saplings", DEFAULT_SAPLINGS, "saplings each player may play in a game",
               minimum=0, maximum=20, changes=lambda v: {"limits": {"saplings": v}}),
        Option("sapling_slots", False, "saplings hold dwellers like trees (seed 001: they "
               "do not)", changes=lambda v: {"sapling_kind": SAPLING_WITH_SLOTS if v
                                             else SAPLING}),
        Option("mulligan", True, "a player whose opening hand has no tree may redraw it once",
               changes=lambda v: {"mulligan": "no_tree" if v else None}),
    ),
    aliases=("house001", "seed-001"),
)


@hookimpl
def forestshuffle_rulesets() -> Iterable[RulesetSpec]:
    """Ruleset ``house-001``."""
    return (RULESET,)


@hookimpl
def forestshuffle_site_kinds() -> Iterable[SiteKind]:
    """The three-slot tree and the saplings."""
    return SITE_KINDS


@hookimpl
def forestshuffle_step_kinds() -> Iterable[StepKind]:
    """Keeping one drawn card, the turn, a turn without action, discarding to the limit."""
    return STEP_KINDS


@hookimpl
def forestshuffle_turn_actions() -> Iterable[TurnAction]:
    """Draw 2 keep 1 (or take 1 from the clearing), and passing."""
    return TURN_ACTIONS


@hookimpl
def forestshuffle_deck_builders() -> Iterable[DeckBuilder]:
    """Winter cards at the bottom."""
    return (WinterAtBottom(),)


@hookimpl
def forestshuffle_end_conditions() -> Iterable[EndCondition]:
    """Deck and clearing exhausted; nobody acting for a round."""
    return END_CONDITIONS


@hookimpl
def forestshuffle_state_kinds() -> Iterable[StateKind]:
    """The count of turns in a row without an action."""
    return (Passes(),)


@hookimpl
def forestshuffle_event_types() -> Iterable[type[PluginEvent]]:
    """Cards discarded to the clearing, a turn passed, the passes reset."""
    return EVENT_TYPES


@hookimpl
def forestshuffle_action_types() -> Iterable[type[Action]]:
    """Passing a turn."""
    return ACTION_TYPES
