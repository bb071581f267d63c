"""Short human-readable accounts of events, turns, forests and scores."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from . import events as ev

if TYPE_CHECKING:
    from .forest import Forest
    from .game import Game
    from .ruleset import Ruleset
    from .scoring import Scores


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
        elif isinstance(e, ev.CardTaken):
            flush_draws()
            parts.append(f"takes {rules.name_of(e.card)}")
        elif isinstance(e, ev.CardPlayed):
            flush_draws()
            parts.append(_played(rules, e, sites))
        elif isinstance(e, ev.CardRevealed):
            flush_draws()
            parts.append(f"reveals {rules.name_of(e.card)}")
        elif isinstance(e, ev.WinterRevealed):
            flush_draws()
            parts.append("WINTER")
        elif isinstance(e, ev.SiteUpgraded):
            flush_draws()
            label = rules.site_kinds[e.kind].label or e.kind
            parts.append(f"tucks a card under it ({label.lower()})")
        elif isinstance(e, ev.HandRevealed):
            flush_draws()
            parts.append("cannot act: shows the hand")
        elif isinstance(e, ev.CardsCaved):
            flush_draws()
            parts.append(f"caves {len(e.cards)} from the {e.source}")
        elif isinstance(e, ev.ClearingEmptied):
            flush_draws()
            parts.append(f"clearing emptied ({len(e.cards)})")
        elif isinstance(e, ev.ExtraTurnGranted):
            flush_draws()
            parts.append("earns an extra turn")
        elif isinstance(e, ev.GameEnded):
            flush_draws()
            parts.append(f"game over ({e.reason.replace('_', ' ')})")
    flush()
    return lines


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
    from .outcome import Termination

    out = game.outcome()
    if out is None:
        return []
    lines = []
    if out.termination is Termination.DECLARED_WIN:
        who = ", ".join(game.names[p] for p in sorted(out.winners))
        lines.append(f"{who} declared an immediate win ({out.reason})")
    lines += out.notes
    return lines
