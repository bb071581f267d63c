"""Forest Shuffle: Smoky Mountains as a forestshuffle plugin: ruleset ``smoky``.

Registered through the entry-point group ``forestshuffle`` like any third-party plugin.
It contributes the card set (67 species on 175 cards, with the facts no public source
gives reconstructed and marked), the sites (trees with and without a river, rivers), the
scoring kinds those sites need, and the ruleset.
"""

from __future__ import annotations

from collections.abc import Iterable

from forestshuffle.core.cards import Card, CardSet, Half
from forestshuffle.core.layouts import SiteKind
from forestshuffle.core.ruleset import RulesetSpec
from forestshuffle.kinds import ScoringKind
from forestshuffle.plugins.hookspecs import hookimpl

from .cards import CARDS, WINTER_CARDS, Row
from .scoring import SCORING_KINDS
from .sites import GENERIC_RIVER, SITE_KINDS
from .species import SET, SPECIES, SYMBOLS, TAGS, i

__version__ = "0.1.0"


def _card(row: Row) -> Card:
    num, halves, reconstructed, note = row
    return Card(num, tuple(Half(i(sp), side, sym) for sp, side, sym in halves),
                reconstructed=reconstructed, note=note)


def card_set() -> CardSet:
    """The Smoky Mountains card set: 67 species on 175 cards (3 of them winter cards)."""
    cards = (*(_card(r) for r in CARDS), *(Card(n, (), winter=True) for n in WINTER_CARDS))
    return CardSet(SET, "Forest Shuffle: Smoky Mountains", SPECIES, cards, SYMBOLS, TAGS,
                   caves=5)


RULESET = RulesetSpec(
    id="smoky",
    name="Forest Shuffle: Smoky Mountains",
    card_sets=(SET,),
    min_players=2,
    max_players=5,
    removal={2: 45, 3: 30, 4: 15, 5: 0},
    deck_builder="winter_in_last_third",
    opening_hand=6,
    mulligan=None,
    turn_actions=("draw", "play"),
    sapling_kind=None,
    face_down_kinds=(GENERIC_RIVER,),
    cannot_act="cave_and_redraw",
    aliases=("smoky-mountains",),
)


@hookimpl
def forestshuffle_card_sets() -> Iterable[CardSet]:
    """The Smoky Mountains card set."""
    return (card_set(),)


@hookimpl
def forestshuffle_site_kinds() -> Iterable[SiteKind]:
    """Trees with and without a river, river terrain cards, the Waterfall, generic rivers."""
    return SITE_KINDS


@hookimpl
def forestshuffle_scoring_kinds() -> Iterable[ScoringKind]:
    """Scoring by the cards at one site, and per river without fish."""
    return SCORING_KINDS


@hookimpl
def forestshuffle_rulesets() -> Iterable[RulesetSpec]:
    """Ruleset ``smoky``."""
    return (RULESET,)
