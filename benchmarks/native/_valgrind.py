"""What the native benchmark scripts share: a Python program run under valgrind's callgrind
on one thread, the instructions it collected read back, and why a run cannot be made here."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys


def unavailable(*, need_valgrind: bool = True) -> str | None:
    """Why the native benchmarks cannot run here (None: they can)."""
    if need_valgrind and shutil.which("valgrind") is None:
        return "valgrind is not installed"
    from forestshuffle import native

    if not native.available():
        return native.INSTALL_HINT
    return None


def collected(program: str, args: list[str], *, toggles: tuple[str, ...] = (),
              out: str = "/dev/null", hash_seed: bool = False) -> tuple[int, str]:
    """(instructions callgrind collected, the program's stdout) of ``python -c program args``
    on one thread of the extension's pool.

    With *toggles*, collection is off at the start and on only inside those functions (named
    as callgrind names them); *out* keeps callgrind's output for ``callgrind_annotate``;
    *hash_seed* fixes ``PYTHONHASHSEED`` so that runs compared by difference walk the same
    dictionaries.
    """
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    if hash_seed:
        env["PYTHONHASHSEED"] = "0"
    opts = ["--collect-atstart=no", *(f"--toggle-collect={t}" for t in toggles)] \
        if toggles else []
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", *opts, f"--callgrind-out-file={out}",
         sys.executable, "-c", program, *args],
        capture_output=True, text=True, env=env, check=True)
    m = re.search(r"Collected\s*:\s*([\d,]+)", done.stderr)
    if m is None:
        raise RuntimeError(done.stderr[-2000:])
    return int(m.group(1).replace(",", "")), done.stdout


def counted(program: str, args: list[str], *, toggles: tuple[str, ...] = (),
            hash_seed: bool = False) -> tuple[int, int]:
    """(instructions collected, the number the program prints last): see `collected`."""
    n, stdout = collected(program, args, toggles=toggles, hash_seed=hash_seed)
    return n, int(stdout.split()[-1])


def inclusive(path: str, function: str) -> int:
    """The inclusive instructions of *function* in callgrind's output *path*."""
    done = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", path],
                          capture_output=True, text=True, check=True)
    # callgrind_annotate names the object file (" [...so]") on one of the lines of a
    # function, which one varying from run to run
    named = re.compile(f":{re.escape(function)}( \\[|$)")
    counts = [int(line.split()[0].replace(",", "")) for line in done.stdout.splitlines()
              if named.search(line)]
    if not counts:
        raise RuntimeError(f"{function} is not in callgrind's output")
    return max(counts)
