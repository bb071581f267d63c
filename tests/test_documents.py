"""The score calculator: whole forests written as documents, scored by ``fs.score_document``.

One test per scoring rule of RULES.md §1 (and per clarification / DECISIONS.md entry), each
with a small document and its total worked out by hand in a comment; then bad documents
(every mistake reported, naming its place); then round trips of random finished games.

Symbols: where a test depends on a card's tree symbol it writes it, checked against the base
card list (e.g. Roe Deer right halves show only Birch, Beech and Horse Chestnut).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out

# -- helpers ------------------------------------------------------------------------------------


def tree(species: str, **slots: Any) -> dict[str, Any]:
    """A tree site; each slot a card or a list of cards."""
    return {"tree": species, **{k: v if isinstance(v, list) else [v] for k, v in slots.items()}}


def sapling(**slots: Any) -> dict[str, Any]:
    """A sapling site."""
    return {"sapling": True, **{k: v if isinstance(v, list) else [v] for k, v in slots.items()}}


def sym(species: str, symbol: str) -> dict[str, str]:
    """A card with its tree symbol."""
    return {"species": species, "symbol": symbol}


def doc(*forests: list[dict[str, Any]], caves: tuple[int, ...] = ()) -> dict[str, Any]:
    """A base-game document, players named P1, P2...; caves default to 0."""
    return {"game": "base", "players": [
        {"name": f"P{i + 1}", "cave": caves[i] if i < len(caves) else 0, "forest": f}
        for i, f in enumerate(forests)]}


def score(*forests: list[dict[str, Any]], caves: tuple[int, ...] = ()) -> fs.ScoreReport:
    return fs.score_document(doc(*forests, caves=caves))


def totals(rep: fs.ScoreReport) -> list[int]:
    return [p.total for p in rep.players]


def pts(rep: fs.ScoreReport, card: str, player: int = 0) -> list[int]:
    """Points of every line of *card* (display name) in a player's forest, in forest order."""
    return [ln.points for ln in rep.players[player].lines if ln.card == card]


def line(rep: fs.ScoreReport, site: int, slot: str = "center", player: int = 0, i: int = 0):
    """The i-th line at a site's slot."""
    return [ln for ln in rep.players[player].lines if ln.site == site and ln.slot == slot][i]


def problems(d: Any) -> list[fs.documents.DocumentProblem]:
    with pytest.raises(fs.DocumentError) as exc:
        fs.score_document(d)
    return exc.value.problems


def messages(d: Any) -> list[str]:
    return [str(p) for p in problems(d)]


HARE, TOAD, BEE = "European Hare", "Common Toad", "Violet Carpenter Bee"
EIGHT = ("Oak", "Linden", "Silver Fir", "Birch", "Beech", "Sycamore", "Douglas Fir",
         "Horse Chestnut")


# -- the report ---------------------------------------------------------------------------------


def test_report_has_game_names_cave_and_one_line_per_card_a_sapling_scoring_0():
    # Birch (1) with a Squeaker (1); a sapling (0) with nothing: 2, plus 3 cave cards = 5.
    rep = score([tree("Birch", right=sym("Squeaker", "Oak")), sapling()], caves=(3,))
    assert rep.game == "base"
    (p,) = rep.players
    assert (p.name, p.total, p.cave) == ("P1", 5, 3)
    assert [(ln.card, ln.site, ln.slot, ln.points) for ln in p.lines] == [
        ("Birch", 0, "center", 1), ("Squeaker", 0, "right", 1), ("Sapling", 1, "center", 0)]
    assert line(rep, 0, "right").symbol == "Oak"
    assert line(rep, 0, "right").species == "base.squeaker"
    sap = line(rep, 1)
    assert (sap.species, sap.symbol) == ("", None)
    assert rep.winners == ("P1",)
    assert json.loads(rep.to_json())["players"][0]["total"] == 5


def test_ids_and_any_case_name_a_species():
    # "base.birch" (1) + "douglas fir" (5) = 6.
    rep = score([{"tree": "base.birch"}, {"tree": "douglas fir"}])
    assert totals(rep) == [6]


# -- trees --------------------------------------------------------------------------------------


def test_linden_3_when_no_other_forest_has_more_a_tie_counting_as_most():
    # P1 2 Lindens, P2 2 Lindens: tie, both most -> 3 each = 6 each.
    # P3 1 Linden: P1/P2 have more -> 1.  P4 no forest: 0.  The tie at the top shares the win.
    rep = score([tree("Linden"), tree("Linden")], [tree("Linden"), tree("Linden")],
                [tree("Linden")], [])
    assert totals(rep) == [6, 6, 1, 0]
    assert pts(rep, "Linden", 0) == [3, 3]
    assert pts(rep, "Linden", 2) == [1]
    assert rep.winners == ("P1", "P2")


def test_linden_majority_compares_against_every_other_forest_not_just_a_neighbour():
    # P1 2 Lindens beats P2 (1) but not P3 (3): 1 + 1 = 2.  P2: 1.  P3 most: 3 x 3 = 9.
    rep = score([tree("Linden"), tree("Linden")], [tree("Linden")],
                [tree("Linden"), tree("Linden"), tree("Linden")])
    assert totals(rep) == [2, 1, 9]
    assert pts(rep, "Linden", 0) == [1, 1]


