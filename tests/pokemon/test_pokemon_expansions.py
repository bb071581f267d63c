"""The expansions' species (the plugin's README, "Expansion 1", "Expansion 2", "The Oak
expansion"), the plugin's own kinds (counts by trainer group, Pokémon kinds; the group
set table; points at a group) and the professor dex site, in the mixed rulesets of
:mod:`forestshuffle_pokemon.content` (ruleset ``pokemon`` with expansions mixed in).
"""

from __future__ import annotations

import pytest

import forestshuffle as fs
from forestshuffle.testing.moves import extra_turn_started, hand, place, play, use
from forestshuffle_pokemon.common import (
    DUSK,
    GREAT,
    HEAVY,
    LEVEL,
    MASTER,
    PREMIER,
    QUICK,
    REPEAT,
    ULTRA,
)
from forestshuffle_pokemon.kinds import count_of

from .helpers import ALL, Picker, game, next_players_turn, points, scenario, sp, total_of

E1, E2, OAK = "pokemon_exp1", "pokemon_exp2", "pokemon_oak"


@pytest.fixture
def pk() -> Picker:
    return Picker(ALL)


def team(*sites, rules=ALL, **kw) -> fs.Game:
    return game(list(sites), rules=rules, **kw)


def count(g: fs.Game, key: str, player: int = 0) -> int:
    return count_of(g.rules, g.state.forests[player], key)


# -- the plugin's counts ---------------------------------------------------------------------


def test_group_trainers_counts_trainers_of_a_group_with_ditto_and_without_dex_backs(pk):
    a, b = pk.trainers(PREMIER, 2)
    q = pk.trainer(QUICK)
    ditto = pk.pick(sp("ditto"), side="left")
    (filler,) = pk.filler(1, trees=False)
    prof = pk.pick(sp("oak", E2))  # a professor dex shows Premier Ball but is no trainer
    assert ALL.halves[prof][0].symbol == PREMIER
    g = team((a, {"left": [ditto]}), (b, {}), (q, {}), (("sapling", filler), {}), (prof, {}))
    assert count(g, f"group_trainers:{PREMIER}") == 3
    assert count(g, f"group_trainers:{QUICK}") == 1
    assert count(g, "trainer_groups") == 2
    assert count(g, "trees") == 4  # three trainers and the dex back; no professor


def test_pokemon_kinds_counts_the_nine_pokemon_kinds_only(pk):
    t = pk.trainer(GREAT)
    ball = pk.pick(sp("light_ball"), side="bottom")  # an item: no Pokémon kind
    inf = pk.pick(sp("infernape"), side="left")  # fire and fighting
    unown = pk.pick(sp("unown_k"), side="top")  # normal and Unown
    g = team((t, {"bottom": [ball], "left": [inf], "top": [unown]}))
    assert count(g, "pokemon_kinds") == 4


def test_a_count_of_an_unknown_group_fails_when_the_ruleset_is_built():
    from forestshuffle.plugins.dsl import if_at_least

    with pytest.raises(ValueError, match="unknown trainer group"):
        fs.get_ruleset("pokemon").check_count("group_trainers:Poke Ball")
    assert if_at_least(1, "group_trainers:Master Ball", 1).args["count"]


# -- expansion 1 -----------------------------------------------------------------------------


@pytest.mark.parametrize("group", [HEAVY, LEVEL])
def test_expansion_1_adds_two_groups_of_seven_trainers(group):
    trainers = [c for c, hs in ALL.halves.items() if hs[0].kind == "tree"
                and hs[0].symbol == group]
    assert len(trainers) == 7 and {ALL.halves[c][0].cost for c in trainers} == \
        ({1} if group == HEAVY else {2})


def test_heavy_ball_trainer_scores_3(pk):
    t = pk.trainer(HEAVY)
    assert points(team((t, {})), t) == 3


