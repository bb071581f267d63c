"""Shrubs and the base game (DECISIONS.md *Alpine and Woodland Edge*): a shrub has four slots
like a tree but is not a tree, so every base rule about trees, tree species or "at / below /
on top of a tree" leaves it out, while rules about cards, tags and tree symbols count what is
at a shrub like anywhere else.

Played in the provisional ruleset base + Woodland Edge.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from expansions.support import EDGE, next_players_turn, points
from expansions.support import ruleset as provisional

import forestshuffle as fs
from forestshuffle.testing import CardPicker, scenario
from forestshuffle.testing.moves import place, play, slot_places

RULES = provisional(EDGE)


def w(name: str) -> str:
    return f"woodland_edge.{name}"


def b(name: str) -> str:
    return f"base.{name}"


@pytest.fixture
def pk() -> CardPicker:
    return CardPicker(RULES)


def game(p0: Iterable, p1: Iterable = (), **kw) -> fs.Game:
    return scenario(RULES, players=2, forests={0: list(p0), 1: list(p1)}, **kw)


def full(pk: CardPicker, prefix: str = "") -> dict[str, list[int]]:
    """One card for each side of a site (slot names with *prefix*: ``shrub_`` at a shrub)."""
    return {f"{prefix}top": [pk.pick(b("eurasian_jay"), side="top")],
            f"{prefix}bottom": [pk.pick(b("moss"), side="bottom")],
            f"{prefix}left": [pk.pick(b("european_badger"), side="left")],
            f"{prefix}right": [pk.pick(b("european_badger"), side="right")]}


# -- playing a shrub -----------------------------------------------------------------------


def test_a_shrub_opens_a_site_reveals_no_card_and_is_no_tree(pk):
    hazel = pk.pick(w("common_hazel"))
    pay = pk.filler(2, trees=False)
    deck = pk.filler(3)
    g = scenario(RULES, hands={0: [hazel, *pay]}, deck=deck)
    play(g, hazel, pay=pay)
    f = g.state.forests[0]
    assert len(f.sites) == 1 and f.sites[0].kind.id == "shrub"
    assert g.state.clearing == sorted(pay)  # the payment only: no deck card revealed
    assert (f.count("trees"), f.count("tree_total"), f.count("tree_species")) == (0, 0, 0)
    assert f.count("feature:shrub") == 1
    assert next_players_turn(g)


def test_a_shrubs_four_slots_take_the_halves_of_their_sides(pk):
    hazel = pk.pick(w("common_hazel"))
    jay = pk.pick(b("eurasian_jay"), side="top")
    pay = pk.filler(1, trees=False)
    g = scenario(RULES, hands={0: [jay, *pay]}, forests={0: [(hazel, {})]})
    g.apply(fs.PlayCard(jay))
    # the card's top half (the Jay) goes on top of the shrub, its bottom half below it
    assert slot_places(g) == {(0, "shrub_top"), (0, "shrub_bottom")}
    place(g, 0, "shrub_top")
    for c in pay:
        g.apply(fs.PayWith(c))
    assert g.state.forests[0].sites[0].slots["shrub_top"] == [jay]


# -- tree counts leave shrubs out ----------------------------------------------------------


def test_sycamore_and_red_deer_count_tree_cards_not_shrubs(pk):
    syc = pk.pick(b("sycamore"))
    shrubs = [pk.pick(w("elderberry")), pk.pick(w("blackthorn"))]
    deer = pk.pick(b("red_deer"), side="left")
    g = game([(syc, {"left": [deer]}), *((s, {}) for s in shrubs)])
    assert points(g, syc) == 1
    assert points(g, deer) == 1  # 1 tree card, no plant


def test_moss_and_woodpecker_count_trees_not_shrubs(pk):
    trees = [pk.pick(b("birch")) for _ in range(9)]
    shrubs = [pk.pick(w("common_hazel")) for _ in range(2)]
    moss = pk.pick(b("moss"), side="bottom")
    pecker = pk.pick(b("great_spotted_woodpecker"), side="top")
    rival = [pk.pick(b("beech")) for _ in range(10)]
    g = game([(trees[0], {"bottom": [moss], "top": [pecker]}), *((t, {}) for t in trees[1:]),
              *((s, {}) for s in shrubs)], [(t, {}) for t in rival])
    # 9 trees + 2 shrubs: fewer than 10 trees, and fewer than the rival's 10
    assert points(g, moss) == 0
    assert points(g, pecker) == 0


def test_oak_counts_tree_species_and_a_shrub_is_none(pk):
    seven = [pk.pick(b(n)) for n in ("oak", "linden", "silver_fir", "birch", "beech",
                                     "sycamore", "douglas_fir")]
    hazel = pk.pick(w("common_hazel"), symbol="Horse Chestnut")  # shows the 8th symbol
    g = game([*((t, {}) for t in seven), (hazel, {})])
    assert points(g, seven[0]) == 0


def test_beech_marten_counts_fully_occupied_trees_not_full_shrubs(pk):
    marten = pk.pick(b("beech_marten"), side="left")
    birch = pk.pick(b("birch"))
    hazel = pk.pick(w("common_hazel"))
    at_tree = full(pk)
    at_tree["left"] = [marten]
    g = game([(birch, at_tree), (hazel, full(pk, "shrub_"))])
    assert g.state.forests[0].count("full_sites") == 2
    assert points(g, marten) == 5  # the tree only


def test_european_fat_dormouse_needs_the_bat_at_the_same_tree_not_at_a_shrub(pk):
    d1, d2 = (pk.pick(b("european_fat_dormouse"), side="left") for _ in range(2))
    bat1 = pk.pick(b("bechsteins_bat"), side="right")
    bat2 = pk.pick(b("greater_horseshoe_bat"), side="right")
    birch, hazel = pk.pick(b("birch")), pk.pick(w("common_hazel"))
    g = game([(birch, {"left": [d1], "right": [bat1]}),
              (hazel, {"shrub_left": [d2], "shrub_right": [bat2]})])
    assert points(g, d1) == 15
    assert points(g, d2) == 0


def test_wood_ant_counts_cards_below_trees_not_below_shrubs(pk):
    ant = pk.pick(b("wood_ant"), side="bottom")
    moss = pk.pick(b("moss"), side="bottom")
    birch, hazel = pk.pick(b("birch")), pk.pick(w("common_hazel"))
    g = game([(birch, {"bottom": [ant]}), (hazel, {"shrub_bottom": [moss]})])
    assert points(g, ant) == 2  # itself only


def test_a_carpenter_bee_at_a_shrub_adds_no_tree(pk):
    bees = [pk.pick(b("violet_carpenter_bee"), side="left") for _ in range(2)]
    birch, hazel = pk.pick(b("birch")), pk.pick(w("common_hazel"))
    g = game([(birch, {"left": [bees[0]]}), (hazel, {"shrub_left": [bees[1]]})])
    f = g.state.forests[0]
    assert (f.count("trees"), f.count("tree_total")) == (1, 2)  # the Birch's bee only


def test_chaffinch_and_squirrel_at_a_shrub_showing_beech_or_oak_score_nothing(pk):
    finch = pk.pick(b("chaffinch"), side="top")
    squirrel = pk.pick(b("red_squirrel"), side="top")
    h1 = pk.pick(w("common_hazel"), symbol="Beech")
    h2 = pk.pick(w("common_hazel"), symbol="Oak")
    g = game([(h1, {"shrub_top": [finch]}), (h2, {"shrub_top": [squirrel]})])
    assert (points(g, finch), points(g, squirrel)) == (0, 0)


def test_silver_fir_and_roe_deer_still_count_what_is_there(pk):
    """Rules about cards and symbols count shrubs like any card: a shrub shows a tree
    symbol, so a Roe Deer counts it."""
    roe = pk.pick(b("roe_deer"), side="left", symbol="Linden")
    linden = pk.pick(b("linden"))
    elder = pk.pick(w("elderberry"), symbol="Linden")
    g = game([(linden, {"left": [roe]}), (elder, {})])
    assert points(g, roe) == 3 * 3  # the Linden, the Elderberry, the deer itself


# -- triggers of the base game -------------------------------------------------------------


def test_chanterelle_does_not_fire_for_a_shrub(pk):
    chanterelle = pk.pick(b("chanterelle"), side="bottom")
    birch = pk.pick(b("birch"))
    elder = pk.pick(w("elderberry"))
    pay = pk.filler(2, trees=False)
    g = scenario(RULES, hands={0: [elder, *pay]},
                 forests={0: [(birch, {"bottom": [chanterelle]})]}, deck=pk.filler(3))
    play(g, elder, pay=pay)
    assert g.pending.kind != "trigger"
    assert next_players_turn(g) or g.pending.kind == "bonus"


def test_parasol_mushroom_fires_below_a_tree_but_not_below_a_shrub(pk):
    """Parasol Mushroom: "whenever you place a card below a tree"; a shrub's bottom slot is
    not below a tree."""
    m = pk.pick(b("parasol_mushroom"), side="bottom")
    b1, b2, hazel = pk.pick(b("birch")), pk.pick(b("birch")), pk.pick(w("common_hazel"))
    m1, m2 = (pk.pick(b("moss"), side="bottom") for _ in range(2))
    sites = [(b1, {"bottom": [m]}), (b2, {}), (hazel, {})]
    g = scenario(RULES, hands={0: [m1]}, forests={0: sites}, deck=pk.filler(3))
    play(g, m1, 2, "shrub_bottom")  # Moss costs nothing
    assert g.pending.kind == "turn"  # no trigger offered
    g = scenario(RULES, hands={0: [m2]}, forests={0: sites}, deck=pk.filler(3))
    play(g, m2, 1, "bottom")
    assert g.pending.kind == "trigger"


def test_penny_bun_fires_on_top_of_a_tree_but_not_on_top_of_a_shrub(pk):
    """Penny Bun: "whenever you place a card on top of a tree"; a shrub's top is not."""
    m = pk.pick(b("penny_bun"), side="bottom")
    birch, hazel = pk.pick(b("birch")), pk.pick(w("common_hazel"))
    s1, s2 = (pk.pick(b("red_squirrel"), side="top") for _ in range(2))
    sites = [(birch, {"bottom": [m]}), (hazel, {})]
    g = scenario(RULES, hands={0: [s1]}, forests={0: sites}, deck=pk.filler(3))
    play(g, s1, 1, "shrub_top")  # a Red Squirrel costs nothing
    assert g.pending.kind == "turn"
    g = scenario(RULES, hands={0: [s2]}, forests={0: sites}, deck=pk.filler(3))
    play(g, s2, 0, "top")
    assert g.pending.kind == "trigger"


