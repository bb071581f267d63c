"""Instructions per random game of the native core, through ``forestshuffle.native.play_many``
on one thread, counted by valgrind (cachegrind): the count of a run of N + 1 games minus that
of a run of 1 game, over N (interpreter start-up, imports and the ruleset's export and parse
cancel out). Stable under load, unlike time.

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


def count(ruleset: str, expansions: str, games: int) -> tuple[int, int]:
    """(instructions, actions) of a run of *games* games on one thread."""
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", PROGRAM, ruleset, expansions, str(games)],
        capture_output=True, text=True, env=env, check=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
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
        one, a1 = count(ruleset, ex, 1)
        many, an = count(ruleset, ex, args.games + 1)
        per_game = (many - one) / args.games
        per_action = (many - one) / max(1, an - a1)
        print(f"{w} {per_game:,.0f} instructions/game, {per_action:,.0f}/action "
              f"({args.games} games, {(an - a1) / args.games:.1f} actions/game)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
