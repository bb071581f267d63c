"""A bot that picks a legal action uniformly at random."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from forestshuffle.bots.base import Bot, BotBase, Situation, play_out
from forestshuffle.bots.uniform import UniformChoice
from forestshuffle.core.draws import bit_source

if TYPE_CHECKING:
    from forestshuffle.core.decisions import Action
    from forestshuffle.core.game import Game

__all__ = ["Bot", "RandomBot", "play_out"]

class RandomBot(BotBase):
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        # randrange(n) is _randbelow(n) for n > 0 (CPython); calling it directly draws the
        # same numbers, so the same seeds choose the same actions, with less overhead.
        self._below = getattr(self.rng, "_randbelow", self.rng.randrange)
        # and where _randbelow is CPython's bit-drawing loop, choose runs that loop itself
        # (one call less per choice; the same draws, so the same choices)
        self._bits = bit_source(self.rng)
        self._uniform = UniformChoice(self._below, self._bits)

    def act(self, situation: Situation) -> Action:
        """A uniformly random legal action."""
        opts = situation.legal
        return opts[self._below(len(opts))] if len(opts) > 1 else opts[0]

    def choose(self, game: Game) -> Action:
        """The same choice as :meth:`act`, read from the pending decision directly (a random
        choice needs no view of the game)."""
        chosen: Action = self._uniform(game)
        return chosen

    def _choice(self) -> Callable[[Game], Action]:
        # play loops call the choice object's bound __call__ (the cheaper call for the
        # interpreter), unless a subclass chooses otherwise
        if type(self).choose is RandomBot.choose:
            return self._uniform.__call__
        return self.choose