def test_oak_and_wild_strawberries_10_with_all_8_tree_species():
    # P1: all 8 species. Oak 10, Linden 3 (tie with P2's one Linden), Silver Fir 0 (nothing
    # attached), Birch 1, Beech 0 (1 < 4), Sycamore 8 trees = 8, Douglas Fir 5, Horse Chestnut 1,
    # Wild Strawberries 10, Blackberries 2 x 2 plants = 4.  Total 10+3+0+1+0+8+5+1+10+4 = 42.
    # P2: 7 species and a sapling (no species): Oak 0, Wild Strawberries 0, Linden 3,
    # Silver Fir 0, Birch 1, Beech 0, Sycamore 8 tree cards (sapling included) = 8, Douglas
    # Fir 5.  Total 17.
    p1 = [tree("Oak", bottom="Wild Strawberries"), tree("Linden"), tree("Silver Fir"),
          tree("Birch", bottom="Blackberries"), tree("Beech"), tree("Sycamore"),
          tree("Douglas Fir"), tree("Horse Chestnut")]
    p2 = [tree("Oak", bottom="Wild Strawberries"), tree("Linden"), tree("Silver Fir"),
          tree("Birch"), tree("Beech"), tree("Sycamore"), tree("Douglas Fir"), sapling()]
    rep = score(p1, p2)
    assert totals(rep) == [42, 17]
    assert pts(rep, "Oak") == [10] and pts(rep, "Wild Strawberries") == [10]
    assert pts(rep, "Oak", 1) == [0] and pts(rep, "Wild Strawberries", 1) == [0]
    assert pts(rep, "Sycamore", 1) == [8]


def test_violet_carpenter_bee_adds_no_species_for_oak_or_wild_strawberries_nor_a_sycamore_card():
    # 7 species (no Horse Chestnut), a bee at the Linden. Oak 0 and Wild Strawberries 0 (the
    # bee adds no species); Linden 2 trees incl. the bee, alone -> 3; Silver Fir 0; Birch 1;
    # Beech 0; Sycamore 7 tree cards (the bee not counted) = 7; Douglas Fir 5; bee 0.
    # Total 0+3+0+1+0+7+5+0+0 = 16.
    rep = score([tree("Oak", bottom="Wild Strawberries"), tree("Linden", right=BEE),
                 tree("Silver Fir"), tree("Birch"), tree("Beech"), tree("Sycamore"),
                 tree("Douglas Fir")])
    assert totals(rep) == [16]
    assert pts(rep, "Oak") == [0] and pts(rep, "Wild Strawberries") == [0]
    assert pts(rep, "Sycamore") == [7]
    assert pts(rep, BEE) == [0]


def test_silver_fir_2_per_attached_card_stacked_hares_each_counting():
    # Silver Fir: 3 hares (left), Badger (right), Tawny Owl (top) = 5 cards -> 10.
    # Hares 3 x 3 = 9, Badger 2, Owl 5.  Total 10+9+2+5 = 26.
    rep = score([tree("Silver Fir", left=[HARE, HARE, HARE], right="European Badger",
                      top="Tawny Owl")])
    assert totals(rep) == [26]
    assert pts(rep, "Silver Fir") == [10]
    assert pts(rep, HARE) == [3, 3, 3]


def test_birch_1_and_douglas_fir_5():
    # 1 + 5 = 6.
    rep = score([tree("Birch"), tree("Douglas Fir")])
    assert totals(rep) == [6]
    assert pts(rep, "Birch") == [1] and pts(rep, "Douglas Fir") == [5]


def test_beech_5_each_with_at_least_4_beeches_a_bee_counting_as_one_more():
    # P1 4 Beeches -> 4 x 5 = 20.  P2 3 Beeches -> 0.  P3 3 Beeches + a bee at one = 4 -> 15.
    # (All 10 Beeches of the game.)
    rep = score([tree("Beech")] * 4, [tree("Beech")] * 3,
                [tree("Beech", left=BEE), tree("Beech"), tree("Beech")])
    assert totals(rep) == [20, 0, 15]
    assert pts(rep, "Beech", 2) == [5, 5, 5]
    assert pts(rep, BEE, 2) == [0]


def test_sycamore_1_per_tree_card_saplings_counting_bees_not():
    # Trees: 2 Sycamores, Linden, sapling = 4 tree cards (the bee at the Linden adds none):
    # Sycamores 4 + 4; Linden (2 with the bee, alone) 3; sapling 0; bee 0.  Total 11.
    rep = score([tree("Sycamore"), tree("Sycamore"), tree("Linden", left=BEE), sapling()])
    assert totals(rep) == [11]
    assert pts(rep, "Sycamore") == [4, 4]


def test_horse_chestnut_set_table_1_4_9_16_25_36_49_a_bee_counting_as_one_more():
    # P1 3 Horse Chestnuts -> 9, shared out 1, 3, 5.  P2 7 -> 49 (1,3,5,...,13).
    # P3 1 Horse Chestnut + a bee at it = 2 -> 4, all on the one card.  (All 11 of the game.)
    rep = score([tree("Horse Chestnut")] * 3, [tree("Horse Chestnut")] * 7,
                [tree("Horse Chestnut", right=BEE)])
    assert totals(rep) == [9, 49, 4]
    assert pts(rep, "Horse Chestnut", 0) == [1, 3, 5]
    assert pts(rep, "Horse Chestnut", 1) == [1, 3, 5, 7, 9, 11, 13]
    assert pts(rep, "Horse Chestnut", 2) == [4]


def test_horse_chestnut_49_for_more_than_7_and_two_bees_at_one_tree_count_twice():
    # P1 8 Horse Chestnuts -> 49 (the table stops at 7).
    # P2 2 Horse Chestnuts, two bees at the first = 4 -> 16: marginal 1, the last card the rest 15.
    rep = score([tree("Horse Chestnut")] * 8,
                [tree("Horse Chestnut", left=BEE, right=BEE), tree("Horse Chestnut")])
    assert totals(rep) == [49, 16]
    assert pts(rep, "Horse Chestnut", 1) == [1, 15]