def test_level_ball_trainer_scores_1_per_mt_coronet_card_itself_included(pk):
    t = pk.trainer(LEVEL)
    heavy = pk.trainer(HEAVY)
    numel = pk.pick(sp("numel", E1), side="right")
    pik = pk.pick(sp("pikachu"), side="left")  # base set: no Mt. Coronet symbol
    g = team((t, {"right": [numel], "left": [pik]}), (heavy, {}))
    assert points(g, t) == 3


def test_electrike_scores_3_per_different_grass_pokemon(pk):
    t, u = pk.trainer(GREAT), pk.trainer(GREAT)
    el = pk.pick(sp("electrike", E1), side="left")
    c1, c2 = (pk.pick(sp("cherubi"), side="bottom") for _ in range(2))
    od = pk.pick(sp("oddish"), side="bottom")
    g = team((t, {"left": [el], "bottom": [c1]}), (u, {"bottom": [c2]}),
             (pk.trainer(GREAT), {"bottom": [od]}))
    assert points(g, el) == 6


def test_skarmory_is_a_flying_pokemon_on_a_side_that_scores_2_per_grass(pk):
    t = pk.trainer(GREAT)
    sk = pk.pick(sp("skarmory", E1), side="right")
    tang = pk.pick(sp("tangela"), side="bottom")
    tk = pk.pick(sp("togekiss"), side="top")
    g = team((t, {"right": [sk], "bottom": [tang], "top": [tk]}))
    assert points(g, sk) == 2
    assert points(g, tk) == 6  # Togekiss counts Skarmory as flying


def test_numel_scores_3_and_its_bonus_draws_1(pk):
    t = pk.trainer(GREAT)
    numel = pk.pick(sp("numel", E1), side="right", symbol=LEVEL)
    payment = [pk.trainer(LEVEL)]
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [numel, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, numel, 0, "right", pay=payment)
    use(g, "bonus")
    assert hand(g) == [deck[0]]
    assert points(team((pk.trainer(GREAT), {"right": [numel]})), numel) == 3


def test_glaceon_is_an_eeveelution_of_the_set_of_3(pk):
    t, u = pk.trainer(GREAT), pk.trainer(GREAT)
    gl = pk.pick(sp("glaceon", E1), side="left")
    v = pk.pick(sp("vaporeon"), side="left")
    j = pk.pick(sp("jolteon"), side="right")
    g = team((t, {"left": [gl], "right": [j]}), (u, {"left": [v]}))
    assert total_of(g, [gl, v, j]) == 15


def test_camerupt_scores_7_and_its_bonus_gives_an_extra_turn(pk):
    t = pk.trainer(GREAT)
    cam = pk.pick(sp("camerupt", E1), side="left", symbol=HEAVY)
    payment = pk.trainers(HEAVY, 3)
    g = scenario(ALL, hands={0: [cam, *payment]}, forests={0: [(t, {})]}, deck=pk.filler(3))
    play(g, cam, 0, "left", pay=payment)
    use(g, "bonus")
    assert extra_turn_started(g)
    assert points(team((pk.trainer(GREAT), {"left": [cam]})), cam) == 7


def test_unown_question_joins_the_unown_sets_six_letters_scoring_as_five(pk):
    names = [("unown_p", "pokemon"), ("unown_o", "pokemon"), ("unown_k", "pokemon"),
             ("unown_e", "pokemon"), ("unown_exclamation", "pokemon"), ("unown_question", E1)]
    cards = [pk.pick(sp(n, s), side="top") for n, s in names]
    g = team(*((pk.trainer(GREAT if i < 5 else ULTRA), {"top": [c]})
               for i, c in enumerate(cards)))
    assert total_of(g, cards) == 20


def test_mandibuzz_takes_1_card_from_the_grass_and_scores_2(pk):
    t = pk.trainer(GREAT)
    mb = pk.pick(sp("mandibuzz", E1), side="top")
    payment = pk.filler(1, trees=False)
    grass = pk.filler(2, trees=False)
    g = scenario(ALL, hands={0: [mb, *payment]}, forests={0: [(t, {})]}, clearing=grass)
    play(g, mb, 0, "top", pay=payment)
    use(g, "effect")
    g.apply(fs.PickCard(grass[1]))
    assert hand(g) == [grass[1]]
    assert points(team((pk.trainer(GREAT), {"top": [mb]})), mb) == 2


