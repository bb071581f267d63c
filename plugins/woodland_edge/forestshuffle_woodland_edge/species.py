"""The 19 species of Forest Shuffle: Woodland Edge, one line each, only data.

Every card of the box carries the Woodland Edge tag (``woodland_edge``). The three shrubs
open sites of their own (:mod:`.sites`). Effects are optional for the player; bonuses need
every payment card to show the played card's tree symbol. The texts come from the published
card appendix, cross-checked against two public implementations; ``DECISIONS.md`` (section
*Alpine and Woodland Edge*) records where they disagree and what this set chose.
"""

from __future__ import annotations

from typing import Any

from forestshuffle.core.cards import Spec, Species
from forestshuffle.plugins.dsl import (
    cave_from_clearing,
    clearing_to_cave_matching,
    distinct_sets,
    draw,
    extra_turn,
    flat,
    free_play,
    hosts_sharing,
    if_at_least,
    on_play,
    per,
    take_from_clearing,
    trigger_changes,
)

from .sites import SHRUB

SET = "woodland_edge"

# tags: the box's own and the base game's it uses
EDGE = "woodland_edge"
SHRUB_TAG = "shrub"
INSECT, BAT, CLOVEN, PAWED, BIRD = "insect", "bat", "cloven_hoofed", "pawed_animal", "bird"
PLANT, BUTTERFLY, TREE = "plant", "butterfly", "tree"
TAGS = (EDGE, SHRUB_TAG, INSECT, BAT, CLOVEN, PAWED, BIRD, PLANT, BUTTERFLY)

#: the tree symbols: the box shows only the base game's eight
SYMBOLS = ("Linden", "Oak", "Silver Fir", "Birch", "Beech", "Sycamore", "Douglas Fir",
           "Horse Chestnut")

#: butterfly sets of 1..7 different species (as in the Alpine box; both extend the table)
BUTTERFLY_TABLE = (0, 3, 6, 12, 20, 35, 55)

#: digitalis: points by the number of different plant species, 1..5 or more
DIGITALIS_TABLE = (1, 3, 6, 10, 15)

#: the base game's Squeaker, which shares its name with this box's
BASE_SQUEAKER = "base.squeaker"


def i(name: str) -> str:
    """The full id of a Woodland Edge species."""
    return f"{SET}.{name}"


SQUEAKER = i("squeaker")
SQUEAKERS = f"sum_of:species:{BASE_SQUEAKER}+species:{SQUEAKER}"


# -- kinds of this plugin (see effects.py and scoring.py) -------------------------------


def extra_turn_if(count: str, n: int = 1) -> Spec:
    """Take an extra turn if your forest has at least *n* of *count*."""
    return Spec("extra_turn_if", {"count": count, "n": n})


def take_all_from_clearing(**filter_: Any) -> Spec:
    """Take every matching clearing card into your hand (up to the hand limit)."""
    return Spec("take_all_from_clearing", {"filter": dict(filter_)})


def remove_clearing() -> Spec:
    """Every clearing card leaves the game."""
    return Spec("remove_clearing")


def free_play_one_of(*filters: dict[str, Any]) -> Spec:
    """Play one hand card matching any of *filters* for free."""
    return Spec("free_play_one_of", {"filters": list(filters)})


def play_saplings() -> Spec:
    """Play any number of hand cards face down as saplings."""
    return Spec("play_saplings")


def only_card_at_site(points: int) -> Spec:
    """*points* if no other card sits at this card's site."""
    return Spec("only_card_at_site", {"points": points})


def if_site_tagged(points: int, tag: str) -> Spec:
    """*points* if this card's site card shows *tag*."""
    return Spec("if_site_tagged", {"points": points, "tag": tag})


def each_by_table(table: tuple[int, ...], count: str) -> Spec:
    """Each card scores ``table[n-1]`` for *count* = n."""
    return Spec("each_by_table", {"table": table, "count": count})


# -- the species ------------------------------------------------------------------------


def sp(name: str, display: str, cost: int, tags: Any, *, kind: str = "dweller",
       effect: Any = (), bonus: Any = (), triggers: Any = (), score: Any = (),
       modifiers: Any = ()) -> Species:
    """One species line; every Woodland Edge species carries the Woodland Edge tag."""
    shown: Any = [EDGE, *([tags] if isinstance(tags, str) else tags)]
    return Species(i(name), display, kind, cost, frozenset(shown), effect, bonus,
                   triggers, score, None, modifiers, SHRUB if kind == "site" else None)


def shrub(name: str, display: str, tag: str) -> Species:
    """A shrub: whenever you play a card with *tag*, you may draw 1 (as the mushrooms: from
    your next turn on, after paying and before the played card's effect and bonus); bonus:
    play a card with *tag* for free; no points."""
    return sp(name, display, 2, SHRUB_TAG, kind="site", bonus=free_play(tag=tag),
              triggers=on_play(draw(1), tag=tag, from_next_turn=True, before_effects=True))


