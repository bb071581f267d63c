"""Bots that choose actions for a game."""

from .heuristic import HeuristicBot
from .random import RandomBot, play_out

__all__ = ["HeuristicBot", "RandomBot", "play_out"]
