"""Value types of card data: positions, specs, species, halves, cards and card sets.

Everything here is frozen. A card set is plain data: species name *kinds* of effects,
triggers and scoring (see :mod:`forestshuffle.plugins.dsl`), never code.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any

import attrs


class Position(enum.StrEnum):
    """Where a card (or one half of a split card) goes in a forest."""

    CENTER = "center"  #: a tree or another site card, not a half
    TOP = "top"  #: the top side of a tree (a split card's top half)
    BOTTOM = "bottom"  #: the bottom side
    LEFT = "left"  #: the left side (a split card's left half)
    RIGHT = "right"  #: the right side


def _freeze_args(value: Mapping[str, Any] | None) -> dict[str, Any]:
    from forestshuffle.core.steps import freeze_args

    return freeze_args(value)


@attrs.frozen(hash=False)
class Spec:
    """One use of a registered kind: an effect, trigger, scoring or slot rule with its arguments.

    ``kind`` names a kind registered by a plugin (the core registers the common ones);
    ``args`` holds plain JSON-like values. Build specs with the helpers of
    :mod:`forestshuffle.plugins.dsl` rather than by hand.

    Attributes:
        kind: the registered kind's name (``draw``, ``per``...).
        args: its arguments, frozen (lists become tuples).
    """

    kind: str
    args: dict[str, Any] = attrs.field(factory=dict, converter=_freeze_args)

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.args.items())
        return f"{self.kind}({inner})"


def _strs(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _tuple(value: Any) -> tuple[Any, ...]:
    if value is None:
        return ()
    if isinstance(value, Spec):
        return (value,)
    return tuple(value)


@attrs.frozen(hash=False)
class Species:
    """One species: what every card half of it costs, is, does and scores.

    Attributes:
        id: unique id, ``<set>.<snake_name>`` (``base.wolf``), never a display name.
        name: display name.
        kind: ``"tree"`` for trees, ``"site"`` for other cards that open a site (a river
            terrain), ``"dweller"`` for cards placed in slots.
        cost: cards to pay when played normally.
        tags: type symbols (``pawed_animal``, ``deer``, ``tree``...).
        effect: steps used when the card is played normally (optional for the player).
        bonus: steps used when every payment card shows the played card's tree symbol.
        triggers: permanent "whenever you play ..." triggers while the card is in a forest.
        score: scoring specs, summed.
        sharing: slot-sharing rule (``shares_slot``), or None for one card per slot.
        modifiers: passive modifiers such as ``counts_as_tree``.
        site_kind: for trees and other site cards, the kind of site the card opens.
        needs: features a slot must offer to take this species (``water``).
        aliases: other names people use for it (a translation: ``皮卡丘`` for ``Pikachu``);
            forest documents accept them like the name.
    """

    id: str
    name: str
    kind: str
    cost: int
    tags: frozenset[str] = attrs.field(factory=frozenset, converter=frozenset)
    effect: tuple[Spec, ...] = attrs.field(default=(), converter=_tuple)
    bonus: tuple[Spec, ...] = attrs.field(default=(), converter=_tuple)
    triggers: tuple[Spec, ...] = attrs.field(default=(), converter=_tuple)
    score: tuple[Spec, ...] = attrs.field(default=(), converter=_tuple)
    sharing: Spec | None = None
    modifiers: tuple[Spec, ...] = attrs.field(default=(), converter=_tuple)
    site_kind: str | None = None
    needs: frozenset[str] = attrs.field(factory=frozenset, converter=frozenset)
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_strs)


@attrs.frozen
class Half:
    """One usable part of a card: a whole tree, or one half of a split card.

    Attributes:
        species: the species id (``base.wolf``).
        position: where it goes: ``CENTER`` (a tree or site card), or the side of a tree.
        symbol: the tree symbol the half shows, or None.
    """

    species: str
    position: Position = attrs.field(converter=Position)
    symbol: str | None = None


@attrs.frozen
class Card:
    """A physical card: its number in the set and its halves (none for a winter card).

    ``reconstructed`` names the facts of this card that no public source gives and the
    card set chose by a documented method (``"pairing"``, ``"halves[0].symbol"``,
    ``"halves[1].position"``...); ``note`` says why or how. Users who own the cards can
    correct them with an override file.

    Attributes:
        id: the card's number, unique across the card sets a ruleset uses.
        halves: what can be played of it: one half for a tree, two for a split card, none
            for a winter card.
        winter: whether it is a winter card.
        reconstructed: the facts of this card the card set chose (see above).
        note: why or how they were chosen.
    """

    id: int
    halves: tuple[Half, ...] = ()
    winter: bool = False
    reconstructed: tuple[str, ...] = ()
    note: str = ""

    @property
    def is_split(self) -> bool:
        """True for a card with two halves."""
        return len(self.halves) > 1


@attrs.frozen(hash=False)
class CardSet:
    """A box of cards contributed by a plugin: species table and physical cards.

    ``symbols`` lists the tree symbols in the set's order; ``tags`` every tag a
    species of the set may carry (used to catch misspelt tags at load).

    Attributes:
        id: the set's id, the prefix of its species ids (``base``).
        name: display name.
        species: the species table.
        cards: the physical cards.
        symbols: the tree symbols, in the set's order.
        tags: every tag a species of the set may carry.
        caves: the number of cave cards in the box (not deck cards).
    """

    id: str
    name: str
    species: tuple[Species, ...]
    cards: tuple[Card, ...]
    symbols: tuple[str, ...]
    tags: tuple[str, ...]
    caves: int = 5
