"""Scoring kinds Smoky Mountains needs beyond the core's: points that depend on the cards
at one site (its slots, the face-down river tucked under it) or on every river.

Each kind is general (it names no card); the species table chooses it with arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from forestshuffle.core.cards import Position
from forestshuffle.kinds import CardScorer, Reason, ScoreContext, ScoringKind, check_args

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest, Site
    from forestshuffle.core.ruleset import Ruleset


def _check(args: Mapping[str, Any], required: set[str], optional: set[str] | None = None,
           ints: tuple[str, ...] = ("points",)) -> None:
    check_args(args, required, optional or set(), ints)


def _check_tag(args: Mapping[str, Any], rules: Ruleset) -> None:
    if args["tag"] not in rules.tags:
        raise ValueError(f"unknown tag {args['tag']!r}")


def _site_of(ctx: ScoreContext, card: int) -> Site:
    f = ctx.forest
    return f.sites[f.where[card][0]]


def _slot_cards(site: Site) -> list[int]:
    return [c for cards in site.slots.values() for c in cards]


def _shown(ctx: ScoreContext, card: int) -> tuple[str | None, frozenset[str]]:
    """(tree symbol, tags) of the half *card* shows; nothing for a face-down card."""
    hi = ctx.forest.where[card][2]
    if hi < 0:
        return None, frozenset()
    h = ctx.rules.halves[card][hi]
    return h.symbol, h.tags


class PerSymbolAtSite(ScoringKind):
    """``points`` per card at this card's site showing this card's tree symbol: the site's
    own card and every card in its slots, those below its river included (a face-down card
    shows no symbol)."""

    name = "per_symbol_at_site"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``."""
        _check(args, {"points"})

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Count matching symbols at the site."""
        pts = args["points"]

        def why(got: tuple[int, str]) -> str:
            return f"{pts} × {got[0]} cards showing {got[1]} at this site"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            sym = _shown(ctx, card)[0]
            if sym is None:
                return 0, "no tree symbol"
            site = _site_of(ctx, card)
            n = sum(1 for c in (site.card, *_slot_cards(site)) if _shown(ctx, c)[0] == sym)
            return pts * n, (why, (n, sym))

        return score


class PerDistinctSymbolAtSite(ScoringKind):
    """``points`` per different tree symbol at this card's site: on the site's own card and
    every card in its slots, those below its river included (this card too)."""

    name = "per_distinct_symbol_at_site"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``."""
        _check(args, {"points"})

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Count the distinct symbols at the site."""
        pts = args["points"]

        def why(n: int) -> str:
            return f"{pts} × {n} different tree symbols at this site"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            site = _site_of(ctx, card)
            syms = {_shown(ctx, c)[0] for c in (site.card, *_slot_cards(site))} - {None}
            n = len(syms)
            return pts * n, (why, n)

        return score


class PerAttachedOrUnder(ScoringKind):
    """``points`` per card attached to this site: every card in its slots (stacked cards
    each count) and every card tucked face down under it (a generic river)."""

    name = "per_attached_or_under"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``."""
        _check(args, {"points"})

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Count slot cards and tucked cards."""
        pts = args["points"]

        def why(n: int) -> str:
            return f"{pts} × {n} cards attached to this tree"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            site = _site_of(ctx, card)
            n = site.attached() + len(site.under)
            return pts * n, (why, n)

        return score


class PerSiteWithout(ScoringKind):
    """``points`` per site of your forest with ``feature`` (a river: named, generic, or
    below a tree) that holds no card with ``tag`` in its slots; with ``side``, only the
    slots taking halves of that side count (``bottom``: below it)."""

    name = "per_site_without"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``, ``feature``, ``tag``, optional ``side``."""
        _check(args, {"points", "feature", "tag"}, {"side"})
        _check_tag(args, rules)
        if not isinstance(args["feature"], str):
            raise ValueError("'feature' must be a site feature name")
        side = args.get("side")
        if side is not None and side not in {p.value for p in Position}:
            raise ValueError(f"unknown side {side!r}")

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Scan the sites with the feature."""
        pts, feature, tag = args["points"], args["feature"], args["tag"]
        side = Position(args["side"]) if args.get("side") else None

        def without(ctx: ScoreContext, site: Site) -> bool:
            for sd in site.kind.slots:
                if side is not None and side not in sd.accepts:
                    continue
                for c in site.slots[sd.name]:
                    if tag in _shown(ctx, c)[1]:
                        return False
            return True

        def why(n: int) -> str:
            return f"{pts} × {n} {feature}s without {tag}"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            f: Forest = ctx.forest
            n = sum(1 for s in f.sites if feature in s.kind.features and without(ctx, s))
            return pts * n, (why, n)

        return score


class IfAloneAtSite(ScoringKind):
    """``points`` if no other card sits in the slots of this card's site (a card tucked
    face down under the site, such as a generic river, does not count)."""

    name = "if_alone_at_site"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``."""
        _check(args, {"points"})

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Look at the site's slots."""
        pts = args["points"]

        def why(others: int) -> str:
            return f"{others} other card(s) at its tree"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            others = sum(1 for c in _slot_cards(_site_of(ctx, card)) if c != card)
            if others == 0:
                return pts, "alone at its tree"
            return 0, (why, others)

        return score


class IfSiteHasAtLeast(ScoringKind):
    """``points`` if at least ``n`` other cards with ``tag`` sit in the slots of this card's
    site (below its river included), else ``otherwise`` (default 0)."""

    name = "if_site_has_at_least"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``, ``tag``, ``n``, optional ``otherwise``."""
        _check(args, {"points", "tag", "n"}, {"otherwise"}, ("points", "n", "otherwise"))
        _check_tag(args, rules)

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Count the tagged cards at the site."""
        pts, tag, n, other = args["points"], args["tag"], args["n"], args.get("otherwise", 0)

        def enough(have: int) -> str:
            return f"{have} {tag} at this tree (needs {n})"

        def short(have: int) -> str:
            return f"only {have} {tag} at this tree (needs {n})"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            have = sum(1 for c in _slot_cards(_site_of(ctx, card))
                       if c != card and tag in _shown(ctx, c)[1])
            if have >= n:
                return pts, (enough, have)
            return other, (short, have)

        return score


#: The scoring kinds this plugin registers.
SCORING_KINDS: tuple[ScoringKind, ...] = (
    PerSymbolAtSite(), PerDistinctSymbolAtSite(), PerAttachedOrUnder(), PerSiteWithout(),
    IfAloneAtSite(), IfSiteHasAtLeast(),
)
