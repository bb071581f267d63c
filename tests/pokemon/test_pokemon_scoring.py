"""Scoring of every base-set species of the Pokémon re-theme, one test per rule (the
plugin's README, "Base set"; each rule is its base-game counterpart's, RULES.md §1, with
trainer groups in place of tree species).

Each test builds a team with :func:`forestshuffle.testing.scenario` and checks the points
of the cards concerned against a total worked out by hand in the comments.
"""

from __future__ import annotations

import pytest

from forestshuffle_pokemon.common import (
    DUSK,
    FRIEND,
    GREAT,
    GROUPS,
    MASTER,
    PREMIER,
    QUICK,
    REPEAT,
    ULTRA,
)
from forestshuffle_pokemon.species import TRAINERS

from .helpers import RULES, Picker, game, points, sp, total_of


@pytest.fixture
def pk() -> Picker:
    return Picker(RULES)


def sapling(card: int) -> tuple[str, int]:
    return ("sapling", card)


def trainer_ids(group: str) -> list[str]:
    return [f"pokemon.{n}" for n, _, _ in TRAINERS[group]]


# -- trainer groups: every trainer of a group has its group's rule ----------------------------


@pytest.mark.parametrize("trainer", trainer_ids(PREMIER))
def test_premier_ball_trainer_scores_3_when_no_other_team_has_more_premier_ball_trainers(
        pk, trainer):
    """Linden's rule: 3, or 1 when another team has more of the group (a tie is most)."""
    t = pk.pick(trainer)
    other = [c for c in pk.trainers(PREMIER, 3)]
    # 2 v 2: a tie counts as most
    g = game([(t, {}), (other[0], {})], [(other[1], {}), (other[2], {})])
    assert points(g, t) == 3
    # 1 v 2: another team has more
    g = game([(t, {})], [(other[1], {}), (other[2], {})])
    assert points(g, t) == 1


@pytest.mark.parametrize("trainer", trainer_ids(MASTER))
def test_master_ball_trainer_scores_10_with_trainers_of_all_8_groups(pk, trainer):
    """Oak's rule: 10 if the team has trainers of all 8 groups."""
    t = pk.pick(trainer)
    others = [pk.trainer(g) for g in GROUPS if g != MASTER]
    g = game([(t, {}), *((o, {}) for o in others)])
    assert points(g, t) == 10
    # 7 groups and a dex back (no group): 0
    (filler,) = pk.filler(1, trees=False)
    g = game([(t, {}), *((o, {}) for o in others[:-1]), (sapling(filler), {})])
    assert points(g, t) == 0


def test_ditto_adds_no_trainer_group_for_master_ball(pk):
    """The bee's rule: an extra tree of the dex's group, but no new group."""
    t = pk.trainer(MASTER)
    others = [pk.trainer(g) for g in GROUPS if g not in (MASTER, REPEAT)]
    ditto = pk.pick(sp("ditto"), side="left")
    g = game([(t, {"left": [ditto]}), *((o, {}) for o in others)])
    assert points(g, t) == 0


@pytest.mark.parametrize("trainer", trainer_ids(DUSK))
def test_dusk_ball_trainer_scores_2_per_card_it_collects_stacked_cards_each_counting(
        pk, trainer):
    """Silver Fir's rule: 2 per card attached (3 stacked Pikachu + Togekiss = 4 -> 8)."""
    t = pk.pick(trainer)
    pikachus = [pk.pick(sp("pikachu"), side="left") for _ in range(3)]
    togekiss = pk.pick(sp("togekiss"), side="top")
    g = game([(t, {"left": pikachus, "top": [togekiss]})])
    assert points(g, t) == 8
    g = game([(t, {})])
    assert points(g, t) == 0


@pytest.mark.parametrize("trainer", trainer_ids(GREAT))
def test_great_ball_trainer_scores_1(pk, trainer):
    """Birch's rule: 1."""
    t = pk.pick(trainer)
    g = game([(t, {})])
    assert points(g, t) == 1 == g.scores()[0].total