def test_murkrow_draws_2_boxes_1_of_them_and_scores_3(pk):
    t = pk.trainer(GREAT)
    mk = pk.pick(sp("murkrow", E1), side="top")
    payment = pk.filler(1, trees=False)
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [mk, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, mk, 0, "top", pay=payment)
    use(g, "effect")
    g.apply(fs.PickCard(deck[0]))
    assert g.state.caves[0] == [deck[0]] and hand(g) == [deck[1]]
    assert points(team((pk.trainer(GREAT), {"top": [mk]})), mk) == 3


def test_aerodactyl_scores_1_per_electric_and_1_per_water_pokemon(pk):
    t = pk.trainer(GREAT)
    ae = pk.pick(sp("aerodactyl", E1), side="top")
    pik = pk.pick(sp("pikachu"), side="left")
    sq = pk.pick(sp("squirtle"), side="bottom")
    assert points(team((t, {"top": [ae], "left": [pik], "bottom": [sq]})), ae) == 2


def test_hard_stone_draws_1_when_its_owner_plays_a_mt_coronet_card(pk):
    t, u = pk.trainer(GREAT), pk.trainer(GREAT)
    stone = pk.pick(sp("hard_stone", E1), side="bottom")
    numel = pk.pick(sp("numel", E1), side="right")
    payment = pk.filler(1, trees=False)
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [numel, *payment]},
                 forests={0: [(t, {"bottom": [stone]}), (u, {})]}, deck=deck)
    play(g, numel, 1, "right", pay=payment)
    use(g, "trigger")
    assert hand(g) == [deck[0]]


def test_bellossom_scores_3(pk):
    t = pk.trainer(GREAT)
    b = pk.pick(sp("bellossom", E1), side="bottom")
    assert points(team((t, {"bottom": [b]})), b) == 3


def test_snover_scores_2_per_flying_pokemon(pk):
    t = pk.trainer(GREAT)
    sn = pk.pick(sp("snover", E1), side="bottom")
    cr = pk.pick(sp("crobat"), side="top")
    assert points(team((t, {"bottom": [sn], "top": [cr]})), sn) == 2


def test_poliwag_scores_2_per_normal_pokemon(pk):
    t = pk.trainer(GREAT)
    po = pk.pick(sp("poliwag", E1), side="bottom")
    ee = pk.pick(sp("eevee"), side="right")
    un = pk.pick(sp("unown_k"), side="top")
    assert points(team((t, {"bottom": [po], "right": [ee], "top": [un]})), po) == 4


def test_roselia_scores_3_per_unown(pk):
    t = pk.trainer(GREAT)
    ro = pk.pick(sp("roselia", E1), side="bottom")
    un = pk.pick(sp("unown_question", E1), side="top")
    assert points(team((t, {"bottom": [ro], "top": [un]})), ro) == 3


# -- expansion 2: professor dexes ----------------------------------------------------------------


def test_a_professor_dex_opens_a_four_slot_site_reveals_a_card_and_is_no_trainer(pk):
    prof = pk.pick(sp("oak", E2))
    payment = pk.filler(2, trees=False)
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [prof, *payment]}, deck=deck)
    play(g, prof, pay=payment)
    site = g.state.forests[0].sites[0]
    assert len(site.slots) == 4 and not site.kind.is_tree
    assert sorted(g.state.clearing) == sorted([*payment, deck[0]])
    assert count(g, "trees") == 0 and count(g, "feature:professor") == 1


def test_a_friend_ball_trainer_does_not_count_a_professor_dex(pk):
    f = pk.trainer("Friend Ball")
    prof = pk.pick(sp("elm", E2))
    assert points(team((f, {}), (prof, {})), f) == 1


