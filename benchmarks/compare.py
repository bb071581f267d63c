"""Side by side: this checkout against a base commit, as ratios of instructions and rates.

Run from the repository root, with the checkout's own interpreter::

    .venv/bin/python benchmarks/compare.py ef7857a
    .venv/bin/python benchmarks/compare.py HEAD~3 --metric rates --runs 5 selfplay score

The *current* side is this checkout as the interpreter running this script imports it
(``.venv``: an editable install of the working tree, uncommitted changes included). The
*base* side is BASE_REF exported with ``git archive`` into a temporary directory and
installed (not editable, with the ``rl`` extra) into a virtual environment of its own,
cached under ``$TMPDIR/forestshuffle-bench/<commit>-rl`` so later comparisons with the same
commit start at once; the export is removed after the install. That environment holds the
base commit's library *and its plugins* (they register through entry points, which the
install writes).
Both sides run the same benchmark scripts, this checkout's ``benchmarks/``.

``--metric instructions`` runs ``instructions.py`` on each side (the counts repeat
exactly, so once each); ``--metric rates`` runs ``rates.py`` alternately, current, base,
current, base... ``--runs`` times each and compares the medians of all repetitions.
Ratios are current / base: below 1 for instructions, above 1 for rates, means faster.
"""

from __future__ import annotations

import argparse
import fcntl
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import workloads

HERE = Path(__file__).resolve().parent
CACHE = Path(tempfile.gettempdir()) / "forestshuffle-bench"
#: the extras a base environment is installed with (``rl`` for the ``rl-step`` workload; a
#: commit without the extra installs without it); part of the environment's cache name
EXTRAS = "rl"


def git(*args: str) -> str:
    """Output of a git command run in this checkout."""
    return subprocess.run(["git", *args], cwd=HERE, capture_output=True, text=True,
                          check=True).stdout.strip()


def base_python(commit: str) -> Path:
    """The interpreter of *commit*'s cached environment, built on first use."""
    home = CACHE / f"{commit}-{EXTRAS}"
    python = home / "venv" / "bin" / "python"
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / f"{home.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build per commit, even with two compares
        if (home / "complete").exists():
            return python
        print(f"building the base environment in {home}", file=sys.stderr)
        shutil.rmtree(home, ignore_errors=True)  # a build that was interrupted
        with tempfile.TemporaryDirectory(prefix=f"{commit[:12]}-", dir=CACHE) as build:
            top = git("rev-parse", "--show-toplevel")  # archive the whole tree
            tree = subprocess.run(["git", "archive", "--format=tar", commit], cwd=top,
                                  capture_output=True, check=True).stdout
            with tarfile.open(fileobj=io.BytesIO(tree)) as tar:
                tar.extractall(build, filter="data")
            subprocess.run([sys.executable, "-m", "venv", str(home / "venv")], check=True)
            subprocess.run([str(python), "-m", "pip", "install", "-q", f"{build}[{EXTRAS}]"],
                           check=True)
        (home / "complete").touch()
    return python


def run(python: Path | str, script: str, args: list[str]) -> dict[str, dict[str, Any]]:
    """Run a benchmark script of this checkout with *python*; its JSON results."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run([str(python), str(HERE / script), *args, "--json"],
                          capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"{script} with {python} failed:\n{proc.stderr}")
    result: dict[str, dict[str, Any]] = json.loads(proc.stdout.splitlines()[-1])
    return result


def where(python: Path | str) -> str:
    """Where *python* imports forestshuffle and its base plugin from."""
    code = ("import os, forestshuffle as f, forestshuffle_base as b; "
            "print(', '.join(os.path.dirname(m.__file__) for m in (f, b)))")
    return subprocess.run([str(python), "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip()


def row(name: str, unit: str, current: float | None, base: float | None, digits: int) -> str:
    """One line of a table: both figures (or "skipped") and current / base."""
    def figure(value: float | None) -> str:
        return f"{value:14,.{digits}f}" if value is not None else f"{'skipped':>14}"
    quotient = f"{current / base:8.3f}" if current and base else f"{'—':>8}"
    return f"  {name:24} {unit:12} {figure(current)} {figure(base)}  {quotient}"


def same_work(name: str, got: dict[str, dict[str, dict[str, Any]]]) -> str:
    """A warning line when the two sides did different work (e.g. other games)."""
    facts = [side[name].get("notes") for side in got.values()]
    if None in facts or facts[0] == facts[1]:
        return ""
    return f"\n  {'':24} not the same work: {facts[0]} against {facts[1]}"


def header(first: str, second: str) -> str:
    """The column titles after a table's title: the two sides and their ratio."""
    return f"{first:>14} {second:>14}  {first}/{second}"


