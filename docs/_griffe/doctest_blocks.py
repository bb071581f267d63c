"""A griffe extension: a docstring's ``>>>`` examples are code blocks on the site.

A module docstring may open with a doctest session outside any ``Examples:`` section::

    >>> import forestshuffle as fs
    >>> fs.new_game("base", players=2, seed=7).pending.player
    0

Markdown reads ``>`` at the start of a line as a quotation, so such a block would show as
quotes nested three deep. This extension wraps every run of lines that starts with ``>>>``
(up to the next blank line, output included) in a ``pycon`` code fence, at the block's own
indentation, unless it is already inside a fence. mkdocs.yml loads it for the site, and
tests/test_api_reference.py checks the pages' docstrings with it.
"""

from __future__ import annotations

from typing import Any

import griffe

FENCE = "```"


def fence_doctests(text: str) -> str:
    """*text* with each ``>>>`` block (to the next blank line) fenced as ``pycon``."""
    out: list[str] = []
    in_fence = in_doctest = False
    indent = ""
    for line in text.splitlines():
        stripped = line.lstrip()
        if in_doctest and not stripped:
            out.append(f"{indent}{FENCE}")
            in_doctest = False
        elif not in_doctest and stripped.startswith(FENCE):
            in_fence = not in_fence
        elif not in_doctest and not in_fence and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}{FENCE}pycon")
            in_doctest = True
        out.append(line)
    if in_doctest:
        out.append(f"{indent}{FENCE}")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fence the ``>>>`` examples of every docstring."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        """Rewrite *obj*'s docstring, if it holds a ``>>>`` line."""
        doc = obj.docstring
        if doc is not None and ">>>" in doc.value:
            doc.value = fence_doctests(doc.value)
