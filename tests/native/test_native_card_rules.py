"""The native core follows the card texts the Python engine follows where they are easy to
get wrong: each test finds seeded games (chosen as forestshuffle.testing.native.compare
chooses) in which the Python engine meets the card's situation, then compares those games
with both engines (docs/rules/alpine.md and docs/rules/woodland_edge.md: Eurasian Magpie,
the shrubs, Black Trumpet, Water Vole)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import forestshuffle as fs
from forestshuffle.core.state import GameState
from forestshuffle.native._export import export
from forestshuffle.plugins.manager import get_ruleset
from forestshuffle.testing.native import compare

#: a situation of the Python engine's game, looked at before each action
Situation = Callable[[GameState], bool]


def _species(state: GameState, player: int, card: int) -> str:
    hi = state.forests[player].where[card][2]
    return state.rules.halves[card][hi].species


def _seeds_meeting(situation: Situation, expansions: tuple[str, ...], wanted: int = 3,
                   tries: int = 300) -> list[int]:
    """The first *wanted* seeds (of *tries*) whose game, played as compare plays it, meets
    *situation*."""
    found: list[int] = []
    for seed in range(tries):
        game = fs.new_game("base", players=2, seed=seed, expansions=list(expansions))
        rng = random.Random(seed)
        while not game.is_over:
            if situation(game.state):
                found.append(seed)
                break
            pending = game.state.pending
            assert pending is not None
            game.apply(pending.options[rng.randrange(len(pending.options))])
        if len(found) >= wanted:
            break
    return found


def _same_games(situation: Situation, expansions: tuple[str, ...]) -> None:
    seeds = _seeds_meeting(situation, expansions)
    assert seeds, "no game met the situation"
    report = compare("base", seeds, expansions=expansions)
    assert report.ok, str(report.first)
    assert report.games == len(seeds)


def _head(state: GameState, kind: str) -> bool:
    return bool(state.queue) and state.queue[0].kind == kind


def magpie_caves_exactly(state: GameState) -> bool:
    """Eurasian Magpie's bonus ("exactly two") caving from a clearing of three or more
    cards: no option to stop."""
    head = state.queue[0] if state.queue else None
    return (head is not None and head.kind == "cave_from_clearing"
            and bool(head.args.get("exactly")) and len(state.clearing) > 2)


def shrub_activated(state: GameState) -> bool:
    """A shrub's draw offered in the turn it was placed: the card its own bonus played."""
    if not _head(state, "trigger"):
        return False
    step = state.queue[0]
    forest = state.forests[step.player]
    return (_species(state, step.player, step.card).endswith(("blackthorn", "common_hazel",
                                                               "elderberry"))
            and forest.placed_turn[step.card] >= state.turn)


def water_vole_two_saplings(state: GameState) -> bool:
    """Water Vole's saplings: a second one chosen before the first one's reveal."""
    return _head(state, "play_saplings") and len(state.queue[0].args.get("planted", ())) >= 1


def test_eurasian_magpie_caves_exactly_two_clearing_cards() -> None:
    _same_games(magpie_caves_exactly, ("woodland_edge",))


def test_a_shrubs_bonus_play_activates_its_draw() -> None:
    _same_games(shrub_activated, ("woodland_edge",))


def test_black_trumpet_draws_from_the_turn_it_is_played() -> None:
    # the native core reads a trigger's timing from the exported data ("From now on": not
    # from the next turn); a game where it matters is too rare to find by random play
    rules = get_ruleset("base", expansions=["alpine"])
    data = json.loads(export(rules))
    (trumpet,) = [t for sid, ts in data["triggers"].items() if sid.endswith("black_trumpet")
                  for t in ts]
    assert trumpet["from_next_turn"] is False
    report = compare(rules, range(40))
    assert report.ok, str(report.first)


def test_water_vole_places_every_sapling_before_the_reveals() -> None:
    _same_games(water_vole_two_saplings, ("woodland_edge",))
