"""The :class:`Action` base class (re-exported by :mod:`forestshuffle.core.decisions`, with the
core's actions): in a module of its own, below :mod:`forestshuffle.core.decision`, whose
:class:`~forestshuffle.core.decision.Decision` holds actions as its options."""

from __future__ import annotations

from typing import ClassVar

import attrs


@attrs.frozen
class Action:
    """Base class of every action.

    A plugin's own actions subclass it (frozen attrs classes with JSON-like fields) and set
    ``type_name``, their dotted tag in records; the core's actions are tagged by class name.
    """

    type_name: ClassVar[str] = ""
    """The action's tag in records: a plugin action's dotted name (empty for the core's)."""
    label: str = attrs.field(default="", eq=False, repr=False, kw_only=True)
    """Its readable ``str()`` (set on the game's options; not compared)."""

    def __str__(self) -> str:
        return self.label or repr(self)
