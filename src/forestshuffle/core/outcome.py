"""The end of a game as a value: why it ended (:class:`Termination`), who won and how.

Like python-chess's ``Outcome``: ``game.outcome()`` is None while the game goes on; each
:class:`Termination` member names the rule that produces it.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from forestshuffle.errors import ForestShuffleError, PluginError

if TYPE_CHECKING:
    from forestshuffle.core.state import GameState


class Termination(enum.Enum):
    """Why a game ended."""

    #: The ruleset's last winter card came off the deck
    #: (:func:`forestshuffle.core.rules.deck_take`), ending the game at once or, where the
    #: ruleset says so, after that turn.
    THIRD_WINTER = "third_winter"
    #: A player declared an immediate win (a :class:`~forestshuffle.kinds.DeclarationKind`).
    DECLARED_WIN = "declared_win"
    #: One of the ruleset's end conditions held at the end of a turn
    #: (:class:`~forestshuffle.kinds.EndCondition`; ``Outcome.reason`` names it).
    END_CONDITION = "end_condition"


@attrs.frozen
class Outcome:
    """How a game ended: the rule, its reason string, the scores and the winners.

    ``winners`` are the seats that won: those a rule names (a declared win), else the players
    with the highest total, tie-breakers applied (``RulesetSpec.tie_breakers``); still
    tied, they share the win.

    Attributes:
        termination: which kind of rule ended the game.
        reason: the end's reason string (``third_winter``, an end condition's name...).
        scores: every player's total, by seat.
        winners: the winning seats.
    """

    termination: Termination
    reason: str
    scores: tuple[int, ...]
    winners: frozenset[int]
    #: lines for people from the ruleset's state kinds (``StateKind.notes``): a solo game's
    #: goal met or not...
    notes: tuple[str, ...] = ()


def state_notes(state: GameState, scores: Any) -> tuple[str, ...]:
    """The lines the ruleset's state kinds note about the finished game (``StateKind.notes``),
    in the ruleset's order; a kind that fails is reported as its plugin's error."""
    rules = state.rules
    out: list[str] = []
    for k in rules.state_kinds:
        try:
            out.extend(str(n) for n in k.notes(state.ext.get(k.name), state, scores))
        except ForestShuffleError:
            raise
        except Exception as exc:
            plugin = rules.registry.owners.get(f"state_kinds:{k.name}", "?")
            raise PluginError(f"state kind {k.name!r} of plugin {plugin!r} failed to note the "
                              f"outcome: {type(exc).__name__}: {exc}", plugin=plugin,
                              kind=k.name) from exc
    return tuple(out)


def termination_of(reason: str, declared: bool) -> Termination:
    """The :class:`Termination` of an end *reason*."""
    if declared:
        return Termination.DECLARED_WIN
    if reason == Termination.THIRD_WINTER.value:
        return Termination.THIRD_WINTER
    return Termination.END_CONDITION


def tie_values(state: GameState) -> list[tuple[int, ...]]:
    """Per player, the values of the ruleset's tie-breaker counts, in order."""
    rules = state.rules
    counts = rules.registry.counts
    out = []
    for p in range(state.players):
        vals = []
        for key in rules.spec.tie_breakers:
            kind, _, arg = key.partition(":")
            vals.append(int(counts[kind].player_value(state, p, arg)))
        out.append(tuple(vals))
    return out


def best(totals: Sequence[int], ties: Sequence[tuple[int, ...]] | None = None) -> frozenset[int]:
    """The players with the highest total; among them, those with the highest tie-breaker
    values compared in order (*ties*, one tuple per player); the rest share the win."""
    top = max(totals)
    tied = [p for p, t in enumerate(totals) if t == top]
    if ties and len(tied) > 1:
        first = max(ties[p] for p in tied)
        tied = [p for p in tied if ties[p] == first]
    return frozenset(tied)
