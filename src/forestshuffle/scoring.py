"""Scoring kinds, count kinds and final scores with a per-card breakdown.

A scorer reads the forest's maintained counters (see :mod:`forestshuffle.forest`)
and never rescans the forest. Group kinds (set tables, sets of different species)
score a whole group at once and share the points out over its cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from .errors import ForestShuffleError, PluginError
from .kinds import CardScorer, CountKind, GroupScorer, ScoreContext, ScoringKind, check_args

if TYPE_CHECKING:
    from .forest import Forest
    from .ruleset import Ruleset
    from .state import GameState


# -- counts ---------------------------------------------------------------------------------


class CounterCount(CountKind):
    """A count the forest maintains as a counter."""

    def __init__(self, name: str, takes_arg: bool, doc: str, check: str | None = None):
        self.__dict__["name"] = name
        self.__dict__["takes_arg"] = takes_arg
        self.__doc__ = doc
        self._check = check

    name: str  # type: ignore[misc]
    takes_arg: bool  # type: ignore[misc]

    def validate_arg(self, arg: str, rules: Ruleset) -> None:
        """Check the argument names a known tag, species or symbol."""
        if self._check == "tag" and arg not in rules.tags:
            raise ValueError(f"unknown tag {arg!r} in count {self.name}:{arg}")
        if self._check == "species" and arg not in rules.species:
            raise ValueError(f"unknown species {arg!r} in count {self.name}:{arg}")
        if self._check == "symbol" and arg not in rules.symbols:
            raise ValueError(f"unknown tree symbol {arg!r} in count {self.name}:{arg}")
        if self._check == "slot" and arg not in slot_names(rules):
            raise ValueError(f"unknown slot {arg!r} in count {self.name}:{arg}")


class DwellersCount(CountKind):
    """Cards in the slots of the forest's sites (dwellers; stacked cards each count)."""

    name = "dwellers"
    takes_arg = False

    def value(self, forest: Forest, arg: str) -> int:
        """Sum over the sites."""
        return sum(s.attached() for s in forest.sites)


class HandCount(CountKind):
    """Cards in the player's hand (a count of the game state: for tie-breakers)."""

    name = "hand"
    takes_arg = False
    needs_state = True

    def value(self, forest: Forest, arg: str) -> int:
        """A forest alone has no hand."""
        raise ValueError("'hand' counts a player's hand, not a forest")

    def player_value(self, state: GameState, player: int, arg: str) -> int:
        """The hand's size."""
        return len(state.hands[player])


def slot_names(rules: Ruleset) -> set[str]:
    """The slot roles of every site kind of *rules* (a slot's role is its name unless its
    layout says otherwise): what ``slot:<role>`` counts and ``on_play(slot=...)``
    matches."""
    return {sd.role_name for kind in rules.site_kinds.values() for sd in kind.slots}


#: The core's counts (each maintained by :class:`~forestshuffle.forest.Forest`).
CORE_COUNTS: tuple[CountKind, ...] = (
    CounterCount("species", True, "Visible cards of a species.", "species"),
    CounterCount("tag", True, "Visible cards with a tag.", "tag"),
    CounterCount("symbol", True, "Cards showing a tree symbol.", "symbol"),
    CounterCount("slot", True, "Cards in slots playing a role (bottom, top...).", "slot"),
    CounterCount("trees", False, "Tree cards, saplings included."),
    CounterCount("tree_total", False, "Tree cards plus cards counting as extra trees."),
    CounterCount("trees_of", True, "Trees of a species, extra trees included.", "species"),
    CounterCount("tree_cards_of", True, "Tree cards of a species.", "species"),
    CounterCount("tree_species", False, "Distinct tree species among the tree cards."),
    CounterCount("distinct_tag", True, "Distinct species with a tag.", "tag"),
    CounterCount("full_sites", False, "Sites with every slot holding a card."),
    CounterCount("saplings", False, "Saplings."),
    CounterCount("feature", True, "Sites with a feature (a river...), upgrades included."),
    CounterCount("cave", False, "Cards in the player's cave."),
    DwellersCount(),
    HandCount(),
)

def count_getter(rules: Ruleset, key: str) -> Callable[[Forest], int]:
    """A fast function reading count *key* (``kind`` or ``kind:arg``) of a forest."""
    cache: dict[str, Callable[[Forest], int]] = rules.count_getters
    g = cache.get(key)
    if g is None:
        kind, _, arg = key.partition(":")
        ck = rules.registry.counts[kind]
        if isinstance(ck, CounterCount):
            def g(f: Forest, _key: str = key) -> int:
                return f.counts.get(_key, 0)
        else:
            def g(f: Forest, _ck: CountKind = ck, _arg: str = arg) -> int:
                return _ck.value(f, _arg)
        cache[key] = g
    return g


def count_value(rules: Ruleset, forest: Forest, key: str) -> int:
    """The value of count *key* in *forest*."""
    return count_getter(rules, key)(forest)


# -- scoring kinds --------------------------------------------------------------------------


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
class PlayerScore:
    """A player's final score: total, cave points and the per-card breakdown."""

    player: int
    name: str
    total: int
    cave: int
    cards: tuple[CardScore, ...]


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
