"""The native ISMCTS bot chooses what ``fs.bots.ISMCTSBot`` chooses with the same seed and
knobs: the same root candidates, determinizations, tree walks, playouts and rewards (the
same draws from the same generator), so the same most visited action, decision by decision,
and the generators end alike."""

from __future__ import annotations

import random

import pytest

import forestshuffle as fs
from forestshuffle import native
from forestshuffle.core.game import new_game
from forestshuffle.errors import ArgumentError
from forestshuffle.native.bots import ISMCTSBot, KnownGame
from forestshuffle.simulate.runner import bot_seed

#: (ruleset, expansions, games, knobs): small budgets, every horizon, a depth, all candidates
CASES = [
    ("base", (), 2, {"iterations": 6}),
    ("base", ("alpine", "woodland_edge"), 1, {"iterations": 5, "horizon": "reply"}),
    ("smoky", (), 1, {"iterations": 5, "horizon": "turn", "top_k": None}),
    ("base", (), 1, {"iterations": 8, "depth": 1, "exploration": 1.3, "scale": 10.0,
                     "hand_weight": 2.0, "top_k": 2}),
]


@pytest.mark.parametrize(("ruleset", "expansions", "games", "knobs"), CASES)
def test_ismcts_chooses_what_ismctsbot_chooses(ruleset: str, expansions: tuple[str, ...],
                                               games: int, knobs: dict[str, object]) -> None:
    """Seat 0 ISMCTS (the Python bot and the native one, seeded alike), seat 1 random: every
    decision of seat 0 gets the same action id, and the generators end alike."""
    decisions = 0
    for seed in range(games):
        game = new_game(ruleset, players=2, seed=seed, expansions=expansions)
        nat = KnownGame(game.rules, 2, seed)
        bot = fs.bots.ISMCTSBot(seed=seed + 7, **knobs)  # type: ignore[arg-type]
        nbot = ISMCTSBot(seed=seed + 7, **knobs)  # type: ignore[arg-type]
        other = random.Random(seed)
        while not game.is_over:
            if game.pending.player == 0:  # type: ignore[union-attr]
                action = bot.choose(game)
                code = game.encode(action)
                assert nat.choose(nbot) == code, (seed, len(game.actions))
                decisions += len(game.legal_actions()) > 1
            else:
                action = other.choice(game.legal_actions())
                code = game.encode(action)
            game.apply(action)
            nat.apply(code)
        assert nbot.random() == bot.rng.random()
    assert decisions > 40 * games


def test_a_bigger_budget_changes_the_choices() -> None:
    """The budget is spent: 1 and 30 iterations choose differently somewhere in a game."""
    game = new_game("base", players=2, seed=3)
    few, many = KnownGame("base", 2, 3), KnownGame("base", 2, 3)
    one, thirty = ISMCTSBot(seed=1, iterations=1), ISMCTSBot(seed=1, iterations=30)
    differ = 0
    other = random.Random(3)
    for _ in range(60):
        if game.is_over:
            break
        if game.pending.player == 0:  # type: ignore[union-attr]
            a, b = few.choose(one), many.choose(thirty)
            differ += a != b
        action = other.choice(game.legal_actions())
        game.apply(action)
        few.apply(game.encode(action))
        many.apply(game.encode(action))
    assert differ > 0


@pytest.mark.parametrize(("knobs", "what"), [
    ({"seconds": 1.0}, "iteration budget only"),
    ({"iterations": None}, "iteration budget only"),
    ({"iterations": -1}, "iterations"),
    ({"horizon": "far"}, "horizon must be one of turn, reply, next"),
    ({"top_k": 0}, "top_k must be at least 1"),
    ({"depth": 1.5}, "depth"),
])
def test_bad_knobs_are_refused(knobs: dict[str, object], what: str) -> None:
    with pytest.raises(ArgumentError, match=what):
        ISMCTSBot(seed=1, **knobs)  # type: ignore[arg-type]


def _python_run(seed: int, bots: object, players: int = 2) -> fs.Game:
    game = fs.new_game("base", players=players, seed=seed)
    fs.bots.play_out(game, bots)
    return game


def _same_games(res: native.SelfPlay, games: list[fs.Game]) -> None:
    for i, game in enumerate(games):
        assert res.lengths[i] == len(game.actions), i
        assert list(res.scores[i]) == [p.total for p in game.scores().players], i
        assert [bool(w) for w in res.winners[i]] == [
            p in game.outcome().winners for p in range(game.players)], i  # type: ignore[union-attr]
        assert bool(res.over[i])


def test_play_many_with_one_ismcts_bot_plays_what_ismctsbot_plays() -> None:
    """``bot="ismcts"``: one ``fs.bots.ISMCTSBot(seed=bot_seeds[i])`` for every seat."""
    res = native.play_many("base", [4], bot="ismcts", bot_seeds=[9])
    _same_games(res, [_python_run(4, fs.bots.ISMCTSBot(seed=9))])


@pytest.mark.parametrize(("lineup", "seeds", "bot_seeds"), [
    (("greedy", "random"), [5, 6], [1, 2]),
    (("random", "greedy", "random"), [7], None),
    (("random", "random"), [3, 8], [3, 4]),
])
def test_play_many_with_a_bot_per_seat_plays_the_python_seats(
        lineup: tuple[str, ...], seeds: list[int], bot_seeds: list[int] | None) -> None:
    """Seat *p* of game *i*: ``fs.bots.BOTS[bot[p]](seed=bot_seed(bot_seeds[i], p))``."""
    res = native.play_many("base", seeds, players=len(lineup), bot=lineup,
                           bot_seeds=bot_seeds)
    games = [_python_run(s, [fs.bots.make_bot(name, bot_seed(b, p))
                             for p, name in enumerate(lineup)], len(lineup))
             for s, b in zip(seeds, bot_seeds or seeds, strict=True)]
    _same_games(res, games)


def test_a_seat_bot_differs_from_one_bot_for_every_seat() -> None:
    """Seats seeded apart are other games than one greedy bot at both seats."""
    seeds = list(range(6))
    one = native.play_many("base", seeds, bot="greedy")
    two = native.play_many("base", seeds, bot=("greedy", "greedy"))
    assert (one.lengths != two.lengths).any() or (one.scores != two.scores).any()


@pytest.mark.parametrize(("kwargs", "what"), [
    ({"bot": ("greedy",)}, "1 bots for 2 seats"),
    ({"bot": ("greedy", "heuristic")}, "not 'heuristic'"),
    ({"bot": ("greedy", "random"), "scoring": False}, "greedy rate positions"),
    ({"bot": "ismcts", "scoring": False}, "ismcts rate positions"),
])
def test_play_many_refuses_bad_seats(kwargs: dict[str, object], what: str) -> None:
    with pytest.raises(ArgumentError, match=what):
        native.play_many("base", [1], **kwargs)  # type: ignore[arg-type]
