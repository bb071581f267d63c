"""Scoring of every Woodland Edge species, one test per rule (the card appendix; DECISIONS.md
*Alpine and Woodland Edge*), and the base rules the box extends (butterfly sets of 6 and 7,
Squeakers of two boxes).

Each test builds a forest with :func:`forestshuffle.testing.scenario` in the provisional
ruleset base + Woodland Edge (base + both boxes for 7 butterflies) and checks the points
against a total worked out by hand.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from expansions.support import BOTH, EDGE, points, ruleset

import forestshuffle as fs
from forestshuffle.testing import CardPicker, scenario

RULES = ruleset(EDGE)


def w(name: str) -> str:
    return f"woodland_edge.{name}"


def b(name: str) -> str:
    return f"base.{name}"


@pytest.fixture
def pk() -> CardPicker:
    return CardPicker(RULES)


def game(p0: Iterable, p1: Iterable = (), rules: fs.Ruleset = RULES, **kw) -> fs.Game:
    return scenario(rules, players=2, forests={0: list(p0), 1: list(p1)}, **kw)


# -- shrubs ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["blackthorn", "common_hazel", "elderberry"])
def test_shrubs_score_nothing(pk, name):
    shrub = pk.pick(w(name))
    g = game([(shrub, {})])
    assert points(g, shrub) == 0
    assert g.scores()[0].total == 0


# -- left / right halves ------------------------------------------------------------------


def test_bee_swarm_scores_1_per_plant(pk):
    swarm = pk.pick(w("bee_swarm"), side="left")
    d1 = pk.pick(w("digitalis"), side="bottom")
    moss = pk.pick(b("moss"), side="bottom")
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = game([(t1, {"left": [swarm], "bottom": [d1]}), (t2, {"bottom": [moss]})])
    assert points(g, swarm) == 2


def test_common_pipistrelle_is_a_bat_species_for_the_three_bat_rule(pk):
    pip = pk.pick(w("common_pipistrelle"), side="left")
    barb = pk.pick(b("barbastelle_bat"), side="left")
    bech = pk.pick(b("bechsteins_bat"), side="left")
    trees = [pk.pick(b("birch")) for _ in range(3)]
    g = game([(trees[0], {"left": [pip]}), (trees[1], {"left": [barb]}),
              (trees[2], {"left": [bech]})])
    assert [points(g, c) for c in (pip, barb, bech)] == [5, 5, 5]


def test_crane_fly_scores_1_per_bat(pk):
    fly = pk.pick(w("crane_fly"), side="right")
    pip = pk.pick(w("common_pipistrelle"), side="left")
    barb = pk.pick(b("barbastelle_bat"), side="left")
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = game([(t1, {"right": [fly], "left": [pip]}), (t2, {"left": [barb]})])
    assert points(g, fly) == 2


def test_european_bison_scores_2_per_card_with_an_oak_or_beech_symbol(pk):
    bison = pk.pick(w("european_bison"), side="left", symbol="Oak")
    oak, beech = pk.pick(b("oak")), pk.pick(b("beech"))
    hazel = pk.pick(w("common_hazel"), symbol="Beech")
    birch = pk.pick(b("birch"))
    # Oak symbols: the Oak, the Bison itself; Beech: the Beech, the Hazel -> 4 x 2 = 8
    g = game([(oak, {"left": [bison]}), (beech, {}), (hazel, {}), (birch, {})])
    assert points(g, bison) == 8


def test_european_polecat_scores_10_as_the_only_card_at_its_tree_or_shrub(pk):
    p1, p2 = (pk.pick(w("european_polecat"), side="right") for _ in range(2))
    p3 = pk.pick(w("european_polecat"), side="left")
    hare = pk.pick(b("european_hare"), side="left")
    birch1, birch2 = pk.pick(b("birch")), pk.pick(b("birch"))
    hazel = pk.pick(w("common_hazel"))
    g = game([(birch1, {"right": [p1]}), (birch2, {"right": [p2], "left": [hare]}),
              (hazel, {"shrub_left": [p3]})])
    assert [points(g, p) for p in (p1, p2, p3)] == [10, 0, 10]


def test_european_wildcat_scores_1_per_woodland_edge_card_the_box_telling_squeakers_apart(pk):
    cat = pk.pick(w("european_wildcat"), side="left")
    sq_edge = pk.pick(w("squeaker"), side="right")
    sq_base = pk.pick(b("squeaker"), side="right")
    hazel = pk.pick(w("common_hazel"))
    birch = pk.pick(b("birch"))
    g = game([(hazel, {"shrub_left": [cat], "shrub_right": [sq_edge]}),
              (birch, {"right": [sq_base]})])
    # Woodland Edge cards: the Hazel, the Wildcat, the box's Squeaker (not the base one)
    assert points(g, cat) == 3


def test_the_woodland_edge_squeaker_scores_1_and_counts_for_the_base_wild_boar(pk):
    sq = pk.pick(w("squeaker"), side="right")
    boar = pk.pick(b("wild_boar"), side="left")
    birch = pk.pick(b("birch"))
    g = game([(birch, {"left": [boar], "right": [sq]})])
    assert points(g, sq) == 1
    assert points(g, boar) == 10  # "at least one Squeaker": the other box's counts


def test_wild_boar_female_scores_10_per_squeaker_of_either_box(pk):
    sow = pk.pick(w("wild_boar_female"), side="left")
    sq1 = pk.pick(w("squeaker"), side="right")
    sq2 = pk.pick(b("squeaker"), side="right")
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = game([(t1, {"left": [sow], "right": [sq1]}), (t2, {"right": [sq2]})])
    assert points(g, sow) == 20


# -- top / bottom halves ------------------------------------------------------------------


def test_barn_owl_scores_3_per_bat(pk):
    owl = pk.pick(w("barn_owl"), side="top")
    pip = pk.pick(w("common_pipistrelle"), side="left")
    g = game([(pk.pick(b("birch")), {"top": [owl], "left": [pip]})])
    assert points(g, owl) == 3


@pytest.mark.parametrize(("plants", "each"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 15)])
def test_each_digitalis_scores_by_the_number_of_different_plant_species(pk, plants, each):
    """Table 1/3/6/10/15 for 1..5 different plant species (more: 15), for every Digitalis."""
    d1, d2 = (pk.pick(w("digitalis"), side="bottom") for _ in range(2))
    kinds = [b("moss"), b("tree_ferns"), b("blackberries"), b("wild_strawberries"),
             w("stinging_nettle")]
    others = [pk.pick(k, side="bottom") for k in kinds[: plants - 1]]
    trees = [pk.pick(b("birch")) for _ in range(2 + len(others))]
    g = game([(trees[0], {"bottom": [d1]}), (trees[1], {"bottom": [d2]}),
              *((t, {"bottom": [c]}) for t, c in zip(trees[2:], others, strict=True))])
    assert g.state.forests[0].count("distinct_tag:plant") == plants
    assert (points(g, d1), points(g, d2)) == (each, each)


def test_eurasian_magpie_scores_3(pk):
    magpie = pk.pick(w("eurasian_magpie"), side="top")
    g = game([(pk.pick(b("birch")), {"top": [magpie]})])
    assert points(g, magpie) == 3


def test_great_green_bush_cricket_scores_1_per_insect(pk):
    cricket = pk.pick(w("great_green_bush_cricket"), side="bottom")
    mapb = pk.pick(w("map_butterfly"), side="top")
    fly = pk.pick(w("crane_fly"), side="right")
    g = game([(pk.pick(b("birch")), {"bottom": [cricket], "top": [mapb], "right": [fly]})])
    assert points(g, cricket) == 3


def test_map_butterfly_makes_a_sixth_and_with_both_boxes_a_seventh_butterfly_species():
    """Butterfly sets: 6 different species score 35, 7 score 55 (every butterfly scoring by
    the same table whichever is first)."""
    both = ruleset(BOTH)
    pk = CardPicker(both)
    names = [b(n) for n in ("camberwell_beauty", "large_tortoiseshell", "peacock_butterfly",
                            "purple_emperor", "silver_washed_fritillary")]
    six = [pk.pick(w("map_butterfly"), side="top"), *(pk.pick(n, side="top") for n in names)]
    apollo = pk.pick("alpine.phoebus_apollo", side="top")
    trees = [pk.pick(b("birch")) for _ in range(7)]
    g6 = game([(t, {"top": [f]}) for t, f in zip(trees, six, strict=False)], rules=both)
    assert sum(points(g6, f) for f in six) == 35
    seven = [apollo, *six]
    g7 = game([(t, {"top": [f]}) for t, f in zip(trees, seven, strict=True)], rules=both)
    assert sum(points(g7, f) for f in seven) == 55


def test_nightingale_scores_5_at_a_shrub_and_nothing_at_a_tree(pk):
    n1, n2 = (pk.pick(w("nightingale"), side="top") for _ in range(2))
    hazel, birch = pk.pick(w("common_hazel")), pk.pick(b("birch"))
    g = game([(hazel, {"shrub_top": [n1]}), (birch, {"top": [n2]})])
    assert (points(g, n1), points(g, n2)) == (5, 0)


def test_stinging_nettle_scores_2_per_butterfly(pk):
    nettle = pk.pick(w("stinging_nettle"), side="bottom")
    mapb = pk.pick(w("map_butterfly"), side="top")
    peacock = pk.pick(b("peacock_butterfly"), side="top")
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = game([(t1, {"bottom": [nettle], "top": [mapb]}), (t2, {"top": [peacock]})])
    assert points(g, nettle) == 4


def test_water_vole_scores_nothing(pk):
    vole = pk.pick(w("water_vole"), side="bottom")
    g = game([(pk.pick(b("birch")), {"bottom": [vole]})])
    assert points(g, vole) == 0
