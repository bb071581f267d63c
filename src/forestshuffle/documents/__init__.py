"""Forest documents: finished forests written by hand, read, checked and scored.

- ``score``: :func:`score_document` and the report; ``reader``: the checks and the sites;
- ``index``, ``match``: looking cards up by name, symbol and side; ``export``: documents
  written from forests.

The package's own names are those of :mod:`forestshuffle.documents.score` (read on first use, so
that importing one submodule does not import the rest).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from forestshuffle.documents.score import *  # noqa: F403


def __getattr__(name: str) -> Any:
    """A name of :mod:`forestshuffle.documents.score`."""
    module = importlib.import_module("forestshuffle.documents.score")
    try:
        return getattr(module, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
