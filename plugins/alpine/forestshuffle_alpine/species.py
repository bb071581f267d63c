"""The 17 species of Forest Shuffle: Alpine, one line each, only data.

Every card of the box carries the Mountain tag (``alpine_mountain``). Effects are optional
for the player; bonuses need every payment card to show the played card's tree symbol.
The texts come from the published card appendix, cross-checked against two public
implementations; ``DECISIONS.md`` (section *Alpine and Woodland Edge*) records where they
disagree and what this set chose.
"""

from __future__ import annotations

from typing import Any

from forestshuffle.core.cards import Species
from forestshuffle.plugins.dsl import (
    cave_from_clearing,
    distinct_sets,
    draw,
    extra_turn,
    flat,
    free_play,
    if_at_least,
    on_play,
    per,
    per_same_symbol,
    shares_slot,
    trigger_changes,
)

SET = "alpine"

# tags: the box's own and the base game's it uses
MOUNTAIN = "alpine_mountain"
TREE, PAWED, CLOVEN, BAT, BIRD = "tree", "pawed_animal", "cloven_hoofed", "bat", "bird"
PLANT, AMPHIBIAN, MUSHROOM, INSECT, BUTTERFLY = (
    "plant", "amphibian", "mushroom", "insect", "butterfly")
TAGS = (MOUNTAIN, TREE, PAWED, CLOVEN, BAT, BIRD, PLANT, AMPHIBIAN, MUSHROOM, INSECT, BUTTERFLY)

#: the tree symbols: the base game's eight, then the box's two new trees
SYMBOLS = ("Linden", "Oak", "Silver Fir", "Birch", "Beech", "Sycamore", "Douglas Fir",
           "Horse Chestnut", "European Larch", "Stone Pine")

#: butterfly sets of 1..7 different species (RULES.md §1 gives 1..5; the expansions' cards
#: extend the table to 6 and 7)
BUTTERFLY_TABLE = (0, 3, 6, 12, 20, 35, 55)

#: the base game's European Hare, which the Mountain Hare counts as
EUROPEAN_HARE = "base.european_hare"


def i(name: str) -> str:
    """The full id of an Alpine species."""
    return f"{SET}.{name}"


MOUNTAIN_HARE = i("mountain_hare")


def sp(name: str, display: str, cost: int, tags: Any, *, kind: str = "dweller",
       effect: Any = (), bonus: Any = (), triggers: Any = (), score: Any = ()) -> Species:
    """One species line; every Alpine species carries the Mountain tag."""
    shown: Any = [MOUNTAIN, *([tags] if isinstance(tags, str) else tags)]
    return Species(i(name), display, kind, cost, frozenset(shown), effect, bonus,
                   triggers, score, None, (), "tree" if kind == "tree" else None)


