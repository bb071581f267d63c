"""The HTML replay in Japanese and Chinese: the page says its language, falls back to Chinese
and Japanese fonts, scales its pictures to the window (no sideways scrolling at 800 pixels)
and wraps long card names instead of cutting them; checked in headless Chromium (skipped
where there is none: Debian's ``apt-get install chromium``)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from tests.test_replay_browser import CHROMIUM, browse

import forestshuffle as fs
from forestshuffle.bots import HeuristicBot, play_out
from forestshuffle.display.render import tile, wrap
from forestshuffle.display.replay import replay_html

TILE = re.compile(r"<g class=['\"]c[^'\"]*['\"]><title>([^<]*)</title>.*?<text[^>]*>(.*?)</text>",
                  re.S)
#: measures the page once it has stepped to the end (Chromium's --dump-dom shows the result)
MEASURE = ("<script>setTimeout(function () {document.body.setAttribute('data-scroll-width', "
           "document.documentElement.scrollWidth);}, 3000);</script></body>")


def _game() -> fs.Game:
    return play_out(fs.new_game("base", 2, seed=4), [HeuristicBot(1), HeuristicBot(2)])


def _tiles(svg_or_dom: str) -> list[tuple[str, str]]:
    """(name in the tile's title, the name its lines spell) of every card tile."""
    out = []
    for title, spans in TILE.findall(svg_or_dom):
        name = html.unescape(title).split(" (")[0]
        lines = [html.unescape(t) for t in re.findall(r"<tspan[^>]*>([^<]*)</tspan>", spans)]
        out.append((name, "".join(lines)))
    return out


def test_long_names_wrap_into_lines_and_are_never_cut() -> None:
    lines = wrap("ベヒシュタインホオヒゲコウモリ", 90, 11)  # 15 characters of 11 px: two lines
    assert "".join(lines) == "ベヒシュタインホオヒゲコウモリ" and len(lines) == 2
    assert wrap("Silver-Washed Fritillary", 90, 11) == ["Silver-Washed", "Fritillary"]
    svg = tile(0, 0, "ベヒシュタインホオヒゲコウモリ", "#ffffff", h=20)
    assert "…" not in svg and _tiles(svg) == [("ベヒシュタインホオヒゲコウモリ",) * 2]


@pytest.mark.parametrize(("lang", "name"), [("ja", "フォレストシャッフル"),
                                           ("zh-Hans", "森森不息")])
def test_the_page_says_its_language_and_has_cjk_fonts(lang: str, name: str) -> None:
    page = replay_html(_game(), lang=lang)
    assert f'<html lang="{lang}">' in page
    assert "Noto Sans CJK JP" in page and "Noto Sans CJK SC" in page
    assert f"<title>{name}" in page
    assert "max-width: 100%" in page
    assert fs.get_language() == "en"


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium (apt-get install chromium)")
def test_the_japanese_replay_renders_with_names_whole_and_no_sideways_scroll(
        tmp_path: Path) -> None:
    game = _game()
    page = tmp_path / "ja.html"
    page.write_text(replay_html(game, lang="ja").replace("</body>", MEASURE),
                    encoding="utf-8")
    dom = browse(page, "--dump-dom", "--window-size=800,1000").stdout
    assert dom.count("<svg") == 1, "the page's script drew no picture"
    tiles = _tiles(dom)
    assert len(tiles) > 20
    for name, spelt in tiles:
        assert spelt.replace(" ", "") == name.replace(" ", ""), (name, spelt)
    japanese = {game.rules.i18n.species(s, "ja") for s in game.rules.species}
    assert {n for n, _ in tiles} & japanese
    width = re.search(r'data-scroll-width="(\d+)"', dom)
    assert width is not None and int(width.group(1)) <= 800
