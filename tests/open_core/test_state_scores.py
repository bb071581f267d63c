"""Points a plugin's state scores for a player apart from the cards of their forest
(``StateKind.score``): added to the player's total by ``Game.scores()``, listed in
``PlayerScore.extras``, deciding the winners, and failing as the plugin's error; and the
notes a plugin's state adds to the outcome (``StateKind.notes``)."""

from __future__ import annotations

from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.core.spec import RulesetSpec
from forestshuffle.kinds import StateKind
from forestshuffle.plugins.hookspecs import hookimpl
from forestshuffle.testing import check_game


class Bonus(StateKind):
    """Player 1 holds a 7-point goal card; nobody else scores from it."""

    name = "test.bonus"

    def initial(self, rules: Any, players: int) -> Any:
        return tuple(7 if p == 1 else 0 for p in range(players))

    def score(self, value: Any, state: Any, player: int) -> list[tuple[str, int, str]]:
        return [("goal card", value[player], "held from the start")] if value[player] else []

    def notes(self, value: Any, state: Any, scores: Any) -> list[str]:
        return [f"the goal card gave {value[1]} of player 2's {scores.totals[1]} points"]


class Broken(Bonus):
    name = "test.broken"

    def score(self, value: Any, state: Any, player: int) -> list[tuple[str, int, str]]:
        raise ZeroDivisionError("no")


class Plugin:
    @hookimpl
    def forestshuffle_state_kinds(self) -> list[StateKind]:
        return [Bonus(), Broken()]

    @hookimpl
    def forestshuffle_rulesets(self) -> list[RulesetSpec]:
        return [RulesetSpec(id="test-bonus", name="Base with a goal card", card_sets=("base",),
                            removal={2: 30, 3: 20}, max_players=3,
                            state_kinds=("test.bonus",)),
                RulesetSpec(id="test-broken", name="Base with a broken goal card",
                            card_sets=("base",), removal={2: 30, 3: 20}, max_players=3,
                            state_kinds=("test.broken",))]


HOST = fs.PluginHost(extra=[Plugin()])


def test_a_state_kinds_points_join_the_players_total_and_decide_the_winner():
    g = fs.new_game(HOST.ruleset("test-bonus"), players=2, seed=1)
    scores = g.scores()    # nothing played yet: only the goal card scores
    assert scores[1].extras == (fs.ScoreLine("goal card", 7, "held from the start"),)
    assert scores[0].extras == ()
    assert scores.totals == (0, 7) and scores.winners == {1}
    check_game(g)          # the breakdown adds up to the total


def test_a_state_kind_that_fails_to_score_is_reported_as_its_plugins_error():
    g = fs.new_game(HOST.ruleset("test-broken"), players=2, seed=1)
    with pytest.raises(fs.PluginError, match=r"test\.broken"):
        g.scores()


def test_a_state_kinds_notes_are_in_the_outcome_once_the_game_is_over():
    from forestshuffle.bots import RandomBot, play_out

    g = fs.new_game(HOST.ruleset("test-bonus"), players=2, seed=1)
    assert g.outcome() is None
    play_out(g, RandomBot(1))
    out = g.outcome()
    assert out is not None
    assert out.notes == (f"the goal card gave 7 of player 2's {g.scores().totals[1]} points",)
    assert fs.new_game("base", players=2, seed=1).rules.state_kinds == []