# -- left / right halves ------------------------------------------------------------------------


def test_european_hares_share_a_slot_each_1_per_hare_and_red_fox_2_per_hare():
    # 3 hares in one slot + 1 elsewhere = 4 hares: 4 x 4 = 16.  Red Fox 2 x 4 = 8.
    # Birches 2.  Total 26.
    rep = score([tree("Birch", left=[HARE, HARE, HARE]), tree("Birch", left="Red Fox", right=HARE)])
    assert totals(rep) == [26]
    assert pts(rep, HARE) == [4, 4, 4, 4]
    assert pts(rep, "Red Fox") == [8]


def test_flat_points_badger_squeaker_jay_owl_turtle_and_zero_for_raccoon_bear_mushrooms_mole():
    # Raccoon 0, Brown Bear 0, Jay 3, Pond Turtle 5; Badger 2, Squeaker 1, Tawny Owl 5,
    # Chanterelle 0; Birch 1 + Fly Agaric 0; Douglas Fir 5 + Parasol 0; Penny Bun 0; Mole 0.
    # Total 3+5+2+1+5+1+5 = 22.
    rep = score([
        sapling(left="Raccoon", right="Brown Bear", top="Eurasian Jay", bottom="Pond Turtle"),
        sapling(left="European Badger", right="Squeaker", top="Tawny Owl", bottom="Chanterelle"),
        tree("Birch", bottom="Fly Agaric"), tree("Douglas Fir", bottom="Parasol Mushroom"),
        sapling(bottom="Penny Bun"), sapling(bottom="Mole")])
    assert totals(rep) == [22]
    for card, want in [("Raccoon", 0), ("Brown Bear", 0), ("Eurasian Jay", 3),
                       ("Pond Turtle", 5), ("European Badger", 2), ("Squeaker", 1),
                       ("Tawny Owl", 5), ("Chanterelle", 0), ("Fly Agaric", 0),
                       ("Parasol Mushroom", 0), ("Penny Bun", 0), ("Mole", 0)]:
        assert pts(rep, card) == [want], card


def test_beech_marten_5_per_fully_occupied_tree():
    # Site 0 (full): Jay 3, Marten, Badger 2, Turtle 5.  Site 1 (full, two hares left):
    # Owl 5, hares 2 + 2, Squeaker 1, Turtle 5.  Site 2 (no bottom, not full): Jay 3,
    # Badger 2, Squeaker 1.  Marten 5 x 2 full trees = 10.  Douglas Firs 15.
    # Total 15 + (3+10+2+5) + (5+4+1+5) + (3+2+1) = 56.
    rep = score([
        tree("Douglas Fir", top="Eurasian Jay", left="Beech Marten", right="European Badger",
             bottom="Pond Turtle"),
        tree("Douglas Fir", top="Tawny Owl", left=[HARE, HARE], right="Squeaker",
             bottom="Pond Turtle"),
        tree("Douglas Fir", top="Eurasian Jay", left="European Badger", right="Squeaker")])
    assert totals(rep) == [56]
    assert pts(rep, "Beech Marten") == [10]


def test_fat_dormouse_15_only_with_a_bat_at_the_same_tree():
    # Site 0: Barbastelle (1 bat species -> 0) and a Dormouse -> 15.  Site 1: a Dormouse with
    # no bat at its tree -> 0.  Birches 2.  Total 17.
    rep = score([tree("Birch", left="Barbastelle Bat", right="European Fat Dormouse"),
                 tree("Birch", right="European Fat Dormouse")])
    assert totals(rep) == [17]
    assert pts(rep, "European Fat Dormouse") == [15, 0]
    assert pts(rep, "Barbastelle Bat") == [0]


def test_lynx_10_with_at_least_one_roe_deer():
    # P1: Birch 1, Lynx 10, Roe Deer (Birch): Birch tree + itself = 2 -> 6.  Total 17.
    # P2: Birch 1, Lynx without a Roe Deer 0.  Total 1.
    rep = score([tree("Birch", left=sym("Lynx", "Douglas Fir"), right=sym("Roe Deer", "Birch"))],
                [tree("Birch", left=sym("Lynx", "Douglas Fir"))])
    assert totals(rep) == [17, 1]
    assert pts(rep, "Lynx", 0) == [10] and pts(rep, "Lynx", 1) == [0]
    assert pts(rep, "Roe Deer") == [6]


# Deer and other cloven-hoofed animals, symbols written so that only the Roe Deer shows
# Horse Chestnut: Wolf (Sycamore), Fallow Deer (Sycamore), Red Deer (Linden), Roe Deer (Horse
# Chestnut), Wild Boar (Birch), Squeaker (Oak).
# Birches 3; Wolf 5 x 3 deer = 15; Fallow Deer 3 x 5 cloven (fallow, red, roe, boar,
# squeaker) = 15; Red Deer 3 tree cards + 0 plants = 3; Roe Deer 3 x 1 = 3; Wild Boar 10
# (a Squeaker); Squeaker 1.  Total 3+15+15+3+3+10+1 = 50.
CLOVEN = [tree("Birch", left=sym("Wolf", "Sycamore"), right=sym("Fallow Deer", "Sycamore")),
          tree("Birch", left=sym("Red Deer", "Linden"), right=sym("Roe Deer", "Horse Chestnut")),
          tree("Birch", left=sym("Wild Boar", "Birch"), right=sym("Squeaker", "Oak"))]