SPECIES: tuple[Species, ...] = (
    # shrubs
    shrub("blackthorn", "Blackthorn", BUTTERFLY),
    shrub("common_hazel", "Common Hazel", BAT),
    shrub("elderberry", "Elderberry", PLANT),
    # left / right halves
    sp("bee_swarm", "Bee Swarm", 1, INSECT,
       effect=tuple(clearing_to_cave_matching(tag=t) for t in (PLANT, SHRUB_TAG, TREE)),
       score=per(1, f"tag:{PLANT}")),
    sp("common_pipistrelle", "Common Pipistrelle", 1, BAT,
       score=if_at_least(5, f"distinct_tag:{BAT}", 3)),
    sp("crane_fly", "Crane Fly", 1, INSECT, effect=free_play(tag=BAT, any_number=True),
       bonus=take_all_from_clearing(tag=BAT), score=per(1, f"tag:{BAT}")),
    sp("european_bison", "European Bison", 3, CLOVEN, effect=extra_turn(),
       score=(per(2, "symbol:Oak"), per(2, "symbol:Beech"))),
    sp("european_polecat", "European Polecat", 2, PAWED, bonus=extra_turn(),
       score=only_card_at_site(10)),
    sp("european_wildcat", "European Wildcat", 1, PAWED, effect=take_from_clearing(1),
       score=per(1, f"tag:{EDGE}")),
    sp("squeaker", "Squeaker", 0, CLOVEN, score=flat(1)),
    sp("wild_boar_female", "Wild Boar (Female)", 2, CLOVEN, effect=remove_clearing(),
       bonus=free_play_one_of({"species": BASE_SQUEAKER}, {"species": SQUEAKER}),
       score=(per(10, f"species:{BASE_SQUEAKER}"), per(10, f"species:{SQUEAKER}"))),
    # top / bottom halves
    sp("barn_owl", "Barn Owl", 2, BIRD, effect=extra_turn_if(f"tag:{BAT}", 1),
       score=per(3, f"tag:{BAT}")),
    sp("digitalis", "Digitalis", 0, PLANT,
       score=each_by_table(DIGITALIS_TABLE, f"distinct_tag:{PLANT}")),
    sp("eurasian_magpie", "Eurasian Magpie", 1, BIRD, effect=take_from_clearing(1),
       bonus=cave_from_clearing(2), score=flat(3)),
    sp("great_green_bush_cricket", "Great Green Bush-Cricket", 1, INSECT,
       effect=free_play(tag=BIRD), score=per(1, f"tag:{INSECT}")),
    sp("map_butterfly", "Map Butterfly", 0, (INSECT, BUTTERFLY),
       score=distinct_sets(BUTTERFLY_TABLE, BUTTERFLY)),
    sp("nightingale", "Nightingale", 1, BIRD, bonus=extra_turn(),
       score=if_site_tagged(5, SHRUB_TAG)),
    # any number of butterflies, of any species, may share the top slot of its site
    sp("stinging_nettle", "Stinging Nettle", 0, PLANT, score=per(2, f"tag:{BUTTERFLY}"),
       modifiers=hosts_sharing("top", BUTTERFLY)),
    sp("water_vole", "Water Vole", 2, PAWED, effect=play_saplings(), bonus=extra_turn()),
)


def _spec(kind: str, **args: Any) -> dict[str, Any]:
    return {"kind": kind, "args": args}


_BUTTERFLY_SCORE = [_spec("distinct_sets", table=list(BUTTERFLY_TABLE), tag=BUTTERFLY)]

#: Changes to base-game species when this box is mixed in, in the shape of the ``species``
#: table of an override file (:mod:`forestshuffle.plugins.overrides`): the butterfly table grows to
#: 7 species (the same entry as the Alpine box's); the rules about a tree ignore shrubs
#: (Beech Marten: full trees, not full shrubs; European Fat Dormouse: a bat at the same
#: *tree*); and the Wild Boar counts the Squeakers of both boxes.
BASE_CHANGES: dict[str, dict[str, Any]] = {
    **{f"base.{b}": {"score": _BUTTERFLY_SCORE}
       for b in ("camberwell_beauty", "large_tortoiseshell", "peacock_butterfly",
                 "purple_emperor", "silver_washed_fritillary")},
    "base.beech_marten": {"score": [_spec("per", points=5, count="full_trees")]},
    "base.european_fat_dormouse": {"score": [_spec("if_tree_has", points=15, tag=BAT)]},
    "base.wild_boar": {"score": [_spec("if_at_least", points=10, count=SQUEAKERS, n=1)]},
}



#: Option ``permanent_draws_at_once`` on: the shrubs draw from the turn they are played.
DRAWS_AT_ONCE: dict[str, Any] = {"species": trigger_changes(
    (s for s in SPECIES if s.kind == "site"), from_next_turn=False)}
