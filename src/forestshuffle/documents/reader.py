"""Reading forest documents: the checks, the sites and slots, and the matching of every
named card to a physical card of the game (see :mod:`forestshuffle.documents.score` for the format
and the scoring)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from forestshuffle.core.cards import Position
from forestshuffle.core.forest import Forest, PlannedSite
from forestshuffle.core.layouts import SiteKind
from forestshuffle.documents.index import scan_shape
from forestshuffle.documents.match import (
    DocumentProblem,
    _check_sharing,
    _Demand,
    _match,
    _Reader,
    _shown,
    _slot_demand,
)
from forestshuffle.errors import ForestShuffleError, OptionError
from forestshuffle.safety import (
    MAX_RECORD_BYTES,
    InputError,
    check_data,
    check_name,
    read_json,
    strict_int,
)

if TYPE_CHECKING:
    from forestshuffle.core.compiled import CompiledHalf
    from forestshuffle.core.game import Game
    from forestshuffle.core.ruleset import Ruleset


SLOT_POSITIONS = {p.value for p in Position if p is not Position.CENTER}
_NEVER = object()  # equal to no site


class DocumentError(ForestShuffleError, ValueError):
    """A forest document has mistakes; ``problems`` lists all of them."""

    def __init__(self, problems: Sequence[DocumentProblem]) -> None:
        self.problems = list(problems)
        from forestshuffle.i18n import gettext

        head = gettext("{n} problem(s) in the document").format(n=len(self.problems))
        super().__init__(head + ":\n" + "\n".join(f"  - {p}" for p in self.problems))



# -- parsing ----------------------------------------------------------------------------------


def _doc_data(doc: Any) -> tuple[Any, tuple[int, bool] | None]:
    """The document's data (JSON text parsed) with its nesting checked, and the cards it
    names at least with whether its forests have the plain shape
    (:func:`~forestshuffle.documents.index.scan_shape`; None for JSON text, whose nesting
    the parser checked: count it with ``scan_shape`` where it is needed)."""
    try:
        if isinstance(doc, str | bytes | bytearray):
            return read_json(doc, limit=MAX_RECORD_BYTES), None
        try:
            check_data(doc)  # Python data: the text reader's limits (nesting, digits) too
        except InputError as exc:
            raise DocumentError([DocumentProblem(_where_huge(doc), f"malformed JSON: {exc}")]) \
                from None
        return doc, scan_shape(doc)
    except InputError as exc:
        raise DocumentError([DocumentProblem("", f"malformed JSON: {exc}")]) from None


def _where_huge(doc: Any) -> str:
    """Where in a document given as Python data the first whole number of too many digits
    lies, as the problems name places (``player 1, cave``); "" when it is not found (data
    nested too deep: the walk stops at the depth limit)."""
    from forestshuffle.safety import MAX_DEPTH, MAX_INT_DIGITS

    big = 10**MAX_INT_DIGITS
    stack: list[tuple[Any, list[str], int]] = [(doc, [], 0)]
    while stack:
        v, path, depth = stack.pop()
        if type(v) is int and not -big < v < big:
            return ", ".join(path)
        if depth >= MAX_DEPTH:
            continue
        if isinstance(v, Mapping):
            stack.extend((x, [*path, str(k)[:40]], depth + 1) for k, x in v.items())
        elif isinstance(v, list | tuple):
            stack.extend((x, [*path, f"{'player' if not path else 'item'} {i + 1}"],
                          depth + 1) for i, x in enumerate(v))
    return ""


def read_document(
    doc: Any, overrides: Any = None
) -> tuple[Ruleset, list[str], list[int], list[Forest], dict[int, str]]:
    """Check a document and build its forests: (rules, names, caves, forests, assumed).

    ``assumed`` maps card numbers whose symbol the document left out to the symbol used.
    Raises DocumentError listing every problem.
    """
    data, shape = _doc_data(doc)
    if is_record(data):
        game = record_game(data, overrides)
        s = game.state
        return game.rules, list(game.names), [len(c) for c in s.caves], s.forests, {}
    return read_parsed(data, shape, overrides)


def is_record(data: Any) -> bool:
    """Whether *data* (parsed) is a game record rather than a forest document."""
    return isinstance(data, Mapping) and data.get("format") == "forestshuffle-record"


def read_parsed(
    data: Any, shape: tuple[int, bool] | None, overrides: Any = None
) -> tuple[Ruleset, list[str], list[int], list[Forest], dict[int, str]]:
    """:func:`read_document` of a document already parsed (see :func:`_doc_data`)."""
    if not isinstance(data, Mapping):
        raise DocumentError([DocumentProblem("", "a document must be a JSON object")])
    rules, problems = _document_ruleset(data, overrides)
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise DocumentError([*problems, DocumentProblem("players", "must be a non-empty list")])
    if len(players) > rules.spec.max_players:
        raise DocumentError([*problems, DocumentProblem(
            "players", f"{len(players)} players; {rules.id!r} is for at most "
                       f"{rules.spec.max_players}")])
    if shape is None:
        shape = scan_shape(data)  # JSON text: nested as allowed, read_json checked that
    named, plain = shape
    if named > len(rules.cards):
        raise DocumentError([*problems, DocumentProblem(
            "", f"the document names {named} cards; the game has only {len(rules.cards)}")])
    r = _Reader(rules)
    r.problems.extend(problems)
    read = _Players(r, plain)
    for pi, pl in enumerate(players):
        read.player(pi, pl)
    demands = read.demands
    _match(r, demands)  # also with other problems: every mistake is reported at once
    #: the cards no demand took, the lowest last: face-down cards are popped lowest first
    free = sorted(set(rules.deck_cards) - {d.card for d in demands}, reverse=True)
    if not r.problems and read.face_down > len(free):
        r.problem("", f"{read.face_down} face-down cards (saplings, generic sites) need more "
                      "cards than the game has left")
    if r.problems:
        raise DocumentError(r.problems)
    forests, assumed = _build_forests(r, read.layouts, read.caves, free)
    return rules, read.names, read.caves, forests, assumed


def _document_ruleset(data: Mapping[Any, Any],
                      overrides: Any) -> tuple[Ruleset, list[DocumentProblem]]:
    """The ruleset a document names (its game, expansions, options and overrides, or
    *overrides* when given), and the problems of its top level found so far; DocumentError
    when no ruleset can be made."""
    from forestshuffle.plugins.manager import get_ruleset

    problems: list[DocumentProblem] = []
    extra = set(data) - {"game", "players", "overrides", "expansions", "options"}
    if extra:
        problems.append(DocumentProblem("", f"unknown key(s) {_shown(sorted(map(str, extra)))}"))
    game_id = data.get("game")
    if overrides is None and "overrides" in data:
        overrides = data["overrides"]
        if not isinstance(overrides, Mapping):
            raise DocumentError([*problems, DocumentProblem(
                "overrides", "must be an inline table of overrides (a document never names a "
                "file; pass a file as overrides= or --overrides)")])
    expansions = data.get("expansions", [])
    if type(expansions) is not list or not all(type(e) is str for e in expansions):
        raise DocumentError([*problems, DocumentProblem(
            "expansions", "must be a list of expansion ids (e.g. [\"alpine\"])")])
    options = data.get("options")
    if options is not None and (type(options) is not dict or
                                not all(type(k) is str for k in options)):
        raise DocumentError([*problems, DocumentProblem(
            "options", "must be a table of option names and values")])
    try:
        rules = get_ruleset(game_id, overrides, options=options, expansions=expansions) \
            if isinstance(game_id, str) else None
    except OptionError as exc:
        raise DocumentError([*problems, DocumentProblem(
            "options" if options and "option" in str(exc) else "expansions", str(exc))]) \
            from None
    except ForestShuffleError as exc:
        raise DocumentError([*problems, DocumentProblem("game", str(exc))]) from None
    if rules is None:
        raise DocumentError([*problems, DocumentProblem("game", "missing game id (e.g. \"base\")")])
    return rules, problems


#: a site as read: what opens it (None: a face-down card), its kind, its slots' cards
_ReadSite = tuple["_Demand | None", SiteKind, dict[str, list["_Demand"]]]


class _Players:
    """The players of a document as they are read: names, caves, each forest's sites, the
    cards the sites demand, and how many face-down cards they hold."""

    def __init__(self, r: _Reader, plain: bool) -> None:
        self.r = r
        index = r.index
        sapling = self.sapling = r.rules.sapling_kind
        #: the keys of a sapling site (not "tree": a site is a tree or a sapling)
        self.sapling_keys = index.allowed_keys(sapling.id, ("sapling",)) - {"tree"} \
            if sapling is not None else frozenset()
        #: a plain-shaped site equal to it is a bare sapling (its values can only be lists,
        #: dicts and JSON's scalars, so the empty lists it holds are empty lists)
        bare: Any = index.bare_sapling if plain and index.bare_sapling is not None else _NEVER
        self.bare = bare
        self.bare_site: _ReadSite = (None, sapling, {})  # type: ignore[assignment]
        #: a plain-shaped site of that many keys that is not ``bare`` is no bare sapling
        self.fewer = len(bare) if bare is not _NEVER else 1 << 62
        self.names: list[str] = []
        self.caves: list[int] = []
        self.layouts: list[list[_ReadSite]] = []
        self.demands: list[_Demand] = []
        self.face_down = 0

    def player(self, pi: int, pl: Any) -> None:
        """Read player *pi*'s entry *pl*: name, cave and forest."""
        r = self.r
        pw = f"player {pi + 1}"
        if not isinstance(pl, Mapping):
            r.problem(pw, "must be an object with name, cave and forest")
            self.names.append(f"Player {pi + 1}")
            self.caves.append(0)
            self.layouts.append([])
            return
        name = pl.get("name", f"Player {pi + 1}")
        why = check_name(name)
        if why is not None:
            r.problem(pw, f"bad name {_shown(name)}: {why}")
            name = f"Player {pi + 1}"
        pw = f"player {pi + 1} ({name})"
        self.names.append(name)
        extra = set(pl) - {"name", "cave", "forest"}
        if extra:
            r.problem(pw, f"unknown key(s) {_shown(sorted(map(str, extra)))}")
        cave = pl.get("cave", 0)
        ncards = len(r.rules.cards)
        if not strict_int(cave) or not 0 <= cave <= ncards:
            r.problem(f"{pw}, cave", f"must be a whole number from 0 to {ncards} "
                                     f"(the cards of the game), not {_shown(cave)}")
            cave = 0
        self.caves.append(cave)
        forest = pl.get("forest", [])
        if not isinstance(forest, list):
            r.problem(f"{pw}, forest", "must be a list of sites")
            forest = []
        sites: list[_ReadSite] = []
        for si, site in enumerate(forest):
            read = self.site(site, f"{pw}, site {si}", pi, si)
            if read is not None:
                sites.append(read)
        self.layouts.append(sites)

    def site(self, site: Any, sw: str, pi: int, si: int) -> _ReadSite | None:
        """Site *si* of player *pi* as read (None: it has a problem that leaves it out)."""
        if site == self.bare and site["sapling"] is True:
            self.face_down += 1  # what the general reading below makes of a bare sapling
            return self.bare_site
        if self.sapling is not None and type(site) is dict and len(site) < self.fewer \
                and site.get("sapling") is True and site.keys() <= self.sapling_keys \
                and _no_cards(site):
            self.face_down += 1  # a bare sapling written otherwise (slots left out...)
            return self.bare_site
        r = self.r
        if type(site) is not dict and not isinstance(site, Mapping):
            r.problem(sw, "a site must be an object")
            return None
        got_head = _site_head(r, site, sw, pi, si)
        if got_head is None:
            return None
        head, kind, head_keys = got_head
        if isinstance(head, _Demand):
            self.demands.append(head)
            if kind is not r.index.kind_of[head.species]:
                self.face_down += 1  # the card tucked under the upgraded site
        else:
            self.face_down += 1  # a face-down card opens the site
        groups = r.index.groups[kind.id]
        if not site.keys() <= r.index.allowed_keys(kind.id, head_keys):
            unknown = [k for k in site if k not in groups and k not in head_keys]
            r.problem(sw, f"unknown slot(s) {_shown(sorted(map(str, unknown)))} "
                          f"(slots: {sorted(groups)})")
        opener = head if isinstance(head, _Demand) else None
        return opener, kind, self.slots(site, sw, (pi, si), kind, opener)

    def slots(self, site: Mapping[Any, Any], sw: str, at: tuple[int, int], kind: SiteKind,
              head: _Demand | None) -> dict[str, list[_Demand]]:
        """The cards of each slot of *site* (player and site *at*), checked against the
        slots' sharing rules."""
        r = self.r
        slots: dict[str, list[_Demand]] = {}
        checks: list[tuple[list[_Demand], str, str]] = []
        for group, sds in r.index.groups[kind.id].items():
            if group not in site:
                continue  # no cards there: nothing to place or check
            cards = site[group]
            if not isinstance(cards, list):
                cards = [cards]
            elif not cards:
                continue
            placed: dict[str, list[_Demand]] = {}
            for sd in sds:  # a loop costs less than a comprehension here
                placed[sd.name] = []
            for ci, raw in enumerate(cards):
                cw = (sw, group, ci)
                got = r.card(raw, cw, sds)
                if got is None:
                    continue
                d = _slot_demand(r, got, kind.id, group, placed, cw, at)
                if d is not None:
                    self.demands.append(d)
            for sd in sds:
                if len(placed[sd.name]) > 1:  # one card alone always may
                    checks.append((placed[sd.name], group, f"{sw}, {group}"))
            slots.update(placed)
        if checks:  # slots holding more than one card
            _check_shared_slots(r, slots, head, checks)
        return slots


