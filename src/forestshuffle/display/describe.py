"""Short human-readable accounts of events, turns, forests and scores."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

from forestshuffle.core import events as ev

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.game import Game
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.scoring import Scores


def turn_summaries(game: Game) -> list[str]:
    """One line per turn of *game*: who did what, in short."""
    rules = game.rules
    names = game.seat_names
    lines: list[str] = []
    parts: list[str] = []
    head = ""
    turn = 0
    drawn = 0
    sites = [0] * game.players

    def flush_draws() -> None:
        nonlocal drawn
        if drawn:
            parts.append(f"draws {drawn}")
            drawn = 0

    def flush() -> None:
        flush_draws()
        if head:
            lines.append(f"{head}: {', '.join(parts) or 'nothing'}")

    for e in game.events[game.setup_events:]:
        if isinstance(e, ev.TurnStarted):
            flush()
            parts = []
            turn += 1
            head = f"{turn:3d} {names[e.player]}" + (" (extra turn)" if e.extra else "")
        elif not head:
            continue
        elif isinstance(e, ev.CardDrawn):
            drawn += 1
        else:
            text = _event_text(rules, e, sites)
            if text is not None:
                flush_draws()
                parts.append(text)
    flush()
    return lines


def _event_text(rules: Ruleset, e: ev.Event, sites: list[int]) -> str | None:
    """The short text of a turn's event (None for one a turn's line leaves out)."""
    text = _TEXTS.get(type(e))
    return None if text is None else text(rules, e, sites)


def _upgraded(rules: Ruleset, e: ev.SiteUpgraded, sites: list[int]) -> str:
    label = rules.site_kinds[e.kind].label or e.kind
    return f"tucks a card under it ({label.lower()})"


def _played(rules: Ruleset, e: ev.CardPlayed, sites: list[int]) -> str:
    paid = f", paid {len(e.paid)}" if e.paid else ""
    how = {"free": " for free", "deferred": " (Mole)"}.get(e.mode, "")
    if e.half is None:
        sites[e.player] += 1
        if e.site_kind:
            label = rules.site_kinds[e.site_kind].label or e.site_kind
            return f"plays a card face down as a {label.lower()}{how}"
        return f"plants a sapling{how}"
    name = rules.name_of(e.card, e.half)
    if e.slot == "center":
        sites[e.player] += 1
        return f"plays {name}{how}{paid}"
    return f"plays {name} ({e.slot} of site {e.site}){how}{paid}"


#: the short text of each event a turn's line shows, by its class
_TEXTS: dict[type[Any], Callable[[Ruleset, Any, list[int]], str]] = {
    ev.CardTaken: lambda rules, e, _: f"takes {rules.name_of(e.card)}",
    ev.CardPlayed: _played,
    ev.CardRevealed: lambda rules, e, _: f"reveals {rules.name_of(e.card)}",
    ev.WinterRevealed: lambda *_: "WINTER",
    ev.SiteUpgraded: _upgraded,
    ev.HandRevealed: lambda *_: "cannot act: shows the hand",
    ev.CardsCaved: lambda _, e, __: f"caves {len(e.cards)} from the {e.source}",
    ev.ClearingEmptied: lambda _, e, __: f"clearing emptied ({len(e.cards)})",
    ev.ExtraTurnGranted: lambda *_: "earns an extra turn",
    ev.GameEnded: lambda _, e, __: f"game over ({e.reason.replace('_', ' ')})",
}


def forest_lines(rules: Ruleset, forest: Forest) -> list[str]:
    """One line per site of *forest*."""
    out = []
    for i, s in enumerate(forest.sites):
        if s.species is None:
            name = s.kind.label or s.kind.id
        else:
            name = rules.species[s.species].name
            if s.under:
                name += f" ({s.kind.label or s.kind.id})"
        groups: dict[str, list[str]] = {}
        for slot, cards in s.slots.items():
            if cards:
                group = groups.setdefault(s.kind.slot(slot).group_name, [])
                group.extend(rules.name_of(c, forest.where[c][2]) for c in cards)
        slots = [f"{g}: {' + '.join(names)}" for g, names in groups.items()]
        out.append(f"  [{i}] {name}" + (f" — {'; '.join(slots)}" if slots else ""))
    return out or ["  (empty)"]


def score_table(scores: Scores, names: Sequence[str],
                winners: Collection[int] | None = None) -> list[str]:
    """The score table: forest points, cave, total, winner mark (on *winners*, by default
    the scores' own: pass ``game.outcome().winners`` for a win by rule)."""
    w = max(len(n) for n in names)
    won = scores.winners if winners is None else winners
    out = [f"  {'player':<{w}}  forest  cave  total"]
    for p in scores:
        mark = "  <- winner" if p.player in won else ""
        out.append(f"  {p.name:<{w}}  {p.total - p.cave:6d}  {p.cave:4d}  {p.total:5d}{mark}")
    return out


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
        lines.append(f"{who} declared an immediate win ({out.reason})")
    lines += out.notes
    return lines
