"""Card-data overrides: correct card facts without editing a plugin.

An override file (TOML or JSON) or mapping has two optional tables::

    [cards.71]                       # a card number
    halves = [{species = "smoky.turkey", position = "right", symbol = "Hemlock"},
              {species = "smoky.mink", position = "left", symbol = "Buckeye"}]
    # or only the symbols, half by half:  symbols = ["Hemlock", "Buckeye"]

    [species."smoky.bobcat"]          # a species id
    effect = [{kind = "free_play", args = {filter = {tag = "bird"}}}]
    cost = 3                          # also: bonus, triggers, score, tags, needs,
                                      # sharing (a slot rule: {kind = "shares_slot", ...})

    [names.ja."base.silver_fir"]     # names per language (species id or tree symbol)
    aliases = ["もみの木"]              # more names input accepts; name = "..." renames

Overrides are applied when the ruleset is compiled and validated like plugin data: a bad
entry raises :class:`~forestshuffle.errors.CardDataError` naming ``overrides``, the card or
species and the field. Games record their overrides, so a saved game loads with them.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import cattrs

from forestshuffle.core.cards import Card, CardSet, Half, Position, Spec, Species
from forestshuffle.errors import CardDataError
from forestshuffle.safety import (
    MAX_DEPTH,
    MAX_OVERRIDES_BYTES,
    InputError,
    check_depth,
    decode,
    printable,
    read_file,
    read_json,
)

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset

PLUGIN = "overrides"
_SPEC_FIELDS = {"effect", "bonus", "triggers", "score"}
#: At most this many specs in one field of a species (``score``, ``effect``...): with the
#: size of an override table (:data:`~forestshuffle.safety.MAX_OVERRIDES_BYTES`, inline
#: tables too) it bounds the work of checking one.
MAX_SPECS = 16


def load_overrides(source: str | Path | Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Read overrides from a ``.toml``/``.json`` file path or take a mapping; None for none.

    A path is read only from a regular file of at most
    :data:`~forestshuffle.safety.MAX_OVERRIDES_BYTES` bytes of UTF-8 text; pass one only from
    your own arguments (documents and records hold inline mappings only). Errors are
    CardDataError naming ``overrides``; a file's contents never appear in them.
    """
    if source is None:
        return None
    if isinstance(source, Mapping):
        # a plain JSON copy, read back within the limits of a file's (and a record's): size,
        # nesting, digits of a number; the work on it is bounded so
        try:
            check_depth(source)
            text = json.dumps(source, allow_nan=False, ensure_ascii=False)
            data: Any = read_json(text, limit=MAX_OVERRIDES_BYTES)
        except (InputError, TypeError, ValueError, RecursionError) as exc:
            raise CardDataError(PLUGIN, "overrides", "(top)",
                                f"must be plain JSON-like data: {exc}"[:300]) from None
    elif isinstance(source, str | Path):
        path = Path(source)
        what = "TOML" if path.suffix.lower() == ".toml" else "JSON"
        try:
            raw = read_file(path, limit=MAX_OVERRIDES_BYTES)
            text = decode(raw, limit=MAX_OVERRIDES_BYTES)
            data = read_json(text, limit=MAX_OVERRIDES_BYTES) if what == "JSON" else \
                read_json(json.dumps(tomllib.loads(text), allow_nan=False),  # TOML: JSON's limits
                          limit=2 * MAX_OVERRIDES_BYTES)
            check_depth(data)
        except OSError as exc:
            raise CardDataError(PLUGIN, printable(str(path)), "file",
                                f"cannot read: {exc.strerror or type(exc).__name__}") from None
        except InputError as exc:
            raise CardDataError(PLUGIN, printable(str(path)), "file", str(exc)) from None
        except RecursionError:
            raise CardDataError(PLUGIN, printable(str(path)), "file",
                                f"nested more than {MAX_DEPTH} deep") from None
        except (ValueError, TypeError, tomllib.TOMLDecodeError) as exc:
            raise CardDataError(PLUGIN, printable(str(path)), "file",
                                f"not valid {what}: {exc}"[:300]) from None
    else:
        raise CardDataError(PLUGIN, "overrides", "(top)", "overrides are a mapping or the "
                            f"path of a file, not {type(source).__name__}")
    if not isinstance(data, dict):
        raise CardDataError(PLUGIN, "overrides", "(top)", "must be a table/object")
    extra = set(data) - {"cards", "species", "names"}
    if extra:
        raise CardDataError(PLUGIN, "overrides", "(top)",
                            f"unknown key(s) {printable(str(sorted(extra)))[:200]} (known: "
                            "cards, species, names)")
    for key in ("cards", "species", "names"):
        if key in data and not isinstance(data[key], dict):
            raise CardDataError(PLUGIN, "overrides", key, "must be a table/object")
    return data


