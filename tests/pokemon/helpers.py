"""Helpers shared by the tests of the Pokémon re-theme: rulesets, a card picker that knows
trainer groups, scenario games and the answers to the usual decisions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import forestshuffle as fs
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.testing import CardPicker
from forestshuffle.testing import scenario as _scenario
from forestshuffle.testing.moves import turn_of
from forestshuffle_pokemon.content import EXP1, EXP2, EXP3, OAK

RULES = fs.get_ruleset("pokemon")

__all__ = ["EXP1", "EXP2", "EXP3", "OAK", "RULES", "mixed"]


def mixed(*expansions: str, **options: Any) -> Ruleset:
    """Ruleset ``pokemon`` with *expansions* mixed in and *options* set."""
    return fs.get_ruleset("pokemon", expansions=expansions, options=options or None)


#: every deck card of the plugin: expansions 1, 2 and Oak
ALL = mixed(EXP1, EXP2, OAK)


def sp(name: str, set_id: str = "pokemon") -> str:
    """A species id (``pokemon.pikachu``)."""
    return f"{set_id}.{name}"


class Picker(CardPicker):
    """A :class:`CardPicker` that also hands out trainers by group."""

    def trainer(self, group: str) -> int:
        """An unused trainer card of *group*."""
        return self.trainers(group, 1)[0]

    def trainers(self, group: str, n: int) -> list[int]:
        """*n* unused trainer cards of *group*."""
        out = []
        for c in sorted(self.rules.halves):
            hs = self.rules.halves[c]
            if len(out) == n:
                break
            if c in self.used or hs[0].kind != "tree" or hs[0].symbol != group:
                continue
            self.used.add(c)
            out.append(c)
        if len(out) < n:
            raise LookupError(f"only {len(out)} unused {group} trainers")
        return out


def scenario(rules: str | Ruleset = "pokemon", **kw: Any) -> fs.Game:
    """:func:`forestshuffle.testing.scenario`, in ruleset ``pokemon`` unless told."""
    return _scenario(rules, **kw)


def game(p0: Iterable, p1: Iterable = (), p2: Iterable | None = None,
         rules: str | Ruleset = "pokemon", **kw) -> fs.Game:
    """A 2-player (3 with *p2*) game with the given teams."""
    forests = {0: list(p0), 1: list(p1)}
    players = 2
    if p2 is not None:
        forests[2] = list(p2)
        players = 3
    return scenario(rules, players=players, forests=forests, **kw)


def points(g: fs.Game, card: int, player: int = 0) -> int:
    """The points one card of *player*'s team scores."""
    for cs in g.scores()[player].cards:
        if cs.card == card:
            return cs.points
    raise KeyError(card)


def total_of(g: fs.Game, cards: Iterable[int], player: int = 0) -> int:
    """The points of several cards of *player*'s team."""
    return sum(points(g, c, player) for c in cards)


def next_players_turn(g: fs.Game) -> bool:
    """Whether player 1's turn has begun."""
    return turn_of(g, 1)


def slot_places(g: fs.Game) -> set[tuple[int, str]]:
    """The (site, slot) places a place decision offers."""
    return {(o.site, o.slot) for o in g.pending.options if isinstance(o, fs.Place)}
