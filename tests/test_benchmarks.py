"""The benchmark scripts run at tiny sizes and print a figure line for every workload they
measure (or say why it is skipped). No speed is asserted: only that the yardstick works."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
TINY = ["--games", "1"]

#: every workload rates.py measures by default (with only the bundled plugins installed)
ALL = ["selfplay:base", "selfplay:smoky", "score:base", "score-nobreakdown:base",
       "document:base", "replay:base", "replay-trusted:base", "undo:base", "clone:base",
       "first-undo:base", "state-key:base", "rl-step:base"]
RATE = (r"[\d,]+\.\d (games|forests|documents|events|undos|clones|keys|steps)/s median "
        r"+\(min [\d,.]+, max")


def run(script: str, *args: str, env: dict[str, str] | None = None) -> str:
    """Stdout of a benchmark script run with this interpreter; it must exit 0."""
    done = subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True,
                          text=True, timeout=300, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def figure_line(out: str, name: str, pattern: str) -> str:
    """The line of *out* for workload *name*: its figure, or why it was skipped."""
    lines = [line for line in out.splitlines() if line.split()[:1] == [name]]
    assert len(lines) == 1, f"{name} should have one line in:\n{out}"
    line = lines[0]
    assert re.search(pattern, line) or " skipped: " in line, line
    return line


def test_rates_prints_a_cpu_rate_line_per_workload() -> None:
    """rates.py: units per CPU second, median with min and max, for every workload (and per
    record for the replay workloads)."""
    out = run("rates.py", *TINY, "--repeat", "2")
    for name in ALL:
        figure_line(out, name, RATE)
    assert "× selfplay:base" in figure_line(out, "selfplay:smoky", RATE)
    # replay's units (events) come in records: the rate per record follows
    assert re.search(r"= [\d,]+\.\d records/s", figure_line(out, "replay:base", RATE))


def test_selfplay_and_scoring_scripts_print_their_rates() -> None:
    """selfplay.py prints games/s; scoring.py forests/s with and without breakdown and
    documents/s (the same lines as rates.py)."""
    out = run("selfplay.py", *TINY, "--repeat", "1", "--game", "smoky")
    assert "games/s" in figure_line(out, "selfplay:smoky", RATE)
    out = run("scoring.py", *TINY, "--repeat", "1")
    for name in ("score:base", "score-nobreakdown:base", "document:base"):
        figure_line(out, name, RATE)


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_instructions_prints_instructions_per_unit() -> None:
    """instructions.py: instructions per forest from two cachegrind runs (3 rounds against
    6: with a single round the difference is too small to stay clear of start-up noise)."""
    out = run("instructions.py", "score", *TINY, "--rounds", "3")
    line = figure_line(out, "score:base", r"[\d,]+ instructions per forest")
    assert int(line.split()[1].replace(",", "")) > 0


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="not a git checkout")
def test_compare_prints_ratios_against_a_base_commit(tmp_path: Path) -> None:
    """compare.py builds HEAD in its own environment (cached under a temporary TMPDIR
    here) and prints both rates and their ratio."""
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    out = run("compare.py", "HEAD", "selfplay", "replay-trusted", "--metric", "rates",
              "--runs", "1", "--repeat", "1", *TINY, env=env)
    assert "site-packages/forestshuffle_base" in out  # the base's own plugin was loaded
    figure_line(out, "selfplay:base", r"games/s +[\d,.]+ +[\d,.]+ +\d+\.\d{3}$")
    figure_line(out, "replay-trusted:base", r"skipped|events/s")


def test_strength_prints_a_win_rate_with_its_interval() -> None:
    """strength.py: one line per pair, the win rate with a 95 % interval and CPU per
    decision (tiny: two games of greedy against random, a small ISMCTS budget)."""
    out = run("strength.py", "--pairs", "greedy:random,ismcts:heuristic", "--games", "2",
              "--iterations", "5")
    lines = [line for line in out.splitlines() if " vs " in line]
    assert len(lines) == 2
    for line in lines:
        assert re.search(r"[\d.]+/2 = [\d.]+ % \[[\d.]+ %, [\d.]+ %\] \(95 % Wilson\)", line), line
        assert "CPU per decision" in line


def test_the_readme_documents_every_script_and_the_figures() -> None:
    """benchmarks/README.md is the one page on measuring: it names every script of the folder,
    and its figures name the command that produces them."""
    readme = (BENCH / "README.md").read_text(encoding="utf-8")
    scripts = sorted(p.name for p in BENCH.glob("*.py") if not p.name.startswith("_"))
    assert scripts and all(f"`{name}`" in readme for name in scripts), scripts
    figures = readme.split("\n## Figures\n", 1)[1]
    assert "benchmarks/instructions.py" in figures and "benchmarks/rates.py" in figures
    assert sorted(p.name for p in BENCH.glob("*.md")) == ["README.md"]


def test_a_selfplay_round_keeps_no_finished_game_alive() -> None:
    """``compare.py --metric rates``: a self-play round drops each game once counted, so the
    collector's passes (which walk every live game) do not swing the rates of two builds."""
    import gc
    import weakref

    sys.path.insert(0, str(BENCH))
    try:
        import workloads
    finally:
        sys.path.remove(str(BENCH))
    import forestshuffle as fs

    made: list[weakref.ref[fs.Game]] = []
    real = workloads.finished_game

    def watched(*args: object) -> fs.Game:
        game = real(*args)  # type: ignore[arg-type]
        made.append(weakref.ref(game))
        return game

    opts = workloads.Options(games=3)
    work = workloads.prepare("selfplay:base", opts)
    was = gc.isenabled()
    gc.disable()  # only reference counts may free them
    try:
        workloads.finished_game = watched  # type: ignore[assignment]
        assert work.run() == 3
    finally:
        workloads.finished_game = real  # type: ignore[assignment]
        if was:
            gc.enable()
    assert len(made) == 3 and all(ref() is None for ref in made)
