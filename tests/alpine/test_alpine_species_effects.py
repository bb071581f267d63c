"""Effects, bonuses and triggers of the Alpine species (the card appendix; DECISIONS.md
*Alpine and Woodland Edge*), played through ordinary decisions in base + Alpine.
"""

from __future__ import annotations

import pytest
from expansions.support import ALPINE, lacking, next_players_turn, pick, picks, ruleset, showing

import forestshuffle as fs
from forestshuffle.testing import CardPicker, scenario
from forestshuffle.testing.moves import extra_turn_started, hand, place, play, slot_places, use

RULES = ruleset(ALPINE)


def a(name: str) -> str:
    return f"alpine.{name}"


def b(name: str) -> str:
    return f"base.{name}"


@pytest.fixture
def pk() -> CardPicker:
    return CardPicker(RULES)


def has_mountain_half(card: int) -> bool:
    return any("alpine_mountain" in h.tags for h in RULES.halves[card])


# -- trees -------------------------------------------------------------------------------


def test_european_larch_bonus_free_plays_a_mountain_card(pk):
    larch = pk.pick(a("european_larch"))
    (pay,) = showing(pk, "European Larch")
    marmot = pk.pick(a("alpine_marmot"), side="left")
    hare = pk.pick(b("european_hare"), side="left")
    g = scenario(RULES, hands={0: [larch, pay, marmot, hare]}, deck=pk.filler(3))
    play(g, larch, pay=[pay])
    use(g, "bonus")
    assert g.pending.kind == "free_play"
    assert picks(g) == {marmot}  # the hare card has no Mountain half
    pick(g, marmot)
    place(g, 0, "left")
    f = g.state.forests[0]
    assert f.sites[0].slots["left"] == [marmot]
    assert next_players_turn(g)


def test_stone_pine_effect_draws_1_and_its_bonus_draws_1(pk):
    pine = pk.pick(a("stone_pine"))
    pay = showing(pk, "Stone Pine", 2)
    deck = pk.filler(4)
    g = scenario(RULES, hands={0: [pine, *pay]}, deck=deck)
    play(g, pine, pay=pay)
    assert g.state.clearing[-1] == deck[0]  # a tree reveals a card first
    use(g, "effect")
    use(g, "bonus")
    assert hand(g) == sorted(deck[1:3])


# -- left / right halves ------------------------------------------------------------------


def test_capercaillie_effect_free_plays_a_plant(pk):
    bird = pk.pick(a("capercaillie"), side="left")
    pay = pk.filler(1, trees=False)
    gentian = pk.pick(a("gentian"), side="bottom")
    owl = pk.pick(b("tawny_owl"), side="top")  # its card has no plant half
    birch = pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [bird, *pay, gentian, owl]}, forests={0: [(birch, {})]})
    play(g, bird, 0, "left", pay=pay)
    use(g, "effect")
    assert picks(g) == {gentian}
    pick(g, gentian)
    place(g, 0, "bottom")
    assert g.state.forests[0].sites[0].slots["bottom"] == [gentian]


def test_steinbock_effect_gives_an_extra_turn_whatever_the_payment(pk):
    ibex = pk.pick(a("steinbock"), side="left")
    pay = lacking(pk, RULES.halves[ibex][0].symbol or "", 3)
    birch = pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [ibex, *pay]}, forests={0: [(birch, {})]},
                 deck=pk.filler(3))
    play(g, ibex, 0, "left", pay=pay)
    use(g, "effect")  # an effect, not a bonus: offered with any payment
    assert extra_turn_started(g)


# -- top / bottom halves ------------------------------------------------------------------


def test_alpine_newt_bonus_free_plays_a_mountain_card_then_an_insect(pk):
    newt = pk.pick(a("alpine_newt"), side="bottom", symbol="Douglas Fir")
    (pay,) = showing(pk, "Douglas Fir")
    raven = pk.pick(a("common_raven"), side="top")  # Mountain, not an insect
    gnat = pk.pick(b("gnat"), side="right")  # insect, not Mountain
    birch = pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [newt, pay, raven, gnat]}, forests={0: [(birch, {})]})
    play(g, newt, 0, "bottom", pay=[pay])
    use(g, "bonus")
    assert has_mountain_half(raven) and not has_mountain_half(gnat)
    assert picks(g) == {raven}
    pick(g, raven)
    place(g, 0, "top")
    assert g.pending.kind == "free_play"
    assert picks(g) == {gnat}
    pick(g, gnat)
    place(g, 0, "right")
    slots = g.state.forests[0].sites[0].slots
    assert (slots["top"], slots["right"]) == ([raven], [gnat])


