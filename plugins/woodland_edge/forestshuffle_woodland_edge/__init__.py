"""Forest Shuffle: Woodland Edge, the base game's expansion, as a forestshuffle plugin.

It contributes one card set, ``woodland_edge``: 19 species on 36 cards, each carrying the
Woodland Edge tag, among them three *shrubs* (Blackthorn, Common Hazel, Elderberry) that
open sites of their own kind (:mod:`.sites`), plus the effect, scoring and count kinds those
cards need. It adds no ruleset but an expansion of ``base``
(``fs.new_game("base", expansions=["woodland_edge"])``), which also changes some base species:
:data:`BASE_CHANGES` holds those changes as override data. The Stinging Nettle's slot rule is
its ``hosts_sharing`` modifier. Its :data:`OPTIONS` (``shrub_slots_count_as_tree_slots``,
``permanent_draws_at_once``) choose between the readings of its ambiguous card texts.
Registered through the entry-point group ``forestshuffle`` like any third-party plugin.
"""

from __future__ import annotations

from collections.abc import Iterable

from forestshuffle.core.cards import Card, CardSet, Half, Position
from forestshuffle.core.layouts import SiteKind
from forestshuffle.core.spec import ExpansionSpec, Option
from forestshuffle.kinds import CountKind, ScoringKind, StepKind
from forestshuffle.plugins.hookspecs import hookimpl

from .cards import CARDS
from .effects import STEP_KINDS
from .scoring import COUNT_KINDS, SCORING_KINDS
from .sites import SHRUB, SHRUB_TREE_SLOTS, SITE_KINDS
from .species import (
    BASE_CHANGES,
    BUTTERFLY_TABLE,
    DRAWS_AT_ONCE,
    SET,
    SPECIES,
    SYMBOLS,
    TAGS,
    i,
)

__version__ = "0.1.0"

__all__ = ["BASE_CHANGES", "BUTTERFLY_TABLE", "OPTIONS", "SET", "SHRUB", "card_set"]


def _card(row: tuple[object, ...]) -> Card:
    num = int(row[0])  # type: ignore[call-overload]
    if len(row) == 3:  # a shrub and the tree symbol it shows
        return Card(num, (Half(i(str(row[1])), Position.CENTER, str(row[2])),))
    a = Half(i(str(row[2])), Position(str(row[1])), str(row[3]))
    b = Half(i(str(row[5])), Position(str(row[4])), str(row[6]))
    return Card(num, (a, b))


def card_set() -> CardSet:
    """The Woodland Edge card set: 19 species on 36 cards (numbers 198–233)."""
    return CardSet(SET, "Forest Shuffle: Woodland Edge", SPECIES,
                   tuple(_card(r) for r in CARDS), SYMBOLS, TAGS)


@hookimpl
def forestshuffle_card_sets() -> Iterable[CardSet]:
    """The Woodland Edge card set."""
    return (card_set(),)


@hookimpl
def forestshuffle_site_kinds() -> Iterable[SiteKind]:
    """The shrub, and the shrub whose slots play a tree's slot roles (an option)."""
    return SITE_KINDS


@hookimpl
def forestshuffle_step_kinds() -> Iterable[StepKind]:
    """A conditional extra turn, taking all matching clearing cards, removing the clearing,
    a free play by one of several filters, and playing saplings."""
    return STEP_KINDS


@hookimpl
def forestshuffle_scoring_kinds() -> Iterable[ScoringKind]:
    """Scoring by the site a card sits at (alone, a shrub, a tree), and a table per card."""
    return SCORING_KINDS


@hookimpl
def forestshuffle_count_kinds() -> Iterable[CountKind]:
    """Full trees (shrubs left out) and sums of counts."""
    return COUNT_KINDS


#: The options a game with this box may set, where the card texts read two ways
#: (DECISIONS.md, *Alpine and Woodland Edge*); the defaults are the readings chosen there.
#: ``permanent_draws_at_once`` is declared alike by Alpine (its Black Trumpet).
OPTIONS = (
    Option("shrub_slots_count_as_tree_slots", False,
           "the cards below / on top of a shrub count as below / on top of a tree for Wood "
           "Ant, Parasol Mushroom and Penny Bun (off: they do not; a shrub is no tree)",
           changes=lambda v: {"site_kind_map": {SHRUB: SHRUB_TREE_SLOTS}} if v else {}),
    Option("permanent_draws_at_once", False,
           "the expansions' permanent draws (Black Trumpet, shrubs) work from the turn their "
           "card is played (off: from their owner's next turn, as the mushrooms)",
           card_changes=lambda v: DRAWS_AT_ONCE if v else {}),
)

#: The expansion: its card set mixed into the base game, with its changes to base cards.
EXPANSION = ExpansionSpec(id="woodland_edge", name="Woodland Edge", card_sets=(SET,),
                          rulesets=("base",), changes={"species": BASE_CHANGES},
                          options=OPTIONS)


@hookimpl
def forestshuffle_expansions() -> Iterable[ExpansionSpec]:
    """Expansion ``woodland_edge`` of the base game."""
    return (EXPANSION,)
