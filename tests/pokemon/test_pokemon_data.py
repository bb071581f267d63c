"""The card data of the Pokémon re-theme (RULES.md §6, seed 003): card counts per content
set as the seed lists them, one card per trainer and professor, valid halves, disjoint card
numbers, Chinese names, and the base set's balance: every species takes the place of one
base-game species with the same copies, cost, sides, effect, bonus and scoring shape.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import forestshuffle as fs
import forestshuffle_pokemon as pk
from forestshuffle.core.cards import Card, CardSet, Position
from forestshuffle.testing import check_card_set
from forestshuffle_pokemon import exp1, species
from forestshuffle_pokemon.common import GROUP_ZH, GROUPS, TAG_ZH, TAGS
from forestshuffle_pokemon.content import REMOVAL, REMOVAL_WITH

from .helpers import ALL, EXP1, EXP2, EXP3, OAK, RULES, mixed

BASE = fs.get_ruleset("base")
SETS: dict[str, CardSet] = {cs.id: cs for cs in pk.card_sets()}

#: base-game tree symbol -> the trainer group in its place
GROUP_OF_TREE = dict(zip(BASE.symbols, GROUPS, strict=True))
#: base-game tag -> the kind in its place
KIND_OF_TAG = {"tree": "trainer", "pawed_animal": "electric", "cloven_hoofed": "fire",
               "deer": "fighting", "bat": "eeveelution", "insect": "normal",
               "butterfly": "unown", "bird": "flying", "plant": "grass",
               "amphibian": "water", "mushroom": "item"}


def kind_of(card: Card) -> str:
    """``trainer``, ``professor``, ``whistle``, ``top_bottom`` or ``left_right``."""
    if card.winter:
        return "whistle"
    if not card.is_split:
        return "trainer" if card.halves[0].species in species.TRAINER_GROUP or \
            card.halves[0].species in exp1.TRAINER_GROUP else "professor"
    sides = {h.position for h in card.halves}
    if sides == {Position.TOP, Position.BOTTOM}:
        return "top_bottom"
    assert sides == {Position.LEFT, Position.RIGHT}, card
    return "left_right"


@pytest.mark.parametrize(("set_id", "expected"), [
    ("pokemon", {"trainer": 66, "top_bottom": 48, "left_right": 44, "whistle": 3}),
    ("pokemon_exp1", {"trainer": 14, "top_bottom": 12, "left_right": 10}),
    ("pokemon_exp2", {"professor": 12, "top_bottom": 12, "left_right": 12}),
    ("pokemon_oak", {"top_bottom": 7, "left_right": 8}),
])
def test_each_content_set_has_the_cards_seed_003_lists(set_id, expected):
    """Seed 003, components: base 161 cards (66 trainers, 48 top/bottom, 44 left/right,
    3 whistles); expansion 1 36 (14/12/10); expansion 2 36 (12 professor dexes, 12, 12);
    the Oak expansion's 15 deck cards (7 top/bottom, 8 left/right)."""
    got = Counter(kind_of(c) for c in SETS[set_id].cards)
    assert got == Counter(expected)
    assert len(SETS[set_id].cards) == sum(expected.values())


@pytest.mark.parametrize(("set_id", "first", "last"), [
    ("pokemon", 1, 161), ("pokemon_exp1", 201, 236), ("pokemon_exp2", 301, 336),
    ("pokemon_oak", 401, 415)])
def test_each_set_numbers_its_cards_in_its_own_range(set_id, first, last):
    """Each content set has its own card numbers, so the sets can be mixed."""
    assert sorted(c.id for c in SETS[set_id].cards) == list(range(first, last + 1))


def test_species_ids_are_ascii_and_name_their_set():
    for set_id, cs in SETS.items():
        for s in cs.species:
            assert re.fullmatch(rf"{set_id}\.[a-z0-9_]+", s.id), s.id


