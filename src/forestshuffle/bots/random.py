"""A bot that picks a legal action uniformly at random."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..decisions import Action
    from ..game import Game


class Bot(Protocol):
    """Anything that chooses a legal action for the game's pending decision."""

    def choose(self, game: Game) -> Action:
        """A legal action."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        # randrange(n) is _randbelow(n) for n > 0 (CPython); calling it directly draws the
        # same numbers, so the same seeds choose the same actions, with less overhead.
        self._below = getattr(self.rng, "_randbelow", self.rng.randrange)

    def choose(self, game: Game) -> Action:
        """A uniformly random legal action."""
        p = game.pending
        if p is None:
            raise ValueError("the game is over")
        opts = p.options
        return opts[self._below(len(opts))] if len(opts) > 1 else opts[0]


def play_out(game: Game, bots: Sequence[Bot] | Bot, max_actions: int = 100_000) -> Game:
    """Let *bots* (one per seat, or one for all) play *game* to its end."""
    seats = list(bots) if isinstance(bots, Sequence) else None
    for _ in range(max_actions):
        p = game.pending
        if p is None:
            return game
        bot = seats[p.player] if seats is not None else bots
        game.apply(bot.choose(game))  # type: ignore[union-attr]
    raise RuntimeError(f"the game did not end within {max_actions} actions")
