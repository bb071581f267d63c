"""What a run of many games is made of: its configuration (:class:`SimConfig`), the seeds of
its games and bots (:func:`game_seed`, :func:`bot_seed`), the bots it can name, and one
finished game's result (:class:`GameResult`). Both engines read these; neither is imported
here."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from forestshuffle import bots as bots_package
from forestshuffle.bots import BotBase
from forestshuffle.errors import ArgumentError


def bot_factories() -> dict[str, Callable[[int | None], BotBase]]:
    """Every bot that can be named: :data:`forestshuffle.bots.BOTS` (``random``,
    ``heuristic``, ``greedy``, ``ismcts`` and whatever is registered there), looked up when
    called, so a bot registered later is named too."""
    return {name.lower(): factory for name, factory in bots_package.BOTS.items()}


def make_bot(name: str, seed: int) -> BotBase:
    """The bot called *name* (a key of :data:`forestshuffle.bots.BOTS`, any case), seeded
    with *seed* (ArgumentError for an unknown name)."""
    factories = bot_factories()
    factory = factories.get(name.strip().lower())
    if factory is None:
        raise ArgumentError(f"unknown bot {name!r} (known: {', '.join(sorted(factories))})")
    return factory(seed)


def parse_bots(text: str) -> tuple[str, ...]:
    """``"random,heuristic"`` as names, each checked (ArgumentError for an unknown one)."""
    names = tuple(n.strip().lower() for n in text.split(",") if n.strip())
    if not names:
        raise ArgumentError("--bots needs at least one bot name")
    known = bot_factories()
    for n in names:
        if n not in known:
            raise ArgumentError(f"unknown bot {n!r} (known: {', '.join(sorted(known))})")
    return names


def game_seed(seed: int, index: int) -> int:
    """The seed of game *index* of a run seeded *seed*: a hash of both, so neighbouring runs
    share no game."""
    digest = hashlib.sha256(f"forestshuffle.simulate.runner:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_seed(game: int, seat: int) -> int:
    """The seed of the bot in *seat* of a game dealt from *game*."""
    return (game ^ (0x9E3779B97F4A7C15 * (seat + 1))) % (2**63)


@attrs.frozen
class SimConfig:
    """What every game of a run shares: the ruleset, the players and the bots.

    ``bots`` is the line-up, repeated to fill the seats; with ``rotate`` game *i* seats it
    shifted by *i* places, so each bot plays each seat equally often. ``engine`` is
    ``"python"`` or ``"native"`` (:mod:`forestshuffle.simulate.native`: the same games, the
    same results, played by the native core).
    """

    game: str = "base"
    players: int = 2
    bots: tuple[str, ...] = ("random", "heuristic")
    expansions: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    seed: int = 0
    rotate: bool = True
    engine: str = "python"

    def lineup(self, index: int) -> tuple[str, ...]:
        """The bot of every seat in game *index*."""
        n = self.players
        seats = [self.bots[i % len(self.bots)] for i in range(n)]
        if self.rotate:
            k = index % n
            seats = seats[n - k:] + seats[:n - k]
        return tuple(seats)

    def to_dict(self) -> dict[str, Any]:
        """The configuration as JSON-ready data."""
        d = attrs.asdict(self)
        d["options"] = dict(self.options)
        return d


@attrs.frozen
class GameResult:
    """One finished game of a run.

    ``species[seat]`` maps each species in that seat's forest to ``(cards, points)``.
    ``winners`` are seats (ties share the win); ``turns`` counts every turn, automated seats'
    and extra turns included.
    """

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    caves: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    actions: int
    end_reason: str
    species: tuple[dict[str, tuple[int, int]], ...]

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        d = attrs.asdict(self)
        d["species"] = [{k: list(v) for k, v in s.items()} for s in self.species]
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameResult:
        """A result from :meth:`to_dict`'s data."""
        return cls(int(d["index"]), int(d["seed"]), tuple(d["bots"]), tuple(d["scores"]),
                   tuple(d["caves"]), tuple(d["winners"]), int(d["turns"]), int(d["actions"]),
                   str(d["end_reason"]),
                   tuple({k: (int(v[0]), int(v[1])) for k, v in s.items()}
                         for s in d["species"]))

    def rows(self) -> list[dict[str, Any]]:
        """One flat row per seat (for CSV and parquet): the species as JSON text."""
        import json

        return [{"game": self.index, "seed": self.seed, "seat": p, "bot": self.bots[p],
                 "score": self.scores[p], "cave": self.caves[p], "won": p in self.winners,
                 "turns": self.turns, "actions": self.actions, "end_reason": self.end_reason,
                 "species": json.dumps({k: list(v) for k, v in sorted(self.species[p].items())})}
                for p in range(len(self.bots))]
