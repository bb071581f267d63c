"""The command line for people: ``--version``, ``python -m forestshuffle``, help
and defaults on every option, shell completion, ``--json`` on every command that prints
data, no colour when not a terminal, ``demo --save`` and ``replay``, one-line errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

import forestshuffle as fs
from forestshuffle.cli.app import app, main

EXE = Path(sys.executable).parent / "forestshuffle"
ESC = "\x1b"


def run(*args: str, stdin: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("_FORESTSHUFFLE")}
    environ.update(env)
    return subprocess.run([str(EXE), *args], input=stdin, capture_output=True, text=True,
                          timeout=120, check=False, env=environ)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rec") / "game.json"
    assert main(["demo", "--seed", "4", "--quiet", "--save", str(path)]) == 0
    return path


def test_version_and_python_m():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"forestshuffle {fs.__version__}"
    m = subprocess.run([sys.executable, "-m", "forestshuffle", "demo", "--seed", "1",
                        "--quiet"], capture_output=True, text=True, timeout=120, check=False)
    assert m.returncode == 0 and "Scores:" in m.stdout


def test_every_option_has_help_and_its_default_is_shown(capsys):
    for name, cmd in app.commands.items():
        assert main([name, "--help"]) == 0
        text = capsys.readouterr().out
        assert text.startswith(f"Usage: forestshuffle {name}")
        for p in cmd.params:
            if not isinstance(p, click.Option) or p.name == "help":
                continue
            assert p.help, f"{name} {p.opts[0]} has no help"
            if not p.is_flag and not p.multiple and p.default is not None:
                flat = " ".join(text.split())
                assert f"[default: {p.default}" in flat or f"default: {p.default}" in flat, \
                    f"{name} {p.opts[0]}: default {p.default!r} not shown"


def test_shell_completion_of_commands_and_bot_names():
    r = run("completion", "bash")
    assert r.returncode == 0 and "_FORESTSHUFFLE_COMPLETE" in r.stdout
    r = run(_FORESTSHUFFLE_COMPLETE="bash_complete", COMP_WORDS="forestshuffle sim",
            COMP_CWORD="1")
    assert "simulate" in r.stdout
    r = run(_FORESTSHUFFLE_COMPLETE="bash_complete",
            COMP_WORDS="forestshuffle simulate --bots random,he", COMP_CWORD="3")
    assert "random,heuristic" in r.stdout
    r = run(_FORESTSHUFFLE_COMPLETE="bash_complete",
            COMP_WORDS="forestshuffle demo --game hou", COMP_CWORD="3")
    assert "house-001" in r.stdout


@pytest.mark.parametrize("args", [["demo", "--seed", "2"], ["rulesets"], ["plugins"],
                                  ["simulate", "--games", "2", "--seed", "1"]])
def test_json_on_every_command_that_prints_data(args, capsys):
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data


def test_replay_json_has_the_games_turns_and_scores(record, capsys):
    game = fs.Game.from_json(record.read_text())
    assert main(["replay", str(record), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["turns"] == fs.display.describe.turn_summaries(game)
    assert [p["total"] for p in data["scores"]] == list(game.scores().totals)


def test_demo_save_then_replay_prints_the_same_turns_without_colour(record):
    demo = run("demo", "--seed", "4")
    replay = run("replay", str(record))
    assert replay.returncode == 0, replay.stderr
    turns = [ln for ln in demo.stdout.splitlines() if re.match(r"^\s*\d+ Player", ln)]
    assert turns and all(t.strip() in replay.stdout for t in turns)
    assert "Final scores" in replay.stdout and ESC not in replay.stdout


def test_replay_step_shows_a_position_per_turn_until_q(record):
    r = run("replay", str(record), "--step", stdin="\n\nq\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("Clearing:") == 3
    assert "   3 Player 1" in r.stdout or "3 Player 1" in r.stdout


def test_replay_html_writes_the_page(record, tmp_path):
    out = tmp_path / "r.html"
    r = run("replay", str(record), "--html", str(out))
    assert r.returncode == 0 and out.read_text().startswith("<!DOCTYPE html>")
    assert f"Wrote {out}" in r.stdout


@pytest.mark.parametrize("args", [["replay", "/nonexistent.json"], ["replay", "/"],
                                  ["simulate", "--games", "1", "--out", "x.txt"],
                                  ["simulate", "--players", "9", "--games", "1"],
                                  ["play", "--players", "9"], ["demo", "--bots", "nobody"],
                                  ["demo", "--save", "/nonexistent/dir/x.json"],
                                  ["simulate", "--games", "1", "--out", "/nonexistent/r.json"],
                                  ["simulate", "--games", "1", "--plot", "/proc/no"]])
def test_errors_are_one_line_and_a_non_zero_exit(args):
    r = run(*args)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and r.stderr.startswith("forestshuffle: error")


def test_an_unexpected_failure_is_one_line_unless_debugging(monkeypatch, capsys):
    import forestshuffle.cli.app as cli

    def boom(*args: object, **kw: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("forestshuffle.cli.app.host", boom)
    assert cli.main(["plugins"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unexpected RuntimeError: a bug" in err
    monkeypatch.setenv("FORESTSHUFFLE_DEBUG", "1")
    with pytest.raises(RuntimeError):
        cli.main(["plugins"])


def test_a_damaged_record_is_refused_in_one_line(record, tmp_path):
    data = json.loads(record.read_text())
    data["actions"][3]["at"] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    r = run("replay", str(bad))
    assert r.returncode == 2 and "Traceback" not in r.stderr and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1


def test_the_readme_demo_still_prints_a_seeded_game_and_a_scores_table():
    r = run("demo", "--players", "2", "--seed", "1")
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert lines[0] == "Forest Shuffle, 2 players, seed 1: heuristic bots"
    assert "Scores:" in lines and lines[-1].endswith("<- winner")


class _BrokenRuleset:
    """Contributes a ruleset whose card set no plugin provides: it is listed, but does not
    build."""

    __name__ = "brokenset"

    @fs.hookimpl
    def forestshuffle_rulesets(self):  # type: ignore[no-untyped-def]
        import attrs

        import forestshuffle_base

        return (attrs.evolve(forestshuffle_base.RULESET, id="broken", aliases=(),
                             card_sets=("no-such-cards",)),)


def test_rulesets_shows_a_ruleset_that_does_not_build_and_check_fails(monkeypatch, capsys):
    """``forestshuffle rulesets`` lists a ruleset that does not build as broken, with the
    reason; ``--check`` exits 1 (and 0 while every ruleset builds)."""
    import forestshuffle.cli.app as cli
    import forestshuffle_base

    assert cli.main(["rulesets", "--check"]) == 0
    assert "BROKEN" not in capsys.readouterr().out
    monkeypatch.setattr("forestshuffle.plugins.manager._HOST", fs.PluginHost(
        extra=[forestshuffle_base, _BrokenRuleset()], entry_points=False))
    assert cli.main(["rulesets"]) == 0
    out = capsys.readouterr().out
    broken = out[out.index("broken:"):]
    assert "BROKEN: does not build:" in broken and "no-such-cards" in broken
    assert "base: Forest Shuffle" in out and "BROKEN" not in out[:out.index("broken:")]
    assert cli.main(["rulesets", "--check"]) == 1
    capsys.readouterr()
    assert cli.main(["rulesets", "--json", "--check"]) == 1
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["base"]["broken"] is None and "no-such-cards" in rows["broken"]["broken"]
