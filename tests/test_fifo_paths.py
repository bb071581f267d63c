"""A FIFO (or another non-regular path) given as a record, a document or an override file is
refused at once, as the security page promises, never waited on: ``score``, ``replay``,
``play --load`` and ``--overrides``, and the library's own readers."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

import forestshuffle as fs
from forestshuffle.safety import InputError, read_file

EXE = Path(sys.executable).parent / "forestshuffle"
#: a guard against a hang (the test fails on it), not a measurement
GUARD = 120

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


def _raised(call: Callable[[], object]) -> BaseException | None:
    """What *call* raised, run in a thread that a hang cannot keep (the test fails then)."""
    got: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
            got.append(None)
        except BaseException as exc:  # handed to the test
            got.append(exc)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(GUARD)
    assert got, "the call hangs on the FIFO"
    return got[0]


def test_the_reader_refuses_a_fifo_without_waiting_for_a_writer(fifo: Path) -> None:
    exc = _raised(lambda: read_file(fifo, limit=100))
    assert isinstance(exc, InputError) and "not a regular file" in str(exc)


def test_overrides_from_a_fifo_are_refused(fifo: Path) -> None:
    exc = _raised(lambda: fs.new_game("base", players=2, seed=1, overrides=str(fifo)))
    assert isinstance(exc, fs.CardDataError)


@pytest.mark.parametrize("args", [["score", "PIPE"], ["replay", "PIPE"],
                                  ["play", "--load", "PIPE"],
                                  ["demo", "--quiet", "--overrides", "PIPE"]])
def test_the_command_line_refuses_a_fifo(fifo: Path, args: list[str]) -> None:
    argv = [str(EXE), *(str(fifo) if a == "PIPE" else a for a in args)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=GUARD,
                          stdin=subprocess.DEVNULL)
    assert done.returncode != 0
    assert "not a regular file" in done.stderr
