"""The replay page holds any player name without breaking: in the inline script, a name such
as ``<!--<script>`` or ``</script>`` is written with ``<``, ``>`` and ``&`` escaped
(``\\u003c``...), so the HTML parser never leaves the script's plain data state (the
"script data escaped" states that ``<!--`` and ``<script`` switch to would swallow the rest
of the page)."""

from __future__ import annotations

import json
import re

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.display.replay import replay_html

PAYLOADS = ["<!--<script>", "</script><b>x", "<!--", "<script>alert(1)</script>", "a&b>c",
            "]]></script><!--"]


def _inline_script(page: str) -> str:
    """The page's own script (the one after the pictures)."""
    at = page.index("<script>", page.index('type="application/octet-stream"'))
    return page[at + len("<script>"):page.index("</script>", at)]


@pytest.mark.parametrize("name", PAYLOADS)
def test_a_name_cannot_leave_or_escape_the_script(name: str) -> None:
    g = fs.new_game("base", players=2, seed=4, names=[name, "Bo"])
    play_out(g, RandomBot(4))
    page = replay_html(g)
    script = _inline_script(page)
    assert "(function" in script and script.rstrip().endswith("})();")  # the whole script
    m = re.search(r"var captions = (\[.*?\])(?:, |;\n)", script)
    assert m is not None
    literal = m.group(1)
    assert "<" not in literal and ">" not in literal and "&" not in literal
    captions = json.loads(literal)
    assert any(name in c for c in captions)
