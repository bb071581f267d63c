"""``forestshuffle simulate`` loses nothing it computed: a worker process that dies loses no
finished game (its batches are played again, a game that kills every worker is reported as
missing), an output whose extra is missing is refused before the first game, and a failure
after games were played keeps and writes them."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot
from forestshuffle.cli.app import main
from forestshuffle.errors import GamesLostError
from forestshuffle.simulate import runner as sim
from forestshuffle.simulate.runner import GameResult, SimConfig, run

CONFIG = SimConfig(game="base", players=2, bots=("killer", "random"), seed=7)
PLAIN = SimConfig(game="base", players=2, bots=("random", "random"), seed=7)


def _killer(flag: Path | None, index: int) -> Any:
    """A bot factory whose bot kills its process (as the kernel's OOM killer would) in game
    *index* of CONFIG's run: once (the first time, leaving *flag*), or every time."""
    seed = sim.game_seed(CONFIG.seed, index)

    class Killer(RandomBot):
        def choose(self, game: fs.Game) -> Any:
            if game.seed == seed and (flag is None or not flag.exists()):
                if flag is not None:
                    flag.write_text("killed")
                os._exit(9)
            return super().choose(game)

    return Killer


def _scores(results: list[GameResult]) -> list[tuple[int, tuple[int, ...]]]:
    return sorted((r.index, r.scores) for r in results)


@pytest.fixture
def plain_results() -> list[GameResult]:
    return [r for b in run(PLAIN, range(10)) for r in b]


def test_a_worker_killed_once_loses_no_game(tmp_path: Path, monkeypatch: Any,
                                            plain_results: list[GameResult]) -> None:
    flag = tmp_path / "killed"
    monkeypatch.setitem(fs.bots.BOTS, "killer", _killer(flag, 3))
    got = [r for b in run(CONFIG, range(10), workers=2, batch=2) for r in b]
    assert flag.exists()  # a worker did die
    assert sorted(r.index for r in got) == list(range(10))
    # the killer plays as the random bot: the same games as a plain run
    assert _scores(got) == _scores(plain_results)


def test_a_game_that_kills_every_worker_is_reported_missing_after_the_others(
        monkeypatch: Any) -> None:
    monkeypatch.setitem(fs.bots.BOTS, "killer", _killer(None, 4))
    got: list[GameResult] = []
    with pytest.raises(GamesLostError) as err:
        for b in run(CONFIG, range(8), workers=2, batch=3):
            got.extend(b)
    assert err.value.missing == [4]
    assert sorted(r.index for r in got) == [0, 1, 2, 3, 5, 6, 7]


def test_the_command_writes_what_finished_and_names_the_lost_games(
        tmp_path: Path, monkeypatch: Any, capsys: Any) -> None:
    monkeypatch.setitem(fs.bots.BOTS, "killer", _killer(None, 2))
    out = tmp_path / "run.json"
    code = main(["simulate", "--games", "6", "--seed", "7", "--bots", "killer,random",
                 "--workers", "2", "--out", str(out)])
    assert code == 2  # an error's exit code
    data = json.loads(out.read_text())
    assert data["complete"] is False and data["games"] == 5
    assert sorted(d["index"] for d in data["results"]) == [0, 1, 3, 4, 5]
    err = capsys.readouterr().err
    assert "1 game(s) lost" in err and ": 2" in err
    assert "5 of 6 games finished and kept" in err


@pytest.mark.parametrize(("args", "module"), [(["--out", "run.parquet"], "pyarrow"),
                                              (["--plot", "charts"], "matplotlib")])
def test_an_output_without_its_extra_is_refused_before_the_first_game(
        tmp_path: Path, monkeypatch: Any, capsys: Any, args: list[str], module: str) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # not installed
    played: list[int] = []
    monkeypatch.setattr(sim, "play_batch", lambda c, idx: played.append(1) or [])
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "--games", "3", "--seed", "1", *args]) == 2
    assert played == []
    assert f"needs {module}" in capsys.readouterr().err


def test_a_failure_after_games_were_played_keeps_them(tmp_path: Path, monkeypatch: Any,
                                                      capsys: Any) -> None:
    real = sim.play_batch
    calls: list[list[int]] = []

    def fail_on_the_third(config: SimConfig, indices: list[int]) -> list[GameResult]:
        calls.append(list(indices))
        if len(calls) == 3:
            raise fs.PluginError("a bot's plugin failed", plugin="x", kind="y")
        return real(config, indices)

    monkeypatch.setattr(sim, "play_batch", fail_on_the_third)
    out = tmp_path / "r.json"
    assert main(["simulate", "--games", "8", "--seed", "7", "--out", str(out)]) == 2
    data = json.loads(out.read_text())
    assert data["complete"] is False and data["games"] == 2
    err = capsys.readouterr().err
    assert "a bot's plugin failed" in err and "2 of 8 games finished and kept" in err
