"""Final scores with a per-card breakdown: :func:`score_forest` and :func:`final_scores`.

The kinds that score live in :mod:`forestshuffle.kinds.scoring` and the counts they read in
:mod:`forestshuffle.kinds.counts`; both are re-exported here (``count_getter``,
``count_value``, ``CORE_SCORING``, ``CORE_COUNTS``), where plugins have imported them from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from forestshuffle.errors import ForestShuffleError, PluginError
from forestshuffle.kinds import ScoreContext, points_only, reason_text
from forestshuffle.kinds.counts import CORE_COUNTS, count_getter, count_value, slot_names
from forestshuffle.kinds.scoring import CORE_SCORING

if TYPE_CHECKING:
    from forestshuffle.core.compiled import CompiledScore
    from forestshuffle.core.forest import Forest, Site
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState
    from forestshuffle.kinds import Reason

__all__ = ["CORE_COUNTS", "CORE_SCORING", "CardScore", "PlayerScore", "ScoreLine", "Scores",
           "count_getter", "count_value", "final_scores", "final_totals", "forest_points",
           "score_forest", "slot_names", "with_state_scores"]


# -- final scores ---------------------------------------------------------------------------


@attrs.define(eq=True, unsafe_hash=True)
class CardScore:
    """One scoring card of a forest: where it is, its points, and why.

    A slotted attrs class without the cost of a frozen one (a breakdown makes one per card
    of every forest): treat it as frozen; it compares and hashes by value. ``reason`` is
    formatted when first read (scoring keeps what the text needs, see
    :data:`forestshuffle.kinds.Reason`), so a breakdown nobody reads formats nothing."""

    #: the card's number
    card: int
    #: the species of the half that scores ("" for a face-down card)
    species: str
    #: that half's name, or what a face-down card is (its site kind's label)
    name: str
    #: the index of the card's site in the forest (by opening order)
    site: int
    #: the slot it is in at that site, or "center" for the site's own card
    slot: str
    #: the points the card scores
    points: int
    #: why, for people: the scoring kinds' reasons, joined
    reason: str


def _join_groups(grouped: dict[Any, Any], groups: Any, card: int) -> None:
    """Add *card* to each of its group scorings in *grouped* (group -> (scoring, cards)):
    a group scores its cards together once every card has been seen."""
    for cs in groups:
        g = grouped.get(cs.group)
        if g is None:
            grouped[cs.group] = (cs, [card])
        else:
            g[1].append(card)


def _lazy_reason(slot: Any) -> property:
    """``CardScore.reason`` over its slot *slot*: the slot holds the text, or what scoring
    left there to make it (one :data:`~forestshuffle.kinds.Reason`, or a list of them to
    join with "; "); the first read formats it and keeps the text."""
    get, put = slot.__get__, slot.__set__

    def reason(self: Any) -> str:  # CardScore, or documents.ScoreLine
        raw = get(self)
        if type(raw) is str:
            return raw
        if type(raw) is tuple:
            text = raw[0](raw[1]) or "no points"
        else:
            text = "; ".join([reason_text(r) for r in raw]) or "no points"
        put(self, text)
        return text

    return property(reason, put, doc="Why the card scored its points (text).")


setattr(CardScore, "reason", _lazy_reason(CardScore.__dict__["reason"]))  # noqa: B010
#: ``CardScore`` called untyped: scoring leaves in ``reason`` what makes the text (see
#: :func:`_lazy_reason`), which the type checker would otherwise check for a str.
_card_score: Final[Callable[..., CardScore]] = CardScore


@attrs.frozen
class ScoreLine:
    """Points a player scores apart from the cards of their forest and their cave (from a
    part of the state a plugin owns: :meth:`forestshuffle.kinds.StateKind.score`)."""

    #: what scored (a box, an achievement...), for people
    name: str
    #: the points it adds to the player's total
    points: int
    #: why, for people
    reason: str


@attrs.frozen
class PlayerScore:
    """A player's final score: total, cave points, the per-card breakdown and the lines
    scored apart from the cards (``extras``); the total is their sum."""

    #: the player's seat number
    player: int
    #: the player's name
    name: str
    #: the points of the cards, the cave and the extras together
    total: int
    #: the points of the cave (one per card in it)
    cave: int
    #: each card of the forest, in the order played
    cards: tuple[CardScore, ...]
    #: the lines scored apart from the cards and the cave
    extras: tuple[ScoreLine, ...] = ()


@attrs.frozen
class Scores:
    """Every player's score and the winners (ties share the win)."""

    #: every player's score, in seat order
    players: tuple[PlayerScore, ...]
    #: the seats that won (more than one on a tie)
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


