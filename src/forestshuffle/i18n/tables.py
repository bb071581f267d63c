"""Translation tables: the names a plugin gives its cards, symbols, tags, site kinds,
rulesets and the game's terms in one language.

A plugin ships one table per language, usually as TOML package data
(``locales/<lang>.toml``) read by :func:`package_translations`, and returns them from the
hook ``forestshuffle_translations``. A table's sections::

    [species]                          # species id -> its name in the language
    "base.silver_fir" = { name = "冷杉", source = "common", aliases = ["欧洲冷杉"] }
    [symbols]                          # tree symbol (as the card data writes it) -> name
    [tags]   [site_kinds]   [rulesets]   [card_sets]   [expansions]   [terms]

``source`` says where a name comes from: ``seed:NNN`` (a document of the project's own
sources), ``published`` (a published edition), ``common`` (the standard common name of the
animal or plant), ``translation`` (the project's own).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

import attrs

from forestshuffle.errors import CardDataError
from forestshuffle.i18n.languages import canonical

#: the sections of a table, in the order documents list them
SECTIONS: tuple[str, ...] = ("rulesets", "card_sets", "expansions", "terms", "symbols",
                             "tags", "site_kinds", "species")
#: a BCP 47 language tag (``ko``, ``zh-Hans``, ``pt-BR``)
_TAG = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*")
#: the kinds of source a name may cite (``seed:`` with the seed's number)
SOURCES: tuple[str, ...] = ("seed:", "published", "common", "translation")


@attrs.frozen
class Name:
    """One name in one language.

    Attributes:
        name: the name as output writes it.
        source: where it comes from (see the module).
        aliases: other names input accepts for the same thing.
    """

    name: str
    source: str = "translation"
    aliases: tuple[str, ...] = attrs.field(default=(), converter=tuple)


@attrs.frozen
class Translation:
    """A plugin's names in one language (see the module).

    Attributes:
        table: the table's name, unique per plugin and language (usually the plugin's).
        locale: the language (``zh-Hans``, ``ja``).
        sections: section -> key -> :class:`Name`.
    """

    table: str
    locale: str
    sections: Mapping[str, Mapping[str, Name]] = attrs.field(factory=dict)

    @property
    def id(self) -> str:
        """``table@locale``: what the hook's answers are merged by."""
        return f"{self.table}@{self.locale}"

    def get(self, section: str, key: str) -> Name | None:
        """The name of *key* in *section*, or None."""
        return self.sections.get(section, {}).get(key)


def _name(raw: Any, table: str, locale: str, section: str, key: str) -> Name:
    where = f"{section} {key!r}"
    if isinstance(raw, str):
        raw = {"name": raw}
    if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str) or \
            not raw["name"].strip() or set(raw) - {"name", "source", "aliases"}:
        raise CardDataError(table, where, f"names.{locale}",
                            "must be {name = \"...\", source = \"...\", aliases = [...]}")
    source = raw.get("source", "translation")
    if not isinstance(source, str) or not (source in SOURCES[1:] or (
            source.startswith("seed:") and source[5:].isdigit())):
        raise CardDataError(table, where, f"names.{locale}",
                            f"unknown source {str(source)[:40]!r} (known: seed:NNN, "
                            "published, common, translation)")
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip()
                                                for a in aliases):
        raise CardDataError(table, where, f"names.{locale}.aliases", "must be a list of names")
    return Name(raw["name"].strip(), source, tuple(a.strip() for a in aliases))


def translation(table: str, locale: str, data: Mapping[str, Any]) -> Translation:
    """A table from plain data (a parsed TOML or JSON document); bad data raises
    :class:`~forestshuffle.errors.CardDataError` naming the table, the entry and the
    language."""
    if not isinstance(locale, str) or not _TAG.fullmatch(locale) or canonical(locale) not in (
            None, locale):
        raise CardDataError(table, f"locale {str(locale)[:40]!r}", "locale",
                            "must be a language tag such as 'zh-Hans', 'ja' or 'ko' (the "
                            "project's spelling of the languages it knows)")
    extra = set(data) - set(SECTIONS)
    if extra:
        raise CardDataError(table, f"locale {locale!r}", sorted(extra)[0],
                            f"unknown section (known: {', '.join(SECTIONS)})")
    sections: dict[str, dict[str, Name]] = {}
    for section in SECTIONS:
        rows = data.get(section, {})
        if not isinstance(rows, Mapping):
            raise CardDataError(table, f"locale {locale!r}", section, "must be a table")
        sections[section] = {str(k): _name(v, table, locale, section, str(k))
                             for k, v in rows.items()}
    return Translation(table, locale, sections)


def package_translations(package: str, table: str | None = None) -> tuple[Translation, ...]:
    """Every table a package ships as ``locales/<lang>.toml`` (package data), named *table*
    (default: the package's name without ``forestshuffle_``)."""
    name = table or package.removeprefix("forestshuffle_")
    folder = resources.files(package).joinpath("locales")
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
            out.append(translation(name, entry.name[:-5], data))
    return tuple(out)


def merged(tables: Iterable[Translation], section: str, locale: str) -> dict[str, Name]:
    """Key -> name of *section* in *locale*, over *tables* (the first table naming a key
    wins)."""
    out: dict[str, Name] = {}
    for t in tables:
        if t.locale == locale:
            for k, v in t.sections.get(section, {}).items():
                out.setdefault(k, v)
    return out
