"""A bot that picks a legal action uniformly at random."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .base import Bot, BotBase, Situation, play_out

if TYPE_CHECKING:
    from ..decisions import Action
    from ..game import Game

__all__ = ["Bot", "RandomBot", "play_out"]

#: CPython's ``Random._randbelow`` (``_randbelow_with_getrandbits``) where the platform has it
_BIT_LOOP = getattr(random.Random, "_randbelow_with_getrandbits", None)


class RandomBot(BotBase):
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        # randrange(n) is _randbelow(n) for n > 0 (CPython); calling it directly draws the
        # same numbers, so the same seeds choose the same actions, with less overhead.
        self._below = getattr(self.rng, "_randbelow", self.rng.randrange)
        # and where _randbelow is CPython's bit-drawing loop, choose runs that loop itself
        # (one call less per choice; the same draws, so the same choices)
        self._bits = self.rng.getrandbits if _BIT_LOOP is not None and getattr(
            type(self.rng), "_randbelow", None) is _BIT_LOOP else None

    def act(self, situation: Situation) -> Action:
        """A uniformly random legal action."""
        opts = situation.legal
        return opts[self._below(len(opts))] if len(opts) > 1 else opts[0]

    def choose(self, game: Game) -> Action:
        """The same choice as :meth:`act`, read from the pending decision directly (a random
        choice needs no view of the game)."""
        p = game.state.pending
        if p is None or game.state.over:
            raise ValueError("the game is over: there is no decision to take")
        opts = p.options
        n = len(opts)
        if n <= 1:
            return opts[0]
        bits = self._bits
        if bits is None:
            return opts[self._below(n)]
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return opts[r]