def test_bearded_vulture_effect_puts_2_clearing_cards_of_your_choice_into_the_cave(pk):
    vulture = pk.pick(a("bearded_vulture"), side="top")
    pay = pk.filler(1, trees=False)
    clear = pk.filler(3)
    birch = pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [vulture, *pay]}, forests={0: [(birch, {})]},
                 clearing=clear)
    play(g, vulture, 0, "top", pay=pay)
    use(g, "effect")
    assert picks(g) == {*clear, *pay}
    pick(g, clear[2])
    pick(g, pay[0])
    assert g.state.caves[0] == [clear[2], pay[0]]
    assert next_players_turn(g)


def test_bearded_vulture_effect_may_stop_after_1_or_0(pk):
    """The Bearded Vulture's text allows 0, 1 or 2 clearing cards (RULES.md §7, unlike the
    Eurasian Magpie's "two")."""
    vulture = pk.pick(a("bearded_vulture"), side="top")
    pay = pk.filler(1, trees=False)
    clear = pk.filler(3)
    g = scenario(RULES, hands={0: [vulture, *pay]}, forests={0: [(pk.pick(b("birch")), {})]},
                 clearing=clear)
    play(g, vulture, 0, "top", pay=pay)
    use(g, "effect")
    assert fs.Pass() in g.legal_actions()
    pick(g, clear[0])
    g.apply(fs.Pass())
    assert g.state.caves[0] == [clear[0]]
    assert next_players_turn(g)


def test_black_trumpet_draws_1_when_its_owner_plays_a_mountain_card_before_its_effect(pk):
    trumpet = pk.pick(a("black_trumpet"), side="bottom")
    raven = pk.pick(a("common_raven"), side="top")
    pay = pk.filler(1, trees=False)
    birch = pk.pick(b("birch"))
    deck = pk.filler(3)
    g = scenario(RULES, hands={0: [raven, *pay]}, forests={0: [(birch, {"bottom": [trumpet]})]},
                 deck=deck)
    play(g, raven, 0, "top", pay=pay)
    use(g, "trigger")  # after paying, before the Raven's own effect
    assert hand(g) == [deck[0]]
    use(g, "effect")
    assert hand(g) == sorted(deck[:2])


def test_black_trumpet_draws_from_the_turn_it_is_played(pk):
    """Black Trumpet: "From now on", whenever you play a Mountain card, draw 1 (card text,
    RULES.md §7; unlike the base mushrooms' "from your next turn on"). An Alpine Newt's
    bonus free-plays a Mountain card (the Trumpet), then an insect (a Phoebus Apollo, a
    Mountain card too): the Apollo draws a card in that same turn. The Trumpet does not
    draw for its own placement."""
    newt = pk.pick(a("alpine_newt"), side="bottom", symbol="Douglas Fir")
    pay = showing(pk, "Douglas Fir")
    trumpet = pk.pick(a("black_trumpet"), side="bottom")
    apollo = pk.pick(a("phoebus_apollo"), side="top")
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    deck = pk.filler(3)
    g = scenario(RULES, hands={0: [newt, trumpet, apollo, *pay]},
                 forests={0: [(t1, {}), (t2, {})]}, deck=deck)
    play(g, newt, 0, "bottom", pay=pay)
    use(g, "bonus")
    pick(g, trumpet)
    place(g, 1, "bottom")
    assert g.pending.kind == "free_play"  # no draw for the Trumpet itself
    pick(g, apollo)
    place(g, 0, "top")
    assert g.pending.kind == "trigger"
    use(g, "trigger")
    assert hand(g) == [deck[0]]