def test_wolf_5_per_deer_wild_boar_and_squeaker_not_deer():
    rep = score(CLOVEN)
    assert totals(rep) == [50]
    assert pts(rep, "Wolf") == [15]


def test_fallow_deer_3_per_cloven_hoofed_animal_itself_included():
    rep = score(CLOVEN)
    assert totals(rep) == [50]
    assert pts(rep, "Fallow Deer") == [15]


def test_wild_boar_10_with_a_squeaker_else_0():
    rep = score(CLOVEN)
    assert totals(rep) == [50]
    assert pts(rep, "Wild Boar") == [10] and pts(rep, "Squeaker") == [1]
    # Without a Squeaker: Birch 1 + Wild Boar 0 = 1.
    alone = score([tree("Birch", left="Wild Boar")])
    assert totals(alone) == [1]
    assert pts(alone, "Wild Boar") == [0]


def test_red_deer_1_per_tree_card_and_1_per_plant_a_bee_adding_no_tree_card():
    # Tree cards: Birch + sapling = 2 (the bee adds none); plants: Moss, Blackberries = 2.
    # Red Deer 4; Birch 1; Moss 0 (3 trees with the bee < 10); Blackberries 2 x 2 = 4; bee 0.
    # Total 9.
    rep = score([tree("Birch", left="Red Deer", right=BEE, bottom="Moss"),
                 sapling(bottom="Blackberries")])
    assert totals(rep) == [9]
    assert pts(rep, "Red Deer") == [4]
    assert pts(rep, "Moss") == [0]


def test_roe_deer_3_per_card_showing_its_symbol_across_trees_and_halves():
    # Beech symbol: 2 Beech trees, the Roe Deer, a Hare and a Chaffinch = 5 -> 15.
    # Birch symbol: the Birch tree and the second Roe Deer = 2 -> 6.
    # Beeches 0 (2 < 4), Birch 1, Hare 1, Chaffinch at a Beech 5.
    # Total 15 + 6 + 0 + 0 + 1 + 1 + 5 = 28.
    rep = score([tree("Beech", right=sym("Roe Deer", "Beech"), left=sym(HARE, "Beech"),
                      top=sym("Chaffinch", "Beech")),
                 tree("Beech"),
                 tree("Birch", right=sym("Roe Deer", "Birch"))])
    assert totals(rep) == [28]
    assert pts(rep, "Roe Deer") == [15, 6]
    assert [ln.symbol for ln in rep.players[0].lines if ln.card == "Roe Deer"] == ["Beech", "Birch"]


def test_roe_deer_symbol_left_out_is_assumed_first_in_symbol_order_and_said_so():
    # Right Roe Deer halves show Birch, Beech, Horse Chestnut -> Birch assumed: Birch tree +
    # itself = 2 -> 6.  Left ones show Linden, Silver Fir -> Linden: Linden tree + itself -> 6.
    # Birch 1, Linden (alone) 3.  Total 16.
    rep = score([tree("Birch", right="Roe Deer"), tree("Linden", left="Roe Deer")])
    assert totals(rep) == [16]
    right, left = line(rep, 0, "right"), line(rep, 1, "left")
    assert (right.symbol, right.points) == ("Birch", 6)
    assert (left.symbol, left.points) == ("Linden", 6)
    assert "(symbol Birch assumed)" in right.reason
    assert "(symbol Linden assumed)" in left.reason
    given_ = score([tree("Birch", right=sym("Roe Deer", "Birch"))])
    assert "assumed" not in line(given_, 0, "right").reason


def test_bats_5_each_with_3_different_species_gnat_1_per_bat_tree_frog_5_per_gnat():
    # P1: Barbastelle, Bechstein's, Brown Long-Eared = 3 species -> 5 each = 15; Gnat 3 bats
    # = 3; Tree Frog 1 Gnat = 5; Birches 2.  Total 25.
    # P2: 2 Barbastelles + Greater Horseshoe = 2 species -> 0 each; Birches 2.  Total 2.
    rep = score([tree("Birch", left="Barbastelle Bat", right="Bechstein's Bat",
                      bottom="Tree Frog"),
                 tree("Birch", left="Brown Long-Eared Bat", right="Gnat")],
                [tree("Birch", left="Barbastelle Bat", right="Greater Horseshoe Bat"),
                 tree("Birch", right="Barbastelle Bat")])
    assert totals(rep) == [25, 2]
    assert pts(rep, "Barbastelle Bat") == [5] and pts(rep, "Bechstein's Bat") == [5]
    assert pts(rep, "Gnat") == [3] and pts(rep, "Tree Frog") == [5]
    assert pts(rep, "Barbastelle Bat", 1) == [0, 0]


# -- Violet Carpenter Bee -----------------------------------------------------------------------


def test_violet_carpenter_bee_counts_for_linden_majority_two_bees_twice():
    # P1 Linden + 2 bees = 3 Lindens; P2 3 Lindens: a tie, both most.  P1 3; P2 3 x 3 = 9.
    # P3 Linden + 1 bee = 2 < 3 -> 1.
    rep = score([tree("Linden", left=BEE, right=BEE)],
                [tree("Linden"), tree("Linden"), tree("Linden")],
                [tree("Linden", right=BEE)])
    assert totals(rep) == [3, 9, 1]
    assert pts(rep, "Linden", 0) == [3]
    assert pts(rep, "Linden", 2) == [1]


