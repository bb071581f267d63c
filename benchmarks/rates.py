"""CPU-time rates of the workloads: units per second, min / median / max over repetitions.

Run from the repository root::

    .venv/bin/python benchmarks/rates.py                  # every workload
    .venv/bin/python benchmarks/rates.py selfplay --repeat 9

Each workload (see ``workloads.py``) is prepared, run once untimed, then timed with
:class:`timeit.Timer` on :func:`time.process_time` (the CPU time of this process, not wall
time: waiting for the CPU does not count, though a loaded machine still slows the CPU time
somewhat, through caches) for ``--repeat`` repetitions of ``--number`` rounds, with the
garbage collector on as in real use. The process is pinned to one core.
Nothing here asserts a speed: it only prints figures.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import time
import timeit
from typing import Any

import workloads
from _common import pin_to_one_core

import forestshuffle as fs


def measure(name: str, opts: workloads.Options, repeat: int, number: int) -> dict[str, Any]:
    """Rates of *name* (units per CPU second), one per repetition, with their summary."""
    try:
        work = workloads.prepare(name, opts)
    except workloads.Unavailable as exc:
        return {"name": name, "skipped": str(exc)}
    if work.max_rounds is not None and 1 + repeat * number > work.max_rounds:
        raise SystemExit(f"{name} can do at most {work.max_rounds} rounds: "
                         f"lower --repeat or --number")
    work.run()  # warm-up
    timer = timeit.Timer(work.run, setup=gc.enable, timer=time.process_time)
    rates = [number * work.per_round / secs for secs in timer.repeat(repeat, number)]
    return {"name": name, "unit": work.unit, "rates": rates, "min": min(rates),
            "median": statistics.median(rates), "max": max(rates), "notes": work.notes,
            "per_round": work.per_round, "group": work.group}


def relative(results: dict[str, dict[str, Any]], name: str, median: float) -> str:
    """A ruleset's rate against base's; clone in self-play actions (see instructions.py)."""
    kind, _, ruleset = name.partition(":")
    base = results.get(f"{kind}:base", {})
    if ruleset != "base" and "median" in base:
        return f"{median / base['median']:.2f} × {kind}:base"
    play = results.get(f"selfplay:{ruleset}", {})
    if kind == "clone" and "median" in play:
        per_action = 1 / (play["median"] * play["notes"]["actions per game"])
        return f"a clone takes {1 / median / per_action:.2f} × one self-play action"
    return ""


def main(argv: list[str] | None = None, kinds: list[str] | None = None) -> int:
    """Parse options, time, print; *kinds* are the default workloads (else all)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workloads", nargs="*",
                        help="KIND or KIND:RULESET (default: all); kinds: "
                             + ", ".join(workloads.KINDS))
    parser.add_argument("--repeat", type=int, default=5,
                        help="timed repetitions (default: 5)")
    parser.add_argument("--number", type=int, default=1,
                        help="rounds per repetition (default: 1)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    workloads.add_options(parser)
    args = parser.parse_intermixed_args(argv)
    opts = workloads.options(args)
    if args.repeat < 1 or args.number < 1:
        raise SystemExit("--repeat and --number must be at least 1")
    names = [workloads.full_name(n, opts) for n in args.workloads or kinds or
             workloads.default_names(opts)]
    where = pin_to_one_core()
    if not args.json:
        print(f"forestshuffle {fs.__version__}, Python {platform.python_version()} "
              f"({sys.implementation.name}), {where}")
        print(f"{opts.games} seeded games from seed {opts.seed}, {opts.players} players; "
              f"CPU time of {args.repeat} repetitions of {args.number} round(s)")
    results: dict[str, dict[str, Any]] = {}
    for name in names:
        r = results[name] = measure(name, opts, args.repeat, args.number)
        if args.json:
            continue
        if "skipped" in r:
            print(f"  {name:24} skipped: {r['skipped']}")
            continue
        group = workloads.per_group(r, r["median"], rate=True)
        extra = "  ".join(s for s in (f"= {group[1]:,.1f} {group[0]}s/s" if group else "",
                                      relative(results, name, r["median"])) if s)
        print(f"  {name:24} {r['median']:12,.1f} {r['unit']}s/s median  "
              f"(min {r['min']:,.1f}, max {r['max']:,.1f})  {extra}".rstrip())
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
