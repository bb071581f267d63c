"""Compiled card facts, as the hot path reads them: a card half with its species' facts
resolved, a species' compiled triggers and scorers. Built by
:class:`~forestshuffle.core.ruleset.Ruleset`; frozen, shared by every game of a ruleset."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from forestshuffle.core.cards import Position, Spec


class CompiledHalf:
    """A card half with its species' facts resolved, as the hot path reads it (immutable:
    shared by every game of the ruleset)."""

    __slots__ = (
        "cost",
        "count_keys",
        "distinct_keys",
        "kind",
        "name",
        "needs",
        "position",
        "site_kind",
        "species",
        "species_key",
        "symbol",
        "tags",
    )

    # one parameter per field
    def __init__(self, species: str, position: Position, symbol: str | None,  # noqa: PLR0913
                 tags: frozenset[str], cost: int, site_kind: str | None, name: str,
                 needs: frozenset[str] = frozenset(), kind: str = "dweller") -> None:
        self.species = species
        self.position = position
        self.symbol = symbol
        self.tags = tags
        self.cost = cost
        #: for a tree or site half, the site it opens
        self.site_kind = site_kind
        self.name = name
        self.needs = needs
        #: the species' kind: tree, site or dweller
        self.kind = kind
        ordered = sorted(tags)
        keys = [f"tag:{t}" for t in ordered]
        if symbol is not None:
            keys.append(f"symbol:{symbol}")
        #: the forest counters a visible half of this kind adds 1 to (its tags, its symbol)
        self.count_keys: tuple[str, ...] = tuple(keys)
        #: ``species:<id>``, and the counters a first visible half of the species adds 1 to
        self.species_key = f"species:{species}"
        self.distinct_keys: tuple[str, ...] = tuple(f"distinct_tag:{t}" for t in ordered)

    def _key(self) -> tuple[object, ...]:
        return (self.species, self.position, self.symbol, self.tags, self.cost,
                self.site_kind, self.name, self.needs, self.kind)

    def __eq__(self, other: object) -> bool:
        if type(other) is not CompiledHalf:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"CompiledHalf(species={self.species!r}, position={self.position!r}, "
                f"symbol={self.symbol!r}, tags={self.tags!r}, cost={self.cost!r}, "
                f"site_kind={self.site_kind!r}, name={self.name!r}, needs={self.needs!r}, "
                f"kind={self.kind!r})")


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
