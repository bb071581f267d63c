"""Smoky Mountains in play (RULES.md §3): random games to the end, card conservation,
records, the placement rules of trees and rivers, and the plugin's scoring kinds.
"""

from __future__ import annotations

from collections import Counter

import pytest

import forestshuffle as fs
from forestshuffle.core.rules import placements
from forestshuffle.testing import CardPicker, scenario

RULES = fs.get_ruleset("smoky")
GENERIC = "smoky_generic_river"


def sp(name: str) -> str:
    return f"smoky.{name}"


@pytest.fixture
def pk() -> CardPicker:
    return CardPicker(RULES)


def spots(g: fs.Game, card: int, species: str, player: int = 0) -> set[tuple[int, str]]:
    """(site, slot) pairs where *card*'s half of *species* may go now."""
    hi = [h.species for h in RULES.halves[card]].index(sp(species))
    return {(p.site, p.slot) for p in placements(g.state, player, card) if p.half == hi}


def points(g: fs.Game, card: int, player: int = 0) -> int:
    for cs in g.scores()[player].cards:
        if cs.card == card:
            return cs.points
    raise KeyError(card)


# -- whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_random_games_play_to_the_end(players: int, seed: int) -> None:
    g = fs.new_game("smoky", players=players, seed=seed)
    fs.bots.play_out(g, fs.bots.RandomBot(seed))
    assert g.is_over and g.end_reason == "third_winter"
    placed = [c for cards in g.state.zones().values() for c in cards]
    assert Counter(placed) == Counter(list(RULES.cards)), "every card in exactly one place"
    assert len(g.state.winter) == 3
    for f in g.state.forests:
        for site in f.sites:
            assert site.kind.id.startswith("smoky_")
    loaded = fs.Game.from_json(g.to_json())
    assert loaded.events == g.events
    assert loaded.scores().totals == g.scores().totals


def test_removal_by_player_count() -> None:
    for players, removed in {2: 45, 3: 30, 4: 15, 5: 0}.items():
        g = fs.new_game("smoky", players=players, seed=1)
        assert len(g.state.box) == removed
        assert all(len(h) == 6 for h in g.state.hands)


def test_games_use_rivers() -> None:
    """Over a few random games, trees get generic rivers and rivers get water cards."""
    kinds: Counter[str] = Counter()
    for seed in range(6):
        g = fs.new_game("smoky", players=3, seed=seed)
        fs.bots.play_out(g, fs.bots.RandomBot(seed))
        for f in g.state.forests:
            for site in f.sites:
                kinds[site.kind.id] += 1
    assert kinds["smoky_tree_with_river"] > 0
    assert kinds["smoky_tree"] > 0
    assert kinds["smoky_river"] + kinds["smoky_waterfall"] + kinds[GENERIC] > 0


# -- trees and generic rivers -------------------------------------------------------------


def test_playing_a_tree_offers_a_generic_river(pk: CardPicker) -> None:
    """A tree played may take one more hand card face down below it, for free; the site
    then has top, left, right and 2 slots below the river, and counts as a river."""
    birch, extra, spare = pk.pick(sp("yellow_birch")), pk.filler(1, trees=False)[0], \
        pk.filler(1, trees=False)[0]
    g = scenario("smoky", hands={0: [birch, extra, spare]})
    g.apply(fs.PlayCard(birch))
    assert g.pending.kind == "upgrade_site"
    g.apply(fs.PickCard(extra))
    f = g.state.forests[0]
    site = f.sites[0]
    assert site.kind.id == "smoky_tree_with_river"
    assert site.under == [extra]
    assert f.where[extra] == (0, "under", -1)
    assert set(site.slots) == {"top", "left", "right", "bottom_1", "bottom_2"}
    assert f.count("feature:river") == 1 and f.count("trees") == 1
    assert extra not in g.state.hands[0]


