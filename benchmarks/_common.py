"""What the benchmark scripts share."""

from __future__ import annotations

import os


def pin_to_one_core() -> str:
    """Pin the process to one CPU where the OS allows it; say what was done."""
    if hasattr(os, "sched_setaffinity"):
        try:
            cpu = min(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {cpu})
            return f"pinned to CPU {cpu}"
        except OSError:  # pragma: no cover - restricted environments
            pass
    return "single process (not pinned)"