def test_violet_carpenter_bee_counts_for_moss_tree_total_also_on_a_sapling():
    # P1: 8 Birches + a sapling with a bee = 9 tree cards + 1 = 10 -> Moss 10; Birches 8 -> 18.
    # P2: 10 saplings -> Moss 10.  P3: 9 saplings -> Moss 0.
    p1 = [tree("Birch", bottom="Moss")] + [tree("Birch")] * 7 + [sapling(left=BEE)]
    rep = score(p1, [sapling(bottom="Moss")] + [sapling()] * 9,
                [sapling(bottom="Moss")] + [sapling()] * 8)
    assert totals(rep) == [18, 10, 0]
    assert pts(rep, "Moss", 0) == [10]
    assert pts(rep, "Moss", 2) == [0]


def test_violet_carpenter_bee_counts_for_woodpecker_tree_total():
    # P1: 2 Birches + a bee = 3; P2: 3 Birches: tie, both Woodpeckers 10.  P3: 2 saplings < 3 -> 0.
    # P1 2 + 10 = 12; P2 3 + 10 = 13; P3 0.
    rep = score([tree("Birch", top="Great Spotted Woodpecker", right=BEE), tree("Birch")],
                [tree("Birch", top="Great Spotted Woodpecker"), tree("Birch"), tree("Birch")],
                [sapling(top="Great Spotted Woodpecker"), sapling()])
    assert totals(rep) == [12, 13, 0]
    assert pts(rep, "Great Spotted Woodpecker", 0) == [10]
    assert pts(rep, "Great Spotted Woodpecker", 2) == [0]
    assert rep.winners == ("P2",)


# -- top / bottom halves ------------------------------------------------------------------------


def test_woodpecker_10_if_no_forest_has_more_tree_cards_saplings_counting_ties_share_win():
    # P1 3 saplings, P2 3 saplings, P3 2: P1 and P2 most (tie) -> 10 each, P3 nothing.
    rep = score([sapling(top="Great Spotted Woodpecker"), sapling(), sapling()],
                [sapling(top="Great Spotted Woodpecker"), sapling(), sapling()],
                [sapling(), sapling()])
    assert totals(rep) == [10, 10, 0]
    assert rep.winners == ("P1", "P2")
    # With P3 at 4 saplings nobody's Woodpecker scores: 0, 0, 0, all three share the win.
    rep = score([sapling(top="Great Spotted Woodpecker"), sapling(), sapling()],
                [sapling(top="Great Spotted Woodpecker"), sapling(), sapling()],
                [sapling()] * 4)
    assert totals(rep) == [0, 0, 0]
    assert rep.winners == ("P1", "P2", "P3")


def test_butterflies_score_in_sets_of_different_species_hedgehog_2_per_butterfly():
    # P1: 2 Camberwell, 2 Large Tortoiseshell, Peacock, Purple Emperor: set 1 of 4 different
    # = 12, set 2 of 2 = 3 -> 15, each set's points on its first card.
    # P2: all 5 species = 20; Hedgehog 2 x 5 = 10 -> 30.
    # P3: 2 Purple Emperors = two sets of 1 -> 0; Hedgehog 2 x 2 = 4 -> 4.
    p1 = [sapling(top=b) for b in ("Camberwell Beauty", "Camberwell Beauty",
                                   "Large Tortoiseshell", "Large Tortoiseshell",
                                   "Peacock Butterfly", "Purple Emperor")]
    p2 = [sapling(top=b) for b in ("Camberwell Beauty", "Large Tortoiseshell",
                                   "Peacock Butterfly", "Purple Emperor")]
    p2.append(sapling(top="Silver-Washed Fritillary", bottom="Hedgehog"))
    p3 = [sapling(top="Purple Emperor"), sapling(top="Purple Emperor", bottom="Hedgehog")]
    rep = score(p1, p2, p3)
    assert totals(rep) == [15, 30, 4]
    tops = [ln.points for ln in rep.players[0].lines if ln.slot == "top"]
    assert sorted(tops) == [0, 0, 0, 0, 3, 12]
    assert pts(rep, "Hedgehog", 1) == [10]
    assert pts(rep, "Purple Emperor", 2) == [0, 0]


def test_bullfinch_2_per_insect():
    # Insects: Wood Ant, Purple Emperor, Violet Carpenter Bee, Gnat, Fireflies = 5 -> 10.
    # Birches 2; Wood Ant 2 x 2 bottom cards = 4; Purple Emperor alone 0; bee 0; Gnat 0 bats
    # = 0; Fireflies 1 -> 0.  Total 16.
    rep = score([tree("Birch", top="Bullfinch", bottom="Wood Ant"),
                 tree("Birch", top="Purple Emperor", left=BEE, right="Gnat", bottom="Fireflies")])
    assert totals(rep) == [16]
    assert pts(rep, "Bullfinch") == [10]


def test_chaffinch_5_on_a_beech_red_squirrel_5_on_an_oak():
    # Chaffinch at Beech 5, at Birch 0; Red Squirrel at Oak 5, at Linden 0.
    # Beech 0 (1 < 4), Birch 1, Oak 0 (4 tree species, not 8), Linden (alone) 3.  Total 14.
    rep = score([tree("Beech", top="Chaffinch"), tree("Birch", top="Chaffinch"),
                 tree("Oak", top="Red Squirrel"), tree("Linden", top="Red Squirrel")])
    assert totals(rep) == [14]
    assert pts(rep, "Chaffinch") == [5, 0]
    assert pts(rep, "Red Squirrel") == [5, 0]


