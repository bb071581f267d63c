"""Whole games of the Pokémon re-theme: seeded random and heuristic games of ruleset
``pokemon`` (2 to 5 players; the solo game has tests of its own) with and without the
expansions and in each mode, every invariant of :func:`forestshuffle.testing.check_game` at
their end, the state machine with undo and save/load, records, forest documents of played
games, and seeded demo runs.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

import forestshuffle as fs
from forestshuffle.bots import HeuristicBot, RandomBot, play_out
from forestshuffle.cli.app import main
from forestshuffle.core import events as ev
from forestshuffle.testing import GameMachine, check_game
from forestshuffle_pokemon import solo_result

from .helpers import EXP1, EXP2, EXP3, OAK, RULES, mixed

FIXED = settings(max_examples=6, stateful_step_count=30, derandomize=True, deadline=None,
                 suppress_health_check=list(HealthCheck))
#: content and modes of games of several players: (expansions, options)
MIXES = {
    "+1": ((EXP1,), {}), "+1+2": ((EXP1, EXP2), {}), "+3": ((EXP3,), {}),
    "all": ((EXP1, EXP2, EXP3, OAK), {}),
    "challenge": ((EXP1, EXP2, OAK), {"challenge": True}),
    "chance": ((OAK,), {"chance": True}),
    "challenge+chance": ((EXP1, EXP2, EXP3, OAK), {"challenge": True, "chance": True}),
}


def assert_ended_at_the_third_whistle(g: fs.Game) -> None:
    """Seed 003, 口哨卡牌: the 3rd whistle ends the game at once."""
    assert g.is_over and g.end_reason == "third_winter"
    assert set(g.state.winter) == set(g.rules.winter_cards) and len(g.state.winter) == 3
    assert isinstance(g.events[-1], ev.GameEnded)
    assert isinstance(g.events[-2], ev.WinterRevealed)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_of_pokemon_keep_every_invariant_and_end_at_the_third_whistle(players):
    for seed in range(4):
        g = fs.new_game("pokemon", players=players, seed=100 * players + seed)
        play_out(g, RandomBot(seed))
        assert_ended_at_the_third_whistle(g)
        check_game(g)
        # the removal for this player count left the box unseen
        assert len(g.events[0].boxed) == RULES.spec.removal[players]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_games_of_pokemon_score_like_their_forest_documents(players):
    g = fs.new_game("pokemon", players=players, seed=7 + players)
    play_out(g, [HeuristicBot(i) for i in range(players)])
    assert_ended_at_the_third_whistle(g)
    check_game(g, views=False)
    again = fs.score_document(g.forest_document())
    assert [p.total for p in again.players] == list(g.scores().totals)
    loaded = fs.Game.from_json(g.to_json())
    assert loaded.state.snapshot() == g.state.snapshot()


@pytest.mark.parametrize("mix", list(MIXES))
@pytest.mark.parametrize("players", [2, 5])
def test_random_games_with_the_expansions_and_modes_keep_every_invariant(mix, players):
    expansions, options = MIXES[mix]
    rules = mixed(*expansions, **options)
    for seed in range(2):
        g = fs.new_game("pokemon", players=players, seed=seed, expansions=expansions,
                        options=options)
        play_out(g, RandomBot(seed))
        if g.end_reason == "declared_win":
            assert g.outcome().termination is fs.Termination.DECLARED_WIN
        else:
            assert_ended_at_the_third_whistle(g)
        check_game(g)
        assert len(g.events[0].boxed) == rules.spec.removal.get(players, 0)
        loaded = fs.Game.from_json(g.to_json())
        assert loaded.state.snapshot() == g.state.snapshot()
        assert loaded.rules.expansions == expansions and loaded.rules.options == rules.options


TestPokemonMachine5p = GameMachine.for_ruleset("pokemon", players=5, settings=FIXED).TestCase
TestPokemonSoloMachine = GameMachine.for_ruleset("pokemon", players=1, settings=FIXED).TestCase
TestChallengeChanceMachine = GameMachine.for_ruleset(
    mixed(EXP1, EXP2, EXP3, OAK, challenge=True, chance=True), settings=FIXED).TestCase


def test_the_demo_plays_a_seeded_pokemon_game(capsys):
    """``forestshuffle demo --game pokemon`` plays the same game for the same seed."""
    assert main(["demo", "--game", "pokemon", "--seed", "7", "--players", "3"]) == 0
    first = capsys.readouterr().out
    assert main(["demo", "--game", "宝可梦林地探索", "--seed", "7", "--players", "3"]) == 0
    assert capsys.readouterr().out == first
    assert first.startswith("Pokémon Forest Exploration (宝可梦林地探索), 3 players, seed 7")
    assert "Scores:" in first and "<- winner" in first
    names = {s.name for s in RULES.species.values() if s.kind == "tree"}
    assert any(f"] {n} " in first or f"] {n}\n" in first for n in names)
    g = fs.new_game("pokemon", players=3, seed=7)
    play_out(g, [HeuristicBot(700 + i) for i in range(3)])
    for p, total in enumerate(g.scores().totals):
        assert f"Player {p + 1}" in first and f" {total}" in first


@pytest.mark.parametrize("argv", [
    ["--players", "1"],
    ["--players", "2", "--expansion", EXP1, "--expansion", EXP2, "--expansion", OAK,
     "--option", "challenge=true"],
    ["--players", "3", "--expansion", OAK, "--option", "chance=true"],
    ["--players", "4", "--expansion", EXP1, "--expansion", EXP2, "--expansion", EXP3,
     "--expansion", OAK, "--option", "challenge=true", "--option", "chance=true"],
], ids=["solo", "challenge", "chance", "both"])
def test_the_demo_plays_each_mode_seeded(capsys, argv):
    """``forestshuffle demo --game pokemon`` with each mode: the same seed, the same game; it
    prints the outcome's notes (the solo achievement's result, the challenges and chance
    cards with who meets each) and marks the outcome's winners (a declared win)."""
    assert main(["demo", "--game", "pokemon", "--seed", "5", "--quiet", *argv]) == 0
    first = capsys.readouterr().out
    assert main(["demo", "--game", "pokemon", "--seed", "5", "--quiet", *argv]) == 0
    assert capsys.readouterr().out == first and "Scores:" in first
    players = int(argv[1])
    expansions = [argv[i + 1] for i, a in enumerate(argv) if a == "--expansion"]
    options = {argv[i + 1].split("=")[0]: True for i, a in enumerate(argv) if a == "--option"}
    g = fs.new_game("pokemon", players=players, seed=5, expansions=expansions,
                    options=options or None)
    play_out(g, [HeuristicBot(500 + i) for i in range(players)])
    out = g.outcome()
    assert out.notes and all(note in first for note in out.notes)
    if players == 1:
        result = solo_result(g)
        assert str(result) in first
        assert ("not achieved" in str(result)) != result.achieved
    table = first[first.index("Scores:"):].splitlines()
    marked = {i - 2 for i, line in enumerate(table) if line.endswith("<- winner")}
    assert marked == set(out.winners)
    assert ("declared an immediate win" in first) == (
        out.termination is fs.Termination.DECLARED_WIN)


