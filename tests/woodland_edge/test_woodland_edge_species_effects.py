"""Effects, bonuses, triggers and slot rules of the Woodland Edge species (the card appendix;
DECISIONS.md *Alpine and Woodland Edge*), played through ordinary decisions in base +
Woodland Edge.
"""

from __future__ import annotations

import pytest
from expansions.support import EDGE, lacking, next_players_turn, pick, picks, ruleset, showing

import forestshuffle as fs
from forestshuffle.testing import CardPicker, scenario
from forestshuffle.testing.moves import extra_turn_started, hand, place, play, slot_places, use

RULES = ruleset(EDGE)


def w(name: str) -> str:
    return f"woodland_edge.{name}"


def b(name: str) -> str:
    return f"base.{name}"


@pytest.fixture
def pk() -> CardPicker:
    return CardPicker(RULES)


def symbol_of(card: int, species: str) -> str:
    return next(h.symbol for h in RULES.halves[card] if h.species == species) or ""


# -- shrubs --------------------------------------------------------------------------------

#: shrub -> (a card species with the shrub's tag, its side at a tree)
SHRUB_TAGS = {
    "blackthorn": ("peacock_butterfly", "top"),
    "common_hazel": ("barbastelle_bat", "left"),
    "elderberry": ("moss", "bottom"),
}


@pytest.mark.parametrize("shrub", sorted(SHRUB_TAGS))
def test_shrub_bonus_free_plays_a_card_of_its_tag_which_activates_its_draw(pk, shrub):
    """Blackthorn / Common Hazel / Elderberry, bonus: play a butterfly / bat / plant for free;
    "This activates the permanent effect of the Blackthorn." (card text, RULES.md §7): the
    card the bonus places draws a card, though the shrub's draw otherwise works from its
    owner's next turn on (as the mushrooms')."""
    tagged, side = SHRUB_TAGS[shrub]
    card = pk.pick(w(shrub), symbol="Birch")
    target = pk.pick(b(tagged), side=side)
    pay = showing(pk, "Birch", 2)
    deck = pk.filler(3)
    g = scenario(RULES, hands={0: [card, target, *pay]}, deck=deck)
    play(g, card, pay=pay)
    assert g.state.clearing == sorted(pay)  # a shrub reveals no card
    use(g, "bonus")
    assert target in picks(g)
    pick(g, target)
    place(g, 0, f"shrub_{side}")
    assert g.state.forests[0].sites[0].slots[f"shrub_{side}"] == [target]
    assert g.pending.kind == "trigger"
    use(g, "trigger")
    assert hand(g) == [deck[0]]
    assert next_players_turn(g)


@pytest.mark.parametrize("shrub", sorted(SHRUB_TAGS))
def test_shrub_draws_1_when_its_owner_plays_a_card_of_its_tag_before_that_cards_effects(
        pk, shrub):
    tagged, side = SHRUB_TAGS[shrub]
    card = pk.pick(w(shrub))
    target = pk.pick(b(tagged), side=side)
    birch = pk.pick(b("birch"))
    pay = pk.filler(RULES.species[b(tagged)].cost, trees=False)
    deck = pk.filler(3)
    g = scenario(RULES, hands={0: [target, *pay]}, forests={0: [(birch, {}), (card, {})]},
                 deck=deck)
    play(g, target, 0, side, pay=pay)
    use(g, "trigger")
    assert hand(g) == [deck[0]]


def test_a_shrub_does_not_fire_for_a_card_without_its_tag(pk):
    hazel = pk.pick(w("common_hazel"))
    moss = pk.pick(b("moss"), side="bottom")
    birch = pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [moss]}, forests={0: [(birch, {}), (hazel, {})]},
                 deck=pk.filler(3))
    play(g, moss, 0, "bottom")
    assert next_players_turn(g)


# -- left / right halves ------------------------------------------------------------------