def test_goshawk_3_per_bird_red_squirrel_not_a_bird():
    # Birds: Goshawk, Jay, Tawny Owl, Bullfinch = 4 -> 12.  Jay 3, Owl 5, Bullfinch 0 insects,
    # Red Squirrel on a sapling 0.  Total 20.
    rep = score([sapling(top=t) for t in ("Goshawk", "Eurasian Jay", "Tawny Owl", "Bullfinch",
                                          "Red Squirrel")])
    assert totals(rep) == [20]
    assert pts(rep, "Goshawk") == [12]


def test_tree_ferns_6_per_amphibian_fire_salamander_set_pond_turtle_5():
    # Amphibians: Pond Turtle, Fire Salamander, Tree Frog = 3 -> Tree Ferns 18.
    # Turtle 5, Salamander (set of 1) 5, Tree Frog (no Gnat) 0.  Total 28.
    rep = score([sapling(bottom=b) for b in ("Tree Ferns", "Pond Turtle", "Fire Salamander",
                                             "Tree Frog")])
    assert totals(rep) == [28]
    assert pts(rep, "Tree Ferns") == [18]


def test_common_toads_5_each_when_two_share_a_slot_else_0():
    # Two toads in one slot: 5 + 5; a toad alone: 0.  Total 10.
    rep = score([sapling(bottom=[TOAD, TOAD]), sapling(bottom=TOAD)])
    assert totals(rep) == [10]
    assert pts(rep, TOAD) == [5, 5, 0]


@pytest.mark.parametrize(("n", "total", "shares"), [
    (1, 5, [5]), (2, 15, [5, 10]), (3, 25, [5, 10, 10])])
def test_fire_salamander_set_5_15_25(n, total, shares):
    # The set table, shared out as marginal points.
    rep = score([sapling(bottom="Fire Salamander") for _ in range(n)])
    assert totals(rep) == [total]
    assert pts(rep, "Fire Salamander") == shares


@pytest.mark.parametrize(("n", "total", "shares"), [
    (1, 0, [0]), (2, 10, [0, 10]), (3, 15, [0, 10, 5]), (4, 20, [0, 10, 5, 5])])
def test_fireflies_set_0_10_15_20(n, total, shares):
    rep = score([sapling(bottom="Fireflies") for _ in range(n)])
    assert totals(rep) == [total]
    assert pts(rep, "Fireflies") == shares


def test_stag_beetle_1_per_pawed_animal():
    # Pawed: Hare, Badger, Red Squirrel, Hedgehog = 4 (Wild Boar is cloven-hoofed) -> 4.
    # Birches 2, Hare 1, Badger 2, Squirrel (at a Birch) 0, Hedgehog (no butterfly) 0,
    # Wild Boar (no Squeaker) 0.  Total 9.
    rep = score([tree("Birch", bottom="Stag Beetle", left=HARE, right="European Badger",
                      top="Red Squirrel"),
                 tree("Birch", bottom="Hedgehog", left="Wild Boar")])
    assert totals(rep) == [9]
    assert pts(rep, "Stag Beetle") == [4]


def test_wood_ant_2_per_bottom_card_saplings_bottoms_and_stacked_toads_included():
    # Bottom cards: Wood Ant (Birch), 2 toads (sapling), Pond Turtle (sapling) = 4 -> 8.
    # The Jay on top does not count.  Birches 2, toads 10, Turtle 5, Jay 3.  Total 28.
    rep = score([tree("Birch", bottom="Wood Ant"), sapling(bottom=[TOAD, TOAD]),
                 sapling(bottom="Pond Turtle"), tree("Birch", top="Eurasian Jay")])
    assert totals(rep) == [28]
    assert pts(rep, "Wood Ant") == [8]


def test_per_x_counts_include_the_scoring_card_itself():
    # P1, alone of their kind: Hare 1 x 1, Fallow Deer 3 x 1 cloven, Goshawk 3 x 1 bird,
    # Blackberries 2 x 1 plant, Wood Ant 2 x 2 bottom cards (Blackberries and itself) = 4.
    # Total 1+3+3+2+4 = 13.
    # P2: Roe Deer (Beech) on a sapling, no other Beech card: 3 x 1 = 3.
    rep = score([sapling(left=HARE, right="Fallow Deer", top="Goshawk", bottom="Blackberries"),
                 sapling(bottom="Wood Ant")],
                [sapling(right=sym("Roe Deer", "Beech"))])
    assert totals(rep) == [13, 3]
    for card, want in [(HARE, 1), ("Fallow Deer", 3), ("Goshawk", 3), ("Blackberries", 2),
                       ("Wood Ant", 4)]:
        assert pts(rep, card) == [want], card
    assert pts(rep, "Roe Deer", 1) == [3]


def test_caves_1_each_and_a_tie_shares_the_win():
    # P1 Birch 1 + 4 cave = 5; P2 Douglas Fir 5 + 0 = 5; P3 no forest + 2 cave = 2.
    rep = score([tree("Birch")], [tree("Douglas Fir")], [], caves=(4, 0, 2))
    assert totals(rep) == [5, 5, 2]
    assert [p.cave for p in rep.players] == [4, 0, 2]
    assert rep.winners == ("P1", "P2")


# -- bad documents ------------------------------------------------------------------------------


def test_unknown_game_id_is_named():
    (p,) = problems({"game": "chess", "players": [{"name": "A", "forest": []}]})
    assert p.where == "game"
    assert "chess" in p.message


def test_missing_game_id():
    (p,) = problems({"players": [{"name": "A", "forest": []}]})
    assert p.where == "game"


