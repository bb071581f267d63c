"""Scoring kinds: the ways a card scores, each compiled once per species into a scorer that
reads the forest's counts. Group kinds (set tables, sets of different species) score a whole
group at once and share the points out over its cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import CardScorer, GroupScorer, ScoreContext, ScoringKind, check_args
from .counts import count_getter

if TYPE_CHECKING:
    from ..ruleset import Ruleset


def _need_int(args: Mapping[str, Any], key: str, default: Any = None) -> None:
    v = args.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"{key!r} must be a whole number, not {v!r}")


def _need_keys(
    args: Mapping[str, Any], required: set[str], optional: frozenset[str] | set[str] = frozenset()
) -> None:
    check_args(args, required, optional)


_COUNT_WORDS = {
    "trees": "tree cards", "tree_total": "trees", "tree_species": "tree species",
    "full_sites": "full trees", "saplings": "saplings",
}


def _short(key: str, rules: Ruleset | None = None) -> str:
    """A few words for count *key* (``species:base.european_hare`` -> ``European Hare``)."""
    kind, _, arg = key.partition(":")
    if not arg:
        return _COUNT_WORDS.get(kind, kind.replace("_", " "))
    if rules is not None and arg in rules.species:
        name = rules.species[arg].name
        return f"{name} trees" if kind == "trees_of" else name
    word = arg.split(".", 1)[-1].replace("_", " ")
    if kind == "distinct_tag":
        return f"different {word} species"
    if kind == "slot":
        return f"cards in {word} slots"
    if kind == "symbol":
        return f"cards showing {arg}"
    return word


class Flat(ScoringKind):
    """A fixed number of points."""

    name = "flat"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``."""
        _need_keys(args, {"points"})
        _need_int(args, "points")

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Always the same."""
        pts = args["points"]
        why = f"{pts} points"
        return lambda ctx, card: (pts, why)


class Per(ScoringKind):
    """``points`` per unit of ``count`` in your forest (the card itself included)."""

    name = "per"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``, ``count``."""
        _need_keys(args, {"points", "count"})
        _need_int(args, "points")

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Multiply."""
        pts = args["points"]
        get = count_getter(rules, args["count"])
        what = _short(args["count"], rules)

        def score(ctx: ScoreContext, card: int) -> tuple[int, str]:
            n = get(ctx.forest)
            return pts * n, f"{pts} × {n} {what}"

        return score


class IfAtLeast(ScoringKind):
    """``points`` if ``count`` is at least ``n``, else ``otherwise`` (default 0)."""

    name = "if_at_least"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``, ``count``, ``n``, optional ``otherwise``."""
        _need_keys(args, {"points", "count", "n"}, {"otherwise"})
        _need_int(args, "points")
        _need_int(args, "n")
        _need_int(args, "otherwise", 0)

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Threshold."""
        pts, n, other = args["points"], args["n"], args.get("otherwise", 0)
        get = count_getter(rules, args["count"])
        what = _short(args["count"], rules)

        def score(ctx: ScoreContext, card: int) -> tuple[int, str]:
            have = get(ctx.forest)
            if have >= n:
                return pts, f"{have} {what} (needs {n})"
            return other, f"only {have} {what} (needs {n})"

        return score


class Majority(ScoringKind):
    """``points`` if no other forest has more of ``count`` (a tie counts as most),
    else ``otherwise``."""

    name = "majority"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``, ``count``, optional ``otherwise``."""
        _need_keys(args, {"points", "count"}, {"otherwise"})
        _need_int(args, "points")
        _need_int(args, "otherwise", 0)

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Compare against every other forest."""
        pts, other = args["points"], args.get("otherwise", 0)
        get = count_getter(rules, args["count"])
        what = _short(args["count"], rules)

        def score(ctx: ScoreContext, card: int) -> tuple[int, str]:
            mine = get(ctx.forest)
            best = max((get(f) for i, f in enumerate(ctx.forests) if i != ctx.player),
                       default=0)
            if mine >= best:
                return pts, f"most {what} ({mine} vs {best})"
            return other, f"not most {what} ({mine} vs {best})"

        return score


class PerAttached(ScoringKind):
    """``points`` per card in the slots of this site (stacked cards each count)."""

    name = "per_attached"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``."""
        _need_keys(args, {"points"})
        _need_int(args, "points")

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Count the site's cards."""
        pts = args["points"]

        def score(ctx: ScoreContext, card: int) -> tuple[int, str]:
            f = ctx.forest
            n = f.sites[f.where[card][0]].attached()
            return pts * n, f"{pts} × {n} cards at this tree"

        return score


class PerSameSymbol(ScoringKind):
    """``points`` per card in your forest showing this card's tree symbol (itself included)."""

    name = "per_same_symbol"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``."""
        _need_keys(args, {"points"})
        _need_int(args, "points")

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Read the symbol counter."""
        pts = args["points"]
        halves = rules.halves

        def score(ctx: ScoreContext, card: int) -> tuple[int, str]:
            f = ctx.forest
            sym = halves[card][f.where[card][2]].symbol
            if sym is None:
                return 0, "no tree symbol"
            n = f.counts.get("symbol:" + sym, 0)
            return pts * n, f"{pts} × {n} cards showing {sym}"

        return score


