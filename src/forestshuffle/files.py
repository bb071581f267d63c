"""Atomic writes: every file forestshuffle writes (``--save``, ``--html``, ``--out``, charts,
a saved game of the terminal game) is written to a temporary file beside it, flushed to disk
and renamed over the target, so a write that fails (a full disk, an error half-way, Ctrl-C)
leaves the previous file as it was, and a reader never sees half a file.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["atomic_path", "write_atomic"]


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary path beside *path* to write to; renamed over *path* when the block ends
    without an exception, removed otherwise (*path* then unchanged). The new file keeps the
    permissions of the one it replaces (or the usual ones for a new file)."""
    target = Path(path)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                dir=target.parent if str(target.parent) else ".")
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        _keep_mode(tmp, target)
        with open(tmp, "rb") as fh:  # the data on disk before the name points to it
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def _keep_mode(tmp: Path, target: Path) -> None:
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:  # a new file: what open() would give it
        mode = 0o666 & ~_umask()
    os.chmod(tmp, mode)


def _umask() -> int:
    """The process's umask: read where the system shows it (Linux), else set and put back."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    umask = os.umask(0o022)
    os.umask(umask)
    return umask


def write_atomic(path: str | os.PathLike[str], data: str | bytes, *,
                 encoding: str = "utf-8") -> None:
    """Write *data* (text in *encoding*, or bytes) to *path* atomically (see
    :func:`atomic_path`)."""
    raw = data.encode(encoding) if isinstance(data, str) else data
    with atomic_path(path) as tmp:
        tmp.write_bytes(raw)