def test_unknown_species_suggests_close_names_and_names_the_place():
    (p,) = problems(doc([tree("Birch", left="Red Fax")]))
    assert p.where == "player 1 (P1), site 0, left[0]"
    assert "unknown species 'Red Fax'" in p.message and "'Red Fox'" in p.message
    (p,) = problems(doc([tree("Linden")], [tree("Birch", top="Great Spotted Woodpeker")]))
    assert p.where == "player 2 (P2), site 0, top[0]"
    assert "Great Spotted Woodpecker" in p.message


def test_unknown_tree_species_as_a_site_suggests_the_tree():
    (p,) = problems(doc([tree("Birch"), tree("Lindn")]))
    assert p.where == "player 1 (P1), site 1"
    assert "'Linden'" in p.message


def test_card_on_the_wrong_side():
    (p,) = problems(doc([tree("Birch", top="Wolf")]))
    assert p.where == "player 1 (P1), site 0, top[0]"
    assert "Wolf cannot go in a top slot" in p.message and "left, right" in p.message
    (p,) = problems(doc([sapling(right="Wood Ant")]))
    assert p.where == "player 1 (P1), site 0, right[0]"
    assert "bottom" in p.message


def test_tree_species_in_a_slot():
    (p,) = problems(doc([tree("Birch", left="Linden")]))
    assert p.where == "player 1 (P1), site 0, left[0]"
    assert "Linden cannot go in a left slot" in p.message


def test_non_tree_as_a_site():
    (p,) = problems(doc([tree("Birch"), tree("Birch"), tree("Wolf")]))
    assert p.where == "player 1 (P1), site 2"
    assert "Wolf is not a tree" in p.message


def test_site_neither_tree_nor_sapling_and_unknown_slot():
    ps = problems(doc([{"left": ["Wolf"]}, {"tree": "Birch", "middle": ["Wolf"]}]))
    assert [p.where for p in ps] == ["player 1 (P1), site 0", "player 1 (P1), site 1"]
    assert "sapling" in ps[0].message and "middle" in ps[1].message


def test_two_wolves_cannot_share_a_slot():
    (p,) = problems(doc([tree("Birch", left=["Wolf", "Wolf"])]))
    assert p.where == "player 1 (P1), site 0, left"
    assert "Wolf cannot share a slot" in p.message


def test_three_toads_are_too_many_for_one_slot():
    (p,) = problems(doc([sapling(bottom=[TOAD, TOAD, TOAD])]))
    assert p.where == "player 1 (P1), site 0, bottom"
    assert "at most 2 Common Toad" in p.message


def test_only_one_species_may_share_a_slot():
    (p,) = problems(doc([sapling(left=[HARE, "Wolf"])]))
    assert p.where == "player 1 (P1), site 0, left"
    assert "European Hare" in p.message and "Wolf" in p.message


def test_a_symbol_the_species_never_shows_on_that_side():
    # Roe Deer right halves show Birch, Beech, Horse Chestnut; Linden only on a left half.
    ps = problems(doc([tree("Birch", right=sym("Roe Deer", "Oak")),
                       tree("Birch", right=sym("Roe Deer", "Linden"))]))
    assert [p.where for p in ps] == ["player 1 (P1), site 0, right[0]",
                                     "player 1 (P1), site 1, right[0]"]
    assert all("no Roe Deer card shows the symbol" in p.message for p in ps)
    assert "Birch, Beech, Horse Chestnut" in ps[0].message
    # A tree shows its own symbol only.
    (p,) = problems(doc([{"tree": sym("Linden", "Oak")}]))
    assert p.where == "player 1 (P1), site 0"


def test_unknown_tree_symbol():
    (p,) = problems(doc([tree("Birch", right=sym("Roe Deer", "Pine"))]))
    assert p.where == "player 1 (P1), site 0, right[0]"
    assert "'Pine'" in p.message


def test_more_copies_of_a_species_than_the_game_has():
    # 11 European Hares in the game (6 left, 5 right halves): 12 is one too many.
    ps = problems(doc([tree("Birch", left=[HARE] * 6, right=[HARE] * 6)]))
    assert len(ps) == 1
    assert ps[0].where.startswith("player 1 (P1), site 0, ")
    assert "more European Hare cards than the game has" in ps[0].message
    assert "12 in the document, 11 in the game" in ps[0].message


def test_copies_are_counted_over_all_players():
    # 4 Wolves in the game: 3 + 2 across two players is too many.
    ps = problems(doc([tree("Birch", left="Wolf"), tree("Birch", left="Wolf"),
                       tree("Birch", right="Wolf")],
                      [tree("Birch", right="Wolf"), tree("Birch", right="Wolf")]))
    assert len(ps) == 1
    assert "more Wolf cards than the game has (5 in the document, 4 in the game)" in ps[0].message


def test_more_copies_on_one_side_than_the_game_has():
    # 7 hares on left halves: only 6 left-half hares exist (11 in all).
    ps = problems(doc([sapling(left=[HARE] * 7)]))
    assert len(ps) == 1
    assert ps[0].where == "player 1 (P1), site 0, left[6]"
    assert "left half" in ps[0].message


def test_physically_impossible_two_moles_and_three_large_tortoiseshells():
    # The 2 Moles are the bottoms of 2 of the 4 Large Tortoiseshell cards: only one half of a
    # card is visible, so 2 Moles leave 2 Large Tortoiseshells, not 3.
    ps = problems(doc([sapling(top="Large Tortoiseshell", bottom="Mole"),
                       sapling(top="Large Tortoiseshell", bottom="Mole"),
                       sapling(top="Large Tortoiseshell")]))
    assert len(ps) == 1
    assert ps[0].where.startswith("player 1 (P1), site ")
    assert "is left for this place" in ps[0].message
    assert "one half only" in ps[0].message


