"""The bundled bots choose legal actions and finish games of every installed ruleset."""

from __future__ import annotations

import pytest

import forestshuffle as fs
from forestshuffle.bots import HeuristicBot, RandomBot, play_out


@pytest.mark.parametrize("ruleset", fs.available_rulesets())
@pytest.mark.parametrize("bot", [HeuristicBot, RandomBot])
def test_a_bot_finishes_a_game_with_legal_actions_only(ruleset, bot):
    game = fs.new_game(ruleset, players=3, seed=11)
    bots = [bot(i) for i in range(3)]
    while not game.is_over:
        pending = game.pending
        action = bots[pending.player].choose(game)
        assert action in pending.options
        game.apply(action)
    # the last winter card, or one of the ruleset's own end conditions
    assert game.end_reason in {"third_winter", *game.rules.spec.end_conditions}


def test_the_heuristic_bot_plays_real_cards_rather_than_saplings():
    # Random bots plant saplings for about half their plays; the heuristic bot only when
    # nothing else is possible.
    def saplings(bot_class):
        game = fs.new_game("base", players=2, seed=5)
        play_out(game, [bot_class(1), bot_class(2)])
        forests = game.state.forests
        return sum(f.count("saplings") for f in forests), sum(f.count("trees") for f in forests)

    heuristic_saplings, heuristic_trees = saplings(HeuristicBot)
    random_saplings, _ = saplings(RandomBot)
    assert heuristic_saplings < random_saplings
    assert heuristic_saplings <= heuristic_trees // 4


def test_the_same_seed_makes_the_same_choices():
    def run(seed):
        game = fs.new_game("base", players=2, seed=3)
        play_out(game, HeuristicBot(seed))
        return game.to_json()

    assert run(1) == run(1)


def test_the_heuristic_bot_declares_an_immediate_win_as_soon_as_it_may():
    """A declaration the ruleset offers (the open-core test plugin's win with 3 trees) is
    taken at once rather than any other option."""
    from open_core import plugin

    from forestshuffle.testing import CardPicker, scenario

    rules = fs.PluginHost(extra=[plugin]).ruleset("test-open")
    pk = CardPicker(rules)
    trees = [pk.pick("base.birch") for _ in range(3)]
    g = scenario(rules, hands={0: pk.filler(3)}, forests={0: [(t, {}) for t in trees]})
    assert fs.Declare("test.win") in g.legal_actions()
    assert HeuristicBot(1).choose(g) == fs.Declare("test.win")
