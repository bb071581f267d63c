"""A finished (or saved) game turn by turn: the position after each turn
(:func:`turn_states`), and a self-contained HTML page that steps through them
(:func:`replay_html`, ``forestshuffle replay FILE --html OUT.html``): every position drawn
as SVG by :mod:`forestshuffle.display.render`, with buttons, a slider and the arrow keys; no server,
no network, no script from elsewhere.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
from typing import TYPE_CHECKING

from forestshuffle.core import events as ev
from forestshuffle.core.state import GameState, evolve
from forestshuffle.display.describe import turn_summaries
from forestshuffle.display.render import position_svg
from forestshuffle.safety import printable

if TYPE_CHECKING:
    from forestshuffle.core.game import Game


def turn_states(game: Game) -> list[tuple[str, GameState]]:
    """(caption, state) before the first turn and after each turn of *game*, in order; the
    caption of a turn is its line of :func:`~forestshuffle.display.describe.turn_summaries`."""
    lines = turn_summaries(game)
    state = GameState(game.rules, game.players)
    snaps: list[GameState] = []
    for i, e in enumerate(game.events):
        if i >= game.setup_events and isinstance(e, ev.TurnStarted):
            snaps.append(state.copy())
        evolve(state, e)
    snaps.append(state)
    captions = ["Before the first turn", *(line.strip() for line in lines)]
    return list(zip(captions, snaps, strict=False))


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: DejaVu Sans, Verdana, sans-serif; background: #efe9da; margin: 12px; }}
#bar {{ position: sticky; top: 0; background: #efe9da; padding: 6px 0; }}
button {{ font-size: 15px; padding: 3px 10px; }}
#slider {{ width: 40%; vertical-align: middle; }}
#caption {{ font-weight: bold; margin: 6px 0; }}
</style></head><body>
<h1 style="font-size:20px">{title}</h1>
<div id="bar"><button id="first">&laquo; first</button> <button id="prev">&lsaquo; previous</button>
<input id="slider" type="range" min="0" max="{last}" value="0">
<button id="next">next &rsaquo;</button> <button id="end">last &raquo;</button>
<span id="count"></span><div id="caption"></div></div>
<div id="view">Unpacking the pictures...</div>
<script id="pictures" type="application/octet-stream">{pictures}</script>
<script>
(function () {{
  var view = document.getElementById('view'), slider = document.getElementById('slider');
  var captions = {captions};
  var pictures = [], at = 0;
  function show(i) {{
    at = Math.max(0, Math.min(pictures.length - 1, i));
    view.innerHTML = pictures[at];
    view.setAttribute('data-step', at);
    slider.value = at;
    document.getElementById('count').textContent = 'step ' + at + ' of ' + (pictures.length - 1);
    document.getElementById('caption').textContent = captions[at];
    document.body.setAttribute('data-step', at);
  }}
  function start() {{
    document.getElementById('first').onclick = function () {{ show(0); }};
    document.getElementById('prev').onclick = function () {{ show(at - 1); }};
    document.getElementById('next').onclick = function () {{ show(at + 1); }};
    document.getElementById('end').onclick = function () {{ show(pictures.length - 1); }};
    slider.oninput = function () {{ show(parseInt(slider.value, 10)); }};
    document.addEventListener('keydown', function (e) {{
      if (e.key === 'ArrowRight') show(at + 1);
      if (e.key === 'ArrowLeft') show(at - 1);
    }});
    var m = /step=(\\d+|last)/.exec(location.hash);
    show(m ? (m[1] === 'last' ? pictures.length - 1 : parseInt(m[1], 10)) : 0);
  }}
  if (typeof DecompressionStream === 'undefined') {{
    view.textContent = 'This browser cannot unpack the pictures (it has no DecompressionStream).';
    return;
  }}
  var raw = atob(document.getElementById('pictures').textContent.trim());
  var bytes = new Uint8Array(raw.length);
  for (var k = 0; k < raw.length; k++) bytes[k] = raw.charCodeAt(k);
  var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  new Response(stream).text().then(function (text) {{
    pictures = JSON.parse(text);
    start();
  }});
}})();
</script></body></html>
"""


def replay_html(game: Game, title: str | None = None) -> str:
    """A self-contained HTML page stepping through *game* turn by turn (open
    ``page.html#step=last`` to start at the end). The pictures (one SVG per position) are a
    gzip-compressed JSON list inside the page, unpacked by the browser's own
    ``DecompressionStream``: a few dozen kilobytes instead of megabytes."""
    states = turn_states(game)
    head = title or (f"{game.rules.spec.name}: {', '.join(game.names)} (seed {game.seed})"
                     if game.origin == "seed" else f"{game.rules.spec.name}: "
                     f"{', '.join(game.names)}")
    pictures = [position_svg(game.rules, state, game.names) for _, state in states]
    texts = [cap for cap, _ in states]
    if game.is_over:
        sc = game.scores()
        texts[-1] += " — final scores: " + ", ".join(f"{p.name} {p.total}" for p in sc)
    captions = json.dumps([printable(c) for c in texts])
    packed = base64.b64encode(gzip.compress(json.dumps(pictures).encode("utf-8"), mtime=0))
    return _PAGE.format(title=html.escape(printable(head)), last=len(states) - 1,
                        pictures=packed.decode("ascii"),
                        captions=captions.replace("</", "<\\/"))


def page_pictures(page: str) -> list[str]:
    """The pictures a page of :func:`replay_html` holds, one SVG per position (for tests and
    tools)."""
    start = page.index('<script id="pictures" type="application/octet-stream">')
    body = page[page.index(">", start) + 1:page.index("</script>", start)]
    return list(json.loads(gzip.decompress(base64.b64decode(body.strip()))))
