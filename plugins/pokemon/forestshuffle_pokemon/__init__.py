"""宝可梦林地探索 (Pokémon Forest Exploration), a fan re-theme of the Forest Shuffle base
game, as a forestshuffle plugin: ruleset ``pokemon`` (alias ``宝可梦林地探索``), for 1 to 5
players.

Registered through the entry-point group ``forestshuffle`` like any third-party plugin, and
written only against the public hooks and kinds. It contributes:

* card set ``pokemon`` (161 cards: 66 trainers in 8 groups, 48 top/bottom and 44
  left/right cards, 3 whistles), the ruleset's deck;
* the expansions ``pokemon_exp1`` (36 cards), ``pokemon_exp2`` (36 cards, with professor
  dexes; needs expansion 1), ``pokemon_exp3`` (the special boxes) and ``pokemon_oak`` (15
  cards), with the seed's removal by content and player count (:mod:`.content`);
* the solo game against Rotom, an automated seat, with an achievement (:mod:`.solo`);
* the special boxes of expansion 3 (:mod:`.boxes`);
* the challenge and chance modes (options ``challenge`` and ``chance``), with their
  declared immediate win (:mod:`.versus`);
* the set-up (:mod:`.setup`), the count and scoring kinds trainer groups need
  (:mod:`.kinds`), the professor dex site; the mode cards as typed data (:mod:`.modes`,
  :mod:`.mode_cards`).

Chinese names are the species' aliases (forest documents take either name) and are in
:data:`ZH` (species), :data:`~.common.GROUP_ZH` and :data:`~.common.TAG_ZH`.
"""

from __future__ import annotations

from collections.abc import Iterable

from forestshuffle.core.cards import CardSet
from forestshuffle.core.decisions import Action
from forestshuffle.core.layouts import SiteKind
from forestshuffle.core.spec import ExpansionSpec, Option, RulesetSpec
from forestshuffle.kinds import (
    CountKind,
    DeckBuilder,
    DeclarationKind,
    PluginEvent,
    ScoringKind,
    StateKind,
    StepKind,
)
from forestshuffle.plugins.hookspecs import hookimpl

from . import boxes, cards, exp1, exp2, oak, setup, solo, species, versus
from .common import GROUPS, TAGS, card_from_row
from .content import EXPANSION_IDS, EXPANSIONS, REMOVAL, REMOVAL_WITH
from .kinds import COUNT_KINDS, SCORING_KINDS
from .sites import SITE_KINDS
from .solo import solo_result

__version__ = "0.2.0"

__all__ = ["RULESET", "SET", "ZH", "card_set", "card_sets", "solo_result"]

SET = species.SET

#: species id -> Chinese name, over every content set of the plugin
ZH: dict[str, str] = {**species.ZH, **exp1.ZH, **exp2.ZH, **oak.ZH}


def card_set() -> CardSet:
    """The base set: 115 species (66 trainers, 49 Pokémon and items) on 161 cards."""
    return CardSet(SET, "Pokémon Forest Exploration", species.SPECIES,
                   tuple(card_from_row(SET, r, species.TRAINER_GROUP) for r in cards.CARDS),
                   GROUPS, TAGS, caves=5)


def card_sets() -> tuple[CardSet, ...]:
    """Every content set of the plugin: the base set and the three expansions with cards."""
    return (card_set(), exp1.card_set(), exp2.card_set(), oak.card_set())


def _several(table: dict[int, int]) -> dict[int, int]:
    return {p: n for p, n in table.items() if p > 1}


#: what either mode of several players changes: 2 to 5 players (the removal without its solo
#: column) and the immediate win
_MODES = {"declarations": (versus.WIN,), "min_players": 2,
          "removal": _several(REMOVAL[(SET,)]),
          "removal_with": {n: _several(t) for n, t in REMOVAL_WITH.items()}}

