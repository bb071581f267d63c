"""Pictures of a game as SVG, in the spirit of python-chess's ``chess.svg``: a forest
(:func:`forest_svg`), a player's view (:func:`view_svg`), a whole position
(:func:`position_svg`, :func:`game_svg`), and a score report as an HTML table
(:func:`report_html`). Notebooks show them through ``_repr_svg_`` / ``_repr_html_`` on
:class:`~forestshuffle.core.game.Game`, :class:`~forestshuffle.core.views.PlayerView` and
:class:`~forestshuffle.documents.score.ScoreReport`.

A card is a labelled tile in its tree symbol's colour (a split card: a tile per half); a
site is its tree (or site card) with its slots around it, by side: top above, bottom below,
left and right beside, several slots of one side next to each other; the cards of a shared
slot are stacked, with their number. Every text is escaped for XML and made printable.

This module reads games, views and reports through their attributes only and imports none
of their modules, so they can call it without an import circle.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from forestshuffle.core.cards import Position
from forestshuffle.safety import printable

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.layouts import SiteKind, SlotDef
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState

#: Tile colours of the tree symbols, in the ruleset's symbol order.
PALETTE = ("#3f7d3a", "#c26a1b", "#7b5aa6", "#c9a227", "#2f7fb5", "#b5473a", "#4fae7e",
           "#a63f8f", "#2aa3a3", "#8a7a55", "#d17fc4", "#4f6f9f", "#86b63a", "#e0866a")
#: the fill of a card without a tree symbol
NO_SYMBOL = "#8c8c8c"
#: the fill of a face-down card (a sapling, a tucked card)
FACE_DOWN = "#6b5a45"
W, H = 96, 40  #: a tile
#: the space between tiles
GAP = 6
STACK = 9  #: offset of each further card of a shared slot
#: The picture's style sheet: the classes its elements use.
STYLE = ("<style>text{font-family:'DejaVu Sans',Verdana,sans-serif;fill:#222}"
         ".c rect{stroke:#2b2b2b;stroke-width:1}.c text{text-anchor:middle;"
         "dominant-baseline:middle;font-size:11px}.c .n{font-size:9px}.w text{fill:#fff}"
         ".e{fill:none;stroke:#b9b09a;stroke-dasharray:4 3}.h{font-size:13px;font-weight:bold}"
         ".s{font-size:12px}.i{font-size:10px;fill:#777}.b circle{fill:#fff;stroke:#2b2b2b}"
         ".b text{font-size:10px;text-anchor:middle}</style>")


def _esc(text: Any) -> str:
    return html.escape(printable(str(text)), quote=True)


def symbol_colour(rules: Ruleset, symbol: str | None) -> str:
    """The tile colour of tree symbol *symbol* (grey for none)."""
    if symbol is None or symbol not in rules.symbols:
        return NO_SYMBOL
    return PALETTE[rules.symbols.index(symbol) % len(PALETTE)]


def _ink(fill: str) -> str:
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def _short(text: str, width: int) -> str:
    most = max(4, width // 6)
    return text if len(text) <= most else text[:most - 1] + "…"


def tile(x: float, y: float, label: str, fill: str, *, w: float = W, h: float = H,
         note: str = "", dashed: bool = False, title: str = "") -> str:
    """One tile: a rounded rectangle with a label (and a small note under it)."""
    if dashed:
        return f"<rect class='e' x='{x:g}' y='{y:g}' width='{w:g}' height='{h:g}' rx='5'/>"
    ink = " w" if _ink(fill) == "#fff" else ""
    ty = y + (h / 2 if not note else h / 2 - 4)
    out = (f"<g class='c{ink}'><title>{_esc(title or label)}</title><rect x='{x:g}' "
           f"y='{y:g}' width='{w:g}' height='{h:g}' rx='5' fill='{fill}'/><text x='{x + w / 2:g}'"
           f" y='{ty:g}'>{_esc(_short(label, int(w)))}</text>")
    if note:
        out += f"<text class='n' x='{x + w / 2:g}' y='{y + h - 8:g}'>{_esc(note)}</text>"
    return out + "</g>"


def card_tile(rules: Ruleset, card: int, x: float, y: float, half: int | None = None) -> str:
    """A card as a tile (*half*: only that half; a split card otherwise: one half a row)."""
    halves = rules.halves.get(card)
    if not halves:
        return tile(x, y, rules.card_names.get(card, "?"), "#dfe7ef")
    if half is not None or len(halves) == 1:
        h = halves[half if half is not None else 0]
        return tile(x, y, h.name, symbol_colour(rules, h.symbol), note=h.symbol or "",
                    title=f"{h.name} ({h.symbol or 'no symbol'})")
    a, b = halves[0], halves[1]
    return (tile(x, y, a.name, symbol_colour(rules, a.symbol), h=H / 2,
                 title=f"{a.name} ({a.symbol or 'no symbol'}) / {b.name}") +
            tile(x, y + H / 2, b.name, symbol_colour(rules, b.symbol), h=H / 2,
                 title=f"{b.name} ({b.symbol or 'no symbol'}) / {a.name}"))


# -- a site and a forest ----------------------------------------------------------------------

_SIDES = (Position.TOP, Position.BOTTOM, Position.LEFT, Position.RIGHT)


def _side(sd: SlotDef) -> Position:
    for p in _SIDES:
        if p in sd.accepts:
            return p
    return Position.BOTTOM


def _site_box(kind: SiteKind) -> tuple[dict[str, tuple[float, float]], float, float]:
    """Where each slot of a site goes (its top-left corner), and the site's width and height;
    the site card itself is at (0, 0) of the centre cell."""
    sides: dict[Position, list[str]] = {p: [] for p in _SIDES}
    for sd in kind.slots:
        sides[_side(sd)].append(sd.name)
    left = max(1, len(sides[Position.LEFT]))
    right = max(1, len(sides[Position.RIGHT]))
    cols = max(1, len(sides[Position.TOP]), len(sides[Position.BOTTOM]))
    cw = W * cols + GAP * (cols - 1)
    cx = left * (W + GAP)
    top_h = H + 3 * STACK + GAP
    cy = top_h
    pos: dict[str, tuple[float, float]] = {"center": (cx + (cw - W) / 2, cy)}
    for side, names in sides.items():
        for i, n in enumerate(names):
            if side is Position.TOP:
                pos[n] = (cx + i * (W + GAP) + (cw - len(names) * (W + GAP) + GAP) / 2,
                          cy - H - GAP)
            elif side is Position.BOTTOM:
                pos[n] = (cx + i * (W + GAP) + (cw - len(names) * (W + GAP) + GAP) / 2,
                          cy + H + GAP)
            elif side is Position.LEFT:
                pos[n] = (cx - (i + 1) * (W + GAP), cy)
            else:
                pos[n] = (cx + cw + GAP + i * (W + GAP), cy)
    width = cx + cw + right * (W + GAP)
    height = top_h + 2 * H + GAP + 3 * STACK + 8
    return pos, width, height


class SiteLike(Protocol):
    """What a site drawing reads: a forest's :class:`~forestshuffle.core.forest.Site`."""

    #: the site's card (its tree, or the card that opened it)
    card: int
    #: its site kind (tree, shrub, sapling...)
    kind: SiteKind
    #: the site card's species, or None face down
    species: str | None
    #: the cards in each of its slots, by slot name (an empty slot: an empty tuple)
    slots: dict[str, list[int] | tuple[int, ...]]
    #: the cards tucked under it
    under: list[int]


