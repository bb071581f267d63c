"""The base game with the Alpine and Woodland Edge boxes mixed in, and small helpers the
expansion tests share.

The core composes expansions: ``new_game("base", expansions=["alpine"])`` adds the box's card
set, its changes to base cards (``BASE_CHANGES``) and the removal of RULES.md §7 (55/40/25/10
with one box, 90/60/45/30 with both). These tests name the three mixes by the short ids below.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import forestshuffle as fs
import forestshuffle_alpine as alpine
import forestshuffle_woodland_edge as woodland_edge
from forestshuffle.testing import CardPicker
from forestshuffle.testing.moves import (
    turn_of,
)

ALPINE = "test-base-alpine"
EDGE = "test-base-woodland-edge"
BOTH = "test-base-alpine-woodland-edge"
MIXED = (ALPINE, EDGE, BOTH)

ONE_BOX = {2: 55, 3: 40, 4: 25, 5: 10}
TWO_BOXES = {2: 90, 3: 60, 4: 45, 5: 30}

#: mix id -> the expansion plugins mixed in
BOXES: dict[str, tuple[Any, ...]] = {
    ALPINE: (alpine,), EDGE: (woodland_edge,), BOTH: (alpine, woodland_edge)}
#: mix id -> the expansions' ids
EXPANSIONS: dict[str, tuple[str, ...]] = {
    rid: tuple(box.EXPANSION.id for box in boxes) for rid, boxes in BOXES.items()}


def merged_base_changes(boxes: Iterable[Any]) -> dict[str, dict[str, Any]]:
    """The boxes' BASE_CHANGES in one override ``species`` table; two boxes changing one
    field of a base species must agree (the butterfly table does)."""
    out: dict[str, dict[str, Any]] = {}
    for box in boxes:
        for sid, fields in box.BASE_CHANGES.items():
            mine = out.setdefault(sid, {})
            for field, value in fields.items():
                if field in mine and mine[field] != value:
                    raise ValueError(f"the boxes change {sid}.{field} differently")
                mine[field] = value
    return out


def ruleset(rid: str) -> fs.Ruleset:
    """The base game with the boxes of mix *rid*."""
    return fs.get_ruleset("base", expansions=EXPANSIONS[rid])


# -- game helpers ------------------------------------------------------------------------


def pick(g: fs.Game, card: int) -> None:
    """Answer a pick-a-card decision with *card*."""
    assert g.pending is not None and fs.PickCard(card) in g.legal_actions(), g.pending
    g.apply(fs.PickCard(card))


def picks(g: fs.Game) -> set[int]:
    """The cards the pending decision lets the player pick."""
    return {a.card for a in g.legal_actions() if isinstance(a, fs.PickCard)}


def kind_of_pending(g: fs.Game) -> str | None:
    return g.pending.kind if g.pending is not None else None


def next_players_turn(g: fs.Game) -> bool:
    """Whether player 1's turn has begun."""
    return turn_of(g, 1)


def points(g: fs.Game, card: int, player: int = 0) -> int:
    """The points one card of *player*'s forest scores."""
    for cs in g.scores()[player].cards:
        if cs.card == card:
            return cs.points
    raise KeyError(card)


def showing(pk: CardPicker, symbol: str, n: int = 1) -> list[int]:
    """*n* unused split cards with a half showing *symbol* (payment that earns a bonus)."""
    rules = pk.rules
    out = [c for c in sorted(rules.halves) if c not in pk.used and not rules.is_tree_card(c)
           and symbol in rules.card_symbols[c]][:n]
    assert len(out) == n, f"only {len(out)} unused cards show {symbol}"
    pk.used.update(out)
    return out


def lacking(pk: CardPicker, symbol: str, n: int) -> list[int]:
    """*n* unused split cards with no half showing *symbol* (payment that earns no bonus)."""
    rules = pk.rules
    out = [c for c in sorted(rules.halves) if c not in pk.used and not rules.is_tree_card(c)
           and symbol not in rules.card_symbols[c]][:n]
    assert len(out) == n
    pk.used.update(out)
    return out
