"""Instructions per unit of work, counted by valgrind's cachegrind: the figure load does not move.

Run from the repository root::

    .venv/bin/python benchmarks/instructions.py                 # every workload
    .venv/bin/python benchmarks/instructions.py selfplay score   # some of them

For each workload (see ``workloads.py``) the workload runs under
``valgrind --tool=cachegrind --cache-sim=no`` twice, for R and for 2R rounds of the same
seeded work; the difference of the two instruction counts divided by the units of R rounds
is the cost of one unit with start-up, imports and preparation cancelled out. Before that,
the workload runs once natively (so every ``.pyc`` exists and skips are known). The
children run with ``PYTHONHASHSEED=0`` so that string hashing, too, repeats exactly:
``--check`` runs the R rounds a second time and says whether the count came out identical.
Nothing here asserts a speed: it only prints figures.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import workloads

import forestshuffle as fs

HERE = Path(__file__).resolve().parent
VALGRIND = ["--tool=cachegrind", "--cache-sim=no"]
#: The whole environment of a measured run (which also runs in this folder): the caller's
#: environment and folder would shift where Python allocates, and with it, a little, the
#: cost of hashing by address, so counts would differ from shell to shell.
ENV = {"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "0"}


def _child(args: list[str], prefix: list[str]) -> dict[str, Any]:
    """Run ``workloads.py`` with *args* under *prefix*; its JSON line."""
    # -P: benchmarks/ is not put on sys.path, so files added there do not shift the counts.
    proc = subprocess.run([*prefix, sys.executable, "-P", str(HERE / "workloads.py"), *args],
                          capture_output=True, text=True, env=ENV, cwd=HERE, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed:\n{proc.stderr}")
    result: dict[str, Any] = json.loads(proc.stdout.splitlines()[-1])
    return result


def count(name: str, rounds: int, opts: workloads.Options) -> tuple[int, dict[str, Any]]:
    """Instructions of a whole run of *name* for *rounds* rounds; the run's JSON line."""
    with tempfile.TemporaryDirectory(prefix="forestshuffle-cg-") as tmp:
        out = Path(tmp) / "cachegrind.out"
        result = _child([name, "--rounds", str(rounds), *workloads.option_args(opts)],
                        [shutil.which("valgrind") or "valgrind", *VALGRIND,
                         f"--cachegrind-out-file={out}"])
        for line in out.read_text().splitlines():
            if line.startswith("summary:"):
                return int(line.split()[1]), result
    raise RuntimeError(f"no summary line in cachegrind's output for {name}")


def measure(name: str, rounds: int, opts: workloads.Options, check: bool) -> dict[str, Any]:
    """Instructions per unit of *name*: (I(2R) - I(R)) / units of R rounds."""
    dry = _child([name, "--rounds", str(2 * rounds), *workloads.option_args(opts)], [])
    if "skipped" in dry:
        return dry
    small, _ = count(name, rounds, opts)
    large, run = count(name, 2 * rounds, opts)
    if run["done"] != dry["done"]:
        raise RuntimeError(f"{name} did different work under valgrind: {run} != {dry}")
    units = rounds * dry["per_round"]
    result = {**dry, "value": (large - small) / units, "instructions": [small, large]}
    if check:
        again, _ = count(name, rounds, opts)
        result["repeat_check"] = again - small
    return result


def relative(results: dict[str, dict[str, Any]], name: str, value: float) -> str:
    """The comparisons printed after a figure: a ruleset against base, clone against
    one self-play action of the same ruleset."""
    kind, _, ruleset = name.partition(":")
    base = results.get(f"{kind}:base", {})
    if ruleset != "base" and "value" in base:
        return f"{value / base['value']:.2f} × {kind}:base"
    play = results.get(f"selfplay:{ruleset}", {})
    if kind == "clone" and "value" in play:
        per_action = play["value"] / play["notes"]["actions per game"]
        return f"{value / per_action:.2f} × one self-play action ({per_action:,.0f})"
    return ""


def notes(result: dict[str, Any]) -> str:
    """The facts a workload reports besides its figure, in short."""
    return ", ".join(f"{v:.1f} {k}" for k, v in result.get("notes", {}).items())


def main(argv: list[str] | None = None) -> int:
    """Parse options, count, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workloads", nargs="*",
                        help="KIND or KIND:RULESET (default: all); kinds: "
                             + ", ".join(workloads.KINDS))
    parser.add_argument("--rounds", type=int, default=1,
                        help="R: runs of R and 2R rounds are compared (default: 1)")
    parser.add_argument("--check", action="store_true",
                        help="count R rounds twice and report whether the counts agree")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    workloads.add_options(parser)
    args = parser.parse_intermixed_args(argv)
    opts = workloads.options(args)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed", file=sys.stderr)
        return 2
    names = [workloads.full_name(n, opts) for n in args.workloads or
             workloads.default_names(opts)]
    version = subprocess.run(["valgrind", "--version"], capture_output=True, text=True,
                             check=True).stdout.strip()
    if not args.json:
        print(f"forestshuffle {fs.__version__}, Python {platform.python_version()}, "
              f"{version} cachegrind --cache-sim=no, PYTHONHASHSEED=0")
        print(f"{opts.games} seeded games from seed {opts.seed}, {opts.players} players; "
              f"instructions of {2 * args.rounds} rounds minus those of {args.rounds}, "
              f"per unit")
    results: dict[str, dict[str, Any]] = {}
    for name in names:
        result = results[name] = measure(name, args.rounds, opts, args.check)
        if args.json:
            continue
        if "skipped" in result:
            print(f"  {name:24} skipped: {result['skipped']}")
            continue
        value = result["value"]
        group = workloads.per_group(result, value)
        extra = "  ".join(s for s in (f"= {group[1]:,.0f} per {group[0]}" if group else "",
                                      relative(results, name, value), notes(result)) if s)
        print(f"  {name:24} {value:14,.0f} instructions per {result['unit']:9} {extra}")
        if "repeat_check" in result:
            diff = result["repeat_check"]
            print(f"  {'':24} repeat check: " +
                  ("identical count" if diff == 0 else f"counts differ by {diff:,}"))
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
