"""The testing toolkit over the base game with each expansion and with both: the card-set
check, the GameMachine (random and illegal actions, undo, save and load, views, every
invariant after each step), and many seeded random games held to the invariants of
``tests/test_invariants.py`` (cards conserved, hand limit, the end at the third winter,
refolding, records, undo).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings

import forestshuffle as fs
from expansions.support import BOTH, MIXED, ruleset
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.core import events as ev
from forestshuffle.testing import GameMachine, check_card_set, check_game

#: fixed and quick, as tests/test_toolkit.py runs the machine for the installed rulesets
FIXED = settings(max_examples=10, stateful_step_count=30, derandomize=True, deadline=None,
                 suppress_health_check=list(HealthCheck))

for _rid in MIXED:
    _machine = GameMachine.for_ruleset(ruleset(_rid), settings=FIXED)
    globals()[f"TestGameMachine_{_rid.replace('-', '_')}"] = _machine.TestCase

GAMES_PER_COUNT = 4
CASES = [pytest.param(r, p, id=f"{r}-{p}p") for r in MIXED for p in range(2, 6)]


def random_game(rid: str, players: int, seed: int) -> fs.Game:
    g = fs.new_game(ruleset(rid), players=players, seed=seed)
    play_out(g, RandomBot(seed))
    return g


def test_check_card_set_finds_no_problem_with_both_boxes() -> None:
    report = check_card_set(ruleset(BOTH), games=100, seed=1)
    assert report.ok, str(report)
    assert report.effect_kinds <= report.effect_kinds_seen


@pytest.mark.parametrize(("rid", "players"), CASES)
def test_random_games_keep_every_invariant_and_end_at_the_third_winter(rid, players):
    for seed in range(GAMES_PER_COUNT):
        g = random_game(rid, players, 1000 * players + seed)
        check_game(g)
        assert g.end_reason == "third_winter"
        assert len(g.state.winter) == 3
        assert isinstance(g.events[-2], ev.WinterRevealed)
        zones = g.state.zones()
        assert sorted(c for cards in zones.values() for c in cards) == sorted(g.rules.cards)
        assert g.winners


@pytest.mark.parametrize(("rid", "players"), CASES)
def test_a_record_of_a_mixed_game_loads_to_the_same_game(rid, players):
    for seed in range(GAMES_PER_COUNT // 2):
        g = random_game(rid, players, 3000 * players + seed)
        h = fs.Game.from_json(g.to_json(), rules=g.rules)
        assert h.state.snapshot() == g.state.snapshot()
        assert (h.events, h.actions) == (g.events, g.actions)
        assert h.scores() == g.scores()


@pytest.mark.parametrize(("rid", "players"), CASES)
def test_undo_then_the_same_actions_give_the_same_state(rid, players):
    rng = random.Random(players)
    g = random_game(rid, players, 4000 * players)
    final, nevents = g.state.snapshot(), len(g.events)
    for _ in range(3):
        n = rng.randint(1, min(40, len(g.actions)))
        redo = [a for a, _ in g.actions[-n:]]
        g.undo(n)
        for a in redo:
            g.apply(a)
        assert g.state.snapshot() == final
        assert len(g.events) == nevents


@pytest.mark.parametrize("rid", MIXED)
def test_every_step_of_a_mixed_game_keeps_the_invariants(rid):
    g = fs.new_game(ruleset(rid), players=3, seed=42)
    bot = RandomBot(7)
    while not g.is_over:
        check_game(g, views=False)
        g.apply(bot.choose(g))
    check_game(g)


@pytest.mark.parametrize("rid", MIXED)
def test_every_expansion_species_reaches_a_forest_in_random_games(rid):
    """Over some random games every species of the mixed-in boxes is played at least once
    (no card is unplayable in practice)."""
    rules = ruleset(rid)
    new = {s for s in rules.species if not s.startswith("base.")}
    seen: set[str] = set()
    for seed in range(40):
        g = random_game(rid, 2 + seed % 4, seed)
        for f in g.state.forests:
            seen.update(rules.halves[c][f.where[c][2]].species for c in f.order
                        if f.where[c][2] >= 0)
        if new <= seen:
            break
    assert new <= seen, sorted(new - seen)


@pytest.mark.parametrize("rid", MIXED)
def test_both_bots_finish_mixed_games_with_legal_actions(rid):
    from forestshuffle.bots import HeuristicBot

    for seed in range(3):
        g = fs.new_game(ruleset(rid), players=2 + seed, seed=seed)
        play_out(g, [HeuristicBot(seed * 10 + p) for p in range(g.players)])
        assert g.is_over and g.end_reason == "third_winter"
