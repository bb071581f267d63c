"""Scoring of every base-game species, one test per rule (RULES.md §1).

Each test builds a forest with :func:`forestshuffle.testing.scenario` and checks the
points of the cards concerned against a total worked out by hand in the comments.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

import forestshuffle as fs
from forestshuffle.testing import CardPicker, scenario

RULES = fs.get_ruleset("base")

TREE_SPECIES = ("linden", "oak", "silver_fir", "birch", "beech", "sycamore", "douglas_fir",
                "horse_chestnut")


def sp(name: str) -> str:
    return f"base.{name}"


@pytest.fixture
def pk() -> CardPicker:
    return CardPicker(RULES)


def game(p0: Iterable, p1: Iterable = (), p2: Iterable | None = None, **kw) -> fs.Game:
    """A 2-player (3 with *p2*) game with the given forests."""
    forests = {0: list(p0), 1: list(p1)}
    players = 2
    if p2 is not None:
        forests[2] = list(p2)
        players = 3
    return scenario("base", players=players, forests=forests, **kw)


def points(g: fs.Game, card: int, player: int = 0) -> int:
    """The points one card of *player*'s forest scores."""
    for cs in g.scores()[player].cards:
        if cs.card == card:
            return cs.points
    raise KeyError(card)


def total_of(g: fs.Game, cards: Iterable[int], player: int = 0) -> int:
    return sum(points(g, c, player) for c in cards)


def sapling(card: int) -> tuple[str, int]:
    return ("sapling", card)


# -- trees -------------------------------------------------------------------------------


def test_linden_scores_3_when_no_other_forest_has_more_lindens_a_tie_counting_as_most(pk):
    a, b, c, d = (pk.pick(sp("linden")) for _ in range(4))
    g = game([(a, {}), (b, {})], [(c, {}), (d, {})])
    # 2 vs 2 Lindens: a tie counts as most, so every Linden scores 3
    assert [points(g, x) for x in (a, b)] == [3, 3]
    assert [points(g, x, 1) for x in (c, d)] == [3, 3]
    assert g.scores().totals == (6, 6)


def test_linden_scores_1_when_another_forest_has_more_lindens(pk):
    a, b, c, d, e, f = (pk.pick(sp("linden")) for _ in range(6))
    # player 0: 2 Lindens, player 1: 1, player 2: 3
    g = game([(a, {}), (b, {})], [(c, {})], [(d, {}), (e, {}), (f, {})])
    assert g.scores().totals == (1 + 1, 1, 3 + 3 + 3)


def test_oak_scores_10_when_the_forest_has_all_8_tree_species(pk):
    trees = [pk.pick(sp(s)) for s in TREE_SPECIES]
    oak = trees[1]
    g = game([(t, {}) for t in trees])
    assert points(g, oak) == 10


def test_oak_scores_0_with_7_tree_species_even_with_a_sapling(pk):
    trees = [pk.pick(sp(s)) for s in TREE_SPECIES if s != "beech"]
    oak = trees[1]
    extra_oak = pk.pick(sp("oak"))
    (filler,) = pk.filler(1, trees=False)
    # 7 species (two Oaks, a sapling has no species)
    g = game([*((t, {}) for t in trees), (extra_oak, {}), (sapling(filler), {})])
    assert points(g, oak) == 0
    assert points(g, extra_oak) == 0


def test_silver_fir_scores_2_per_card_attached_counting_stacked_cards(pk):
    fir = pk.pick(sp("silver_fir"))
    hares = [pk.pick(sp("european_hare"), side="left") for _ in range(3)]
    jay = pk.pick(sp("eurasian_jay"), side="top")
    # 3 hares stacked on the left + a Jay on top = 4 cards -> 2 * 4 = 8
    g = game([(fir, {"left": hares, "top": [jay]})])
    assert points(g, fir) == 8


def test_silver_fir_alone_scores_0(pk):
    fir = pk.pick(sp("silver_fir"))
    g = game([(fir, {})])
    assert points(g, fir) == 0


def test_birch_scores_1(pk):
    birch = pk.pick(sp("birch"))
    g = game([(birch, {})])
    assert points(g, birch) == 1
    assert g.scores()[0].total == 1


def test_beech_scores_5_each_with_at_least_4_beeches(pk):
    beeches = [pk.pick(sp("beech")) for _ in range(4)]
    g = game([(b, {}) for b in beeches])
    # 4 Beeches, each 5
    assert g.scores()[0].total == 20


