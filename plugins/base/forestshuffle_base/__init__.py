"""The Forest Shuffle base game (2023) as a forestshuffle plugin: ruleset ``base``.

Registered through the entry-point group ``forestshuffle`` like any third-party plugin.
"""

from __future__ import annotations

from collections.abc import Iterable

from forestshuffle.core.cards import Card, CardSet, Half, Position
from forestshuffle.core.spec import Option, RulesetSpec
from forestshuffle.plugins.hookspecs import hookimpl

from .cards import CARDS, WINTER
from .species import SET, SPECIES, SYMBOLS, TAGS, i

__version__ = "0.1.0"

_TREE_SYMBOL = {s.id: s.name for s in SPECIES if s.kind == "tree"}


def _card(row: tuple[object, ...]) -> Card:
    num = int(row[0])  # type: ignore[call-overload]
    if row[1] == WINTER:
        return Card(num, (), winter=True)
    if len(row) == 2:
        sid = i(str(row[1]))
        return Card(num, (Half(sid, Position.CENTER, _TREE_SYMBOL.get(sid)),))
    a = Half(i(str(row[2])), Position(str(row[1])), str(row[3]))
    b = Half(i(str(row[5])), Position(str(row[4])), str(row[6]))
    return Card(num, (a, b))


def card_set() -> CardSet:
    """The base game's card set: 57 species on 161 cards (3 of them winter cards)."""
    return CardSet(SET, "Forest Shuffle", SPECIES, tuple(_card(r) for r in CARDS),
                   SYMBOLS, TAGS, caves=5)


RULESET = RulesetSpec(
    id="base",
    name="Forest Shuffle",
    card_sets=("base",),
    min_players=2,
    max_players=5,
    removal={2: 30, 3: 20, 4: 10, 5: 0},
    # with expansions mixed in (those that name this ruleset), by their number
    removal_with={1: {2: 55, 3: 40, 4: 25, 5: 10}, 2: {2: 90, 3: 60, 4: 45, 5: 30}},
    deck_builder="winter_in_last_third",
    opening_hand=6,
    mulligan="no_tree",
    options=(Option("mulligan", True, "a player whose opening hand has no tree may redraw it "
                    "once", changes=lambda v: {"mulligan": "no_tree" if v else None}),),
    aliases=("forest-shuffle",),
)


@hookimpl
def forestshuffle_card_sets() -> Iterable[CardSet]:
    """The base card set."""
    return (card_set(),)


@hookimpl
def forestshuffle_rulesets() -> Iterable[RulesetSpec]:
    """Ruleset ``base``."""
    return (RULESET,)
