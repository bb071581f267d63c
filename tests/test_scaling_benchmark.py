"""``benchmarks/scaling.py`` runs at a tiny size and prints a line per worker count,
each run giving the same results as the first. No speed is asserted (the machine is shared)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_scaling_benchmark_prints_a_line_per_configuration_with_the_same_results():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "scaling.py"), "--games",
                           "4", "--workers", "1", "2"], capture_output=True, text=True,
                          timeout=300, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("scaling:processes:")]
    assert [ln.split()[0] for ln in lines] == ["scaling:processes:1", "scaling:processes:2"]
    for ln in lines:
        assert re.search(r"[\d.]+ games/s +x[\d.]+ wall +x[\d.]+ cpu-bound .* same results", ln), ln