RULESET = RulesetSpec(
    id="pokemon",
    name="Pokémon Forest Exploration (宝可梦林地探索)",
    card_sets=(SET,),
    min_players=1,
    max_players=5,
    removal=REMOVAL[(SET,)],
    removal_with=REMOVAL_WITH,
    expansions=EXPANSION_IDS,
    deck_builder=setup.DECK_BUILDER,
    opening_hand=6,
    mulligan=None,  # the set-up's own redraw: no *trainer* (setup.RedrawStep)
    winters_by_players={1: 1},
    automata=(solo.ROTOM,),
    state_kinds=(boxes.BOXES, solo.SOLO, versus.CHALLENGES, versus.CHANCES),
    # the options apply in this order: the challenge mode's "no removal" comes last
    options=(
        Option("chance", False,
               "chance mode: at the 2nd whistle each player reveals a chance card and resolves "
               "it; meeting its condition lets them declare an immediate win (2-5 players; "
               "needs expansion pokemon_oak)",
               changes=lambda v: {**_MODES, "winter_steps": {
                   versus.CHANCE_WHISTLE: versus.CHANCE_STEP}} if v else {}),
        Option("challenge", False,
               "challenge mode: a public challenge, a private one per player (draw 2, keep 1); "
               "meeting one lets a player declare an immediate win (2-5 players; needs "
               "expansions pokemon_exp1, pokemon_exp2 and pokemon_oak; no removal)",
               changes=lambda v: {**_MODES, "removal": {}, "removal_with": {}} if v else {}),
    ),
    aliases=("宝可梦林地探索",),
)


@hookimpl
def forestshuffle_card_sets() -> Iterable[CardSet]:
    """The base set and the expansions."""
    return card_sets()


@hookimpl
def forestshuffle_expansions() -> Iterable[ExpansionSpec]:
    """Expansions 1, 2 and 3 and the Oak expansion of ruleset ``pokemon``."""
    return EXPANSIONS


@hookimpl
def forestshuffle_site_kinds() -> Iterable[SiteKind]:
    """The professor dex of expansion 2."""
    return SITE_KINDS


@hookimpl
def forestshuffle_count_kinds() -> Iterable[CountKind]:
    """Counts by trainer group and of Pokémon kinds."""
    return COUNT_KINDS


@hookimpl
def forestshuffle_scoring_kinds() -> Iterable[ScoringKind]:
    """A set table shared by a whole group; points at a trainer of a group."""
    return SCORING_KINDS


@hookimpl
def forestshuffle_deck_builders() -> Iterable[DeckBuilder]:
    """The deck and set-up of every mode."""
    return setup.DECK_BUILDERS


@hookimpl
def forestshuffle_step_kinds() -> Iterable[StepKind]:
    """The set-up's steps, Rotom's turn, the chance cards at the 2nd whistle."""
    return (*setup.STEP_KINDS, *solo.STEP_KINDS, *boxes.STEP_KINDS, *versus.STEP_KINDS)


@hookimpl
def forestshuffle_state_kinds() -> Iterable[StateKind]:
    """Boxes, the solo game, challenges, chance cards."""
    return (boxes.BoxesKind(), solo.SoloKind(), versus.ChallengesKind(), versus.ChancesKind())


@hookimpl
def forestshuffle_declaration_kinds() -> Iterable[DeclarationKind]:
    """The immediate win of the challenge and chance modes."""
    return (versus.DeclareWin(),)


@hookimpl
def forestshuffle_event_types() -> Iterable[type[PluginEvent]]:
    """The modes' events."""
    return (*solo.EVENT_TYPES, *boxes.EVENT_TYPES, *versus.EVENT_TYPES)


@hookimpl
def forestshuffle_action_types() -> Iterable[type[Action]]:
    """The set-up's choices: achievement and level, special box, private challenge."""
    return (*solo.ACTION_TYPES, *boxes.ACTION_TYPES, *versus.ACTION_TYPES)


@hookimpl
def forestshuffle_rulesets() -> Iterable[RulesetSpec]:
    """Ruleset ``pokemon``."""
    return (RULESET,)
