"""The native greedy bot chooses what ``fs.bots.GreedyBot`` chooses: the native core keeps
what each player has seen as the Python engine reads it from its log, determinizes as
``Determinizer.sample`` does (the same cards where they are, the same draws), and
``play_many(bot="greedy")`` plays the games GreedyBot plays."""

from __future__ import annotations

import random
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle import native
from forestshuffle.core.game import Game, new_game
from forestshuffle.native.bots import GreedyBot, KnownGame
from forestshuffle.search.determinize import Determinizer, Knowledge

#: (ruleset, expansions, players, games)
WORKLOADS = [
    ("base", (), 2, 4),
    ("base", ("alpine", "woodland_edge"), 2, 3),
    ("smoky", (), 2, 3),
    ("base", (), 3, 2),
]


def _pair(ruleset: str, expansions: tuple[str, ...], players: int,
          seed: int) -> tuple[Game, KnownGame]:
    game = new_game(ruleset, players=players, seed=seed, expansions=expansions)
    return game, KnownGame(game.rules, players, seed)


def _cards(game: Game) -> dict[str, Any]:
    """What KnownGame.cards() gives, of a Python game."""
    s = game.state
    return {
        "deck": list(s.deck), "box": list(s.box), "hands": [list(h) for h in s.hands],
        "caves": [list(c) for c in s.caves], "clearing": list(s.clearing),
        "winter": list(s.winter),
        "forests": [[(site.card, site.kind.id, [(k, list(v)) for k, v in site.slots.items()],
                      list(site.under)) for site in f.sites] for f in s.forests],
        "legal": [] if s.over else [game.encode(a) for a in game.legal_actions()],
    }


def _native_cards(cards: dict[str, Any]) -> dict[str, Any]:
    out = dict(cards)
    out["forests"] = [[(c, k, [(n, list(x)) for n, x in slots], list(under))
                       for c, k, slots, under in f] for f in cards["forests"]]
    return out


def _step(game: Game, nat: KnownGame, rng: random.Random) -> None:
    action = rng.choice(game.legal_actions())
    code = game.encode(action)
    game.apply(action)
    nat.apply(code)


@pytest.mark.parametrize(("ruleset", "expansions", "players", "games"), WORKLOADS)
def test_players_have_seen_the_same_cards(ruleset: str, expansions: tuple[str, ...],
                                          players: int, games: int) -> None:
    for seed in range(games):
        game, nat = _pair(ruleset, expansions, players, seed)
        rng = random.Random(seed)
        while not game.is_over:
            for p in range(players):
                assert nat.seen(p) == Knowledge(game, p).seen, (seed, len(game.actions), p)
            _step(game, nat, rng)


@pytest.mark.parametrize(("ruleset", "expansions", "players", "games"), WORKLOADS)
def test_determinized_games_are_the_python_engines(ruleset: str, expansions: tuple[str, ...],
                                                   players: int, games: int) -> None:
    checked = 0
    for seed in range(games):
        game, nat = _pair(ruleset, expansions, players, seed)
        rng = random.Random(seed)
        while not game.is_over:
            assert _native_cards(nat.cards()) == _cards(game)
            if len(game.actions) % 3 == 0:
                p = game.pending.player  # type: ignore[union-attr]
                draws = random.Random(seed * 1000 + len(game.actions))
                sample = Determinizer(game, p).sample(draws)
                got, after = nat.determinized(p, seed * 1000 + len(game.actions))
                assert _native_cards(got) == _cards(sample), (seed, len(game.actions))
                assert after == draws.random()  # the same draws were made
                checked += 1
            _step(game, nat, rng)
    assert checked > 20 * games


def test_determinization_moves_unseen_cards() -> None:
    """A determinized game differs from the real one in the hidden cards only."""
    game, nat = _pair("base", (), 2, 4)
    rng = random.Random(4)
    for _ in range(30):
        _step(game, nat, rng)
    p = nat.to_move
    assert p is not None
    real = nat.cards()
    got, _ = nat.determinized(p, 1)
    assert got["hands"][p] == real["hands"][p]
    assert got["clearing"] == real["clearing"]
    assert got["hands"][1 - p] != real["hands"][1 - p]
    assert _every_card(got) == _every_card(real)


def _every_card(cards: dict[str, Any]) -> list[int]:
    out = [*cards["deck"], *cards["box"], *cards["clearing"], *cards["winter"]]
    for pile in (*cards["hands"], *cards["caves"]):
        out.extend(pile)
    for forest in cards["forests"]:
        for card, _kind, slots, under in forest:
            out.append(card)
            out.extend(under)
            for _name, held in slots:
                out.extend(held)
    return sorted(out)


#: (ruleset, expansions, games) of greedy play compared decision by decision
GREEDY = [("base", (), 4), ("base", ("alpine", "woodland_edge"), 2), ("smoky", (), 2)]


@pytest.mark.parametrize(("ruleset", "expansions", "games"), GREEDY)
def test_greedy_chooses_what_greedybot_chooses(ruleset: str, expansions: tuple[str, ...],
                                               games: int) -> None:
    """Seat 0 greedy (the Python bot and the native one, seeded alike), seat 1 random:
    every decision of seat 0 gets the same action id, and the generators end alike."""
    decisions = 0
    for seed in range(games):
        game, nat = _pair(ruleset, expansions, 2, seed)
        bot, nbot = fs.bots.GreedyBot(seed=seed + 100), GreedyBot(seed + 100)
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


def test_play_many_plays_what_greedybot_plays() -> None:
    seeds, bots = [5, 8], [1, 2]
    res = native.play_many("base", seeds, bot="greedy", bot_seeds=bots)
    for i, (seed, bot_seed) in enumerate(zip(seeds, bots, strict=True)):
        game = fs.new_game("base", players=2, seed=seed)
        fs.bots.play_out(game, fs.bots.GreedyBot(seed=bot_seed))
        assert res.lengths[i] == len(game.actions)
        assert list(res.scores[i]) == [p.total for p in game.scores().players]
        assert bool(res.over[i])