def test_bee_swarm_effect_caves_every_clearing_card_with_a_plant_shrub_or_tree(pk):
    swarm = pk.pick(w("bee_swarm"), side="left")
    plant = pk.pick(b("moss"), side="bottom")
    tree = pk.pick(b("oak"))
    shrub = pk.pick(w("elderberry"))
    other = pk.pick(b("wolf"), side="left", avoid=[b("moss")])  # a Wolf / Gnat card
    pay = [pk.pick(b("gnat"), side="right")]  # a Badger / Gnat card: no plant
    g = scenario(RULES, hands={0: [swarm, *pay]}, forests={0: [(pk.pick(b("birch")), {})]},
                 clearing=[plant, tree, shrub, other])
    play(g, swarm, 0, "left", pay=pay)
    use(g, "effect")
    assert sorted(g.state.caves[0]) == sorted([plant, tree, shrub])
    assert sorted(g.state.clearing) == sorted([other, *pay])


def test_crane_fly_effect_plays_any_number_of_bats_for_free(pk):
    fly = pk.pick(w("crane_fly"), side="left")
    pay = pk.filler(1, trees=False)
    bat1 = pk.pick(w("common_pipistrelle"), side="left")
    bat2 = pk.pick(b("barbastelle_bat"), side="left")
    t1, t2, t3 = (pk.pick(b("birch")) for _ in range(3))
    g = scenario(RULES, hands={0: [fly, *pay, bat1, bat2]},
                 forests={0: [(t1, {}), (t2, {}), (t3, {})]})
    play(g, fly, 0, "left", pay=pay)
    use(g, "effect")
    pick(g, bat1)
    place(g, 1, "left")
    pick(g, bat2)
    place(g, 2, "left")
    assert not g.state.hands[0]
    assert next_players_turn(g)


def crane_fly_bonus_game(pk, clearing: list[int], keep: int) -> tuple[fs.Game, int]:
    """A Crane Fly played with its bonus (paid with a card showing Birch and no bat), the
    effect skipped; *keep* other cards stay in hand."""
    fly = pk.pick(w("crane_fly"), side="left", symbol="Birch")
    pay = pk.pick(b("european_hare"), symbol="Birch")  # a Lynx / Hare card: no bat
    others = lacking(pk, "no symbol", keep)
    g = scenario(RULES, hands={0: [fly, pay, *others]},
                 forests={0: [(pk.pick(b("birch")), {})]}, clearing=clearing)
    play(g, fly, 0, "left", pay=[pay])
    g.apply(fs.Pass())  # the effect
    use(g, "bonus")
    return g, pay


def test_crane_fly_bonus_takes_every_bat_of_the_clearing_into_the_hand(pk):
    bats = [pk.pick(w("common_pipistrelle"), side="left"),
            pk.pick(b("barbastelle_bat"), side="left")]
    other = pk.pick(b("goshawk"), side="top")  # a Goshawk / Moss card: no bat
    g, pay = crane_fly_bonus_game(pk, [*bats, other], 0)
    assert hand(g) == sorted(bats)
    assert sorted(g.state.clearing) == sorted([other, pay])


def test_crane_fly_bonus_stops_at_the_hand_limit_letting_the_player_choose(pk):
    bats = [pk.pick(w("common_pipistrelle"), side="left"),
            pk.pick(b("barbastelle_bat"), side="left"), pk.pick(b("bechsteins_bat"), side="left")]
    g, _ = crane_fly_bonus_game(pk, bats, 8)  # 8 cards in hand: room for 2 of the 3 bats
    assert g.pending.kind == "take"
    assert picks(g) == set(bats)
    pick(g, bats[2])
    pick(g, bats[0])
    assert len(g.state.hands[0]) == 10
    assert bats[1] in g.state.clearing
    assert next_players_turn(g)


def test_european_bison_effect_gives_an_extra_turn(pk):
    bison = pk.pick(w("european_bison"), side="left")
    pay = lacking(pk, symbol_of(bison, w("european_bison")), 3)
    g = scenario(RULES, hands={0: [bison, *pay]}, forests={0: [(pk.pick(b("birch")), {})]},
                 deck=pk.filler(3))
    play(g, bison, 0, "left", pay=pay)
    use(g, "effect")
    assert extra_turn_started(g)


