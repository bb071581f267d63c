"""Bots that choose actions for a game.

A bot implements :class:`Bot`: ``act(situation) -> Action``, where the
:class:`Situation` holds only what the deciding player may know (their view, the legal
actions, the ruleset, and :meth:`Situation.determinize` to sample the hidden cards).
Every bundled bot also has ``choose(game)`` (it builds the situation itself), and
:func:`play_out` plays a game to its end.

:data:`BOTS` names the bundled bots for command lines and benchmarks:
``BOTS["greedy"](seed)`` makes one; :func:`make_bot` does the same and explains a bad name.
"""

from collections.abc import Callable

from forestshuffle.bots.base import Bot, BotBase, Situation, choose, play_out
from forestshuffle.bots.greedy import GreedyBot
from forestshuffle.bots.heuristic import HeuristicBot
from forestshuffle.bots.ismcts import ISMCTSBot
from forestshuffle.bots.random import RandomBot

__all__ = ["BOTS", "Bot", "BotBase", "GreedyBot", "HeuristicBot", "ISMCTSBot", "RandomBot",
           "Situation", "choose", "make_bot", "play_out"]

BOTS: dict[str, Callable[[int | None], BotBase]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
}
"""The bundled bots by name, each a callable taking a seed (or None) and returning a bot with
its default settings: ``random``, ``heuristic``, ``greedy`` (one ply) and ``ismcts``
(``forestshuffle.bots.ismcts.ITERATIONS`` iterations per decision)."""


def make_bot(name: str, seed: int | None = None) -> BotBase:
    """The bundled bot *name* (a key of :data:`BOTS`) seeded with *seed*; ValueError naming
    the known bots otherwise."""
    try:
        factory = BOTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    return factory(seed)
