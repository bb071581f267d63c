"""Effects, bonuses, triggers and slot sharing of the base-game species (RULES.md §1).

Each test sets up a position with :func:`forestshuffle.testing.scenario`, plays a card
through ordinary decisions and checks hands, caves, clearing, forest and whose turn it is.
"""

from __future__ import annotations

import pytest

import forestshuffle as fs
from forestshuffle.core import events as ev
from forestshuffle.testing import CardPicker, scenario
from forestshuffle.testing.moves import (
    extra_turn_started,
    hand,
    place,
    play,
    slot_places,
    turn_of,
    use,
)

RULES = fs.get_ruleset("base")


def sp(name: str) -> str:
    return f"base.{name}"


@pytest.fixture
def pk() -> CardPicker:
    return CardPicker(RULES)


def next_players_turn(g: fs.Game) -> bool:
    """Whether player 1's turn has begun."""
    return turn_of(g, 1)


# -- trees ---------------------------------------------------------------------------------


def test_birch_reveals_a_card_then_its_effect_draws_1(pk):
    birch = pk.pick(sp("birch"))
    x = pk.filler(1, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [birch, *x]}, deck=deck)
    play(g, birch)
    # the tree reveals the top deck card into the clearing before its effect
    assert g.state.clearing == [deck[0]]
    use(g, "effect")
    assert hand(g) == sorted([*x, deck[1]])
    assert next_players_turn(g)


def test_effects_are_optional_a_passed_birch_effect_draws_nothing(pk):
    birch = pk.pick(sp("birch"))
    x = pk.filler(1, trees=False)
    g = scenario(hands={0: [birch, *x]}, deck=pk.filler(3))
    play(g, birch)
    assert g.pending.kind == "effect"
    g.apply(fs.Pass())
    assert hand(g) == x
    assert next_players_turn(g)


def test_beech_effect_draws_1(pk):
    beech = pk.pick(sp("beech"))
    payment = pk.filler(1, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [beech, *payment]}, deck=deck)
    play(g, beech, pay=payment)
    use(g, "effect")
    assert hand(g) == [deck[1]]


def test_oak_bonus_gives_an_extra_turn(pk):
    oak = pk.pick(sp("oak"))
    payment = [pk.pick(sp("oak")), pk.pick(sp("oak"))]
    g = scenario(hands={0: [oak, *payment]}, deck=pk.filler(3))
    play(g, oak, pay=payment)
    use(g, "bonus")
    assert extra_turn_started(g)


def test_oak_gets_no_bonus_when_a_payment_card_lacks_the_oak_symbol(pk):
    oak = pk.pick(sp("oak"))
    payment = [pk.pick(sp("oak")), pk.pick(sp("birch"))]
    g = scenario(hands={0: [oak, *payment]}, deck=pk.filler(3))
    play(g, oak, pay=payment)
    # no bonus offered: the turn passes
    assert next_players_turn(g)


def test_bonus_counts_either_half_of_a_split_payment_card(pk):
    oak = pk.pick(sp("oak"))
    # hare (Silver Fir) / Red Fox (Oak): the Oak symbol is on one of its halves
    split = pk.pick(sp("red_fox"), symbol="Oak")
    assert RULES.card_symbols[split] >= {"Oak", "Silver Fir"}
    payment = [pk.pick(sp("oak")), split]
    g = scenario(hands={0: [oak, *payment]}, deck=pk.filler(3))
    play(g, oak, pay=payment)
    use(g, "bonus")
    assert extra_turn_started(g)


def test_silver_fir_bonus_free_plays_a_pawed_animal_without_its_own_effect(pk):
    birch, fir = pk.pick(sp("birch")), pk.pick(sp("silver_fir"))
    payment = [pk.pick(sp("silver_fir")), pk.pick(sp("silver_fir"))]
    wolf = pk.pick(sp("wolf"), side="right")
    jay = pk.pick(sp("eurasian_jay"), side="top")  # a bird, not pawed
    g = scenario(hands={0: [fir, *payment, wolf, jay]}, forests={0: [(birch, {})]},
                 deck=pk.filler(3))
    play(g, fir, pay=payment)
    use(g, "bonus")
    assert g.pending.kind == "free_play"
    assert set(g.pending.options) == {fs.PickCard(wolf), fs.Pass()}
    g.apply(fs.PickCard(wolf))
    place(g, 1, "right")
    # free: nothing paid, and the Wolf's own effect and bonus are not offered
    assert g.state.forests[0].where[wolf][:2] == (1, "right")
    assert hand(g) == [jay]
    assert next_players_turn(g)


def test_douglas_fir_bonus_gives_an_extra_turn(pk):
    fir = pk.pick(sp("douglas_fir"))
    payment = [pk.pick(sp("douglas_fir")), pk.pick(sp("douglas_fir"))]
    g = scenario(hands={0: [fir, *payment]}, deck=pk.filler(3))
    play(g, fir, pay=payment)
    use(g, "bonus")
    assert extra_turn_started(g)


# -- slot sharing ------------------------------------------------------------------------------


def test_european_hares_share_a_slot_without_limit(pk):
    birch = pk.pick(sp("birch"))
    h1, h2, h3 = (pk.pick(sp("european_hare"), side="left") for _ in range(3))
    g = scenario(hands={0: [h3]}, forests={0: [(birch, {"left": [h1, h2]})]})
    g.apply(fs.PlayCard(h3))
    assert (0, "left") in slot_places(g)
    place(g, 0, "left")
    assert g.state.forests[0].sites[0].slots["left"] == [h1, h2, h3]


