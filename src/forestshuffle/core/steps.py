"""Steps of the resolution queue.

The state holds a queue of steps; the head step either resolves by itself (it
yields events) or asks a player (it yields a decision). Steps are plain records:
``kind`` names a registered step kind, ``args`` holds JSON-like values.

:class:`Step` is a plain slotted class (not attrs): the hot path makes about one per action
and reads its fields often.
"""

from __future__ import annotations

from typing import Any


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


def freeze_args(value: Any) -> dict[str, Any]:
    """A copy of *value* with every list turned into a tuple (JSON-like args)."""
    return {k: _freeze(v) for k, v in dict(value or {}).items()}


class Step:
    """One pending piece of work: a turn, a payment, an effect, a trigger...

    Steps compare equal when all four fields are equal; like a list, a step is not hashable
    (its ``args`` is a dict). Not meant to be subclassed.

    Attributes:
        kind: a registered step kind (``turn``, ``draw``, ``free_play``...).
        player: the player the step belongs to.
        card: the card whose effect this is, or -1.
        args: the kind's arguments and progress: JSON-like values, tuples for lists
            (:func:`freeze_args` makes them so; the record loader applies it).
    """

    __slots__ = ("args", "card", "kind", "player")

    def __init__(self, kind: str, player: int = -1, card: int = -1,
                 args: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.player = player
        self.card = card
        self.args: dict[str, Any] = {} if args is None else args

    def with_args(self, **changes: Any) -> Step:
        """A copy with some arguments changed."""
        return Step(self.kind, self.player, self.card, {**self.args, **changes})

    def __eq__(self, other: object) -> bool:
        if type(other) is not Step:
            return NotImplemented
        assert isinstance(other, Step)
        return (self.kind == other.kind and self.player == other.player
                and self.card == other.card and self.args == other.args)

    def __ne__(self, other: object) -> bool:
        if type(other) is not Step:
            return NotImplemented
        return not self == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Step(kind={self.kind!r}, player={self.player!r}, card={self.card!r}, "
                f"args={self.args!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Step, (self.kind, self.player, self.card, self.args))
