"""One player's forest: sites, slots, and incremental counters.

The counters are updated as cards are placed, so scoring and conditions read them
instead of rescanning the forest. Counter keys are ``kind`` or ``kind:arg`` strings:

``species:<id>``  visible halves of that species
``tag:<tag>``     visible halves with that tag
``symbol:<sym>``  cards and halves showing that tree symbol
``slot:<role>``   cards in slots playing that role (``slot:bottom``; a slot's role is its
                  name unless its layout says otherwise, see ``SlotDef.role``)
``trees``         tree cards, saplings included
``tree_total``    ``trees`` plus cards that count as extra trees (Violet Carpenter Bee)
``trees_of:<id>`` trees of that species, extra trees included
``tree_cards_of:<id>`` tree cards of that species
``tree_species``  distinct tree species among the tree cards
``distinct_tag:<tag>`` distinct species with that tag
``full_sites``    sites with every slot holding at least one card
``saplings``      saplings
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, Protocol

from forestshuffle.core.cards import Position
from forestshuffle.core.layouts import SiteKind, SlotDef
from forestshuffle.core.slot_entries import SlotEntry, entries_of, kind_rows, site_entries

if TYPE_CHECKING:
    from forestshuffle.core.compiled import CompiledHalf


#: position -> its bit in :attr:`Forest.open_mask`
POSITION_BITS: Final[dict[Position, int]] = {p: 1 << i for i, p in enumerate(Position)}


def mask_of(open_: Mapping[Position, int]) -> int:
    """The bits (:data:`POSITION_BITS`) of the positions with an empty slot in *open_*."""
    mask = 0
    for pos, n in open_.items():
        if n > 0:
            mask |= POSITION_BITS[pos]
    return mask


#: A card of a site for :meth:`Forest.add_sites`: (card, half index, half, slot name).
PlannedCard = tuple[int, int, "CompiledHalf", str]
#: A site for :meth:`Forest.add_sites`: (card, half or None for a sapling, kind, its cards).
PlannedSite = tuple[int, "CompiledHalf | None", SiteKind, Sequence[PlannedCard]]


class ForestRules(Protocol):
    """What a forest reads of its ruleset while cards are placed (a
    :class:`~forestshuffle.core.ruleset.Ruleset` is one)."""

    @property
    def triggers(self) -> Mapping[str, object]:
        """Species with permanent triggers."""

    @property
    def extra_trees(self) -> Mapping[str, int]:
        """Species that make their site count as more trees, and how many."""


#: the cards in one slot: a list, or the shared empty tuple while it holds none (every
#: empty slot of every forest shares it; a slot's first card makes its list)
SlotCards = list[int] | tuple[int, ...]
#: what an empty slot holds
NO_CARDS: Final[tuple[int, ...]] = ()
_NEW: Final = object.__new__


class Site:
    """A site of a forest: the card that opened it and the cards in its slots (a slot with
    no card holds the empty tuple :data:`NO_CARDS`, one with cards a list, never changed in
    place: placing a card gives the slot a new list)."""

    __slots__ = ("card", "extra_trees", "filled", "kind", "slots", "species", "symbol", "under")

    def __init__(self, card: int, kind: SiteKind, species: str | None, symbol: str | None,
                 slots: dict[str, SlotCards] | None = None):
        self.card = card
        self.kind = kind
        self.species = species
        self.symbol = symbol
        self.slots: dict[str, SlotCards] = {s.name: NO_CARDS for s in kind.slots} \
            if slots is None else slots
        #: how many of its slots hold a card
        self.filled = 0
        #: how many trees more it counts as (its cards' ``counts_as_tree``)
        self.extra_trees = 0
        #: face-down cards tucked under the site (a generic river under a tree)
        self.under: list[int] = []

    @property
    def is_full(self) -> bool:
        """Every slot holds at least one card."""
        return self.filled == len(self.slots)

    def attached(self) -> int:
        """Number of cards in this site's slots (stacked cards each count)."""
        return sum(len(v) for v in self.slots.values())

    def copy(self) -> Site:
        """An independent copy. The slots' card lists are shared: a slot's list is never
        changed in place (a card placed makes the slot a new list), so a copy of the mapping
        is an independent copy."""
        site: Site = _NEW(Site)
        site.card = self.card
        site.kind = self.kind
        site.species = self.species
        site.symbol = self.symbol
        site.slots = self.slots.copy()
        site.filled = self.filled
        site.extra_trees = self.extra_trees
        site.under = self.under.copy()
        return site