def _check_shared_slots(r: _Reader, slots: dict[str, list[_Demand]], head: _Demand | None,
                        checks: list[tuple[list[_Demand], str, str]]) -> None:
    """Check each slot of *checks* (its cards, group, where) holding more than one card
    against the sharing rules, those the site's cards host included."""
    rules = r.rules
    here = {d.species for ds in slots.values() for d in ds}
    if head is not None:
        here.add(head.species)
    hosted = [rules.site_sharing[x] for x in here if x in rules.site_sharing]
    for ds, group, where in checks:
        _check_sharing(r, ds, where, [h for h in hosted if h[0] == group])


def _build_forests(r: _Reader, layouts: list[list[_ReadSite]], caves: list[int],
                   free: list[int]) -> tuple[list[Forest], dict[int, str]]:
    """The forests of the sites read (*free*: the cards face-down ones take, popped), and
    the symbols assumed for the cards written without one."""
    rules = r.rules
    half_index = r.index.half_index
    halves = rules.halves
    site_kinds = rules.site_kinds
    pop = free.pop
    assumed: dict[int, str] = {}
    forests: list[Forest] = []
    for pi, sites in enumerate(layouts):
        planned: list[PlannedSite] = []
        upgrades: dict[int, tuple[int, SiteKind]] = {}  # site -> card tucked under, kind
        for si, (head, kind, slots) in enumerate(sites):
            h: CompiledHalf | None
            if head is None:
                if not slots:
                    planned.append((pop(), None, kind, ()))
                    continue
                card, h, base = pop(), None, kind
            else:
                card = head.card
                h = halves[card][half_index[card, head.species, head.position]]
                base = site_kinds[h.site_kind or ""]
                if base.id != kind.id:
                    upgrades[si] = (pop(), kind)
            cards = []
            for slot, ds in slots.items():
                for d in ds:
                    hi = half_index[d.card, d.species, d.position]
                    half = halves[d.card][hi]
                    cards.append((d.card, hi, half, slot))
                    if d.symbol is None and half.symbol is not None:
                        assumed[d.card] = half.symbol
            planned.append((card, h, base, cards))
        f = Forest()
        if upgrades:
            _play_sites(f, planned, upgrades, rules)
        else:
            f.add_sites(planned, rules)
        f.counts["cave"] = caves[pi]
        forests.append(f)
    return forests, assumed


