"""Many seeded games between bots, and their statistics.

- ``runner``: the tournament, on one process, a pool or a Dask cluster.
- ``stats``: win rates and their intervals.

The package's own names are those of :mod:`forestshuffle.simulate.runner` (read on first use, so
that importing one submodule does not import the rest).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from forestshuffle.simulate.runner import *  # noqa: F403


def __getattr__(name: str) -> Any:
    """A name of :mod:`forestshuffle.simulate.runner`."""
    module = importlib.import_module("forestshuffle.simulate.runner")
    try:
        return getattr(module, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
