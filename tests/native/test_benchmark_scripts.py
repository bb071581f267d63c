"""The native benchmark scripts (``benchmarks/native/``) start, and the random-game count reads
a figure through the extension's own function names. No speed is asserted: only that the
yardstick works (a renamed function would leave callgrind collecting nothing)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "native"
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py") if not p.name.startswith("_"))


def run(script: str, *args: str) -> str:
    """Stdout of a native benchmark script run with this interpreter; it must exit 0."""
    done = subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True,
                          text=True, timeout=600, cwd=BENCH)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_script_starts_and_describes_itself(script: str) -> None:
    """Each script imports what it shares with the others and prints its usage."""
    assert "usage:" in run(script, "--help")


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_instructions_counts_inside_play_many() -> None:
    """instructions.py: a figure per game and per action, collected only inside the
    extension's ``play_many`` (a figure of 0 would mean its toggles name nothing)."""
    out = run("instructions.py", "--games", "1", "base")
    m = re.fullmatch(r"base ([\d,]+) instructions/game, ([\d,]+)/action \(1 games, "
                     r"([\d.]+) actions/game\)\n", out)
    assert m is not None, out
    per_game, per_action = (int(g.replace(",", "")) for g in m.groups()[:2])
    assert per_game > 0 and per_action > 0
    assert per_game == pytest.approx(per_action * float(m.group(3)), rel=0.01)