def _scoring_failure(rules: Ruleset, cs: CompiledScore, exc: Exception) -> PluginError:
    """A PluginError naming the scoring kind that raised and its plugin."""
    plugin = rules.registry.owners.get(f"scoring:{cs.kind}", "?")
    return PluginError(f"scoring kind {cs.kind!r} of plugin {plugin!r} failed: "
                       f"{type(exc).__name__}: {exc}", plugin=plugin, kind=cs.kind)


class _HalfPlan:
    """What scoring reads of one card half: its species and name, its species' per-card
    specs, and its group specs."""

    __slots__ = ("groups", "name", "singles", "species")

    def __init__(self, species: str, name: str, specs: Sequence[CompiledScore]) -> None:
        self.species = species
        self.name = name
        self.singles = tuple(cs for cs in specs if cs.group is None)
        self.groups = tuple(cs for cs in specs if cs.group is not None)


class _Plan:
    """A ruleset's scoring plan, by card number (a list where the numbers are dense) and
    half index: ``halves`` for the breakdown, ``points`` the (points-only scorers, group
    specs) of each half for scoring without one."""

    __slots__ = ("halves", "points")

    def __init__(self, rules: Ruleset) -> None:
        by_half: dict[tuple[str, str], _HalfPlan] = {}
        halves: dict[int, tuple[_HalfPlan, ...]] = {}
        for card, hs in rules.halves.items():
            plans = []
            for h in hs:
                hp = by_half.get((h.species, h.name))
                if hp is None:
                    hp = by_half[h.species, h.name] = _HalfPlan(
                        h.species, h.name, rules.scorers.get(h.species, ()))
                plans.append(hp)
            halves[card] = tuple(plans)
        points = {card: tuple((tuple(_points_of(cs) for cs in hp.singles), hp.groups)
                              for hp in hps) for card, hps in halves.items()}
        top = max(halves, default=0)
        self.halves: Any = halves
        self.points: Any = points
        if min(halves, default=0) >= 0 and top < 2 * len(halves) + 64:  # dense: lists
            self.halves = [halves.get(c, ()) for c in range(top + 1)]
            self.points = [points.get(c, ()) for c in range(top + 1)]


def _points_of(cs: CompiledScore) -> Callable[..., Any]:
    """The points-only scorer of *cs* (its full scorer's points where it was built
    without one)."""
    return cs.points if cs.points is not None else points_only(cs.fn, cs.group is not None)


def _plan(rules: Ruleset) -> _Plan:
    """The scoring plan of *rules*, made on first use."""
    plan: _Plan | None = rules.derived.get("scoring")
    if plan is None:
        plan = rules.derived["scoring"] = _Plan(rules)
    return plan


def forest_points(rules: Ruleset, forests: Sequence[Forest], player: int) -> int:
    """Points of *player*'s forest (cave excluded), without a breakdown: the points-only
    scorers (:meth:`~forestshuffle.kinds.ScoringKind.compile_points`) of its cards."""
    plan = (rules.derived.get("scoring") or _plan(rules)).points
    forest = forests[player]
    where = forest.where
    ctx = ScoreContext(rules, forests, player)
    total = 0
    grouped: dict[str, tuple[CompiledScore, list[int]]] | None = None
    try:
        for card in forest.order:
            hi = where[card][2]
            if hi < 0:
                continue
            fns, groups = plan[card][hi]
            for fn in fns:
                total += fn(ctx, card)
            if groups:
                if grouped is None:
                    grouped = {}
                _join_groups(grouped, groups, card)
        if grouped:
            for cs, cards in grouped.values():
                total += sum(_points_of(cs)(ctx, cards))
        if type(total) is not int:  # a plugin's fractions: points are whole numbers
            raise TypeError(f"points must be whole numbers, not {type(total).__name__}")
    except ForestShuffleError:
        raise
    except Exception as exc:
        err = _failure(rules, forests, player, exc, points=True)
        if err is exc:
            raise
        raise err from exc
    return total


#: a face-down card's name and reason, by the label of its site kind
_FACE_DOWN: Final[dict[str, tuple[str, str]]] = {}


