"""The native core: a Rust engine (the optional extension ``forestshuffle_native``, the
distribution ``forestshuffle-native``) that plays exactly the same games as the Python
engine from the same seeds, many times faster, data-driven from the built ruleset.

Install it beside the library with ``pip install ./native`` (a Rust toolchain builds it);
without it, :func:`available` is False and everything else raises
:class:`~forestshuffle.errors.NativeError` saying how to install it.

>>> from forestshuffle import native
>>> if native.available():  # doctest: +SKIP
...     res = native.play_many("base", range(1000))
...     res.scores.mean(axis=0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from forestshuffle.errors import ArgumentError, IllegalActionError
from forestshuffle.native._coded import CodedGame
from forestshuffle.native._export import export
from forestshuffle.native._loading import (
    BOTS,
    INSTALL_HINT,
    _ext,
    _rules_of,
    _seed,
    available,
    load_rules,
    supports,
    unsupported_kinds,
)
from forestshuffle.native.vecenv import VecEnv, VecState

if TYPE_CHECKING:
    from forestshuffle.core.game import Game
    from forestshuffle.core.ruleset import Ruleset

__all__ = ["BOTS", "INSTALL_HINT", "NativeGame", "NativeScore", "SelfPlay", "VecEnv", "VecState",
           "available", "export", "load_rules", "native_game", "play_many", "supports",
           "unsupported_kinds"]


_NP: Any = None


def _numpy() -> Any:
    """numpy, imported on first use (the search methods of :class:`NativeGame` need it)."""
    global _NP
    if _NP is None:
        import numpy

        _NP = numpy
    return _NP


@attrs.frozen
class NativeScore:
    """A player's score as the native core counts it (the Python engine's
    :class:`~forestshuffle.core.scoring.PlayerScore`, by card id).

    Attributes:
        player: the seat.
        total: the points of the cards and the cave together.
        cave: the points of the cave (one per card).
        cards: (card id, points) for each card of the forest, in the order played.
    """

    player: int
    total: int
    cave: int
    cards: tuple[tuple[int, int], ...]


@attrs.frozen
class _Origin:
    """Where a determinized game came from: the game's codes then, the player and the seed
    of the determinization."""

    codes: tuple[int, ...]
    player: int
    seed: int


class NativeGame(CodedGame):
    """One game played by the native core, seen from Python: the same game as
    ``fs.new_game(ruleset, players=players, seed=seed, ...)``, answered with codec ids
    (:mod:`forestshuffle.search.codec`)."""

    #: for a game made by :meth:`determinize`, the game it came from (None otherwise)
    _origin: _Origin | None = None

    def __init__(self, ruleset: str | Ruleset, players: int = 2, seed: int = 0, *,
                 options: Mapping[str, Any] | None = None, expansions: Sequence[str] = (),
                 scoring: bool = True) -> None:
        #: the built ruleset
        self.rules = _rules_of(ruleset, options, expansions)
        #: the seed the game was dealt from
        self.seed = _seed(seed, "seed")
        #: the number of players
        self.players = players
        self._deal(_ext().NativeGame, load_rules(self.rules, scoring=scoring), players, self.seed)
        self._sizes: tuple[int, int] = (self._game.observation_size, self._game.action_count)

    @property
    def codes(self) -> list[int]:
        """The codec ids applied so far, in order (for a game made by :meth:`determinize`,
        since it was made)."""
        codes: list[int] = self._game.codes()
        return codes

    def apply_index(self, index: int) -> None:
        """Apply the option at position *index* of :meth:`legal_codes`."""
        if type(index) is not int or index < 0:
            raise IllegalActionError(f"no legal action number {index!r}")
        try:
            self._game.apply_index(index)
        except ValueError as exc:
            raise IllegalActionError(str(exc)) from None

    def to_game(self) -> Game:
        """The same game in the Python engine: dealt from the same seed, the same actions
        applied (each checked as the Python engine checks any action). For a game made by
        :meth:`determinize`, the Python engine's determinization of the game it came from
        (``Determinizer(game, player).sample(random.Random(seed))``), the actions since
        applied."""
        import random

        from forestshuffle.core.game import new_game
        from forestshuffle.search.determinize import Determinizer

        game = new_game(self.rules, players=self.players, seed=self.seed)
        origin = self._origin
        if origin is not None:
            for code in origin.codes:
                game.apply(game.decode(code))
            game = Determinizer(game, origin.player).sample(random.Random(origin.seed))
        for code in self.codes:
            game.apply(game.decode(code))
        return game

    def to_json(self, *, indent: int | None = None) -> str:
        """The game as a record (:mod:`forestshuffle.records.record`) that ``Game.from_json`` loads
        and checks: the Python engine replays the actions to write its events."""
        return self.to_game().to_json(indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes, *, scoring: bool = True) -> NativeGame:
        """A record of the Python engine (``Game.to_json``) played natively: the same
        ruleset, seed and actions (ArgumentError for a scenario record, which was not
        dealt from a seed)."""
        from forestshuffle.core.game import Game

        game = Game.from_json(text)
        if game.seed is None:
            raise ArgumentError("a record without a seed cannot be replayed natively")
        out = cls(game.rules, game.players, game.seed, scoring=scoring)
        for action, _ in game.actions:
            out.apply(game.encode(action))
        return out

    # -- search and learning: the values of the Python engine's Game for the same state ------

    @property
    def observation_size(self) -> int:
        """The length of an observation (:func:`forestshuffle.search.observation_size`)."""
        return self._sizes[0]

    @property
    def num_distinct_actions(self) -> int:
        """The size of the ruleset's action space (``Game.num_distinct_actions``)."""
        return self._sizes[1]

    def legal_actions_mask(self) -> Any:
        """One bool per code, True for the legal actions: a NumPy bool array equal to the
        Python engine's ``Game.legal_actions_mask()`` (all False once the game is over)."""
        np = _numpy()
        out = np.zeros(self._sizes[1], dtype=bool)
        self._game.legal_mask_onto_zeros(out.view(np.uint8))
        return out

    def returns(self) -> tuple[float, ...]:
        """Per player, +1 / 0 / −1 against each other player, averaged: the Python engine's
        ``Game.returns()`` (:func:`forestshuffle.search.copies.returns`; zeros until the
        end). The winners are the highest totals, which needs the native scoring (a game
        made with ``scoring=False`` counts the caves only)."""
        values: list[float] = self._game.returns()
        return tuple(values)

    def undo(self, n: int = 1) -> None:
        """Take back the last *n* actions (the game is fixed by its seed and codes: from a
        copy kept every few actions, the codes after it replayed). ArgumentError unless
        ``0 <= n <= len(codes)`` is an int."""
        if type(n) is int and n >= 0:
            try:
                self._game.undo(n)
                return
            except ValueError:
                pass
        raise ArgumentError(f"cannot undo {n!r} actions; {len(self.codes)} were applied (a "
                            "whole number from 0 is needed)")

    def clone(self) -> NativeGame:
        """An independent copy (its undo too), sharing the ruleset."""
        return self._holding(self._game.__copy__(), self._origin)

    def _holding(self, game: Any, origin: _Origin | None) -> NativeGame:
        """A NativeGame of this one's ruleset around the extension's *game*."""
        out = NativeGame.__new__(NativeGame)
        out.rules, out.seed, out.players = self.rules, self.seed, self.players
        out._sizes = self._sizes
        out._game, out._origin = game, origin
        return out

    def determinize(self, player: int, seed: int) -> NativeGame:
        """The game as *player* may imagine it: the cards they have not seen dealt anew, as
        ``Determinizer(game, player).sample(random.Random(seed))`` deals them for the same
        state (the same cards in the same places, the same pending decision). A new game
        whose :attr:`codes` start there (:meth:`undo` goes back to it, not before);
        :meth:`to_game` is the Python engine's determinization.

        What each player has seen is read by replaying the codes the first time, then kept
        (copied by :meth:`clone`) and carried forward, so games that never determinize pay
        nothing for it. ArgumentError for a player who is not a seat, for a game made by
        :meth:`determinize` (determinize the game it came from), or when no sample fits
        (where the Python engine raises too)."""
        self._seat(player)
        if self._origin is not None:
            raise ArgumentError("a determinized game cannot be determinized again: "
                                "determinize the game it came from")
        try:
            det = self._game.determinize(player, _seed(seed, "seed"))
        except ValueError as exc:
            raise ArgumentError(str(exc)) from None
        return self._holding(det, _Origin(tuple(self.codes), player, seed))

    def __copy__(self) -> NativeGame:
        """``copy.copy``: :meth:`clone`."""
        return self.clone()

    def observation(self, player: int) -> Any:
        """*player*'s observation, a NumPy float32 array equal to the Python engine's
        ``Game.observation(player)`` for the same state (see
        :mod:`forestshuffle.search.observation`). ArgumentError unless *player* is a seat
        number (an int)."""
        self._seat(player)
        out = _numpy().zeros(self._sizes[0], dtype="float32")
        self._game.observe_onto_zeros(player, out)
        return out

    def _seat(self, player: object) -> None:
        if type(player) is not int or not 0 <= player < self.players:
            raise ArgumentError(f"no player {player!r} in a {self.players}-player game (a "
                                "seat number from 0 is needed)")

    # -- the state and the results ---------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return bool(self._game.is_over)

    @property
    def to_move(self) -> int | None:
        """The player the pending decision asks (None once over)."""
        who: int | None = self._game.to_move
        return who

    @property
    def end_reason(self) -> str | None:
        """Why the game ended (``third_winter``...), or None."""
        why: str | None = self._game.end_reason
        return why

    def scores(self) -> tuple[NativeScore, ...]:
        """Every player's score now (final once over), with the per-card breakdown: the
        Python engine's ``Game.scores()`` totals, cave points and card points (the native
        core needs its scoring: a game made with ``scoring=False`` counts the caves only)."""
        return tuple(NativeScore(p, total, cave, tuple((c, v) for c, v in cards))
                     for p, (total, cave, cards) in enumerate(self._game.scores()))

    def winners(self) -> frozenset[int]:
        """The players with the highest total once over (ties share the win; empty
        before), the Python engine's ``Game.winners``."""
        return frozenset(self._game.winners())

    def __getattr__(self, name: str) -> Any:
        # the extension's other read-outs: current_player, hands, clearing, deck_size,
        # caves, forests(), deck, winter, turn, actions...
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._game, name)


