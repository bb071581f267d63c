"""``forestshuffle.native.play_many`` on 1 and on 2 threads (rayon's pool, ``RAYON_NUM_THREADS``):
games per second of each and the ratio. Timed, so only meaningful on an idle machine.

    python benchmarks/native/scaling.py --games 100000 --threads 1,2 --repeat 7

Each round times every thread count in turn; the ratio is given best to best and as the
median of the rounds' ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

PROGRAM = """
import sys, time
from forestshuffle import native
n = int(sys.argv[1])
native.play_many("base", range(10))  # the export, parsed once
t = time.perf_counter()
native.play_many("base", range(n))
print(n / (time.perf_counter() - t))
"""


def rate(games: int, threads: int) -> float:
    """Games per second with *threads* threads."""
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    done = subprocess.run([sys.executable, "-c", PROGRAM, str(games)], capture_output=True,
                          text=True, env=env, check=True)
    return float(done.stdout.split()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    from forestshuffle import native

    if not native.available():
        print(f"scaling skipped: {native.INSTALL_HINT}")
        return 0
    threads = [int(x) for x in args.threads.split(",")]
    # rounds of every thread count in turn, so that a slow spell of a shared machine falls on
    # all of them rather than on one
    rates: dict[int, list[float]] = {t: [] for t in threads}
    for _ in range(args.repeat):
        for t in threads:
            rates[t].append(rate(args.games, t))
    first = threads[0]
    for t in threads:
        best = max(rates[t])
        ratios = sorted(r / f for r, f in zip(rates[t], rates[first], strict=True))
        print(f"threads={t} {best:,.0f} games/s (best of {args.repeat}), "
              f"x{best / max(rates[first]):.2f} of {first} thread(s) best to best, "
              f"x{statistics.median(ratios):.2f} the median of {args.repeat} rounds")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