SPECIES: tuple[Species, ...] = (
    # trees
    sp("european_larch", "European Larch", 1, TREE, kind="tree",
       bonus=free_play(tag=MOUNTAIN), score=flat(3)),
    sp("stone_pine", "Stone Pine", 2, TREE, kind="tree", effect=draw(1), bonus=draw(1),
       score=per(1, f"tag:{MOUNTAIN}")),
    # left / right halves
    sp("alpine_marmot", "Alpine Marmot", 1, PAWED, score=per(3, f"distinct_tag:{PLANT}")),
    sp("capercaillie", "Capercaillie", 1, BIRD, effect=free_play(tag=PLANT),
       score=per(1, f"tag:{PLANT}")),
    sp("chamois", "Chamois", 1, CLOVEN, score=per_same_symbol(3)),
    # counts as a European Hare: the hares of both kinds count for it (and for the base
    # game's hare rules, see BASE_CHANGES)
    sp("mountain_hare", "Mountain Hare", 0, PAWED,
       score=(per(1, f"species:{EUROPEAN_HARE}"), per(1, f"species:{MOUNTAIN_HARE}"))),
    sp("savis_pipistrelle", "Savi's Pipistrelle", 1, BAT,
       score=if_at_least(5, f"distinct_tag:{BAT}", 3)),
    sp("steinbock", "Steinbock", 3, CLOVEN, effect=extra_turn(), score=flat(10)),
    # top / bottom halves
    sp("alpine_newt", "Alpine Newt", 1, AMPHIBIAN,
       bonus=(free_play(tag=MOUNTAIN), free_play(tag=INSECT)), score=per(2, f"tag:{INSECT}")),
    sp("bearded_vulture", "Bearded Vulture", 1, BIRD, effect=cave_from_clearing(2),
       score=per(1, "cave")),
    # a mushroom: from the next turn on, after paying, before the played card's effects
    sp("black_trumpet", "Black Trumpet", 2, MUSHROOM,
       triggers=on_play(draw(1), tag=MOUNTAIN, from_next_turn=True, before_effects=True)),
    sp("blueberry", "Blueberry", 1, PLANT, effect=free_play(tag=AMPHIBIAN),
       score=per(2, f"distinct_tag:{BIRD}")),
    sp("common_raven", "Common Raven", 1, BIRD, effect=draw(1), score=flat(5)),
    sp("edelweiss", "Edelweiss", 1, PLANT, effect=draw(1), bonus=draw(1), score=flat(3)),
    sp("gentian", "Gentian", 0, PLANT, effect=free_play(tag=BUTTERFLY),
       score=per(3, f"tag:{BUTTERFLY}")),
    sp("golden_eagle", "Golden Eagle", 1, BIRD,
       score=(per(1, f"tag:{PAWED}"), per(1, f"tag:{AMPHIBIAN}"))),
    sp("phoebus_apollo", "Phoebus Apollo", 0, (INSECT, BUTTERFLY),
       score=distinct_sets(BUTTERFLY_TABLE, BUTTERFLY)),
)


def _spec(kind: str, **args: Any) -> dict[str, Any]:
    return {"kind": kind, "args": args}


_BUTTERFLY_SCORE = [_spec("distinct_sets", table=list(BUTTERFLY_TABLE), tag=BUTTERFLY)]
_HARES = (f"species:{EUROPEAN_HARE}", f"species:{MOUNTAIN_HARE}")

#: Changes to base-game species when this box is mixed in, in the shape of the ``species``
#: table of an override file (:mod:`forestshuffle.plugins.overrides`): the butterfly table grows to
#: 7 species, and every rule that counts European Hares counts Mountain Hares too.
BASE_CHANGES: dict[str, dict[str, Any]] = {
    **{f"base.{b}": {"score": _BUTTERFLY_SCORE}
       for b in ("camberwell_beauty", "large_tortoiseshell", "peacock_butterfly",
                 "purple_emperor", "silver_washed_fritillary")},
    EUROPEAN_HARE: {"score": [_spec("per", points=1, count=c) for c in _HARES]},
    "base.red_fox": {"effect": [_spec("draw_per", count=c) for c in _HARES],
                     "score": [_spec("per", points=2, count=c) for c in _HARES]},
}


#: Option ``mountain_hare_shares_hare_slots`` on: Mountain and European Hares share one slot,
#: any number of both (the European Hare's slot rule grows to the Mountain Hare's; see
#: DECISIONS.md, *Alpine and Woodland Edge*).
HARES_SHARE: dict[str, Any] = {"species": {
    MOUNTAIN_HARE: {"sharing": shares_slot(None, (EUROPEAN_HARE,))},
    EUROPEAN_HARE: {"sharing": shares_slot(None, (MOUNTAIN_HARE,))},
}}

#: Option ``permanent_draws_at_once`` on: the Black Trumpet draws from the turn it is played.
DRAWS_AT_ONCE: dict[str, Any] = {"species": trigger_changes(
    (s for s in SPECIES if s.id == i("black_trumpet")), from_next_turn=False)}
