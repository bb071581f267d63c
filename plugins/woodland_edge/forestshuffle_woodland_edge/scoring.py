"""Scoring and count kinds Woodland Edge needs beyond the core's: points that depend on the
site a card sits at being a tree or a shrub, a per-card table, and counts that tell trees
from shrubs or add counters up.

Each kind is general (it names no card); the species table chooses it with arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from forestshuffle.core.scoring import count_getter
from forestshuffle.kinds import (
    CardScorer,
    CountKind,
    Reason,
    ScoreContext,
    ScoringKind,
    check_args,
)
from forestshuffle.kinds.counts import CounterCount
from forestshuffle.kinds.scoring import IfSiteHas

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest, Site
    from forestshuffle.core.ruleset import Ruleset


def _site_of(ctx: ScoreContext, card: int) -> Site:
    f = ctx.forest
    return f.sites[f.where[card][0]]


def _check_tag(tag: Any, rules: Ruleset) -> None:
    if tag not in rules.tags:
        raise ValueError(f"unknown tag {tag!r}")


def _table(args: Mapping[str, Any]) -> tuple[int, ...]:
    t = args.get("table")
    if not isinstance(t, list | tuple) or not t or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in t):
        raise ValueError("'table' must be a non-empty list of whole numbers")
    return tuple(t)


class OnlyCardAtSite(ScoringKind):
    """``points`` if no other card sits in the slots of this card's site (a tree, a sapling
    or a shrub)."""

    name = "only_card_at_site"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``."""
        check_args(args, {"points"}, ints=("points",))

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Count the other cards at the site."""
        pts = args["points"]

        def why(others: int) -> str:
            return f"{others} other card(s) at its site"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            others = _site_of(ctx, card).attached() - 1
            if others <= 0:
                return pts, "the only card at its site"
            return 0, (why, others)

        return score


class IfSiteTagged(ScoringKind):
    """``points`` if the card that opened this card's site shows ``tag`` (at a shrub: tag
    ``shrub``); a sapling shows none."""

    name = "if_site_tagged"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``, ``tag``."""
        check_args(args, {"points", "tag"}, ints=("points",))
        _check_tag(args["tag"], rules)

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Look at the site's own card."""
        pts, tag = args["points"], args["tag"]
        spec = rules.species

        at, not_at = f"at a {tag}", f"not at a {tag}"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            site = _site_of(ctx, card)
            if site.species is not None and tag in spec[site.species].tags:
                return pts, at
            return 0, not_at

        return score


class IfTreeHas(IfSiteHas):
    """``points`` if this card sits at a tree (or sapling) and another card with ``tag`` sits
    at the same tree; at a site that is not a tree (a shrub) it scores 0."""

    name = "if_tree_has"

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """The core's ``if_site_has``, at trees only."""
        at_site = super().compile(args, species, rules)

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            if not _site_of(ctx, card).kind.is_tree:
                return 0, "not at a tree"
            return at_site(ctx, card)

        return score


class EachByTable(ScoringKind):
    """Every card of the species scores ``table[n-1]`` for ``n`` = ``count`` (the last entry
    for more, 0 for none): a table per card, not shared out like ``set_table``."""

    name = "each_by_table"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``table`` (list of whole numbers), ``count``."""
        check_args(args, {"table", "count"})
        _table(args)

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Look the count up in the table."""
        table = _table(args)
        get = count_getter(rules, args["count"])

        def why(got: tuple[int, int]) -> str:
            return f"{got[0]} counted: {got[1]} points by the table"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            n = get(ctx.forest)
            pts = table[min(n, len(table)) - 1] if n > 0 else 0
            return pts, (why, (n, pts))

        return score


class FullTrees(CountKind):
    """Trees and saplings with every slot holding a card (a full shrub does not count)."""

    name = "full_trees"
    takes_arg = False

    def value(self, forest: Forest, arg: str) -> int:
        """Count the full tree sites."""
        return sum(1 for s in forest.sites if s.kind.is_tree and s.is_full)


class SumOf(CountKind):
    """The sum of several maintained counts, joined by ``+``:
    ``sum_of:species:base.squeaker+species:woodland_edge.squeaker``."""

    name = "sum_of"
    takes_arg = True

    def validate_arg(self, arg: str, rules: Ruleset) -> None:
        """Each part names a known count the forest maintains (a counter)."""
        parts = arg.split("+")
        if len(parts) < 2:
            raise ValueError(f"sum_of needs two or more counts joined by '+', not {arg!r}")
        for part in parts:
            rules.check_count(part)
            kind = rules.registry.counts[part.partition(":")[0]]
            if not isinstance(kind, CounterCount):
                raise ValueError(f"sum_of: {part!r} is not a maintained count")

    def value(self, forest: Forest, arg: str) -> int:
        """Add the counters up."""
        counts = forest.counts
        return sum(counts.get(part, 0) for part in arg.split("+"))


#: The scoring kinds this plugin registers.
SCORING_KINDS: tuple[ScoringKind, ...] = (
    OnlyCardAtSite(), IfSiteTagged(), IfTreeHas(), EachByTable(),
)

#: The count kinds this plugin registers.
COUNT_KINDS: tuple[CountKind, ...] = (FullTrees(), SumOf())