def test_a_tree_without_river_never_gets_one_later(pk: CardPicker) -> None:
    birch = pk.pick(sp("yellow_birch"))
    hand = pk.filler(3, trees=False)
    g = scenario("smoky", hands={0: [birch, *hand]})
    g.apply(fs.PlayCard(birch))
    assert g.pending.kind == "upgrade_site"
    g.apply(fs.Pass())
    assert g.state.forests[0].sites[0].kind.id == "smoky_tree"
    while g.pending.player == 0 and g.pending.kind != "turn":
        assert g.pending.kind != "upgrade_site"
        g.apply(fs.Pass())
    assert g.state.forests[0].sites[0].kind.id == "smoky_tree"
    assert g.state.forests[0].sites[0].under == []


# -- placement rules ------------------------------------------------------------------------


def test_water_cards_never_on_a_tree_without_river(pk: CardPicker) -> None:
    tree = pk.pick(sp("hemlock"))
    trout = pk.pick(sp("brook_trout"))  # bottom, water
    mink = pk.pick(sp("mink"))  # left/right, needs a tree with a river
    eagle = pk.pick(sp("bald_eagle"))  # top, water
    g = scenario("smoky", forests={0: [(tree, {})]}, hands={0: [trout, mink, eagle]})
    assert spots(g, trout, "brook_trout") == set()
    assert spots(g, mink, "mink") == set()
    assert spots(g, eagle, "bald_eagle") == set()
    turtle = pk.pick(sp("common_box_turtle"))
    g = scenario("smoky", forests={0: [(tree, {})]}, hands={0: [turtle]})
    assert spots(g, turtle, "common_box_turtle") == {(0, "bottom")}


def test_tree_with_river_offers_its_below_slots_to_water_cards(pk: CardPicker) -> None:
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    trout = pk.pick(sp("brook_trout"))
    turtle = pk.pick(sp("common_box_turtle"))  # bottom, no water requirement
    eagle = pk.pick(sp("bald_eagle"))
    squirrel = pk.pick(sp("flying_squirrel"))
    mink = pk.pick(sp("mink"), side="left")
    g = scenario("smoky", forests={0: [(tree, {"under": [under]})]},
                 hands={0: [trout, turtle, eagle, squirrel, mink]})
    assert g.state.forests[0].sites[0].kind.id == "smoky_tree_with_river"
    assert spots(g, trout, "brook_trout") == {(0, "bottom_1"), (0, "bottom_2")}
    assert spots(g, turtle, "common_box_turtle") == set()
    # top, left and right take cards with and without a water requirement
    assert spots(g, eagle, "bald_eagle") == {(0, "top")}
    assert spots(g, squirrel, "flying_squirrel") == {(0, "top")}
    assert spots(g, mink, "mink") == {(0, "left")}


def test_only_water_cards_in_a_standalone_river(pk: CardPicker) -> None:
    creek = pk.pick(sp("creek"))
    face_down = pk.filler(1, trees=False)[0]
    darter = 128  # Flying Squirrel over Greenside Darter
    pk.used.add(darter)
    eagle = pk.pick(sp("bald_eagle"))
    hellbender = pk.pick(sp("eastern_hellbender"))
    turtle = pk.pick(sp("common_box_turtle"))
    rs = pk.pick(sp("red_squirrel"))
    g = scenario("smoky", forests={0: [(creek, {}), ((GENERIC, face_down), {})]},
                 hands={0: [darter, eagle, hellbender, turtle, rs]})
    f = g.state.forests[0]
    assert [s.kind.id for s in f.sites] == ["smoky_river", GENERIC]
    assert f.count("feature:river") == 2 and f.count("trees") == 0
    below = {(s, b) for s in (0, 1) for b in ("bottom_1", "bottom_2")}
    above = {(s, t) for s in (0, 1) for t in ("top_1", "top_2")}
    assert spots(g, darter, "greenside_darter") == below
    assert spots(g, darter, "flying_squirrel") == set()
    assert spots(g, eagle, "bald_eagle") == above
    assert spots(g, hellbender, "eastern_hellbender") == below
    assert spots(g, turtle, "common_box_turtle") == set()
    assert spots(g, rs, "red_squirrel") == set()  # rivers have no side slots


