"""宝可梦林地探索 (Pokémon Forest Exploration), a fan re-theme of the Forest Shuffle base
game, as a forestshuffle plugin: ruleset ``pokemon``.

Registered through the entry-point group ``forestshuffle`` like any third-party plugin, and
written only against the public hooks and kinds. It contributes:

* card set ``pokemon`` (161 cards: 66 trainers in 8 groups, 48 top/bottom and 44
  left/right cards, 3 whistles), playable as ruleset ``pokemon`` by 2 to 5 players;
* card sets ``pokemon_exp1`` (36 cards), ``pokemon_exp2`` (36 cards, with professor dexes)
  and ``pokemon_oak`` (15 cards), the expansions, as data (see :mod:`.compositions` for
  the rulesets that mix them);
* the count and scoring kinds trainer groups need (:mod:`.kinds`), the professor dex site;
* the mode cards of expansion 3 and the Oak expansion as typed data (:mod:`.modes`).

Chinese names are in :data:`ZH` (species), :data:`~.common.GROUP_ZH` and
:data:`~.common.TAG_ZH`.
"""

from __future__ import annotations

from collections.abc import Iterable

from forestshuffle.cards import CardSet
from forestshuffle.hookspecs import hookimpl
from forestshuffle.kinds import CountKind, ScoringKind
from forestshuffle.layouts import SiteKind
from forestshuffle.ruleset import RulesetSpec

from . import cards, exp1, exp2, oak, species
from .common import GROUPS, TAGS, card_from_row
from .compositions import REMOVAL, spec_removal
from .kinds import COUNT_KINDS, SCORING_KINDS
from .sites import SITE_KINDS

__version__ = "0.1.0"

SET = species.SET

#: species id -> Chinese name, over every content set of the plugin
ZH: dict[str, str] = {**species.ZH, **exp1.ZH, **exp2.ZH, **oak.ZH}


def card_set() -> CardSet:
    """The base set: 115 species (66 trainers, 49 Pokémon and items) on 161 cards."""
    return CardSet(SET, "Pokémon Forest Exploration", species.SPECIES,
                   tuple(card_from_row(SET, r, species.TRAINER_GROUP) for r in cards.CARDS),
                   GROUPS, TAGS, caves=5)


def card_sets() -> tuple[CardSet, ...]:
    """Every content set of the plugin: the base set and the three expansions."""
    return (card_set(), exp1.card_set(), exp2.card_set(), oak.card_set())


RULESET = RulesetSpec(
    id="pokemon",
    name="Pokémon Forest Exploration (宝可梦林地探索)",
    card_sets=(SET,),
    min_players=2,
    max_players=5,
    removal=spec_removal(REMOVAL[(SET,)]),
    deck_builder="winter_in_last_third",
    opening_hand=6,
    mulligan="no_tree",
    aliases=("宝可梦林地探索",),
)


@hookimpl
def forestshuffle_card_sets() -> Iterable[CardSet]:
    """The base set and the expansions."""
    return card_sets()


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
def forestshuffle_rulesets() -> Iterable[RulesetSpec]:
    """Ruleset ``pokemon``."""
    return (RULESET,)