def test_european_polecat_bonus_gives_an_extra_turn(pk):
    cat = pk.pick(w("european_polecat"), side="left")
    pay = showing(pk, symbol_of(cat, w("european_polecat")), 2)
    g = scenario(RULES, hands={0: [cat, *pay]}, forests={0: [(pk.pick(b("birch")), {})]},
                 deck=pk.filler(3))
    play(g, cat, 0, "left", pay=pay)
    use(g, "bonus")
    assert extra_turn_started(g)


def test_european_wildcat_effect_takes_a_clearing_card_of_your_choice(pk):
    cat = pk.pick(w("european_wildcat"), side="left")
    pay = pk.filler(1, trees=False)
    clear = pk.filler(2)
    g = scenario(RULES, hands={0: [cat, *pay]}, forests={0: [(pk.pick(b("birch")), {})]},
                 clearing=clear)
    play(g, cat, 0, "left", pay=pay)
    use(g, "effect")
    g.apply(RULES.take_actions_pick(clear[1]))
    assert hand(g) == [clear[1]]


def test_wild_boar_female_effect_removes_the_clearing_from_the_game(pk):
    sow = pk.pick(w("wild_boar_female"), side="left")
    pay = pk.filler(2, trees=False)
    clear = pk.filler(3)
    g = scenario(RULES, hands={0: [sow, *pay]}, forests={0: [(pk.pick(b("birch")), {})]},
                 clearing=clear)
    play(g, sow, 0, "left", pay=pay)
    use(g, "effect")
    assert g.state.clearing == []
    assert set(g.state.box) >= {*clear, *pay}  # payment included: it was in the clearing


def test_wild_boar_female_bonus_free_plays_a_squeaker_of_either_box(pk):
    sow = pk.pick(w("wild_boar_female"), side="left", symbol="Birch")
    pay = showing(pk, "Birch", 2)
    sq_base = pk.pick(b("squeaker"), side="right")
    sq_edge = pk.pick(w("squeaker"), side="left")
    boar = pk.pick(b("wild_boar"), side="left", avoid=[b("squeaker")])
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [sow, *pay, sq_base, sq_edge, boar]},
                 forests={0: [(t1, {}), (t2, {})]}, deck=pk.filler(3))
    play(g, sow, 0, "left", pay=pay)
    g.apply(fs.Pass())  # skip the effect
    use(g, "bonus")
    assert picks(g) == {sq_base, sq_edge}  # not the Wild Boar's card
    pick(g, sq_edge)
    place(g, 1, "left")
    assert g.state.forests[0].sites[1].slots["left"] == [sq_edge]
    assert next_players_turn(g)  # one Squeaker only


# -- top / bottom halves ------------------------------------------------------------------


def test_barn_owl_effect_gives_an_extra_turn_with_a_bat_in_the_forest(pk):
    owl = pk.pick(w("barn_owl"), side="top")
    pay = pk.filler(2, trees=False)
    bat = pk.pick(w("common_pipistrelle"), side="left")
    g = scenario(RULES, hands={0: [owl, *pay]},
                 forests={0: [(pk.pick(b("birch")), {"left": [bat]})]}, deck=pk.filler(3))
    play(g, owl, 0, "top", pay=pay)
    use(g, "effect")
    assert extra_turn_started(g)


def test_barn_owl_effect_gives_no_extra_turn_without_a_bat(pk):
    owl = pk.pick(w("barn_owl"), side="top")
    pay = pk.filler(2, trees=False)
    g = scenario(RULES, hands={0: [owl, *pay]}, forests={0: [(pk.pick(b("birch")), {})]},
                 deck=pk.filler(3))
    play(g, owl, 0, "top", pay=pay)
    use(g, "effect")
    assert next_players_turn(g)


def magpie_game(pk, clear: list[int]) -> tuple[fs.Game, int]:
    """A Eurasian Magpie played with its bonus earned, its effect skipped, its bonus used."""
    magpie = pk.pick(w("eurasian_magpie"), side="top", symbol="Birch")
    (pay,) = showing(pk, "Birch")
    g = scenario(RULES, hands={0: [magpie, pay]}, forests={0: [(pk.pick(b("birch")), {})]},
                 clearing=clear)
    play(g, magpie, 0, "top", pay=[pay])
    g.apply(fs.Pass())  # the effect
    use(g, "bonus")
    return g, pay


