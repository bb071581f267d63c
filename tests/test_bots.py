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


def _asked_decisions(bot_factory, count):
    """The actions a 2-player base game's first *count* decisions with several options get
    from a bot made by *bot_factory* (one bot per seat), each checked legal."""
    game = fs.new_game("base", players=2, seed=7)
    bots = [bot_factory(10), bot_factory(11)]
    chosen = []
    while not game.is_over and len(chosen) < count:
        pending = game.pending
        if len(pending.options) == 1:
            game.apply(pending.options[0])
            continue
        action = bots[pending.player].choose(game)
        assert action in pending.options
        chosen.append(action)
        game.apply(action)
    return chosen


def test_the_default_ismcts_bot_chooses_legal_actions_and_is_seeded():
    """ISMCTS with its default budget and settings (horizon "next", the top
    TOP_K greedy candidates at the root) picks legal actions, and the same seed with the
    same iteration budget makes the same choices."""
    from forestshuffle.bots import ISMCTSBot
    from forestshuffle.bots.ismcts import ITERATIONS, TOP_K

    bot = ISMCTSBot(1)
    assert (bot.iterations, bot.horizon, bot.top_k) == (ITERATIONS, "next", TOP_K)
    first = _asked_decisions(ISMCTSBot, 8)
    assert len(first) == 8
    assert first == _asked_decisions(ISMCTSBot, 8)


def test_ismcts_searches_only_the_best_greedy_candidates_at_the_root():
    """With top_k = 1 the root keeps one candidate: the action greedy_values rates best in
    the bot's first determinization (the same generator draws replayed here)."""
    import random

    from forestshuffle.bots import ISMCTSBot, Situation
    from forestshuffle.bots.greedy import greedy_values

    game = fs.new_game("base", players=2, seed=7)
    while len(game.pending.options) < 3:
        game.apply(game.pending.options[0])
    situation = Situation(game)
    rng = random.Random(4)
    legal = situation.legal
    vals = greedy_values(situation.determinize(rng), situation.player, legal, rng)
    expected = legal[vals.index(max(vals))]
    assert ISMCTSBot(4, iterations=10, top_k=1).act(situation) == expected
    with pytest.raises(ValueError, match="top_k"):
        ISMCTSBot(4, top_k=0)


def test_the_random_bot_draws_what_randrange_draws():
    """RandomBot.choose runs CPython's bit-drawing loop itself: option i of n is
    chosen exactly when ``random.Random(seed).randrange(n)`` gives i, draw after draw, for
    every count of options (powers of two, where the loop redraws most, included); a single
    option draws nothing."""
    import random

    class Pending:
        def __init__(self, n: int) -> None:
            self.options = tuple(range(n))

    class State:
        over = False
        pending: Pending | None = None

    class FakeGame:
        state = State()

    game = FakeGame()
    for seed in (0, 7, 12345):
        bot, ref = RandomBot(seed), random.Random(seed)
        for n in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 32, 33, 100, 128] * 3:
            game.state.pending = Pending(n)
            want = ref.randrange(n) if n > 1 else 0
            assert bot.choose(game) == want  # type: ignore[arg-type]
    assert RandomBot(3)._bits is not None  # the inline loop is what was checked


def test_play_out_refuses_what_a_bot_returns_that_is_not_an_action():
    """``play_out``'s loop (``machine.play_loop``) answers
    a bot's non-action with the library's IllegalActionError, not a TypeError, and the game
    is left as it was."""

    class Broken:
        def choose(self, game):
            return "nonsense"

    game = fs.new_game("base", players=2, seed=4)
    with pytest.raises(RuntimeError, match="did not end within 5 actions"):
        play_out(game, RandomBot(1), max_actions=5)
    before = len(game.events), len(game.actions)
    with pytest.raises(fs.IllegalActionError, match="is not an action"):
        play_out(game, [Broken(), Broken()])
    assert (len(game.events), len(game.actions)) == before
    with pytest.raises(RuntimeError, match="did not end within 3 actions"):
        play_out(game, RandomBot(2), max_actions=3)
    assert len(game.actions) == before[1] + 3


def test_play_out_counts_a_game_that_ends_on_its_last_allowed_action_as_ended():
    """A game whose last action is the *max_actions*-th ended within the limit: ``play_out``
    returns it (it once raised "did not end within" for exactly that game); one action
    fewer is not enough."""
    whole = play_out(fs.new_game("base", players=2, seed=6), RandomBot(3))
    n = len(whole.actions)
    again = play_out(fs.new_game("base", players=2, seed=6), RandomBot(3), max_actions=n)
    assert again.is_over and again.events == whole.events
    with pytest.raises(RuntimeError, match=f"did not end within {n - 1} actions"):
        play_out(fs.new_game("base", players=2, seed=6), RandomBot(3), max_actions=n - 1)