@pytest.mark.parametrize("trainer", trainer_ids(ULTRA))
def test_ultra_ball_trainer_scores_5_with_at_least_4_ultra_ball_trainers(pk, trainer):
    """Beech's rule: 5 with at least 4 trainers of the group, else 0."""
    t = pk.pick(trainer)
    others = pk.trainers(ULTRA, 3)
    g = game([(t, {}), *((o, {}) for o in others)])
    assert points(g, t) == 5
    g = game([(t, {}), *((o, {}) for o in others[:2])])
    assert points(g, t) == 0


def test_ditto_makes_3_ultra_ball_trainers_count_as_4(pk):
    ts = pk.trainers(ULTRA, 3)
    ditto = pk.pick(sp("ditto"), side="right")
    g = game([(ts[0], {"right": [ditto]}), (ts[1], {}), (ts[2], {})])
    assert total_of(g, ts) == 15


@pytest.mark.parametrize("trainer", trainer_ids(FRIEND))
def test_friend_ball_trainer_scores_1_per_trainer_card_dex_backs_included(pk, trainer):
    """Sycamore's rule: 1 per tree card; a dex back is one, Ditto's extra trainer is not."""
    t = pk.pick(trainer)
    other = pk.trainer(GREAT)
    ditto = pk.pick(sp("ditto"), side="left")
    (filler,) = pk.filler(1, trees=False)
    g = game([(t, {"left": [ditto]}), (other, {}), (sapling(filler), {})])
    assert points(g, t) == 3


@pytest.mark.parametrize("trainer", trainer_ids(QUICK))
def test_quick_ball_trainer_scores_5(pk, trainer):
    """Douglas Fir's rule: 5."""
    t = pk.pick(trainer)
    g = game([(t, {})])
    assert points(g, t) == 5


@pytest.mark.parametrize(("n", "expected"), [(1, 1), (2, 4), (3, 9), (4, 16), (5, 25),
                                             (6, 36), (7, 49), (8, 49)])
def test_repeat_ball_trainers_score_together_as_a_set_1_4_9_16_25_36_49(pk, n, expected):
    """Horse Chestnut's rule, over the group: n different Repeat Ball trainers (each its
    own species) score the set of n."""
    ts = pk.trainers(REPEAT, n)
    assert len({RULES.halves[t][0].species for t in ts}) == n
    g = game([(t, {}) for t in ts])
    assert total_of(g, ts) == expected == g.scores()[0].total


def test_every_repeat_ball_trainer_belongs_to_the_set(pk):
    ts = pk.trainers(REPEAT, 11)
    g = game([(t, {}) for t in ts])
    assert total_of(g, ts) == 49


def test_ditto_adds_one_repeat_ball_trainer_to_the_set(pk):
    ts = pk.trainers(REPEAT, 2)
    ditto = pk.pick(sp("ditto"), side="left")
    g = game([(ts[0], {"left": [ditto]}), (ts[1], {})])
    # 2 + 1 = a set of 3: 9
    assert total_of(g, ts) == 9


# -- left / right halves ---------------------------------------------------------------------


