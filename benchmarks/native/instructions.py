"""Instructions per random game of the native core, counted by valgrind (callgrind) only
inside ``forestshuffle.native.play_many`` on one thread: collection is on while the calling
thread is in the extension's ``play_many`` and while a worker thread of the pool runs
(``rayon_core::registry::ThreadBuilder::run``), so interpreter start-up, imports and the
ruleset's export and parse do not enter the figure. Stable under load, unlike time.

    python benchmarks/native/instructions.py --games 200 base smoky base+alpine+woodland_edge
"""

from __future__ import annotations

import argparse

from _valgrind import counted, unavailable

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
    return counted(PROGRAM, [ruleset, expansions, str(games)], toggles=TOGGLES)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workloads", nargs="*", default=["base"],
                    help="RULESET or base+EXPANSION+... (default: base)")
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    why = unavailable()
    if why is not None:
        for w in args.workloads:
            print(f"{w} skipped: {why}")
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
