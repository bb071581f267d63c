"""The :class:`Bot` protocol and what a bot is given: a :class:`Situation`.

A bot never sees the game itself, only what its player may know: the player's view, the
legal actions, the ruleset, and a way to sample games consistent with that view
(:meth:`Situation.determinize`), which is how a searching bot imagines the hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from forestshuffle.core.collector import paused
from forestshuffle.core.machine import play_loop
from forestshuffle.search.determinize import Determinizer

if TYPE_CHECKING:
    from forestshuffle.core.decisions import Action, Decision
    from forestshuffle.core.game import Game
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.views import PlayerView


class Situation:
    """What the player whose decision is pending may know: :attr:`view`, :attr:`legal`,
    :attr:`rules`, :attr:`players`, and :meth:`determinize`.

    Made by the caller from a game (``Situation(game)``); a bot must use nothing else of it
    (the game it was made from is private to it)."""

    __slots__ = ("_det", "_game", "legal", "player", "players", "rules", "seat_names", "turn",
                 "view")

    def __init__(self, game: Game) -> None:
        pend = game.pending
        if pend is None:
            raise ValueError("the game is over: there is no decision to take")
        #: the player whose decision it is
        self.player: int = pend.player
        #: what that player sees (their pending decision included)
        self.view: PlayerView = game.view(pend.player)
        #: the legal actions, in the decision's order
        self.legal: tuple[Action, ...] = tuple(pend.options)
        #: the ruleset (public: card data and rules)
        self.rules: Ruleset = game.rules
        #: the number of players
        self.players: int = game.players
        #: every seat's name (players, then automated seats)
        self.seat_names: tuple[str, ...] = tuple(game.seat_names)
        #: the number of turns begun so far (public: everyone counts them)
        self.turn: int = game.state.turn
        self._game = game
        self._det: Determinizer | None = None

    @property
    def decision(self) -> Decision:
        """The pending decision (kind, prompt, options)."""
        assert self.view.pending is not None
        return self.view.pending

    def _determinizer(self) -> Determinizer:
        if self._det is None:
            self._det = Determinizer(self._game, self.player)
        return self._det

    @property
    def seen(self) -> frozenset[int]:
        """Every card the player has seen so far (their memory: see
        :class:`~forestshuffle.search.determinize.Knowledge`)."""
        return self._determinizer().knowledge.seen

    def determinize(self, rng: random.Random) -> Game:
        """A game consistent with everything the player knows, the cards they have not seen
        dealt anew from *rng* (see :mod:`forestshuffle.search.determinize`). Each call samples
        again; the reading of the log is done once per situation."""
        det: Game = self._determinizer().sample(rng)
        return det

    def __repr__(self) -> str:
        return f"<Situation player={self.player}: {len(self.legal)} legal actions>"


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses one of a situation's legal actions."""

    def act(self, situation: Situation) -> Action:
        """One of ``situation.legal``."""
        ...


class BotBase:
    """A base class for bots: :meth:`choose` (from a game) calls :meth:`act` (from a
    situation), and ``rng`` is the bot's own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)  #: the bot's own random generator, from its seed

    def act(self, situation: Situation) -> Action:  # pragma: no cover - abstract
        """One of ``situation.legal``."""
        raise NotImplementedError

    def choose(self, game: Game) -> Action:
        """A legal action for the pending decision of *game* (ValueError if it is over)."""
        return self.act(Situation(game))

    def _choice(self) -> Callable[[Game], Action]:
        """What play loops call for :meth:`choose`: the method itself, or a callable that a
        subclass offers instead which makes the same choices more cheaply."""
        return self.choose


def choose(bot: Any, game: Game) -> Action:
    """*bot*'s action for *game*: through :meth:`Bot.act` with a :class:`Situation`, or
    ``bot.choose(game)`` for an older bot that only has that."""
    return chooser(bot)(game)


def chooser(bot: Any) -> Callable[[Game], Action]:
    """The function :func:`choose` calls for *bot* (looked up once, for loops)."""
    if isinstance(bot, BotBase):
        return bot._choice()
    if isinstance(bot, Bot):
        return lambda game: bot.act(Situation(game))
    return bot.choose  # type: ignore[no-any-return]


def play_out(game: Game, bots: Sequence[Any] | Any, max_actions: int = 100_000) -> Game:
    """Let *bots* (one per player, or one for all) play *game* to its end; returns it.

    The cyclic garbage collector is paused while it plays (:func:`forestshuffle.core.collector.
    paused`): what a game makes lives on in it, and collections during play would walk it,
    and everything else the program holds, for nothing."""
    seats = [chooser(b) for b in bots] if isinstance(bots, Sequence) else \
        [chooser(bots)] * game.players
    if paused(play_loop, game, seats, max_actions):
        return game
    raise RuntimeError(f"the game did not end within {max_actions} actions")
