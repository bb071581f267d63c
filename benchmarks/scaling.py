"""How ``forestshuffle simulate`` scales with workers: the same seeded run on 1 and on 2 (or
``--workers``) worker processes, or on a Dask LocalCluster (``--dask``).

Run from the repository root::

    .venv/bin/python benchmarks/scaling.py                     # 400 games, 1 and 2 workers
    .venv/bin/python benchmarks/scaling.py --games 1000 --workers 1 2 --dask

Each configuration plays the same games (``simulate.play_batch``, batches of 8 games, as
``simulate.run`` sends them) in a pool of that many processes, so the one-worker figure pays
the same pool overhead as the others. For each it prints the wall time, games per wall
second and the wall speed-up against the first configuration, and a CPU-bound speed-up:
the number of workers times the first configuration's worker CPU time over the workers' CPU
time here, the speed-up with a free core per worker and the work spread evenly (the batches
are small, and the games share nothing), less what running side by side costs in CPU time
(shared caches and memory). On a machine shared with other work, the wall speed-up says
more about the other work than about forestshuffle (two workers on two cores need both
cores free): read it with the load average printed on each line. Nothing here asserts a
speed: it only prints figures.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from forestshuffle.simulate import runner as simulate
from forestshuffle.simulate.runner import SimConfig, run


def timed_batch(config: SimConfig, indices: list[int]) -> tuple[list[Any], int, float]:
    """``play_batch`` in a worker, with the worker's pid and the CPU time the batch took."""
    t = time.process_time()
    out = simulate.play_batch(config, indices)
    return out, os.getpid(), time.process_time() - t


def measure(config: SimConfig, games: int, workers: int, dask: bool) -> dict[str, Any]:
    """Play *games* games of *config* on *workers* processes (a pool, or Dask)."""
    t0 = time.perf_counter()
    per_worker: dict[int, float] = {}
    if dask:
        results = [r for batch in run(config, range(games), workers=workers, batch=8,
                                      scheduler="local") for r in batch]
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        results = []
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(timed_batch, config, b)
                       for b in simulate.batches(range(games), workers, 8)]
            for f in as_completed(futures):
                out, pid, cpu = f.result()
                results.extend(out)
                per_worker[pid] = per_worker.get(pid, 0.0) + cpu
    wall = time.perf_counter() - t0
    return {"workers": workers, "dask": dask, "games": len(results), "wall": wall,
            "rate": len(results) / wall, "cpu": sum(per_worker.values()),
            "slowest": max(per_worker.values(), default=0.0),
            "results": sorted(results, key=lambda r: r.index)}


def main(argv: list[str] | None = None) -> int:
    """Print the scaling figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--game", default="base")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="random,heuristic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dask", action="store_true", help="also on a Dask LocalCluster")
    args = ap.parse_args(argv)
    config = SimConfig(game=args.game, players=args.players,
                       bots=tuple(args.bots.split(",")), seed=args.seed)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"scaling: {args.games} games of {args.game}, {args.players} players, bots "
          f"{args.bots}; {cores} cores; load average {os.getloadavg()[0]:.2f}")
    runs = [(w, False) for w in args.workers] + ([(w, True) for w in args.workers if w > 1]
                                                  if args.dask else [])
    base: dict[str, Any] | None = None
    for w, dask in runs:
        m = measure(config, args.games, w, dask)
        if base is None:
            base = m
        same = "same results" if m["results"] == base["results"] else "DIFFERENT RESULTS"
        line = (f"scaling:{'dask' if dask else 'processes'}:{w}  wall {m['wall']:7.2f} s  "
                f"{m['rate']:7.1f} games/s  x{m['rate'] / base['rate']:.2f} wall")
        if not dask:
            # CPU-bound: the speed-up with a free core per worker and the work spread evenly
            # (the batches are small): workers x one worker's CPU time / these workers' CPU
            # time. Load moves it far less than the wall time.
            bound = w / base["workers"] * base["cpu"] / m["cpu"]
            line += (f"  x{bound:.2f} cpu-bound  workers' cpu {m['cpu']:6.2f} s (busiest "
                     f"{m['slowest']:6.2f} s)")
        print(f"{line}  {same}  load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
