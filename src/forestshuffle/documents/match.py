"""The pieces of the document reader (:mod:`forestshuffle.documents.reader`) that look cards up
and give them places: the problems found, the reader's name lookups, the demand of each named
card for a slot, and the matching of every demand to a physical card of the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from forestshuffle.core.cards import Position
from forestshuffle.core.layouts import SlotDef
from forestshuffle.documents.index import index_of
from forestshuffle.i18n import _, fold, get_language
from forestshuffle.safety import printable

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset

_CARD_KEYS = frozenset({"species", "symbol"})


@attrs.frozen
class DocumentProblem:
    """One mistake in a document: where it is and what is wrong."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


#: where a problem is: the text, or a card's (site's text, slot group, index in the group)
Where = str | tuple[str, str, int]


@attrs.define
class _Demand:
    where: Where
    player: int
    site: int
    slot: str
    species: str
    position: Position
    symbol: str | None
    card: int = -1


class _Reader:
    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.problems: list[DocumentProblem] = []
        index = self.index = index_of(rules)
        self.by_name = index.by_name
        self.exact = index.exact
        self.symbols = index.symbols
        #: display names (and aliases) that name more than one species: ids only
        self.shared = index.book.shared
        self.sides = index.sides
        self.cards = index.cards

    def problem(self, where: Where, message: str) -> None:
        if isinstance(where, tuple):  # a card's place, written out only for a problem
            where = f"{where[0]}, {where[1]}[{where[2]}]"
        self.problems.append(DocumentProblem(where, message))

    def species(self, name: Any, where: Where, slots: Sequence[SlotDef] = (),
                symbol: str | None = None) -> str | None:
        """The species *name* names; a name several species share (two boxes' Squeakers)
        is the one species that prints a half on a side *slots* accept, with *symbol* when
        given (a problem naming the ids when that does not settle it)."""
        if not isinstance(name, str) or not name.strip():
            self.problem(where, _("a card must be a species name, not {value}").format(
                value=_shown(name)))
            return None
        key = fold(name)
        sid = self.by_name.get(key)
        if sid is None and key in self.shared:
            return self._shared(name, where, slots, symbol)
        if sid is None:
            close = self.index.book.suggest(name)
            hint = _(" (did you mean {names}?)").format(
                names=", ".join(repr(c) for c in close)) if close else ""
            self.problem(where, _("unknown species {name}").format(name=_shown(name)) + hint)
        return sid

    def _shared(self, name: str, where: Where, slots: Sequence[SlotDef],
                symbol: str | None) -> str | None:
        """The one species of those sharing *name* with a card that fits *slots* (a side
        they accept) and shows *symbol* there (any symbol when None), or None with a
        problem naming the ids that still fit (all of them when none does)."""
        ids = self.shared[fold(name)]
        sides = {p for sd in slots for p in sd.accepts}
        fit = [sid for sid in ids if any(
            symbol is None or sym == symbol
            for p in sides for _, _, sym in self.cards.get((sid, p), ()))]
        if len(fit) == 1:
            return fit[0]
        shown, listed = _shown(name), ", ".join(ids)
        if not slots:
            said = _("{name} names more than one species in this game ({ids}): write the "
                     "species id").format(name=shown, ids=listed)
        elif fit and symbol is None:
            said = _("{name} names more than one species in this game, and {n} of them show "
                     "on this side ({ids}): write the species id").format(
                name=shown, n=len(fit), ids=", ".join(fit))
        elif fit:
            said = _("{name} names more than one species in this game, and {n} of them show "
                     "on this side with symbol {symbol} ({ids}): write the species id").format(
                name=shown, n=len(fit), symbol=repr(symbol), ids=", ".join(fit))
        elif symbol is None:
            said = _("{name} names more than one species in this game ({ids}), and none of "
                     "them shows on this side: write the species id").format(
                name=shown, ids=listed)
        else:
            said = _("{name} names more than one species in this game ({ids}), and none of "
                     "them shows on this side with symbol {symbol}: write the species id"
                     ).format(name=shown, ids=listed, symbol=repr(symbol))
        self.problem(where, said)
        return None

    def card(self, raw: Any, where: Where,
             slots: Sequence[SlotDef] = ()) -> tuple[str, str | None] | None:
        """A card of a document (a name, or ``{"species": ..., "symbol": ...}``): its species
        and the symbol given; *slots*: the slot group it is in, which may tell which species
        a shared name is."""
        symbol = None
        if type(raw) is dict or isinstance(raw, Mapping):
            if not raw.keys() <= _CARD_KEYS:
                extra = set(raw) - _CARD_KEYS
                self.problem(where, _("unknown key(s) {keys} in a card").format(
                    keys=sorted(extra)))
            symbol = raw.get("symbol")
            if isinstance(symbol, str) and symbol not in self.symbols:
                found = self.index.book.find_symbol(symbol)  # in another language
                symbol = found[0] if len(found) == 1 else symbol
            if symbol is not None and (not isinstance(symbol, str) or
                                       symbol not in self.symbols):
                lang = get_language()
                known = ", ".join(self.index.book.symbol(s, lang) for s in self.rules.symbols)
                self.problem(where, _("unknown tree symbol {value} (known: {known})").format(
                    value=_shown(symbol), known=known))
                return None
            raw = raw.get("species")
        sid = self.exact.get(raw) if type(raw) is str else None
        if sid is None:
            sid = self.species(raw, where, slots, symbol)
        return None if sid is None else (sid, symbol)


