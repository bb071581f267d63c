"""Many seeded games between bots, and their statistics.

- ``runner``: the tournament, on one process, a pool or a Dask cluster.
- ``stats``: win rates and their intervals.

The package's own names are those of :mod:`forestshuffle.simulate.runner` (read on first use, so
that importing one submodule does not import the rest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from forestshuffle import _moved

if TYPE_CHECKING:
    from forestshuffle.simulate.runner import *  # noqa: F403

__getattr__ = _moved.names_of(__name__, "runner")
