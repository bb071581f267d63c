"""The names of one compiled ruleset's cards, symbols, tags, site kinds and terms in every
installed language, and the look-ups input uses (any language, case- and width-insensitive).

:class:`NameBook` is built with the ruleset (``rules.i18n``) from the translation tables the
plugins contribute and the ``names`` table of an override file; building it checks the
tables: a plugin's table must name every species of the plugin's own card sets, and must not
give one name to two species (:class:`~forestshuffle.errors.CardDataError` naming the
plugin, the species and the language).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from forestshuffle.errors import CardDataError
from forestshuffle.i18n.languages import ENGLISH, canonical, fold
from forestshuffle.i18n.tables import Name, Translation
from forestshuffle.safety import printable

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset

#: the game's terms in English (the tables give the other languages)
TERMS_EN: dict[str, str] = {
    "clearing": "clearing", "cave": "cave", "sapling": "sapling", "winter_card": "Winter",
    "river": "river", "river_card": "river card", "generic_river": "generic river",
    "tree": "tree", "tree_card": "tree card", "split_card": "split card", "slot": "slot",
    "bonus": "bonus", "effect": "effect", "immediate_effect": "immediate effect",
    "permanent_effect": "permanent effect", "cost": "cost", "deck": "deck", "hand": "hand",
    "hand_limit": "hand limit", "forest": "forest", "player": "player", "turn": "turn",
    "extra_turn": "extra turn", "score": "score", "dweller": "dweller",
    "tree_symbol": "tree symbol",
}
OVERRIDES = "overrides"


class NameBook:
    """Names of one ruleset in every installed language (see the module)."""

    def __init__(self, rules: Ruleset, tables: Sequence[tuple[str, Translation]] = (),
                 extra: Mapping[str, Any] | None = None) -> None:
        self.rules = rules
        #: (locale, section, key) -> name
        self.names: dict[tuple[str, str, str], Name] = {}
        for plugin, t in tables:
            _check_table(rules, plugin, t)
            for section, rows in t.sections.items():
                for key, name in rows.items():
                    self.names.setdefault((t.locale, section, key), name)
        if extra:
            self._add_overrides(extra)
        #: every language a name is known in, English first
        self.locales: tuple[str, ...] = (ENGLISH, *sorted(
            {loc for loc, _, _ in self.names} - {ENGLISH}))
        #: folded name -> species ids it names, over every language (ids and short ids too)
        self.species_by_name = self._by_name("species", {
            sid: (sid, sid.split(".", 1)[-1], sp.name, *sp.aliases)
            for sid, sp in rules.species.items()})
        for sid in rules.species:  # an id names its species alone
            self.species_by_name[fold(sid)] = {sid}
        #: folded name -> tree symbols it names, over every language
        self.symbols_by_name = self._by_name("symbols", {sym: (sym,) for sym in rules.symbols})
        self._rewording: dict[str, list[tuple[str, str]]] = {}
        #: folded names that name more than one species, with those species' ids
        self.shared: dict[str, list[str]] = {
            n: sorted(ids) for n, ids in self.species_by_name.items() if len(ids) > 1}

    def _by_name(self, section: str, own: Mapping[str, Sequence[str]]) -> dict[str, set[str]]:
        """Folded name -> the keys of *section* it names: each key's *own* names (the card
        data's), then every table's names and aliases of it."""
        out: dict[str, set[str]] = {}
        for key, names in own.items():
            for n in names:
                out.setdefault(fold(n), set()).add(key)
        for (_, sec, key), name in self.names.items():
            if sec == section and key in own:
                for n in (name.name, *name.aliases):
                    out.setdefault(fold(n), set()).add(key)
        return out

    # -- names for output ------------------------------------------------------------------

    def get(self, section: str, key: str, lang: str) -> str | None:
        """The name of *key* in *section* in *lang*, or None when no table gives one."""
        got = self.names.get((lang, section, key))
        return None if got is None else got.name

    def species(self, sid: str, lang: str = ENGLISH) -> str:
        """A species' name in *lang* (its English name where no table gives one)."""
        return self.get("species", sid, lang) or self.rules.species[sid].name

    def symbol(self, symbol: str | None, lang: str = ENGLISH) -> str:
        """A tree symbol's name in *lang* (``""`` for none)."""
        if symbol is None:
            return ""
        return self.get("symbols", symbol, lang) or symbol

    def tag(self, tag: str, lang: str = ENGLISH) -> str:
        """A tag's name in *lang* (``pawed animal`` in English)."""
        return self.get("tags", tag, lang) or tag.replace("_", " ")

    def site_kind(self, kind: str, lang: str = ENGLISH) -> str:
        """A site kind's name in *lang* (its label in English)."""
        got = self.get("site_kinds", kind, lang)
        if got is not None:
            return got
        k = self.rules.site_kinds.get(kind)
        return (k.label if k is not None and k.label else kind)

    def term(self, key: str, lang: str = ENGLISH) -> str:
        """A term of the game (``clearing``, ``winter_card``...) in *lang*, as this ruleset
        words it where its plugin gives its own (a re-theme's whistle for the winter card)."""
        rid = self.rules.id
        return (self.get("terms", f"{rid}.{key}", lang) or self.get("terms", key, lang)
                or TERMS_EN.get(key, key.replace("_", " ")))

    def seats(self, names: Sequence[str], players: int, lang: str = ENGLISH) -> list[str]:
        """Every seat's name for people: the players' as given, the ruleset's automated
        seats' (a solo mode's opponent) in *lang* (terms ``<ruleset>.seat:<name>``)."""
        rid = self.rules.id
        return [n if i < players else (self.get("terms", f"{rid}.seat:{n}", lang) or n)
                for i, n in enumerate(names)]

    def reword(self, text: str, lang: str = ENGLISH) -> str:
        """*text* (core output in *lang*) with the game's terms as this ruleset words them
        where its plugin gives its own (a re-theme's grass for the clearing, box for the cave,
        whistle card for the winter card); *text* itself for the others."""
        pairs = self._rewording.get(lang)
        if pairs is None:
            pairs = self._rewording[lang] = [
                (core, own) for key in TERMS_EN
                if (own := self.get("terms", f"{self.rules.id}.{key}", lang)) is not None
                and (core := self.get("terms", key, lang) or TERMS_EN[key]) != own]
            pairs.sort(key=lambda p: -len(p[0]))
        for core, own in pairs:
            text = text.replace(core, own)
        return text

    def ruleset(self, lang: str = ENGLISH) -> str:
        """The ruleset's name in *lang*."""
        return self.get("rulesets", self.rules.id, lang) or self.rules.spec.name

    def card(self, card: int, half: int | None = None, lang: str = ENGLISH) -> str:
        """A card's name in *lang*: the species of *half*, or both halves' joined."""
        rules = self.rules
        if lang == ENGLISH:
            return rules.name_of(card, half)
        if rules.cards[card].winter:
            return self.term("winter_card", lang)
        halves = rules.halves[card]
        if half is not None:
            return self.species(halves[half].species, lang)
        return " / ".join(self.species(h.species, lang) for h in halves)

    # -- look-ups for input ----------------------------------------------------------------

    def find_species(self, text: str) -> list[str]:
        """The species *text* names in any language (several: it is ambiguous)."""
        return sorted(self.species_by_name.get(fold(text), ()))

    def find_symbol(self, text: str) -> list[str]:
        """The tree symbols *text* names in any language."""
        return sorted(self.symbols_by_name.get(fold(text), ()))

    def suggest(self, text: str, n: int = 3, *, section: str = "species") -> list[str]:
        """Up to *n* names close to *text*, in any language (did you mean ...?)."""
        if len(text) > 100:
            return []
        table = self.species_by_name if section == "species" else self.symbols_by_name
        shown: dict[str, str] = {}
        for sid in (s for ids in table.values() for s in ids):
            key = sid
            for lang in self.locales:
                if section == "species":
                    name = self.species(sid, lang) if lang != ENGLISH else \
                        self.rules.species[sid].name
                else:
                    name = self.symbol(key, lang)
                shown.setdefault(fold(name), name)
        close = difflib.get_close_matches(fold(text), list(shown), n=n, cutoff=0.5)
        return [shown[c] for c in close]

    # -- coverage --------------------------------------------------------------------------

    def missing(self, lang: str, section: str = "species") -> list[str]:
        """The keys of *section* no table names in *lang* (species ids, symbols, tags)."""
        keys: Iterable[str] = {"species": self.rules.species, "symbols": self.rules.symbols,
                               "tags": sorted(self.rules.tags)}[section]
        return sorted(k for k in keys if (lang, section, k) not in self.names)

    def census(self, lang: str) -> dict[str, int]:
        """Source kind (``seed``, ``published``, ``common``, ``translation``, ``overrides``,
        ``missing``) -> how many names of this ruleset's species, symbols, tags and the
        ruleset itself come from it in *lang*."""
        out: dict[str, int] = {}
        if lang == ENGLISH:  # the card data's own names
            return {"card data": 1 + len(self.rules.species) + len(self.rules.symbols)
                    + len(self.rules.tags)}
        keys = [("rulesets", self.rules.id), *(("species", s) for s in self.rules.species),
                *(("symbols", s) for s in self.rules.symbols),
                *(("tags", t) for t in sorted(self.rules.tags))]
        for section, key in keys:
            got = self.names.get((lang, section, key))
            kind = "missing" if got is None else got.source.split(":", 1)[0]
            out[kind] = out.get(kind, 0) + 1
        return out

    def _add_overrides(self, extra: Mapping[str, Any]) -> None:
        """Apply an override file's ``names`` table: locale -> key (a species id or a tree
        symbol) -> ``{name, aliases}``; added aliases join the table's own."""
        if not isinstance(extra, Mapping):
            raise CardDataError(OVERRIDES, "names", "(table)", "must be a table/object")
        for locale, rows in extra.items():
            lang = canonical(str(locale))
            if lang is None or not isinstance(rows, Mapping):
                raise CardDataError(OVERRIDES, f"names.{printable(str(locale))[:40]}",
                                    "(locale)", "must be a language tag (en, zh-Hans, ja) "
                                    "holding a table")
            for key, raw in rows.items():
                section = "species" if key in self.rules.species else (
                    "symbols" if key in self.rules.symbols else None)
                item = f"names.{lang}.{printable(str(key))[:60]}"
                if section is None:
                    raise CardDataError(OVERRIDES, item, "(key)",
                                        "no such species id or tree symbol in this ruleset")
                if not isinstance(raw, Mapping) or set(raw) - {"name", "aliases"} or not (
                        isinstance(raw.get("name", ""), str)
                        and isinstance(raw.get("aliases", []), list)
                        and all(isinstance(a, str) and a.strip()
                                for a in raw.get("aliases", []))):
                    raise CardDataError(OVERRIDES, item, "(entry)",
                                        "must be {name = \"...\", aliases = [...]}")
                old = self.names.get((lang, section, key))
                base = old.name if old else (self.rules.species[key].name
                                             if section == "species" else key)
                name = raw.get("name", "").strip() or base
                aliases = (*(old.aliases if old else ()), *(a.strip() for a in raw.get(
                    "aliases", [])))
                self.names[(lang, section, key)] = Name(name, "overrides", aliases)


def _check_table(rules: Ruleset, plugin: str, t: Translation) -> None:
    """A plugin's table names every species of the plugin's own card sets in this ruleset,
    and no name (or alias) twice."""
    where = f"names.{t.locale}"
    rows = t.sections.get("species", {})
    for sid in rules.species:
        if rules.plugin_of.get(sid) == plugin and sid not in rows:
            raise CardDataError(plugin, f"species {sid!r}", where,
                                f"the plugin's {t.locale} table gives it no name")
    seen: dict[str, str] = {}
    for sid, name in rows.items():
        if sid not in rules.species:
            continue
        for n in {fold(x) for x in (name.name, *name.aliases)}:
            other = seen.setdefault(n, sid)
            if other != sid:
                raise CardDataError(plugin, f"species {sid!r}", where,
                                    f"the name {n!r} is also the name of species {other!r}")


def book_of(rules: Ruleset) -> NameBook:
    """The ruleset's name book (English only where the ruleset was built without one)."""
    book = rules.i18n
    if book is None:
        book = rules.i18n = NameBook(rules)
    return book  # type: ignore[no-any-return]
