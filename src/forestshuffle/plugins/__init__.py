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

from typing import TYPE_CHECKING

from forestshuffle import _moved

if TYPE_CHECKING:
    from forestshuffle.plugins.manager import *  # noqa: F403

__getattr__ = _moved.names_of(__name__, "manager")