def test_water_starwort_only_in_a_river(pk: CardPicker) -> None:
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    plain = pk.pick(sp("buckeye"))
    creek = pk.pick(sp("creek"))
    starwort = pk.pick(sp("water_starwort"))
    g = scenario("smoky", forests={0: [(tree, {"under": [under]}), (plain, {}), (creek, {})]},
                 hands={0: [starwort]})
    assert spots(g, starwort, "water_starwort") == {(2, "top_1"), (2, "top_2")}


def test_waterfall_takes_only_fish_below(pk: CardPicker) -> None:
    fall = pk.pick(sp("waterfall"))
    fish = [pk.pick(sp("greenside_darter")), pk.pick(sp("smallmouth_bass")),
            pk.pick(sp("yellow_perch"))]
    hellbender = pk.pick(sp("eastern_hellbender"))  # water, but an amphibian
    pondweed = pk.pick(sp("largeleaf_pondweed"))  # water, a plant
    caddis = pk.pick(sp("caddisfly"))  # water, top
    trout = pk.pick(sp("brook_trout"))
    g = scenario("smoky", forests={0: [(fall, {"bottom_1": [fish[0]], "bottom_2": [fish[1]],
                                               "bottom_3": [fish[2]]})]},
                 hands={0: [hellbender, pondweed, caddis, trout]})
    site = g.state.forests[0].sites[0]
    assert site.kind.id == "smoky_waterfall"
    assert spots(g, trout, "brook_trout") == {(0, "bottom_4")}
    assert spots(g, hellbender, "eastern_hellbender") == set()
    assert spots(g, pondweed, "largeleaf_pondweed") == set()
    assert spots(g, caddis, "caddisfly") == {(0, "top_1"), (0, "top_2")}


def test_playing_a_water_card_into_a_river(pk: CardPicker) -> None:
    """Through ordinary decisions: a Greenside Darter (cost 0) goes below a Creek."""
    creek = pk.pick(sp("creek"))
    darter = pk.pick(sp("greenside_darter"))
    g = scenario("smoky", forests={0: [(creek, {})]}, hands={0: [darter]})
    g.apply(fs.PlayCard(darter))
    assert g.pending.kind == "place"
    assert {(o.site, o.slot) for o in g.pending.options} == {(0, "bottom_1"),
                                                             (0, "bottom_2")}
    g.apply(next(o for o in g.pending.options if o.slot == "bottom_1"))
    assert g.state.forests[0].sites[0].slots["bottom_1"] == [darter]


def test_cannot_act_caves_and_redraws(pk: CardPicker) -> None:
    """Ten cards in hand, none placeable: show the hand, cave up to 2, draw as many."""
    hand = [pk.pick(sp("brook_trout")) for _ in range(4)] + \
        [pk.pick(sp("red_squirrel")) for _ in range(4)] + \
        [pk.pick(sp("gray_squirrel")) for _ in range(2)]
    g = scenario("smoky", hands={0: hand})
    assert g.pending.kind == "cave"
    g.apply(fs.PickCard(hand[0]))
    g.apply(fs.PickCard(hand[1]))
    assert g.state.caves[0] == hand[:2]
    assert len(g.state.hands[0]) == 10
    assert g.pending.player == 1


# -- the plugin's scoring kinds -------------------------------------------------------------


def test_basswood_counts_its_symbol_at_its_site(pk: CardPicker) -> None:
    """AP example: a Basswood without river with 4 Basswood cards attached scores 5×2."""
    bw = pk.pick(sp("basswood"))
    falcon = pk.pick(sp("peregrine_falcon"), symbol="Basswood")  # S122
    salamander = pk.pick(sp("imitator_salamander"), symbol="Basswood")  # S126
    warbler = pk.pick(sp("chestnut_sided_warbler"), symbol="Basswood")  # S101
    mouse = pk.pick(sp("white_footed_mouse"), symbol="Basswood")  # S103
    assert {falcon, salamander, warbler, mouse} == {122, 126, 101, 103}
    sides = {h.species: h.position.value for h in RULES.halves[warbler]}
    w_side = sides[sp("chestnut_sided_warbler")]
    m_side = {h.species: h.position.value for h in RULES.halves[mouse]}[
        sp("white_footed_mouse")]
    slots = {"top": [falcon], "bottom": [salamander], w_side: [warbler]}
    if m_side != w_side:
        slots[m_side] = [mouse]
    g = scenario("smoky", forests={0: [(bw, slots)]})
    n = 1 + len([c for cards in slots.values() for c in cards])
    assert points(g, bw) == 2 * n