def test_black_trumpet_does_not_fire_for_a_card_without_the_mountain_tag(pk):
    trumpet = pk.pick(a("black_trumpet"), side="bottom")
    owl = pk.pick(b("tawny_owl"), side="top")
    pay = pk.filler(2, trees=False)
    birch = pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [owl, *pay]}, forests={0: [(birch, {"bottom": [trumpet]})]},
                 deck=pk.filler(3))
    play(g, owl, 0, "top", pay=pay)
    assert g.pending.kind == "effect"  # the Owl's own effect; no trigger offered


def test_blueberry_effect_free_plays_an_amphibian(pk):
    berry = pk.pick(a("blueberry"), side="bottom")
    pay = pk.filler(1, trees=False)
    toad = pk.pick(b("common_toad"), side="bottom")
    newt = pk.pick(a("alpine_newt"), side="bottom")
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [berry, *pay, toad, newt]},
                 forests={0: [(t1, {}), (t2, {})]})
    play(g, berry, 0, "bottom", pay=pay)
    use(g, "effect")
    assert picks(g) >= {newt, toad}
    pick(g, newt)
    place(g, 1, "bottom")
    assert g.state.forests[0].sites[1].slots["bottom"] == [newt]


def test_common_raven_effect_draws_1(pk):
    raven = pk.pick(a("common_raven"), side="top")
    pay = pk.filler(1, trees=False)
    deck = pk.filler(3)
    g = scenario(RULES, hands={0: [raven, *pay]}, forests={0: [(pk.pick(b("birch")), {})]},
                 deck=deck)
    play(g, raven, 0, "top", pay=pay)
    use(g, "effect")
    assert hand(g) == [deck[0]]


def test_edelweiss_effect_draws_1_and_its_bonus_draws_1(pk):
    flower = pk.pick(a("edelweiss"), side="bottom", symbol="European Larch")
    (pay,) = showing(pk, "European Larch")
    deck = pk.filler(3)
    g = scenario(RULES, hands={0: [flower, pay]}, forests={0: [(pk.pick(b("birch")), {})]},
                 deck=deck)
    play(g, flower, 0, "bottom", pay=[pay])
    use(g, "effect")
    use(g, "bonus")
    assert hand(g) == sorted(deck[:2])


def test_gentian_effect_free_plays_a_butterfly(pk):
    gentian = pk.pick(a("gentian"), side="bottom")
    apollo = pk.pick(a("phoebus_apollo"), side="top")
    raven = pk.pick(a("common_raven"), side="top", avoid=[a("phoebus_apollo")])
    birch = pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [gentian, apollo, raven]}, forests={0: [(birch, {})]})
    play(g, gentian, 0, "bottom")  # costs nothing
    use(g, "effect")
    assert apollo in picks(g) and raven not in picks(g)
    pick(g, apollo)
    place(g, 0, "top")
    assert g.state.forests[0].sites[0].slots["top"] == [apollo]


def test_mountain_hares_do_not_join_a_slot_of_european_hares(pk):
    """Decision: the Mountain Hare counts as a European Hare for counts (scoring, the Red
    Fox), not for slot sharing (DECISIONS.md; the other reading is option
    ``mountain_hare_shares_hare_slots``)."""
    eh = pk.pick(b("european_hare"), side="left")
    mh = pk.pick(a("mountain_hare"), side="left")
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    g = scenario(RULES, hands={0: [mh]}, forests={0: [(t1, {"left": [eh]}), (t2, {})]})
    g.apply(fs.PlayCard(mh))
    assert slot_places(g) == {(1, "left")}  # not beside the European Hare at site 0


def test_red_fox_effect_draws_one_card_per_hare_of_either_kind(pk):
    fox = pk.pick(b("red_fox"), side="left")
    eh = pk.pick(b("european_hare"), side="right")
    mh = pk.pick(a("mountain_hare"), side="left")
    pay = pk.filler(2, trees=False)
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    deck = pk.filler(4)
    g = scenario(RULES, hands={0: [fox, *pay]},
                 forests={0: [(t1, {"right": [eh], "left": [mh]}), (t2, {})]}, deck=deck)
    play(g, fox, 1, "left", pay=pay)
    use(g, "effect")
    assert hand(g) == sorted(deck[:2])
