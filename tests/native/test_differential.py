"""The native core plays the same games as the Python engine: hundreds of seeded games per
ruleset, both engines answering with the same action ids, compared after every action (the
player to move, the option ids in order, hands, clearing, deck size, caves, forests) by
forestshuffle.testing.native.compare."""

from __future__ import annotations

import pytest

from forestshuffle.testing import native as testing_native
from forestshuffle.testing.native import Comparison, Mismatch, compare
from forestshuffle.testing.native import main as native_soak

#: (ruleset, expansions, options) the native core plays, and the games compared of each
RULESETS = [
    ("base", (), None, 200),
    ("base", (), {"mulligan": False}, 60),
    ("base", ("alpine",), None, 200),
    ("base", ("woodland_edge",), None, 200),
    ("base", ("alpine", "woodland_edge"), None, 200),
    ("base", ("alpine", "woodland_edge"), {
        "mountain_hare_shares_hare_slots": True, "permanent_draws_at_once": True,
        "shrub_slots_count_as_tree_slots": True}, 60),
    ("smoky", (), None, 200),
]


@pytest.mark.parametrize(("ruleset", "expansions", "options", "games"), RULESETS)
def test_same_games_as_the_python_engine(ruleset: str, expansions: tuple[str, ...],
                                         options: dict[str, object] | None,
                                         games: int) -> None:
    report = compare(ruleset, range(games), expansions=expansions, options=options)
    assert report.ok, str(report.first)
    assert report.games == games
    assert report.actions > 50 * games  # whole games were compared


@pytest.mark.parametrize("players", [3, 4, 5])
def test_same_games_with_more_players(players: int) -> None:
    report = compare("base", range(20), players=players)
    assert report.ok, str(report.first)


def test_soak_command_names_each_ruleset_with_its_expansions_and_options(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m forestshuffle.testing.native``: one line per ruleset named as
    ``id+expansion...?option=value``, each compared with what its name mixes in."""
    names = ["base+alpine+woodland_edge", "smoky", "base?mulligan=false"]
    assert native_soak(["--games", "2", *names]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == names
    assert all(line.endswith("identical") and ": 2 games, " in line for line in lines)
    # each line's actions are those of the games its name makes
    mixed = compare("base", range(2), expansions=("alpine", "woodland_edge"))
    assert lines[0] == f"{names[0]}: 2 games, {mixed.actions} actions, identical"


def test_soak_command_fails_when_a_game_differs(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A ruleset whose games differ makes the command exit 1 and says where."""
    bad = Comparison(1, 9, (Mismatch(0, 9, "hands", [[1]], [[2]]),), True)
    monkeypatch.setattr(testing_native, "compare", lambda *a, **k: bad)
    assert native_soak(["--games", "1", "base"]) == 1
    assert "seed 0, after 9 actions: hands differ" in capsys.readouterr().out