def _new_site(card: int, kind: SiteKind, half: CompiledHalf | None) -> Site:
    """A new site of *kind* opened by *card* (*half* None for a sapling), its slots empty
    (built here without the comprehension of ``Site(card, kind, ...)``)."""
    slots: dict[str, SlotCards] = {}
    for sd in kind.slots:  # a loop costs less than a comprehension here
        slots[sd.name] = NO_CARDS
    if half is None:
        return Site(card, kind, None, None, slots)
    return Site(card, kind, half.species, half.symbol, slots)


#: opens a site of one kind: (forest, card, half or None, turn) -> the new site's index
Opener = Callable[["Forest", int, "CompiledHalf | None", int], int]
#: per site kind (by its id, the kind kept to check the id), its :data:`Opener`
_OPENERS: dict[int, tuple[SiteKind, Opener]] = {}


def _opener(kind: SiteKind) -> tuple[SiteKind, Opener]:
    """The (cached) function doing what :meth:`Forest.open_site` does for a site of *kind*
    but the opener's own counters, generated once per kind: the site made as
    :func:`_new_site` makes it (its slots a literal), the index of empty slots updated slot
    by slot without a loop, then the site counters
    (``_count_sites``). The same dict entries, in the same order, as the loops would."""
    got = _OPENERS.get(id(kind))
    if got is not None and got[0] is kind:
        return got
    env: dict[str, object] = {"_new": object.__new__, "Site": Site,
                              "KIND": kind, "ROWS": kind_rows(kind), "_entries": site_entries}
    lines = ["def open_(f, card, half, turn):", "    sites = f.sites", "    idx = len(sites)"]
    slots = ", ".join(f"{sd.name!r}: ()" for sd in kind.slots)
    lines += ["    site = _new(Site)", "    site.card = card", "    site.kind = KIND",
              "    if half is None:", "        site.species = site.symbol = None",
              "    else:", "        site.species = half.species",
              "        site.symbol = half.symbol", f"    site.slots = {{{slots}}}",
              "    site.filled = site.extra_trees = 0", "    site.under = []",
              "    sites.append(site)"]
    by_pos: dict[Position, list[str]] = {}
    for i, sd in enumerate(kind.slots):
        for pos in sd.accepts:
            by_pos.setdefault(pos, []).append(f"ents[{i}]")
    if by_pos:
        lines += ["    empty = f.empty",
                  "    ents = ROWS[idx] if idx < len(ROWS) else _entries(KIND, idx)"]
    for j, (pos, entries) in enumerate(by_pos.items()):
        env[f"P{j}"] = pos
        lines += [f"    e = empty.get(P{j})",
                  "    if e is None:", f"        empty[P{j}] = [{', '.join(entries)}]",
                  "    else:", f"        e.append({entries[0]})" if len(entries) == 1
                  else f"        e.extend(({', '.join(entries)},))"]
    if by_pos:
        lines.append(f"    f.open_mask |= {mask_of(dict.fromkeys(by_pos, 1))}")
    up = [f"feature:{feat}" for feat in kind.features] + (
        ["trees", "tree_total"] if kind.is_tree else [])
    down = up + (["saplings"] if kind.is_tree else [])
    lines += ["    f.where[card] = (idx, 'center', -1 if half is None else 0)",
              "    f.order.append(card)", "    f.placed_turn[card] = turn", "    c = f.counts",
              "    if half is None:", *(f"        c[{k!r}] = c.get({k!r}, 0) + 1" for k in down),
              "        pass", "    else:", *(f"        c[{k!r}] = c.get({k!r}, 0) + 1" for k in up),
              "        pass", "    return idx"]
    exec(compile("\n".join(lines) + "\n", f"<forestshuffle.core.forest opener of {kind.id}>",
                 "exec"), env)
    made: tuple[SiteKind, Opener] = (kind, env["open_"])  # type: ignore[assignment]
    _OPENERS[id(kind)] = made
    return made


#: species -> its ``trees_of:`` and ``tree_cards_of:`` counter keys (made once)
_TREE_KEYS: Final[dict[str, tuple[str, str]]] = {}

