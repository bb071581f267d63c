"""Slot layouts of the sites a forest can hold (a tree, a sapling, ...)."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from forestshuffle.core.cards import Position


def _positions(value: Iterable[Position]) -> frozenset[Position]:
    return frozenset(value)


def _words(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


@attrs.frozen(eq=False)
class SlotDef:
    """One slot of a site: its name, which card positions it takes, and its conditions.

    Slot definitions compare and hash by identity (the forest counts its empty slots by
    definition on the hot path); a layout shares one object per slot.

    Attributes:
        name: the slot's name (unique within its site).
        accepts: the card positions (sides) it takes.
        offers: features the slot offers (``water``...); a species' ``needs`` must all be
            offered.
        exclusive: if true, the slot takes only cards that need one of its ``offers``
            (a standalone river takes only cards with a water requirement).
        tags: if not empty, the slot takes only halves with one of these tags.
        group: the name people use for the slot where a site has several alike (``top``
            for ``top_1`` and ``top_2``); forest documents list cards by group. Defaults to
            ``name``.
        role: the name rules use for the slot: what ``slot:<role>`` counts and
            ``on_play(slot=...)`` matches (a three-slot tree's "bottom left" and "bottom
            right" slots both play the role ``bottom``). Defaults to ``name``.
    """

    name: str
    accepts: frozenset[Position] = attrs.field(converter=_positions)
    offers: frozenset[str] = attrs.field(default=frozenset(), converter=_words)
    exclusive: bool = False
    tags: frozenset[str] = attrs.field(default=frozenset(), converter=_words)
    group: str = ""
    role: str = ""

    @property
    def group_name(self) -> str:
        """``group``, or the slot's own name."""
        return self.group or self.name

    @property
    def role_name(self) -> str:
        """``role``, or the slot's own name."""
        return self.role or self.name

    @property
    def plain(self) -> bool:
        """True when only the side matters (no features, no tags)."""
        return not self.offers and not self.exclusive and not self.tags

    def takes(self, position: Position, needs: frozenset[str], tags: frozenset[str]) -> bool:
        """Whether a half (side, needs, tags) may go into this slot when it is free."""
        if position not in self.accepts or not needs <= self.offers:
            return False
        if self.exclusive and not needs & self.offers:
            return False
        return not self.tags or bool(self.tags & tags)


@attrs.frozen
class SiteKind:
    """A kind of site: the slots around it and whether it counts as a tree card.

    Attributes:
        id: unique id (``tree``, ``sapling``...).
        slots: the slots, in display order.
        is_tree: counts as a tree card for "per tree" rules.
        reveals: playing it reveals the top deck card into the clearing.
        features: counted per site as ``feature:<name>`` (``river``...).
        upgrade: a site kind this one may become when it is played, by tucking one more
            hand card face down under it for free (a tree with a generic river); None if not.
        label: display name of a face-down card opening this kind (``Sapling``).
    """

    id: str
    slots: tuple[SlotDef, ...]
    is_tree: bool = True
    reveals: bool = True
    features: frozenset[str] = attrs.field(default=frozenset(), converter=_words)
    upgrade: str | None = None
    label: str = ""
    _by_name: dict[str, SlotDef] = attrs.field(init=False, eq=False, repr=False)
    #: position -> the slots that take it, in display order (what :meth:`slots_for` gives)
    by_position: dict[Position, tuple[SlotDef, ...]] = attrs.field(init=False, eq=False,
                                                                   repr=False)
    #: slot name -> the role it plays (``role_name``), for the hot path
    roles: dict[str, str] = attrs.field(init=False, eq=False, repr=False)
    #: slot name -> its counter key, ``"slot:"`` and the role
    role_keys: dict[str, str] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {s.name: s for s in self.slots})
        by_pos: dict[Position, list[SlotDef]] = {}
        for s in self.slots:
            for p in s.accepts:
                by_pos.setdefault(p, []).append(s)
        object.__setattr__(self, "by_position", {p: tuple(v) for p, v in by_pos.items()})
        object.__setattr__(self, "roles", {s.name: s.role_name for s in self.slots})
        object.__setattr__(self, "role_keys", {s.name: "slot:" + s.role_name for s in self.slots})

    def slots_for(self, position: Position) -> tuple[SlotDef, ...]:
        """The slots that take halves of *position*, in display order."""
        return self.by_position.get(position, ())

    def slot(self, name: str) -> SlotDef:
        """The slot called *name* (KeyError if there is none)."""
        return self._by_name[name]


def four_sided(kind_id: str, *, is_tree: bool = True, reveals: bool = True,
               label: str = "", **slot_options: object) -> SiteKind:
    """A site with one slot per side, each taking the halves of its own side."""
    return SiteKind(
        kind_id,
        tuple(
            SlotDef(p.value, frozenset({p}), **slot_options)  # type: ignore[arg-type]
            for p in (Position.TOP, Position.BOTTOM, Position.LEFT, Position.RIGHT)
        ),
        is_tree=is_tree,
        reveals=reveals,
        label=label or kind_id.replace("_", " ").capitalize(),
    )
