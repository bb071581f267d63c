"""The plugin host: hook specifications, the plugin manager, the core's own plugin,
card-data overrides and the card-data helpers.

- ``hookspecs``: every hook a plugin may implement, documented where declared.
- ``manager``: :class:`PluginHost`, loading plugins and building rulesets.
- ``builtin``: the core's own plugin (the common kinds); ``overrides``: card-data overrides.
- ``dsl``: helpers to write card data.

The package's own names are those of :mod:`forestshuffle.plugins.manager` (read on first use, so
that importing one submodule does not import the rest).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from forestshuffle.plugins.manager import *  # noqa: F403


def __getattr__(name: str) -> Any:
    """A name of :mod:`forestshuffle.plugins.manager`."""
    module = importlib.import_module("forestshuffle.plugins.manager")
    try:
        return getattr(module, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