def _site(rules: Ruleset, s: SiteLike, where: Mapping[int, tuple[int, str, int]],
          x0: float, y0: float, index: int) -> tuple[str, float, float]:
    pos, width, height = _site_box(s.kind)
    out = [f"<g class='site' data-site='{index}'>"]
    for sd in s.kind.slots:
        sx, sy = pos[sd.name]
        cards = s.slots.get(sd.name, [])
        if not cards:
            out.append(tile(x0 + sx, y0 + sy, "", "", dashed=True))
            continue
        up = -1 if _side(sd) is Position.TOP else 1
        for k, c in enumerate(cards):
            out.append(card_tile(rules, c, x0 + sx, y0 + sy + up * k * STACK,
                                 where.get(c, (0, "", 0))[2]))
        if len(cards) > 1:
            bx = x0 + sx + W - 8
            by = y0 + sy + up * (len(cards) - 1) * STACK + 6
            out.append(f"<g class='b'><circle cx='{bx:g}' cy='{by:g}' r='8'/><text "
                       f"x='{bx:g}' y='{by + 4:g}'>{len(cards)}</text></g>")
    cx, cy = pos["center"]
    if s.species is None:
        out.append(tile(x0 + cx, y0 + cy, s.kind.label or s.kind.id, FACE_DOWN,
                        note="face down"))
    else:
        out.append(card_tile(rules, s.card, x0 + cx, y0 + cy, 0))
    label = f"{index}" + (f" · {s.kind.label or s.kind.id}" if s.under else "")
    out.append(f"<text class='i' x='{x0 + 2:g}' y='{y0 + 12:g}'>{_esc(label)}</text></g>")
    return "".join(out), width, height


