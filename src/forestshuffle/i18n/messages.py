"""Messages for people (prompts, labels, reasons, errors) in the user's language, from
gettext catalogues.

The catalogues' sources are ``locales/<lang>/LC_MESSAGES/forestshuffle.po`` beside this
module, extracted from the code with Babel (``_("...")`` and :func:`ngettext` mark what is
extracted) and compiled into the ``.mo`` files the package ships; a message without a
translation is shown in English.
"""

from __future__ import annotations

import gettext as _gettext
from functools import cache
from importlib import resources

from forestshuffle.i18n.languages import ENGLISH, resolve

DOMAIN = "forestshuffle"


def folder(lang: str) -> str:
    """The catalogue folder of a language (Babel's locale name: ``zh_Hans``)."""
    return lang.replace("-", "_")


@cache
def catalogue(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of *lang* (an empty one for English or a language without)."""
    if lang == ENGLISH:
        return _gettext.NullTranslations()
    mo = resources.files(__package__ or "forestshuffle.i18n").joinpath(
        "locales", folder(lang), "LC_MESSAGES", f"{DOMAIN}.mo")
    try:
        with mo.open("rb") as fp:
            return _gettext.GNUTranslations(fp)
    except OSError:
        return _gettext.NullTranslations()


def gettext(message: str, lang: str | None = None) -> str:
    """*message* in *lang* (default: the language in use, see
    :func:`~forestshuffle.i18n.resolve`)."""
    return catalogue(resolve(lang)).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The singular or plural of a message for *n*, in *lang*."""
    return catalogue(resolve(lang)).ngettext(singular, plural, n)
