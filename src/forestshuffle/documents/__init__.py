"""Forest documents: finished forests written by hand, read, checked and scored.

- ``score``: :func:`score_document` and the report; ``reader``: the checks and the sites;
- ``index``, ``match``: looking cards up by name, symbol and side; ``export``: documents
  written from forests.

The package's own names are those of :mod:`forestshuffle.documents.score` (read on first use, so
that importing one submodule does not import the rest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from forestshuffle import _moved

if TYPE_CHECKING:
    from forestshuffle.documents.score import *  # noqa: F403

__getattr__ = _moved.names_of(__name__, "score")
