"""Card-data overrides: correct card facts without editing a plugin.

An override file (TOML or JSON) or mapping has two optional tables::

    [cards.71]                       # a card number
    halves = [{species = "smoky.turkey", position = "right", symbol = "Hemlock"},
              {species = "smoky.mink", position = "left", symbol = "Buckeye"}]
    # or only the symbols, half by half:  symbols = ["Hemlock", "Buckeye"]

    [species."smoky.bobcat"]          # a species id
    effect = [{kind = "free_play", args = {filter = {tag = "bird"}}}]
    cost = 3                          # also: bonus, triggers, score, tags, needs

Overrides are applied when the ruleset is compiled and validated like plugin data: a bad
entry raises :class:`~forestshuffle.errors.CardDataError` naming ``overrides``, the card or
species and the field. Games record their overrides, so a saved game loads with them.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from .cards import Card, CardSet, Half, Position, Spec, Species
from .errors import CardDataError

PLUGIN = "overrides"
_SPECIES_FIELDS = {"effect", "bonus", "triggers", "score", "cost", "tags", "needs"}
_SPEC_FIELDS = {"effect", "bonus", "triggers", "score"}


def load_overrides(source: str | Path | Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Read overrides from a ``.toml``/``.json`` file path or take a mapping; None for none."""
    if source is None:
        return None
    if isinstance(source, Mapping):
        data: Any = json.loads(json.dumps(source))  # a plain, JSON-able copy
    else:
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise CardDataError(PLUGIN, str(path), "file", f"cannot read: {exc.strerror}") \
                from None
        try:
            data = tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)
        except (ValueError, tomllib.TOMLDecodeError) as exc:
            raise CardDataError(PLUGIN, str(path), "file", f"not valid "
                                f"{'TOML' if path.suffix.lower() == '.toml' else 'JSON'}: "
                                f"{exc}") from None
    if not isinstance(data, dict):
        raise CardDataError(PLUGIN, "overrides", "(top)", "must be a table/object")
    extra = set(data) - {"cards", "species"}
    if extra:
        raise CardDataError(PLUGIN, "overrides", "(top)",
                            f"unknown key(s) {sorted(extra)} (known: cards, species)")
    for key in ("cards", "species"):
        if key in data and not isinstance(data[key], dict):
            raise CardDataError(PLUGIN, "overrides", key, "must be a table/object")
    return data


def _spec(raw: Any, item: str, field: str) -> Spec:
    if isinstance(raw, Spec):
        return raw
    if not isinstance(raw, Mapping) or not isinstance(raw.get("kind"), str) or \
            set(raw) - {"kind", "args"}:
        raise CardDataError(PLUGIN, item, field, "must be {kind = \"...\", args = {...}}")
    args = dict(raw.get("args", {}))
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
            try:
                pos = Position(h.get("position", "center"))
            except ValueError:
                raise CardDataError(PLUGIN, item, f"halves[{i}].position",
                                    f"unknown position {h.get('position')!r}") from None
            halves.append(Half(h["species"], pos, h.get("symbol")))
    if "symbols" in raw:
        syms = raw["symbols"]
        if not isinstance(syms, list) or len(syms) != len(halves):
            raise CardDataError(PLUGIN, item, "symbols",
                                f"must list one symbol per half ({len(halves)})")
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
        try:
            want_cards[int(key)] = value
        except (TypeError, ValueError):
            raise CardDataError(PLUGIN, f"card {key!r}", "(number)",
                                "card keys must be card numbers") from None
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
