"""Base rules that extend to the expansions' cards through tags and counts, with no change to
the base data: a bat tag counts every bat, a butterfly tag every butterfly, and so on.
Played in the provisional ruleset with both boxes.
"""

from __future__ import annotations

import pytest

from expansions.support import BOTH, picks, points, ruleset
from forestshuffle.testing import CardPicker, scenario
from forestshuffle.testing.moves import play, use

RULES = ruleset(BOTH)


def a(name: str) -> str:
    return f"alpine.{name}"


def w(name: str) -> str:
    return f"woodland_edge.{name}"


def b(name: str) -> str:
    return f"base.{name}"


@pytest.fixture
def pk() -> CardPicker:
    return CardPicker(RULES)


def test_fallow_deer_counts_every_cloven_hoofed_animal_of_the_boxes(pk):
    deer = pk.pick(b("fallow_deer"), side="left")
    chamois = pk.pick(a("chamois"), side="right")
    bison = pk.pick(w("european_bison"), side="left")
    sq = pk.pick(w("squeaker"), side="right")
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = scenario(RULES, forests={0: [(t1, {"left": [deer], "right": [chamois]}),
                                     (t2, {"left": [bison], "right": [sq]})]})
    assert points(g, deer) == 3 * 4


def test_three_bat_species_may_come_from_the_boxes_alone(pk):
    """Each bat scores 5 with at least 3 different bat species: Savi's Pipistrelle, the
    Common Pipistrelle and a base bat make 3."""
    bats = [pk.pick(a("savis_pipistrelle"), side="left"),
            pk.pick(w("common_pipistrelle"), side="left"),
            pk.pick(b("greater_horseshoe_bat"), side="left")]
    trees = [pk.pick(b("birch")) for _ in range(3)]
    g = scenario(RULES, forests={0: [(t, {"left": [x]}) for t, x in zip(trees, bats, strict=True)]})
    assert [points(g, x) for x in bats] == [5, 5, 5]


def test_hedgehog_and_gnat_count_the_boxes_butterflies_and_bats(pk):
    hog = pk.pick(b("hedgehog"), side="bottom")
    gnat = pk.pick(b("gnat"), side="right")
    flies = [pk.pick(a("phoebus_apollo"), side="top"), pk.pick(w("map_butterfly"), side="top")]
    bats = [pk.pick(a("savis_pipistrelle"), side="left"),
            pk.pick(w("common_pipistrelle"), side="left")]
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = scenario(RULES, forests={0: [(t1, {"bottom": [hog], "top": [flies[0]], "left": [bats[0]],
                                           "right": [gnat]}),
                                     (t2, {"top": [flies[1]], "left": [bats[1]]})]})
    assert points(g, hog) == 2 * 2
    assert points(g, gnat) == 2


def test_gnat_effect_plays_the_boxes_bats_for_free(pk):
    gnat = pk.pick(b("gnat"), side="right")
    bat = pk.pick(w("common_pipistrelle"), side="left")
    birch = pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [gnat, bat]}, forests={0: [(birch, {})]})
    play(g, gnat, 0, "right")  # a Gnat costs nothing
    use(g, "effect")
    assert bat in picks(g)


def test_fly_agaric_fires_for_a_pawed_animal_of_a_box(pk):
    agaric = pk.pick(b("fly_agaric"), side="bottom")
    marmot = pk.pick(a("alpine_marmot"), side="left")
    pay = pk.filler(1, trees=False)
    birch = pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [marmot, *pay]}, forests={0: [(birch, {"bottom": [agaric]})]},
                 deck=pk.filler(3))
    play(g, marmot, 0, "left", pay=pay)
    assert g.pending.kind == "trigger"


def test_chanterelle_fires_for_an_alpine_tree(pk):
    chanterelle = pk.pick(b("chanterelle"), side="bottom")
    larch = pk.pick(a("european_larch"))
    pay = pk.filler(1, trees=False)
    birch = pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [larch, *pay]},
                 forests={0: [(birch, {"bottom": [chanterelle]})]}, deck=pk.filler(3))
    play(g, larch, pay=pay)
    assert g.pending.kind == "trigger"