def test_beech_scores_0_with_only_3_beeches(pk):
    beeches = [pk.pick(sp("beech")) for _ in range(3)]
    g = game([(b, {}) for b in beeches])
    assert g.scores()[0].total == 0


def test_sycamore_scores_1_per_tree_card_saplings_included(pk):
    syc, birch = pk.pick(sp("sycamore")), pk.pick(sp("birch"))
    (filler,) = pk.filler(1, trees=False)
    # Sycamore + Birch + sapling = 3 tree cards
    g = game([(syc, {}), (birch, {}), (sapling(filler), {})])
    assert points(g, syc) == 3


def test_douglas_fir_scores_5(pk):
    fir = pk.pick(sp("douglas_fir"))
    g = game([(fir, {})])
    assert points(g, fir) == 5


@pytest.mark.parametrize(("n", "expected"), [(1, 1), (2, 4), (3, 9), (4, 16), (5, 25),
                                             (6, 36), (7, 49), (8, 49)])
def test_horse_chestnuts_score_as_a_set_1_4_9_16_25_36_49(pk, n, expected):
    hcs = [pk.pick(sp("horse_chestnut")) for _ in range(n)]
    g = game([(h, {}) for h in hcs])
    assert total_of(g, hcs) == expected
    assert g.scores()[0].total == expected


# -- Violet Carpenter Bee and tree counts ------------------------------------------------------


def test_violet_carpenter_bee_scores_0(pk):
    birch = pk.pick(sp("birch"))
    bee = pk.pick(sp("violet_carpenter_bee"), side="left")
    g = game([(birch, {"left": [bee]})])
    assert points(g, bee) == 0


def test_violet_carpenter_bee_makes_its_linden_count_twice_for_the_linden_majority(pk):
    a, b, c = (pk.pick(sp("linden")) for _ in range(3))
    bee = pk.pick(sp("violet_carpenter_bee"), side="left")
    # player 0: 1 Linden + bee = 2 Lindens; player 1: 2 Lindens -> tie, all score 3
    g = game([(a, {"left": [bee]})], [(b, {}), (c, {})])
    assert points(g, a) == 3
    assert g.scores().totals == (3, 6)


def test_violet_carpenter_bee_makes_3_beeches_count_as_4(pk):
    beeches = [pk.pick(sp("beech")) for _ in range(3)]
    bee = pk.pick(sp("violet_carpenter_bee"), side="right")
    g = game([(beeches[0], {"right": [bee]}), (beeches[1], {}), (beeches[2], {})])
    # 3 Beeches + 1 from the bee = 4: each Beech 5
    assert total_of(g, beeches) == 15


def test_violet_carpenter_bee_adds_one_horse_chestnut_to_the_set(pk):
    hcs = [pk.pick(sp("horse_chestnut")) for _ in range(2)]
    bee = pk.pick(sp("violet_carpenter_bee"), side="left")
    g = game([(hcs[0], {"left": [bee]}), (hcs[1], {})])
    # 2 Horse Chestnuts + 1 = a set of 3: 9
    assert total_of(g, hcs) == 9


def test_violet_carpenter_bee_adds_no_tree_card_for_sycamore(pk):
    syc, birch = pk.pick(sp("sycamore")), pk.pick(sp("birch"))
    bee = pk.pick(sp("violet_carpenter_bee"), side="left")
    g = game([(syc, {}), (birch, {"left": [bee]})])
    # 2 tree cards; the bee's extra tree does not count for Sycamore
    assert points(g, syc) == 2


def test_violet_carpenter_bee_adds_no_tree_species_for_oak(pk):
    trees = [pk.pick(sp(s)) for s in TREE_SPECIES if s != "horse_chestnut"]
    oak = trees[1]
    bee = pk.pick(sp("violet_carpenter_bee"), side="left")
    g = game([(trees[0], {"left": [bee]}), *((t, {}) for t in trees[1:])])
    assert points(g, oak) == 0


# -- left / right halves -----------------------------------------------------------------------