class Forest:
    """The sites and counters of one player's forest."""

    __slots__ = ("counts", "empty", "open_mask", "order", "placed_turn", "sites", "triggers",
                 "where")

    def __init__(self, source: Forest | None = None) -> None:
        if source is not None:  # copy()
            self._copy_from(source)
            return
        self.sites: list[Site] = []
        #: card -> (site index, slot name or "center", half index or -1 for a sapling)
        self.where: dict[int, tuple[int, str, int]] = {}
        self.counts: dict[str, int] = {}
        self.order: list[int] = []
        self.placed_turn: dict[int, int] = {}
        #: the positions with an empty slot, as bits (:func:`mask_of` of :attr:`open`)
        self.open_mask = 0
        #: position -> the empty slots that take it, as (site, slot index, slot name, the
        #: placements there by half index: :mod:`forestshuffle.core.slot_entries`), in
        #: the order placements are offered (by site, then the site kind's slot order)
        self.empty: dict[Position, list[SlotEntry]] = {}
        #: cards with permanent triggers, in the order played
        self.triggers: list[int] = []

    @property
    def open(self) -> dict[Position, int]:
        """Position -> the number of empty slots that take it (those with one; made from
        :attr:`empty`)."""
        return {p: len(v) for p, v in self.empty.items() if v}

    @property
    def open_defs(self) -> dict[SlotDef, int]:
        """Slot definition -> the number of empty slots of it (those with one; made from the
        sites)."""
        out: dict[SlotDef, int] = {}
        for s in self.sites:
            slots = s.slots
            for sd in s.kind.slots:
                if not slots[sd.name]:
                    out[sd] = out.get(sd, 0) + 1
        return out

    def count(self, key: str) -> int:
        """The value of counter *key* (0 if never touched)."""
        return self.counts.get(key, 0)

    def _inc(self, key: str, n: int = 1) -> int:
        c = self.counts
        v = c.get(key, 0) + n
        c[key] = v
        return v

    def __len__(self) -> int:
        return len(self.order)

    def cards(self) -> list[int]:
        """Every card in the forest, in the order played."""
        return list(self.order)

    # -- mutation (only evolve calls these) -----------------------------------------

    def _count_half(self, h: CompiledHalf, rules: ForestRules, card: int) -> None:
        if h.species in rules.triggers:
            self.triggers.append(card)
        c = self.counts
        k = h.species_key
        v = c.get(k, 0) + 1
        c[k] = v
        if v == 1:
            for k in h.distinct_keys:
                c[k] = c.get(k, 0) + 1
        for k in h.count_keys:
            c[k] = c.get(k, 0) + 1

    def open_site(
        self, card: int, half: CompiledHalf | None, kind: SiteKind, rules: ForestRules, turn: int
    ) -> int:
        """Add a new site opened by *card* (``half`` None for a sapling); returns its index."""
        got = _OPENERS.get(id(kind))
        if got is None or got[0] is not kind:
            got = _opener(kind)
        idx = got[1](self, card, half, turn)
        if half is not None:
            self._count_opener(kind, half, rules, card)
        return idx

    def _count_sites(self, kind: SiteKind, n: int, face_down: int) -> None:
        """Count *n* more sites of *kind*, *face_down* of them opened by a face-down card."""
        c = self.counts
        for feat in kind.features:
            key = "feature:" + feat
            c[key] = c.get(key, 0) + n
        if kind.is_tree:
            c["trees"] = c.get("trees", 0) + n
            c["tree_total"] = c.get("tree_total", 0) + n
            if face_down:
                c["saplings"] = c.get("saplings", 0) + face_down

    def _count_opener(
        self, kind: SiteKind, half: CompiledHalf, rules: ForestRules, card: int
    ) -> None:
        """Count *card*, which opened a site of *kind* face up (its half *half*)."""
        self._count_half(half, rules, card)
        if kind.is_tree:
            keys = _TREE_KEYS.get(half.species)
            if keys is None:
                keys = _TREE_KEYS[half.species] = ("trees_of:" + half.species,
                                                   "tree_cards_of:" + half.species)
            c = self.counts
            c[keys[0]] = c.get(keys[0], 0) + 1
            v = c.get(keys[1], 0) + 1
            c[keys[1]] = v
            if v == 1:
                c["tree_species"] = c.get("tree_species", 0) + 1

    def upgrade_site(self, site: int, card: int, kind: SiteKind, turn: int) -> None:
        """Tuck *card* face down under *site*, which becomes a site of *kind*."""
        s = self.sites[site]
        old = s.kind
        was_full = s.is_full
        for feat in kind.features - old.features:
            self._inc("feature:" + feat)
        s.kind = kind
        s.slots = {sd.name: s.slots.get(sd.name, NO_CARDS) for sd in kind.slots}
        s.filled = sum(1 for v in s.slots.values() if v)
        self._reindex_empty(site)
        self.open_mask = mask_of(self.open)
        if was_full != s.is_full:
            self._inc("full_sites", 1 if s.is_full else -1)
        s.under.append(card)
        self.where[card] = (site, "under", -1)
        self.order.append(card)
        self.placed_turn[card] = turn

    def _reindex_empty(self, site: int) -> None:
        """Rebuild the :attr:`empty` entries of *site* (its kind or slots changed)."""
        s = self.sites[site]
        for lst in self.empty.values():
            lst[:] = [x for x in lst if x[0] != site]
        ents = site_entries(s.kind, site)
        for i, sd in enumerate(s.kind.slots):
            if s.slots[sd.name]:
                continue
            for pos in sd.accepts:
                lst = self.empty.setdefault(pos, [])
                lst.append(ents[i])
                lst.sort()

    def attach(
        self, card: int, half_index: int, half: CompiledHalf, site: int, slot: str,
        rules: ForestRules, turn: int,
    ) -> None:
        """Put *card* (its half *half_index*) into *slot* of *site*."""
        s = self.sites[site]
        cards = s.slots[slot]
        if not cards:
            sd = s.kind.slot(slot)
            key = (site, s.kind.slots.index(sd))  # its entries' place: they sort by it
            for pos in sd.accepts:
                lst = self.empty[pos]
                at = bisect_left(lst, key)
                if at == len(lst) or lst[at][0] != site or lst[at][2] != slot:
                    raise ValueError(f"slot {slot!r} of site {site} is not in the index")
                del lst[at]
                if not lst:
                    self.open_mask &= ~POSITION_BITS[pos]
            s.filled += 1
            if s.filled == len(s.slots):
                self._inc("full_sites")
        s.slots[slot] = [*cards, card]  # (the first card makes the slot's list)
        self.where[card] = (site, slot, half_index)
        self.order.append(card)
        self.placed_turn[card] = turn
        c = self.counts
        k = s.kind.role_keys[slot]
        c[k] = c.get(k, 0) + 1
        self._count_half(half, rules, card)
        extra = rules.extra_trees.get(half.species, 0)
        if extra and s.kind.is_tree:  # only a tree counts as more trees (not a shrub, a river)
            s.extra_trees += extra
            self._inc("tree_total", extra)
            if s.species is not None:
                self._inc("trees_of:" + s.species, extra)

    def _copy_from(self, f: Forest) -> None:
        self.sites = [s.copy() for s in f.sites]
        self.where = dict(f.where)
        self.counts = dict(f.counts)
        self.order = list(f.order)
        self.placed_turn = dict(f.placed_turn)
        self.open_mask = f.open_mask
        self.empty = {p: list(v) for p, v in f.empty.items()}
        self.triggers = list(f.triggers)

    def copy(self) -> Forest:
        """An independent copy."""
        return Forest(self)

    def snapshot(self) -> tuple[object, ...]:
        """A comparable value of the forest's visible content."""
        sites = tuple(
            (s.card, s.kind.id, tuple((k, tuple(v)) for k, v in s.slots.items()),
             tuple(s.under))
            for s in self.sites
        )
        return (*sites, tuple(sorted(self.where.items())))

    # -- building a whole forest at once (forest documents) -------------------------

    def add_sites(self, sites: Sequence[PlannedSite], rules: ForestRules, turn: int = 0) -> None:
        """Open every site of *sites* in this empty forest, with the cards of its slots: the
        forest, counters and index of empty slots that :meth:`open_site` for each site in
        turn, followed by :meth:`attach` of its cards in order, would give, with the slots'
        bookkeeping done once per site kind and once per filled slot instead of per slot.
        A site is (card, half or None for a sapling, kind, its cards as (card, half index,
        half, slot name)). No site is upgraded (use :meth:`upgrade_site` for that)."""
        if self.sites:
            raise ValueError("add_sites builds an empty forest")
        kinds: dict[int, _KindRun] = {}
        run: _KindRun | None = None
        for idx, (card, half, kind, cards) in enumerate(sites):
            if run is None or kind is not run.kind:
                run = kinds.get(id(kind))
                if run is None:
                    run = kinds[id(kind)] = _KindRun(kind)
            site = self._open_planned(idx, card, half, run, rules)
            if cards:
                self._attach_planned(idx, site, cards, run, rules)
        placed = self.placed_turn
        for cd in self.order:
            placed[cd] = turn
        self._index_planned(kinds.values())
        self.open_mask = mask_of(self.open)

    def _open_planned(self, idx: int, card: int, half: CompiledHalf | None, run: _KindRun,
                      rules: ForestRules) -> Site:
        """:meth:`add_sites`: open site *idx* of *run*'s kind with *card* (what
        :func:`_new_site` makes, without its call)."""
        slots: dict[str, SlotCards] = {}
        for name in run.names:
            slots[name] = NO_CARDS
        run.at.append(idx)
        self.order.append(card)
        if half is None:
            site = Site(card, run.kind, None, None, slots)
            self.where[card] = (idx, "center", -1)
            run.face_down += 1
        else:
            site = Site(card, run.kind, half.species, half.symbol, slots)
            self.where[card] = (idx, "center", 0)
            self._count_opener(run.kind, half, rules, card)
        self.sites.append(site)
        return site

    def _attach_planned(self, idx: int, site: Site, cards: Sequence[PlannedCard],
                        run: _KindRun, rules: ForestRules) -> None:
        """:meth:`add_sites`: attach's counting for the *cards* of site *idx* (its empty
        slots are indexed once every site is open)."""
        slots = site.slots
        roles = run.roles
        c = self.counts
        extra_trees = rules.extra_trees
        for cd, hi, h, slot in cards:
            held = slots[slot]
            if not held:
                site.filled += 1
                if site.filled == len(slots):
                    c["full_sites"] = c.get("full_sites", 0) + 1
                run.filled.add((idx, slot))
            slots[slot] = [*held, cd]
            self.where[cd] = (idx, slot, hi)
            self.order.append(cd)
            role = roles[slot]
            c[role] = c.get(role, 0) + 1
            self._count_half(h, rules, cd)
            extra = extra_trees.get(h.species, 0)
            if extra and run.kind.is_tree:
                site.extra_trees += extra
                self._inc("tree_total", extra)
                if site.species is not None:
                    self._inc("trees_of:" + site.species, extra)

    def _index_planned(self, runs: Iterable[_KindRun]) -> None:
        """:meth:`add_sites`: count the sites of each kind and index their empty slots, by
        site, then slot: the order :meth:`open_site` keeps."""
        empty = self.empty
        lists: dict[Position, int] = {}  # position -> the runs of entries put in its list
        for run in runs:
            kind, at, full = run.kind, run.at, run.filled
            self._count_sites(kind, len(at), run.face_down)
            entries = entries_of(kind, at)
            for i, sd in enumerate(kind.slots):
                name = sd.name
                rows = [e[i] for e in entries if not full or (e[i][0], name) not in full]
                for pos in sd.accepts:
                    lists[pos] = lists.get(pos, 0) + 1
                    e = empty.get(pos)
                    if e is None:
                        empty[pos] = list(rows)
                    else:
                        e.extend(rows)
        for pos, k in lists.items():
            if k > 1:
                empty[pos].sort()


class _KindRun:
    """The sites of one kind :meth:`Forest.add_sites` opens: the kind, its slot names, each
    slot's ``slot:`` counter by name, the sites' indexes, how many opened
    face down, and the (site, slot) pairs its cards filled."""

    __slots__ = ("at", "face_down", "filled", "kind", "names", "roles")

    def __init__(self, kind: SiteKind) -> None:
        self.kind = kind
        self.names = tuple(sd.name for sd in kind.slots)
        self.roles = {sd.name: "slot:" + sd.role_name for sd in kind.slots}
        self.at: list[int] = []
        self.face_down = 0
        self.filled: set[tuple[int, str]] = set()
