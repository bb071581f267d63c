"""The :class:`Decision` a game waits for (re-exported by :mod:`forestshuffle.core.decisions`).

A plain slotted class (the hot path makes one per action) in a module of its own, apart from
the attrs action classes of :mod:`~forestshuffle.core.decisions`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final

from forestshuffle.core.action import Action


class Decision:
    """The decision a game waits for: whose it is, what kind, and the legal answers.

    ``options`` is sorted in a stable order; an option's position is its action code.
    Decisions compare equal when all four fields are equal. Not meant to be subclassed.

    Attributes:
        player: the seat that decides.
        kind: what is decided (``turn``, ``place``, ``pay``, ``effect``, ``bonus``,
            ``trigger``, ``mulligan``, or a plugin's own kind).
        prompt: the question in words (``choose a turn action``).
        options: the legal answers, each an :class:`~forestshuffle.core.decisions.Action` with a
            readable ``str()``.
    """

    __slots__ = ("kind", "options", "player", "prompt")

    def __init__(self, player: int, kind: str, prompt: str,
                 options: Iterable[Action]) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        # a tuple is kept as it is (``tuple`` returns it); any other iterable becomes one
        self.options: tuple[Action, ...] = tuple(options)

    def __str__(self) -> str:
        # people count players from 1, code (``player``) from 0: see docs/api.md, "Seats"
        return f"player {self.player + 1} to {self.prompt}"

    def __repr__(self) -> str:
        return (f"Decision(player={self.player!r}, kind={self.kind!r}, "
                f"prompt={self.prompt!r}, options={self.options!r})")

    def __eq__(self, other: object) -> bool:
        if type(other) is not Decision:
            return NotImplemented
        assert isinstance(other, Decision)
        return (self.player == other.player and self.kind == other.kind
                and self.prompt == other.prompt and self.options == other.options)

    def __ne__(self, other: object) -> bool:
        if type(other) is not Decision:
            return NotImplemented
        return not self == other

    __hash__ = None  # type: ignore[assignment]

    def __contains__(self, action: object) -> bool:
        return action in self.options

    def __len__(self) -> int:
        return len(self.options)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.options)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Decision, (self.player, self.kind, self.prompt, self.options))


_NEW: Final[Any] = object.__new__


def decision(player: int, kind: str, prompt: str, options: tuple[Action, ...]) -> Decision:
    """``Decision(player, kind, prompt, options)`` for *options* already a tuple, made
    without the class call (the hot path makes one per action)."""
    d: Decision = _NEW(Decision)
    d.player = player
    d.kind = kind
    d.prompt = prompt
    d.options = options
    return d