def test_eurasian_magpie_effect_takes_a_clearing_card_and_bonus_caves_2(pk):
    magpie = pk.pick(w("eurasian_magpie"), side="top", symbol="Birch")
    (pay,) = showing(pk, "Birch")
    clear = pk.filler(4)
    g = scenario(RULES, hands={0: [magpie, pay]}, forests={0: [(pk.pick(b("birch")), {})]},
                 clearing=clear)
    play(g, magpie, 0, "top", pay=[pay])
    use(g, "effect")
    g.apply(RULES.take_actions_pick(clear[0]))
    use(g, "bonus")
    pick(g, clear[1])
    pick(g, pay)
    assert hand(g) == [clear[0]]
    assert g.state.caves[0] == [clear[1], pay]


def test_eurasian_magpie_bonus_caves_exactly_2_with_no_stopping_after_1(pk):
    """Eurasian Magpie, bonus: take two cards from the clearing into your cave (card text,
    RULES.md §7): no "stop" is offered, before or after the first card (the Bearded Vulture
    is the card that allows 0, 1 or 2)."""
    clear = pk.filler(3)
    g, pay = magpie_game(pk, clear)
    assert not any(isinstance(a, fs.Pass) for a in g.legal_actions())
    pick(g, clear[2])
    assert g.pending.kind == "cave"
    assert not any(isinstance(a, fs.Pass) for a in g.legal_actions())
    pick(g, pay)
    assert g.state.caves[0] == [clear[2], pay]
    assert next_players_turn(g)


def test_eurasian_magpie_bonus_caves_the_whole_clearing_when_it_holds_fewer_than_2(pk):
    """"Take two cards": with one card in the clearing (its payment), that one goes, and
    no decision is left to ask."""
    g, pay = magpie_game(pk, [])
    assert g.state.caves[0] == [pay] and g.state.clearing == []
    assert next_players_turn(g)


def test_great_green_bush_cricket_effect_free_plays_a_bird(pk):
    cricket = pk.pick(w("great_green_bush_cricket"), side="bottom")
    pay = pk.filler(1, trees=False)
    magpie = pk.pick(w("eurasian_magpie"), side="top", avoid=[w("great_green_bush_cricket")])
    birch = pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [cricket, *pay, magpie]}, forests={0: [(birch, {})]})
    play(g, cricket, 0, "bottom", pay=pay)
    use(g, "effect")
    pick(g, magpie)
    place(g, 0, "top")
    assert g.state.forests[0].sites[0].slots["top"] == [magpie]


def test_nightingale_bonus_gives_an_extra_turn(pk):
    bird = pk.pick(w("nightingale"), side="top", symbol="Oak")
    (pay,) = showing(pk, "Oak")
    g = scenario(RULES, hands={0: [bird, pay]}, forests={0: [(pk.pick(w("elderberry")), {})]},
                 deck=pk.filler(3))
    play(g, bird, 0, "shrub_top", pay=[pay])
    use(g, "bonus")
    assert extra_turn_started(g)


def vole_game(pk, deck: list[int], hand_: list[int], winter=()) -> tuple[fs.Game, int]:
    """A Water Vole played (bonus earned) beside a Chanterelle; its effect used."""
    vole = pk.pick(w("water_vole"), side="bottom", symbol="Sycamore")
    pay = showing(pk, "Sycamore", 2)
    chanterelle = pk.pick(b("chanterelle"), side="bottom")
    g = scenario(RULES, hands={0: [vole, *pay, *hand_]},
                 forests={0: [(pk.pick(b("birch")), {}),
                              (pk.pick(b("oak")), {"bottom": [chanterelle]})]},
                 deck=deck, winter=list(winter))
    play(g, vole, 0, "bottom", pay=pay)
    use(g, "effect")
    return g, chanterelle


