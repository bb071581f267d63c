"""How ``forestshuffle simulate`` scales with workers: the same seeded run on 1 and on 2 (or
``--workers``) worker processes, or on a Dask LocalCluster (``--dask``).

Run from the repository root::

    .venv/bin/python benchmarks/scaling.py                     # 400 games, 1 and 2 workers
    .venv/bin/python benchmarks/scaling.py --games 1000 --workers 1 2 --dask

Each configuration plays the same games (``simulate.run``, batches of 8 games) in a pool of
that many processes, so the one-worker figure pays the same pool overhead as the others. For
each it prints the wall time, games per wall second, the CPU time the workers used and the
speed-up against the first configuration. The machine's load average before and after is
printed too: on a machine shared with other work, a wall-clock speed-up says more about the
other work than about forestshuffle (two workers on two cores need both cores free), so read
it with the load, and the CPU-time line (games per worker CPU second), which load moves far
less. Nothing here asserts a speed: it only prints figures.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from typing import Any

from forestshuffle.simulate import SimConfig, run


def _cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _cpu_self() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def measure(config: SimConfig, games: int, workers: int, dask: bool) -> dict[str, Any]:
    """Play *games* games of *config* on *workers* processes (a pool, or Dask)."""
    cpu0, self0 = _cpu_children(), _cpu_self()
    t0 = time.perf_counter()
    results = [r for batch in (run(config, range(games), workers=workers, batch=8,
                                   scheduler="local" if dask else None)
                               if workers > 1 or dask else
                               _one_process_pool(config, games)) for r in batch]
    wall = time.perf_counter() - t0
    cpu = _cpu_children() - cpu0 + (_cpu_self() - self0 if dask else 0.0)
    return {"workers": workers, "dask": dask, "games": len(results), "wall": wall,
            "rate": len(results) / wall, "cpu": cpu, "results": sorted(results,
                                                                       key=lambda r: r.index)}


def _one_process_pool(config: SimConfig, games: int) -> Any:
    """One worker in a pool of its own (the same overhead as a pool of several)."""
    from forestshuffle import simulate

    return simulate._run_processes(config, simulate.batches(range(games), 1, 8), 1)


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
        per_cpu = m["games"] / m["cpu"] if m["cpu"] else float("nan")
        print(f"scaling:{'dask' if dask else 'processes'}:{w}  wall {m['wall']:7.2f} s  "
              f"{m['rate']:7.1f} games/s  x{m['rate'] / base['rate']:.2f}  workers' cpu "
              f"{m['cpu']:7.2f} s ({per_cpu:.1f} games per cpu s)  {same}  "
              f"load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