def test_physically_impossible_by_symbols_raccoon_and_roe_deer_of_one_card():
    # The only left Raccoon showing Silver Fir and the only Roe Deer showing Beech are the two
    # halves of one card.
    ps = problems(doc([sapling(left=sym("Raccoon", "Silver Fir"))],
                      [sapling(right=sym("Roe Deer", "Beech"))]))
    assert len(ps) == 1
    assert ps[0].where == "player 2 (P2), site 0, right[0]"
    assert "Roe Deer" in ps[0].message and "symbol Beech" in ps[0].message
    # Each alone is fine.
    assert totals(score([sapling(right=sym("Roe Deer", "Beech"))])) == [3]


def test_more_saplings_than_cards():
    # 161 cards, 3 of them winter cards: 158 saplings at most.
    assert totals(score([sapling()] * 158)) == [0]
    ps = problems(doc([sapling()] * 159))
    assert len(ps) == 1 and "159" in ps[0].message and "more cards" in ps[0].message


def test_malformed_json():
    (p,) = problems('{"game": "base", "players": [')
    assert p.message.startswith("malformed JSON")
    (p,) = problems("[1, 2]")
    assert "object" in p.message


def test_bad_cave_players_and_unknown_keys():
    ps = problems({"game": "base", "players": [
        {"name": "A", "cave": -1, "forest": []},
        {"name": "B", "cave": "3", "forest": [], "hand": []}], "extra": 1})
    wheres = [p.where for p in ps]
    assert "" in wheres  # the unknown top-level key
    assert "player 1 (A), cave" in wheres and "player 2 (B), cave" in wheres
    assert "player 2 (B)" in wheres
    (p,) = problems({"game": "base", "players": []})
    assert p.where == "players"


def test_several_mistakes_at_once_are_all_reported():
    bad = {"game": "base", "players": [
        {"name": "Ada", "cave": -2, "forest": [
            tree("Birch", left="Europian Hare", top="Wolf"),
            tree("Wolf"),
            sapling(bottom=[TOAD, TOAD, TOAD])]},
        {"name": "Bo", "forest": [
            tree("Birch", right=sym("Roe Deer", "Oak"), left=["Wolf", "Wolf"]),
            tree("Birch", bottom="Linden")]}]}
    ps = problems(bad)
    assert [p.where for p in ps] == [
        "player 1 (Ada), cave",
        "player 1 (Ada), site 0, top[0]",
        "player 1 (Ada), site 0, left[0]",
        "player 1 (Ada), site 1",
        "player 1 (Ada), site 2, bottom",
        "player 2 (Bo), site 0, left",
        "player 2 (Bo), site 1, bottom[0]",
        "player 2 (Bo), site 0, right[0]",
    ]
    assert "'European Hare'" in ps[2].message
    # The error's text lists every problem, one a line.
    with pytest.raises(fs.DocumentError) as exc:
        fs.score_document(bad)
    text = str(exc.value)
    assert text.startswith("8 problem(s)")
    assert all(str(p) in text for p in ps)
    assert isinstance(exc.value, ValueError)


def test_tampered_record_is_refused_as_a_document_problem():
    g = fs.new_game("base", players=2, seed=3)
    play_out(g, [RandomBot(1), RandomBot(2)])
    data = json.loads(g.to_json())
    data["events"] = data["events"][: data["setup"]] + data["events"][data["setup"] + 3:]
    (p,) = problems(data)
    assert p.where == "record"


# -- round trips of finished games -------------------------------------------------------------


def _finished(players: int, seed: int) -> fs.Game:
    g = fs.new_game("base", players=players, seed=seed)
    return play_out(g, [RandomBot(seed * 10 + i) for i in range(players)])


def _breakdown(lines: Any) -> tuple[list[tuple[int, str, str]], dict[str, int]]:
    """The cards (site, slot, species), sorted, and the points per species.

    Lines come in play order in a game, in site order in a document; group scores (set
    tables, butterfly sets) share their points out by that order, so only the sums per
    species (all butterflies together) are compared.
    """
    cards = sorted((ln.site, ln.slot, ln.species) for ln in lines)
    sums: dict[str, int] = {}
    for ln in lines:
        key = "butterflies" if ln.species in BUTTERFLIES else ln.species
        sums[key] = sums.get(key, 0) + ln.points
    return cards, sums


BUTTERFLIES = {f"base.{n}" for n in ("camberwell_beauty", "large_tortoiseshell",
                                      "peacock_butterfly", "purple_emperor",
                                      "silver_washed_fritillary")}


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_forest_document_of_a_finished_game_scores_as_the_game(players, seed):
    g = _finished(players, seed)
    want = g.scores()
    d = g.forest_document()
    rep = fs.score_document(json.dumps(d))  # as JSON text, too
    assert totals(rep) == list(want.totals)
    assert [p.cave for p in rep.players] == [p.cave for p in want]
    assert rep.winners == tuple(g.names[w] for w in sorted(want.winners))
    for got, exp in zip(rep.players, want, strict=True):
        assert _breakdown(got.lines) == _breakdown(exp.cards)
        assert not any("assumed" in ln.reason for ln in got.lines)
    # The same game's record scores the same.
    assert totals(fs.score_document(g.to_json())) == list(want.totals)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_forest_document_round_trip_per_player_count(players):
    for seed in range(3):
        g = _finished(players, seed)
        assert totals(fs.score_document(g.forest_document())) == list(g.scores().totals)
        assert totals(fs.score_document(json.loads(g.to_json()))) == list(g.scores().totals)
