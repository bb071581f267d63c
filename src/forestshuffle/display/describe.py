"""Short human-readable accounts of events, turns, forests and scores."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

from forestshuffle.core import events as ev
from forestshuffle.i18n import ENGLISH, book_of, resolve
from forestshuffle.i18n import gettext as _

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.game import Game
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.scoring import Scores
    from forestshuffle.documents.score import ScoreReport
    from forestshuffle.i18n import NameBook


def turn_summaries(game: Game, lang: str | None = None) -> list[str]:
    """One line per turn of *game*: who did what, in short, in *lang* (default: the language
    in use, :func:`forestshuffle.i18n.set_language`)."""
    lang = resolve(lang)
    rules = game.rules
    book = book_of(rules)
    names = book.seats(game.seat_names, game.players, lang)
    lines: list[str] = []
    parts: list[str] = []
    head = ""
    turn = 0
    drawn = 0
    sites = [0] * game.players

    def flush_draws() -> None:
        nonlocal drawn
        if drawn:
            parts.append(_("draws {n}", lang).format(n=drawn))
            drawn = 0

    def flush() -> None:
        flush_draws()
        if head:
            lines.append(book.reword(_("{head}: {parts}", lang).format(
                head=head, parts=_(", ", lang).join(parts) or _("nothing", lang)), lang))

    for e in game.events[game.setup_events:]:
        if isinstance(e, ev.TurnStarted):
            flush()
            parts = []
            turn += 1
            head = f"{turn:3d} {names[e.player]}" + (_(" (extra turn)", lang) if e.extra
                                                     else "")
        elif not head:
            continue
        elif isinstance(e, ev.CardDrawn):
            drawn += 1
        else:
            text = _event_text(rules, e, sites, lang)
            if text is not None:
                flush_draws()
                parts.append(text)
    flush()
    return lines


def _event_text(rules: Ruleset, e: ev.Event, sites: list[int],
                lang: str = ENGLISH) -> str | None:
    """The short text of a turn's event (None for one a turn's line leaves out)."""
    text = _TEXTS.get(type(e))
    return None if text is None else text(book_of(rules), e, sites, lang)


def _upgraded(book: NameBook, e: ev.SiteUpgraded, sites: list[int], lang: str) -> str:
    label = book.site_kind(e.kind, lang)
    return _("tucks a card under it ({site})", lang).format(
        site=label.lower() if lang == ENGLISH else label)


def _caved(book: NameBook, e: ev.CardsCaved, sites: list[int], lang: str) -> str:
    source = book.term(e.source, lang) if e.source in ("hand", "clearing", "deck") else e.source
    return _("caves {n} from the {source}", lang).format(n=len(e.cards), source=source)


def _played(rules: Ruleset, e: ev.CardPlayed, sites: list[int], lang: str = ENGLISH) -> str:
    book = book_of(rules)
    paid = _(", paid {n}", lang).format(n=len(e.paid)) if e.paid else ""
    how = {"free": _(" for free", lang),
           "deferred": _(" (Mole)", lang)}.get(e.mode, "")
    if e.half is None:
        sites[e.player] += 1
        if e.site_kind:
            label = book.site_kind(e.site_kind, lang)
            return _("plays a card face down as a {site}", lang).format(
                site=label.lower() if lang == ENGLISH else label) + how
        return _("plants a sapling", lang) + how
    name = book.card(e.card, e.half, lang)
    if e.slot == "center":
        sites[e.player] += 1
        return _("plays {card}", lang).format(card=name) + how + paid
    return _("plays {card} ({slot} of site {site})", lang).format(
        card=name, slot=_slot(e.slot, lang), site=e.site) + how + paid


def _slot(slot: str, lang: str) -> str:
    from forestshuffle.i18n.text import slot_name

    return slot if lang == ENGLISH else slot_name(slot, lang)


#: the short text of each event a turn's line shows, by its class: (names, event, sites
#: opened so far per player, language) -> text
_TEXTS: dict[type[Any], Callable[[NameBook, Any, list[int], str], str]] = {
    ev.CardTaken: lambda b, e, _s, lang: _("takes {card}", lang).format(
        card=b.card(e.card, None, lang)),
    ev.CardPlayed: lambda b, e, sites, lang: _played(b.rules, e, sites, lang),
    ev.CardRevealed: lambda b, e, _s, lang: _("reveals {card}", lang).format(
        card=b.card(e.card, None, lang)),
    ev.WinterRevealed: lambda b, _e, _s, lang: (
        _("WINTER", lang) if lang == ENGLISH else b.term("winter_card", lang)),
    ev.SiteUpgraded: _upgraded,
    ev.HandRevealed: lambda _b, _e, _s, lang: _("cannot act: shows the hand", lang),
    ev.CardsCaved: _caved,
    ev.ClearingEmptied: lambda _b, e, _s, lang: _("clearing emptied ({n})", lang).format(
        n=len(e.cards)),
    ev.ExtraTurnGranted: lambda _b, _e, _s, lang: _("earns an extra turn", lang),
    ev.GameEnded: lambda _b, e, _s, lang: _("game over ({reason})", lang).format(
        reason=_(e.reason.replace("_", " "), lang)),
}


def forest_lines(rules: Ruleset, forest: Forest, lang: str | None = None) -> list[str]:
    """One line per site of *forest*, in *lang*."""
    lang = resolve(lang)
    book = book_of(rules)
    out = []
    for i, s in enumerate(forest.sites):
        if s.species is None:
            name = book.site_kind(s.kind.id, lang)
        else:
            name = book.species(s.species, lang)
            if s.under:
                name += f" ({book.site_kind(s.kind.id, lang)})"
        groups: dict[str, list[str]] = {}
        for slot, cards in s.slots.items():
            if cards:
                group = groups.setdefault(s.kind.slot(slot).group_name, [])
                group.extend(book.card(c, forest.where[c][2], lang) for c in cards)
        slots = [f"{_slot(g, lang)}: {' + '.join(names)}" for g, names in groups.items()]
        out.append(f"  [{i}] {name}" + (f" — {'; '.join(slots)}" if slots else ""))
    return out or ["  " + _("(empty)", lang)]


def score_table(scores: Scores, names: Sequence[str],
                winners: Collection[int] | None = None, lang: str | None = None) -> list[str]:
    """The score table: forest points, cave, total, winner mark (on *winners*, by default
    the scores' own: pass ``game.outcome().winners`` for a win by rule), in *lang*; columns
    aligned by display width (Chinese and Japanese characters take two cells)."""
    lang = resolve(lang)
    won = scores.winners if winners is None else winners
    rows = [[p.name, str(p.total - p.cave), str(p.cave), str(p.total),
             _("<- winner", lang) if p.player in won else ""] for p in scores]
    heads = [_("player", lang), _("forest", lang), _("cave", lang), _("total", lang), ""]
    return text_table(heads, rows, right=(1, 2, 3))


def score_report_lines(report: ScoreReport, lang: str | None = None) -> list[str]:
    """A scored document for people (``forestshuffle score``): one table per player, card by
    card with where it lies, its points and why, then the totals and the winners; card names
    and reasons in *lang*."""
    from forestshuffle.i18n.text import localize_reason
    from forestshuffle.plugins.manager import host

    lang = resolve(lang)
    book: NameBook | None = None
    if lang != ENGLISH:
        try:
            book = book_of(host().ruleset(report.game))
        except Exception:
            book = None
    out: list[str] = []
    for p in report.players:
        out.append(_("{name}: {points} points", lang).format(name=p.name, points=p.total))
        rows = []
        for line in p.lines:
            card = line.card
            if book is not None and line.species in book.rules.species:
                card = book.species(line.species, lang)
            where = _("site {n}", lang).format(n=line.site) + (
                f" {_slot(line.slot, lang)}" if line.slot != "center" else "")
            reason = line.reason if book is None else localize_reason(
                book.rules, line.reason, lang)
            rows.append([card, where, str(line.points), reason])
        rows.append([_("cave", lang), "", str(p.cave),
                     _("{n} card(s)", lang).format(n=p.cave)])
        rows += [[x.name, "", str(x.points), x.reason] for x in p.extras]
        out += text_table(["", "", "", ""], rows, right=(2,))[1:]
        out.append("")
    totals = _(", ", lang).join(f"{p.name} {p.total}" for p in report.players)
    out.append(_("Totals: {totals}", lang).format(totals=totals))
    how = (f" ({_(report.termination.replace('_', ' '), lang)})" if report.termination
           else "")
    out.append((_("Winners: {names}", lang) if len(report.winners) > 1 else
                _("Winner: {names}", lang)).format(names=_(", ", lang).join(report.winners))
               + how)
    return out


def text_table(heads: Sequence[str], rows: Sequence[Sequence[str]],
               right: Collection[int] = ()) -> list[str]:
    """*rows* under *heads* as plain lines (a rich table without borders), each indented by
    two spaces, columns aligned by display width; *right* lists the right-aligned columns."""
    import io

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, show_edge=False, pad_edge=False, padding=(0, 2, 0, 0))
    for i, h in enumerate(heads):
        table.add_column(Text(h), justify="right" if i in right else "left", no_wrap=True)
    for row in rows:
        table.add_row(*(Text(c) for c in row))
    buf = io.StringIO()
    Console(file=buf, width=400, color_system=None, highlight=False,
            emoji=False).print(table)
    return ["  " + line.rstrip() for line in buf.getvalue().splitlines()]


def outcome_lines(game: Game) -> list[str]:
    """What a finished game's outcome says beyond the score table, for people: who declared
    an immediate win, and the ruleset's notes (a solo goal met or not); empty while the game
    goes on or when there is nothing to add."""
    from forestshuffle.core.outcome import Termination

    out = game.outcome()
    if out is None:
        return []
    lines = []
    if out.termination is Termination.DECLARED_WIN:
        who = ", ".join(game.names[p] for p in sorted(out.winners))
        lines.append(_("{who} declared an immediate win ({reason})").format(
            who=who, reason=out.reason))
    lines += out.notes
    return lines