def native_game(ruleset: str | Ruleset, players: int = 2, seed: int = 0, **kw: Any) -> NativeGame:
    """A :class:`NativeGame` (see there)."""
    return NativeGame(ruleset, players, seed, **kw)


@attrs.frozen
class SelfPlay:
    """What :func:`play_many` returns, one row per game.

    Attributes:
        scores: final totals, a NumPy int array of games x players.
        winners: games x players bools: the players with the highest total.
        lengths: actions per game.
        over: whether each game ended (it always does but for a cap of actions).
        species_points: games x players x species points (``species`` names the columns).
        species: the ruleset's species ids, in column order.
    """

    scores: Any
    winners: Any
    lengths: Any
    over: Any
    species_points: Any
    species: tuple[str, ...]


def play_many(  # noqa: PLR0913 (the keyword-only knobs of new_game, a bot, and the run)
        ruleset: str | Ruleset, seeds: Iterable[int], *, players: int = 2,
        expansions: Sequence[str] = (), options: Mapping[str, Any] | None = None,
        bot: str | Sequence[str] = "random", bot_seeds: Iterable[int] | None = None,
        max_actions: int = 100_000, scoring: bool = True) -> SelfPlay:
    """Play one game per seed natively, in parallel on every core, the GIL released.

    With ``bot="random"``, game *i* is exactly ``fs.new_game(ruleset, players=players,
    seed=seeds[i], expansions=expansions, options=options)`` played by one
    ``fs.bots.RandomBot(seed=bot_seeds[i])`` choosing for every seat (*bot_seeds* defaults
    to *seeds*); with ``bot="greedy"``, by one ``fs.bots.GreedyBot(seed=bot_seeds[i])``;
    with ``bot="ismcts"``, by one ``fs.bots.ISMCTSBot(seed=bot_seeds[i])`` (its default
    knobs). A sequence of names, one per seat (``bot=("greedy", "random")``), seats a bot of
    its own in each: seat *p* of game *i* is played by ``fs.bots.BOTS[bot[p]](seed=
    bot_seed(bot_seeds[i], p))`` (:func:`forestshuffle.simulate.config.bot_seed`, the seeds
    ``forestshuffle simulate`` gives its seats), i.e. ``fs.bots.play_out(game, [bot per
    seat])``. Greedy and ISMCTS rate positions by their scores: they need
    ``scoring=True``. NativeError when the extension is missing or lacks a kind of the
    ruleset; ``scoring=False`` plays a ruleset whose scoring kinds it lacks (its scores then
    count the caves only). A game still going after *max_actions* actions stops (``over``
    False).
    """
    import numpy as np

    names = (bot,) if isinstance(bot, str) else tuple(bot)
    for name in names:
        if name not in BOTS:
            raise ArgumentError(f"the native core plays the bots "
                                f"{', '.join(map(repr, BOTS))}, not {name!r}")
    if not isinstance(bot, str) and len(names) != players:
        raise ArgumentError(f"{len(names)} bots for {players} seats: give one bot name, or "
                            "one per seat")
    if not scoring and set(names) != {"random"}:
        raise ArgumentError(f"bots {', '.join(n for n in names if n != 'random')} rate "
                            "positions by their scores: they need scoring=True")
    seed_list = [_seed(s, "seeds") for s in seeds]
    bots = None if bot_seeds is None else [_seed(s, "bot_seeds") for s in bot_seeds]
    if bots is not None and len(bots) != len(seed_list):
        raise ArgumentError(f"{len(bots)} bot seeds for {len(seed_list)} seeds")
    rules = _rules_of(ruleset, options, expansions)
    native = load_rules(rules, scoring=scoring)
    species = tuple(native.species())
    try:
        scores, bits, lengths, over, points = _play(native, players, seed_list, bot, bots,
                                                    max_actions, len(species))
    except ValueError as exc:
        raise ArgumentError(str(exc)) from None
    n = len(seed_list)
    winners = ((bits[:, None] >> np.arange(players)[None, :]) & 1).astype(bool)
    return SelfPlay(scores.reshape(n, players).astype(np.int64), winners,
                    lengths.astype(np.int64), over.astype(bool),
                    points.reshape(n, players, len(species)), species)