def test_european_hare_scores_1_per_hare_in_the_forest(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    h1, h2 = (pk.pick(sp("european_hare"), side="left") for _ in range(2))
    h3 = pk.pick(sp("european_hare"), side="right")
    # 3 hares (two sharing a slot): each 3 -> 9
    g = game([(birch, {"left": [h1, h2]}), (oak, {"right": [h3]})])
    assert [points(g, h) for h in (h1, h2, h3)] == [3, 3, 3]


def test_european_badger_scores_2(pk):
    birch = pk.pick(sp("birch"))
    badger = pk.pick(sp("european_badger"), side="right")
    g = game([(birch, {"right": [badger]})])
    assert points(g, badger) == 2


def test_red_fox_scores_2_per_european_hare(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    fox = pk.pick(sp("red_fox"), side="left")
    hares = [pk.pick(sp("european_hare"), side="left") for _ in range(2)]
    g = game([(birch, {"left": [fox]}), (oak, {"left": hares})])
    # 2 hares -> 4
    assert points(g, fox) == 4


def test_red_fox_ignores_a_hare_half_tucked_under_a_card(pk):
    birch = pk.pick(sp("birch"))
    # this card shows a Red Fox on its right and a hare on its (hidden) left half
    fox = pk.pick(sp("red_fox"), side="right")
    assert any(h.species == sp("european_hare") for h in RULES.halves[fox])
    g = game([(birch, {"right": [fox]})])
    assert points(g, fox) == 0


def test_raccoon_scores_0(pk):
    birch = pk.pick(sp("birch"))
    raccoon = pk.pick(sp("raccoon"), side="left")
    g = game([(birch, {"left": [raccoon]})])
    assert points(g, raccoon) == 0


def test_brown_bear_scores_0(pk):
    birch = pk.pick(sp("birch"))
    bear = pk.pick(sp("brown_bear"), side="right")
    g = game([(birch, {"right": [bear]})])
    assert points(g, bear) == 0


def test_beech_marten_scores_5_per_fully_occupied_tree(pk):
    t1, t2, t3 = (pk.pick(sp("birch")) for _ in range(3))
    marten = pk.pick(sp("beech_marten"), side="left")
    tops = [pk.pick(sp("eurasian_jay"), side="top") for _ in range(3)]
    bottoms = [pk.pick(sp("moss"), side="bottom") for _ in range(3)]
    lefts = [pk.pick(sp("european_hare"), side="left") for _ in range(2)]
    rights = [pk.pick(sp("european_hare"), side="right") for _ in range(2)]
    g = game([
        (t1, {"top": [tops[0]], "bottom": [bottoms[0]], "left": [marten], "right": [rights[0]]}),
        (t2, {"top": [tops[1]], "bottom": [bottoms[1]], "left": [lefts[0]], "right": [rights[1]]}),
        # no right: not fully occupied
        (t3, {"top": [tops[2]], "bottom": [bottoms[2]], "left": [lefts[1]]}),
    ])
    # 2 fully occupied trees -> 10
    assert points(g, marten) == 10


def test_european_fat_dormouse_scores_15_with_a_bat_at_the_same_tree(pk):
    birch = pk.pick(sp("birch"))
    mouse = pk.pick(sp("european_fat_dormouse"), side="left")
    bat = pk.pick(sp("greater_horseshoe_bat"), side="right")
    g = game([(birch, {"left": [mouse], "right": [bat]})])
    assert points(g, mouse) == 15


def test_european_fat_dormouse_scores_0_when_the_bat_is_at_another_tree(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    mouse = pk.pick(sp("european_fat_dormouse"), side="left")
    bat = pk.pick(sp("greater_horseshoe_bat"), side="right")
    g = game([(birch, {"left": [mouse]}), (oak, {"right": [bat]})])
    assert points(g, mouse) == 0


def test_lynx_scores_10_with_at_least_one_roe_deer(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    lynx = pk.pick(sp("lynx"), side="left")
    roe = pk.pick(sp("roe_deer"), side="right")
    g = game([(birch, {"left": [lynx]}), (oak, {"right": [roe]})])
    assert points(g, lynx) == 10


def test_lynx_scores_0_without_a_roe_deer(pk):
    birch = pk.pick(sp("birch"))
    lynx = pk.pick(sp("lynx"), side="left")
    fallow = pk.pick(sp("fallow_deer"), side="right")  # a deer, but not a Roe Deer
    g = game([(birch, {"left": [lynx], "right": [fallow]})])
    assert points(g, lynx) == 0


def test_wolf_scores_5_per_deer_card_in_the_forest(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    wolf = pk.pick(sp("wolf"), side="left")
    fallow = pk.pick(sp("fallow_deer"), side="right")
    roe = pk.pick(sp("roe_deer"), side="left")
    boar = pk.pick(sp("wild_boar"), side="right")  # cloven-hoofed, not a deer
    g = game([(birch, {"left": [wolf], "right": [fallow]}),
              (oak, {"left": [roe], "right": [boar]})])
    # 2 deer -> 10
    assert points(g, wolf) == 10


def test_wild_boar_scores_10_with_at_least_one_squeaker(pk):
    birch = pk.pick(sp("birch"))
    boar = pk.pick(sp("wild_boar"), side="left")
    squeaker = pk.pick(sp("squeaker"), side="right")
    g = game([(birch, {"left": [boar], "right": [squeaker]})])
    assert points(g, boar) == 10


def test_wild_boar_scores_0_without_a_squeaker(pk):
    birch = pk.pick(sp("birch"))
    boar = pk.pick(sp("wild_boar"), side="left")
    g = game([(birch, {"left": [boar]})])
    assert points(g, boar) == 0


def test_squeaker_scores_1(pk):
    birch = pk.pick(sp("birch"))
    squeaker = pk.pick(sp("squeaker"), side="right")
    g = game([(birch, {"right": [squeaker]})])
    assert points(g, squeaker) == 1


def test_fallow_deer_scores_3_per_cloven_hoofed_animal_itself_included(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    fallow = pk.pick(sp("fallow_deer"), side="left")
    boar = pk.pick(sp("wild_boar"), side="left")
    squeaker = pk.pick(sp("squeaker"), side="right")
    lynx = pk.pick(sp("lynx"), side="right")  # not cloven-hoofed
    g = game([(birch, {"left": [fallow], "right": [squeaker]}),
              (oak, {"left": [boar], "right": [lynx]})])
    # Fallow Deer + Wild Boar + Squeaker = 3 -> 9
    assert points(g, fallow) == 9


def test_red_deer_scores_1_per_tree_card_and_1_per_plant(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    (filler,) = pk.filler(1, trees=False)
    deer = pk.pick(sp("red_deer"), side="left")
    moss = pk.pick(sp("moss"), side="bottom")
    berries = pk.pick(sp("blackberries"), side="bottom")
    bee = pk.pick(sp("violet_carpenter_bee"), side="right")  # no extra tree card
    g = game([(birch, {"left": [deer], "bottom": [moss], "right": [bee]}),
              (oak, {"bottom": [berries]}), (sapling(filler), {})])
    # 3 tree cards (sapling included) + 2 plants = 5
    assert points(g, deer) == 5


def test_roe_deer_scores_3_per_card_showing_its_tree_symbol(pk):
    roe = pk.pick(sp("roe_deer"), side="right", symbol="Beech")
    beech, linden = pk.pick(sp("beech")), pk.pick(sp("linden"))
    hare = pk.pick(sp("european_hare"), side="left", symbol="Beech")
    # a Barbastelle Bat showing Oak, whose hidden half shows Beech: does not count
    bat = pk.pick(sp("barbastelle_bat"), side="right", symbol="Oak")
    assert "Beech" in RULES.card_symbols[bat]
    g = game([(beech, {"right": [roe]}), (linden, {"left": [hare], "right": [bat]})])
    # Beech tree + Roe Deer itself + hare = 3 cards showing Beech -> 9
    assert points(g, roe) == 9


@pytest.mark.parametrize("bat", ["barbastelle_bat", "bechsteins_bat", "brown_long_eared_bat",
                                 "greater_horseshoe_bat"])
def test_bat_scores_5_with_at_least_3_different_bat_species(pk, bat):
    others = [b for b in ("barbastelle_bat", "bechsteins_bat", "brown_long_eared_bat",
                          "greater_horseshoe_bat") if b != bat][:2]
    t1, t2 = pk.pick(sp("birch")), pk.pick(sp("oak"))
    me = pk.pick(sp(bat), side="left")
    o1 = pk.pick(sp(others[0]), side="left")
    o2 = pk.pick(sp(others[1]), side="right")
    g = game([(t1, {"left": [me]}), (t2, {"left": [o1], "right": [o2]})])
    assert points(g, me) == 5
    assert total_of(g, (me, o1, o2)) == 15


def test_bats_score_0_with_only_2_different_bat_species(pk):
    t1, t2 = pk.pick(sp("birch")), pk.pick(sp("oak"))
    a1, a2 = (pk.pick(sp("barbastelle_bat"), side="left") for _ in range(2))
    b = pk.pick(sp("bechsteins_bat"), side="right")
    # 3 bats but only 2 species
    g = game([(t1, {"left": [a1], "right": [b]}), (t2, {"left": [a2]})])
    assert total_of(g, (a1, a2, b)) == 0


def test_every_bat_scores_5_when_3_species_are_present_duplicates_included(pk):
    t1, t2 = pk.pick(sp("birch")), pk.pick(sp("oak"))
    a1, a2 = (pk.pick(sp("barbastelle_bat"), side="left") for _ in range(2))
    b = pk.pick(sp("bechsteins_bat"), side="right")
    c = pk.pick(sp("greater_horseshoe_bat"), side="right")
    g = game([(t1, {"left": [a1], "right": [b]}), (t2, {"left": [a2], "right": [c]})])
    # 4 bats of 3 species -> 4 * 5
    assert total_of(g, (a1, a2, b, c)) == 20


def test_gnat_scores_1_per_bat(pk):
    t1, t2 = pk.pick(sp("birch")), pk.pick(sp("oak"))
    gnat = pk.pick(sp("gnat"), side="right")
    b1 = pk.pick(sp("barbastelle_bat"), side="left")
    b2 = pk.pick(sp("barbastelle_bat"), side="left")
    g = game([(t1, {"right": [gnat], "left": [b1]}), (t2, {"left": [b2]})])
    assert points(g, gnat) == 2


# -- top / bottom halves -----------------------------------------------------------------------

BUTTERFLIES = ("camberwell_beauty", "large_tortoiseshell", "peacock_butterfly",
               "purple_emperor", "silver_washed_fritillary")


def butterfly_game(pk, names):
    cards = [pk.pick(sp(n), side="top") for n in names]
    trees = pk.filler(len(cards), trees=True)
    return game([(t, {"top": [c]}) for t, c in zip(trees, cards, strict=True)]), cards


@pytest.mark.parametrize(("names", "expected"), [
    (BUTTERFLIES[:1], 0),
    (BUTTERFLIES[:2], 3),
    (BUTTERFLIES[:3], 6),
    (BUTTERFLIES[:4], 12),
    (BUTTERFLIES, 20),
])
def test_butterflies_score_a_set_of_different_species_0_3_6_12_20(pk, names, expected):
    g, cards = butterfly_game(pk, names)
    assert total_of(g, cards) == expected


def test_butterflies_score_each_card_in_one_set_only_sets_as_large_as_possible(pk):
    # A, A, B, C, D -> {A, B, C, D} = 12 and {A} = 0
    names = (BUTTERFLIES[0], BUTTERFLIES[0], *BUTTERFLIES[1:4])
    g, cards = butterfly_game(pk, names)
    assert total_of(g, cards) == 12


def test_butterflies_two_pairs_make_two_sets_of_2(pk):
    # A, A, B, B -> {A, B} + {A, B} = 3 + 3
    names = (BUTTERFLIES[0], BUTTERFLIES[0], BUTTERFLIES[1], BUTTERFLIES[1])
    g, cards = butterfly_game(pk, names)
    assert total_of(g, cards) == 6


def test_bullfinch_scores_2_per_insect(pk):
    t1, t2 = pk.pick(sp("birch")), pk.pick(sp("oak"))
    finch = pk.pick(sp("bullfinch"), side="top")
    fly = pk.pick(sp("peacock_butterfly"), side="top")
    ant = pk.pick(sp("wood_ant"), side="bottom")
    gnat = pk.pick(sp("gnat"), side="right")
    hare = pk.pick(sp("european_hare"), side="left")  # not an insect
    g = game([(t1, {"top": [finch], "bottom": [ant], "left": [hare]}),
              (t2, {"top": [fly], "right": [gnat]})])
    # butterfly + Wood Ant + Gnat = 3 insects -> 6
    assert points(g, finch) == 6


def test_chaffinch_scores_5_on_top_of_a_beech(pk):
    beech = pk.pick(sp("beech"))
    finch = pk.pick(sp("chaffinch"), side="top")
    g = game([(beech, {"top": [finch]})])
    assert points(g, finch) == 5


def test_chaffinch_scores_0_on_another_tree(pk):
    oak = pk.pick(sp("oak"))
    finch = pk.pick(sp("chaffinch"), side="top", symbol="Beech")  # symbol is not the tree
    g = game([(oak, {"top": [finch]})])
    assert points(g, finch) == 0


def test_eurasian_jay_scores_3(pk):
    birch = pk.pick(sp("birch"))
    jay = pk.pick(sp("eurasian_jay"), side="top")
    g = game([(birch, {"top": [jay]})])
    assert points(g, jay) == 3


def test_goshawk_scores_3_per_bird_itself_included(pk):
    t1, t2, t3 = (pk.pick(sp("birch")) for _ in range(3))
    hawk = pk.pick(sp("goshawk"), side="top")
    jay = pk.pick(sp("eurasian_jay"), side="top")
    owl = pk.pick(sp("tawny_owl"), side="top")
    g = game([(t1, {"top": [hawk]}), (t2, {"top": [jay]}), (t3, {"top": [owl]})])
    # 3 birds -> 9
    assert points(g, hawk) == 9


def test_great_spotted_woodpecker_scores_10_when_no_forest_has_more_tree_cards(pk):
    a, b, c, d = (pk.pick(sp("birch")) for _ in range(4))
    pecker = pk.pick(sp("great_spotted_woodpecker"), side="top")
    (filler,) = pk.filler(1, trees=False)
    # player 0: 2 trees + 1 sapling = 3; player 1: 2 trees
    g = game([(a, {"top": [pecker]}), (b, {}), (sapling(filler), {})], [(c, {}), (d, {})])
    assert points(g, pecker) == 10


def test_great_spotted_woodpecker_scores_10_on_a_tie_for_most_tree_cards(pk):
    a, b, c = (pk.pick(sp("birch")) for _ in range(3))
    pecker = pk.pick(sp("great_spotted_woodpecker"), side="top")
    # 1 tree + the bee's extra tree = 2, player 1 has 2 trees: a tie counts as most
    bee = pk.pick(sp("violet_carpenter_bee"), side="left")
    g = game([(a, {"top": [pecker], "left": [bee]})], [(b, {}), (c, {})])
    assert points(g, pecker) == 10


def test_great_spotted_woodpecker_scores_0_when_another_forest_has_more_tree_cards(pk):
    a, b, c = (pk.pick(sp("birch")) for _ in range(3))
    pecker = pk.pick(sp("great_spotted_woodpecker"), side="top")
    g = game([(a, {"top": [pecker]})], [(b, {}), (c, {})])
    assert points(g, pecker) == 0


def test_tawny_owl_scores_5(pk):
    birch = pk.pick(sp("birch"))
    owl = pk.pick(sp("tawny_owl"), side="top")
    g = game([(birch, {"top": [owl]})])
    assert points(g, owl) == 5


def test_red_squirrel_scores_5_on_top_of_an_oak(pk):
    oak = pk.pick(sp("oak"))
    squirrel = pk.pick(sp("red_squirrel"), side="top")
    g = game([(oak, {"top": [squirrel]})])
    assert points(g, squirrel) == 5


def test_red_squirrel_scores_0_on_another_tree(pk):
    birch = pk.pick(sp("birch"))
    squirrel = pk.pick(sp("red_squirrel"), side="top", symbol="Oak")  # symbol is not the tree
    g = game([(birch, {"top": [squirrel]})])
    assert points(g, squirrel) == 0


def test_blackberries_score_2_per_plant_itself_included(pk):
    t1, t2, t3 = (pk.pick(sp("birch")) for _ in range(3))
    berries = pk.pick(sp("blackberries"), side="bottom")
    moss = pk.pick(sp("moss"), side="bottom")
    ferns = pk.pick(sp("tree_ferns"), side="bottom")
    g = game([(t1, {"bottom": [berries]}), (t2, {"bottom": [moss]}), (t3, {"bottom": [ferns]})])
    # 3 plants -> 6
    assert points(g, berries) == 6


def test_moss_scores_10_with_at_least_10_tree_cards_saplings_included(pk):
    trees = [pk.pick(sp("birch")) for _ in range(9)]
    moss = pk.pick(sp("moss"), side="bottom")
    (filler,) = pk.filler(1, trees=False)
    g = game([(trees[0], {"bottom": [moss]}), *((t, {}) for t in trees[1:]),
              (sapling(filler), {})])
    assert points(g, moss) == 10


def test_moss_scores_0_with_9_tree_cards(pk):
    trees = [pk.pick(sp("birch")) for _ in range(9)]
    moss = pk.pick(sp("moss"), side="bottom")
    g = game([(trees[0], {"bottom": [moss]}), *((t, {}) for t in trees[1:])])
    assert points(g, moss) == 0


def test_moss_counts_the_violet_carpenter_bee_as_one_more_tree(pk):
    trees = [pk.pick(sp("birch")) for _ in range(9)]
    moss = pk.pick(sp("moss"), side="bottom")
    bee = pk.pick(sp("violet_carpenter_bee"), side="left")
    g = game([(trees[0], {"bottom": [moss], "left": [bee]}), *((t, {}) for t in trees[1:])])
    # 9 trees + 1 = 10
    assert points(g, moss) == 10


def test_tree_ferns_score_6_per_amphibian(pk):
    t1, t2 = pk.pick(sp("birch")), pk.pick(sp("oak"))
    ferns = pk.pick(sp("tree_ferns"), side="bottom")
    toad = pk.pick(sp("common_toad"), side="bottom")
    frog = pk.pick(sp("tree_frog"), side="bottom")
    g = game([(t1, {"bottom": [ferns]}), (t2, {"bottom": [toad]})])
    assert points(g, ferns) == 6
    g = game([(t1, {"bottom": [ferns]}), (t2, {"bottom": [toad]}),
              (pk.pick(sp("linden")), {"bottom": [frog]})])
    # Common Toad + Tree Frog = 2 amphibians -> 12
    assert points(g, ferns) == 12


def test_wild_strawberries_score_10_with_all_8_tree_species(pk):
    trees = [pk.pick(sp(s)) for s in TREE_SPECIES]
    berries = pk.pick(sp("wild_strawberries"), side="bottom")
    g = game([(trees[0], {"bottom": [berries]}), *((t, {}) for t in trees[1:])])
    assert points(g, berries) == 10


def test_wild_strawberries_score_0_with_7_tree_species_and_a_carpenter_bee(pk):
    trees = [pk.pick(sp(s)) for s in TREE_SPECIES if s != "oak"]
    berries = pk.pick(sp("wild_strawberries"), side="bottom")
    bee = pk.pick(sp("violet_carpenter_bee"), side="left")
    (filler,) = pk.filler(1, trees=False)
    g = game([(trees[0], {"bottom": [berries], "left": [bee]}), *((t, {}) for t in trees[1:]),
              (sapling(filler), {})])
    assert points(g, berries) == 0


def test_mushrooms_score_0(pk):
    names = ("chanterelle", "fly_agaric", "parasol_mushroom", "penny_bun")
    trees = [pk.pick(sp("birch")) for _ in names]
    cards = [pk.pick(sp(n), side="bottom") for n in names]
    g = game([(t, {"bottom": [c]}) for t, c in zip(trees, cards, strict=True)])
    # only the 4 Birches score
    assert [points(g, c) for c in cards] == [0, 0, 0, 0]
    assert g.scores()[0].total == 4


def test_common_toad_scores_5_when_sharing_its_slot_with_another_toad(pk):
    birch = pk.pick(sp("birch"))
    t1, t2 = (pk.pick(sp("common_toad"), side="bottom") for _ in range(2))
    g = game([(birch, {"bottom": [t1, t2]})])
    assert [points(g, t1), points(g, t2)] == [5, 5]


def test_common_toad_alone_in_its_slot_scores_0(pk):
    b1, b2 = pk.pick(sp("birch")), pk.pick(sp("birch"))
    t1, t2 = (pk.pick(sp("common_toad"), side="bottom") for _ in range(2))
    g = game([(b1, {"bottom": [t1]}), (b2, {"bottom": [t2]})])
    assert [points(g, t1), points(g, t2)] == [0, 0]


@pytest.mark.parametrize(("n", "expected"), [(1, 5), (2, 15), (3, 25)])
def test_fire_salamanders_score_as_a_set_5_15_25(pk, n, expected):
    cards = [pk.pick(sp("fire_salamander"), side="bottom") for _ in range(n)]
    trees = [pk.pick(sp("birch")) for _ in range(n)]
    g = game([(t, {"bottom": [c]}) for t, c in zip(trees, cards, strict=True)])
    assert total_of(g, cards) == expected


def test_pond_turtle_scores_5(pk):
    birch = pk.pick(sp("birch"))
    turtle = pk.pick(sp("pond_turtle"), side="bottom")
    g = game([(birch, {"bottom": [turtle]})])
    assert points(g, turtle) == 5


def test_tree_frog_scores_5_per_gnat(pk):
    t1, t2 = pk.pick(sp("birch")), pk.pick(sp("oak"))
    frog = pk.pick(sp("tree_frog"), side="bottom")
    g1 = pk.pick(sp("gnat"), side="right")
    g2 = pk.pick(sp("gnat"), side="left")
    g = game([(t1, {"bottom": [frog], "right": [g1]}), (t2, {"left": [g2]})])
    assert points(g, frog) == 10


@pytest.mark.parametrize(("n", "expected"), [(1, 0), (2, 10), (3, 15), (4, 20)])
def test_fireflies_score_as_a_set_0_10_15_20(pk, n, expected):
    cards = [pk.pick(sp("fireflies"), side="bottom") for _ in range(n)]
    trees = [pk.pick(sp("birch")) for _ in range(n)]
    g = game([(t, {"bottom": [c]}) for t, c in zip(trees, cards, strict=True)])
    assert total_of(g, cards) == expected


def test_stag_beetle_scores_1_per_pawed_animal(pk):
    t1, t2 = pk.pick(sp("birch")), pk.pick(sp("oak"))
    beetle = pk.pick(sp("stag_beetle"), side="bottom")
    hare = pk.pick(sp("european_hare"), side="left")
    wolf = pk.pick(sp("wolf"), side="right")
    squirrel = pk.pick(sp("red_squirrel"), side="top")
    boar = pk.pick(sp("wild_boar"), side="left")  # cloven-hoofed, not pawed
    g = game([(t1, {"bottom": [beetle], "left": [hare], "right": [wolf]}),
              (t2, {"top": [squirrel], "left": [boar]})])
    # hare + Wolf + Red Squirrel = 3
    assert points(g, beetle) == 3


def test_wood_ant_scores_2_per_card_in_a_bottom_slot_itself_included(pk):
    t1, t2, t3 = (pk.pick(sp("birch")) for _ in range(3))
    ant = pk.pick(sp("wood_ant"), side="bottom")
    moss = pk.pick(sp("moss"), side="bottom")
    toads = [pk.pick(sp("common_toad"), side="bottom") for _ in range(2)]
    jay = pk.pick(sp("eurasian_jay"), side="top")  # top slot: not counted
    g = game([(t1, {"bottom": [ant], "top": [jay]}), (t2, {"bottom": [moss]}),
              (t3, {"bottom": toads})])
    # Wood Ant + Moss + 2 stacked toads = 4 cards -> 8
    assert points(g, ant) == 8


def test_hedgehog_scores_2_per_butterfly(pk):
    t1, t2, t3 = (pk.pick(sp("birch")) for _ in range(3))
    hog = pk.pick(sp("hedgehog"), side="bottom")
    f1 = pk.pick(sp("purple_emperor"), side="top")
    f2 = pk.pick(sp("purple_emperor"), side="top")
    g = game([(t1, {"bottom": [hog], "top": [f1]}), (t2, {"top": [f2]}), (t3, {})])
    assert points(g, hog) == 4


def test_mole_scores_0(pk):
    birch = pk.pick(sp("birch"))
    mole = pk.pick(sp("mole"), side="bottom")
    g = game([(birch, {"bottom": [mole]})])
    assert points(g, mole) == 0


# -- totals -------------------------------------------------------------------------------------


def test_each_cave_card_scores_1_point(pk):
    birch = pk.pick(sp("birch"))
    cave = pk.filler(3)
    g = game([(birch, {})], caves={0: cave})
    assert g.scores()[0].cave == 3
    assert g.scores()[0].total == 1 + 3


def test_highest_total_wins_and_a_tie_is_a_shared_win(pk):
    a, b, c = (pk.pick(sp("douglas_fir")) for _ in range(3))
    g = game([(a, {})], [(b, {})])
    assert g.scores().winners == frozenset({0, 1})
    g = game([(a, {}), (c, {})], [(b, {})])
    assert g.scores().winners == frozenset({0})
