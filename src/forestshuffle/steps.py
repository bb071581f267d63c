"""Steps of the resolution queue.

The state holds a queue of steps; the head step either resolves by itself (it
yields events) or asks a player (it yields a decision). Steps are plain records:
``kind`` names a registered step kind, ``args`` holds JSON-like values.
"""

from __future__ import annotations

from typing import Any

import attrs


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


def freeze_args(value: Any) -> dict[str, Any]:
    """A copy of *value* with every list turned into a tuple (JSON-like args)."""
    return {k: _freeze(v) for k, v in dict(value or {}).items()}


@attrs.define(eq=True)
class Step:
    """One pending piece of work: a turn, a payment, an effect, a trigger...

    Attributes:
        kind: a registered step kind (``turn``, ``draw``, ``free_play``...).
        player: the player the step belongs to.
        card: the card whose effect this is, or -1.
        args: the kind's arguments and progress: JSON-like values, tuples for lists
            (:func:`freeze_args` makes them so; the record loader applies it).
    """

    kind: str
    player: int = -1
    card: int = -1
    args: dict[str, Any] = attrs.field(factory=dict)

    def with_args(self, **changes: Any) -> Step:
        """A copy with some arguments changed."""
        return Step(self.kind, self.player, self.card, {**self.args, **changes})