def _no_cards(site: dict[Any, Any]) -> bool:
    """Whether every value of *site* but one (what opens it) is an empty list."""
    values = list(site.values())
    n = len(values) - 1
    return list(map(type, values)).count(list) == n and values.count([]) == n


def _play_sites(f: Forest, planned: list[PlannedSite],
                upgrades: dict[int, tuple[int, SiteKind]], rules: Ruleset) -> None:
    """Build *f* card by card, as a game does: each site opened, upgraded where *upgrades*
    says (site -> the card tucked under it, the kind it becomes), then its cards attached
    (what :meth:`Forest.add_sites` does at once for forests without upgrades)."""
    for si, (card, h, base, cards) in enumerate(planned):
        f.open_site(card, h, base, rules, 0)
        if si in upgrades:
            f.upgrade_site(si, *upgrades[si], 0)
        for cd, hi, half, slot in cards:
            f.attach(cd, hi, half, si, slot, rules, 0)


#: what opens a site as read: (a demand for its card, or a face-down kind id), its kind,
#: and the keys that named it
_Head = tuple[Any, SiteKind, tuple[str, ...]]


def _site_head(r: _Reader, site: Mapping[str, Any], sw: str, pi: int, si: int) -> _Head | None:
    """What opens the site: (a demand for its card, or a face-down kind id), its kind, and
    the keys that named it. None (with a problem) when it cannot be told."""
    rules = r.rules
    if site.get("sapling") is True:
        if "tree" in site:
            r.problem(sw, "a site is a tree or a sapling, not both")
        if rules.sapling_kind is None:
            r.problem(sw, f"ruleset {rules.id!r} has no saplings")
            return None
        return rules.sapling_kind.id, rules.sapling_kind, ("sapling",)
    if "tree" in site:
        return _tree_head(r, site, sw, pi, si)
    features = r.index.features
    for feat in features:
        value = site.get(feat)
        if isinstance(value, str | Mapping):
            return _feature_head(r, value, feat, sw, pi, si)
    wanted = " or ".join(['"tree": species', '"sapling": true',
                          *(f'"{f}": name or "generic"' for f in features)])
    r.problem(sw, f"a site needs {wanted}")
    return None