def test_a_hare_does_not_join_a_slot_holding_another_species(pk):
    birch = pk.pick(sp("birch"))
    badger = pk.pick(sp("european_badger"), side="left")
    hare = pk.pick(sp("european_hare"), side="left")
    payment = pk.filler(2, trees=False)  # so the card's other half could be paid for
    g = scenario(hands={0: [hare, *payment]}, forests={0: [(birch, {"left": [badger]})]})
    g.apply(fs.PlayCard(hare))
    assert (0, "left") not in slot_places(g)


def test_other_animals_do_not_join_a_hare_slot(pk):
    birch = pk.pick(sp("birch"))
    hare = pk.pick(sp("european_hare"), side="left")
    lynx = pk.pick(sp("lynx"), side="left")
    payment = pk.filler(1, trees=False)
    g = scenario(hands={0: [lynx, *payment]}, forests={0: [(birch, {"left": [hare]})]})
    g.apply(fs.PlayCard(lynx))
    assert (0, "left") not in slot_places(g)


def test_a_second_common_toad_may_share_a_toads_slot(pk):
    birch = pk.pick(sp("birch"))
    t1, t2 = (pk.pick(sp("common_toad"), side="bottom") for _ in range(2))
    g = scenario(hands={0: [t2]}, forests={0: [(birch, {"bottom": [t1]})]})
    g.apply(fs.PlayCard(t2))
    place(g, 0, "bottom")
    assert g.state.forests[0].sites[0].slots["bottom"] == [t1, t2]


def test_a_third_common_toad_may_not_join_two_toads(pk):
    birch = pk.pick(sp("birch"))
    t1, t2, t3 = (pk.pick(sp("common_toad"), side="bottom") for _ in range(3))
    payment = pk.filler(2, trees=False)  # so the card's top half could be paid for
    g = scenario(hands={0: [t3, *payment]}, forests={0: [(birch, {"bottom": [t1, t2]})]})
    g.apply(fs.PlayCard(t3))
    assert slot_places(g) == {(0, "top")}


# -- left / right halves --------------------------------------------------------------------------


def test_european_badger_bonus_free_plays_a_pawed_animal(pk):
    birch, fir = pk.pick(sp("birch")), pk.pick(sp("douglas_fir"))
    badger = pk.pick(sp("european_badger"), side="right", symbol="Douglas Fir")
    payment = [pk.pick(sp("douglas_fir"))]
    lynx = pk.pick(sp("lynx"), side="left")
    jay = pk.pick(sp("eurasian_jay"), side="top")
    g = scenario(hands={0: [badger, *payment, lynx, jay]},
                 forests={0: [(birch, {}), (fir, {})]})
    play(g, badger, 0, "right", pay=payment)
    use(g, "bonus")
    assert set(g.pending.options) == {fs.PickCard(lynx), fs.Pass()}
    g.apply(fs.PickCard(lynx))
    place(g, 1, "left")
    assert hand(g) == [jay]
    assert next_players_turn(g)


def test_red_fox_effect_draws_one_card_per_european_hare(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    hares = [pk.pick(sp("european_hare"), side="left") for _ in range(2)]
    fox = pk.pick(sp("red_fox"), side="left")
    payment = pk.filler(2, trees=False)
    deck = pk.filler(4)
    g = scenario(hands={0: [fox, *payment]}, forests={0: [(birch, {"left": hares}), (oak, {})]},
                 deck=deck)
    play(g, fox, 1, "left", pay=payment)
    use(g, "effect")
    # 2 hares -> 2 cards
    assert hand(g) == sorted(deck[:2])


def test_red_fox_draws_stop_at_the_hand_limit_of_10(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    hares = [pk.pick(sp("european_hare"), side="left") for _ in range(4)]
    fox = pk.pick(sp("red_fox"), side="left")
    payment = pk.filler(2, trees=False)
    others = pk.filler(7)
    deck = pk.filler(5)
    g = scenario(hands={0: [fox, *payment, *others]},
                 forests={0: [(birch, {"left": hares}), (oak, {})]}, deck=deck)
    play(g, fox, 1, "left", pay=payment)
    use(g, "effect")
    # 7 cards left, 4 hares: only 3 drawn
    assert hand(g) == sorted([*others, *deck[:3]])


def test_raccoon_effect_caves_any_number_of_hand_cards_and_draws_as_many(pk):
    birch = pk.pick(sp("birch"))
    raccoon = pk.pick(sp("raccoon"), side="left")
    payment = pk.filler(1, trees=False)
    a, b, c = pk.filler(3)
    deck = pk.filler(4)
    g = scenario(hands={0: [raccoon, *payment, a, b, c]}, forests={0: [(birch, {})]},
                 deck=deck)
    play(g, raccoon, 0, "left", pay=payment)
    use(g, "effect")
    assert g.pending.kind == "cave"
    g.apply(fs.PickCard(a))
    g.apply(fs.PickCard(b))
    g.apply(fs.Pass())
    assert sorted(g.state.caves[0]) == sorted([a, b])
    assert hand(g) == sorted([c, *deck[:2]])
    assert g.scores()[0].cave == 2


def bear_game(pk, payment_species):
    birch = pk.pick(sp("birch"))
    bear = pk.pick(sp("brown_bear"), side="right", symbol="Horse Chestnut")
    payment = [pk.pick(sp(s)) for s in payment_species]
    clearing = pk.filler(2, trees=False)
    z = pk.filler(1, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [bear, *payment, *z]}, forests={0: [(birch, {})]},
                 clearing=clearing, deck=deck)
    play(g, bear, 0, "right", pay=payment)
    return g, payment, clearing, z, deck


def test_brown_bear_effect_puts_the_whole_clearing_payment_included_into_the_cave(pk):
    g, payment, clearing, _, _ = bear_game(pk, ["birch", "birch", "birch"])
    use(g, "effect")
    assert sorted(g.state.caves[0]) == sorted([*clearing, *payment])
    assert g.state.clearing == []
    assert g.scores()[0].cave == 5


def test_brown_bear_bonus_draws_1_and_gives_an_extra_turn(pk):
    g, _, _, z, deck = bear_game(pk, ["horse_chestnut"] * 3)
    use(g, "effect")
    use(g, "bonus")
    assert hand(g) == sorted([*z, deck[0]])
    assert extra_turn_started(g)


def test_beech_marten_effect_draws_1(pk):
    birch = pk.pick(sp("birch"))
    marten = pk.pick(sp("beech_marten"), side="left")
    payment = pk.filler(1, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [marten, *payment]}, forests={0: [(birch, {})]}, deck=deck)
    play(g, marten, 0, "left", pay=payment)
    use(g, "effect")
    assert hand(g) == [deck[0]]