def _forest(rules: Ruleset, forest: Forest, x0: float, y0: float,
            max_width: float = 1500) -> tuple[str, float, float]:
    """A forest's sites, left to right, wrapping into rows; (svg, width, height)."""
    out: list[str] = []
    x, y, row_h, width = x0, y0, 0.0, 0.0
    for i, s in enumerate(forest.sites):
        _, w, h = _site_box(s.kind)
        if x > x0 and x + w > x0 + max_width:
            x, y = x0, y + row_h + GAP
            row_h = 0.0
        part, w, h = _site(rules, s, forest.where, x, y, i)
        out.append(part)
        x += w + 2 * GAP
        row_h = max(row_h, h)
        width = max(width, x - x0)
    if not forest.sites:
        out.append(f"<text class='i' x='{x0:g}' y='{y0 + 20:g}'>(no card yet)</text>")
        return "".join(out), 200, 30
    return "".join(out), width, y - y0 + row_h


def _svg(body: str, width: float, height: float) -> str:
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{int(width)}' "
            f"height='{int(height)}' viewBox='0 0 {int(width)} {int(height)}'>"
            f"{STYLE}<rect width='100%' height='100%' fill='#f7f3e8'/>{body}</svg>")


def forest_svg(rules: Ruleset, forest: Forest) -> str:
    """A forest as an SVG picture."""
    body, w, h = _forest(rules, forest, 10, 10)
    return _svg(body, w + 20, h + 20)


# -- positions ---------------------------------------------------------------------------------


def _text(x: float, y: float, text: str, cls: str = "s") -> str:
    return f"<text class='{cls}' x='{x:g}' y='{y:g}'>{_esc(text)}</text>"


def _row(rules: Ruleset, title: str, cards: Iterable[int], x0: float, y0: float
         ) -> tuple[str, float, float]:
    out = [_text(x0, y0 + 14, title, "h")]
    x = x0
    n = 0
    for c in cards:
        out.append(card_tile(rules, c, x, y0 + 22))
        x += W + GAP
        n += 1
    if not n:
        out.append(_text(x0, y0 + 40, "(none)"))
    return "".join(out), max(x - x0, 200), H + 30


def position_svg(rules: Ruleset, state: GameState, names: Sequence[str], *,
                 hand_of: int | None = None, caption: str = "") -> str:
    """A whole position: the counts (deck, winter cards, hands, caves), the clearing, every
    forest, and the hand of *hand_of* if given (every hand is hidden otherwise)."""
    return _position(rules, state.clearing, [f for f in state.forests],
                     [len(h) for h in state.hands], [len(c) for c in state.caves],
                     len(state.deck), len(state.winter), names,
                     state.hands[hand_of] if hand_of is not None else None, hand_of, caption)


def _position(rules: Ruleset, clearing: Sequence[int], forests: Sequence[Any],
              hands: Sequence[int], caves: Sequence[int], deck: int, winter: int,
              names: Sequence[str], hand: Sequence[int] | None, seat: int | None,
              caption: str, you: bool = False) -> str:
    out: list[str] = []
    y = 10.0
    width = 600.0
    if caption:
        out.append(_text(10, y + 14, caption, "h"))
        y += 24
    out.append(_text(10, y + 14, f"{rules.spec.name}  ·  deck {deck}  ·  winter cards "
                     f"{winter}"))
    y += 22
    part, w, h = _row(rules, f"Clearing ({len(clearing)})", clearing, 10, y)
    out.append(part)
    width = max(width, w + 20)
    y += h + 8
    for p, f in enumerate(forests):
        whose = f"Your forest ({names[p]})" if you and p == seat else f"{names[p]}'s forest"
        out.append(_text(10, y + 14, f"{whose}  ·  hand {hands[p]}  ·  cave {caves[p]}", "h"))
        y += 22
        part, w, h = _forest(rules, f, 10, y)
        out.append(f"<g class='forest' data-player='{p}'>{part}</g>")
        width = max(width, w + 20)
        y += h + 14
    if hand is not None and seat is not None:
        part, w, h = _row(rules, "Your hand" if you else f"{names[seat]}'s hand", hand, 10, y)
        out.append(part)
        width = max(width, w + 20)
        y += h + 8
    return _svg("".join(out), width, y + 10)


