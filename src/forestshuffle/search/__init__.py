"""What search and learning need beyond playing: copies, undo, keys, the action codec,
observations and determinization.

- ``copies``: ``clone``, ``undo``, position keys, ``returns``, pickling.
- ``codec``: a fixed integer per action; ``observation``: a player's view as numbers.
- ``determinize``: what a player knows, and samples of the rest; ``renaming``: card renaming
  for samples.

The package's own names are those of :mod:`forestshuffle.search.copies` (read on first use, so
that importing one submodule does not import the rest).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from forestshuffle.search.copies import *  # noqa: F403


def __getattr__(name: str) -> Any:
    """A name of :mod:`forestshuffle.search.copies`."""
    module = importlib.import_module("forestshuffle.search.copies")
    try:
        return getattr(module, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
