"""Instructions per random game of the native core, counted by valgrind (callgrind) only
inside ``forestshuffle.native.play_many`` on one thread: collection is on while the calling
thread is in the extension's ``play_many`` and while a worker thread of the pool runs
(``rayon_core::registry::ThreadBuilder::run``), so interpreter start-up, imports and the
ruleset's export and parse do not enter the figure. Stable under load, unlike time.

    python benchmarks/native/instructions.py --games 200 base smoky base+alpine+woodland_edge
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

PROGRAM = """
import sys
from forestshuffle import native
ruleset, ex, n = sys.argv[1], [e for e in sys.argv[2].split("+") if e], int(sys.argv[3])
native.load_rules(ruleset, expansions=ex)
res = native.play_many(ruleset, range(n), expansions=ex)
print(int(res.lengths.sum()))
"""

# where collection toggles on and off: the Python-facing function (calling thread) and the
# body of each worker thread of the pool (threads of their own, toggled apart)
TOGGLES = (
    "forestshuffle_native::py::__pyfunction_play_many",
    "rayon_core::registry::ThreadBuilder::run",
)


def count(ruleset: str, expansions: str, games: int) -> tuple[int, int]:
    """(instructions inside ``play_many``, actions) of a run of *games* games on one thread."""
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    toggles = [f"--toggle-collect={t}" for t in TOGGLES]
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--collect-atstart=no", *toggles,
         "--callgrind-out-file=/dev/null",
         sys.executable, "-c", PROGRAM, ruleset, expansions, str(games)],
        capture_output=True, text=True, env=env, check=True)
    m = re.search(r"Collected\s*:\s*([\d,]+)", done.stderr)
    if m is None:
        raise RuntimeError(done.stderr[-2000:])
    return int(m.group(1).replace(",", "")), int(done.stdout.split()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workloads", nargs="*", default=["base"],
                    help="RULESET or base+EXPANSION+... (default: base)")
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        for w in args.workloads:
            print(f"{w} skipped: valgrind is not installed")
        return 0
    from forestshuffle import native

    if not native.available():
        for w in args.workloads:
            print(f"{w} skipped: {native.INSTALL_HINT}")
        return 0
    for w in args.workloads:
        ruleset, _, ex = w.partition("+")
        instructions, actions = count(ruleset, ex, args.games)
        print(f"{w} {instructions / args.games:,.0f} instructions/game, "
              f"{instructions / max(1, actions):,.0f}/action "
              f"({args.games} games, {actions / args.games:.1f} actions/game)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
