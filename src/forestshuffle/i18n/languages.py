"""Which language people read: language tags, the user's choice, and text folding for
look-ups.

The language of output comes from, in order: an explicit ``lang`` (``--lang``,
:func:`set_language`), ``FORESTSHUFFLE_LANG``, the locale (``LC_ALL``, then ``LANG``), then
English. Tags are written as BCP 47 (``en``, ``zh-Hans``, ``ja``); POSIX locale names
(``zh_CN.UTF-8``, ``ja_JP``) are understood.
"""

from __future__ import annotations

import contextlib
import os
import unicodedata
from collections.abc import Iterator, Mapping

from forestshuffle.errors import OptionError

ENGLISH = "en"
#: the languages the core ships messages and terms for, English first
LANGUAGES: tuple[str, ...] = ("en", "zh-Hans", "ja")
#: each language's name in itself
NATIVE_NAMES: dict[str, str] = {"en": "English", "zh-Hans": "简体中文", "ja": "日本語"}

#: lower-case tags (``-`` or ``_``) and their region variants -> the language's tag
_TAGS: dict[str, str] = {
    "en": "en", "zh": "zh-Hans", "zh-hans": "zh-Hans", "zh-cn": "zh-Hans", "zh-sg": "zh-Hans",
    "zh-hans-cn": "zh-Hans", "ja": "ja", "ja-jp": "ja", "jp": "ja",
}

_current: str | None = None


def canonical(tag: str) -> str | None:
    """The language *tag* names (``zh_CN.UTF-8`` -> ``zh-Hans``), or None when it names
    none the project knows (``C``, ``POSIX``, ``fr_FR``)."""
    base = tag.split(".", 1)[0].split("@", 1)[0].strip().replace("_", "-").lower()
    if base in _TAGS:
        return _TAGS[base]
    head = base.split("-", 1)[0]
    if head == "en":
        return ENGLISH
    if head == "ja":
        return "ja"
    if base.startswith(("zh-hant", "zh-tw", "zh-hk", "zh-mo")):
        return None  # Traditional Chinese: no catalogue
    return _TAGS.get(head)


def resolve(lang: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The language to use: *lang* when given (an unknown one raises
    :class:`~forestshuffle.errors.OptionError` listing the known ones), else the one
    :func:`set_language` chose, else the environment's (see the module)."""
    if lang is not None:
        got = canonical(lang) if isinstance(lang, str) else None
        if got is None:
            raise OptionError(f"unknown language {str(lang)[:40]!r} (known: "
                              f"{', '.join(LANGUAGES)})")
        return got
    if _current is not None:
        return _current
    return from_environment(env)


def from_environment(env: Mapping[str, str] | None = None) -> str:
    """The language ``FORESTSHUFFLE_LANG``, ``LC_ALL`` or ``LANG`` names (the first that is
    set and known), else English."""
    env = os.environ if env is None else env
    for var in ("FORESTSHUFFLE_LANG", "LC_ALL", "LANG"):
        value = env.get(var, "")
        if value:
            got = canonical(value)
            if got is not None:
                return got
    return ENGLISH


def set_language(lang: str | None) -> str:
    """Make *lang* the language of output for this process (None: back to the environment's);
    returns the language now in use."""
    global _current
    _current = None if lang is None else resolve(lang)
    return resolve()


@contextlib.contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Use *lang* for output inside a ``with`` block (None: the environment's), then
    whatever was in use before."""
    global _current
    before = _current
    set_language(lang)
    try:
        yield resolve()
    finally:
        _current = before


def get_language() -> str:
    """The language output uses now (see :func:`resolve`)."""
    return resolve()


def fold(text: str) -> str:
    """*text* as look-ups compare it: NFKC (full-width letters and digits become ASCII,
    half-width katakana full-width), case-folded, inner whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())
