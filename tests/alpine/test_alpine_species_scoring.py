"""Scoring of every Alpine species, one test per rule (the card appendix, DECISIONS.md
*Alpine and Woodland Edge*), and the base-game rules the box extends: the 7-species
butterfly table, trees of 10 species, hares of two kinds.

Each test builds a forest with :func:`forestshuffle.testing.scenario` in the provisional
ruleset base + Alpine and checks the points against a total worked out by hand.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from expansions.support import ALPINE, points, ruleset

import forestshuffle as fs
from forestshuffle.testing import CardPicker, scenario

RULES = ruleset(ALPINE)


def a(name: str) -> str:
    return f"alpine.{name}"


def b(name: str) -> str:
    return f"base.{name}"


@pytest.fixture
def pk() -> CardPicker:
    return CardPicker(RULES)


def game(p0: Iterable, p1: Iterable = (), **kw) -> fs.Game:
    return scenario(RULES, players=2, forests={0: list(p0), 1: list(p1)}, **kw)


# -- trees -------------------------------------------------------------------------------


def test_european_larch_scores_3(pk):
    larch = pk.pick(a("european_larch"))
    g = game([(larch, {})])
    assert points(g, larch) == 3


def test_stone_pine_scores_1_per_mountain_card_itself_included(pk):
    pine, larch = pk.pick(a("stone_pine")), pk.pick(a("european_larch"))
    marmot = pk.pick(a("alpine_marmot"), side="left")
    hare = pk.pick(b("european_hare"), side="right")  # not a Mountain card
    g = game([(pine, {"left": [marmot], "right": [hare]}), (larch, {})])
    # Mountain cards: the Stone Pine, the Larch, the Marmot -> 3
    assert points(g, pine) == 3


# -- left / right halves ------------------------------------------------------------------


def test_alpine_marmot_scores_3_per_different_plant_species(pk):
    marmot = pk.pick(a("alpine_marmot"), side="left")
    g1, g2 = (pk.pick(a("gentian"), side="bottom") for _ in range(2))
    edelweiss = pk.pick(a("edelweiss"), side="bottom")
    moss = pk.pick(b("moss"), side="bottom")
    trees = [pk.pick(b("birch")) for _ in range(4)]
    g = game([(trees[0], {"left": [marmot], "bottom": [g1]}), (trees[1], {"bottom": [g2]}),
              (trees[2], {"bottom": [edelweiss]}), (trees[3], {"bottom": [moss]})])
    # plants: Gentian (twice, one species), Edelweiss, Moss -> 3 species -> 9
    assert points(g, marmot) == 9


def test_capercaillie_scores_1_per_plant_card(pk):
    bird = pk.pick(a("capercaillie"), side="left")
    g1, g2 = (pk.pick(a("gentian"), side="bottom") for _ in range(2))
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = game([(t1, {"left": [bird], "bottom": [g1]}), (t2, {"bottom": [g2]})])
    assert points(g, bird) == 2


def test_chamois_scores_3_per_card_showing_its_own_tree_symbol(pk):
    chamois = pk.pick(a("chamois"), symbol="Douglas Fir")
    fir = pk.pick(b("douglas_fir"))
    larch = pk.pick(a("european_larch"))
    # Douglas Fir symbols: the Douglas Fir and the Chamois itself -> 2 x 3 = 6 (the Larch,
    # another symbol, does not count)
    g = game([(fir, {"right": [chamois]}), (larch, {})])
    assert points(g, chamois) == 6


def test_mountain_hare_counts_as_a_european_hare_for_every_hare_rule(pk):
    mh = pk.pick(a("mountain_hare"), side="left")
    eh1, eh2 = (pk.pick(b("european_hare"), side="right") for _ in range(2))
    fox = pk.pick(b("red_fox"), side="left")
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = game([(t1, {"left": [mh], "right": [eh1, eh2]}), (t2, {"left": [fox]})])
    # hares: 2 European + 1 Mountain = 3
    assert points(g, mh) == 3
    assert points(g, eh1) == points(g, eh2) == 3
    assert points(g, fox) == 2 * 3


def test_savis_pipistrelle_is_a_bat_species_for_the_three_bat_rule(pk):
    savi = pk.pick(a("savis_pipistrelle"), side="left")
    barb = pk.pick(b("barbastelle_bat"), side="left")
    bech = pk.pick(b("bechsteins_bat"), side="left")
    trees = [pk.pick(b("birch")) for _ in range(3)]
    g = game([(trees[0], {"left": [savi]}), (trees[1], {"left": [barb]}),
              (trees[2], {"left": [bech]})])
    assert [points(g, c) for c in (savi, barb, bech)] == [5, 5, 5]
    g2 = game([(trees[0], {"left": [savi]}), (trees[1], {"left": [barb]})])
    assert points(g2, savi) == 0  # only 2 bat species


def test_steinbock_scores_10(pk):
    ibex = pk.pick(a("steinbock"), side="left")
    g = game([(pk.pick(b("birch")), {"left": [ibex]})])
    assert points(g, ibex) == 10


# -- top / bottom halves ------------------------------------------------------------------


def test_alpine_newt_scores_2_per_insect(pk):
    newt = pk.pick(a("alpine_newt"), side="bottom")
    apollo = pk.pick(a("phoebus_apollo"), side="top")
    gnat = pk.pick(b("gnat"), side="right")
    g = game([(pk.pick(b("birch")), {"bottom": [newt], "top": [apollo], "right": [gnat]})])
    assert points(g, newt) == 2 * 2


def test_bearded_vulture_scores_1_per_card_in_the_cave(pk):
    vulture = pk.pick(a("bearded_vulture"), side="top")
    cave = pk.filler(4)
    g = game([(pk.pick(b("birch")), {"top": [vulture]})], caves={0: cave})
    assert points(g, vulture) == 4
    # the cave cards score 1 each on top of that
    assert g.scores()[0].total == 1 + 4 + 4


def test_black_trumpet_scores_nothing(pk):
    trumpet = pk.pick(a("black_trumpet"), side="bottom")
    g = game([(pk.pick(b("birch")), {"bottom": [trumpet]})])
    assert points(g, trumpet) == 0


def test_blueberry_scores_2_per_different_bird_species(pk):
    berry = pk.pick(a("blueberry"), side="bottom")
    r1, r2 = (pk.pick(a("common_raven"), side="top") for _ in range(2))
    jay = pk.pick(b("eurasian_jay"), side="top")
    t = [pk.pick(b("birch")) for _ in range(3)]
    g = game([(t[0], {"bottom": [berry], "top": [r1]}), (t[1], {"top": [r2]}),
              (t[2], {"top": [jay]})])
    assert points(g, berry) == 2 * 2  # Raven (twice) and Jay


def test_common_raven_scores_5(pk):
    raven = pk.pick(a("common_raven"), side="top")
    g = game([(pk.pick(b("birch")), {"top": [raven]})])
    assert points(g, raven) == 5


def test_edelweiss_scores_3(pk):
    flower = pk.pick(a("edelweiss"), side="bottom")
    g = game([(pk.pick(b("birch")), {"bottom": [flower]})])
    assert points(g, flower) == 3


def test_gentian_scores_3_per_butterfly(pk):
    gentian = pk.pick(a("gentian"), side="bottom")
    apollo = pk.pick(a("phoebus_apollo"), side="top")
    peacock = pk.pick(b("peacock_butterfly"), side="top")
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = game([(t1, {"bottom": [gentian], "top": [apollo]}), (t2, {"top": [peacock]})])
    assert points(g, gentian) == 6


def test_golden_eagle_scores_1_per_pawed_animal_and_1_per_amphibian(pk):
    eagle = pk.pick(a("golden_eagle"), side="top")
    hare = pk.pick(b("european_hare"), side="left")
    marmot = pk.pick(a("alpine_marmot"), side="right")
    newt = pk.pick(a("alpine_newt"), side="bottom")
    t1 = pk.pick(b("birch"))
    g = game([(t1, {"top": [eagle], "left": [hare], "right": [marmot], "bottom": [newt]})])
    assert points(g, eagle) == 3


def test_phoebus_apollo_makes_a_sixth_butterfly_species_worth_35(pk):
    """Butterfly sets: 6 different species score 35 (the table grows past RULES.md §1's 20
    for 5); every butterfly scores by the same table, whichever was played first."""
    names = [b(n) for n in ("camberwell_beauty", "large_tortoiseshell", "peacock_butterfly",
                            "purple_emperor", "silver_washed_fritillary")]
    flies = [pk.pick(a("phoebus_apollo"), side="top"),
             *(pk.pick(n, side="top") for n in names)]
    trees = [pk.pick(b("birch")) for _ in range(6)]
    g = game([(t, {"top": [f]}) for t, f in zip(trees, flies, strict=True)])
    assert sum(points(g, f) for f in flies) == 35
    # the same forest in another order: the base butterfly first
    g2 = game([(t, {"top": [f]}) for t, f in zip(trees, [*flies[1:], flies[0]], strict=True)])
    assert sum(points(g2, f) for f in flies) == 35


# -- base rules with ten tree species -----------------------------------------------------


def test_oak_and_wild_strawberries_need_8_different_of_the_10_tree_species(pk):
    """Oak / Wild Strawberries: 10 points for 8 different tree species; the Alpine trees are
    tree species, so 6 base species and both Alpine ones make 8."""
    base = [pk.pick(b(n)) for n in ("oak", "linden", "birch", "beech", "sycamore",
                                    "douglas_fir")]
    alp = [pk.pick(a("european_larch")), pk.pick(a("stone_pine"))]
    berries = pk.pick(b("wild_strawberries"), side="bottom")
    g = game([(base[0], {"bottom": [berries]}), *((t, {}) for t in base[1:] + alp)])
    assert points(g, base[0]) == 10
    assert points(g, berries) == 10
    g7 = game([(base[0], {"bottom": [berries]}), *((t, {}) for t in base[1:] + alp[:1])])
    assert points(g7, base[0]) == 0


def test_alpine_trees_count_for_sycamore_and_as_tree_cards(pk):
    syc = pk.pick(b("sycamore"))
    larch, pine = pk.pick(a("european_larch")), pk.pick(a("stone_pine"))
    g = game([(syc, {}), (larch, {}), (pine, {})])
    assert points(g, syc) == 3