def wolf_game(pk, payment_species):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    wolf = pk.pick(sp("wolf"), side="right", symbol="Silver Fir")
    fallow = pk.pick(sp("fallow_deer"), side="left")
    roe = pk.pick(sp("roe_deer"), side="right")
    boar = pk.pick(sp("wild_boar"), side="left")  # not a deer
    payment = [pk.pick(sp(s)) for s in payment_species]
    deck = pk.filler(4)
    g = scenario(hands={0: [wolf, *payment]},
                 forests={0: [(birch, {"left": [fallow], "right": [roe]}),
                              (oak, {"left": [boar]})]},
                 deck=deck)
    play(g, wolf, 1, "right", pay=payment)
    return g, deck


def test_wolf_effect_draws_one_card_per_deer(pk):
    g, deck = wolf_game(pk, ["birch"] * 3)
    use(g, "effect")
    # Fallow Deer + Roe Deer = 2 deer (the Wild Boar is no deer)
    assert hand(g) == sorted(deck[:2])
    assert next_players_turn(g)


def test_wolf_bonus_gives_an_extra_turn(pk):
    g, _ = wolf_game(pk, ["silver_fir"] * 3)
    g.apply(fs.Pass())  # the effect
    use(g, "bonus")
    assert extra_turn_started(g)


def test_fallow_deer_bonus_draws_2(pk):
    birch = pk.pick(sp("birch"))
    deer = pk.pick(sp("fallow_deer"), side="left", symbol="Linden")
    payment = [pk.pick(sp("linden")), pk.pick(sp("linden"))]
    deck = pk.filler(3)
    g = scenario(hands={0: [deer, *payment]}, forests={0: [(birch, {})]}, deck=deck)
    play(g, deer, 0, "left", pay=payment)
    use(g, "bonus")
    assert hand(g) == sorted(deck[:2])


