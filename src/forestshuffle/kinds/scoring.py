"""Scoring kinds: the ways a card scores, each compiled once per species into a scorer that
reads the forest's counts. Group kinds (set tables, sets of different species) score a whole
group at once and share the points out over its cards.

Each kind compiles twice: ``compile`` gives points and a reason (the breakdown),
``compile_points`` the points alone (scoring without a breakdown). Where working the points
out takes more than a line, one helper serves both."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from forestshuffle.kinds import (
    CardPoints,
    CardScorer,
    GroupPoints,
    GroupScorer,
    Reason,
    ScoreContext,
    ScoringKind,
    check_args,
)
from forestshuffle.kinds.counts import context_count, count_getter, counter_key

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset


def _need_int(args: Mapping[str, Any], key: str, default: Any = None) -> None:
    v = args.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"{key!r} must be a whole number, not {v!r}")


def _need_keys(
    args: Mapping[str, Any], required: set[str], optional: frozenset[str] | set[str] = frozenset()
) -> None:
    check_args(args, required, optional)


_COUNT_WORDS: Final = {
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

    def compile_points(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardPoints:
        """Always the same."""
        pts = args["points"]
        return lambda ctx, card: pts


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
        get = context_count(rules, args["count"])
        what = _short(args["count"], rules)

        def why(n: int) -> str:
            return f"{pts} × {n} {what}"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            n = get(ctx)
            return pts * n, (why, n)

        return score

    def compile_points(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardPoints:
        """Multiply."""
        pts, key = args["points"], args["count"]
        if counter_key(rules, key) is not None:  # read the counter here: one call less
            return lambda ctx, card: pts * ctx.counts.get(key, 0)
        get = context_count(rules, key)
        return lambda ctx, card: pts * get(ctx)


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
        get = context_count(rules, args["count"])
        what = _short(args["count"], rules)

        def enough(have: int) -> str:
            return f"{have} {what} (needs {n})"

        def short(have: int) -> str:
            return f"only {have} {what} (needs {n})"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            have = get(ctx)
            if have >= n:
                return pts, (enough, have)
            return other, (short, have)

        return score

    def compile_points(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardPoints:
        """Threshold."""
        pts, n, other, key = args["points"], args["n"], args.get("otherwise", 0), args["count"]
        if counter_key(rules, key) is not None:  # read the counter here: one call less
            return lambda ctx, card: (
                pts if ctx.counts.get(key, 0) >= n else other)
        get = context_count(rules, key)
        return lambda ctx, card: pts if get(ctx) >= n else other


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
        compare = _majority(rules, args["count"])
        what = _short(args["count"], rules)

        def most(got: tuple[int, int]) -> str:
            return f"most {what} ({got[0]} vs {got[1]})"

        def not_most(got: tuple[int, int]) -> str:
            return f"not most {what} ({got[0]} vs {got[1]})"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            got = compare(ctx)
            if got[0] >= got[1]:
                return pts, (most, got)
            return other, (not_most, got)

        return score

    def compile_points(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardPoints:
        """Compare against every other forest."""
        pts, other = args["points"], args.get("otherwise", 0)
        compare = _majority(rules, args["count"])

        def points(ctx: ScoreContext, card: int) -> int:
            mine, best = compare(ctx)
            return pts if mine >= best else other  # type: ignore[no-any-return]

        return points


def _majority(rules: Ruleset, key: str) -> Callable[[ScoreContext], tuple[int, int]]:
    """(count *key* in the context's forest, the most of it in any other forest), worked out
    once per context."""
    get = count_getter(rules, key)
    memo_key = ("majority", key)

    def compare(ctx: ScoreContext) -> tuple[int, int]:
        got = ctx.memo.get(memo_key)
        if got is None:
            got = ctx.memo[memo_key] = (
                get(ctx.forest),
                max((get(f) for i, f in enumerate(ctx.forests) if i != ctx.player), default=0))
        return got

    return compare


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

        def why(n: int) -> str:
            return f"{pts} × {n} cards at this tree"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            f = ctx.forest
            n = f.sites[f.where[card][0]].attached()
            return pts * n, (why, n)

        return score

    def compile_points(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardPoints:
        """Count the site's cards."""
        pts = args["points"]

        def points(ctx: ScoreContext, card: int) -> int:
            f = ctx.forest
            return pts * f.sites[f.where[card][0]].attached()  # type: ignore[no-any-return]

        return points


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

        def why(got: tuple[int, str]) -> str:
            return f"{pts} × {got[0]} cards showing {got[1]}"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            f = ctx.forest
            sym = halves[card][f.where[card][2]].symbol
            if sym is None:
                return 0, "no tree symbol"
            n = f.counts.get("symbol:" + sym, 0)
            return pts * n, (why, (n, sym))

        return score

    def compile_points(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardPoints:
        """Read the symbol counter."""
        pts = args["points"]
        halves = rules.halves

        def points(ctx: ScoreContext, card: int) -> int:
            sym = halves[card][ctx.forest.where[card][2]].symbol
            return 0 if sym is None else pts * ctx.counts.get(
                "symbol:" + sym, 0)

        return points


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

        at, not_at = f"at a {name}", f"not at a {name}"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            f = ctx.forest
            if f.sites[f.where[card][0]].species == want:
                return pts, at
            return 0, not_at

        return score

    def compile_points(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardPoints:
        """Look at the site's tree."""
        pts, want = args["points"], args["species"]

        def points(ctx: ScoreContext, card: int) -> int:
            f = ctx.forest
            return pts if f.sites[f.where[card][0]].species == want else 0

        return points


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
        has = _site_has(rules, tag)

        yes, no = f"a {tag} at the same tree", f"no {tag} at the same tree"

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            if has(ctx, card):
                return pts, yes
            return 0, no

        return score

    def compile_points(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardPoints:
        """Look at the site's other cards."""
        pts, has = args["points"], _site_has(rules, args["tag"])
        return lambda ctx, card: pts if has(ctx, card) else 0


def _site_has(rules: Ruleset, tag: str) -> Callable[[ScoreContext, int], bool]:
    """Whether another card showing *tag* sits in the slots of the card's site."""
    halves = rules.halves

    def has(ctx: ScoreContext, card: int) -> bool:
        where = ctx.forest.where
        for cards in ctx.forest.sites[where[card][0]].slots.values():
            for c in cards:
                if c != card and tag in halves[c][where[c][2]].tags:
                    return True
        return False

    return has


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

        def score(ctx: ScoreContext, card: int) -> tuple[int, Reason]:
            f = ctx.forest
            si, slot, _ = f.where[card]
            if len(f.sites[si].slots[slot]) > 1:
                return pts, "shares its slot"
            return 0, "alone in its slot"

        return score

    def compile_points(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardPoints:
        """Look at the slot."""
        pts = args["points"]

        def points(ctx: ScoreContext, card: int) -> int:
            f = ctx.forest
            si, slot, _ = f.where[card]
            return pts if len(f.sites[si].slots[slot]) > 1 else 0

        return points


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
        share = _shared_table(args["table"])
        get = context_count(rules, args["count"])

        def why(got: tuple[int, int]) -> str:
            return f"set of {got[0]}: {got[1]} in all"

        def score(ctx: ScoreContext, cards: Sequence[int]) -> list[tuple[int, Reason]]:
            n = get(ctx)
            total, shares = share(n, len(cards))
            reason = (why, (n, total))
            return [(p, reason) for p in shares]

        return score

    def compile_points(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> GroupPoints:
        """Total from the table, shared out."""
        share = _shared_table(args["table"])
        get = context_count(rules, args["count"])
        return lambda ctx, cards: share(get(ctx), len(cards))[1]


def _shared_table(table: Sequence[int]) -> Callable[[int, int], tuple[int, list[int]]]:
    """``(n, k) -> (table value of n, its share for each of k cards)``: the marginal points
    of the table for every card but the last, which takes the rest."""
    table = tuple(table)
    marginal = [_table_value(table, i + 1) - _table_value(table, i) for i in range(len(table))]

    def share(n: int, k: int) -> tuple[int, list[int]]:
        total = _table_value(table, n)
        if k == 0:
            return total, []
        out = marginal[:k - 1]
        if len(out) < k - 1:
            out += [0] * (k - 1 - len(out))  # past the table's end a card adds nothing
        out.append(total - sum(out))
        return total, out

    return share


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
        sets = _distinct_sets(rules, args["table"])

        def why(got: tuple[int, int, int]) -> str:
            return f"set {got[0]}: {got[1]} different, {got[2]} points"

        def score(ctx: ScoreContext, cards: Sequence[int]) -> list[tuple[int, Reason]]:
            out: list[tuple[int, Reason]] = [(0, "")] * len(cards)
            for level, (pts, members) in enumerate(sets(ctx, cards)):
                reason = (why, (level + 1, len(members), pts))
                first = members[0]
                for m in members:
                    out[m] = (pts if m == first else 0), reason
            return out

        return score

    def compile_points(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> GroupPoints:
        """Build sets greedily (as large as possible), score each."""
        sets = _distinct_sets(rules, args["table"])

        def points(ctx: ScoreContext, cards: Sequence[int]) -> list[int]:
            out = [0] * len(cards)
            for pts, members in sets(ctx, cards):
                out[members[0]] = pts
            return out

        return points


def _distinct_sets(
    rules: Ruleset, table: Sequence[int]
) -> Callable[[ScoreContext, Sequence[int]], list[tuple[int, list[int]]]]:
    """The sets of different species the *cards* make, as large as possible, each as (its
    points, the indexes of its cards in *cards*, first first); every card in one set."""
    table = tuple(table)
    halves = rules.halves

    def sets(ctx: ScoreContext, cards: Sequence[int]) -> list[tuple[int, list[int]]]:
        where = ctx.forest.where
        by_species: dict[str, list[int]] = {}
        for i, c in enumerate(cards):
            by_species.setdefault(halves[c][where[c][2]].species, []).append(i)
        out: list[tuple[int, list[int]]] = []
        level = 0
        while True:
            members = sorted(idx[level] for idx in by_species.values() if len(idx) > level)
            if not members:
                return out
            out.append((_table_value(table, len(members)), members))
            level += 1

    return sets


#: The core's scoring kinds.
CORE_SCORING: tuple[ScoringKind, ...] = (
    Flat(), Per(), IfAtLeast(), Majority(), PerAttached(), PerSameSymbol(), IfSiteIs(),
    IfSiteHas(), IfSlotShared(), SetTable(), DistinctSets(),
)