def score_forest(
    rules: Ruleset, forests: Sequence[Forest], player: int, breakdown: bool = True
) -> tuple[int, list[CardScore]]:
    """Points of *player*'s forest (cave excluded) and, if asked, one line per card.

    Without a breakdown the points-only scorers count (:func:`forest_points`); with it the
    full scorers, which also say why."""
    if not breakdown:
        return forest_points(rules, forests, player), []
    plan = (rules.derived.get("scoring") or _plan(rules)).halves
    forest = forests[player]
    where = forest.where
    sites = forest.sites
    ctx = ScoreContext(rules, forests, player)
    total = 0
    lines: list[CardScore] = []
    grouped: dict[str, tuple[CompiledScore, list[int]]] | None = None
    #: cards in a group: their line and the reasons so far
    pending: dict[int, tuple[CardScore, list[Reason]]] = {}
    try:
        for card in forest.order:
            si, slot, hi = where[card]
            if hi < 0:
                lines.append(_face_down_score(card, sites[si], si, slot))
                continue
            hp = plan[card][hi]
            singles = hp.singles
            if len(singles) == 1 and not hp.groups:
                pts, raw = singles[0].fn(ctx, card)
                total += pts
                # the reason as the scorer gave it: formatted when read (see CardScore)
                lines.append(_card_score(card, hp.species, hp.name, si, slot, pts,
                                         raw or "no points"))
                continue
            pts = 0
            reasons: list[Reason] = []
            for cs in singles:
                p, r = cs.fn(ctx, card)
                pts += p
                reasons.append(r)
            total += pts
            line = _card_score(card, hp.species, hp.name, si, slot, pts,
                               reasons)  # joined when read
            lines.append(line)
            if hp.groups:
                pending[card] = (line, reasons)
                if grouped is None:
                    grouped = {}
                _join_groups(grouped, hp.groups, card)
        if grouped:
            total += _score_groups(ctx, grouped, pending)
        if type(total) is not int:  # a plugin's fractions: points are whole numbers
            raise TypeError(f"points must be whole numbers, not {type(total).__name__}")
    except ForestShuffleError:
        raise
    except Exception as exc:
        err = _failure(rules, forests, player, exc, points=False)
        if err is exc:
            raise
        raise err from exc
    return total, lines


def _whole(got: Any, points: bool) -> None:
    """TypeError unless a scorer's result holds whole points (an int; a points-only scorer
    gives the points, a full one (points, reason))."""
    p = got if points else got[0]
    if type(p) is not int:
        raise TypeError(f"points must be whole numbers, not {type(p).__name__} {p!r}")


def _face_down_score(card: int, site: Site, si: int, slot: str) -> CardScore:
    """The line of a face-down card: a site of its own (a sapling: named by its kind's
    label) or a card in a slot; no points."""
    if slot != "center":
        return _card_score(card, "", "Face-down card", si, slot, 0, "face down")
    label = site.kind.label
    fd = _FACE_DOWN.get(label)
    if fd is None:
        fd = _FACE_DOWN[label] = (label or "Face-down card", label.lower() or "face down")
    return _card_score(card, "", fd[0], si, slot, 0, fd[1])


def _score_groups(ctx: ScoreContext, grouped: dict[str, tuple[CompiledScore, list[int]]],
                  pending: dict[int, tuple[CardScore, list[Reason]]]) -> int:
    """Score each group of cards scored together, adding to each card's line and reasons
    (*pending*); the points they make in all."""
    total = 0
    for cs, cards in grouped.values():
        for card, (p, r) in zip(cards, cs.fn(ctx, cards), strict=True):
            line, reasons = pending[card]
            line.points += p
            reasons.append(r)
            total += p
    return total


def _failure(
    rules: Ruleset, forests: Sequence[Forest], player: int, exc: Exception, *, points: bool
) -> Exception:
    """The PluginError for *exc*, raised while scoring *player*'s forest: scores the forest
    again, one spec at a time, to name the scoring kind that raised and its plugin (scorers
    only read, so running them again is safe); *exc* itself if none raises again."""
    plan = _plan(rules).halves
    forest = forests[player]
    ctx = ScoreContext(rules, forests, player)
    grouped: dict[str, tuple[CompiledScore, list[int]]] = {}
    culprit: CompiledScore | None = None
    try:
        for card in forest.order:
            hi = forest.where[card][2]
            if hi < 0:
                continue
            hp = plan[card][hi]
            for culprit in hp.singles:
                _whole((_points_of(culprit) if points else culprit.fn)(ctx, card), points)
            for cs in hp.groups:
                grouped.setdefault(cs.group, (cs, []))[1].append(card)
        for culprit, cards in grouped.values():
            for got in (_points_of(culprit) if points else culprit.fn)(ctx, cards):
                _whole(got, points)
    except ForestShuffleError as again:
        return again
    except Exception as again:
        if culprit is not None:
            return _scoring_failure(rules, culprit, again)
    return exc


def final_totals(
    rules: Ruleset, forests: Sequence[Forest], caves: Sequence[int]
) -> tuple[int, ...]:
    """Every player's total (forest + 1 per cave card), without a breakdown: the totals of
    :func:`final_scores`, through the points-only scorers."""
    return tuple(forest_points(rules, forests, p) + caves[p] for p in range(len(forests)))


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



def _reason_data(reason: Any) -> str:
    """A state kind's reason as text: a :data:`~forestshuffle.kinds.Reason` a scoring kind
    gave formatted (never the repr of its function), anything else as ``str``."""
    if type(reason) is tuple and len(reason) == 2 and callable(reason[0]):
        return reason_text(reason)
    return str(reason)


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
                got = [ScoreLine(str(n), int(p), _reason_data(r))
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