def test_water_vole_places_every_sapling_then_reveals_one_card_per_sapling(pk):
    """Water Vole: "first place all the chosen saplings, then reveal one card per sapling"
    (card text, RULES.md §7). No card is revealed, and no Chanterelle draws, while the player
    is still choosing; then one reveal per sapling, then the Chanterelle once per sapling."""
    x, y, z = pk.filler(3, trees=False)
    deck = pk.filler(6)
    g, _ = vole_game(pk, deck, [x, y, z])
    clearing = list(g.state.clearing)
    pick(g, x)
    assert g.pending.kind == "play_saplings" and g.state.clearing == clearing
    pick(g, z)
    assert g.state.clearing == clearing
    g.apply(fs.Pass())  # plant nothing more
    f = g.state.forests[0]
    assert [s.card for s in f.sites][2:] == [x, z]
    assert f.count("saplings") == 2
    assert g.state.clearing == [*clearing, deck[0], deck[1]]  # a reveal each
    use(g, "trigger")  # the Chanterelle: a sapling is a tree play
    g.apply(fs.Pass())  # skip it for the second sapling
    assert hand(g) == sorted([y, deck[2]])
    use(g, "bonus")
    assert extra_turn_started(g)


def test_water_vole_does_not_offer_the_cards_a_chanterelle_draws_as_further_saplings(pk):
    """"Cards a Chanterelle draws for those saplings have no further relevance for this
    Water Vole" (card text, RULES.md §7): the step is over before the Chanterelle draws."""
    (x,) = pk.filler(1, trees=False)
    deck = pk.filler(6)
    g, _ = vole_game(pk, deck, [x])
    pick(g, x)  # the hand is empty now: the saplings are all planted
    use(g, "trigger")
    assert hand(g) == [deck[1]]
    assert g.pending.kind == "bonus"  # no further sapling offered


def test_water_vole_a_third_winter_revealed_comes_after_all_saplings_are_placed(pk):
    """All saplings are placed before the first reveal: a third winter card revealed for
    the first sapling ends the game with every chosen sapling in the forest."""
    x, y = pk.filler(2, trees=False)
    w1, w2, w3 = pk.winter(), pk.winter(), pk.winter()
    g, _ = vole_game(pk, [w3, *pk.filler(2)], [x, y], winter=[w1, w2])
    pick(g, x)
    pick(g, y)  # the hand is empty: the reveals begin
    assert g.is_over and g.end_reason == "third_winter"
    assert [s.card for s in g.state.forests[0].sites][2:] == [x, y]


def test_without_a_stinging_nettle_the_top_slot_holds_one_butterfly(pk):
    """Without the Nettle, the top slot of a tree holds one card: a second butterfly goes
    elsewhere (the base rule)."""
    peacock = pk.pick(b("peacock_butterfly"), side="top")
    mapb = pk.pick(w("map_butterfly"), side="top")
    b1, b2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [mapb]}, forests={0: [(b1, {"top": [peacock]}), (b2, {})]})
    play(g, mapb)
    assert (0, "top") not in slot_places(g)


def test_stinging_nettle_lets_butterflies_of_any_species_share_the_top_slot_of_its_site(pk):
    """Stinging Nettle: any number of butterflies may share the top slot of the tree or shrub
    it sits at (card appendix)."""
    nettle = pk.pick(w("stinging_nettle"), side="bottom")
    peacock = pk.pick(b("peacock_butterfly"), side="top")
    mapb = pk.pick(w("map_butterfly"), side="top")
    b1, b2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [mapb]},
                 forests={0: [(b1, {"top": [peacock], "bottom": [nettle]}), (b2, {})]})
    play(g, mapb)
    assert (0, "top") in slot_places(g)
    place(g, 0, "top")
    assert g.state.forests[0].sites[0].slots["top"] == [peacock, mapb]
    # a card that is no butterfly does not join them, nor do butterflies elsewhere share
    owl = pk.pick(b("tawny_owl"), side="top")
    g2 = scenario(RULES, hands={0: [owl, *pk.filler(2, trees=False)]},
                  forests={0: [(b1, {"top": [peacock], "bottom": [nettle]}), (b2, {})]})
    g2.apply(fs.PlayCard(owl))
    assert (0, "top") not in {(o.site, o.slot) for o in g2.legal_actions()
                              if isinstance(o, fs.Place)}
    g3 = scenario(RULES, hands={0: [mapb]}, forests={0: [(b1, {"top": [peacock]}), (b2, {})]})
    play(g3, mapb)
    assert (0, "top") not in slot_places(g3)  # no Nettle at that tree