def _dealt(first_hand: list[int], pk: CardPicker) -> fs.Game:
    """A new 2-player game whose first player is dealt *first_hand* (the second a tree)."""
    from forestshuffle.core import events as ev
    from forestshuffle.core.game import Game
    from forestshuffle.kinds.setup import setup_steps

    second = [pk.pick(b("birch")), *pk.filler(5, trees=False)]
    rest = [c for c in RULES.deck_cards if c not in {*first_hand, *second}]
    g = Game(RULES, 2, 0)
    g._run([ev.DeckBuilt((*first_hand, *second, *rest, *RULES.winter_cards), ()),
            setup_steps(RULES, 2)])
    g._advance()
    return g


def test_a_hand_holding_a_shrub_but_no_tree_is_not_offered_the_redraw(pk):
    """Decision: the opening-hand redraw ("no tree among them", RULES.md §1 set-up 3) is not
    offered to a hand holding a shrub, which opens a forest as a tree does (DECISIONS.md; BGA
    does the same). A hand of dwellers only is offered it."""
    shrub_hand = [pk.pick(w("elderberry")), *pk.filler(5, trees=False)]
    g = _dealt(shrub_hand, pk)
    assert sorted(g.state.hands[0]) == sorted(shrub_hand)
    assert (g.pending.kind, g.pending.player) == ("turn", 0)
    pk2 = CardPicker(RULES)
    dwellers = pk2.filler(6, trees=False)
    g2 = _dealt(dwellers, pk2)
    assert (g2.pending.kind, g2.pending.player) == ("mulligan", 0)
