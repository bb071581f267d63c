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

from typing import TYPE_CHECKING

from forestshuffle import _moved

if TYPE_CHECKING:
    from forestshuffle.search.copies import *  # noqa: F403

__getattr__ = _moved.names_of(__name__, "copies")