def test_the_base_set_has_8_trainer_groups_of_the_base_games_tree_sizes():
    """66 trainers, one card each, in 8 groups sized like the base game's 8 trees."""
    trainers = [c for c in SETS["pokemon"].cards if kind_of(c) == "trainer"]
    by_group = Counter(c.halves[0].symbol for c in trainers)
    tree_sizes = Counter(BASE.halves[c][0].species for c in BASE.halves
                         if BASE.is_tree_card(c))
    assert by_group == {GROUP_OF_TREE[BASE.species[t].name]: n for t, n in tree_sizes.items()}
    names = Counter(c.halves[0].species for c in trainers)
    assert len(names) == 66 and set(names.values()) == {1}


def test_every_trainer_and_professor_is_on_exactly_one_card():
    """Seed 003: one phone dex per trainer; the plugin gives each professor one dex too."""
    for cs in SETS.values():
        on_cards = Counter(h.species for c in cs.cards for h in c.halves
                           if h.position is Position.CENTER)
        assert set(on_cards.values()) <= {1}, cs.id
        sites = {s.id for s in cs.species if s.kind != "dweller"}
        assert set(on_cards) == sites


def test_every_species_of_every_set_is_on_a_card_of_that_set():
    for cs in SETS.values():
        shown = {h.species for c in cs.cards for h in c.halves}
        missing = {s.id for s in cs.species} - shown
        assert not missing, (cs.id, missing)


def test_expansion_cards_show_only_their_own_species_and_base_set_pikachu_and_growlithe():
    """Expansions 1 and 2 reuse base species where their skeletons do (mountain hares and
    squeakers): Pikachu on three expansion-1 cards and Growlithe on three expansion-2 cards."""
    for set_id, extra in (("pokemon_exp1", "pokemon.pikachu"),
                          ("pokemon_exp2", "pokemon.growlithe"), ("pokemon_oak", None)):
        cs = SETS[set_id]
        own = {s.id for s in cs.species}
        foreign = Counter(h.species for c in cs.cards for h in c.halves
                          if h.species not in own)
        assert foreign == (Counter({extra: 3}) if extra else Counter())


def test_every_card_half_is_valid():
    """Every split card has two halves on opposite sides, each a dweller showing a group;
    every site card shows a group; whistles have no halves."""
    for cs in SETS.values():
        groups = set(GROUPS) | {exp1.HEAVY, exp1.LEVEL}
        for c in cs.cards:
            for h in c.halves:
                assert h.symbol in groups, (c.id, h)
            if c.is_split:
                sp_kinds = {ALL.species[h.species].kind
                            for h in c.halves}
                assert sp_kinds == {"dweller"}, c.id


def test_every_species_has_a_chinese_name_and_every_kind_and_group_too():
    for cs in SETS.values():
        for s in cs.species:
            zh = pk.ZH[s.id]
            assert zh and re.search(r"[\u4e00-\u9fff]", zh), (s.id, zh)
    assert set(TAG_ZH) >= set(TAGS) | {"coronet", "research", "kanto"}
    assert set(GROUP_ZH) == set(GROUPS) | {exp1.HEAVY, exp1.LEVEL}
    assert len(set(pk.ZH.values())) == len(pk.ZH)


def test_the_seeds_named_cards_have_their_official_names():
    """Seed 003's scoring example names these cards in Chinese."""
    expected = {"cynthia": "竹兰", "dawn": "小光", "lorelei": "科拿", "jessie": "武藏",
                "serena": "莎莉娜", "unown_e": "未知图腾 E", "unown_p": "未知图腾 P",
                "unown_exclamation": "未知图腾 !", "togekiss": "波克基斯",
                "gliscor": "天蝎王", "dunsparce": "土龙弟弟", "light_ball": "电气球",
                "bunnelby": "掘掘兔", "eevee": "伊布", "emboar": "炎武王",
                "vaporeon": "水伊布", "jolteon": "雷伊布", "flareon": "火伊布",
                "pikachu": "皮卡丘", "ash": "小智"}
    assert {n: pk.ZH[f"pokemon.{n}"] for n in expected} == expected


