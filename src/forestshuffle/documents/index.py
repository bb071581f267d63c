"""What reading a forest document looks up in a ruleset, made once per compiled ruleset, and
the first walk over a document (its nesting and how many cards it names).

The reader (:mod:`forestshuffle.documents.reader`) keeps one :class:`DocumentIndex` per
compiled ruleset in ``rules.derived``: species by name, each species' sides and physical
cards, the site features, each site kind's slots by group, and what it has worked out once
for a species in a slot group or a card on a side, so a document pays for each look-up at
most once per ruleset, not once per card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from forestshuffle.core.cards import Position
from forestshuffle.core.layouts import SiteKind, SlotDef
from forestshuffle.safety import MAX_DEPTH, InputError, check_depth

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset


class DocumentIndex:
    """The look-ups of reading documents of one compiled ruleset (see the module)."""

    def __init__(self, rules: Ruleset) -> None:
        self._index_names(rules)
        #: the tree symbols of the card set
        self.symbols = frozenset(rules.symbols)
        self.sides: dict[str, set[Position]] = {}
        order = {sym: i for i, sym in enumerate(rules.symbols)}
        #: (species, position) -> [(symbol order, card, symbol)], sorted
        self.cards: dict[tuple[str, Position], list[tuple[int, int, str | None]]] = {}
        #: (card, species, position) -> the index of that half among the card's halves
        self.half_index: dict[tuple[int, str, Position], int] = {}
        for c, halves in rules.halves.items():
            for hi, h in enumerate(halves):
                self.sides.setdefault(h.species, set()).add(h.position)
                self.cards.setdefault((h.species, h.position), []).append(
                    (order.get(h.symbol or "", 99), c, h.symbol))
                self.half_index.setdefault((c, h.species, h.position), hi)
        for v in self.cards.values():
            v.sort()
        #: (species, position, symbol or None) -> the cards that fit, in ``cards`` order
        self.candidates: dict[tuple[str, Position, str | None], list[int]] = {}
        #: species -> its physical cards
        self.copies_of: dict[str, set[int]] = {}
        for (sid, _), v in self.cards.items():
            self.copies_of.setdefault(sid, set()).update(c for _, c, _ in v)
        #: the features of the site kinds in use, sorted
        self.features = sorted({f for k in rules.used_site_kinds.values() for f in k.features})
        #: site kind id -> its slots by group name, in the kind's order
        self.groups: dict[str, dict[str, list[SlotDef]]] = {}
        for kind in rules.site_kinds.values():
            groups: dict[str, list[SlotDef]] = {}
            for sd in kind.slots:
                groups.setdefault(sd.group_name, []).append(sd)
            self.groups[kind.id] = groups
        #: (site kind id, keys naming the site's head) -> every key such a site may have
        self.site_keys: dict[tuple[str, tuple[str, ...]], frozenset[Any]] = {}
        #: (site kind id, group, species) -> the (slot, side) pairs that take the species
        #: in that group, in the group's order (found fitting once; misfits are not kept)
        self.takes: dict[tuple[str, str, str], list[tuple[SlotDef, Position]]] = {}
        #: a bare sapling as documents write it (every slot group an empty list): a site
        #: of a plain-shaped document equal to it is one (never hand it out)
        self.bare_sapling: dict[str, Any] | None = None
        if rules.sapling_kind is not None:
            self.bare_sapling = {"sapling": True,
                                 **dict.fromkeys(self.groups[rules.sapling_kind.id], None)}
            for group in self.groups[rules.sapling_kind.id]:
                self.bare_sapling[group] = []
        #: species -> the site kind its card opens in this ruleset
        self.kind_of: dict[str, SiteKind] = {
            sid: rules.site_kinds[rules.site_kind_of(sp.site_kind or "")]
            for sid, sp in rules.species.items()
            if rules.site_kind_of(sp.site_kind or "") in rules.site_kinds}

    def _index_names(self, rules: Ruleset) -> None:
        """``by_name`` and ``exact``: the species by the names documents write, in any
        installed language."""
        from forestshuffle.i18n import book_of, fold

        book = self.book = book_of(rules)
        #: species by folded name (:func:`~forestshuffle.i18n.fold`: NFKC, case-folded) in
        #: any installed language: id, display name, alias, id without its prefix
        self.by_name: dict[str, str] = {
            n: next(iter(ids)) for n, ids in book.species_by_name.items() if len(ids) == 1}
        #: the same species by the names as the tables write them (what documents usually
        #: hold), each mapped as ``by_name`` maps its folded form
        self.exact: dict[str, str] = {}
        names = [(sid, sp.name, *sp.aliases, sid.split(".", 1)[-1])
                 for sid, sp in rules.species.items()]
        names += [(n.name, *n.aliases) for (_, section, key), n in book.names.items()
                  if section == "species" and key in rules.species]
        for forms in names:
            for n in forms:
                for form in (n, n.lower()):
                    got = self.by_name.get(fold(form))
                    if got is not None:
                        self.exact[form] = got

    def allowed_keys(self, kind_id: str, head_keys: tuple[str, ...]) -> frozenset[Any]:
        """The keys a site of kind *kind_id* opened by *head_keys* may have."""
        key = (kind_id, head_keys)
        got = self.site_keys.get(key)
        if got is None:
            got = self.site_keys[key] = frozenset((*self.groups[kind_id], *head_keys))
        return got

    def fitting(self, sid: str, position: Position, symbol: str | None) -> list[int]:
        """The physical cards showing *sid* on *position* (with *symbol*, when given)."""
        key = (sid, position, symbol)
        got = self.candidates.get(key)
        if got is None:
            got = self.candidates[key] = [
                c for _, c, sym in self.cards.get((sid, position), ())
                if symbol is None or sym == symbol]
        return got


def index_of(rules: Ruleset) -> DocumentIndex:
    """The :class:`DocumentIndex` of *rules*, made on first use and kept in
    ``rules.derived``."""
    index: DocumentIndex | None = rules.derived.get("document_reader")
    if index is None:
        index = rules.derived["document_reader"] = DocumentIndex(rules)
    return index


# -- the first walk ---------------------------------------------------------------------------

_PLAIN = frozenset({str, int, float, bool, type(None)})


def _nested(value: Any, depth: int) -> None:
    """:func:`~forestshuffle.safety.check_depth` for a part of a document that sits at
    *depth* in it (the document itself is at depth 1), with the document's message."""
    if type(value) in _PLAIN:
        return
    try:
        check_depth(value, MAX_DEPTH + 1 - depth)
    except InputError:
        raise InputError(f"nested more than {MAX_DEPTH} deep") from None

