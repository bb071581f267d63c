"""A native bot in a Python play loop (``NativeBot``, ``forestshuffle play --engine native``):
it chooses what the Python bot of the same name and seed chooses, decision by decision,
also after an undo; what the native core cannot follow is refused before the first turn."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import forestshuffle as fs
from forestshuffle.cli.app import main
from forestshuffle.display.terminal import PlaySession
from forestshuffle.errors import ArgumentError
from forestshuffle.native.bots import NativeBot


@pytest.mark.parametrize(("ruleset", "expansions", "seed"), [
    ("base", (), 3), ("base", ("alpine", "woodland_edge"), 8), ("smoky", (), 2)])
def test_a_native_greedy_bot_makes_greedybots_choices_in_a_python_game(ruleset, expansions,
                                                                       seed):
    """Seat 0 greedy (native beside Python, the same seed), seat 1 random: every action of
    the whole game is the same."""
    games = [fs.new_game(ruleset, players=2, seed=seed, expansions=expansions)
             for _ in range(2)]
    seats = ([NativeBot("greedy", 11), fs.bots.RandomBot(seed=2)],
             [fs.bots.GreedyBot(seed=11), fs.bots.RandomBot(seed=2)])
    while not games[0].is_over:
        p = games[0].pending.player
        native, python = (seats[k][p].choose(games[k]) for k in range(2))
        assert native == python
        for g in games:
            g.apply(native)
    assert games[1].is_over


def test_after_an_undo_the_native_bot_follows_the_game_as_it_now_is():
    """The game is undone past the bot's last decision: the bot replays the game as it now
    is and still chooses what GreedyBot (whose generator also went on) chooses."""
    games = [fs.new_game("base", players=2, seed=6) for _ in range(2)]
    bots = (NativeBot("greedy", 4), fs.bots.GreedyBot(seed=4))
    for step in range(60):
        if step == 30:
            for g in games:
                g.undo(12)
        a, b = (bots[k].choose(games[k]) for k in range(2))
        assert a == b
        for g in games:
            g.apply(a)


def test_a_bot_the_native_core_cannot_play_in_a_python_game_is_refused():
    with pytest.raises(ArgumentError, match="greedy"):
        NativeBot("heuristic", 1)


def test_play_with_the_native_engine_shows_the_greedy_bots_turns_as_the_python_one_does():
    """``PlaySession`` with a native greedy bot and with GreedyBot, the same answers: the
    same screens."""
    screens = []
    for bot in (NativeBot("greedy", 7), fs.bots.GreedyBot(seed=7)):
        game = fs.new_game("base", 2, seed=9)
        script = iter(["1"] * 12 + ["quit"])
        buf = io.StringIO()
        PlaySession(game, 0, {1: bot}, Console(file=buf, width=160, no_color=True),
                    read=lambda _, s=script: next(s)).run()
        screens.append((buf.getvalue(), [a for a, _ in game.actions]))
    assert screens[0] == screens[1]
    assert len(screens[0][1]) > 12


def test_play_refuses_a_ruleset_the_native_core_cannot_play_before_the_first_turn(capsys,
                                                                                 monkeypatch):
    """house-001's tie-breakers are not native: the error names the ruleset and what the
    native core lacks, and no question was asked."""
    asked: list[str] = []
    monkeypatch.setattr("builtins.input", lambda prompt="": asked.append(prompt) or "quit")
    code = main(["play", "--game", "house-001", "--bots", "greedy", "--engine", "native",
                 "--seed", "1"])
    err = capsys.readouterr().err
    assert code != 0 and not asked
    assert "house-001" in err and "tie_breakers" in err


def test_a_native_ismcts_bot_makes_ismctsbots_choices_in_a_python_game():
    """``NativeBot("ismcts", seed)`` against ``fs.bots.ISMCTSBot(seed=seed)`` at its default
    budget: the same actions for the first decisions of a game (seat 1 random)."""
    games = [fs.new_game("base", players=2, seed=12) for _ in range(2)]
    seats = ([NativeBot("ismcts", 3), fs.bots.RandomBot(seed=2)],
             [fs.bots.ISMCTSBot(seed=3), fs.bots.RandomBot(seed=2)])
    asked = 0
    while asked < 4:
        p = games[0].pending.player
        asked += p == 0 and len(games[0].legal_actions()) > 1
        native, python = (seats[k][p].choose(games[k]) for k in range(2))
        assert native == python
        for g in games:
            g.apply(native)