@pytest.mark.parametrize("name", ["oak", "elm", "birch", "rowan"])
def test_classic_professors_score_2_per_pokemon_kind(pk, name):
    prof = pk.pick(sp(name, E2))
    pik = pk.pick(sp("pikachu"), side="left")
    inf = pk.pick(sp("infernape"), side="right")
    g = team((prof, {"left": [pik], "right": [inf]}))
    # electric, fire, fighting
    assert points(g, prof) == 6


@pytest.mark.parametrize("name", ["juniper", "sycamore", "kukui", "magnolia"])
def test_field_professors_draw_1_and_score_2_per_card_at_their_dex(pk, name):
    prof = pk.pick(sp(name, E2))
    payment = pk.filler(2, trees=False)
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [prof, *payment]}, deck=deck)
    play(g, prof, pay=payment)
    use(g, "effect")
    assert hand(g) == [deck[1]]
    p1, p2 = (pk.pick(sp("pikachu"), side="left") for _ in range(2))
    assert points(team((prof, {"left": [p1, p2]})), prof) == 4


@pytest.mark.parametrize("name", ["sonia", "sada", "turo", "laventon"])
def test_new_generation_professors_bonus_extra_turn_and_score_1_per_research_card(pk, name):
    prof = pk.pick(sp(name, E2))
    group = ALL.halves[prof][0].symbol
    payment = pk.trainers(group, 2)
    g = scenario(ALL, hands={0: [prof, *payment]}, deck=pk.filler(3))
    play(g, prof, pay=payment)
    use(g, "bonus")
    assert extra_turn_started(g)
    ch = pk.pick(sp("chansey", E2), side="right")
    assert points(team((prof, {"right": [ch]})), prof) == 2


def test_a_professor_dex_in_a_forest_document():
    """Documents name a professor dex by its feature: ``{"professor": "Professor Oak"}``, and
    the expansions they need; Chinese names (the species' aliases) work like English ones."""
    doc = {"game": "pokemon", "expansions": [E1, E2], "players": [{"name": "A", "forest": [
        {"professor": "Professor Oak", "left": ["Pikachu"], "right": ["Emboar"]},
        {"professor": "空木博士", "left": ["皮卡丘"]}]}]}
    (p,) = fs.score_document(doc).players
    # Oak and Elm (空木博士): electric, fire, fighting -> 6 each; Pikachu (皮卡丘) 1 x 2;
    # Emboar 3 x 1 (its own group mark)
    assert [line.points for line in p.lines] == [6, 2, 3, 6, 2]
    assert [line.card for line in p.lines][3:] == ["Professor Elm", "Pikachu"]


@pytest.mark.parametrize(("name", "kind"), [("umbreon", "eeveelution")])
def test_umbreon_is_an_eeveelution(pk, name, kind):
    t = pk.trainer(GREAT)
    um = pk.pick(sp(name, E2), side="left")
    v = pk.pick(sp("vaporeon"), side="right")
    e = pk.pick(sp("espeon"), side="right")
    g = team((t, {"left": [um], "right": [v]}), (pk.trainer(GREAT), {"right": [e]}))
    assert points(g, um) == 5 and kind in ALL.halves[um][0].tags


def test_smeargle_takes_1_from_the_grass_and_scores_1(pk):
    t = pk.trainer(GREAT)
    sm = pk.pick(sp("smeargle", E2), side="left")
    payment = pk.filler(1, trees=False)
    grass = pk.filler(1, trees=False)
    g = scenario(ALL, hands={0: [sm, *payment]}, forests={0: [(t, {})]}, clearing=grass)
    play(g, sm, 0, "left", pay=payment)
    use(g, "effect")
    g.apply(fs.PickCard(grass[0]))
    assert grass[0] in hand(g)
    assert points(team((pk.trainer(GREAT), {"left": [sm]})), sm) == 1


