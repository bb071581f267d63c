"""The command line: ``forestshuffle demo``, ``play``, ``replay``, ``simulate``, ``score``...

- ``app``: the click group and the small commands; ``common``: what the commands share.
- ``play``: a person against bots; ``simulate``: many games between bots.

The package's own names are those of :mod:`forestshuffle.cli.app` (read on first use, so
that importing one submodule does not import the rest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from forestshuffle import _moved

if TYPE_CHECKING:
    from forestshuffle.cli.app import *  # noqa: F403

__getattr__ = _moved.names_of(__name__, "app")
