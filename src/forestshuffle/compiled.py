"""Compiled card facts, as the hot path reads them: a card half with its species' facts
resolved, a species' compiled triggers and scorers. Built by
:class:`~forestshuffle.ruleset.Ruleset`; frozen, shared by every game of a ruleset."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .cards import Position, Spec


@attrs.frozen
class CompiledHalf:
    """A card half with its species' facts resolved, as the hot path reads it."""

    species: str
    position: Position
    symbol: str | None
    tags: frozenset[str]
    cost: int
    site_kind: str | None  #: for a tree or site half, the site it opens
    name: str
    needs: frozenset[str] = frozenset()
    kind: str = "dweller"  #: the species' kind: tree, site or dweller
    #: the forest counters a visible half of this kind adds 1 to (its tags, its symbol)
    count_keys: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    #: ``species:<id>``, and the counters a first visible half of the species adds 1 to
    species_key: str = attrs.field(init=False, eq=False, repr=False)
    distinct_keys: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        tags = sorted(self.tags)
        keys = [f"tag:{t}" for t in tags]
        if self.symbol is not None:
            keys.append(f"symbol:{self.symbol}")
        object.__setattr__(self, "count_keys", tuple(keys))
        object.__setattr__(self, "species_key", f"species:{self.species}")
        object.__setattr__(self, "distinct_keys", tuple(f"distinct_tag:{t}" for t in tags))


@attrs.frozen
class CompiledTrigger:
    """A permanent trigger of a species, compiled."""

    species: str
    index: int
    matches: Callable[..., bool]
    from_next_turn: bool
    optional: bool
    effect: tuple[Spec, ...]
    before_effects: bool = False


@attrs.frozen
class CompiledScore:
    """One scoring spec of a species, compiled: ``fn`` gives points and reasons, ``points``
    the points alone (see :meth:`forestshuffle.kinds.ScoringKind.compile_points`); None
    where a caller built it without: then ``fn``'s points serve."""

    kind: str
    group: str | None
    fn: Callable[..., Any]
    points: Callable[..., Any] | None = None
