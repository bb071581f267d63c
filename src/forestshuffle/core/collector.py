"""The cyclic garbage collector paused around work whose objects all live on.

A game played to its end, or a record loaded, makes thousands of objects (events, steps,
the log) that stay alive in the game; every collection their allocations set off walks them,
and the older ones again and again, for nothing. :func:`paused` holds the collector off for
the duration (restoring it only if it was on, after a failure too); reference counting still
frees everything that is not in a cycle. The pause is the process's (``gc.disable``): other
threads' cyclic garbage waits for the end of the work too.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


def paused(work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``work(*args, **kwargs)`` with the cyclic garbage collector held off (if it is on)."""
    if not gc.isenabled():
        return work(*args, **kwargs)
    gc.disable()
    try:
        return work(*args, **kwargs)
    finally:
        gc.enable()
