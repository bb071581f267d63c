"""Prompts and option labels in the user's language (see :mod:`.templates`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from forestshuffle.i18n.languages import ENGLISH, resolve
from forestshuffle.i18n.messages import gettext
from forestshuffle.i18n.names import book_of

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset

#: a kind's arguments at the end of a prompt (``use the effect of Oak (draw(n=1))``)
_SPEC_TAIL = re.compile(r" \((?:[a-z_]+\([^()]*(?:\([^()]*\)[^()]*)*\)(?:; )?)+\)$")
_NUMBER = re.compile(r"(?<![\w{])\d+(?![\w}])")
_SLOT = re.compile(r"(site \{n0\}, )([a-z]+(?:_[a-z0-9]+)*)$")
_TAG = re.compile(r"\(tag ([a-z_]+)\)")


def _cards(rules: Ruleset) -> re.Pattern[str]:
    """The English card names of *rules* (a split card's two joined), longest first."""
    got = rules.derived.get("i18n.cards")
    if got is None:
        names = sorted({sp.name for sp in rules.species.values()} | {"Winter"},
                       key=len, reverse=True)
        one = "|".join(re.escape(n) for n in names)
        got = rules.derived["i18n.cards"] = re.compile(
            rf"(?<![\w.{{])(?:{one})(?: / (?:{one}))?(?![\w}}])")
    return got


def template(rules: Ruleset, text: str) -> tuple[str, str, dict[str, Any]]:
    """*text* as its template, the kind arguments it ends with (kept as they are), and the
    values of the template's fields (English)."""
    tail = ""
    m = _SPEC_TAIL.search(text)
    if m is not None:
        text, tail = text[:m.start()], text[m.start():]
    values: dict[str, Any] = {}

    def field(prefix: str, value: str) -> str:
        key = f"{prefix}{sum(1 for k in values if k[0] == prefix)}"
        values[key] = value
        return "{" + key + "}"

    out = _cards(rules).sub(lambda mm: field("c", mm.group(0)), text)
    out = _TAG.sub(lambda mm: "(tag " + field("t", mm.group(1)) + ")", out)
    out = _NUMBER.sub(lambda mm: field("n", mm.group(0)), out)
    out = _SLOT.sub(lambda mm: mm.group(1) + field("s", mm.group(2)), out)
    return out, tail, values


def slot_name(slot: str, lang: str) -> str:
    """A slot's name (``bottom_left``) in *lang*, word by word."""
    return " ".join(gettext(w, lang) if not w.isdigit() else w for w in slot.split("_"))


def localize(rules: Ruleset, text: str, lang: str | None = None) -> str:
    """A prompt or option label of *rules* in *lang* (the English text where the catalogue
    has no translation of its template)."""
    lang = resolve(lang)
    if lang == ENGLISH:
        return text
    shape, tail, values = template(rules, text)
    translated = gettext(shape, lang)
    if translated == shape:
        return text
    book = book_of(rules)
    out: dict[str, str] = {}
    for key, value in values.items():
        if key[0] == "c":
            out[key] = " / ".join(_card(book, rules, n, lang) for n in value.split(" / "))
        elif key[0] == "t":
            out[key] = book.tag(value, lang)
        elif key[0] == "s":
            out[key] = slot_name(value, lang)
        else:
            out[key] = value
    return book.reword(translated.format(**out), lang) + tail


def label(rules: Ruleset, action: Any, lang: str | None = None) -> str:
    """An action's label (``str(action)``) in *lang*: what ``forestshuffle play`` shows."""
    return localize(rules, str(action), lang)


def _card(book: Any, rules: Ruleset, name: str, lang: str) -> str:
    if name == "Winter":
        return str(book.term("winter_card", lang))
    sid = next((s for s, sp in rules.species.items() if sp.name == name), None)
    return name if sid is None else str(book.species(sid, lang))


def _words(rules: Ruleset) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The tree symbols and the tags (as reasons write them: ``cloven hoofed``) of *rules*,
    longest first."""
    got = rules.derived.get("i18n.words")
    if got is None:
        syms = sorted(rules.symbols, key=len, reverse=True)
        tags = sorted({t.replace("_", " ") for t in rules.tags}, key=len, reverse=True)
        got = rules.derived["i18n.words"] = tuple(
            re.compile(r"(?<![\w{])(?:" + "|".join(map(re.escape, words)) + r")(?![\w}])")
            for words in (syms or ["\0"], tags or ["\0"]))
    return got


def reason_template(rules: Ruleset, text: str) -> tuple[str, dict[str, Any]]:
    """One reason (no ``; ``) as its template and its fields' values (see
    :data:`~forestshuffle.i18n.templates.REASONS`)."""
    shape, _, values = template(rules, text)
    syms, tags = _words(rules)
    for prefix, pattern in (("y", syms), ("t", tags)):
        count = 0

        def field(m: re.Match[str], prefix: str = prefix) -> str:
            nonlocal count
            key = f"{prefix}{count}"
            count += 1
            values[key] = m.group(0)
            return "{" + key + "}"

        shape = pattern.sub(field, shape)
    return shape, values


def localize_reason(rules: Ruleset, text: str, lang: str | None = None) -> str:
    """Why a card scores what it does (a score line's reason) in *lang*, part by part (the
    English part where the catalogue has no translation of its template)."""
    lang = resolve(lang)
    if lang == ENGLISH:
        return text
    book = book_of(rules)
    out = []
    for part in text.split("; "):
        shape, values = reason_template(rules, part)
        translated = gettext(shape, lang)
        if translated == shape:
            out.append(part)
            continue
        filled: dict[str, str] = {}
        for key, value in values.items():
            if key[0] == "c":
                filled[key] = " / ".join(_card(book, rules, n, lang) for n in value.split(" / "))
            elif key[0] == "t":
                filled[key] = book.tag(value.replace(" ", "_"), lang)
            elif key[0] == "y":
                filled[key] = book.symbol(value, lang)
            else:
                filled[key] = value
        out.append(book.reword(translated.format(**filled), lang))
    return gettext("; ", lang).join(out)
