"""Boxes (seed 003, set-up 7): a plain box each, or with expansion 3 one of the 5 special
boxes each, chosen in reverse turn order; each special box's rule scored at the end for its
owner, besides 1 point per card in it."""

from __future__ import annotations

import pytest

import forestshuffle as fs
from forestshuffle_pokemon.boxes import BOXES, PLAIN, BoxChosen, ChooseBox
from forestshuffle_pokemon.common import FRIEND, GREAT, ULTRA
from forestshuffle_pokemon.mode_cards import SPECIAL_BOXES

from .helpers import EXP3, Picker, mixed, scenario, sp

RULES3 = mixed(EXP3)


@pytest.fixture
def pk() -> Picker:
    return Picker(RULES3)


def boxed(player_box: str, players: int = 2, **kw) -> fs.Game:
    """A game with expansion 3 in which player 0 has *player_box*."""
    others = [b.id for b in SPECIAL_BOXES if b.id != player_box]
    return scenario(RULES3, players=players, events=[
        BoxChosen(0, player_box), *(BoxChosen(p, others[p - 1]) for p in range(1, players))],
        **kw)


def extra(g: fs.Game, player: int = 0) -> int:
    return sum(x.points for x in g.scores()[player].extras)


def test_without_expansion_3_every_player_has_a_plain_box_and_chooses_none():
    g = fs.new_game("pokemon", players=3, seed=1)
    assert g.state.ext[BOXES] == (PLAIN,) * 3
    assert g.pending.kind in ("turn", "mulligan")
    assert all(ps.extras == () for ps in g.scores())


def test_with_expansion_3_the_special_boxes_are_chosen_in_reverse_turn_order():
    """Seed 003, set-up 7: the 5 boxes in the middle; the players, last first, each take
    one of those left."""
    g = fs.new_game("pokemon", players=3, seed=2, expansions=[EXP3])
    while g.pending.kind == "mulligan":
        g.apply(fs.KeepHand())
    order, offered = [], []
    while g.pending.kind == "box":
        order.append(g.pending.player)
        offered.append(len(g.legal_actions()))
        g.apply(g.legal_actions()[-1])
    assert order == [2, 1, 0] and offered == [5, 4, 3]
    boxes = g.state.ext[BOXES]
    assert len(set(boxes)) == 3 and set(boxes) <= {b.id for b in SPECIAL_BOXES}
    assert [e.player for e in g.events if isinstance(e, BoxChosen)] == [2, 1, 0]
    assert g.pending.kind == "turn" and g.pending.player == 0


def test_a_box_already_taken_is_not_offered_again():
    g = fs.new_game("pokemon", players=2, seed=3, expansions=[EXP3])
    while g.pending.kind == "mulligan":
        g.apply(fs.KeepHand())
    first = g.legal_actions()[0]
    g.apply(first)
    assert first not in g.legal_actions() and len(g.legal_actions()) == 4
    with pytest.raises(fs.IllegalActionError):
        g.apply(ChooseBox(first.box))


def test_a_solo_player_with_expansion_3_takes_a_special_box_too():
    g = fs.new_game("pokemon", players=1, seed=3, expansions=[EXP3])
    kinds = []
    while g.pending.kind != "turn":
        kinds.append(g.pending.kind)
        g.apply(g.legal_actions()[0])
    assert "box" in kinds and g.state.ext[BOXES][0] in {b.id for b in SPECIAL_BOXES}


def test_bills_pc_scores_6_more_with_8_cards_in_it(pk):
    """Bill's PC (正辉的电脑): 6 points if the box holds at least 8 cards, besides 1 each."""
    g = boxed("bill_pc", caves={0: pk.filler(8)})
    assert extra(g) == 6 and g.scores()[0].total == 8 + 6
    assert g.scores()[0].extras[0].name.startswith("Bill's PC")
    assert extra(boxed("bill_pc", caves={0: pk.filler(7)})) == 0
    assert extra(g, 1) == 0   # the other player's box is not Bill's PC


def test_lanettes_pc_scores_2_per_fully_collected_dex(pk):
    t1, t2 = pk.trainers(GREAT, 2)
    full = {"top": [pk.pick(sp("togekiss"), side="top")],
            "bottom": [pk.pick(sp("oddish"), side="bottom")],
            "left": [pk.pick(sp("pikachu"), side="left")],
            "right": [pk.pick(sp("emboar"), side="right")]}
    g = boxed("lanette_pc", forests={0: [(t1, full), (t2, {})]})
    assert extra(g) == 2


def test_bebes_pc_scores_1_per_trainer_group_in_the_team(pk):
    sites = [(pk.trainer(g), {}) for g in (GREAT, ULTRA, FRIEND)] + [(pk.trainer(GREAT), {})]
    assert extra(boxed("bebe_pc", forests={0: sites})) == 3


def test_the_pokemon_center_scores_8_with_pokemon_of_7_kinds(pk):
    t = [pk.trainer(GREAT) for _ in range(4)]
    # electric, fire + fighting, flying, grass, water, Eeveelution: 7 kinds
    sites = [(t[0], {"left": [pk.pick(sp("pikachu"), side="left")],
                     "right": [pk.pick(sp("emboar"), side="right")]}),
             (t[1], {"top": [pk.pick(sp("togekiss"), side="top")],
                     "bottom": [pk.pick(sp("oddish"), side="bottom")]}),
             (t[2], {"bottom": [pk.pick(sp("squirtle"), side="bottom")],
                     "left": [pk.pick(sp("vaporeon"), side="left")]})]
    g = boxed("pokemon_center", forests={0: sites})
    assert extra(g) == 8
    assert extra(boxed("pokemon_center", forests={0: sites[:2]})) == 0


def test_professor_oaks_lab_scores_2_per_dex_back(pk):
    backs = [(("sapling", c), {}) for c in pk.filler(3)]
    assert extra(boxed("oak_lab", forests={0: backs})) == 6


def test_special_box_points_count_for_the_winner():
    """The box's points are in the total the winners are taken from: 8 box cards + 6 beat
    13 box cards."""
    pk = Picker(RULES3)
    g = boxed("bill_pc", caves={0: pk.filler(8), 1: pk.filler(13)})
    assert g.scores().totals == (14, 13) and g.scores().winners == {0}