def main(argv: list[str] | None = None) -> int:
    """Parse options, build the base, run both sides, print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", metavar="BASE_REF", help="commit, branch or tag to compare with")
    parser.add_argument("workloads", nargs="*",
                        help="KIND or KIND:RULESET (default: all); kinds: "
                             + ", ".join(workloads.KINDS))
    parser.add_argument("--metric", choices=["instructions", "rates", "both"], default="both")
    parser.add_argument("--runs", type=int, default=3,
                        help="alternate runs of rates.py per side (default: 3)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="repetitions within each rates.py run (default: 5)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="rounds R of instructions.py (counts R and 2R; default: 1)")
    workloads.add_options(parser)
    args = parser.parse_intermixed_args(argv)
    opts = workloads.options(args)
    names = [workloads.full_name(n, opts) for n in args.workloads or
             workloads.default_names(opts)]
    commit = git("rev-parse", "--verify", f"{args.base}^{{commit}}")
    subject = git("log", "-1", "--format=%h %s", commit)
    sides = {"current": sys.executable, "base": str(base_python(commit))}
    print(f"base    {subject}: {where(sides['base'])}")
    print(f"current this checkout: {where(sides['current'])}")
    titles = header(*sides)
    common = [*names, *workloads.option_args(opts)]

    if args.metric in ("instructions", "both"):
        got = {side: run(py, "instructions.py", [*common, "--rounds", str(args.rounds)])
               for side, py in sides.items()}
        print(f"{'instructions per unit (cachegrind)':39} {titles}")
        for name in names:
            cur, base = (got[s][name].get("value") for s in sides)
            unit = next((got[s][name]["unit"] for s in sides if "unit" in got[s][name]), "")
            print(row(name, f"per {unit}" if unit else "", cur, base, 0) + same_work(name, got))
            groups = [workloads.per_group(got[s][name], v) if v else None
                      for s, v in zip(sides, (cur, base), strict=True)]
            if any(groups):
                label = next(g[0] for g in groups if g)
                print(row("", f"per {label}", *(g[1] if g else None for g in groups), 0))

    if args.metric in ("rates", "both"):
        reps: dict[str, dict[str, list[float]]] = {s: {n: [] for n in names} for s in sides}
        last: dict[str, dict[str, dict[str, Any]]] = {}
        for _ in range(args.runs):  # alternately: one side, the other, one, the other...
            for side, py in sides.items():
                last[side] = run(py, "rates.py", [*common, "--repeat", str(args.repeat)])
                for name, r in last[side].items():
                    reps[side][name] += r.get("rates", [])
        print(f"{f'CPU-time rates, median of {args.runs} runs × {args.repeat}':39} {titles}")
        for name in names:
            cur, base = (statistics.median(reps[s][name]) if reps[s][name] else None
                         for s in sides)
            unit = next((last[s][name]["unit"] for s in sides if "unit" in last[s][name]), "")
            label = f"{unit}s/s" if unit else ""
            print(row(name, label, cur, base, 1) + same_work(name, last))
            groups = [workloads.per_group(last[s][name], v, rate=True) if v else None
                      for s, v in zip(sides, (cur, base), strict=True)]
            if any(groups):
                label = next(g[0] for g in groups if g)
                print(row("", f"{label}s/s", *(g[1] if g else None for g in groups), 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
