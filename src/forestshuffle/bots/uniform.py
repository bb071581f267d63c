"""The choice of :class:`~forestshuffle.bots.RandomBot`, as a callable object that
:func:`~forestshuffle.bots.play_out`'s loop calls directly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class UniformChoice:
    """``choice(game)``: a uniformly random option of *game*'s pending decision.

    ``below(n)`` draws a number in ``range(n)``; *bits*, when given, is the generator's
    ``getrandbits``, and the choice runs CPython's ``_randbelow`` bit loop with it inline
    (the same draws as ``below``, one call less)."""

    __slots__ = ("below", "bits")

    def __init__(self, below: Callable[[int], int],
                 bits: Callable[[int], int] | None) -> None:
        self.below = below
        self.bits = bits

    def __call__(self, game: Any) -> Any:
        """The chosen option (ValueError if the game is over)."""
        state = game.state
        p = state.pending
        if p is None or state.over:
            raise ValueError("the game is over: there is no decision to take")
        opts = p.options
        n: int = len(opts)
        if n <= 1:
            return opts[0]
        bits = self.bits
        if bits is None:
            return opts[self.below(n)]
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return opts[r]