def _check_values(value: Any, item: str, field: str, *, points: bool) -> None:
    """Refuse fractions anywhere in a spec's args, and negative numbers in scoring."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, Mapping):
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
        elif isinstance(v, float):
            raise CardDataError(PLUGIN, item, field, f"card data holds no fractions ({v!r})")
        elif points and type(v) is int and v < 0:
            raise CardDataError(PLUGIN, item, field,
                                f"an override cannot give negative points ({v})")


# -- the entries an override file holds, structured by cattrs ----------------------------


@attrs.frozen
class _SpecEntry:
    """A spec: ``{kind = "...", args = {...}}``."""

    kind: str
    args: dict[str, Any] = attrs.field(factory=dict)


@attrs.frozen
class _HalfEntry:
    """A card half: ``{species, position, symbol}``."""

    species: str
    position: Position = Position.CENTER
    symbol: str | None = None


@attrs.frozen
class _CardEntry:
    """A card's corrections: its halves, or only their symbols."""

    halves: tuple[_HalfEntry, ...] | None = None
    symbols: tuple[str | None, ...] | None = None


@attrs.frozen
class _SpeciesEntry:
    """A species' corrections: the fields an override may change."""

    effect: tuple[_SpecEntry, ...] | None = None
    bonus: tuple[_SpecEntry, ...] | None = None
    triggers: tuple[_SpecEntry, ...] | None = None
    score: tuple[_SpecEntry, ...] | None = None
    cost: int | None = None
    tags: tuple[str, ...] | None = None
    needs: tuple[str, ...] | None = None
    sharing: _SpecEntry | None = None