def test_entei_scores_2_per_fire_pokemon_and_its_bonus_gives_an_extra_turn(pk):
    t = pk.trainer(GREAT)
    en = pk.pick(sp("entei", E2), side="left", symbol=MASTER)
    payment = pk.trainers(MASTER, 3)
    g = scenario(ALL, hands={0: [en, *payment]}, forests={0: [(t, {})]}, deck=pk.filler(3))
    play(g, en, 0, "left", pay=payment)
    use(g, "bonus")
    assert extra_turn_started(g)
    gro = pk.pick(sp("growlithe"), side="right")
    assert points(team((pk.trainer(GREAT), {"left": [en], "right": [gro]})), en) == 4


def test_electabuzz_scores_4_and_its_bonus_draws_2(pk):
    t = pk.trainer(GREAT)
    eb = pk.pick(sp("electabuzz", E2), side="left", symbol=DUSK)
    payment = pk.trainers(DUSK, 2)
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [eb, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, eb, 0, "left", pay=payment)
    use(g, "bonus")
    assert hand(g) == sorted(deck[:2])
    assert points(team((pk.trainer(GREAT), {"left": [eb]})), eb) == 4


def test_shinx_scores_3_per_luxray(pk):
    t = pk.trainer(GREAT)
    sh = pk.pick(sp("shinx", E2), side="right")
    lux = pk.pick(sp("luxray"), side="left")
    assert points(team((t, {"right": [sh], "left": [lux]})), sh) == 3


def test_rapidash_draws_1_and_scores_4(pk):
    t = pk.trainer(GREAT)
    ra = pk.pick(sp("rapidash", E2), side="left")
    payment = pk.filler(2, trees=False)
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [ra, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, ra, 0, "left", pay=payment)
    use(g, "effect")
    assert hand(g) == [deck[0]]
    assert points(team((pk.trainer(GREAT), {"left": [ra]})), ra) == 4


def test_chansey_scores_2_and_its_bonus_draws_2(pk):
    t = pk.trainer(GREAT)
    ch = pk.pick(sp("chansey", E2), side="left", symbol=ULTRA)
    payment = [pk.trainer(ULTRA)]
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [ch, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, ch, 0, "left", pay=payment)
    use(g, "bonus")
    assert hand(g) == sorted(deck[:2])
    assert points(team((pk.trainer(GREAT), {"left": [ch]})), ch) == 2


def test_unown_r_joins_the_unown_sets(pk):
    ur = pk.pick(sp("unown_r", E2), side="top")
    up = pk.pick(sp("unown_p"), side="top")
    g = team((pk.trainer(GREAT), {"top": [ur]}), (pk.trainer(GREAT), {"top": [up]}))
    assert total_of(g, [ur, up]) == 3


def test_honchkrow_scores_1_per_card_in_the_box(pk):
    t = pk.trainer(GREAT)
    hk = pk.pick(sp("honchkrow", E2), side="top")
    boxed = pk.filler(3)
    g = team((t, {"top": [hk]}), caves={0: boxed})
    assert points(g, hk) == 3 and g.scores()[0].total == 1 + 3 + 3


@pytest.mark.parametrize(("name", "cost", "drawn"), [("noivern", 1, 1), ("yanmega", 2, 2)])
def test_noivern_and_yanmega_draw_and_score_3(pk, name, cost, drawn):
    t = pk.trainer(GREAT)
    card = pk.pick(sp(name, E2), side="top")
    payment = pk.filler(cost, trees=False)
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [card, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, card, 0, "top", pay=payment)
    use(g, "effect")
    assert hand(g) == sorted(deck[:drawn])
    assert points(team((pk.trainer(GREAT), {"top": [card]})), card) == 3


def test_sunkern_scores_2_per_different_grass_pokemon(pk):
    t, u = pk.trainer(GREAT), pk.trainer(GREAT)
    su = pk.pick(sp("sunkern", E2), side="bottom")
    ch1, ch2 = (pk.pick(sp("cherubi"), side="bottom") for _ in range(2))
    g = team((t, {"bottom": [su]}), (u, {"bottom": [ch1]}), (pk.trainer(GREAT), {"bottom": [ch2]}))
    assert points(g, su) == 4


