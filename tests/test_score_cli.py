"""``forestshuffle score FILE [--json]``: the score calculator on the command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.cli.app import main

EXE = Path(sys.executable).parent / "forestshuffle"

# Ada: Douglas Fir 5, two toads sharing a slot 5 + 5, Tawny Owl 5, 2 cave cards = 22.
# Bo: Linden (no other forest has one) 3, Roe Deer (symbol left out: Linden assumed) 3 x 2 = 6,
#     a sapling 0, 13 cave cards = 22.  A tie: both win.
DOC = {"game": "base", "players": [
    {"name": "Ada", "cave": 2, "forest": [
        {"tree": "Douglas Fir", "top": ["Tawny Owl"], "bottom": ["Common Toad", "Common Toad"]}]},
    {"name": "Bo", "cave": 13, "forest": [
        {"tree": "Linden", "left": ["Roe Deer"]}, {"sapling": True}]}]}

BAD = {"game": "base", "players": [
    {"name": "Ada", "forest": [{"tree": "Birch", "top": ["Wolf"], "left": ["Red Fax"]}]}]}


@pytest.fixture
def good(tmp_path: Path) -> Path:
    p = tmp_path / "forest.json"
    p.write_text(json.dumps(DOC), encoding="utf-8")
    return p


@pytest.fixture
def bad(tmp_path: Path) -> Path:
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(BAD), encoding="utf-8")
    return p


def test_main_prints_breakdown_totals_and_winners(good, capsys):
    assert main(["score", str(good)]) == 0
    out = capsys.readouterr().out
    assert "Ada: 22 points" in out and "Bo: 22 points" in out
    assert "Totals: Ada 22, Bo 22" in out
    assert "Winners: Ada, Bo" in out
    assert "Common Toad" in out and "shares its slot" in out
    assert "(symbol Linden assumed)" in out


def test_main_json_parses_with_the_totals(good, capsys):
    assert main(["score", str(good), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "base"
    assert [(p["name"], p["total"], p["cave"]) for p in data["players"]] == [
        ("Ada", 22, 2), ("Bo", 22, 13)]
    assert data["winners"] == ["Ada", "Bo"]
    toads = [ln["points"] for ln in data["players"][0]["lines"] if ln["card"] == "Common Toad"]
    assert toads == [5, 5]


def test_main_reads_stdin_with_dash(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(DOC)))
    assert main(["score", "-", "--json"]) == 0
    assert [p["total"] for p in json.loads(capsys.readouterr().out)["players"]] == [22, 22]


def test_main_bad_document_exit_2_every_problem_one_a_line(bad, capsys):
    assert main(["score", str(bad)]) == 2
    cap = capsys.readouterr()
    assert cap.out == ""
    assert "Traceback" not in cap.err
    assert "player 1 (Ada), site 0, top[0]: Wolf cannot go in a top slot" in cap.err
    assert "player 1 (Ada), site 0, left[0]: unknown species 'Red Fax'" in cap.err
    problem_lines = [ln for ln in cap.err.splitlines() if ln.strip().startswith("- ")]
    assert len(problem_lines) == 2


def test_main_missing_file_exit_2(tmp_path, capsys):
    assert main(["score", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert "cannot read" in err and "Traceback" not in err


def test_main_malformed_json_exit_2(tmp_path, capsys):
    p = tmp_path / "broken.json"
    p.write_text('{"game": "base", ', encoding="utf-8")
    assert main(["score", str(p)]) == 2
    err = capsys.readouterr().err
    assert "malformed JSON" in err and "Traceback" not in err


def test_main_scores_a_finished_game_record(tmp_path, capsys):
    g = fs.new_game("base", players=3, seed=11)
    play_out(g, [RandomBot(i) for i in range(3)])
    p = tmp_path / "game.json"
    p.write_text(g.to_json(), encoding="utf-8")
    assert main(["score", str(p), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [q["total"] for q in data["players"]] == list(g.scores().totals)


# -- the installed command, in a subprocess -----------------------------------------------------


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(EXE), *args], input=stdin, capture_output=True, text=True,
                          timeout=60, check=False)


def test_command_scores_a_file(good):
    r = run("score", str(good))
    assert r.returncode == 0, r.stderr
    assert "Totals: Ada 22, Bo 22" in r.stdout


def test_command_json_from_stdin():
    r = run("score", "-", "--json", stdin=json.dumps(DOC))
    assert r.returncode == 0, r.stderr
    assert [p["total"] for p in json.loads(r.stdout)["players"]] == [22, 22]


def test_command_bad_document_exit_2_without_traceback(bad):
    r = run("score", str(bad), "--json")
    assert r.returncode == 2
    assert r.stdout == ""
    assert "Traceback" not in r.stderr
    assert "Wolf cannot go in a top slot" in r.stderr
    assert "did you mean 'Red Fox'" in r.stderr
