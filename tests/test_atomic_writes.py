"""Every write is atomic (``forestshuffle.files``): a failed ``--save``, ``--html``, ``--out``
or chart leaves the previous file as it was, and no temporary file behind."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from forestshuffle import files
from forestshuffle.cli.app import main
from forestshuffle.files import atomic_path, write_atomic
from forestshuffle.simulate import runner as sim

OLD = "the previous file\n"


def _fail_on_rename(monkeypatch: Any) -> None:
    def refuse(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", refuse)


def _only(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_a_write_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "a.json"
    target.write_text(OLD)
    target.chmod(0o640)
    write_atomic(target, "new")
    assert target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert _only(tmp_path) == ["a.json"]


def test_an_error_while_writing_leaves_the_previous_file(tmp_path: Path) -> None:
    target = tmp_path / "a.json"
    target.write_text(OLD)
    with pytest.raises(RuntimeError), atomic_path(target) as tmp:
        tmp.write_text("half a fi")
        raise RuntimeError("the writer failed half-way")
    assert target.read_text() == OLD
    assert _only(tmp_path) == ["a.json"]


@pytest.mark.parametrize("args", [
    ["demo", "--quiet", "--players", "2", "--seed", "3", "--save"],
    ["replay", "GAME", "--html"],
])
def test_a_failed_save_or_html_keeps_the_previous_file(tmp_path: Path, monkeypatch: Any,
                                                       args: list[str]) -> None:
    game = tmp_path / "game.json"
    assert main(["demo", "--quiet", "--seed", "3", "--save", str(game)]) == 0
    target = tmp_path / "out.txt"
    target.write_text(OLD)
    _fail_on_rename(monkeypatch)
    argv = [str(game) if a == "GAME" else a for a in args] + [str(target)]
    assert main(argv) != 0
    assert target.read_text() == OLD
    assert _only(tmp_path) == ["game.json", "out.txt"]


@pytest.mark.parametrize("suffix", [".json", ".csv", ".parquet"])
def test_a_failed_out_keeps_the_previous_results(tmp_path: Path, monkeypatch: Any,
                                                 suffix: str) -> None:
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    out = tmp_path / f"run{suffix}"
    out.write_text(OLD)
    _fail_on_rename(monkeypatch)
    assert main(["simulate", "--games", "2", "--seed", "1", "--out", str(out)]) != 0
    assert out.read_text() == OLD
    assert _only(tmp_path) == [out.name]


def test_a_failed_chart_keeps_the_previous_chart(tmp_path: Path, monkeypatch: Any) -> None:
    pytest.importorskip("matplotlib")
    charts = tmp_path / "charts"
    charts.mkdir()
    (charts / "scores.png").write_text(OLD)
    _fail_on_rename(monkeypatch)
    assert main(["simulate", "--games", "2", "--seed", "1", "--plot", str(charts)]) != 0
    assert (charts / "scores.png").read_text() == OLD
    assert _only(charts) == ["scores.png"]


def test_save_results_writes_whole_files(tmp_path: Path) -> None:
    config = sim.SimConfig(seed=1)
    results = [r for b in sim.run(config, range(2)) for r in b]
    written = sim.save_results(tmp_path / "r.json", config, results, {"games": 2})
    assert json.loads(Path(written[0]).read_text())["games"] == 2
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