class GameLike(Protocol):
    """What :func:`game_svg` reads of a :class:`~forestshuffle.core.game.Game`."""

    #: the compiled ruleset
    rules: Ruleset
    #: the current state
    state: GameState
    #: the players' names
    names: list[str]


def game_svg(game: GameLike) -> str:
    """The game's current position as SVG (``Game._repr_svg_``); no hand is shown."""
    return position_svg(game.rules, game.state, game.names)


class _ViewForest:
    """A forest view as the drawing reads a forest."""

    def __init__(self, rules: Ruleset, fv: Any) -> None:
        from forestshuffle.core.forest import Site

        self.sites = []
        self.where: dict[int, tuple[int, str, int]] = {}
        for i, sv in enumerate(fv.sites):
            kind = _kind_of(rules, sv)
            site = Site(sv.card, kind, sv.species, None)
            for slot, cards in sv.slots:
                site.slots[slot] = list(cards)
                for c in cards:
                    self.where[c] = (i, slot, _half_in(rules, c, kind, slot))
            self.sites.append(site)


def _kind_of(rules: Ruleset, sv: Any) -> SiteKind:
    """The site kind of a site view: the one its slot names match, its card's own first."""
    names = tuple(n for n, _ in sv.slots)
    first = None
    if sv.species is not None:
        sp = rules.species[sv.species]
        first = rules.site_kind_of(sp.site_kind) if sp.site_kind else None
    else:
        first = rules.spec.sapling_kind
    kinds = list(rules.used_site_kinds.values()) or list(rules.site_kinds.values())
    kinds.sort(key=lambda k: k.id != first)
    for k in kinds:
        if tuple(sd.name for sd in k.slots) == names:
            return k
    return rules.site_kinds[first] if first in rules.site_kinds else kinds[0]


def _half_in(rules: Ruleset, card: int, kind: SiteKind, slot: str) -> int:
    halves = rules.halves.get(card, ())
    accepts = kind.slot(slot).accepts if slot in {sd.name for sd in kind.slots} else frozenset()
    for i, h in enumerate(halves):
        if h.position in accepts:
            return i
    return 0


def view_svg(view: Any, rules: Ruleset | None = None) -> str:
    """A player's view (:class:`~forestshuffle.core.views.PlayerView`) as SVG: what that player
    sees, their hand included. *rules* defaults to the ruleset the view was made from."""
    rules = rules if rules is not None else getattr(view, "rules", None)
    if rules is None:
        raise ValueError("view_svg needs the view's ruleset")
    forests = [_ViewForest(rules, fv) for fv in view.forests]
    names = [f"Player {p + 1}" for p in range(len(view.forests))]
    return _position(rules, view.clearing, forests, view.hand_sizes, view.cave_sizes,
                     view.deck_size, len(view.winter_cards), names, view.hand, view.player,
                     "", you=True)


def report_html(report: Any) -> str:
    """A score report (:class:`~forestshuffle.documents.score.ScoreReport`) as an HTML table:
    a row per card with its points and reason, a total per player, the winners in bold."""
    rows = []
    for p in report.players:
        won = p.name in report.winners
        rows.append(f"<tr><th colspan='4' style='text-align:left'>{'🏆 ' if won else ''}"
                    f"{_esc(p.name)}: {p.total} points</th></tr>")
        for ln in p.lines:
            where = f"site {ln.site}" + (f" {ln.slot}" if ln.slot != "center" else "")
            rows.append(f"<tr><td>{_esc(ln.card)}</td><td>{_esc(where)}</td>"
                        f"<td style='text-align:right'>{ln.points}</td>"
                        f"<td>{_esc(ln.reason)}</td></tr>")
        rows.append(f"<tr><td><i>cave</i></td><td></td><td style='text-align:right'>{p.cave}"
                    f"</td><td>{p.cave} card(s)</td></tr>")
    return (f"<table class='forestshuffle-score'><caption>{_esc(report.game)}: "
            f"winner(s) {_esc(', '.join(report.winners))}</caption>{''.join(rows)}</table>")
