"""The hook specifications: the whole extension surface of forestshuffle.

A plugin is a module (or object) with functions named like these hooks, marked with
:data:`hookimpl`, registered under the entry-point group ``forestshuffle``. Every hook
is asked once per :class:`~forestshuffle.plugins.manager.PluginHost` (the first time its
contributions are needed, when it builds its first ruleset or lists them), never during
play. Every hook *contributes*: answers are merged by id, and two answers with
one id fail the build naming both plugins. The order in which plugins answer means
nothing. An implementation may take any subset of a hook's parameters (all hooks here
take none).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from forestshuffle.core.cards import CardSet
    from forestshuffle.core.decisions import Action
    from forestshuffle.core.layouts import SiteKind
    from forestshuffle.core.ruleset import RulesetSpec
    from forestshuffle.core.spec import ExpansionSpec
    from forestshuffle.kinds import (
        CountKind,
        DeckBuilder,
        DeclarationKind,
        EndCondition,
        PluginEvent,
        ScoringKind,
        StateKind,
        StepKind,
        TriggerKind,
        TurnAction,
    )

PROJECT = "forestshuffle"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)
"""Mark a plugin's hook implementations with this (``@hookimpl``): a pluggy marker for the
project ``forestshuffle``."""


@hookspec
def forestshuffle_rulesets() -> Iterable[RulesetSpec]:
    """Rule systems this plugin makes playable (``base``...): their set-up (removal table,
    deck builder, opening hand, mulligan), turn actions and end conditions, and the ids of
    the card sets that make up their deck."""
    return ()


@hookspec
def forestshuffle_card_sets() -> Iterable[CardSet]:
    """Card sets (species table plus physical cards) this plugin adds. A ruleset uses the
    sets it names; card numbers and species ids must be unique across its sets."""
    return ()


@hookspec
def forestshuffle_site_kinds() -> Iterable[SiteKind]:
    """Kinds of site a forest can hold, each with its slot layout (the core adds ``tree``
    and ``sapling``)."""
    return ()


@hookspec
def forestshuffle_step_kinds() -> Iterable[StepKind]:
    """Step kinds of the resolution queue. Those with ``card_effect = True`` are *effect
    kinds* that card data may name in ``effect``, ``bonus`` and trigger effects."""
    return ()


@hookspec
def forestshuffle_trigger_kinds() -> Iterable[TriggerKind]:
    """Kinds of permanent trigger ("whenever you play ...") card data may name."""
    return ()


@hookspec
def forestshuffle_scoring_kinds() -> Iterable[ScoringKind]:
    """Kinds of scoring card data may name (per-card or group scorers)."""
    return ()


@hookspec
def forestshuffle_count_kinds() -> Iterable[CountKind]:
    """Countable quantities of a forest (conditions) that scoring and effects may name as
    ``kind`` or ``kind:arg``."""
    return ()


@hookspec
def forestshuffle_turn_actions() -> Iterable[TurnAction]:
    """Turn actions (draw, play, sapling...) a ruleset may list in ``turn_actions``."""
    return ()


@hookspec
def forestshuffle_deck_builders() -> Iterable[DeckBuilder]:
    """Set-up deck builders (shuffle, removal, winter placement) a ruleset may name."""
    return ()


@hookspec
def forestshuffle_end_conditions() -> Iterable[EndCondition]:
    """End conditions checked at the end of each turn that a ruleset may list."""
    return ()


@hookspec
def forestshuffle_declaration_kinds() -> Iterable[DeclarationKind]:
    """Declarations a ruleset may list in ``declarations``: something a player may declare
    at any of their decisions while its condition holds (an immediate win...)."""
    return ()


@hookspec
def forestshuffle_state_kinds() -> Iterable[StateKind]:
    """Parts of the game state this plugin owns (``state.ext[name]``), with their initial
    value and what each player may see of them, for rulesets that list them in
    ``state_kinds``."""
    return ()


@hookspec
def forestshuffle_event_types() -> Iterable[type[PluginEvent]]:
    """This plugin's own event classes (:class:`~forestshuffle.kinds.PluginEvent`), each
    with a dotted, unique ``type_name``: records store them like the core's events and refuse
    to load them where the plugin is missing."""
    return ()


@hookspec
def forestshuffle_action_types() -> Iterable[type[Action]]:
    """This plugin's own action classes (frozen attrs subclasses of
    :class:`~forestshuffle.core.decisions.Action` with a dotted, unique ``type_name``), the
    answers its step kinds and turn actions offer; records store them like the core's."""
    return ()


@hookspec
def forestshuffle_expansions() -> Iterable[ExpansionSpec]:
    """Expansions this plugin makes available: card sets a ruleset that accepts them
    (``RulesetSpec.expansions``) mixes into its deck, with the changes they make to the other
    sets' cards while mixed in."""
    return ()
