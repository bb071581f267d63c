"""A griffe extension: an attribute's ``#:`` comment is its docstring.

forestshuffle describes many attributes the Sphinx way, with a ``#:`` comment on the lines
above the assignment or after it on the same line::

    #: whose turn it is
    current: int
    pending: Decision | None  #: the decision, if it is this player's

griffe (the API reference's reader) reads only string docstrings; this extension gives an
attribute without one the text of its ``#:`` comment. mkdocs.yml loads it for the site, and
tests/test_api_reference.py for the check that every public name is documented.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import griffe


@lru_cache(maxsize=256)
def _lines(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()


def comment_doc(lines: list[str], lineno: int) -> str | None:
    """The ``#:`` text for the assignment at *lineno* (1-based) of *lines*, or None."""
    if not 0 < lineno <= len(lines):
        return None
    line = lines[lineno - 1]
    if "#:" in line and not line.lstrip().startswith("#"):
        return line.split("#:", 1)[1].strip() or None
    above: list[str] = []
    i = lineno - 2
    while i >= 0 and lines[i].lstrip().startswith("#:"):
        above.insert(0, lines[i].lstrip()[2:].strip())
        i -= 1
    return " ".join(above) or None


class CommentDocstrings(griffe.Extension):
    """Attach ``#:`` comments to attributes that have no docstring."""

    def on_attribute_instance(self, *, node: Any, attr: griffe.Attribute, agent: Any,
                              **kwargs: Any) -> None:
        """Give *attr* its ``#:`` comment as its docstring."""
        if attr.docstring is not None or attr.lineno is None:
            return
        path = attr.filepath
        if isinstance(path, list) or path is None:
            return
        text = comment_doc(_lines(str(path)), attr.lineno)
        if text:
            attr.docstring = griffe.Docstring(text, lineno=attr.lineno, parent=attr)
