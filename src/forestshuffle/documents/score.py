"""Forest documents: score finished forests written by hand (the score calculator).

A document names the game, and for each player a name, the number of cave cards and the
forest as a list of sites::

    {"game": "base",
     "players": [{"name": "Ada", "cave": 3,
                  "forest": [{"tree": "Silver Fir", "top": ["Tawny Owl"],
                              "left": ["European Hare", "European Hare"],
                              "right": [{"species": "Roe Deer", "symbol": "Oak"}]},
                             {"sapling": true, "bottom": ["Common Toad", "Common Toad"]}]}]}

Cards are species names (display names or ids, any case) or objects with ``species`` and
``symbol``. Each card is matched to a physical card of the game that shows that species
on that side (and that symbol, when given); where the symbol is left out, the matcher
prefers the first symbol in the card set's order and the breakdown says which it assumed.

Scoring goes through the same code as a game's own end-of-game scoring
(:func:`forestshuffle.core.scoring.score_forest`) on forests built the same way.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import attrs

from forestshuffle.core.scoring import _lazy_reason
from forestshuffle.documents.export import document_of
from forestshuffle.documents.match import DocumentProblem
from forestshuffle.documents.reader import DocumentError, read_document

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.game import Game
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.scoring import CardScore

__all__ = ["DocumentError", "DocumentProblem", "PlayerReport", "ScoreLine", "ScoreReport",
           "document_of", "forest_document", "read_document", "score_document"]


@attrs.frozen
class ScoreLine:
    """One card of a forest in a score report.

    ``reason`` is the text of the card's breakdown line (with the symbol the document left
    out, where one was assumed), formatted when first read, as
    :attr:`forestshuffle.core.scoring.CardScore.reason` is."""

    card: str  #: display name ("Sapling" for a sapling)
    species: str  #: species id ("" for a sapling)
    site: int
    slot: str
    symbol: str | None
    points: int
    reason: str


setattr(ScoreLine, "reason", _lazy_reason(ScoreLine.__dict__["reason"]))  # noqa: B010


def _card_reason(cs: CardScore) -> str:
    return cs.reason


def _assumed_reason(args: tuple[CardScore, str]) -> str:
    cs, symbol = args
    return f"{cs.reason} (symbol {symbol} assumed)"


@attrs.frozen
class PlayerReport:
    """A player's score: total, cave points and one line per forest card.

    ``score_document`` makes the lines when they are first read (a report whose totals
    alone are read makes none, nor scores the breakdown: its totals come from the
    points-only scorers); read, they are the same lines, and stay."""

    name: str
    total: int
    cave: int
    lines: tuple[ScoreLine, ...]


class _PendingLines:
    """The lines of a :class:`PlayerReport`, made when first read: the player's forest
    scored with its breakdown (:func:`~forestshuffle.core.scoring.score_forest`; the report's
    totals came from the points-only scorers, which give the same points), where each card
    lies, and the symbols the document left out."""

    __slots__ = ("assumed", "forests", "player", "rules")

    def __init__(self, rules: Ruleset, forests: list[Forest], player: int,
                 assumed: dict[int, str]) -> None:
        self.rules = rules
        self.forests = forests
        self.player = player
        self.assumed = assumed

    def __call__(self) -> tuple[ScoreLine, ...]:
        from forestshuffle.core.scoring import score_forest

        rules, assumed = self.rules, self.assumed
        _, cards = score_forest(rules, self.forests, self.player)
        lines = []
        where, halves = self.forests[self.player].where, rules.halves
        for cs in cards:
            card = cs.card
            hi = where[card][2]
            symbol = halves[card][hi].symbol if hi >= 0 else None
            # the reason stays unformatted until read (see ScoreLine)
            reason: Any = (_card_reason, cs) if card not in assumed else \
                (_assumed_reason, (cs, assumed[card]))
            lines.append(ScoreLine(cs.name, cs.species, cs.site, cs.slot, symbol, cs.points,
                                   reason))
        return tuple(lines)


def _lazy_lines(slot: Any) -> property:
    """``PlayerReport.lines`` over its slot *slot*: the lines, or the :class:`_PendingLines`
    that makes them on the first read (and keeps them)."""
    get, put = slot.__get__, slot.__set__

    def lines(self: PlayerReport) -> tuple[ScoreLine, ...]:
        raw = get(self)
        if type(raw) is _PendingLines:
            raw = raw()
            put(self, raw)
        return raw  # type: ignore[no-any-return]

    return property(lines, put, doc="One line per forest card.")


setattr(PlayerReport, "lines", _lazy_lines(PlayerReport.__dict__["lines"]))  # noqa: B010


@attrs.frozen
class ScoreReport:
    """Scores of every player of a document, and the winners (ties share the win)."""

    game: str
    players: tuple[PlayerReport, ...]
    winners: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        return attrs.asdict(self)

    def to_json(self, indent: int | None = 2) -> str:
        """The report as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def _repr_html_(self) -> str:  # a notebook's table
        from forestshuffle.display.render import report_html
        return report_html(self)


def forest_document(game: Game) -> dict[str, Any]:
    """The forests of *game* as a document: every card with its symbol (trees too), the
    game's overrides inline, so it scores exactly as the game does
    (``game.forest_document()``)."""
    return game.forest_document()


# -- scoring (export: forestshuffle.documents.export) ----------------------------------------


def score_document(doc: Any, *, overrides: Any = None) -> ScoreReport:
    """Score a forest document (a dict, or JSON text), or a game record.

    *overrides* (a mapping or a TOML/JSON path) corrects card facts, like a document's own
    ``"overrides"`` key. Raises DocumentError listing every problem of the document.
    """
    from forestshuffle.core.scoring import final_totals

    rules, names, caves, forests, assumed = read_document(doc, overrides)
    # the totals through the points-only scorers; the breakdown when the lines are read
    totals = final_totals(rules, forests, caves)
    players = []
    for p, total in enumerate(totals):
        lines: Any = _PendingLines(rules, forests, p, assumed)
        players.append(PlayerReport(names[p], total, caves[p], lines))
    best = max(totals)
    winners = tuple(names[p] for p, total in enumerate(totals) if total == best)
    return ScoreReport(rules.id, tuple(players), winners)
