"""Effects, bonuses, item triggers and slot sharing of the base-set species of the Pokémon
re-theme (seed 003: 效果和奖励, 卡牌效果; each is its base-game counterpart's, RULES.md §1).

Each test sets up a position with :func:`forestshuffle.testing.scenario`, plays a card
through ordinary decisions and checks hands, boxes, the grass, the team and whose turn it
is.
"""

from __future__ import annotations

import pytest

import forestshuffle as fs
from forestshuffle.testing.moves import extra_turn_started, hand, place, play, slot_places, use
from forestshuffle_pokemon.common import (
    DUSK,
    FRIEND,
    GREAT,
    MASTER,
    PREMIER,
    QUICK,
    REPEAT,
    ULTRA,
)

from .helpers import RULES, Picker, next_players_turn, scenario, sp


@pytest.fixture
def pk() -> Picker:
    return Picker(RULES)


# -- trainers and dex backs ------------------------------------------------------------------


def test_playing_a_trainer_puts_the_payment_and_the_top_deck_card_into_the_grass(pk):
    """Seed 003, 打出示例: pay by putting hand cards face up in the grass, then, for a
    trainer dex, the top deck card too (Ash costs 2)."""
    ash = pk.pick(sp("ash"))
    assert RULES.species[sp("ash")].cost == 2
    payment = pk.filler(2, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [ash, *payment]}, deck=deck)
    assert g.rules is RULES
    play(g, ash, pay=payment)
    assert sorted(g.state.clearing) == sorted([*payment, deck[0]])
    assert g.state.forests[0].where[ash][1] == "center"
    assert next_players_turn(g)


def test_a_dex_back_is_any_hand_card_face_down_with_four_slots_and_no_group(pk):
    """Seed 003, 图鉴背面: any hand card face down, free, four slots, no group."""
    card = pk.pick(sp("pikachu"))
    deck = pk.filler(3)
    g = scenario(hands={0: [card]}, deck=deck)
    g.apply(fs.PlaySapling(card))
    site = g.state.forests[0].sites[0]
    assert site.species is None and site.symbol is None and len(site.slots) == 4
    assert g.state.clearing == [deck[0]]


@pytest.mark.parametrize("group", [GREAT, ULTRA])
def test_great_and_ultra_ball_trainers_effect_draws_1_after_the_reveal(pk, group):
    t = pk.trainer(group)
    cost = RULES.halves[t][0].cost
    payment = pk.filler(cost, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [t, *payment]}, deck=deck)
    play(g, t, pay=payment)
    assert g.state.clearing[-1] == deck[0]
    use(g, "effect")
    assert hand(g) == [deck[1]]


@pytest.mark.parametrize("group", [MASTER, QUICK])
def test_master_and_quick_ball_trainers_bonus_gives_an_extra_turn(pk, group):
    t, *payment = pk.trainers(group, 3)
    g = scenario(hands={0: [t, *payment]}, deck=pk.filler(3))
    play(g, t, pay=payment)
    use(g, "bonus")
    assert extra_turn_started(g)


def test_no_bonus_when_a_payment_card_lacks_the_played_cards_group(pk):
    """Seed 003, 奖励: every payment card must show the played card's group colour."""
    t, same = pk.trainers(MASTER, 2)
    other = pk.trainer(QUICK)
    g = scenario(hands={0: [t, same, other]}, deck=pk.filler(3))
    play(g, t, pay=[same, other])
    assert next_players_turn(g)


def test_a_split_payment_card_counts_if_either_half_shows_the_group(pk):
    t, same = pk.trainers(MASTER, 2)
    split = pk.pick(sp("raichu"), symbol=MASTER)  # card 72: Pikachu (Dusk) / Raichu (Master)
    assert RULES.card_symbols[split] == {MASTER, DUSK}
    g = scenario(hands={0: [t, same, split]}, deck=pk.filler(3))
    play(g, t, pay=[same, split])
    use(g, "bonus")
    assert extra_turn_started(g)


def test_dusk_ball_trainer_bonus_free_plays_an_electric_pokemon(pk):
    great = pk.trainer(GREAT)
    t, *payment = pk.trainers(DUSK, 3)
    pikachu = pk.pick(sp("pikachu"), side="left")
    togekiss = pk.pick(sp("togekiss"), side="top")  # flying, not electric
    g = scenario(hands={0: [t, *payment, pikachu, togekiss]}, forests={0: [(great, {})]},
                 deck=pk.filler(3))
    play(g, t, pay=payment)
    use(g, "bonus")
    assert set(g.pending.options) == {fs.PickCard(pikachu), fs.Pass()}
    g.apply(fs.PickCard(pikachu))
    place(g, 1, "left")
    assert hand(g) == [togekiss]
    assert next_players_turn(g)


