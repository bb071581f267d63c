"""Non-interference of determinization: ``determinize(p)`` depends only on what *p* has
seen. Two games that differ only in what *p* cannot see (the real game and a determinization
of it, whose information-state keys for *p* are equal) give the same samples for the same
generator; over every bundled ruleset and phase: the set-up and its mulligans (an
opponent's offer of a redraw included), Rotom's turns of the solo game, the challenge and
chance modes."""

from __future__ import annotations

import random
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.search.determinize import Determinizer

ALL_POKEMON = ("pokemon_exp1", "pokemon_exp2", "pokemon_exp3", "pokemon_oak")
#: (ruleset, options, expansions, player counts)
CONFIGURATIONS: list[tuple[str, dict[str, Any], tuple[str, ...], tuple[int, ...]]] = [
    ("base", {}, (), (2, 3)),
    ("base", {}, ("alpine", "woodland_edge"), (2,)),
    ("smoky", {}, (), (2,)),
    ("house-001", {}, (), (2, 3)),
    ("pokemon", {}, (), (1, 2)),  # 1: the solo game, against Rotom
    ("pokemon", {}, ALL_POKEMON, (1, 2)),
    ("pokemon", {"challenge": True}, ALL_POKEMON, (2, 3)),
    ("pokemon", {"chance": True}, ALL_POKEMON, (2,)),
]


def _positions(rid: str, options: dict[str, Any], expansions: tuple[str, ...], players: int,
               seed: int) -> list[fs.Game]:
    """Clones of a random game: each of the set-up's decisions and first turns, then every
    29th action."""
    g = fs.new_game(rid, players=players, seed=seed, options=options, expansions=expansions)
    rng = random.Random(seed)
    out = []
    while not g.is_over:
        n = len(g.actions)
        if n < 5 or n % 29 == 0:
            out.append(g.clone())
        opts = g.legal_actions()
        g.apply(opts[rng.randrange(len(opts))])
    return out


def _sample(g: fs.Game, p: int, seed: int) -> tuple[Any, ...]:
    try:
        s = Determinizer(g, p).sample(random.Random(seed))
    except fs.ForestShuffleError as exc:
        return ("refused", str(exc))
    return (s.state.snapshot(), tuple(s.events), tuple(s.actions))


def _twin(g: fs.Game, p: int) -> fs.Game | None:
    """A game *p* cannot tell from *g* that differs from it (None when *p* has seen
    everything)."""
    real = g.state.snapshot()
    for r in range(100, 108):
        try:
            other = Determinizer(g, p).sample(random.Random(r))
        except fs.ForestShuffleError:
            continue
        if other.state.snapshot() != real:
            assert other.infostate_key(p) == g.infostate_key(p)
            return other
    return None


def _check_positions(games: list[fs.Game]) -> int:
    checked = 0
    for g in games:
        for p in range(g.players):
            twin = _twin(g, p)
            if twin is None:
                continue
            assert _sample(g, p, 5) == _sample(twin, p, 5), (len(g.actions), p, g.pending)
            checked += 1
    return checked


@pytest.mark.parametrize(("rid", "options", "expansions", "counts"), CONFIGURATIONS,
                         ids=[f"{r}-{sorted(o)}-{len(e)}" for r, o, e, _ in CONFIGURATIONS])
def test_samples_depend_only_on_what_the_player_has_seen(
        rid: str, options: dict[str, Any], expansions: tuple[str, ...],
        counts: tuple[int, ...]) -> None:
    checked = 0
    for players in counts:
        checked += _check_positions(_positions(rid, options, expansions, players, seed=3))
    assert checked >= 8


@pytest.mark.parametrize("seed", [7, 21])
def test_an_opponents_mulligan_and_the_game_after_it_leak_no_hand(seed: int) -> None:
    """Base game, set-up: a player whose opening hand holds no tree is offered a redraw
    (``mulligan``). At that offer, and after it, a sample of the other player's hand is
    drawn from the cards that player has not seen, never kept as it really is."""
    g = fs.new_game("base", players=2, seed=seed)
    assert g.pending is not None and g.pending.kind == "mulligan"
    o = g.pending.player
    p = 1 - o
    real = set(g.state.hands[o])
    kept = sum(set(Determinizer(g, p).sample(random.Random(s)).state.hands[o]) == real
               for s in range(40))
    assert kept == 0
    games = [g.clone()]
    g.apply(g.legal_actions()[1])  # redraw
    bot = fs.bots.RandomBot(seed)
    for _ in range(12):
        games.append(g.clone())
        g.apply(bot.choose(g))
    assert _check_positions(games) >= 10
