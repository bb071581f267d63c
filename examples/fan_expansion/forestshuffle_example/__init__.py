"""An example fan expansion: card set ``example`` and ruleset ``base-plus-example``.

Three new species, written as data with the :mod:`forestshuffle.plugins.dsl` helpers, on twelve
new cards that are shuffled into the base game's deck. The module is a forestshuffle
plugin: its ``forestshuffle_*`` functions are hook implementations, found through the
entry point ``example`` of the group ``forestshuffle`` (see ``pyproject.toml``).
"""

from __future__ import annotations

from collections.abc import Iterable

from forestshuffle import Card, CardSet, Half, Position, RulesetSpec, Species, hookimpl
from forestshuffle.plugins.dsl import draw, flat, free_play, majority, per, set_table, shares_slot

__version__ = "0.1.0"

SET = "example"
#: Tags this set's species carry (a set lists every tag it uses, so typos fail at load).
TAGS = ("tree", "pawed_animal", "bird", "plant")
#: The set's new tree symbol first, then the base symbols its cards show.
SYMBOLS = ("Stone Pine", "Oak", "Linden", "Birch")

STONE_PINE = f"{SET}.stone_pine"
WILDCAT = f"{SET}.wildcat"
NIGHTJAR = f"{SET}.nightjar"
BILBERRY = f"{SET}.bilberry"

#: One line per species; only data.
SPECIES = (
    Species(STONE_PINE, "Stone Pine", "tree", 1, {"tree"}, site_kind="tree",
            bonus=draw(1), score=per(1, "tag:bird")),
    Species(WILDCAT, "Wildcat", "dweller", 2, {"pawed_animal"},
            effect=free_play(tag="bird"), score=majority(8, "tag:pawed_animal", otherwise=2)),
    Species(NIGHTJAR, "Nightjar", "dweller", 1, {"bird"},
            score=(flat(1), per(2, f"trees_of:{STONE_PINE}"))),
    Species(BILBERRY, "Bilberry", "dweller", 0, {"plant"}, sharing=shares_slot(3),
            score=set_table((1, 4, 9), f"species:{BILBERRY}")),
)

L, R, T, B = Position.LEFT, Position.RIGHT, Position.TOP, Position.BOTTOM

#: The physical cards, numbered from 1001 so they never clash with the base game's.
CARDS = (
    *(Card(n, (Half(STONE_PINE, Position.CENTER, "Stone Pine"),)) for n in range(1001, 1005)),
    Card(1005, (Half(WILDCAT, L, "Stone Pine"), Half(WILDCAT, R, "Oak"))),
    Card(1006, (Half(WILDCAT, L, "Linden"), Half("base.european_hare", R, "Stone Pine"))),
    Card(1007, (Half(WILDCAT, L, "Birch"), Half(WILDCAT, R, "Stone Pine"))),
    Card(1008, (Half(NIGHTJAR, T, "Stone Pine"), Half(BILBERRY, B, "Oak"))),
    Card(1009, (Half(NIGHTJAR, T, "Linden"), Half(BILBERRY, B, "Stone Pine"))),
    Card(1010, (Half(NIGHTJAR, T, "Birch"), Half(BILBERRY, B, "Stone Pine"))),
    Card(1011, (Half(NIGHTJAR, T, "Stone Pine"), Half(BILBERRY, B, "Linden"))),
    Card(1012, (Half(NIGHTJAR, T, "Oak"), Half(BILBERRY, B, "Stone Pine"))),
)


def card_set() -> CardSet:
    """The ``example`` card set: 4 species on 12 cards."""
    return CardSet(SET, "Example Expansion", SPECIES, CARDS, SYMBOLS, TAGS)


#: The base game with the example cards shuffled in (a few more cards go back to the box).
RULESET = RulesetSpec(
    id="base-plus-example",
    name="Forest Shuffle with the Example Expansion",
    card_sets=("base", "example"),
    min_players=2,
    max_players=5,
    removal={2: 36, 3: 26, 4: 16, 5: 6},
)


@hookimpl
def forestshuffle_card_sets() -> Iterable[CardSet]:
    """Card set ``example``."""
    return (card_set(),)


@hookimpl
def forestshuffle_rulesets() -> Iterable[RulesetSpec]:
    """Ruleset ``base-plus-example``."""
    return (RULESET,)
