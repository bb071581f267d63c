"""The engine's fast paths give exactly what the generic code gives: the same options in the
same order (so the same seeds play the same games), checked at every decision of random
games of every ruleset that takes them."""

from __future__ import annotations

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot
from forestshuffle.kinds.turn import core_turn_options, generic_turn_options

FAST = [("base", ()), ("base", ("alpine",)), ("base", ("alpine", "woodland_edge"))]


@pytest.mark.parametrize(("ruleset", "expansions"), FAST)
@pytest.mark.parametrize("players", [2, 4])
def test_core_turn_options_equal_the_generic_builders(ruleset, expansions, players):
    rules = fs.get_ruleset(ruleset, expansions=expansions)
    assert rules.core_turn
    turns = 0
    for seed in range(3):
        g = fs.new_game(rules, players=players, seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            p = g.pending
            if p.kind == "turn":
                fast = core_turn_options(g.state, p.player)
                assert fast == generic_turn_options(g.state, p.player)
                assert all(a is b for a, b in zip(fast, p.options, strict=True))
                turns += 1
            g.apply(bot.choose(g))
    assert turns > 100


def test_rulesets_that_change_the_turn_take_the_generic_path():
    assert not fs.get_ruleset("smoky").core_turn  # its slots have features
    assert not fs.get_ruleset("house-001").core_turn  # its own draw action, limits
