"""The native core plays the same games as the Python engine: hundreds of seeded games per
ruleset, both engines answering with the same action ids, compared after every action (the
player to move, the option ids in order, hands, clearing, deck size, caves, forests) by
forestshuffle.testing.native.compare."""

from __future__ import annotations

import pytest

from forestshuffle.testing.native import compare

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