@pytest.mark.parametrize("group", [PREMIER, FRIEND, REPEAT])
def test_premier_friend_and_repeat_ball_trainers_have_no_effect_or_bonus(pk, group):
    t, *payment = pk.trainers(group, 1 + RULES.halves[pk.trainer(group)][0].cost)
    g = scenario(hands={0: [t, *payment]}, deck=pk.filler(3))
    play(g, t, pay=payment)
    assert next_players_turn(g)


def test_an_opening_hand_without_a_trainer_may_be_redrawn_once():
    """Seed 003, set-up 6: no trainer among the 6 cards -> one redraw of 6."""
    for seed in range(200):
        g = fs.new_game("pokemon", players=2, seed=seed)
        if g.pending.kind == "mulligan":
            hand0 = list(g.state.hands[0])
            assert not any(RULES.is_tree_card(c) for c in hand0)
            g.apply(fs.Redraw())
            assert len(g.state.hands[0]) == 6 and set(g.state.hands[0]).isdisjoint(hand0)
            return
    pytest.fail("no opening hand without a trainer in 200 seeds")


def test_a_professor_dex_is_no_trainer_for_the_opening_redraw():
    """Seed 003, set-up 6: "如果这些卡牌都不是训练家": a hand whose only site card is a
    professor dex (expansion 2) may still be redrawn; a hand with a trainer may not."""
    rules = fs.get_ruleset("pokemon", expansions=["pokemon_exp1", "pokemon_exp2"])
    for seed in range(400):
        g = fs.new_game(rules, players=2, seed=seed)
        hand0 = g.state.hands[0]
        professor = [c for c in hand0 if rules.opens_site(c)]
        if professor and not any(rules.is_tree_card(c) for c in hand0):
            assert g.pending.kind == "mulligan" and g.pending.player == 0
            assert fs.Redraw() in g.legal_actions()
            return
        if any(rules.is_tree_card(c) for c in hand0):
            assert g.pending.kind != "mulligan" or g.pending.player != 0
    pytest.fail("no opening hand with a professor dex and no trainer in 400 seeds")


# -- slot sharing ----------------------------------------------------------------------------


def test_any_number_of_pikachu_share_a_slot_and_nothing_else_joins_them(pk):
    t = pk.trainer(GREAT)
    p1, p2, p3 = (pk.pick(sp("pikachu"), side="left") for _ in range(3))
    plusle = pk.pick(sp("plusle"), side="left")
    payment = pk.filler(1, trees=False)
    g = scenario(hands={0: [p3]}, forests={0: [(t, {"left": [p1, p2]})]})
    g.apply(fs.PlayCard(p3))
    place(g, 0, "left")
    assert g.state.forests[0].sites[0].slots["left"] == [p1, p2, p3]
    g = scenario(hands={0: [plusle, *payment]}, forests={0: [(t, {"left": [p1]})]})
    g.apply(fs.PlayCard(plusle))
    assert (0, "left") not in slot_places(g)


def test_at_most_two_luvdisc_share_a_slot(pk):
    t = pk.trainer(GREAT)
    l1, l2, l3 = (pk.pick(sp("luvdisc"), side="bottom") for _ in range(3))
    payment = pk.filler(2, trees=False)
    g = scenario(hands={0: [l2]}, forests={0: [(t, {"bottom": [l1]})]})
    g.apply(fs.PlayCard(l2))
    place(g, 0, "bottom")
    assert g.state.forests[0].sites[0].slots["bottom"] == [l1, l2]
    g = scenario(hands={0: [l3, *payment]}, forests={0: [(t, {"bottom": [l1, l2]})]})
    g.apply(fs.PlayCard(l3))
    assert slot_places(g) == {(0, "top")}


# -- left / right halves ---------------------------------------------------------------------


def test_plusle_bonus_free_plays_an_electric_pokemon(pk):
    a, b = pk.trainer(GREAT), pk.trainer(QUICK)
    plusle = pk.pick(sp("plusle"), side="right", symbol=QUICK)
    payment = [pk.trainer(QUICK)]
    lux = pk.pick(sp("luxray"), side="left")
    crobat = pk.pick(sp("crobat"), side="top")
    g = scenario(hands={0: [plusle, *payment, lux, crobat]}, forests={0: [(a, {}), (b, {})]})
    play(g, plusle, 0, "right", pay=payment)
    use(g, "bonus")
    assert set(g.pending.options) == {fs.PickCard(lux), fs.Pass()}
    g.apply(fs.PickCard(lux))
    place(g, 1, "left")
    assert hand(g) == [crobat]