def test_pikachu_scores_1_per_pikachu_and_any_number_share_a_slot(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    p1, p2 = (pk.pick(sp("pikachu"), side="left") for _ in range(2))
    p3 = pk.pick(sp("pikachu"), side="right")
    g = game([(a, {"left": [p1, p2]}), (b, {"right": [p3]})])
    assert [points(g, p) for p in (p1, p2, p3)] == [3, 3, 3]


def test_plusle_scores_2(pk):
    t = pk.trainer(GREAT)
    plusle = pk.pick(sp("plusle"), side="right")
    assert points(game([(t, {"right": [plusle]})]), plusle) == 2


def test_raichu_scores_2_per_pikachu_not_counting_its_own_tucked_half(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    raichu = pk.pick(sp("raichu"), side="right")  # card 72: Pikachu on its left half
    assert any(h.species == sp("pikachu") for h in RULES.halves[raichu])
    pikachus = [pk.pick(sp("pikachu"), side="left") for _ in range(2)]
    g = game([(a, {"right": [raichu]}), (b, {"left": pikachus})])
    assert points(g, raichu) == 4


@pytest.mark.parametrize("name", ["pachirisu", "magnezone", "morpeko", "ditto"])
def test_cards_whose_worth_is_their_effect_score_0(pk, name):
    """Raccoon, Brown Bear, Mole, Violet Carpenter Bee: no points of their own."""
    t = pk.trainer(GREAT)
    card = pk.pick(sp(name))
    side = next(h.position.value for h in RULES.halves[card] if h.species == sp(name))
    g = game([(t, {side: [card]})])
    assert points(g, card) == 0


def test_ampharos_scores_5_per_fully_collected_dex(pk):
    ts = pk.trainers(GREAT, 3)
    amph = pk.pick(sp("ampharos"), side="left")
    tops = [pk.pick(sp("crobat"), side="top") for _ in range(3)]
    bottoms = [pk.pick(sp("tangela"), side="bottom") for _ in range(3)]
    lefts = [pk.pick(sp("pikachu"), side="left") for _ in range(2)]
    rights = [pk.pick(sp("pikachu"), side="right") for _ in range(2)]
    g = game([
        (ts[0], {"top": [tops[0]], "bottom": [bottoms[0]], "left": [amph], "right": [rights[0]]}),
        (ts[1], {"top": [tops[1]], "bottom": [bottoms[1]], "left": [lefts[0]],
                 "right": [rights[1]]}),
        (ts[2], {"top": [tops[2]], "bottom": [bottoms[2]], "left": [lefts[1]]}),  # no right
    ])
    assert points(g, amph) == 10


def test_dedenne_scores_15_with_an_eeveelution_at_the_same_dex_else_0(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    ded = pk.pick(sp("dedenne"), side="left")
    esp = pk.pick(sp("espeon"), side="right")
    assert points(game([(a, {"left": [ded], "right": [esp]})]), ded) == 15
    assert points(game([(a, {"left": [ded]}), (b, {"right": [esp]})]), ded) == 0


def test_luxray_scores_10_with_an_emboar_and_0_with_only_another_fire_fighter(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    lux = pk.pick(sp("luxray"), side="left")
    emboar = pk.pick(sp("emboar"), side="right")
    infernape = pk.pick(sp("infernape"), side="right")
    assert points(game([(a, {"left": [lux]}), (b, {"right": [emboar]})]), lux) == 10
    assert points(game([(a, {"left": [lux], "right": [infernape]})]), lux) == 0


def test_manectric_scores_5_per_fighting_pokemon(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    man = pk.pick(sp("manectric"), side="left")
    inf = pk.pick(sp("infernape"), side="right")
    emb = pk.pick(sp("emboar"), side="left")
    arc = pk.pick(sp("arcanine"), side="right")  # fire, not fighting
    g = game([(a, {"left": [man], "right": [inf]}), (b, {"left": [emb], "right": [arc]})])
    assert points(g, man) == 10


def test_arcanine_scores_10_with_a_growlithe_else_0(pk):
    t = pk.trainer(GREAT)
    arc = pk.pick(sp("arcanine"), side="left")
    gro = pk.pick(sp("growlithe"), side="right")
    assert points(game([(t, {"left": [arc], "right": [gro]})]), arc) == 10
    assert points(game([(t, {"left": [arc]})]), arc) == 0


def test_growlithe_scores_1(pk):
    t = pk.trainer(GREAT)
    gro = pk.pick(sp("growlithe"), side="right")
    assert points(game([(t, {"right": [gro]})]), gro) == 1


def test_infernape_scores_3_per_fire_pokemon_itself_included(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    inf = pk.pick(sp("infernape"), side="left")
    gro = pk.pick(sp("growlithe"), side="right")
    pik = pk.pick(sp("pikachu"), side="left")  # not fire
    g = game([(a, {"left": [inf], "right": [gro]}), (b, {"left": [pik]})])
    assert points(g, inf) == 6


def test_blaziken_scores_1_per_trainer_card_and_1_per_grass_pokemon(pk):
    a, b = pk.trainer(GREAT), pk.trainer(QUICK)
    (filler,) = pk.filler(1, trees=False)
    bla = pk.pick(sp("blaziken"), side="left")
    cher = pk.pick(sp("cherubi"), side="bottom")
    tang = pk.pick(sp("tangela"), side="bottom")
    g = game([(a, {"left": [bla], "bottom": [cher]}), (b, {"bottom": [tang]}),
              (sapling(filler), {})])
    # 3 tree cards (a dex back included) + 2 grass = 5
    assert points(g, bla) == 5


def test_emboar_scores_3_per_card_showing_its_group_itself_included(pk):
    t = pk.trainer(ULTRA)
    emb = pk.pick(sp("emboar"), side="right", symbol=ULTRA)
    other = pk.pick(sp("togekiss"), side="top", symbol=DUSK)
    g = game([(t, {"right": [emb], "top": [other]})])
    # the Ultra Ball trainer and Emboar show Ultra Ball: 2 -> 6
    assert points(g, emb) == 6


@pytest.mark.parametrize("name", ["vaporeon", "jolteon", "flareon", "espeon"])
def test_each_eeveelution_scores_5_with_3_different_eeveelutions_else_0(pk, name):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    others = [n for n in ("vaporeon", "jolteon", "flareon", "espeon") if n != name]
    me = pk.pick(sp(name), side="left")
    o1 = pk.pick(sp(others[0]), side="left")
    o2 = pk.pick(sp(others[1]), side="right")
    assert points(game([(a, {"left": [me], "right": [o2]}), (b, {"left": [o1]})]), me) == 5
    assert points(game([(a, {"left": [me]}), (b, {"left": [o1]})]), me) == 0


def test_two_of_the_same_eeveelution_make_no_set_of_3(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    v1, v2 = (pk.pick(sp("vaporeon"), side="left") for _ in range(2))
    jolt = pk.pick(sp("jolteon"), side="right")
    g = game([(a, {"left": [v1], "right": [jolt]}), (b, {"left": [v2]})])
    assert total_of(g, [v1, v2, jolt]) == 0


def test_eevee_scores_1_per_eeveelution(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    eevee = pk.pick(sp("eevee"), side="right")
    v = pk.pick(sp("vaporeon"), side="left")
    j = pk.pick(sp("jolteon"), side="left")
    g = game([(a, {"right": [eevee], "left": [v]}), (b, {"left": [j]})])
    assert points(g, eevee) == 2


# -- top / bottom halves ---------------------------------------------------------------------


UNOWNS = ("unown_p", "unown_o", "unown_k", "unown_e", "unown_exclamation")


@pytest.mark.parametrize(("k", "expected"), [(1, 0), (2, 3), (3, 6), (4, 12), (5, 20)])
def test_unown_score_in_sets_of_different_letters_0_3_6_12_20(pk, k, expected):
    """The butterflies' rule: a set of k different Unown scores 0/3/6/12/20."""
    ts = pk.trainers(GREAT, k)
    cards = [pk.pick(sp(n), side="top") for n in UNOWNS[:k]]
    g = game([(t, {"top": [c]}) for t, c in zip(ts, cards, strict=True)])
    assert total_of(g, cards) == expected


def test_two_sets_of_unown_each_card_in_one_set_only(pk):
    ts = pk.trainers(GREAT, 5)
    cards = [pk.pick(sp(n), side="top") for n in ("unown_p", "unown_o", "unown_k",
                                                  "unown_p", "unown_o")]
    g = game([(t, {"top": [c]}) for t, c in zip(ts, cards, strict=True)])
    # P O K (6) and P O (3)
    assert total_of(g, cards) == 9


def test_corviknight_scores_2_per_normal_pokemon_the_unown_included(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    corv = pk.pick(sp("corviknight"), side="top")
    unown = pk.pick(sp("unown_k"), side="top")
    eevee = pk.pick(sp("eevee"), side="right")
    g = game([(a, {"top": [corv], "right": [eevee]}), (b, {"top": [unown]})])
    assert points(g, corv) == 4


def test_xatu_scores_5_at_an_ultra_ball_trainer_else_0(pk):
    u, q = pk.trainer(ULTRA), pk.trainer(QUICK)
    xatu = pk.pick(sp("xatu"), side="top")
    assert points(game([(u, {"top": [xatu]})]), xatu) == 5
    assert points(game([(q, {"top": [xatu]}), (u, {})]), xatu) == 0


def test_crobat_scores_3(pk):
    t = pk.trainer(GREAT)
    crobat = pk.pick(sp("crobat"), side="top")
    assert points(game([(t, {"top": [crobat]})]), crobat) == 3


def test_togekiss_scores_3_per_flying_pokemon_itself_included(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    tk = pk.pick(sp("togekiss"), side="top")
    gl = pk.pick(sp("gliscor"), side="top")
    g = game([(a, {"top": [tk]}), (b, {"top": [gl]})])
    assert points(g, tk) == 6


def test_altaria_scores_10_when_no_other_team_has_more_trainers(pk):
    a, b, c = pk.trainers(GREAT, 3)
    alt = pk.pick(sp("altaria"), side="top")
    assert points(game([(a, {"top": [alt]}), (b, {})], [(c, {})]), alt) == 10
    assert points(game([(a, {"top": [alt]})], [(b, {}), (c, {})]), alt) == 0


def test_gliscor_scores_5(pk):
    t = pk.trainer(GREAT)
    gl = pk.pick(sp("gliscor"), side="top")
    assert points(game([(t, {"top": [gl]})]), gl) == 5


def test_pichu_scores_5_on_top_of_a_master_ball_trainer_else_0(pk):
    m, q = pk.trainer(MASTER), pk.trainer(QUICK)
    pichu = pk.pick(sp("pichu"), side="top")
    assert points(game([(m, {"top": [pichu]})]), pichu) == 5
    assert points(game([(q, {"top": [pichu]}), (m, {})]), pichu) == 0


def test_cherubi_scores_2_per_grass_pokemon(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    ch = pk.pick(sp("cherubi"), side="bottom")
    od = pk.pick(sp("oddish"), side="bottom")
    assert points(game([(a, {"bottom": [ch]}), (b, {"bottom": [od]})]), ch) == 4


def test_tangela_scores_10_with_at_least_10_trainers_else_0(pk):
    ts = [pk.trainer(g) for g in GROUPS] + pk.trainers(GREAT, 2)
    tang = pk.pick(sp("tangela"), side="bottom")
    g = game([(ts[0], {"bottom": [tang]}), *((t, {}) for t in ts[1:])])
    assert points(g, tang) == 10
    g = game([(ts[0], {"bottom": [tang]}), *((t, {}) for t in ts[1:-1])])
    assert points(g, tang) == 0


def test_oddish_scores_6_per_water_pokemon(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    od = pk.pick(sp("oddish"), side="bottom")
    sq = pk.pick(sp("squirtle"), side="bottom")
    assert points(game([(a, {"bottom": [od]}), (b, {"bottom": [sq]})]), od) == 6


def test_celebi_scores_10_with_trainers_of_all_8_groups(pk):
    ts = [pk.trainer(g) for g in GROUPS]
    cel = pk.pick(sp("celebi"), side="bottom")
    assert points(game([(ts[0], {"bottom": [cel]}), *((t, {}) for t in ts[1:])]), cel) == 10
    assert points(game([(ts[0], {"bottom": [cel]}), *((t, {}) for t in ts[1:-1])]), cel) == 0


@pytest.mark.parametrize("name", ["vs_seeker", "light_ball", "big_root", "air_balloon"])
def test_items_score_0(pk, name):
    t = pk.trainer(GREAT)
    item = pk.pick(sp(name), side="bottom")
    assert points(game([(t, {"bottom": [item]})]), item) == 0


def test_luvdisc_scores_5_sharing_its_slot_with_another_luvdisc_else_0(pk):
    t = pk.trainer(GREAT)
    l1, l2 = (pk.pick(sp("luvdisc"), side="bottom") for _ in range(2))
    assert [points(game([(t, {"bottom": [l1, l2]})]), c) for c in (l1, l2)] == [5, 5]
    assert points(game([(t, {"bottom": [l1]})]), l1) == 0


@pytest.mark.parametrize(("n", "expected"), [(1, 5), (2, 15), (3, 25)])
def test_wooper_scores_as_a_set_5_15_25(pk, n, expected):
    ts = pk.trainers(GREAT, n)
    woopers = [pk.pick(sp("wooper"), side="bottom") for _ in range(n)]
    g = game([(t, {"bottom": [w]}) for t, w in zip(ts, woopers, strict=True)])
    assert total_of(g, woopers) == expected


def test_squirtle_scores_5(pk):
    t = pk.trainer(GREAT)
    sq = pk.pick(sp("squirtle"), side="bottom")
    assert points(game([(t, {"bottom": [sq]})]), sq) == 5


def test_froakie_scores_5_per_eevee(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    fr = pk.pick(sp("froakie"), side="bottom")
    e1, e2 = (pk.pick(sp("eevee"), side="right") for _ in range(2))
    g = game([(a, {"bottom": [fr], "right": [e1]}), (b, {"right": [e2]})])
    assert points(g, fr) == 10


@pytest.mark.parametrize(("n", "expected"), [(1, 0), (2, 10), (3, 15), (4, 20)])
def test_jigglypuff_scores_as_a_set_0_10_15_20(pk, n, expected):
    ts = pk.trainers(GREAT, n)
    js = [pk.pick(sp("jigglypuff"), side="bottom") for _ in range(n)]
    g = game([(t, {"bottom": [j]}) for t, j in zip(ts, js, strict=True)])
    assert total_of(g, js) == expected


def test_dunsparce_scores_1_per_electric_pokemon_the_eeveelutions_not_included(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    dun = pk.pick(sp("dunsparce"), side="bottom")
    pikachus = [pk.pick(sp("pikachu"), side="left") for _ in range(2)]
    jolt = pk.pick(sp("jolteon"), side="right")  # an Eeveelution, no electric kind
    g = game([(a, {"bottom": [dun], "left": pikachus}), (b, {"right": [jolt]})])
    assert points(g, dun) == 2


def test_bunnelby_scores_2_per_card_below_a_dex_itself_included(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    bun = pk.pick(sp("bunnelby"), side="bottom")
    sq = pk.pick(sp("squirtle"), side="bottom")
    top = pk.pick(sp("crobat"), side="top")
    g = game([(a, {"bottom": [bun], "top": [top]}), (b, {"bottom": [sq]})])
    assert points(g, bun) == 4


def test_togedemaru_scores_2_per_unown(pk):
    a, b = pk.trainer(GREAT), pk.trainer(GREAT)
    tog = pk.pick(sp("togedemaru"), side="bottom")
    u1 = pk.pick(sp("unown_p"), side="top")
    u2 = pk.pick(sp("unown_p"), side="top")
    g = game([(a, {"bottom": [tog], "top": [u1]}), (b, {"top": [u2]})])
    assert points(g, tog) == 4
