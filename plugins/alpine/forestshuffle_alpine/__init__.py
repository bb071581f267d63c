"""Forest Shuffle: Alpine, the base game's expansion, as a forestshuffle plugin.

It contributes one card set, ``alpine``: 17 species on 36 cards, each carrying the Mountain
tag, with two new trees (European Larch, Stone Pine) and their tree symbols. It adds no
ruleset but an expansion of ``base`` (``fs.new_game("base", expansions=["alpine"])``), which
also changes some base species: :data:`BASE_CHANGES` holds those changes as override data.
Its :data:`OPTIONS` (``mountain_hare_shares_hare_slots``, ``permanent_draws_at_once``) choose
between the readings of its ambiguous card texts.
Registered through the entry-point group ``forestshuffle`` like any third-party plugin.
"""

from __future__ import annotations

from collections.abc import Iterable

from forestshuffle.core.cards import Card, CardSet, Half, Position
from forestshuffle.core.spec import ExpansionSpec, Option
from forestshuffle.plugins.hookspecs import hookimpl

from .cards import CARDS
from .species import (
    BASE_CHANGES,
    BUTTERFLY_TABLE,
    DRAWS_AT_ONCE,
    HARES_SHARE,
    SET,
    SPECIES,
    SYMBOLS,
    TAGS,
    i,
)

__version__ = "0.1.0"

__all__ = ["BASE_CHANGES", "BUTTERFLY_TABLE", "OPTIONS", "SET", "card_set",
           "forestshuffle_card_sets"]

_TREE_SYMBOL = {s.id: s.name for s in SPECIES if s.kind == "tree"}


def _card(row: tuple[object, ...]) -> Card:
    num = int(row[0])  # type: ignore[call-overload]
    if len(row) == 2:
        sid = i(str(row[1]))
        return Card(num, (Half(sid, Position.CENTER, _TREE_SYMBOL[sid]),))
    a = Half(i(str(row[2])), Position(str(row[1])), str(row[3]))
    b = Half(i(str(row[5])), Position(str(row[4])), str(row[6]))
    return Card(num, (a, b))


def card_set() -> CardSet:
    """The Alpine card set: 17 species on 36 cards (numbers 162–197)."""
    return CardSet(SET, "Forest Shuffle: Alpine", SPECIES, tuple(_card(r) for r in CARDS),
                   SYMBOLS, TAGS)


@hookimpl
def forestshuffle_card_sets() -> Iterable[CardSet]:
    """The Alpine card set."""
    return (card_set(),)


#: The options a game with this box may set, where the card texts read two ways
#: (DECISIONS.md, *Alpine and Woodland Edge*); the defaults are the readings chosen there.
#: ``permanent_draws_at_once`` is declared alike by Woodland Edge (its shrubs).
OPTIONS = (
    Option("mountain_hare_shares_hare_slots", False,
           "Mountain Hares share one slot with European Hares, any number of both (off: "
           "they count as hares but share no slot)",
           card_changes=lambda v: HARES_SHARE if v else {}),
    Option("permanent_draws_at_once", False,
           "the expansions' permanent draws (Black Trumpet, shrubs) work from the turn their "
           "card is played (off: from their owner's next turn, as the mushrooms)",
           card_changes=lambda v: DRAWS_AT_ONCE if v else {}),
)

#: The expansion: its card set mixed into the base game, with its changes to base cards.
EXPANSION = ExpansionSpec(id="alpine", name="Alpine", card_sets=(SET,), rulesets=("base",),
                          changes={"species": BASE_CHANGES}, options=OPTIONS)


@hookimpl
def forestshuffle_expansions() -> Iterable[ExpansionSpec]:
    """Expansion ``alpine`` of the base game."""
    return (EXPANSION,)