def test_raichu_effect_draws_1_per_pikachu_stopping_at_the_hand_limit(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    pikachus = [pk.pick(sp("pikachu"), side="left") for _ in range(4)]
    raichu = pk.pick(sp("raichu"), side="left")
    payment = pk.filler(2, trees=False)
    others = pk.filler(7)
    deck = pk.filler(5)
    g = scenario(hands={0: [raichu, *payment, *others]},
                 forests={0: [(a, {"left": pikachus}), (b, {})]}, deck=deck)
    play(g, raichu, 1, "left", pay=payment)
    use(g, "effect")
    # 4 Pikachu, but 7 cards in hand: only 3 drawn
    assert hand(g) == sorted([*others, *deck[:3]])


def test_pachirisu_effect_boxes_any_number_of_hand_cards_and_draws_as_many(pk):
    t = pk.trainer(GREAT)
    pach = pk.pick(sp("pachirisu"), side="left")
    payment = pk.filler(1, trees=False)
    a, b, c = pk.filler(3)
    deck = pk.filler(4)
    g = scenario(hands={0: [pach, *payment, a, b, c]}, forests={0: [(t, {})]}, deck=deck)
    play(g, pach, 0, "left", pay=payment)
    use(g, "effect")
    g.apply(fs.PickCard(a))
    g.apply(fs.PickCard(b))
    g.apply(fs.Pass())
    assert sorted(g.state.caves[0]) == sorted([a, b])
    assert hand(g) == sorted([c, *deck[:2]])
    assert g.scores()[0].cave == 2


def test_magnezone_boxes_the_whole_grass_its_payment_included_bonus_draw_1_extra_turn(pk):
    t = pk.trainer(GREAT)
    mag = pk.pick(sp("magnezone"), side="right", symbol=REPEAT)
    payment = pk.trainers(REPEAT, 3)
    grass = pk.filler(2, trees=False)
    z = pk.filler(1, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [mag, *payment, *z]}, forests={0: [(t, {})]}, clearing=grass,
                 deck=deck)
    play(g, mag, 0, "right", pay=payment)
    use(g, "effect")
    assert sorted(g.state.caves[0]) == sorted([*grass, *payment])
    assert g.state.clearing == []
    use(g, "bonus")
    assert hand(g) == sorted([*z, deck[0]])
    assert extra_turn_started(g)


@pytest.mark.parametrize(("name", "side"), [("ampharos", "left"), ("altaria", "top"),
                                            ("oddish", "bottom"), ("squirtle", "bottom")])
