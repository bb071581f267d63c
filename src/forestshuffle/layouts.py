"""Slot layouts of the sites a forest can hold (a tree, a sapling, ...)."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .cards import Position


def _positions(value: Iterable[Position]) -> frozenset[Position]:
    return frozenset(value)


@attrs.frozen
class SlotDef:
    """One slot of a site: its name and which card positions it takes."""

    name: str
    accepts: frozenset[Position] = attrs.field(converter=_positions)


@attrs.frozen
class SiteKind:
    """A kind of site: the slots around it and whether it counts as a tree card.

    Attributes:
        id: unique id (``tree``, ``sapling``...).
        slots: the slots, in display order.
        is_tree: counts as a tree card for "per tree" rules.
        reveals: playing it reveals the top deck card into the clearing.
    """

    id: str
    slots: tuple[SlotDef, ...]
    is_tree: bool = True
    reveals: bool = True

    def slot(self, name: str) -> SlotDef:
        """The slot called *name*."""
        for s in self.slots:
            if s.name == name:
                return s
        raise KeyError(name)


def four_sided(kind_id: str, *, is_tree: bool = True, reveals: bool = True) -> SiteKind:
    """A site with one slot per side, each taking the halves of its own side."""
    return SiteKind(
        kind_id,
        tuple(
            SlotDef(p.value, frozenset({p}))
            for p in (Position.TOP, Position.BOTTOM, Position.LEFT, Position.RIGHT)
        ),
        is_tree=is_tree,
        reveals=reveals,
    )
