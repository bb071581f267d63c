"""Bots that choose actions for a game."""

from .random import RandomBot, play_out

__all__ = ["RandomBot", "play_out"]
