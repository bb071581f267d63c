"""A native game determinizes as the Python engine does: ``NativeGame.determinize(player,
seed)`` holds the cards of ``Determinizer(game, player).sample(random.Random(seed))`` for the
same state, and plays on as that game does; what each player has seen is kept right across
undo, clones and later actions. The typed read-outs (is_over, to_move, end_reason, scores
with the per-card breakdown, winners) are the Python engine's."""

from __future__ import annotations

import random

import numpy as np
import pytest

from forestshuffle.core.game import Game, new_game
from forestshuffle.errors import ArgumentError
from forestshuffle.native import NativeGame, NativeScore, _rules_of
from forestshuffle.search.determinize import Determinizer
from forestshuffle.testing.native import native_view, python_view

#: (ruleset, expansions, players, games)
RULESETS = [
    ("base", (), 2, 4),
    ("base", ("alpine", "woodland_edge"), 3, 2),
    ("smoky", (), 2, 2),
]


def _assert_same(python: Game, nat: NativeGame, where: str) -> None:
    assert native_view(nat) == python_view(python), where
    assert nat.deck == list(python.state.deck), where
    assert nat.legal_codes() == [python.encode(a) for a in python.legal_actions()], where
    for p in range(python.players):
        assert np.array_equal(nat.observation(p), python.observation(p)), where


def _play_on(python: Game, nat: NativeGame, rng: random.Random, n: int, where: str) -> None:
    """Apply the same *n* random actions to both (fewer if the game ends), comparing."""
    for k in range(n):
        if python.is_over:
            return
        options = python.legal_actions()
        i = rng.randrange(len(options))
        python.apply(options[i])
        nat.apply(python.encode(options[i]))
        _assert_same(python, nat, f"{where}, {k + 1} actions on")


def _step_both(python: Game, nat: NativeGame, rng: random.Random) -> None:
    """One random action applied to both engines' games."""
    options = python.legal_actions()
    i = rng.randrange(len(options))
    python.apply(options[i])
    nat.apply(python.encode(options[i]))


def _same_sample(python: Game, nat: NativeGame, p: int, draw: int, where: str, n: int) -> str:
    """Player *p*'s sample of both games from seed *draw* compared, then *n* actions played on
    both; the kind of the sample's pending decision."""
    sample = Determinizer(python, p).sample(random.Random(draw))
    det = nat.determinize(p, draw)
    _assert_same(sample, det, where)
    assert det.codes == []
    pending = sample.state.pending
    kind = "" if pending is None else pending.kind
    _play_on(sample, det, random.Random(draw), n, where)
    return kind


@pytest.mark.parametrize(("ruleset", "expansions", "players", "games"), RULESETS)
def test_determinized_games_are_the_python_engines(ruleset: str, expansions: tuple[str, ...],
                                                   players: int, games: int) -> None:
    rules = _rules_of(ruleset, None, expansions)
    checked = 0
    for seed in range(games):
        python, nat = new_game(rules, players=players, seed=seed), NativeGame(rules, players, seed)
        rng = random.Random(seed)
        while not python.is_over:
            if len(python.actions) % 7 == 3:
                pending = python.state.pending
                assert pending is not None
                # the player to move; at the start of a turn, any player
                p = rng.randrange(players) if pending.kind == "turn" else pending.player
                draw = seed * 1000 + len(python.actions)
                where = f"{ruleset} seed {seed}, after {len(python.actions)}, player {p}"
                _same_sample(python, nat, p, draw, where, 6)
                checked += 1
            _step_both(python, nat, rng)
    assert checked > 10 * games


def test_a_determinized_game_moves_unseen_cards_only() -> None:
    nat = NativeGame("base", 2, 4)
    rng = random.Random(4)
    for _ in range(30):
        nat.apply_index(rng.randrange(len(nat.legal_codes())))
    p = nat.to_move
    assert p is not None
    det = nat.determinize(p, 1)
    assert det.hands[p] == nat.hands[p] and det.clearing == nat.clearing
    assert det.hands[1 - p] != nat.hands[1 - p]
    assert det.to_move == p and det.legal_codes() == nat.legal_codes()


