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
_SPECIES_FIELDS = {"effect", "bonus", "triggers", "score", "cost", "tags", "needs", "sharing"}
_SPEC_FIELDS = {"effect", "bonus", "triggers", "score"}


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
        try:
            check_depth(source)
            data: Any = json.loads(json.dumps(source, allow_nan=False))  # a plain JSON copy
        except (InputError, TypeError, ValueError) as exc:
            raise CardDataError(PLUGIN, "overrides", "(top)",
                                f"must be plain JSON-like data: {exc}") from None
    elif isinstance(source, str | Path):
        path = Path(source)
        what = "TOML" if path.suffix.lower() == ".toml" else "JSON"
        try:
            raw = read_file(path, limit=MAX_OVERRIDES_BYTES)
            text = decode(raw, limit=MAX_OVERRIDES_BYTES)
            data = tomllib.loads(text) if what == "TOML" else read_json(
                text, limit=MAX_OVERRIDES_BYTES)
            check_depth(data)
        except OSError as exc:
            raise CardDataError(PLUGIN, printable(str(path)), "file",
                                f"cannot read: {exc.strerror or type(exc).__name__}") from None
        except InputError as exc:
            raise CardDataError(PLUGIN, printable(str(path)), "file", str(exc)) from None
        except RecursionError:
            raise CardDataError(PLUGIN, printable(str(path)), "file",
                                f"nested more than {MAX_DEPTH} deep") from None
        except (ValueError, tomllib.TOMLDecodeError) as exc:
            raise CardDataError(PLUGIN, printable(str(path)), "file",
                                f"not valid {what}: {exc}") from None
    else:
        raise CardDataError(PLUGIN, "overrides", "(top)", "overrides are a mapping or the "
                            f"path of a file, not {type(source).__name__}")
    if not isinstance(data, dict):
        raise CardDataError(PLUGIN, "overrides", "(top)", "must be a table/object")
    extra = set(data) - {"cards", "species"}
    if extra:
        raise CardDataError(PLUGIN, "overrides", "(top)",
                            f"unknown key(s) {printable(str(sorted(extra)))[:200]} (known: "
                            "cards, species)")
    for key in ("cards", "species"):
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


def _spec(raw: Any, item: str, field: str) -> Spec:
    if isinstance(raw, Spec):
        return raw
    if not isinstance(raw, Mapping) or not isinstance(raw.get("kind"), str) or \
            set(raw) - {"kind", "args"}:
        raise CardDataError(PLUGIN, item, field, "must be {kind = \"...\", args = {...}}")
    if not isinstance(raw.get("args", {}), Mapping):
        raise CardDataError(PLUGIN, item, f"{field}.args", "must be a table/object")
    args = dict(raw.get("args", {}))
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
        args["effect"] = tuple(_spec(e, item, f"{field}.args.effect[{i}]")
                               for i, e in enumerate(args["effect"]))
    return Spec(raw["kind"], args)


def _species(sp: Species, raw: Any, item: str) -> Species:
    if not isinstance(raw, Mapping):
        raise CardDataError(PLUGIN, item, "(species)", "must be a table/object")
    changes: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in _SPECIES_FIELDS:
            raise CardDataError(PLUGIN, item, key, f"cannot be overridden "
                                f"(allowed: {', '.join(sorted(_SPECIES_FIELDS))})")
        if key in _SPEC_FIELDS:
            if not isinstance(value, list):
                raise CardDataError(PLUGIN, item, key, "must be a list of specs")
            changes[key] = tuple(_spec(v, item, f"{key}[{i}]") for i, v in enumerate(value))
        elif key == "sharing":  # a slot rule, or null for one card per slot
            changes[key] = None if value is None else _spec(value, item, key)
        elif key == "cost":
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise CardDataError(PLUGIN, item, key, "must be a whole number >= 0")
            changes[key] = value
        else:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise CardDataError(PLUGIN, item, key, "must be a list of names")
            changes[key] = frozenset(value)
    return attrs.evolve(sp, **changes)


def _card(card: Card, raw: Any, item: str) -> Card:
    if not isinstance(raw, Mapping):
        raise CardDataError(PLUGIN, item, "(card)", "must be a table/object")
    extra = set(raw) - {"halves", "symbols"}
    if extra:
        raise CardDataError(PLUGIN, item, sorted(extra)[0],
                            "unknown key (known: halves, symbols)")
    halves = list(card.halves)
    if "halves" in raw:
        new = raw["halves"]
        if not isinstance(new, list) or not new:
            raise CardDataError(PLUGIN, item, "halves", "must be a non-empty list")
        halves = []
        for i, h in enumerate(new):
            if not isinstance(h, Mapping) or set(h) - {"species", "position", "symbol"} \
                    or not isinstance(h.get("species"), str):
                raise CardDataError(PLUGIN, item, f"halves[{i}]",
                                    "must be {species, position, symbol}")
            if not isinstance(h.get("position", "center"), str) or not isinstance(
                    h.get("symbol"), str | None):
                raise CardDataError(PLUGIN, item, f"halves[{i}]",
                                    "position and symbol must be names")
            try:
                pos = Position(h.get("position", "center"))
            except ValueError:
                raise CardDataError(PLUGIN, item, f"halves[{i}].position",
                                    f"unknown position {h.get('position')!r}") from None
            halves.append(Half(h["species"], pos, h.get("symbol")))
    if "symbols" in raw:
        syms = raw["symbols"]
        if not isinstance(syms, list) or len(syms) != len(halves) or not all(
                isinstance(x, str | None) for x in syms):
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

