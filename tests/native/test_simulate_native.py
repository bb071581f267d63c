"""``forestshuffle simulate --engine native``: the same run as the Python engine's, game by
game (seeds, line-ups, scores, caves, winners, turns, actions, the rule that ended it, each
seat's species), on one process or a pool; what the native core cannot play is refused
before the first game."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from forestshuffle.cli.app import main
from forestshuffle.errors import ArgumentError, NativeError
from forestshuffle.simulate.runner import GameResult, SimConfig, run


def results(config: SimConfig, n: int, **kw: object) -> list[GameResult]:
    out = [r for batch in run(config, range(n), **kw) for r in batch]  # type: ignore[arg-type]
    return sorted(out, key=lambda r: r.index)


@pytest.mark.parametrize(("game", "players", "expansions"), [
    ("base", 2, ()),
    ("base", 3, ("alpine",)),
    ("base", 4, ("woodland_edge",)),
    ("base", 2, ("alpine", "woodland_edge")),
    ("smoky", 2, ()),
])
def test_a_native_run_is_the_python_run_game_by_game(game, players, expansions):
    """Each seat's bot seeded from the game's seed, the line-up rotated: both engines give
    equal results for every game."""
    config = SimConfig(game=game, players=players, bots=("random",), seed=11,
                       expansions=expansions)
    python = results(config, 12)
    native = results(attrs.evolve(config, engine="native"), 12)
    assert native == python
    assert all(r.end_reason and r.species[0] for r in native)


@pytest.mark.parametrize(("game", "players", "expansions"), [
    ("base", 2, ()),
    ("base", 3, ("alpine", "woodland_edge")),
    ("smoky", 2, ()),
])
def test_greedy_and_random_seats_play_the_python_run_game_by_game(game, players, expansions):
    """A greedy seat decides as ``fs.bots.GreedyBot`` seeded the same (one determinization
    per decision, draw for draw): both engines give equal results, seats rotated."""
    config = SimConfig(game=game, players=players, bots=("greedy", "random"), seed=5,
                       expansions=expansions)
    python = results(config, 3)
    native = results(attrs.evolve(config, engine="native"), 3)
    assert native == python
    assert {b for r in native for b in r.bots} == {"greedy", "random"}


def test_an_ismcts_seat_plays_the_python_run_game_by_game():
    """An ISMCTS seat searches as ``fs.bots.ISMCTSBot`` seeded the same, at its default
    budget (the same determinizations, walks and playouts): both engines give equal
    results, seats rotated."""
    config = SimConfig(bots=("ismcts", "greedy"), seed=3)
    python = results(config, 2)
    native = results(attrs.evolve(config, engine="native"), 2)
    assert native == python
    assert {b for r in native for b in r.bots} == {"ismcts", "greedy"}


def test_a_native_run_gives_the_same_games_in_a_process_pool_and_in_any_batch():
    config = SimConfig(bots=("random",), seed=4, engine="native")
    assert results(config, 20, workers=2, batch=3) == results(config, 20)


def test_a_bot_the_native_core_does_not_play_is_refused_before_any_game():
    config = SimConfig(bots=("random", "heuristic"), engine="native")
    with pytest.raises(ArgumentError, match=r"no bot heuristic .*use --engine python"):
        next(run(config, range(3)))


def test_a_ruleset_the_native_core_cannot_play_is_refused_before_any_game():
    config = SimConfig(game="house-001", bots=("random",), engine="native")
    with pytest.raises(NativeError, match="house-001"):
        next(run(config, range(3)))


def test_an_unknown_engine_is_refused():
    with pytest.raises(ArgumentError, match="unknown engine 'rust'"):
        next(run(SimConfig(engine="rust"), range(1)))


def test_the_command_line_prints_the_same_statistics_with_either_engine(tmp_path: Path):
    stats = {}
    for engine in ("python", "native"):
        out = tmp_path / f"{engine}.json"
        assert main(["simulate", "--bots", "random", "--games", "30", "--seed", "2",
                     "--engine", engine, "--out", str(out), "--json"]) == 0
        doc = json.loads(out.read_text())
        assert doc["config"]["engine"] == engine
        stats[engine] = doc["stats"]
    assert stats["native"] == stats["python"]


def test_a_native_run_on_a_dask_cluster_is_the_same_run(tmp_path: Path):
    """Each Dask worker plays its batches natively; the statistics are those of one process."""
    pytest.importorskip("distributed")
    docs = []
    for extra in (["--scheduler", "local", "--workers", "2"], []):
        out = tmp_path / f"run{len(docs)}.json"
        assert main(["simulate", "--bots", "random", "--games", "40", "--seed", "9",
                     "--engine", "native", "--out", str(out), "--json", *extra]) == 0
        docs.append(json.loads(out.read_text()))
    assert docs[0]["results"] == docs[1]["results"]