def test_what_was_seen_survives_undo_clones_and_later_actions() -> None:
    """Determinizing after the kept knowledge was carried forward, taken back by undo or
    copied by a clone gives what a game replayed afresh gives."""
    nat = NativeGame("base", 2, 9)
    rng = random.Random(9)

    def fresh_determinized(player: int, seed: int) -> NativeGame:
        replay = NativeGame("base", 2, 9)
        for code in nat.codes:
            replay.apply(code)
        return replay.determinize(player, seed)

    for round_ in range(8):
        for _ in range(rng.randrange(1, 12)):
            nat.apply_index(rng.randrange(len(nat.legal_codes())))
        if round_ % 3 == 2:
            nat.undo(rng.randrange(1, 10))
        if round_ % 2:
            nat = nat.clone()
        for p in (0, 1):
            det, want = nat.determinize(p, round_), fresh_determinized(p, round_)
            assert native_view(det) == native_view(want) and det.deck == want.deck, round_


def test_undo_in_a_determinized_game_goes_back_to_its_start_and_to_game_replays_it() -> None:
    nat = NativeGame("base", 2, 2)
    for _ in range(12):
        nat.apply(nat.legal_codes()[-1])
    det = nat.determinize(0, 5)
    start = native_view(det)
    for _ in range(10):
        det.apply(det.legal_codes()[0])
    python = det.to_game()
    assert native_view(det) == python_view(python)
    det.undo(len(det.codes))
    assert native_view(det) == start
    with pytest.raises(ArgumentError):
        det.undo(1)


def test_determinize_needs_a_seat_and_a_game_dealt_from_a_seed() -> None:
    nat = NativeGame("base", 2, 0)
    for bad in (-1, 2, 1.0, "0"):
        with pytest.raises(ArgumentError):
            nat.determinize(bad, 0)  # type: ignore[arg-type]
    det = nat.determinize(0, 0)
    with pytest.raises(ArgumentError, match="determinize the game it came from"):
        det.determinize(0, 1)


@pytest.mark.parametrize("seed", range(6))
def test_the_typed_read_outs_are_the_python_engines(seed: int) -> None:
    rules = _rules_of("base", None, ("alpine",))
    python, nat = new_game(rules, players=3, seed=seed), NativeGame(rules, 3, seed)
    rng = random.Random(seed)
    while True:
        pending = python.state.pending
        assert nat.to_move == (None if python.is_over else pending.player)  # type: ignore[union-attr]
        assert nat.is_over is python.is_over and nat.end_reason == python.end_reason
        if python.is_over or len(python.actions) % 40 == 0:
            got, want = nat.scores(), python.scores()
            assert got == tuple(NativeScore(p.player, p.total, p.cave,
                                            tuple((c.card, c.points) for c in p.cards))
                                for p in want.players)
        if python.is_over:
            break
        options = python.legal_actions()
        i = rng.randrange(len(options))
        python.apply(options[i])
        nat.apply(python.encode(options[i]))
    assert nat.winners() == python.winners and nat.winners()
    assert nat.returns() == python.returns()


def test_mid_payment_samples_are_the_python_engines_for_every_player() -> None:
    """At each decision of a payment already begun, a sample for either player (the payer, or
    one watching: the card paid for and the cards paid so far stay, the rest of the payer's
    hand is dealt anew only as a hand that can still pay) holds the Python engine's cards,
    asks the same payment, and plays on alike."""
    rules = _rules_of("base", None, ())
    checked = 0
    for seed in range(4):
        python, nat = new_game(rules, players=2, seed=seed), NativeGame(rules, 2, seed)
        rng = random.Random(seed)
        while not python.is_over:
            head = python.state.queue[0]
            if head.kind == "pay" and head.args["paid"]:
                for p in (0, 1):
                    draw = seed * 1000 + len(python.actions) * 2 + p
                    where = f"seed {seed}, after {len(python.actions)}, player {p}"
                    assert _same_sample(python, nat, p, draw, where, 4) == "pay", where
                    checked += 1
            _step_both(python, nat, rng)
    assert checked >= 10