def test_chespin_scores_6_with_at_least_4_grass_pokemon(pk):
    ts = pk.trainers(GREAT, 4)
    che = pk.pick(sp("chespin", E2), side="bottom")
    others = [pk.pick(sp("cherubi"), side="bottom") for _ in range(3)]
    g = team(*((t, {"bottom": [c]}) for t, c in zip(ts, [che, *others], strict=True)))
    assert points(g, che) == 6
    g = team(*((t, {"bottom": [c]}) for t, c in zip(ts, [che, *others[:2]], strict=False)))
    assert points(g, che) == 0


def test_lickitung_scores_2_per_grass_pokemon(pk):
    t = pk.trainer(GREAT)
    li = pk.pick(sp("lickitung", E2), side="bottom")
    cr = pk.pick(sp("cherubi"), side="bottom")
    assert points(team((t, {"bottom": [li]}), (pk.trainer(GREAT), {"bottom": [cr]})), li) == 2


def test_pincurchin_plays_a_trainer_from_the_grass_for_free_and_scores_1(pk):
    t = pk.trainer(GREAT)
    pc = pk.pick(sp("pincurchin", E2), side="bottom")
    payment = pk.filler(2, trees=False)
    quick = pk.trainer(QUICK)
    g = scenario(ALL, hands={0: [pc, *payment]}, forests={0: [(t, {})]}, clearing=[quick],
                 deck=pk.filler(3))
    play(g, pc, 0, "bottom", pay=payment)
    use(g, "effect")
    g.apply(fs.PickCard(quick))
    assert g.state.forests[0].where[quick][:2] == (1, "center")
    assert points(team((pk.trainer(GREAT), {"bottom": [pc]})), pc) == 1


# -- the Oak expansion ----------------------------------------------------------------------------


def test_charmander_scores_1_per_fire_pokemon_and_its_bonus_draws_1(pk):
    t = pk.trainer(GREAT)
    ch = pk.pick(sp("charmander", OAK), side="left", symbol=PREMIER)
    payment = [pk.trainer(PREMIER)]
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [ch, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, ch, 0, "left", pay=payment)
    use(g, "bonus")
    assert hand(g) == [deck[0]]
    gro = pk.pick(sp("growlithe"), side="right")
    assert points(team((pk.trainer(GREAT), {"left": [ch], "right": [gro]})), ch) == 2


def test_voltorb_scores_2(pk):
    v = pk.pick(sp("voltorb", OAK), side="left")
    assert points(team((pk.trainer(GREAT), {"left": [v]})), v) == 2


def test_mankey_scores_2_per_fighting_pokemon(pk):
    m = pk.pick(sp("mankey", OAK), side="left")
    em = pk.pick(sp("emboar"), side="right")
    assert points(team((pk.trainer(GREAT), {"left": [m], "right": [em]})), m) == 4


def test_snorlax_scores_2_per_grass_pokemon(pk):
    s = pk.pick(sp("snorlax", OAK), side="left")
    b = pk.pick(sp("bulbasaur", OAK), side="bottom")
    assert points(team((pk.trainer(GREAT), {"left": [s], "bottom": [b]})), s) == 2


def test_mew_plays_a_kanto_pokemon_for_free_and_scores_3(pk):
    t, u = pk.trainer(GREAT), pk.trainer(GREAT)
    mew = pk.pick(sp("mew", OAK), side="right")
    payment = pk.filler(2, trees=False)
    pidgey = pk.pick(sp("pidgey", OAK), side="top")
    pik = pk.pick(sp("pikachu"), side="left")  # not Kanto
    g = scenario(ALL, hands={0: [mew, *payment, pidgey, pik]},
                 forests={0: [(t, {}), (u, {})]}, deck=pk.filler(3))
    play(g, mew, 0, "right", pay=payment)
    use(g, "effect")
    assert set(g.pending.options) == {fs.PickCard(pidgey), fs.Pass()}
    g.apply(fs.PickCard(pidgey))
    place(g, 1, "top")
    assert hand(g) == [pik] and next_players_turn(g)
    assert points(team((pk.trainer(GREAT), {"right": [mew]})), mew) == 3