def _shown(value: Any) -> str:
    """*value* for a message: its repr, terminal-safe and at most 60 characters."""
    text = printable(repr(value))
    return text if len(text) <= 60 else text[:57] + "..."


def _slot_demand(
    r: _Reader, got: tuple[str, str | None], kind_id: str, group: str,
    placed: dict[str, list[_Demand]], cw: Where, at: tuple[int, int],
) -> _Demand | None:
    """Put one card into the first slot of its group that takes it (*at*: the player and
    site)."""
    pi, si = at
    sid, sym = got
    takes = r.index.takes.get((kind_id, group, sid))
    if takes is None:
        takes = _takes(r, sid, kind_id, group, cw)
        if takes is None:
            return None
    for sd, pos in takes:
        here = placed[sd.name]
        if not here or (sid in r.rules.sharing and all(
                x.species in r.rules.share_kin.get(sid, (sid,)) for x in here)):
            d = _Demand(cw, pi, si, sd.name, sid, pos, sym)
            here.append(d)
            return d
    # every slot of the group is taken: put it with the first so the sharing check reports it
    sd, pos = takes[0]
    d = _Demand(cw, pi, si, sd.name, sid, pos, sym)
    placed[sd.name].append(d)
    return d


def _takes(
    r: _Reader, sid: str, kind_id: str, group: str, cw: Where
) -> list[tuple[SlotDef, Position]] | None:
    """The (slot, side) pairs of slot group *group* of site kind *kind_id* that take species
    *sid*, in the group's order, kept in the index; None, with a problem at *cw*, when none
    does."""
    rules = r.rules
    sds = r.index.groups[kind_id][group]
    sp = rules.species[sid]
    sides = r.sides.get(sid, set())
    if Position.CENTER in sides:
        what = "a tree: it opens a site" if sp.kind == "tree" else "a site card: it opens a site"
        r.problem(cw, f"{sp.name} cannot go in a {group} slot (it is {what}, as \"tree\")"
                  if sp.kind == "tree" else
                  f"{sp.name} cannot go in a {group} slot (it is {what} of its own)")
        return None
    fitting = [(sd, p) for sd in sds for p in sd.accepts if p in sides]
    if not fitting:
        shown = ", ".join(sorted(p.value for p in sides))
        r.problem(cw, f"{sp.name} cannot go in a {group} slot (it shows on: {shown})")
        return None
    takes = [(sd, p) for sd, p in fitting if sd.takes(p, sp.needs, sp.tags)]
    if not takes:
        sd = fitting[0][0]
        if not sp.needs <= sd.offers:
            why = f"it needs {', '.join(sorted(sp.needs - sd.offers))}, which this slot lacks"
        elif sd.exclusive and not sp.needs & sd.offers:
            why = f"only cards needing {', '.join(sorted(sd.offers))} go there"
        else:
            why = f"only {', '.join(sorted(sd.tags))} go there"
        r.problem(cw, f"{sp.name} cannot go in this {group} slot ({why})")
        return None
    r.index.takes[kind_id, group, sid] = takes
    return takes


