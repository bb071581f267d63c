"""The shrub: a site kind of its own.

A shrub has four slots like a tree (one per side, each taking the halves of its side) but
is not a tree: it is no tree card (Sycamore, Red Deer, Moss, Woodpecker, Oak...), reveals
no deck card when played, and its slots are not "below / on top of a tree" (Wood Ant,
Parasol Mushroom, Penny Bun). Its slots are therefore named ``shrub_top`` ... and grouped
as ``top`` ... for people (views, forest documents). The feature ``shrub`` counts shrubs
(``feature:shrub``) and names the site in forest documents (``{"shrub": "Common Hazel"}``).

With option ``shrub_slots_count_as_tree_slots`` the ruleset plays shrubs as
:data:`SHRUB_TREE_SLOTS_KIND` instead (through ``site_kind_map``): the same slots, names and
groups, but playing the roles of a tree's slots (``top`` ... ), so the rules about the cards
below or on top of a tree (Wood Ant, Parasol Mushroom, Penny Bun) count a shrub's too.
A shrub stays no tree either way.
"""

from __future__ import annotations

from forestshuffle.core.cards import Position
from forestshuffle.core.layouts import SiteKind, SlotDef

#: the shrub site kind and its feature
SHRUB = "shrub"

SHRUB_KIND = SiteKind(
    SHRUB,
    tuple(SlotDef(f"shrub_{p.value}", {p}, group=p.value)
          for p in (Position.TOP, Position.BOTTOM, Position.LEFT, Position.RIGHT)),
    is_tree=False,
    reveals=False,
    features={SHRUB},
    label="Shrub",
)

#: the shrub whose slots play a tree's slot roles (option shrub_slots_count_as_tree_slots)
SHRUB_TREE_SLOTS = "shrub_tree_slots"

SHRUB_TREE_SLOTS_KIND = SiteKind(
    SHRUB_TREE_SLOTS,
    tuple(SlotDef(f"shrub_{p.value}", {p}, group=p.value, role=p.value)
          for p in (Position.TOP, Position.BOTTOM, Position.LEFT, Position.RIGHT)),
    is_tree=False,
    reveals=False,
    features={SHRUB},
    label="Shrub",
)

SITE_KINDS: tuple[SiteKind, ...] = (SHRUB_KIND, SHRUB_TREE_SLOTS_KIND)
