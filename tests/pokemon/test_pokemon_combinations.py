"""Every bundled content combination of ruleset ``pokemon``: each
set of its expansions the expansions' ``requires`` allow, alone and with each mode its
content suits (challenge, chance, both), passes :func:`~forestshuffle.testing.check_card_set`,
runs in :class:`~forestshuffle.testing.GameMachine` (undo, save/load, clone, pickle and codec
round trips after every step) and keeps every invariant of
:func:`~forestshuffle.testing.check_game` in played games, its record replaying.

The combinations are read from the installed expansions, so a new expansion of the plugin is
covered without editing this file.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.errors import OptionError
from forestshuffle.testing import GameMachine, check_card_set, check_game

from .helpers import RULES

FIXED = settings(max_examples=1, stateful_step_count=25, derandomize=True, deadline=None,
                 suppress_health_check=list(HealthCheck))

def _expansion_sets() -> list[tuple[str, ...]]:
    """Every subset of the ruleset's expansions, in its order, that compiles (an expansion
    whose ``requires`` are missing does not)."""
    ids = RULES.spec.expansions
    out = []
    for n in range(len(ids) + 1):
        for combo in combinations(ids, n):
            try:
                fs.get_ruleset(RULES.id, expansions=combo)
            except fs.ForestShuffleError:
                continue
            out.append(combo)
    return out


def _combinations() -> list[tuple[tuple[str, ...], dict[str, bool]]]:
    """(expansions, options): every expansion set, alone and with each mode it suits."""
    modes: list[dict[str, bool]] = [{}, {"challenge": True}, {"chance": True},
                                    {"challenge": True, "chance": True}]
    out = []
    for combo in _expansion_sets():
        for opts in modes:
            try:
                rules = fs.get_ruleset(RULES.id, expansions=combo, options=opts or None)
                fs.new_game(rules, players=rules.spec.min_players, seed=0)
            except OptionError:
                continue
            out.append((combo, opts))
    return out


COMBINATIONS = _combinations()
IDS = ["+".join(c) + ("?" + "&".join(o) if o else "") or "base" for c, o in COMBINATIONS]


def test_the_combinations_cover_every_expansion_set_and_each_mode():
    """Expansion 2 needs expansion 1: 12 of the 16 sets of four expansions; the challenge
    mode needs 1, 2 and Oak (2 sets), the chance mode Oak (6 sets)."""
    sets = {c for c, _ in COMBINATIONS}
    assert len(sets) == 12
    assert all("pokemon_exp1" in c for c in sets if "pokemon_exp2" in c)
    assert sum(1 for _, o in COMBINATIONS if o == {"challenge": True}) == 2
    assert sum(1 for _, o in COMBINATIONS if o == {"chance": True}) == 6
    assert sum(1 for _, o in COMBINATIONS if len(o) == 2) == 2


@pytest.mark.parametrize(("expansions", "options"), COMBINATIONS, ids=IDS)
def test_every_content_combination_passes_check_card_set(expansions, options):
    rules = fs.get_ruleset(RULES.id, expansions=expansions, options=options or None)
    report = check_card_set(rules, games=4)
    structural = [p for p in report.problems if p.check != "effects"]
    assert not structural, str(report)
    assert report.games == 4


@pytest.mark.parametrize(("expansions", "options"), COMBINATIONS, ids=IDS)
def test_every_content_combination_runs_in_the_game_machine(expansions, options):
    rules = fs.get_ruleset(RULES.id, expansions=expansions, options=options or None)
    run_state_machine_as_test(GameMachine.for_ruleset(rules), settings=FIXED)


@pytest.mark.parametrize(("expansions", "options"), COMBINATIONS, ids=IDS)
def test_every_content_combination_plays_to_the_end_and_replays(expansions, options):
    rules = fs.get_ruleset(RULES.id, expansions=expansions, options=options or None)
    for players in (rules.spec.min_players, rules.spec.max_players):
        g = fs.new_game(rules, players=players, seed=players)
        play_out(g, RandomBot(players))
        assert g.is_over
        check_game(g)
        again = fs.Game.from_json(g.to_json(), rules=rules)
        assert again.state.snapshot() == g.state.snapshot()
