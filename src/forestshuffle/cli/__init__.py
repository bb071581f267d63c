"""The command line: ``forestshuffle demo``, ``play``, ``replay``, ``simulate``, ``score``...

- ``app``: the click group and the small commands; ``common``: what the commands share.
- ``play``: a person against bots; ``simulate``: many games between bots.

The package's own names are those of :mod:`forestshuffle.cli.app` (read on first use, so
that importing one submodule does not import the rest).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from forestshuffle.cli.app import *  # noqa: F403


def __getattr__(name: str) -> Any:
    """A name of :mod:`forestshuffle.cli.app`."""
    module = importlib.import_module("forestshuffle.cli.app")
    try:
        return getattr(module, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