def test_the_plugins_readme_has_a_design_note_naming_every_species_and_group():
    """The plugin's docs: a design note per card group, naming every card."""
    readme = (Path(__file__).resolve().parents[2] / "plugins" / "pokemon" / "README.md"
              ).read_text(encoding="utf-8")
    for cs in SETS.values():
        for s in cs.species:
            assert s.name in readme, s.name
    for g in GROUP_ZH:
        assert g in readme and GROUP_ZH[g] in readme


# -- the base set keeps the base game's balance -----------------------------------------------


def _copies(rules, sid):
    return Counter(h.position for hs in rules.halves.values() for h in hs if h.species == sid)


def _kinds(specs):
    return [{"group_table": "set_table", "if_at_group": "if_site_is"}.get(s.kind, s.kind)
            for s in specs]


@pytest.mark.parametrize("line", species.LINES, ids=lambda line: line[0].id)
def test_each_base_set_species_keeps_the_role_of_its_base_game_species(line):
    """RULES.md §6: a re-skin of the base structure. Each species has its base-game
    counterpart's cost, kinds (tags, mapped), effect, bonus, trigger and scoring kinds,
    slot sharing and modifiers; each Pokémon also its copies and sides."""
    sp, _, role = line
    base = BASE.species[role]
    assert sp.cost == base.cost
    assert sp.tags == {KIND_OF_TAG[t] for t in base.tags}
    if sp.id == "pokemon.crobat":
        # RULES.md §1: the Jay's extra turn is an effect, not a bonus (the base plugin's
        # data has it as a bonus; see DECISIONS.md, "Pokémon re-theme")
        assert (_kinds(sp.effect), _kinds(sp.bonus)) == (["extra_turn"], [])
        assert _kinds(base.effect) + _kinds(base.bonus) == ["extra_turn"]
    else:
        assert _kinds(sp.effect) == _kinds(base.effect)
        assert _kinds(sp.bonus) == _kinds(base.bonus)
    assert _kinds(sp.triggers) == _kinds(base.triggers)
    assert [t.args.get("slot") for t in sp.triggers] == \
        [t.args.get("slot") for t in base.triggers]
    assert _kinds(sp.score) == _kinds(base.score)
    assert sp.sharing == base.sharing
    assert sp.modifiers == base.modifiers
    if sp.kind == "dweller":
        assert _copies(RULES, sp.id) == _copies(BASE, role)


def test_each_base_set_card_stands_where_its_base_game_card_stands():
    """The physical cards are the base game's, card for card: same number, pairing, sides
    and symbol (group) of each half."""
    roles = species.ROLES
    for c, halves in RULES.halves.items():
        base = BASE.halves[c]
        assert [roles[h.species] for h in halves] == [h.species for h in base]
        assert [h.position for h in halves] == [h.position for h in base]
        assert [h.symbol for h in halves] == [GROUP_OF_TREE[h.symbol] for h in base]
    assert sorted(RULES.winter_cards) == sorted(BASE.winter_cards)


def test_every_base_game_species_has_exactly_one_counterpart_per_card_role():
    """49 Pokémon and items for the 49 dwellers; the 66 trainers for the 8 trees."""
    dwellers = {r for s, r in species.ROLES.items() if RULES.species[s].kind == "dweller"}
    assert dwellers == {s for s, v in BASE.species.items() if v.kind == "dweller"}
    assert len(dwellers) == 49
    trees = Counter(r for s, r in species.ROLES.items() if RULES.species[s].kind == "tree")
    assert sum(trees.values()) == 66 and len(trees) == 8


# -- every set passes the card-set checks -----------------------------------------------------


