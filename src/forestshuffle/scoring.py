"""Final scores with a per-card breakdown: :func:`score_forest` and :func:`final_scores`.

The kinds that score live in :mod:`forestshuffle.kinds.scoring` and the counts they read in
:mod:`forestshuffle.kinds.counts`; both are re-exported here (``count_getter``,
``count_value``, ``CORE_SCORING``, ``CORE_COUNTS``), where plugins have imported them from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from .errors import ForestShuffleError, PluginError
from .kinds import ScoreContext
from .kinds.counts import CORE_COUNTS, count_getter, count_value, slot_names
from .kinds.scoring import CORE_SCORING

if TYPE_CHECKING:
    from .forest import Forest
    from .ruleset import Ruleset
    from .state import GameState

__all__ = ["CORE_COUNTS", "CORE_SCORING", "CardScore", "PlayerScore", "ScoreLine", "Scores",
           "count_getter", "count_value", "final_scores", "score_forest", "slot_names",
           "with_state_scores"]


# -- final scores ---------------------------------------------------------------------------


@attrs.frozen
class CardScore:
    """One scoring card of a forest: where it is, its points, and why."""

    card: int
    species: str
    name: str
    site: int
    slot: str
    points: int
    reason: str


@attrs.frozen
class ScoreLine:
    """Points a player scores apart from the cards of their forest and their cave (from a
    part of the state a plugin owns: :meth:`forestshuffle.kinds.StateKind.score`)."""

    name: str
    points: int
    reason: str


@attrs.frozen
class PlayerScore:
    """A player's final score: total, cave points, the per-card breakdown and the lines
    scored apart from the cards (``extras``); the total is their sum."""

    player: int
    name: str
    total: int
    cave: int
    cards: tuple[CardScore, ...]
    extras: tuple[ScoreLine, ...] = ()


@attrs.frozen
class Scores:
    """Every player's score and the winners (ties share the win)."""

    players: tuple[PlayerScore, ...]
    winners: frozenset[int]

    def __getitem__(self, player: int) -> PlayerScore:
        return self.players[player]

    def __iter__(self) -> Any:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total, in seat order."""
        return tuple(p.total for p in self.players)


def _scoring_failure(rules: Ruleset, cs: Any, exc: Exception) -> PluginError:
    """A PluginError naming the scoring kind that raised and its plugin."""
    plugin = rules.registry.owners.get(f"scoring:{cs.kind}", "?")
    return PluginError(f"scoring kind {cs.kind!r} of plugin {plugin!r} failed: "
                       f"{type(exc).__name__}: {exc}", plugin=plugin, kind=cs.kind)


def score_forest(
    rules: Ruleset, forests: Sequence[Forest], player: int, breakdown: bool = True
) -> tuple[int, list[CardScore]]:
    """Points of *player*'s forest (cave excluded) and, if asked, one line per card."""
    ctx = ScoreContext(rules, forests, player)
    forest = forests[player]
    where = forest.where
    halves = rules.halves
    scorers = rules.scorers
    points: dict[int, int] = {}
    reasons: dict[int, list[str]] = {}
    groups: dict[str, tuple[Callable[..., Any], list[int]]] = {}
    total = 0
    for card in forest.order:
        hi = where[card][2]
        if hi < 0:
            points[card] = 0
            si, slot, _ = where[card]
            label = forest.sites[si].kind.label.lower() if slot == "center" else ""
            reasons[card] = [label or "face down"]
            continue
        pts = 0
        why: list[str] = []
        for cs in scorers[halves[card][hi].species]:
            if cs.group is not None:
                g = groups.get(cs.group)
                if g is None:
                    groups[cs.group] = (cs.fn, [card])
                else:
                    g[1].append(card)
                continue
            try:
                p, r = cs.fn(ctx, card)
            except ForestShuffleError:
                raise
            except Exception as exc:
                raise _scoring_failure(rules, cs, exc) from exc
            pts += p
            why.append(r)
        points[card] = pts
        reasons[card] = why
        total += pts
    for fn, cards in groups.values():
        try:
            results = fn(ctx, cards)
        except ForestShuffleError:
            raise
        except Exception as exc:
            raise _scoring_failure(rules, next(
                cs for sc in scorers.values() for cs in sc if cs.fn is fn), exc) from exc
        for card, (p, r) in zip(cards, results, strict=True):
            points[card] += p
            reasons[card].append(r)
            total += p
    if not breakdown:
        return total, []
    lines = []
    for card in forest.order:
        si, slot, hi = where[card]
        if hi < 0:
            site = forest.sites[si]
            sp = ""
            name = (site.kind.label or "Face-down card") if slot == "center" else \
                "Face-down card"
        else:
            h = halves[card][hi]
            sp, name = h.species, h.name
        lines.append(CardScore(card, sp, name, si, slot, points[card],
                               "; ".join(reasons[card]) or "no points"))
    return total, lines


def final_scores(
    rules: Ruleset, forests: Sequence[Forest], caves: Sequence[int], names: Sequence[str]
) -> Scores:
    """Every player's total (forest + 1 per cave card) and the winners."""
    out = []
    for p in range(len(forests)):
        pts, lines = score_forest(rules, forests, p)
        out.append(PlayerScore(p, names[p], pts + caves[p], caves[p], tuple(lines)))
    best = max(s.total for s in out)
    return Scores(tuple(out), frozenset(s.player for s in out if s.total == best))



def with_state_scores(scores: Scores, state: GameState) -> Scores:
    """*scores* with the lines the ruleset's state kinds score for each player
    (:meth:`~forestshuffle.kinds.StateKind.score`) added to their totals, and the winners
    taken again; *scores* itself when there are none."""
    rules = state.rules
    kinds = rules.state_kinds
    if not kinds:
        return scores
    out = []
    changed = False
    for ps in scores.players:
        lines: list[ScoreLine] = []
        for k in kinds:
            try:
                got = [ScoreLine(str(n), int(p), str(r))
                       for n, p, r in k.score(state.ext.get(k.name), state, ps.player)]
            except ForestShuffleError:
                raise
            except Exception as exc:
                plugin = rules.registry.owners.get(f"state_kinds:{k.name}", "?")
                raise PluginError(f"state kind {k.name!r} of plugin {plugin!r} failed to "
                                  f"score: {type(exc).__name__}: {exc}", plugin=plugin,
                                  kind=k.name) from exc
            lines.extend(got)
        if lines:
            changed = True
            ps = attrs.evolve(ps, total=ps.total + sum(x.points for x in lines),
                              extras=(*ps.extras, *lines))
        out.append(ps)
    if not changed:
        return scores
    top = max(p.total for p in out)
    return Scores(tuple(out), frozenset(p.player for p in out if p.total == top))