def _check_sharing(r: _Reader, ds: list[_Demand], where: str,
                   hosted: Sequence[tuple[str, str, int | None]] = ()) -> None:
    """The cards of one slot may be there together: one species that shares a slot, or cards
    with the tag a card of the site hosts sharing for (*hosted*: (group, tag, most))."""
    if len(ds) <= 1:
        return
    rules = r.rules
    for _group, tag, mx in hosted:
        if all(tag in rules.species[d.species].tags for d in ds) and (
                mx is None or len(ds) <= mx):
            return
    species = {d.species for d in ds}
    sid = ds[0].species
    # species whose slot rule names each other (``with``) share as one
    kin = species <= rules.share_kin.get(sid, {sid}) and all(
        s in rules.sharing and sid in rules.share_kin.get(s, ()) for s in species)
    if len(species) > 1 and not kin:
        r.problem(where, "only cards of one species may share a slot, found "
                  + ", ".join(sorted(rules.species[s].name for s in species)))
        return
    if sid not in rules.sharing:
        r.problem(where, f"{rules.species[sid].name} cannot share a slot ({len(ds)} given)")
        return
    mx = rules.sharing[sid]
    if mx is not None and len(ds) > mx:
        r.problem(where, f"at most {mx} {rules.species[sid].name} may share a slot "
                         f"({len(ds)} given)")


def _match(r: _Reader, demands: list[_Demand]) -> None:
    """Give every demand its own physical card (bipartite matching)."""
    cands = _candidates(r, demands)
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for c in cands[i]:  # a free card first: keeps the preferred symbols
            if c not in owner:
                owner[c] = i
                return True
        for c in cands[i]:
            if c in seen:
                continue
            seen.add(c)
            if c not in owner or augment(owner[c], seen):
                owner[c] = i
                return True
        return False

    for i, cs in enumerate(cands):
        for c in cs:  # a free card: what augment takes first, without its call
            if c not in owner:
                owner[c] = i
                break
        else:
            if cs and not augment(i, set()):  # no candidates: reported above
                _unmatched(r, demands, i, len(cs))
    for c, i in owner.items():
        demands[i].card = c


def _candidates(r: _Reader, demands: list[_Demand]) -> list[list[int]]:
    """The cards each demand may take, a problem for each that none fits."""
    rules = r.rules
    cands: list[list[int]] = []
    fitting = r.index.fitting
    known = r.index.candidates
    for d in demands:
        cs = known.get((d.species, d.position, d.symbol))
        if cs is None:
            cs = fitting(d.species, d.position, d.symbol)
        if not cs:
            name = rules.species[d.species].name
            if d.symbol is not None:
                shown = dict.fromkeys(sym for _, _, sym in r.cards.get((d.species, d.position), ()))
                r.problem(d.where, f"no {name} card shows the symbol {d.symbol!r} on that side "
                                   f"({d.position.value} halves show: "
                                   f"{', '.join(str(x) for x in shown)})")
            else:  # pragma: no cover - sides were checked before
                r.problem(d.where, f"no {name} card fits there")
        cands.append(cs)
    return cands


def _unmatched(r: _Reader, demands: list[_Demand], i: int, fitting: int) -> None:
    """The problem of demand *i*, which none of its *fitting* cards is left for."""
    d = demands[i]
    name = r.rules.species[d.species].name
    total = sum(1 for x in demands if x.species == d.species)
    copies = len(r.index.copies_of.get(d.species, ()))
    if total > copies:
        r.problem(d.where, f"more {name} cards than the game has ({total} in "
                           f"the document, {copies} in the game)")
    else:
        fit = f"{d.position.value} half" + (
            f" with symbol {d.symbol}" if d.symbol else "")
        r.problem(d.where, f"no {name} card ({fit}) is left for this place: the "
                           f"game's {fitting} such card(s) are all used by "
                           f"other cards of the document (a split card shows "
                           f"one half only)")