def test_ampharos_altaria_oddish_and_squirtle_effects_draw_1(pk, name, side):
    t = pk.trainer(GREAT)
    card = pk.pick(sp(name), side=side)
    payment = pk.filler(RULES.species[sp(name)].cost, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [card, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, card, 0, side, pay=payment)
    use(g, "effect")
    assert hand(g) == [deck[0]]


def test_manectric_effect_draws_1_per_fighting_pokemon_and_bonus_gives_an_extra_turn(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    man = pk.pick(sp("manectric"), side="right", symbol=DUSK)
    inf = pk.pick(sp("infernape"), side="left")
    emb = pk.pick(sp("emboar"), side="right")
    arc = pk.pick(sp("arcanine"), side="left")  # fire only
    payment = pk.trainers(DUSK, 3)
    deck = pk.filler(4)
    g = scenario(hands={0: [man, *payment]},
                 forests={0: [(a, {"left": [inf], "right": [emb]}), (b, {"left": [arc]})]},
                 deck=deck)
    play(g, man, 1, "right", pay=payment)
    use(g, "effect")
    assert hand(g) == sorted(deck[:2])
    use(g, "bonus")
    assert extra_turn_started(g)


def test_infernape_bonus_draws_2(pk):
    t = pk.trainer(GREAT)
    inf = pk.pick(sp("infernape"), side="left", symbol=PREMIER)
    payment = pk.trainers(PREMIER, 2)
    deck = pk.filler(3)
    g = scenario(hands={0: [inf, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, inf, 0, "left", pay=payment)
    use(g, "bonus")
    assert hand(g) == sorted(deck[:2])


def test_blaziken_bonus_free_plays_a_fighting_pokemon(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    bla = pk.pick(sp("blaziken"), side="left", symbol=PREMIER)
    payment = pk.trainers(PREMIER, 2)
    emb = pk.pick(sp("emboar"), side="left")
    arc = pk.pick(sp("arcanine"), side="left")  # fire, not fighting
    g = scenario(hands={0: [bla, *payment, emb, arc]}, forests={0: [(a, {}), (b, {})]},
                 deck=pk.filler(3))
    play(g, bla, 0, "left", pay=payment)
    use(g, "bonus")
    assert set(g.pending.options) == {fs.PickCard(emb), fs.Pass()}
    g.apply(fs.PickCard(emb))
    place(g, 1, "left")
    assert hand(g) == [arc]
    assert next_players_turn(g)


def test_emboar_bonus_draws_1(pk):
    t = pk.trainer(GREAT)
    emb = pk.pick(sp("emboar"), side="right", symbol=ULTRA)
    payment = pk.trainers(ULTRA, 2)
    deck = pk.filler(3)
    g = scenario(hands={0: [emb, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, emb, 0, "right", pay=payment)
    use(g, "bonus")
    assert hand(g) == [deck[0]]


def test_eevee_effect_plays_any_number_of_eeveelutions_for_free(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    eevee = pk.pick(sp("eevee"), side="right")
    v = pk.pick(sp("vaporeon"), side="left")
    j = pk.pick(sp("jolteon"), side="left")
    pik = pk.pick(sp("pikachu"), side="right")  # no Eeveelution
    g = scenario(hands={0: [eevee, v, j, pik]}, forests={0: [(a, {}), (b, {})]})
    play(g, eevee, 0, "right")
    use(g, "effect")
    assert set(g.pending.options) == {fs.PickCard(v), fs.PickCard(j), fs.Pass()}
    g.apply(fs.PickCard(v))
    place(g, 0, "left")
    g.apply(fs.PickCard(j))
    place(g, 1, "left")
    assert hand(g) == [pik] and g.state.clearing == []
    assert next_players_turn(g)


# -- top / bottom halves ---------------------------------------------------------------------


def test_crobat_effect_gives_an_extra_turn_whatever_the_payment_shows(pk):
    """RULES.md §1: the Jay's extra turn is an effect, with no payment condition."""
    t = pk.trainer(GREAT)
    crobat = pk.pick(sp("crobat"), side="top", symbol=GREAT)
    payment = [pk.trainer(QUICK)]  # not Great Ball
    g = scenario(hands={0: [crobat, *payment]}, forests={0: [(t, {})]}, deck=pk.filler(3))
    play(g, crobat, 0, "top", pay=payment)
    use(g, "effect")
    assert extra_turn_started(g)


def test_gliscor_effect_draws_1_and_bonus_draws_2(pk):
    t = pk.trainer(GREAT)
    gl = pk.pick(sp("gliscor"), side="top", symbol=ULTRA)
    payment = pk.trainers(ULTRA, 2)
    deck = pk.filler(4)
    g = scenario(hands={0: [gl, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, gl, 0, "top", pay=payment)
    use(g, "effect")
    assert hand(g) == [deck[0]]
    use(g, "bonus")
    assert hand(g) == sorted(deck[:3])


def test_wooper_bonus_free_plays_an_electric_pokemon(pk):
    t = pk.trainer(GREAT)
    w = pk.pick(sp("wooper"), side="bottom", symbol=REPEAT)
    payment = [pk.trainer(REPEAT)]
    lux = pk.pick(sp("luxray"), side="left")
    g = scenario(hands={0: [w, *payment, lux]}, forests={0: [(t, {})]}, deck=pk.filler(3))
    play(g, w, 0, "bottom", pay=payment)
    use(g, "bonus")
    g.apply(fs.PickCard(lux))
    place(g, 0, "left")
    assert hand(g) == []


def test_dunsparce_bonus_free_plays_a_flying_pokemon(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    dun = pk.pick(sp("dunsparce"), side="bottom", symbol=FRIEND)
    payment = pk.trainers(FRIEND, 2)
    tk = pk.pick(sp("togekiss"), side="top")
    pik = pk.pick(sp("pikachu"), side="left")  # not flying
    g = scenario(hands={0: [dun, *payment, tk, pik]}, forests={0: [(a, {}), (b, {})]},
                 deck=pk.filler(3))
    play(g, dun, 0, "bottom", pay=payment)
    use(g, "bonus")
    assert set(g.pending.options) == {fs.PickCard(tk), fs.Pass()}
    g.apply(fs.PickCard(tk))
    place(g, 1, "top")
    assert hand(g) == [pik]


def test_togedemaru_bonus_draws_1(pk):
    t = pk.trainer(GREAT)
    tog = pk.pick(sp("togedemaru"), side="bottom", symbol=ULTRA)
    payment = [pk.trainer(ULTRA)]
    deck = pk.filler(3)
    g = scenario(hands={0: [tog, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, tog, 0, "bottom", pay=payment)
    use(g, "bonus")
    assert hand(g) == [deck[0]]


def test_morpeko_effect_plays_further_hand_cards_each_paying_its_cost(pk):
    t = pk.trainer(GREAT)
    mor = pk.pick(sp("morpeko"), side="bottom")
    great = pk.trainer(GREAT)
    pik = pk.pick(sp("pikachu"), side="left")
    a, b = pk.filler(2, trees=False)
    deck = pk.filler(3)
    g = scenario(hands={0: [mor, a, b, great, pik]}, forests={0: [(t, {})]}, deck=deck)
    play(g, mor, 0, "bottom", pay=[a, b])
    use(g, "effect")
    assert g.pending.kind == "play_further"
    g.apply(fs.PickCard(great))  # a Great Ball trainer costs 0
    g.apply(fs.PickCard(pik))
    place(g, 0, "left")
    g.apply(fs.Pass())
    forest = g.state.forests[0]
    assert forest.where[great][:2] == (1, "center") and forest.where[pik][:2] == (0, "left")
    use(g, "effect")  # the further trainer's draw
    assert hand(g) == [deck[1]]


# -- items: permanent "may draw 1" from the next turn on --------------------------------------


@pytest.mark.parametrize(("item", "played", "side"), [
    ("vs_seeker", "aaron", None), ("light_ball", "pikachu", "left"),
    ("big_root", "tangela", "bottom"), ("air_balloon", "pichu", "top")])
def test_items_let_their_owner_draw_1_when_playing_what_they_name(pk, item, played, side):
    """Seed 003, 效果: items give permanent effects from the player's next turn on. Vs.
    Seeker: a trainer; Light Ball: an electric Pokémon; Big Root: a card below a dex;
    Air Balloon: a card on top of a dex."""
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    it = pk.pick(sp(item), side="bottom")
    card = pk.pick(sp(played), side=side)
    deck = pk.filler(4)
    g = scenario(hands={0: [card]}, forests={0: [(a, {"bottom": [it]}), (b, {})]}, deck=deck)
    play(g, card, None if side is None else 1, side)
    if side is None:
        use(g, "effect")  # Lorelei's own draw first
    use(g, "trigger")
    assert deck[-1] not in hand(g) and len(hand(g)) == (2 if side is None else 1)


@pytest.mark.parametrize(("item", "played", "side"), [
    ("vs_seeker", "pikachu", "left"), ("light_ball", "growlithe", "right"),
    ("big_root", "pichu", "top"), ("air_balloon", "tangela", "bottom")])
def test_items_do_not_fire_for_other_plays(pk, item, played, side):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    it = pk.pick(sp(item), side="bottom")
    card = pk.pick(sp(played), side=side)
    g = scenario(hands={0: [card]}, forests={0: [(a, {"bottom": [it]}), (b, {})]})
    play(g, card, 1, side)
    assert next_players_turn(g)


def test_an_item_is_not_active_on_the_turn_it_is_played(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    mor = pk.pick(sp("morpeko"), side="bottom")
    ball = pk.pick(sp("light_ball"), side="bottom")
    pik = pk.pick(sp("pikachu"), side="left")
    c1, c2, c3, c4 = pk.filler(4, trees=False)
    g = scenario(hands={0: [mor, c1, c2, ball, c3, c4, pik]},
                 forests={0: [(a, {}), (b, {})]}, deck=pk.filler(3))
    play(g, mor, 0, "bottom", pay=[c1, c2])
    use(g, "effect")
    g.apply(fs.PickCard(ball))
    place(g, 1, "bottom")
    g.apply(fs.PayWith(c3))
    g.apply(fs.PayWith(c4))
    g.apply(fs.PickCard(pik))
    place(g, 0, "left")
    g.apply(fs.Pass())
    # no Light Ball draw for the Pikachu played this same turn
    assert next_players_turn(g)