def _play(native: Any, players: int, seeds: list[int], bot: str | Sequence[str],
          bot_seeds: list[int] | None, max_actions: int, species: int) -> tuple[Any, ...]:
    """The columns of :func:`play_many` as int32 arrays, one row per game: totals, winners
    as bits, lengths, over flags, points per species (*bot_seeds* None: the seeds). The
    random bot writes its games' rows into one table; the other bots, and a bot per seat
    (the seated games of :mod:`forestshuffle.simulate.native`), return bytes."""
    np = _numpy()
    if bot == "random":
        table = np.empty((len(seeds), 3 + players * (1 + species)), dtype=np.int32)
        _ext().play_many(native, players, seeds, bot_seeds, max_actions, table)
        return (table[:, :players], table[:, players], table[:, players + 1],
                table[:, players + 2], table[:, players + 3:])
    bots = seeds if bot_seeds is None else bot_seeds
    if bot == "greedy":
        raw = _ext().play_many_greedy(native, players, seeds, bots, max_actions)
    elif isinstance(bot, str):  # one bot for every seat
        games = [(s, [(bot, b)]) for s, b in zip(seeds, bots, strict=True)]
        raw = _ext().play_lineups(native, players, games, max_actions)
    else:
        from forestshuffle.simulate.config import bot_seed

        games = [(s, [(name, bot_seed(b, p)) for p, name in enumerate(bot)])
                 for s, b in zip(seeds, bots, strict=True)]
        raw = _ext().play_lineups(native, players, games, max_actions)
    return tuple(np.frombuffer(column, dtype="<i4") for column in raw[:5])
