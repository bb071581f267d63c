"""The cyclic garbage collector paused around work whose objects all live on.

A game played to its end, or a record loaded, makes thousands of objects (events, steps,
the log) that stay alive in the game; every collection their allocations set off walks them,
and the older ones again and again, for nothing. :func:`paused` holds the automatic
collections off for the duration; reference counting still frees everything that is not in a
cycle. The pause is the process's: other threads' cyclic garbage waits for the end of the work
too.

The pause sets the collector's first threshold to 0 (no automatic collection) and puts the
thresholds back when the last overlapping pause ends, unless someone else set them meanwhile.
It never calls ``gc.disable`` or ``gc.enable``: a collector another thread switched off (or
on) stays as that thread left it.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_lock = threading.Lock()
_pauses = 0  # pauses running now, in every thread
_saved: tuple[int, ...] = ()  # the thresholds the first of them found


def paused(work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``work(*args, **kwargs)`` with the automatic cyclic garbage collections held off."""
    global _pauses, _saved
    with _lock:
        if _pauses == 0:
            _saved = gc.get_threshold()
            if _saved[0]:
                gc.set_threshold(0, *_saved[1:])
        _pauses += 1
    try:
        return work(*args, **kwargs)
    finally:
        with _lock:
            _pauses -= 1
            if _pauses == 0 and _saved[0] and gc.get_threshold() == (0, *_saved[1:]):
                gc.set_threshold(*_saved)
