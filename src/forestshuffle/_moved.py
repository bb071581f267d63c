"""The flat module paths of earlier releases (``forestshuffle.rules``, ``forestshuffle.state``...),
kept as aliases of the modules' places in the subpackages.

``import forestshuffle.rules`` gives the very module :mod:`forestshuffle.core.rules` (the
same object, so state and monkeypatches are shared) and warns with a
:class:`DeprecationWarning` naming the new path. The packages named like an old module
(``forestshuffle.plugins``, ``documents``, ``search``, ``cli``, ``simulate``) answer the old
module's names themselves.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

#: old module name (under ``forestshuffle.``) -> its place now
MOVED: dict[str, str] = {
    "action": "core.action",
    "cards": "core.cards",
    "compiled": "core.compiled",
    "deal": "core.deal",
    "decision": "core.decision",
    "decisions": "core.decisions",
    "draws": "core.draws",
    "events": "core.events",
    "fastevents": "core.fastevents",
    "forest": "core.forest",
    "game": "core.game",
    "layouts": "core.layouts",
    "machine": "core.machine",
    "outcome": "core.outcome",
    "rules": "core.rules",
    "ruleset": "core.ruleset",
    "registry": "core.registry",
    "spec": "core.spec",
    "slot_entries": "core.slot_entries",
    "state": "core.state",
    "steps": "core.steps",
    "views": "core.views",
    "scoring": "core.scoring",
    "collector": "core.collector",
    "hookspecs": "plugins.hookspecs",
    "builtin": "plugins.builtin",
    "overrides": "plugins.overrides",
    "dsl": "plugins.dsl",
    "record": "records.record",
    "convert": "records.convert",
    "codegen": "records.codegen",
    "canonical": "records.canonical",
    "trusted": "records.trusted",
    "loading": "records.loading",
    "document_export": "documents.export",
    "document_index": "documents.index",
    "document_match": "documents.match",
    "document_reader": "documents.reader",
    "codec": "search.codec",
    "observation": "search.observation",
    "determinize": "search.determinize",
    "renaming": "search.renaming",
    "render": "display.render",
    "terminal": "display.terminal",
    "describe": "display.describe",
    "replay": "display.replay",
    "reference": "display.reference",
    "cli_base": "cli.common",
    "cli_play": "cli.play",
    "cli_simulate": "cli.simulate",
    "stats": "simulate.stats",
}


class _AliasLoader(importlib.abc.Loader):
    """Loads an old path as the module at its new place."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        """The module at the new place (imported if it is not yet)."""
        warnings.warn(f"{spec.name} is now {self.target}; the old path will go away",
                      DeprecationWarning, stacklevel=2)
        return importlib.import_module(self.target)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing: the module ran at its new place."""


class _MovedFinder(importlib.abc.MetaPathFinder):
    """Finds the old flat paths of moved modules."""

    def find_spec(self, fullname: str, path: object, target: object = None
                  ) -> importlib.machinery.ModuleSpec | None:
        """A spec for an old path, None for any other name."""
        prefix, _, name = fullname.rpartition(".")
        if prefix != "forestshuffle" or name not in MOVED:
            return None
        new = f"forestshuffle.{MOVED[name]}"
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(new))


def install() -> None:
    """Put the finder on :data:`sys.meta_path` (once)."""
    if not any(isinstance(f, _MovedFinder) for f in sys.meta_path):
        sys.meta_path.append(_MovedFinder())


def attribute(name: str) -> ModuleType:
    """``forestshuffle.<name>`` for an old module name (``fs.events``...), through its old
    path (so it warns); AttributeError for any other name."""
    if name not in MOVED:
        raise AttributeError(f"module 'forestshuffle' has no attribute {name!r}")
    return importlib.import_module(f"forestshuffle.{name}")


def names_of(package: str, main: str) -> Callable[[str], Any]:
    """The ``__getattr__`` of *package*, a package named like the flat module it replaced: it
    answers the names of its module *main* (``forestshuffle.plugins`` those of
    ``forestshuffle.plugins.manager``), imported on first use, so that importing one
    submodule imports no other."""

    def __getattr__(name: str) -> Any:
        module = importlib.import_module(f"{package}.{main}")
        try:
            return getattr(module, name)
        except AttributeError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None

    return __getattr__
