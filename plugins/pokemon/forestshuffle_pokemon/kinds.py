"""The kinds the re-theme needs beyond the core's: counts and scorings by trainer *group*.

In the base game a tree species and its tree symbol are one thing (a Linden shows the
Linden symbol). Here every trainer is a card of its own, and its group (the Poké Ball
colour mark) plays the tree species' part: "3 if no other team has more Premier Ball
trainers", "10 if your team has trainers of all 8 groups". The counts below read the
group off the team's sites, so they work for any trainer a set adds. Each kind is general
(it names no card); the species tables choose them with arguments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from forestshuffle.core.cards import Spec
from forestshuffle.kinds import (
    CardScorer,
    CountKind,
    GroupScorer,
    ScoreContext,
    ScoringKind,
    check_args,
)

from .common import POKEMON_KINDS

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.ruleset import Ruleset

# -- counts ---------------------------------------------------------------------------------


class GroupTrainers(CountKind):
    """Trainer dexes of a group in the team (``group_trainers:Premier Ball``), a card that
    counts as one more trainer of its dex (Ditto) included. Dex backs have no group;
    professor dexes are no trainers."""

    name = "group_trainers"
    takes_arg = True

    def validate_arg(self, arg: str, rules: Ruleset) -> None:
        """The argument names a group (a tree symbol) of the ruleset."""
        if arg not in rules.symbols:
            raise ValueError(f"unknown trainer group {arg!r} in count {self.name}:{arg} "
                             f"(known: {', '.join(rules.symbols)})")

    def value(self, forest: Forest, arg: str) -> int:
        """Count the team's trainer sites showing the group."""
        return sum(1 + s.extra_trees for s in forest.sites
                   if s.kind.is_tree and s.species is not None and s.symbol == arg)


class TrainerGroups(CountKind):
    """Different trainer groups among the team's trainer dexes (dex backs have none; a card
    counting as one more trainer adds no group)."""

    name = "trainer_groups"
    takes_arg = False

    def value(self, forest: Forest, arg: str) -> int:
        """Count the distinct groups of the trainer sites."""
        return len({s.symbol for s in forest.sites
                    if s.kind.is_tree and s.species is not None and s.symbol is not None})


class PokemonKinds(CountKind):
    """Different Pokémon kinds (electric, fire, fighting, normal, flying, grass, water,
    Eeveelution, Unown) among the visible cards of the team; trainers, items and expansion
    symbols are no Pokémon kinds."""

    name = "pokemon_kinds"
    takes_arg = False

    def value(self, forest: Forest, arg: str) -> int:
        """Count the kinds with at least one visible card."""
        counts = forest.counts
        return sum(1 for k in POKEMON_KINDS if counts.get("tag:" + k, 0) > 0)


#: the count kinds this plugin registers
COUNT_KINDS: tuple[CountKind, ...] = (GroupTrainers(), TrainerGroups(), PokemonKinds())


def count_of(rules: Ruleset, forest: Forest, key: str) -> int:
    """The value of count *key* (``kind`` or ``kind:arg``, any registered count kind) in
    *forest*: the one reader the plugin's scorings and mode conditions use."""
    kind, _, arg = key.partition(":")
    return int(rules.registry.counts[kind].value(forest, arg))


# -- scoring kinds --------------------------------------------------------------------------


def _table(args: Mapping[str, Any]) -> tuple[int, ...]:
    t = args["table"]
    if not isinstance(t, list | tuple) or not t or \
            not all(isinstance(x, int) and not isinstance(x, bool) for x in t):
        raise ValueError("'table' must be a non-empty list of whole numbers")
    return tuple(t)


def _table_value(table: Sequence[int], n: int) -> int:
    return 0 if n <= 0 else table[min(n, len(table)) - 1]


class GroupTable(ScoringKind):
    """The cards of every species naming the same ``count`` score together:
    ``table[n-1]`` in all for ``n`` = that count (the last entry for more), shared out
    over the cards as marginal points, the last card taking the rest. The Repeat Ball
    trainers are eleven species that score as one set."""

    name = "group_table"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``table`` (whole numbers), ``count``."""
        check_args(args, {"table", "count"})
        _table(args)

    def group_key(self, args: Mapping[str, Any], species: str) -> str | None:
        """One group per count."""
        return f"group_table:{args['count']}"

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> GroupScorer:
        """Total from the table, shared out."""
        table, key = _table(args), args["count"]

        def score(ctx: ScoreContext, cards: Sequence[int]) -> list[tuple[int, str]]:
            n = count_of(ctx.rules, ctx.forest, key)
            total = _table_value(table, n)
            out: list[tuple[int, str]] = []
            given = 0
            for i in range(len(cards)):
                pts = total - given if i == len(cards) - 1 else \
                    _table_value(table, i + 1) - _table_value(table, i)
                given += pts
                out.append((pts, f"set of {n}: {total} in all"))
            return out

        return score


class IfAtGroup(ScoringKind):
    """``points`` if this card sits at a trainer dex of ``group``."""

    name = "if_at_group"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``points``, ``group`` (a tree symbol of the ruleset)."""
        check_args(args, {"points", "group"}, ints=("points",))
        if args["group"] not in rules.symbols:
            raise ValueError(f"unknown trainer group {args['group']!r}")

    def compile(self, args: Mapping[str, Any], species: str, rules: Ruleset) -> CardScorer:
        """Look at the dex the card sits at."""
        pts, group = args["points"], args["group"]

        def score(ctx: ScoreContext, card: int) -> tuple[int, str]:
            f = ctx.forest
            site = f.sites[f.where[card][0]]
            if site.kind.is_tree and site.species is not None and site.symbol == group:
                return pts, f"at a {group} trainer"
            return 0, f"not at a {group} trainer"

        return score


#: the scoring kinds this plugin registers
SCORING_KINDS: tuple[ScoringKind, ...] = (GroupTable(), IfAtGroup())


# -- helpers to write card data with them ----------------------------------------------------


def group_count(group: str) -> str:
    """The count of trainers of *group* (``group_trainers:<group>``)."""
    return f"group_trainers:{group}"


def group_table(table: Sequence[int], count: str) -> Spec:
    """Every species naming *count* scores together by *table*."""
    return Spec("group_table", {"table": tuple(table), "count": count})


def if_at_group(points: int, group: str) -> Spec:
    """*points* if the card sits at a trainer of *group*."""
    return Spec("if_at_group", {"points": points, "group": group})
