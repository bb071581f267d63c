"""Issue 13: the replay page (``forestshuffle replay FILE --html OUT.html``) in a real
headless browser: its script steps to the end, and the screenshot shows the final forest in
its tree symbols' colours (the first position, before any card is played, shows none).

Skipped where there is no Chromium (Debian: ``apt-get install chromium``). As a script it
takes a screenshot of a saved game (docs/cli.md)::

    python tests/test_replay_browser.py GAME.json OUT.png     # prints what it checked
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("FORESTSHUFFLE_CHROMIUM") or next(
    (p for p in (shutil.which("chromium"), shutil.which("chromium-browser"),
                 shutil.which("google-chrome")) if p), None)
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--force-device-scale-factor=1",
         # let the page's script unpack its pictures before the dump or the screenshot
         "--virtual-time-budget=15000")


def browse(page: Path, *args: str, step: str = "last") -> subprocess.CompletedProcess[str]:
    """Run headless Chromium on *page* opened at ``#step=STEP``."""
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args,
                               f"{page.resolve().as_uri()}#step={step}"],
                              capture_output=True, text=True, timeout=120, check=False)


def screenshot(page: Path, out: Path, step: str = "last") -> None:
    """A 1400 × 1400 screenshot of *page* at *step*."""
    browse(page, f"--screenshot={out}", "--window-size=1400,1400", step=step)
    assert out.exists(), "chromium wrote no screenshot"


def first_forest_colours(game: object) -> set[tuple[int, int, int]]:
    """The tile colours of the first site of the first player's forest (near the top of
    the page), as RGB."""
    from forestshuffle.display import render

    g: object = game
    rules = g.rules  # type: ignore[attr-defined]
    forest = g.state.forests[0]  # type: ignore[attr-defined]
    site = forest.sites[0]
    cards = [site.card, *(c for cs in site.slots.values() for c in cs)]
    out = set()
    for c in cards:
        half = forest.where[c][2]
        if half >= 0:
            hexa = render.symbol_colour(rules, rules.halves[c][half].symbol)
            out.add(tuple(int(hexa[i:i + 2], 16) for i in (1, 3, 5)))
    return out  # type: ignore[return-value]


def pixels(png: Path) -> Counter[tuple[int, int, int]]:
    """How many pixels of the screenshot have each colour."""
    from PIL import Image

    with Image.open(png) as im:
        colours = im.convert("RGB").getcolors(maxcolors=1 << 24) or []
    return Counter({rgb: n for n, rgb in colours})


def check(record: Path, out_png: Path) -> list[str]:
    """Write the replay page of *record* next to *out_png*, screenshot it at the last step and
    at the first; returns the problems found (none: the final forest is drawn)."""
    import forestshuffle as fs
    from forestshuffle.display import render
    from forestshuffle.display.replay import replay_html, turn_states

    game = fs.Game.from_json(record.read_text(encoding="utf-8"))
    page = out_png.with_suffix(".html")
    page.write_text(replay_html(game), encoding="utf-8")
    problems = []
    dom = browse(page, "--dump-dom").stdout
    last = len(turn_states(game)) - 1
    if f'<body data-step="{last}">' not in dom or \
            f'<div id="view" data-step="{last}"><svg' not in dom:
        problems.append("the page's script did not step to the last position")
    screenshot(page, out_png)
    counts = pixels(out_png)
    for rgb in first_forest_colours(game):
        if counts[rgb] < 500:
            problems.append(f"colour {rgb} of the first forest's first site is not drawn "
                            f"({counts[rgb]} pixels)")
    start = out_png.with_name(out_png.stem + "-start.png")
    screenshot(page, start, step="0")
    palette = {tuple(int(h[i:i + 2], 16) for i in (1, 3, 5)) for h in render.PALETTE}
    early = pixels(start)
    if sum(early[c] for c in palette) > 50:
        problems.append("the first position (no card played) shows coloured tiles")
    return problems


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium (apt-get install chromium)")
def test_the_replay_page_draws_the_final_forest_in_a_real_browser(tmp_path: Path) -> None:
    pytest.importorskip("PIL")
    import forestshuffle as fs
    from forestshuffle.bots import HeuristicBot, play_out

    game = fs.new_game("base", 2, seed=4)
    play_out(game, [HeuristicBot(1), HeuristicBot(2)])
    record = tmp_path / "game.json"
    record.write_text(game.to_json(), encoding="utf-8")
    assert check(record, tmp_path / "shot.png") == []


if __name__ == "__main__":  # pragma: no cover
    if len(sys.argv) != 3 or CHROMIUM is None:
        sys.exit("usage: python tests/test_replay_browser.py GAME.json OUT.png  (needs chromium)")
    found = check(Path(sys.argv[1]), Path(sys.argv[2]))
    print("\n".join(found) or f"ok: {sys.argv[2]} shows the final forest")
    sys.exit(1 if found else 0)