def _tree_head(r: _Reader, site: Mapping[str, Any], sw: str, pi: int, si: int) -> _Head | None:
    """A tree site's head: its tree, the kind its features (``true``) upgrade it to."""
    rules = r.rules
    got = r.card(site["tree"], sw)
    if got is None:
        return None
    sid, sym = got
    sp = rules.species[sid]
    if sp.kind != "tree":
        r.problem(sw, f"{sp.name} is not a tree")
        return None
    d = _Demand(sw, pi, si, "center", sid, Position.CENTER, sym)
    kind = r.index.kind_of[sid]
    keys: tuple[str, ...] = ("tree",)
    for feat in r.index.features:
        if feat not in site:
            continue
        keys = (*keys, feat)
        if site[feat] is not True and site[feat] is not False:
            r.problem(sw, f"with a tree, {feat!r} must be true or false")
            return None
        if site[feat] is True:
            up = rules.site_kinds.get(kind.upgrade or "")
            if up is None or feat not in up.features:
                r.problem(sw, f"a {sp.name} cannot have a {feat} in {rules.id!r}")
                return None
            kind = up
    return d, kind, keys


def _feature_head(r: _Reader, value: Any, feat: str, sw: str, pi: int,
                  si: int) -> _Head | None:
    """The head of a site named by its feature *feat*: a ``generic`` one (a face-down card
    of the ruleset's face-down kind with that feature), or a site card."""
    rules = r.rules
    if isinstance(value, str) and len(value) < 20 and value.strip().lower() == "generic":
        for k in rules.spec.face_down_kinds:
            kind = rules.site_kinds[k]
            if feat in kind.features:
                return kind.id, kind, (feat,)
        r.problem(sw, f"ruleset {rules.id!r} has no generic {feat}")
        return None
    got = r.card(value, sw)
    if got is None:
        return None
    sid, sym = got
    sp = rules.species[sid]
    kind_id = rules.site_kind_of(sp.site_kind or "")
    if sp.kind != "site" or feat not in rules.site_kinds[kind_id].features:
        r.problem(sw, f"{sp.name} is not a {feat}")
        return None
    return (_Demand(sw, pi, si, "center", sid, Position.CENTER, sym),
            rules.site_kinds[kind_id], (feat,))


def record_game(data: Mapping[str, Any], overrides: Any = None) -> Game:
    """The game of a record read as a document, loaded with every event checked. A record
    scores with the card facts its game was played with: other *overrides* are refused
    (to score its forests with other card facts, score ``game.forest_document()`` with
    them: a what-if that says so)."""
    from forestshuffle.core.game import Game
    from forestshuffle.errors import RecordError

    if overrides is not None:
        raise DocumentError([DocumentProblem(
            "overrides", "a game record scores with the overrides its game was played with; "
            "to score its forests with other card facts, score the game's forest document "
            "(Game.forest_document()) with them")])
    try:
        return Game.from_record(dict(data))
    except RecordError as exc:
        raise DocumentError([DocumentProblem("record", str(exc))]) from None