def test_hickory_counts_the_river_and_cards_below(pk: CardPicker) -> None:
    hickory, under = pk.pick(sp("hickory")), pk.filler(1, trees=False)[0]
    trout, darter = pk.pick(sp("brook_trout")), pk.pick(sp("greenside_darter"))
    crickets = [pk.pick(sp("thermometer_cricket")) for _ in range(2)]
    g = scenario("smoky", forests={0: [(hickory, {"under": [under], "top": crickets,
                                                  "bottom_1": [trout],
                                                  "bottom_2": [darter]})]})
    assert points(g, hickory) == 2 * 5  # 2 crickets, 2 fish, the river


def test_brook_trout_scores_rivers_without_fish(pk: CardPicker) -> None:
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    plain = pk.pick(sp("buckeye"))
    creek, fd = pk.pick(sp("creek")), pk.filler(1, trees=False)[0]
    trout = pk.pick(sp("brook_trout"))
    starwort = pk.pick(sp("water_starwort"))
    # rivers: tree with river (trout below), Creek (only a plant on top), generic (empty)
    g = scenario("smoky", forests={0: [(tree, {"under": [under], "bottom_1": [trout]}),
                                       (plain, {}), (creek, {"top_1": [starwort]}),
                                       ((GENERIC, fd), {})]})
    assert points(g, trout) == 3 * 2
    assert points(g, starwort) == 3 + 1  # 3 rivers, 1 fish


def test_spotted_skunk_alone_at_its_tree(pk: CardPicker) -> None:
    t1, t2, under = pk.pick(sp("hemlock")), pk.pick(sp("hemlock")), \
        pk.filler(1, trees=False)[0]
    skunks = [pk.pick(sp("spotted_skunk"), side="left") for _ in range(2)]
    mouse = pk.pick(sp("white_footed_mouse"), side="right")
    g = scenario("smoky", forests={0: [(t1, {"under": [under], "left": [skunks[0]]}),
                                       (t2, {"left": [skunks[1]], "right": [mouse]})]})
    assert points(g, skunks[0]) == 10
    assert points(g, skunks[1]) == 0


def test_black_bear_with_two_fish_at_its_tree(pk: CardPicker) -> None:
    t1, t2, u1, u2 = pk.pick(sp("hemlock")), pk.pick(sp("hemlock")), \
        *pk.filler(2, trees=False)
    bears = [pk.pick(sp("black_bear"), side="left") for _ in range(2)]
    fish = [pk.pick(sp("smallmouth_bass")) for _ in range(3)]
    g = scenario("smoky", forests={0: [
        (t1, {"under": [u1], "left": [bears[0]], "bottom_1": [fish[0]],
              "bottom_2": [fish[1]]}),
        (t2, {"under": [u2], "left": [bears[1]], "bottom_1": [fish[2]]})]})
    assert points(g, bears[0]) == 30
    assert points(g, bears[1]) == 10


def test_virginia_opossum_counts_different_symbols(pk: CardPicker) -> None:
    tree = pk.pick(sp("yellow_birch"))
    opossum = pk.pick(sp("virginia_opossum"))
    g = scenario("smoky", forests={0: [(tree, {"top": [opossum]})]})
    sym = next(h.symbol for h in RULES.halves[opossum] if h.species == sp("virginia_opossum"))
    assert points(g, opossum) == 2 * len({"Yellow Birch", sym})