def scan(data: Any) -> int:
    """The cards *data* names at least, its nesting checked: :func:`scan_shape`'s count."""
    return scan_shape(data)[0]


def scan_shape(data: Any) -> tuple[int, bool]:
    """Check that *data* nests at most :data:`~forestshuffle.safety.MAX_DEPTH` deep, as
    :func:`~forestshuffle.safety.check_depth` does (raises :class:`InputError` with its
    message), and count the cards a document names at least: a card per site, and the
    cards listed in its slots, whatever their shape (0 when *data* has no list of players).

    One walk does both: the document's own shape (players, forests, sites, slots, cards) is
    walked level by level, and whatever lies off that shape is checked by ``check_depth``
    from the depth where it sits.

    Returns the count and whether every forest has the plain shape: sites are dicts whose
    values are lists, dicts or JSON's scalars, the lists' cards dicts or scalars, and those
    dicts' values scalars, all of exactly those types (as JSON text gives). In such a
    forest, a site equal to a bare sapling is one (the reader compares sites so).
    """
    if not isinstance(data, Mapping):
        check_depth(data)
        return 0, True
    n = 0
    plain = True
    for key, players in data.items():
        if key != "players" or not isinstance(players, list):
            _nested(players, 2)
            continue
        for pl in players:
            if not isinstance(pl, Mapping):
                _nested(pl, 3)
                continue
            for pkey, forest in pl.items():
                if pkey != "forest" or not isinstance(forest, list):
                    _nested(forest, 4)
                    continue
                n += len(forest)
                for site in forest:
                    cards, site_plain = _scan_site(site)
                    n += cards
                    plain = site_plain and plain
    return n, plain


def _scan_site(site: Any) -> tuple[int, bool]:
    """:func:`scan_shape` of one site: the cards its slots list, and whether it has the
    plain shape."""
    plain = True
    if type(site) is not dict:
        plain = False
        if not isinstance(site, Mapping):
            _nested(site, 5)
            return 0, False
    n = 0
    for cards in site.values():
        if type(cards) is list:  # the common case first: a slot's cards
            if not cards:
                continue
        elif isinstance(cards, list):
            plain = False
        else:
            plain = _scan_opener(cards) and plain
            continue
        n += len(cards)
        plain = _scan_cards(cards) and plain
    return n, plain


def _scan_opener(value: Any) -> bool:
    """Check a site's value that is no list (a card opening the site); whether it is plain."""
    if type(value) is dict:
        plain = True
        for v in value.values():
            if type(v) not in _PLAIN:
                plain = False
                _nested(v, 7)
        return plain
    if type(value) not in _PLAIN:
        _nested(value, 6)
        return False
    return True


def _scan_cards(cards: list[Any]) -> bool:
    """Check the cards a slot lists; whether they are plain."""
    plain = True
    for card in cards:
        if type(card) is dict:
            for v in card.values():
                if type(v) not in _PLAIN:
                    plain = False
                    _nested(v, 8)
        elif type(card) not in _PLAIN:
            plain = False
            _nested(card, 7)
    return plain
