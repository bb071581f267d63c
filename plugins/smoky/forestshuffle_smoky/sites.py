"""The sites of Smoky Mountains: trees with and without a river, and rivers.

A *water* card (a dweller with a water requirement, ``needs={"water"}``) goes only into a
river's slots or into the slots of a tree with a river; a card without it never goes into
a standalone river. Water-Starwort needs ``{"water", "river"}``: rivers only, never a tree.
"""

from __future__ import annotations

from forestshuffle.core.cards import Position
from forestshuffle.core.layouts import SiteKind, SlotDef

TOP, BOTTOM, LEFT, RIGHT = Position.TOP, Position.BOTTOM, Position.LEFT, Position.RIGHT

#: a tree without a river
TREE = "smoky_tree"
#: a tree with a generic river tucked face down below it
TREE_WITH_RIVER = "smoky_tree_with_river"
#: a river terrain card (Creek, River Bend)
RIVER = "smoky_river"
#: the Waterfall terrain card
WATERFALL = "smoky_waterfall"
#: a hand card played face down on its own as a generic river
GENERIC_RIVER = "smoky_generic_river"

WATER = "water"
RIVER_FEATURE = "river"

#: slots of a river: 2 on top, 2 below, only for water cards
_RIVER_SLOTS = (
    SlotDef("top_1", {TOP}, {WATER, RIVER_FEATURE}, exclusive=True, group="top"),
    SlotDef("top_2", {TOP}, {WATER, RIVER_FEATURE}, exclusive=True, group="top"),
    SlotDef("bottom_1", {BOTTOM}, {WATER, RIVER_FEATURE}, exclusive=True, group="bottom"),
    SlotDef("bottom_2", {BOTTOM}, {WATER, RIVER_FEATURE}, exclusive=True, group="bottom"),
)

SITE_KINDS: tuple[SiteKind, ...] = (
    # Top, bottom, left, right; offering nothing, they refuse water cards.
    SiteKind(TREE, (SlotDef("top", {TOP}), SlotDef("bottom", {BOTTOM}),
                    SlotDef("left", {LEFT}), SlotDef("right", {RIGHT})),
             upgrade=TREE_WITH_RIVER, label="Tree"),
    # Top, left, right take any card; the 2 slots below the river only water cards.
    SiteKind(TREE_WITH_RIVER, (
        SlotDef("top", {TOP}, {WATER}),
        SlotDef("left", {LEFT}, {WATER}),
        SlotDef("right", {RIGHT}, {WATER}),
        SlotDef("bottom_1", {BOTTOM}, {WATER}, exclusive=True, group="below"),
        SlotDef("bottom_2", {BOTTOM}, {WATER}, exclusive=True, group="below"),
    ), features={RIVER_FEATURE}, label="Tree with river"),
    SiteKind(RIVER, _RIVER_SLOTS, is_tree=False, reveals=False, features={RIVER_FEATURE},
             label="River"),
    # The Waterfall: 2 river slots on top; below it up to 4 fish and no other species.
    SiteKind(WATERFALL, (
        *_RIVER_SLOTS[:2],
        *(SlotDef(f"bottom_{i}", {BOTTOM}, {WATER, RIVER_FEATURE}, exclusive=True,
                  tags={"fish"}, group="bottom") for i in range(1, 5)),
    ), is_tree=False, reveals=False, features={RIVER_FEATURE}, label="Waterfall"),
    SiteKind(GENERIC_RIVER, _RIVER_SLOTS, is_tree=False, reveals=False,
             features={RIVER_FEATURE}, label="Generic river"),
)
