"""forestshuffle.native's public face: availability, support checks, errors, the game object
and play_many (the same games as RandomBot on new_game)."""

from __future__ import annotations

import random

import pytest

import forestshuffle as fs
from forestshuffle import native
from forestshuffle.errors import ArgumentError, ForestShuffleError, IllegalActionError, NativeError
from forestshuffle.native import _export, _loading


@pytest.mark.no_extension_needed
def test_missing_extension_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_loading, "_module", lambda: None)
    assert not native.available()
    assert not native.supports("base")
    with pytest.raises(NativeError, match=r"pip install \./native") as err:
        native.play_many("base", [1])
    assert isinstance(err.value, ForestShuffleError)


@pytest.mark.no_extension_needed
def test_the_export_is_the_built_ruleset_as_data() -> None:
    rules = fs.get_ruleset("base")
    text = _export.export(rules)
    assert _export.export(rules) is text  # made once per ruleset
    data = _export.ruleset_data(rules)
    assert len(data["cards"]) == len(rules.cards)
    assert data["kinds"]["steps"] == sorted(data["kinds"]["steps"])
    fox = next(s for s in data["species"] if s["id"] == "base.red_fox")
    assert fox["effect"] == [{"kind": "draw_per",
                              "args": {"count": "species:base.european_hare"}}]


def test_unsupported_kinds_are_named() -> None:
    missing = native.unsupported_kinds("house-001")
    assert "turn_actions:pass_turn" in missing
    assert not native.supports("house-001")
    with pytest.raises(NativeError, match="pass_turn") as err:
        native.load_rules("house-001", scoring=False)
    assert "turn_actions:pass_turn" in err.value.kinds


def test_a_card_costing_more_than_the_native_core_pays_is_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A payment's cards are kept inline, up to ``MAX_CARD_COST``: a ruleset with a dearer
    card half is not supported, and says so like a missing kind."""
    top = max(h.cost for halves in fs.get_ruleset("base").halves.values() for h in halves)
    assert native.supports("base") and top <= _loading._ext().MAX_CARD_COST
    monkeypatch.setattr(_loading._ext(), "MAX_CARD_COST", top - 1)
    assert native.unsupported_kinds("base") == (f"cards:cost_above_{top - 1}",)
    assert not native.supports("base")
    with pytest.raises(NativeError, match=f"cost_above_{top - 1}"):
        native.load_rules("base")


def test_a_native_game_answers_with_codec_ids() -> None:
    game = native.NativeGame("base", 2, 5, scoring=False)
    py = fs.new_game("base", players=2, seed=5)
    assert game.legal_codes() == [py.encode(a) for a in py.legal_actions()]
    assert game.to_move == py.state.pending.player  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError):
        game.apply(10**6)
    with pytest.raises(ArgumentError):
        native.NativeGame("base", 9, 1, scoring=False)
    with pytest.raises(ArgumentError):
        native.NativeGame("base", 2, -1, scoring=False)


def test_play_many_plays_what_random_bot_plays() -> None:
    """Game i of play_many is new_game(seed=seeds[i]) played by RandomBot(bot_seeds[i])."""
    seeds = [3, 17, 2**70 + 1]
    bots = [11, 0, 5]
    res = native.play_many("base", seeds, bot_seeds=bots, scoring=False)
    for i, (seed, bot_seed) in enumerate(zip(seeds, bots, strict=True)):
        game = fs.new_game("base", players=2, seed=seed)
        fs.bots.play_out(game, fs.bots.RandomBot(seed=bot_seed))
        assert game.is_over
        assert res.lengths[i] == len(game.actions)
        assert bool(res.over[i])
    assert res.scores.shape == (3, 2)
    assert res.species_points.shape[:2] == (3, 2)
    assert len(res.species) == res.species_points.shape[2]


def test_play_many_checks_its_arguments() -> None:
    with pytest.raises(ArgumentError):
        native.play_many("base", [1, 2], bot_seeds=[1], scoring=False)
    with pytest.raises(ArgumentError):
        native.play_many("base", [1], bot="ismcts", scoring=False)
    with pytest.raises(ArgumentError):
        native.play_many("base", [1], bot="greedy", scoring=False)
    with pytest.raises(ArgumentError):
        native.play_many("base", ["x"], scoring=False)  # type: ignore[list-item]


def test_records_go_both_ways() -> None:
    """A native game's record loads, checked, in the Python engine; a Python record plays
    natively to the same state."""
    game = native.NativeGame("base", 2, 9, expansions=(), scoring=False)
    rng = random.Random(9)
    for _ in range(60):
        codes = game.legal_codes()
        game.apply(codes[rng.randrange(len(codes))])
    loaded = fs.Game.from_json(game.to_json())
    assert [loaded.encode(a) for a in loaded.legal_actions()] == game.legal_codes()
    assert [list(h) for h in loaded.state.hands] == game.hands
    again = native.NativeGame.from_json(loaded.to_json(), scoring=False)
    assert again.codes == game.codes
    assert again.hands == game.hands and again.clearing == game.clearing


@pytest.mark.no_extension_needed
@pytest.mark.parametrize(("expect", "code"), [("1", 1), ("", 0)])
def test_ci_fails_without_the_extension(expect: str, code: int) -> None:
    """With FORESTSHUFFLE_EXPECT_NATIVE=1 (.ci/run) a missing extension fails the native
    tests; without it they skip."""
    import os
    import subprocess
    import sys

    hide = ("import sys; sys.modules['forestshuffle_native'] = None; import pytest; "
            "sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', "
            "'tests/native/test_random.py::test_the_generator_state_is_shared_by_every_draw']))")
    env = dict(os.environ, FORESTSHUFFLE_EXPECT_NATIVE=expect)
    done = subprocess.run([sys.executable, "-c", hide], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == code, done.stdout[-2000:]
    assert ("1 error" if code else "1 skipped") in done.stdout
