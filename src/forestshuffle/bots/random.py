"""A bot that picks a legal action uniformly at random."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Bot, BotBase, Situation, play_out

if TYPE_CHECKING:
    from ..decisions import Action

__all__ = ["Bot", "RandomBot", "play_out"]


class RandomBot(BotBase):
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def act(self, situation: Situation) -> Action:
        """A uniformly random legal action."""
        opts = situation.legal
        return opts[self.rng.randrange(len(opts))] if len(opts) > 1 else opts[0]
