"""Languages: names of cards, symbols and terms in English, Simplified Chinese and Japanese
(and any language a plugin adds), input in any of them, and messages from gettext
catalogues.

* :func:`set_language` / :func:`get_language`: the language of output (``--lang``,
  ``FORESTSHUFFLE_LANG``, ``LC_ALL``/``LANG``, else English).
* :class:`Translation`, :func:`package_translations`: a plugin's names in one language,
  contributed through the hook ``forestshuffle_translations``.
* :class:`NameBook` (``rules.i18n``, :func:`book_of`): a compiled ruleset's names in every
  language, and the look-ups input uses.
* :func:`gettext` (``_``), :func:`ngettext`: messages; :func:`label`, :func:`localize`,
  :func:`localize_reason`: an action's label, a prompt, a score line's reason in a language.

See ``docs/languages.md``.
"""

from __future__ import annotations

from forestshuffle.i18n.languages import (
    ENGLISH,
    LANGUAGES,
    NATIVE_NAMES,
    canonical,
    fold,
    from_environment,
    get_language,
    resolve,
    set_language,
    using,
)
from forestshuffle.i18n.messages import _, gettext, ngettext
from forestshuffle.i18n.names import NameBook, book_of
from forestshuffle.i18n.tables import Name, Translation, package_translations, translation
from forestshuffle.i18n.text import label, localize, localize_reason

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "NATIVE_NAMES",
    "Name",
    "NameBook",
    "Translation",
    "_",
    "book_of",
    "canonical",
    "fold",
    "from_environment",
    "get_language",
    "gettext",
    "label",
    "localize",
    "localize_reason",
    "ngettext",
    "package_translations",
    "resolve",
    "set_language",
    "translation",
    "using",
]
