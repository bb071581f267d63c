"""The mode cards as data (seed 003: 单人模式, 成就, 特殊盒子, 挑战玩法, 机会玩法): counts,
fields, every condition naming a known count with a reachable threshold, every reveal a
known effect, every special box's scoring valid, and the conditions read on a real team
(the seed's 85-point example).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import forestshuffle as fs
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.documents.score import read_document
from forestshuffle.kinds import ScoreContext
from forestshuffle_pokemon.common import POKEMON_KINDS
from forestshuffle_pokemon.mode_cards import (
    ACHIEVEMENTS,
    CHALLENGE_CARDS,
    CHANCE_CARDS,
    MIN_SCORES,
    SPECIAL_BOXES,
    TRAINING_CARDS,
)
from forestshuffle_pokemon.modes import Condition, GrassEnd, TrainingAction, all_met

from .helpers import ALL, RULES

EXAMPLE = (Path(__file__).resolve().parents[2] / "plugins" / "pokemon" / "examples"
           / "seed-003-85-points.json")


def test_the_mode_cards_are_as_many_as_the_seed_lists():
    """Expansion 3: 20 training cards, 12 achievements, 5 special boxes; the Oak
    expansion: 30 challenge cards, 10 chance cards."""
    assert (len(TRAINING_CARDS), len(ACHIEVEMENTS), len(SPECIAL_BOXES), len(CHALLENGE_CARDS),
            len(CHANCE_CARDS)) == (20, 12, 5, 30, 10)
    for cards in (TRAINING_CARDS, CHALLENGE_CARDS, CHANCE_CARDS):
        assert len({c.number for c in cards}) == len(cards)
    for items in (ACHIEVEMENTS, SPECIAL_BOXES):
        assert len({c.id for c in items}) == len(items)


def test_every_mode_card_has_an_english_and_a_chinese_name():
    for c in (*ACHIEVEMENTS, *SPECIAL_BOXES, *CHALLENGE_CARDS, *CHANCE_CARDS):
        assert c.name and c.zh and any("\u4e00" <= ch <= "\u9fff" for ch in c.zh), c


# -- Rotom's training cards ----------------------------------------------------------------


def test_training_cards_add_to_the_grass_discard_from_an_end_or_discard_the_top_card():
    """Seed 003, 洛托姆的回合: add N deck cards to the grass (right end), discard N grass
    cards from the end the arrow shows, or discard the top deck card."""
    by = Counter(c.action for c in TRAINING_CARDS)
    assert by == {TrainingAction.ADD_TO_GRASS: 8, TrainingAction.DISCARD_FROM_GRASS: 8,
                  TrainingAction.DISCARD_DECK_TOP: 4}
    for c in TRAINING_CARDS:
        assert c.n >= 1
        assert (c.end is not None) == (c.action is TrainingAction.DISCARD_FROM_GRASS)
        if c.action is TrainingAction.DISCARD_DECK_TOP:
            assert c.n == 1
    ends = Counter(c.end for c in TRAINING_CARDS if c.end is not None)
    assert ends == {GrassEnd.LEFT: 4, GrassEnd.RIGHT: 4}
    # Rotom adds as many cards as it discards from the grass, over the whole deck
    added = sum(c.n for c in TRAINING_CARDS if c.action is TrainingAction.ADD_TO_GRASS)
    taken = sum(c.n for c in TRAINING_CARDS if c.action is TrainingAction.DISCARD_FROM_GRASS)
    assert added == taken == 16


# -- conditions: known counts, reachable thresholds -------------------------------------------


def _cards_with(rules: Ruleset, pred) -> int:
    return sum(1 for hs in rules.halves.values() if any(pred(h) for h in hs))


def most_possible(rules: Ruleset, key: str) -> int:
    """An upper bound of count *key* in any team of *rules* (each card shows one half)."""
    kind, _, arg = key.partition(":")
    deck = len(rules.deck_cards)
    if kind == "tag":
        return _cards_with(rules, lambda h: arg in h.tags)
    if kind == "species":
        return _cards_with(rules, lambda h: h.species == arg)
    if kind == "distinct_tag":
        return sum(1 for s in rules.species.values() if arg in s.tags)
    if kind == "group_trainers":
        return _cards_with(rules, lambda h: h.kind == "tree" and h.symbol == arg)
    if kind == "trainer_groups":
        return len({h.symbol for hs in rules.halves.values() for h in hs if h.kind == "tree"})
    if kind == "pokemon_kinds":
        return sum(1 for k in POKEMON_KINDS if k in rules.tags)
    if kind == "feature":
        return _cards_with(rules, lambda h: h.site_kind is not None
                           and arg in rules.site_kinds[h.site_kind].features)
    if kind == "slot":
        return _cards_with(rules, lambda h: h.position.value == arg)
    if kind == "full_sites":
        return deck // 5
    assert kind in ("trees", "saplings", "cave"), key
    return deck


def conditions_of(items) -> list[tuple[str, Condition]]:
    out = []
    for it in items:
        if hasattr(it, "levels"):
            out.extend((f"{it.id}*{lv.stars}", c) for lv in it.levels for c in lv.goal)
        else:
            out.extend((it.number, c) for c in it.conditions)
    return out


@pytest.mark.parametrize(("rules", "items"), [
    (RULES, ACHIEVEMENTS), (RULES, CHANCE_CARDS), (ALL, CHALLENGE_CARDS)],
    ids=["achievements-base", "chance-base", "challenges-all-content"])
def test_every_condition_names_a_known_count_with_a_reachable_threshold(rules, items):
    """Solo achievements and chance cards go with the base set alone, so they name only
    counts the base set has; challenges need expansions 1, 2 and Oak."""
    for where, cond in conditions_of(items):
        rules.check_count(cond.count)
        assert 1 <= cond.at_least <= most_possible(rules, cond.count), (where, cond)


def test_challenges_use_the_expansions_symbols_the_base_set_lacks():
    counts = {c.count for _, c in conditions_of(CHALLENGE_CARDS)}
    assert {"tag:kanto", "tag:coronet", "tag:research", "feature:professor"} <= counts
    with pytest.raises(ValueError):
        RULES.check_count("tag:kanto")


def test_achievement_levels_are_1_2_3_stars_with_harder_goals_and_higher_scores():
    """Seed 003, 成就: beginner, intermediate, advanced: a goal and a minimum score."""
    for a in ACHIEVEMENTS:
        assert [lv.stars for lv in a.levels] == [1, 2, 3]
        assert [lv.min_score for lv in a.levels] == list(MIN_SCORES)
        for low, high in zip(a.levels, a.levels[1:], strict=False):
            assert [c.count for c in low.goal] == [c.count for c in high.goal]
            assert all(h.at_least > lo.at_least for lo, h in zip(low.goal, high.goal,
                                                                  strict=True))


# -- reveals and boxes ---------------------------------------------------------------------


@pytest.mark.parametrize("card", CHANCE_CARDS, ids=lambda c: c.number)
def test_each_chance_card_reveal_is_a_valid_effect_of_the_core(card):
    assert card.reveal
    for spec in card.reveal:
        kind = RULES.step_kinds[spec.kind]
        assert kind.card_effect
        kind.validate(spec.args, RULES)


@pytest.mark.parametrize("box", SPECIAL_BOXES, ids=lambda b: b.id)
def test_each_special_box_scores_with_a_valid_count_only_scoring(box):
    assert box.score and box.text
    for spec in box.score:
        kind = RULES.registry.scoring[spec.kind]
        kind.validate(spec.args, RULES)
        RULES.check_count(spec.args["count"])
        assert kind.group_key(spec.args, "") is None


# -- read on a real team: the seed's example ------------------------------------------------


@pytest.fixture(scope="module")
def example():
    rules, _, _, forests, _ = read_document(EXAMPLE.read_text(encoding="utf-8"))
    return rules, forests[0]


def test_conditions_read_the_seed_examples_team(example):
    rules, forest = example
    assert Condition("species:pokemon.pikachu", 3).met(rules, forest)
    assert not Condition("species:pokemon.pikachu", 4).met(rules, forest)
    assert Condition("trainer_groups", 5).value(rules, forest) == 5
    assert Condition("pokemon_kinds", 1).value(rules, forest) == 7
    lucky_egg = next(c for c in CHANCE_CARDS if c.name == "Lucky Egg")
    # 6 normal Pokémon: Eevee, Dunsparce, Bunnelby and the three Unown
    assert all_met(lucky_egg.conditions, rules, forest)
    rocket = next(c for c in CHALLENGE_CARDS if c.name == "Team Rocket Strikes")
    assert not all_met(rocket.conditions, rules, forest)  # one Dusk Ball trainer only


def test_an_achievement_needs_its_goal_and_its_minimum_score(example):
    rules, forest = example
    eevee = next(a for a in ACHIEVEMENTS if a.name == "Eevee Family")
    # 3 different Eeveelutions; the levels need 100 / 140 / 180 points
    assert eevee.achieved(2, rules, forest, 140)
    assert not eevee.achieved(3, rules, forest, 180)  # needs 4 different
    assert not eevee.achieved(2, rules, forest, 139)  # needs 140 points
    assert not eevee.achieved(1, rules, forest, 85)   # the example's 85: below 100


def test_special_boxes_score_on_the_seed_examples_team(example):
    """The lead's future box scoring, done by hand: compile the box's specs and read them
    for its owner (no card: the scorers read counts only)."""
    rules, forest = example
    ctx = ScoreContext(rules, [forest], 0)
    got = {}
    for box in SPECIAL_BOXES:
        total = 0
        for spec in box.score:
            fn = rules.registry.scoring[spec.kind].compile(spec.args, "", rules)
            total += fn(ctx, -1)[0]
        got[box.id] = total
    # no box cards; one full dex (Jessie's); 5 groups; 7 kinds (8 points); no dex back
    assert got == {"bill_pc": 0, "lanette_pc": 2, "bebe_pc": 5, "pokemon_center": 8,
                   "oak_lab": 0}
    assert fs.get_ruleset("pokemon") is rules
