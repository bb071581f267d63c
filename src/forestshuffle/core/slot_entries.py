"""The entries of a forest's index of empty slots (:attr:`forestshuffle.core.forest.Forest.empty`).

An entry is ``(site, slot index, slot name, placements)``: the site's index in the forest, the
slot's index among its site kind's slots, its name, and the shared
:class:`~forestshuffle.core.decisions.Place` actions that put half 0, 1, 2 or 3 of a card there.
Entries and their placements are made once per site kind and site index and shared by every
forest (both are never changed), so that listing a card's placements
(:func:`forestshuffle.core.rules.placements`) reads them off the index without making or looking
up anything per option.
"""

from __future__ import annotations

from typing import Final

from forestshuffle.core.decisions import Place
from forestshuffle.core.layouts import SiteKind

#: half indexes an entry has placements for (a card has one or two halves; a card with more
#: is placed by scanning the sites)
HALVES: Final = 4
#: sites per kind whose entries are kept (a forest with more makes the later ones anew)
KEPT_SITES: Final = 256

#: (site, slot index, slot name, placements by half index)
SlotEntry = tuple[int, int, str, tuple[Place, ...]]

#: per site kind (by id, the kind kept to check the id): its sites' entries by site index
_ROWS: Final[dict[int, tuple[SiteKind, list[tuple[SlotEntry, ...]]]]] = {}
#: (site, slot name) -> the placements there by half index (:func:`placements_at`)
PLACES: Final[dict[tuple[int, str], tuple[Place, ...]]] = {}
#: site index -> the placement of a site card opening it (:func:`site_placement`)
_SITES: Final[dict[int, Place]] = {}


def placements_at(site: int, name: str) -> tuple[Place, ...]:
    """``Place(half, site, name)`` for each half index below :data:`HALVES` (shared)."""
    got = PLACES.get((site, name))
    if got is None:
        got = tuple(Place(hi, site, name, label=f"put it at site {site}, {name}")
                    for hi in range(HALVES))
        if site < KEPT_SITES:
            PLACES[(site, name)] = got
    return got


def site_placement(site: int) -> Place:
    """``Place(0, site, "center")``, a site card opening site *site* (shared by every site
    card: its label names the site, not the card)."""
    got = _SITES.get(site)
    if got is None:
        got = Place(0, site, "center", label=f"plant it as site {site}")
        if site < KEPT_SITES:
            _SITES[site] = got
    return got


def site_entries(kind: SiteKind, site: int) -> tuple[SlotEntry, ...]:
    """The entries of the slots of a site of *kind* at index *site*, in the kind's slot
    order (shared while the site index is below :data:`KEPT_SITES`)."""
    got = _ROWS.get(id(kind))
    if got is None or got[0] is not kind:
        got = _ROWS[id(kind)] = (kind, [])
    rows = got[1]
    if site < len(rows):
        return rows[site]
    if site >= KEPT_SITES:
        return _made(kind, site)
    while len(rows) <= site:
        rows.append(_made(kind, len(rows)))
    return rows[site]


def entries_of(kind: SiteKind, sites: list[int]) -> list[tuple[SlotEntry, ...]]:
    """:func:`site_entries` of each of *sites* (in increasing order), made in one go."""
    if not sites:
        return []
    last = sites[-1]
    if last >= KEPT_SITES:
        return [site_entries(kind, s) for s in sites]
    site_entries(kind, last)  # makes the rows up to the last site
    rows = _ROWS[id(kind)][1]
    return [rows[s] for s in sites]


def kind_rows(kind: SiteKind) -> list[tuple[SlotEntry, ...]]:
    """The list :func:`site_entries` keeps for *kind* (site index -> entries), for a
    generated opener to index itself (made up to the first site)."""
    site_entries(kind, 0)
    return _ROWS[id(kind)][1]


def _made(kind: SiteKind, site: int) -> tuple[SlotEntry, ...]:
    return tuple((site, i, sd.name, placements_at(site, sd.name))
                 for i, sd in enumerate(kind.slots))