def test_red_deer_bonus_free_plays_a_deer(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    deer = pk.pick(sp("red_deer"), side="left", symbol="Linden")
    payment = [pk.pick(sp("linden")), pk.pick(sp("linden"))]
    roe = pk.pick(sp("roe_deer"), side="left")
    lynx = pk.pick(sp("lynx"), side="left")  # not a deer
    g = scenario(hands={0: [deer, *payment, roe, lynx]},
                 forests={0: [(birch, {}), (oak, {})]}, deck=pk.filler(3))
    play(g, deer, 0, "left", pay=payment)
    use(g, "bonus")
    assert set(g.pending.options) == {fs.PickCard(roe), fs.Pass()}
    g.apply(fs.PickCard(roe))
    place(g, 1, "left")
    # the Roe Deer's own bonus is not offered
    assert hand(g) == [lynx]
    assert next_players_turn(g)


def test_roe_deer_bonus_draws_1(pk):
    birch = pk.pick(sp("birch"))
    roe = pk.pick(sp("roe_deer"), side="right", symbol="Beech")
    payment = [pk.pick(sp("beech")), pk.pick(sp("beech"))]
    deck = pk.filler(3)
    g = scenario(hands={0: [roe, *payment]}, forests={0: [(birch, {})]}, deck=deck)
    play(g, roe, 0, "right", pay=payment)
    use(g, "bonus")
    assert hand(g) == [deck[0]]


def test_gnat_effect_plays_any_number_of_bats_for_free(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    gnat = pk.pick(sp("gnat"), side="right")
    bat1 = pk.pick(sp("barbastelle_bat"), side="left")
    bat2 = pk.pick(sp("bechsteins_bat"), side="left")
    hare = pk.pick(sp("european_hare"), side="right")  # not a bat
    g = scenario(hands={0: [gnat, bat1, bat2, hare]}, forests={0: [(birch, {}), (oak, {})]})
    play(g, gnat, 0, "right")
    use(g, "effect")
    assert set(g.pending.options) == {fs.PickCard(bat1), fs.PickCard(bat2), fs.Pass()}
    g.apply(fs.PickCard(bat1))
    place(g, 0, "left")
    assert set(g.pending.options) == {fs.PickCard(bat2), fs.Pass()}
    g.apply(fs.PickCard(bat2))
    place(g, 1, "left")
    # both bats placed, nothing paid
    assert hand(g) == [hare]
    assert g.state.clearing == []
    assert {bat1, bat2} <= set(g.state.forests[0].where)
    assert next_players_turn(g)


def test_gnat_effect_ends_when_the_player_passes(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    gnat = pk.pick(sp("gnat"), side="right")
    bat1 = pk.pick(sp("barbastelle_bat"), side="left")
    bat2 = pk.pick(sp("bechsteins_bat"), side="left")
    g = scenario(hands={0: [gnat, bat1, bat2]}, forests={0: [(birch, {}), (oak, {})]})
    play(g, gnat, 0, "right")
    use(g, "effect")
    g.apply(fs.PickCard(bat1))
    place(g, 0, "left")
    g.apply(fs.Pass())
    assert hand(g) == [bat2]
    assert next_players_turn(g)


# -- top / bottom halves ---------------------------------------------------------------------------


def test_great_spotted_woodpecker_effect_draws_1(pk):
    birch = pk.pick(sp("birch"))
    bird = pk.pick(sp("great_spotted_woodpecker"), side="top")
    payment = pk.filler(1, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [bird, *payment]}, forests={0: [(birch, {})]}, deck=deck)
    play(g, bird, 0, "top", pay=payment)
    use(g, "effect")
    assert hand(g) == [deck[0]]


def test_tawny_owl_effect_draws_1_and_bonus_draws_2(pk):
    birch = pk.pick(sp("birch"))
    owl = pk.pick(sp("tawny_owl"), side="top", symbol="Beech")
    payment = [pk.pick(sp("beech")), pk.pick(sp("beech"))]
    deck = pk.filler(4)
    g = scenario(hands={0: [owl, *payment]}, forests={0: [(birch, {})]}, deck=deck)
    play(g, owl, 0, "top", pay=payment)
    use(g, "effect")
    assert hand(g) == [deck[0]]
    use(g, "bonus")
    assert hand(g) == sorted(deck[:3])


def test_eurasian_jay_effect_gives_an_extra_turn_whatever_the_payment(pk):
    """Eurasian Jay: "take another turn" is its effect, not a bonus (card appendix; RULES.md
    §1): paid with a card that does not show its symbol, it still gives an extra turn."""
    birch = pk.pick(sp("birch"))
    jay = pk.pick(sp("eurasian_jay"), side="top", symbol="Birch")
    payment = [pk.pick(sp("oak"))]
    g = scenario(hands={0: [jay, *payment]}, forests={0: [(birch, {})]}, deck=pk.filler(3))
    play(g, jay, 0, "top", pay=payment)
    use(g, "effect")
    assert extra_turn_started(g)
    assert not RULES.species[sp("eurasian_jay")].bonus


@pytest.mark.parametrize("species", ["tree_ferns", "pond_turtle"])
def test_tree_ferns_and_pond_turtle_effects_draw_1(pk, species):
    birch = pk.pick(sp("birch"))
    card = pk.pick(sp(species), side="bottom")
    cost = RULES.species[sp(species)].cost
    payment = pk.filler(cost, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [card, *payment]}, forests={0: [(birch, {})]}, deck=deck)
    play(g, card, 0, "bottom", pay=payment)
    use(g, "effect")
    assert hand(g) == [deck[0]]


def test_fire_salamander_bonus_free_plays_a_pawed_animal(pk):
    birch = pk.pick(sp("birch"))
    sal = pk.pick(sp("fire_salamander"), side="bottom", symbol="Horse Chestnut")
    payment = [pk.pick(sp("horse_chestnut"))]
    lynx = pk.pick(sp("lynx"), side="left")
    ferns = pk.pick(sp("tree_ferns"), side="bottom")  # a plant
    g = scenario(hands={0: [sal, *payment, lynx, ferns]}, forests={0: [(birch, {})]},
                 deck=pk.filler(3))
    play(g, sal, 0, "bottom", pay=payment)
    use(g, "bonus")
    assert set(g.pending.options) == {fs.PickCard(lynx), fs.Pass()}
    g.apply(fs.PickCard(lynx))
    place(g, 0, "left")
    assert hand(g) == [ferns]


def test_stag_beetle_bonus_free_plays_a_bird(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    beetle = pk.pick(sp("stag_beetle"), side="bottom", symbol="Sycamore")
    payment = [pk.pick(sp("sycamore")), pk.pick(sp("sycamore"))]
    hawk = pk.pick(sp("goshawk"), side="top")
    hare = pk.pick(sp("european_hare"), side="left")  # not a bird
    g = scenario(hands={0: [beetle, *payment, hawk, hare]},
                 forests={0: [(birch, {}), (oak, {})]}, deck=pk.filler(3))
    play(g, beetle, 0, "bottom", pay=payment)
    use(g, "bonus")
    assert set(g.pending.options) == {fs.PickCard(hawk), fs.Pass()}
    g.apply(fs.PickCard(hawk))
    place(g, 1, "top")
    assert hand(g) == [hare]
    assert next_players_turn(g)


def test_hedgehog_bonus_draws_1(pk):
    birch = pk.pick(sp("birch"))
    hog = pk.pick(sp("hedgehog"), side="bottom", symbol="Beech")
    payment = [pk.pick(sp("beech"))]
    deck = pk.filler(3)
    g = scenario(hands={0: [hog, *payment]}, forests={0: [(birch, {})]}, deck=deck)
    play(g, hog, 0, "bottom", pay=payment)
    use(g, "bonus")
    assert hand(g) == [deck[0]]


# -- mushrooms (permanent "may draw 1", from the next turn on) -----------------------------------


def test_chanterelle_lets_its_owner_draw_1_when_playing_a_tree(pk):
    birch = pk.pick(sp("birch"))
    mush = pk.pick(sp("chanterelle"), side="bottom")
    linden = pk.pick(sp("linden"))
    payment = pk.filler(1, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [linden, *payment]}, forests={0: [(birch, {"bottom": [mush]})]},
                 deck=deck)
    play(g, linden, pay=payment)
    use(g, "trigger")
    # deck[0] was revealed by the tree
    assert hand(g) == [deck[1]]


def test_chanterelle_also_fires_for_a_sapling(pk):
    birch = pk.pick(sp("birch"))
    mush = pk.pick(sp("chanterelle"), side="bottom")
    card = pk.filler(1, trees=False)[0]
    deck = pk.filler(3)
    g = scenario(hands={0: [card]}, forests={0: [(birch, {"bottom": [mush]})]}, deck=deck)
    g.apply(fs.PlaySapling(card))
    use(g, "trigger")
    assert hand(g) == [deck[1]]


def test_chanterelle_does_not_fire_for_a_card_placed_at_a_tree(pk):
    birch = pk.pick(sp("birch"))
    mush = pk.pick(sp("chanterelle"), side="bottom")
    hare = pk.pick(sp("european_hare"), side="left")
    g = scenario(hands={0: [hare]}, forests={0: [(birch, {"bottom": [mush]})]})
    play(g, hare, 0, "left")
    assert next_players_turn(g)


def test_fly_agaric_lets_its_owner_draw_1_when_playing_a_pawed_animal(pk):
    birch = pk.pick(sp("birch"))
    mush = pk.pick(sp("fly_agaric"), side="bottom")
    hare = pk.pick(sp("european_hare"), side="left")
    deck = pk.filler(3)
    g = scenario(hands={0: [hare]}, forests={0: [(birch, {"bottom": [mush]})]}, deck=deck)
    play(g, hare, 0, "left")
    use(g, "trigger")
    assert hand(g) == [deck[0]]


def test_fly_agaric_fires_for_a_pawed_animal_played_for_free(pk):
    birch, fir = pk.pick(sp("birch")), pk.pick(sp("silver_fir"))
    mush = pk.pick(sp("fly_agaric"), side="bottom")
    payment = [pk.pick(sp("silver_fir")), pk.pick(sp("silver_fir"))]
    hare = pk.pick(sp("european_hare"), side="left")
    deck = pk.filler(3)
    g = scenario(hands={0: [fir, *payment, hare]}, forests={0: [(birch, {"bottom": [mush]})]},
                 deck=deck)
    play(g, fir, pay=payment)  # a tree: no Fly Agaric trigger
    use(g, "bonus")
    g.apply(fs.PickCard(hare))
    place(g, 1, "left")
    use(g, "trigger")
    assert hand(g) == [deck[1]]


def test_fly_agaric_does_not_fire_for_an_animal_that_is_not_pawed(pk):
    birch = pk.pick(sp("birch"))
    mush = pk.pick(sp("fly_agaric"), side="bottom")
    squeaker = pk.pick(sp("squeaker"), side="right")
    g = scenario(hands={0: [squeaker]}, forests={0: [(birch, {"bottom": [mush]})]})
    play(g, squeaker, 0, "right")
    assert next_players_turn(g)


def test_parasol_mushroom_lets_its_owner_draw_1_when_placing_a_card_below_a_tree(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    mush = pk.pick(sp("parasol_mushroom"), side="bottom")
    moss = pk.pick(sp("moss"), side="bottom")
    deck = pk.filler(3)
    g = scenario(hands={0: [moss]}, forests={0: [(birch, {"bottom": [mush]}), (oak, {})]},
                 deck=deck)
    play(g, moss, 1, "bottom")
    use(g, "trigger")
    assert hand(g) == [deck[0]]


def test_parasol_mushroom_does_not_fire_for_a_card_on_top(pk):
    birch = pk.pick(sp("birch"))
    mush = pk.pick(sp("parasol_mushroom"), side="bottom")
    squirrel = pk.pick(sp("red_squirrel"), side="top")
    g = scenario(hands={0: [squirrel]}, forests={0: [(birch, {"bottom": [mush]})]})
    play(g, squirrel, 0, "top")
    assert next_players_turn(g)


def test_penny_bun_lets_its_owner_draw_1_when_placing_a_card_on_top_of_a_tree(pk):
    birch = pk.pick(sp("birch"))
    mush = pk.pick(sp("penny_bun"), side="bottom")
    squirrel = pk.pick(sp("red_squirrel"), side="top")
    deck = pk.filler(3)
    g = scenario(hands={0: [squirrel]}, forests={0: [(birch, {"bottom": [mush]})]}, deck=deck)
    play(g, squirrel, 0, "top")
    use(g, "trigger")
    assert hand(g) == [deck[0]]


def test_penny_bun_does_not_fire_for_a_card_below_a_tree(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    mush = pk.pick(sp("penny_bun"), side="bottom")
    moss = pk.pick(sp("moss"), side="bottom")
    g = scenario(hands={0: [moss]}, forests={0: [(birch, {"bottom": [mush]}), (oak, {})]})
    play(g, moss, 1, "bottom")
    assert next_players_turn(g)


def test_mushrooms_fire_only_for_their_owners_plays(pk):
    birch = pk.pick(sp("birch"))
    mush = pk.pick(sp("fly_agaric"), side="bottom")
    birch1 = pk.pick(sp("birch"))
    hare = pk.pick(sp("european_hare"), side="left")
    g = scenario(hands={1: [hare]}, forests={0: [(birch, {"bottom": [mush]})],
                                              1: [(birch1, {})]}, current=1)
    play(g, hare, 0, "left")
    # player 1's pawed animal does not fire player 0's Fly Agaric
    assert g.pending.kind == "turn" and g.pending.player == 0


def test_mushroom_trigger_resolves_after_the_cost_and_before_the_cards_effect_and_bonus(pk):
    """Mushrooms draw after the cost is paid and before the played card's effect and bonus
    (card appendix; RULES.md §1)."""
    birch = pk.pick(sp("birch"))
    mush = pk.pick(sp("penny_bun"), side="bottom")
    owl = pk.pick(sp("tawny_owl"), side="top", symbol="Beech")
    payment = [pk.pick(sp("beech")), pk.pick(sp("beech"))]
    deck = pk.filler(5)
    g = scenario(hands={0: [owl, *payment]}, forests={0: [(birch, {"bottom": [mush]})]},
                 deck=deck)
    play(g, owl, 0, "top", pay=payment)
    kinds = []
    while g.pending.player == 0:
        kinds.append(g.pending.kind)
        g.apply(fs.Use())
    assert kinds == ["trigger", "effect", "bonus"]
    # 1 + 1 + 2 cards drawn
    assert hand(g) == sorted(deck[:4])


def test_a_card_drawn_by_a_mushroom_can_be_caved_by_the_raccoon_played(pk):
    """The Fly Agaric's draw comes before the Raccoon's effect (card appendix; RULES.md §1),
    so the Raccoon may put the card just drawn into the cave."""
    birch = pk.pick(sp("birch"))
    mush = pk.pick(sp("fly_agaric"), side="bottom")
    raccoon = pk.pick(sp("raccoon"), side="left")
    payment = pk.filler(1, trees=False)
    deck = pk.filler(4)
    g = scenario(hands={0: [raccoon, *payment]}, forests={0: [(birch, {"bottom": [mush]})]},
                 deck=deck)
    play(g, raccoon, 0, "left", pay=payment)
    use(g, "trigger")
    assert hand(g) == [deck[0]]
    use(g, "effect")
    g.apply(fs.PickCard(deck[0]))
    g.apply(fs.Pass())
    assert g.state.caves[0] == [deck[0]]
    assert hand(g) == [deck[1]]


def test_a_mushroom_draw_revealing_the_last_winter_ends_the_game_before_the_effect(pk):
    """The third winter card ends the game at once (RULES.md §1): drawn by a mushroom, it
    comes before the played card's effect, which is then never offered."""
    birch = pk.pick(sp("birch"))
    mush = pk.pick(sp("penny_bun"), side="bottom")
    owl = pk.pick(sp("tawny_owl"), side="top")
    payment = pk.filler(2, trees=False)
    w1, w2, w3 = pk.winter(), pk.winter(), pk.winter()
    g = scenario(hands={0: [owl, *payment]}, forests={0: [(birch, {"bottom": [mush]})]},
                 winter=[w1, w2], deck=[w3, *pk.filler(3)])
    play(g, owl, 0, "top", pay=payment)
    evs = g.apply(fs.Use())  # the Penny Bun's draw
    assert ev.GameEnded("third_winter") in evs
    assert g.is_over
    assert not any(isinstance(e, ev.StepsQueued) and any(st.kind == "offer" for st in e.steps)
                   for e in evs)


def test_a_moles_own_mushroom_draw_comes_before_its_effect_and_can_be_played_by_it(pk):
    """A Mole (pawed, below a tree) fires the Fly Agaric before its own effect (card
    appendix; RULES.md §1), so the Mole may play the card just drawn."""
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    mush = pk.pick(sp("fly_agaric"), side="bottom")
    mole = pk.pick(sp("mole"), side="bottom")
    a, b = pk.filler(2, trees=False)
    drawn = pk.pick(sp("birch"))  # costs 0
    g = scenario(hands={0: [mole, a, b]}, forests={0: [(birch, {"bottom": [mush]}), (oak, {})]},
                 deck=[drawn, *pk.filler(3)])
    play(g, mole, 1, "bottom", pay=[a, b])
    use(g, "trigger")
    assert hand(g) == [drawn]
    use(g, "effect")
    assert fs.PickCard(drawn) in g.pending.options
    g.apply(fs.PickCard(drawn))
    assert g.state.forests[0].where[drawn][1] == "center"


def test_a_mole_played_cards_mushroom_draw_comes_before_its_effect_and_bonus(pk):
    """For each card the Mole plays, its mushroom draws resolve before its own effect and
    bonus (card appendix, Mole; RULES.md §1)."""
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    mush = pk.pick(sp("penny_bun"), side="bottom")
    mole = pk.pick(sp("mole"), side="bottom")
    owl = pk.pick(sp("tawny_owl"), side="top", symbol="Beech")
    beeches = [pk.pick(sp("beech")), pk.pick(sp("beech"))]
    a, b = pk.filler(2, trees=False)
    deck = pk.filler(6)
    g = scenario(hands={0: [mole, a, b, owl, *beeches]},
                 forests={0: [(birch, {"bottom": [mush]}), (oak, {})]}, deck=deck)
    play(g, mole, 1, "bottom", pay=[a, b])
    use(g, "effect")
    g.apply(fs.PickCard(owl))
    place(g, 0, "top")
    for c in beeches:
        g.apply(fs.PayWith(c))
    g.apply(fs.Pass())
    kinds = []
    while g.pending.player == 0:
        kinds.append(g.pending.kind)
        g.apply(fs.Use())
    assert kinds == ["trigger", "effect", "bonus"]
    assert hand(g) == sorted(deck[:4])


def test_mushroom_is_not_active_on_the_turn_it_is_played(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    mole = pk.pick(sp("mole"), side="bottom")
    mush = pk.pick(sp("chanterelle"), side="bottom")
    linden = pk.pick(sp("linden"))
    a, b, c, d, e = pk.filler(5, trees=False)
    g = scenario(hands={0: [mole, a, b, mush, c, d, linden, e]},
                 forests={0: [(birch, {}), (oak, {})]}, deck=pk.filler(3))
    play(g, mole, 0, "bottom", pay=[a, b])
    use(g, "effect")
    # the Mole lets the Chanterelle and then a tree be played this same turn
    g.apply(fs.PickCard(mush))
    place(g, 1, "bottom")
    g.apply(fs.PayWith(c))
    g.apply(fs.PayWith(d))
    g.apply(fs.PickCard(linden))
    g.apply(fs.PayWith(e))
    g.apply(fs.Pass())
    assert g.state.forests[0].where[linden][1] == "center"
    # no Chanterelle trigger for the Linden: it only acts from the next turn
    assert next_players_turn(g)


# -- Mole ------------------------------------------------------------------------------------


def test_mole_effect_plays_further_hand_cards_each_paying_its_cost(pk):
    birch = pk.pick(sp("birch"))
    mole = pk.pick(sp("mole"), side="bottom")
    linden = pk.pick(sp("linden"))
    hare = pk.pick(sp("european_hare"), side="left")
    a, b, c = pk.filler(3, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [mole, a, b, linden, c, hare]}, forests={0: [(birch, {})]},
                 deck=deck)
    play(g, mole, 0, "bottom", pay=[a, b])
    use(g, "effect")
    assert g.pending.kind == "play_further"
    g.apply(fs.PickCard(linden))
    assert g.pending.kind == "pay"  # the Linden costs 1 as usual
    g.apply(fs.PayWith(c))
    g.apply(fs.PickCard(hare))
    place(g, 0, "left")
    assert g.pending.kind == "play_further"
    g.apply(fs.Pass())
    forest = g.state.forests[0]
    assert forest.where[linden][:2] == (1, "center")
    assert forest.where[hare][:2] == (0, "left")
    # payments a, b (Mole) and c (Linden), and the Linden's reveal
    assert sorted(g.state.clearing) == sorted([a, b, c, deck[0]])
    assert hand(g) == []
    assert next_players_turn(g)


def test_mole_further_plays_resolve_after_passing_in_an_order_of_the_players_choice(pk):
    """The effects and bonuses of the cards a Mole played resolve after the player stops, in
    an order of the player's choice: a decision while more than one card waits (card
    appendix, Mole step 3; RULES.md §1). Each card's effect comes before its bonus."""
    birch = pk.pick(sp("birch"))
    mole = pk.pick(sp("mole"), side="bottom")
    birch2 = pk.pick(sp("birch"))
    owl = pk.pick(sp("tawny_owl"), side="top", symbol="Beech")
    beeches = [pk.pick(sp("beech")), pk.pick(sp("beech"))]
    a, b = pk.filler(2, trees=False)
    deck = pk.filler(6)
    g = scenario(hands={0: [mole, a, b, birch2, owl, *beeches]}, forests={0: [(birch, {})]},
                 deck=deck)
    play(g, mole, 0, "bottom", pay=[a, b])
    use(g, "effect")
    g.apply(fs.PickCard(birch2))
    # the Birch's effect waits: the player is asked for a further play first
    assert g.pending.kind == "play_further"
    g.apply(fs.PickCard(owl))
    place(g, 0, "top")
    for c in beeches:
        g.apply(fs.PayWith(c))
    assert hand(g) == []
    g.apply(fs.Pass())
    assert g.pending.kind == "resolve_order"
    assert set(g.pending.options) == {fs.PickCard(birch2), fs.PickCard(owl)}
    g.apply(fs.PickCard(owl))  # the owl first, though played second
    order = []
    while g.pending.player == 0:
        order.append((g.state.queue[0].card, g.pending.kind))
        g.apply(fs.Use())
    # the Birch, last to wait, needs no decision
    assert order == [(owl, "effect"), (owl, "bonus"), (birch2, "effect")]
    # deck[0] was revealed by the Birch; then 1 (owl) + 2 (owl bonus) + 1 (Birch)
    assert hand(g) == sorted(deck[1:5])
    assert g.state.hands[0][-1] == deck[4]  # the Birch's card came last


@pytest.mark.parametrize("birch_first", [True, False])
def test_mole_order_decides_whether_a_drawn_card_can_go_to_a_tree_the_mole_played(
        pk, birch_first):
    """The order of a Mole's plays matters when a card must sit at a tree the same Mole
    played (card appendix, Mole step 3): a Mole plays a Birch (effect: draw 1) and a Badger
    (bonus: free-play a pawed animal). Resolving the Birch first draws a hare that the
    Badger's bonus then puts at the new Birch; the other way round, there is nothing to play."""
    birch = pk.pick(sp("birch"))
    lc = pk.pick(sp("raccoon"), side="left")
    mole = pk.pick(sp("mole"), side="bottom")
    birch2 = pk.pick(sp("birch"))
    badger = pk.pick(sp("european_badger"), side="right", symbol="Douglas Fir")
    badger_pay = pk.pick(sp("douglas_fir"))
    a, b = pk.filler(2, trees=False)
    hare = pk.pick(sp("european_hare"), side="left")
    g = scenario(hands={0: [mole, a, b, birch2, badger, badger_pay]},
                 forests={0: [(birch, {"left": [lc]})]},
                 deck=[*pk.filler(1), hare, *pk.filler(3)])
    play(g, mole, 0, "bottom", pay=[a, b])
    use(g, "effect")
    g.apply(fs.PickCard(birch2))
    g.apply(fs.PickCard(badger))
    place(g, 0, "right")
    g.apply(fs.PayWith(badger_pay))
    g.apply(fs.Pass())
    assert g.pending.kind == "resolve_order"
    if birch_first:
        g.apply(fs.PickCard(birch2))
        use(g, "effect")
        assert hand(g) == [hare]
        use(g, "bonus")
        g.apply(fs.PickCard(hare))
        # the only free side slots are at the Birch the Mole played (site 1)
        assert slot_places(g) == {(1, "left")}
        place(g, 1, "left")
        assert g.state.forests[0].where[hare][:2] == (1, "left")
    else:
        g.apply(fs.PickCard(badger))
        use(g, "bonus")  # no pawed animal in hand: the free play has nothing to offer
        use(g, "effect")  # the Birch's draw, too late for the Badger
        assert hand(g) == [hare]
    assert next_players_turn(g)


def test_mole_extra_turn_earned_by_a_further_play_is_taken_after_this_turn(pk):
    birch = pk.pick(sp("birch"))
    mole = pk.pick(sp("mole"), side="bottom")
    fir = pk.pick(sp("douglas_fir"))
    payment = [pk.pick(sp("douglas_fir")), pk.pick(sp("douglas_fir"))]
    a, b = pk.filler(2, trees=False)
    g = scenario(hands={0: [mole, a, b, fir, *payment]}, forests={0: [(birch, {})]},
                 deck=pk.filler(3))
    play(g, mole, 0, "bottom", pay=[a, b])
    use(g, "effect")
    g.apply(fs.PickCard(fir))
    for c in sorted(payment):
        g.apply(fs.PayWith(c))
    g.apply(fs.Pass())
    use(g, "bonus")
    assert extra_turn_started(g)


def test_mole_can_pass_without_playing_further(pk):
    birch = pk.pick(sp("birch"))
    mole = pk.pick(sp("mole"), side="bottom")
    a, b = pk.filler(2, trees=False)
    linden = pk.pick(sp("linden"))
    g = scenario(hands={0: [mole, a, b, linden]}, forests={0: [(birch, {})]})
    play(g, mole, 0, "bottom", pay=[a, b])
    use(g, "effect")
    # the Linden costs 1 but is the only card held: it cannot be paid for
    assert fs.PickCard(linden) not in g.pending.options
    g.apply(fs.Pass())
    assert hand(g) == [linden]
    assert next_players_turn(g)


def test_mole_further_plays_fire_triggers_only_after_the_player_passes(pk):
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    mush = pk.pick(sp("penny_bun"), side="bottom")
    mole = pk.pick(sp("mole"), side="bottom")
    squirrel = pk.pick(sp("red_squirrel"), side="top")
    a, b = pk.filler(2, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [mole, a, b, squirrel]},
                 forests={0: [(birch, {"bottom": [mush]}), (oak, {})]}, deck=deck)
    play(g, mole, 1, "bottom", pay=[a, b])
    use(g, "effect")
    g.apply(fs.PickCard(squirrel))
    place(g, 0, "top")
    assert g.pending.kind == "play_further"
    g.apply(fs.Pass())
    use(g, "trigger")  # Penny Bun, for the Red Squirrel placed on top
    assert hand(g) == [deck[0]]
    assert next_players_turn(g)