def _exactly(t: type) -> Any:
    """A structure hook taking values of type *t* only (no bool for int, no number for a
    name: cattrs would convert them)."""
    def hook(value: Any, _: Any) -> Any:
        if type(value) is not t:
            raise TypeError(f"must be {'a whole number' if t is int else 'a name'}, not "
                            f"{type(value).__name__}")
        return value
    return hook


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(str, _exactly(str))
    conv.register_structure_hook(int, _exactly(int))

    def position(value: Any, _: Any) -> Position:
        if not isinstance(value, str):
            raise TypeError(f"must be a name, not {type(value).__name__}")
        try:
            return Position(value)
        except ValueError:
            raise ValueError(f"unknown position {printable(repr(value))[:40]}") from None

    conv.register_structure_hook(Position, position)

    def args(value: Any, _: Any) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise TypeError("must be a table/object")
        return dict(value)

    conv.register_structure_hook_func(lambda t: t == dict[str, Any], args)

    def spec_entry(value: Any, _: Any) -> Any:
        if isinstance(value, Spec):  # a plugin's own (an option's card changes): as it is
            return value
        return entry_hook(value, _SpecEntry)

    entry_hook = conv.get_structure_hook(_SpecEntry)
    conv.register_structure_hook(_SpecEntry, spec_entry)
    # lists of entries and names: a list (JSON, TOML) or a tuple; cattrs would take any
    # iterable, a text too
    defaults = {t: conv.get_structure_hook(t) for t in (
        tuple[_SpecEntry, ...], tuple[_HalfEntry, ...], tuple[str, ...], tuple[str | None, ...])}

    def lists_only(value: Any, t: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise TypeError(f"must be a list, not {type(value).__name__}")
        return defaults[t](value, t)

    conv.register_structure_hook_func(lambda t: t in defaults, lists_only)
    return conv


_CONVERTER = _make_converter()


def _structure(raw: Any, cls: type[Any], item: str, where: str) -> Any:
    """*raw* as a *cls*, or CardDataError naming the field at fault (its path from the card
    or species: ``halves[0].position``, below *where*) and what is wrong. A Spec (a plugin's
    own, in an option's card changes) is kept as it is."""
    if isinstance(raw, Spec):
        return raw
    if not isinstance(raw, Mapping):
        raise CardDataError(PLUGIN, item, where, "must be a table/object")
    try:
        return _CONVERTER.structure(dict(raw), cls)
    except (cattrs.BaseValidationError, TypeError, ValueError) as exc:
        raise _data_error(exc, item, where) from None


def _data_error(exc: Exception, item: str, where: str) -> CardDataError:
    """The first problem of a cattrs error as a CardDataError; *where* is the path of the
    structured value (``(species)``, ``(card)`` for a whole one)."""
    leaf: BaseException = exc
    path = "" if where.startswith("(") else where
    while isinstance(leaf, cattrs.ClassValidationError | cattrs.IterableValidationError):
        noted, plain = leaf.group_exceptions()  # down to the first cause
        if noted:
            leaf, note = noted[0]
            name = getattr(note, "name", None)
            path += f".{name}" if name is not None else f"[{getattr(note, 'index', 0)}]"
        elif plain:
            leaf = plain[0]
        else:
            break
    path = path.lstrip(".")
    if isinstance(leaf, cattrs.ForbiddenExtraKeysError):
        known = ", ".join(f.name for f in attrs.fields(leaf.cl))
        extra = printable(sorted(map(str, leaf.extra_fields))[0])[:60]
        verb = "cannot be overridden (allowed" if leaf.cl is _SpeciesEntry else \
            "unknown key (known"
        return CardDataError(PLUGIN, item, f"{path}.{extra}" if path else extra,
                             f"{verb}: {known})")
    problem = printable(str(leaf) or type(leaf).__name__)[:200]
    return CardDataError(PLUGIN, item, path or where, problem)


def _spec(entry: _SpecEntry | Spec, item: str, field: str) -> Spec:
    """The Spec of a structured entry (a Spec given as such is kept); its args checked (no
    fractions; no negative points in scoring; counts named; a trigger's effect a non-empty
    list of specs)."""
    if isinstance(entry, Spec):
        return entry
    args = dict(entry.args)
    _check_values(args, item, f"{field}.args", points=field.startswith("score"))
    for key in ("count", "of"):  # the names of counts (``tag:bird``) in scoring
        if field.startswith("score") and key in args and not isinstance(args[key], str):
            raise CardDataError(PLUGIN, item, f"{field}.args.{key}",
                                "must name a count, such as \"tag:bird\"")
    if field.startswith("triggers") and "effect" in args and (
            not isinstance(args["effect"], list) or not args["effect"]):
        raise CardDataError(PLUGIN, item, f"{field}.args.effect",
                            "must be a non-empty list of specs")
    if isinstance(args.get("effect"), list):  # a trigger's effect: specs inside
        args["effect"] = tuple(
            _spec(_structure(e, _SpecEntry, item, f"{field}.args.effect[{i}]"), item,
                  f"{field}.args.effect[{i}]") for i, e in enumerate(args["effect"]))
    return Spec(entry.kind, args)


def _species(sp: Species, raw: Any, item: str) -> Species:
    entry: _SpeciesEntry = _structure(raw, _SpeciesEntry, item, "(species)")
    changes: dict[str, Any] = {}
    for key in raw:
        value = getattr(entry, key)
        if key in _SPEC_FIELDS:
            if value is None:
                raise CardDataError(PLUGIN, item, key, "must be a list of specs")
            if len(value) > MAX_SPECS:
                raise CardDataError(PLUGIN, item, key, f"more than {MAX_SPECS} specs (a "
                                    "card's text holds a few)")
            changes[key] = tuple(_spec(v, item, f"{key}[{i}]") for i, v in enumerate(value))
        elif key == "sharing":  # a slot rule, or null for one card per slot
            changes[key] = None if value is None else _spec(value, item, key)
        elif key == "cost" and (value is None or value < 0):
            raise CardDataError(PLUGIN, item, key, "must be a whole number >= 0")
        elif value is None:
            raise CardDataError(PLUGIN, item, key, "must be a list of names")
        else:
            changes[key] = frozenset(value) if key in ("tags", "needs") else value
    return attrs.evolve(sp, **changes)


def _card(card: Card, raw: Any, item: str) -> Card:
    entry: _CardEntry = _structure(raw, _CardEntry, item, "(card)")
    halves = list(card.halves)
    if "halves" in raw:
        if not entry.halves:
            raise CardDataError(PLUGIN, item, "halves", "must be a non-empty list")
        halves = [Half(h.species, h.position, h.symbol) for h in entry.halves]
    if "symbols" in raw:
        syms = entry.symbols
        if syms is None or len(syms) != len(halves):
            raise CardDataError(PLUGIN, item, "symbols",
                                f"must list one symbol (a name) per half ({len(halves)})")
        halves = [attrs.evolve(h, symbol=s) for h, s in zip(halves, syms, strict=True)]
    return attrs.evolve(card, halves=tuple(halves), reconstructed=(),
                        note="corrected by an override")


def apply_overrides(
    card_sets: list[tuple[str, CardSet]], overrides: Mapping[str, Any] | None
) -> list[tuple[str, CardSet]]:
    """The card sets with *overrides* applied (entries for other sets must exist)."""
    if not overrides:
        return card_sets
    want_species = dict(overrides.get("species", {}))
    want_cards: dict[int, Any] = {}
    for key, value in overrides.get("cards", {}).items():
        if not (type(key) is int or (isinstance(key, str) and key.isascii() and key.isdigit()
                                     and len(key) <= 9)):
            raise CardDataError(PLUGIN, f"card {printable(repr(key))[:40]}", "(number)",
                                "card keys must be card numbers (digits only)")
        want_cards[int(key)] = value
    out = []
    for plugin, cs in card_sets:
        species = tuple(
            _species(sp, want_species.pop(sp.id), f"species {sp.id!r}")
            if sp.id in want_species else sp for sp in cs.species
        )
        cards = tuple(
            _card(c, want_cards.pop(c.id), f"card {c.id}") if c.id in want_cards else c
            for c in cs.cards
        )
        out.append((plugin, attrs.evolve(cs, species=species, cards=cards)))
    if want_species:
        raise CardDataError(PLUGIN, f"species {sorted(want_species)[0]!r}", "(id)",
                            "no such species in this ruleset")
    if want_cards:
        raise CardDataError(PLUGIN, f"card {sorted(want_cards)[0]}", "(number)",
                            "no such card in this ruleset")
    return out


def probe_overrides(rules: Ruleset, overrides: Mapping[str, Any]) -> None:
    """Score every species the overrides touch in small forests (alone at a site, sharing a
    slot where it may): an override that compiles but cannot score (``if_slot_shared`` given
    to a tree...) raises CardDataError naming the species now, not at every scoring later."""
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.scoring import score_forest

    touched = set(overrides.get("species", {}))
    for key in overrides.get("cards", {}):
        touched.update(h.species for h in rules.halves.get(int(key), ()))
    trees = [c for c in rules.halves if rules.is_tree_card(c)]
    for sid in sorted(touched):
        cards = [(c, i, h) for c, hs in rules.halves.items() for i, h in enumerate(hs)
                 if h.species == sid]
        if not cards:
            continue
        card, hi, half = cards[0]
        forest = Forest()
        if half.position is Position.CENTER:
            forest.open_site(card, half, rules.site_kinds[half.site_kind or ""], rules, 0)
        else:
            host = next((t for t in trees if t != card), None)
            if host is None:
                continue
            th = rules.halves[host][0]
            kind = rules.site_kinds[th.site_kind or ""]
            slot = next((sd.name for sd in kind.slots if half.position in sd.accepts), None)
            if slot is None:
                continue
            forest.open_site(host, th, kind, rules, 0)
            forest.attach(card, hi, half, 0, slot, rules, 0)
            if sid in rules.sharing and len(cards) > 1:
                c2, h2, half2 = next(((c, i, h) for c, i, h in cards[1:] if c != card),
                                     cards[1])
                if c2 != card and half2.position in kind.slot(slot).accepts:
                    forest.attach(c2, h2, half2, 0, slot, rules, 0)
        try:
            score_forest(rules, [forest, Forest()], 0)
        except Exception as exc:
            raise CardDataError(PLUGIN, f"species {sid!r}", "score",
                                f"does not score with the overrides: {type(exc).__name__}: "
                                f"{printable(str(exc))[:200]}") from None

