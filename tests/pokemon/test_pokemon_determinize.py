"""Determinization of Pokémon games (the search surface over the plugin's hidden parts):
``game.determinize(player)`` draws anew what the player has not seen of the plugin's state
through the core's ``StateKind.resample`` hook: the other players' private challenges (seed
003, 多人进阶: "each player draws 2 and keeps 1", hidden from the others), the chance deck's
order until revealed, and Rotom's training deck order (seed 003, 单人模式). The sample looks
the same to the player, is a whole game, and replays from its record."""

from __future__ import annotations

import random

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.testing import check_game
from forestshuffle_pokemon.mode_cards import CHANCE_CARDS, TRAINING_CARDS
from forestshuffle_pokemon.solo import SOLO
from forestshuffle_pokemon.versus import CHALLENGES, CHANCES, ChanceRevealed

from .helpers import EXP1, EXP2, OAK

BOTH = {"challenge": True, "chance": True}


def _played(players: int, actions: int, *, seed: int = 4, **kw) -> fs.Game:
    g = fs.new_game("pokemon", players=players, seed=seed, **kw)
    bot = RandomBot(seed)
    for _ in range(actions):
        if g.is_over:
            break
        g.apply(bot.choose(g))
    return g


def _looks_the_same(g: fs.Game, d: fs.Game, p: int) -> None:
    assert d.view(p) == g.view(p)
    assert d.infostate_key(p) == g.infostate_key(p)
    assert (d.observation(p) == g.observation(p)).all()
    check_game(d)  # its log refolds to its state, views leak nothing


def test_other_players_private_challenges_are_drawn_anew_from_the_unseen_ones():
    g = _played(3, 40, expansions=[EXP1, EXP2, OAK], options=BOTH)
    real = g.state.ext[CHALLENGES]
    assert all(real.kept) and not g.is_over
    others_seen = set()
    for k in range(8):
        d = g.determinize(0, random.Random(k))
        _looks_the_same(g, d, 0)
        c = d.state.ext[CHALLENGES]
        assert c.public == real.public and c.offered[0] == real.offered[0]
        assert c.kept[0] == real.kept[0]
        for p in (1, 2):
            assert c.kept[p] in c.offered[p]
            assert not {real.public, *real.offered[0]} & set(c.offered[p])
            others_seen.add(c.kept[p])
    assert len(others_seen) > 2  # not the real ones every time


def test_a_determinized_challenge_game_replays_and_plays_on():
    g = _played(2, 30, expansions=[EXP1, EXP2, OAK], options={"challenge": True})
    p = g.pending.player
    d = g.determinize(p, random.Random(3), exact=True)
    back = fs.Game.from_json(d.to_json(), rules=g.rules, trust_setup=True)
    assert back.state.snapshot() == d.state.snapshot()
    assert d.view(p) == g.view(p)
    play_out(d, RandomBot(1))
    assert d.is_over


def _after_the_chance_cards(players: int) -> fs.Game:
    for seed in range(40):
        g = fs.new_game("pokemon", players=players, seed=seed, expansions=[OAK],
                        options={"chance": True})
        bot = RandomBot(seed)
        while not g.is_over and not any(isinstance(e, ChanceRevealed) for e in g.events):
            g.apply(bot.choose(g))
        if not g.is_over:
            return g
    raise AssertionError("no game reached the 2nd whistle")


def test_the_chance_deck_is_reshuffled_below_the_revealed_cards():
    g = _after_the_chance_cards(2)
    real = g.state.ext[CHANCES]
    p = g.pending.player
    orders = set()
    for k in range(6):
        d = g.determinize(p, random.Random(k))
        _looks_the_same(g, d, p)
        c = d.state.ext[CHANCES]
        assert c.revealed == real.revealed
        assert sorted(c.deck) == sorted(real.deck)
        orders.add(c.deck)
    assert len(orders) > 1
    # before the 2nd whistle the whole deck is unseen
    fresh = _played(2, 3, expansions=[OAK], options={"chance": True})
    deck = fresh.state.ext[CHANCES].deck
    assert len(deck) == len(CHANCE_CARDS)
    assert {fresh.determinize(0, random.Random(k)).state.ext[CHANCES].deck
            for k in range(4)} - {deck}


def test_rotoms_training_deck_order_and_secret_are_drawn_anew():
    g = _played(1, 60, seed=2)
    assert not g.is_over
    real = g.state.ext[SOLO]
    assert real.discard and len(real.deck) + len(real.discard) == len(TRAINING_CARDS)
    orders = set()
    for k in range(6):
        d = g.determinize(0, random.Random(k))
        _looks_the_same(g, d, 0)
        s = d.state.ext[SOLO]
        assert s.discard == real.discard and sorted(s.deck) == sorted(real.deck)
        assert s.secret != real.secret
        orders.add(s.deck)
    assert len(orders) > 1
    d = g.determinize(0, random.Random(9))
    play_out(d, RandomBot(9))
    assert d.is_over
    check_game(d)