def test_pidgey_scores_1_per_flying_pokemon(pk):
    p = pk.pick(sp("pidgey", OAK), side="top")
    tk = pk.pick(sp("togekiss"), side="top")
    assert points(team((pk.trainer(GREAT), {"top": [p]}), (pk.trainer(GREAT), {"top": [tk]})),
                  p) == 2


def test_zapdos_scores_10_and_its_bonus_gives_an_extra_turn(pk):
    t = pk.trainer(GREAT)
    z = pk.pick(sp("zapdos", OAK), side="top")
    payment = pk.trainers(MASTER, 3)
    g = scenario(ALL, hands={0: [z, *payment]}, forests={0: [(t, {})]}, deck=pk.filler(3))
    play(g, z, 0, "top", pay=payment)
    use(g, "bonus")
    assert extra_turn_started(g)
    assert points(team((pk.trainer(GREAT), {"top": [z]})), z) == 10


def test_butterfree_draws_1_and_scores_3(pk):
    t = pk.trainer(GREAT)
    b = pk.pick(sp("butterfree", OAK), side="top")
    payment = pk.filler(1, trees=False)
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [b, *payment]}, forests={0: [(t, {})]}, deck=deck)
    play(g, b, 0, "top", pay=payment)
    use(g, "effect")
    assert hand(g) == [deck[0]]
    assert points(team((pk.trainer(GREAT), {"top": [b]})), b) == 3


def test_bulbasaur_scores_1_per_kanto_card(pk):
    b = pk.pick(sp("bulbasaur", OAK), side="bottom")
    v = pk.pick(sp("voltorb", OAK), side="left")
    assert points(team((pk.trainer(GREAT), {"bottom": [b], "left": [v]})), b) == 2


def test_poke_flute_draws_1_when_its_owner_plays_a_kanto_card(pk):
    t, u = pk.trainer(GREAT), pk.trainer(GREAT)
    flute = pk.pick(sp("poke_flute", OAK), side="bottom")
    v = pk.pick(sp("voltorb", OAK), side="left")
    deck = pk.filler(3)
    g = scenario(ALL, hands={0: [v]}, forests={0: [(t, {"bottom": [flute]}), (u, {})]},
                 deck=deck)
    play(g, v, 1, "left")
    use(g, "trigger")
    assert hand(g) == [deck[0]]


def test_magikarp_scores_8_each_when_both_are_in_the_team(pk):
    m1, m2 = (pk.pick(sp("magikarp", OAK), side="bottom") for _ in range(2))
    g = team((pk.trainer(GREAT), {"bottom": [m1]}), (pk.trainer(GREAT), {"bottom": [m2]}))
    assert total_of(g, [m1, m2]) == 16
    assert points(team((pk.trainer(GREAT), {"bottom": [m1]})), m1) == 0


def test_the_expansions_are_expansions_of_the_ruleset_pokemon():
    """The plugin installs ruleset ``pokemon`` and its four expansions, taken with
    ``new_game("pokemon", expansions=[...])``; expansion 2 needs expansion 1."""
    assert "pokemon" in fs.available_rulesets()
    assert fs.plugins.host().accepted_expansions(fs.get_ruleset("pokemon").spec) == [
        E1, E2, "pokemon_exp3", OAK]
    assert ALL.expansions == (E1, E2, OAK)
    assert REPEAT in ALL.symbols and HEAVY in ALL.symbols
    with pytest.raises(fs.OptionError, match="needs expansion 'pokemon_exp1'"):
        fs.get_ruleset("pokemon", expansions=[E2])