class IfSiteIs(ScoringKind):
    """``points`` if the card sits at a tree of ``species``."""

    name = "if_site_is"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``, ``species``."""
        _need_keys(args, {"points", "species"})
        _need_int(args, "points")
        if args["species"] not in rules.species:
            raise ValueError(f"unknown species {args['species']!r}")

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Look at the site's tree."""
        pts, want = args["points"], args["species"]
        name = rules.species[want].name

        def score(ctx: ScoreContext, card: int) -> tuple[int, str]:
            f = ctx.forest
            if f.sites[f.where[card][0]].species == want:
                return pts, f"at a {name}"
            return 0, f"not at a {name}"

        return score


class IfSiteHas(ScoringKind):
    """``points`` if another card with ``tag`` sits at the same site."""

    name = "if_site_has"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``, ``tag``."""
        _need_keys(args, {"points", "tag"})
        _need_int(args, "points")
        if args["tag"] not in rules.tags:
            raise ValueError(f"unknown tag {args['tag']!r}")

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Look at the site's other cards."""
        pts, tag = args["points"], args["tag"]
        halves = rules.halves

        def score(ctx: ScoreContext, card: int) -> tuple[int, str]:
            f = ctx.forest
            site = f.sites[f.where[card][0]]
            for cards in site.slots.values():
                for c in cards:
                    if c != card and tag in halves[c][f.where[c][2]].tags:
                        return pts, f"a {tag} at the same tree"
            return 0, f"no {tag} at the same tree"

        return score


class IfSlotShared(ScoringKind):
    """``points`` if the card shares its slot with another card."""

    name = "if_slot_shared"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``."""
        _need_keys(args, {"points"})
        _need_int(args, "points")

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Look at the slot."""
        pts = args["points"]

        def score(ctx: ScoreContext, card: int) -> tuple[int, str]:
            f = ctx.forest
            si, slot, _ = f.where[card]
            if len(f.sites[si].slots[slot]) > 1:
                return pts, "shares its slot"
            return 0, "alone in its slot"

        return score


def _table_value(table: Sequence[int], n: int) -> int:
    if n <= 0:
        return 0
    return table[min(n, len(table)) - 1]


class SetTable(ScoringKind):
    """The cards of this species score together: ``table[n-1]`` for ``n`` = ``count``
    (the last entry for more); shared out over the cards as marginal points."""

    name = "set_table"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``table`` (list of whole numbers), ``count``."""
        _need_keys(args, {"table", "count"})
        t = args["table"]
        if not isinstance(t, list | tuple) or not t or not all(type(x) is int for x in t):
            raise ValueError("'table' must be a non-empty list of whole numbers")

    def group_key(self, args: Mapping[str, Any], species: str) -> str | None:
        """One group per species."""
        return f"set_table:{species}"

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> GroupScorer:
        """Total from the table, shared out."""
        table = tuple(args["table"])
        get = count_getter(rules, args["count"])

        def score(ctx: ScoreContext, cards: Sequence[int]) -> list[tuple[int, str]]:
            n = get(ctx.forest)
            total = _table_value(table, n)
            out = []
            given = 0
            for i, _ in enumerate(cards):
                if i == len(cards) - 1:
                    pts = total - given
                else:
                    pts = _table_value(table, i + 1) - _table_value(table, i)
                given += pts
                out.append((pts, f"set of {n}: {total} in all"))
            return out

        return score


class DistinctSets(ScoringKind):
    """Cards with ``tag`` score in sets of different species, each card in one set only:
    a set of ``k`` different species scores ``table[k-1]`` (given to its first card)."""

    name = "distinct_sets"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``table``, ``tag``."""
        _need_keys(args, {"table", "tag"})
        if args["tag"] not in rules.tags:
            raise ValueError(f"unknown tag {args['tag']!r}")
        t = args["table"]
        if not isinstance(t, list | tuple) or not t or not all(type(x) is int for x in t):
            raise ValueError("'table' must be a non-empty list of whole numbers")

    def group_key(self, args: Mapping[str, Any], species: str) -> str | None:
        """One group per tag."""
        return f"distinct_sets:{args['tag']}"

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> GroupScorer:
        """Build sets greedily (as large as possible), score each."""
        table = tuple(args["table"])
        halves = rules.halves

        def score(ctx: ScoreContext, cards: Sequence[int]) -> list[tuple[int, str]]:
            f = ctx.forest
            by_species: dict[str, list[int]] = {}
            for i, c in enumerate(cards):
                by_species.setdefault(halves[c][f.where[c][2]].species, []).append(i)
            out: list[tuple[int, str]] = [(0, "")] * len(cards)
            level = 0
            while True:
                members = [idx[level] for idx in by_species.values() if len(idx) > level]
                if not members:
                    break
                k = len(members)
                pts = _table_value(table, k)
                first = min(members)
                for m in members:
                    out[m] = ((pts if m == first else 0),
                              f"set {level + 1}: {k} different, {pts} points")
                level += 1
            return out

        return score


#: The core's scoring kinds.
CORE_SCORING: tuple[ScoringKind, ...] = (
    Flat(), Per(), IfAtLeast(), Majority(), PerAttached(), PerSameSymbol(), IfSiteIs(),
    IfSiteHas(), IfSlotShared(), SetTable(), DistinctSets(),
)