#: every content combination (and mode) of the plugin, checked by the card-set check
COMBINATIONS = {
    "base": (), "+1": (EXP1,), "+1+2": (EXP1, EXP2), "+3": (EXP3,), "+oak": (OAK,),
    "+1+2+3+oak": (EXP1, EXP2, EXP3, OAK),
}


@pytest.mark.parametrize("content", list(COMBINATIONS))
def test_card_set_check_passes(content):
    """forestshuffle.testing.check_card_set: compiles, counts add up, every card playable,
    every effect kind the cards name runs in seeded random games (1 to 5 players, the solo
    game included), which end cleanly."""
    report = check_card_set(mixed(*COMBINATIONS[content]), games=20, seed=3)
    assert report.ok, str(report)
    assert report.effect_kinds <= report.effect_kinds_seen


@pytest.mark.parametrize(("expansions", "options"), [
    ((EXP1, EXP2, OAK), {"challenge": True}),
    ((OAK,), {"chance": True}),
    ((EXP1, EXP2, EXP3, OAK), {"challenge": True, "chance": True}),
], ids=["challenge", "chance", "both"])
def test_card_set_check_passes_in_each_mode(expansions, options):
    report = check_card_set(mixed(*expansions, **options), games=20, seed=5)
    assert report.ok, str(report)


def test_removal_follows_the_seeds_table_by_content_and_player_count():
    """Seed 003, set-up 2: base 30/30/20/10/0, base + exp.1 55/45/30/15/0,
    base + exp.1 + exp.2 90/80/50/35/20 for 1 to 5 players; expansion 3 adds no deck card
    and changes nothing; the challenge mode removes nothing."""
    assert REMOVAL == {
        ("pokemon",): {1: 30, 2: 30, 3: 20, 4: 10, 5: 0},
        ("pokemon", "pokemon_exp1"): {1: 55, 2: 45, 3: 30, 4: 15, 5: 0},
        ("pokemon", "pokemon_exp1", "pokemon_exp2"): {1: 90, 2: 80, 3: 50, 4: 35, 5: 20},
    }
    assert RULES.spec.removal == REMOVAL[("pokemon",)]
    assert mixed(EXP1).spec.removal == REMOVAL[("pokemon", "pokemon_exp1")]
    assert mixed(EXP1, EXP2).spec.removal == REMOVAL[("pokemon", "pokemon_exp1",
                                                      "pokemon_exp2")]
    assert mixed(EXP3).spec.removal == RULES.spec.removal
    assert mixed(EXP1, EXP3).spec.removal == mixed(EXP1).spec.removal
    assert mixed(EXP1, EXP2, OAK).spec.removal == REMOVAL_WITH[3]
    assert mixed(EXP1, EXP2, OAK, challenge=True).spec.removal == {}
    for players in range(1, 6):
        for exps in ((), (EXP1,), (EXP1, EXP2)):
            g = fs.new_game("pokemon", players=players, seed=players, expansions=exps)
            boxed = g.events[0].boxed
            whistles = 2 if players == 1 else 0      # a solo game deals one whistle
            assert len(boxed) == mixed(*exps).spec.removal[players] + whistles
    for content, table in REMOVAL.items():
        deck = sum(1 for cs in content for c in SETS[cs].cards if not c.winter)
        assert all(deck - n >= 6 * p for p, n in table.items()), content


def test_the_ruleset_plays_the_base_set_for_1_to_5_players_with_a_trainer_redraw():
    """Seed 003, set-up 6: 6 cards, one redraw if none is a trainer (the plugin's own
    set-up step); 3 whistles, the 3rd ends the game (the only one of a solo game)."""
    spec = RULES.spec
    assert (spec.min_players, spec.max_players, spec.opening_hand) == (1, 5, 6)
    assert spec.deck_builder == "pokemon_deck" and spec.mulligan is None
    assert spec.winters_to_end == 3 and spec.winters_for(1) == 1
    assert len(RULES.winter_cards) == 3 and len(RULES.deck_cards) == 158
    assert fs.get_ruleset("宝可梦林地探索") is RULES