def test_a_forest_document_of_a_game_with_expansions_names_them_and_scores_as_the_game():
    g = fs.new_game("pokemon", players=3, seed=9, expansions=[EXP1, EXP2, OAK])
    play_out(g, [HeuristicBot(i) for i in range(3)])
    doc = g.forest_document()
    assert doc["expansions"] == [EXP1, EXP2, OAK]
    assert [p.total for p in fs.score_document(doc).players] == list(g.scores().totals)


def test_play_and_replay_end_with_the_outcomes_notes(tmp_path, capsys):
    """``play`` and ``replay`` end, like ``demo``, with the outcome's notes under the final
    table (the solo achievement's result): they once showed only the table."""
    import io

    from rich.console import Console

    from forestshuffle.display.terminal import PlaySession

    g = fs.new_game("pokemon", players=1, seed=5)
    buf = io.StringIO()
    answers = iter(["1"] * 5000)
    assert PlaySession(g, 0, {}, Console(file=buf, width=200, no_color=True),
                       read=lambda _: next(answers)).run() == 0
    notes = g.outcome().notes
    assert g.is_over and notes
    played = buf.getvalue()
    assert all(note in played for note in notes)
    assert played.index("Final scores") < played.index(notes[0])
    record = tmp_path / "solo.json"
    record.write_text(g.to_json(), encoding="utf-8")
    assert main(["replay", str(record)]) == 0
    replayed = capsys.readouterr().out
    assert all(note in replayed for note in notes)
