"""Count kinds: the countable quantities of a forest (or, for ``hand``, of a player's state)
that scoring, effects, conditions and tie-breakers name as ``kind`` or ``kind:arg``.

The core's counts are counters the forest maintains (:mod:`forestshuffle.core.forest`), so reading
one never rescans the forest; :func:`count_getter` compiles a fast reader for a count key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from forestshuffle.kinds import CountKind, ScoreContext

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState


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


#: The core's counts (each maintained by :class:`~forestshuffle.core.forest.Forest`).
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


def counter_key(rules: Ruleset, key: str) -> str | None:
    """*key* if count *key* is a counter the forest maintains (read it as
    ``forest.counts.get(key, 0)``), else None (a count computed from the forest)."""
    return key if isinstance(rules.registry.counts[key.partition(":")[0]], CounterCount) \
        else None


def context_count(rules: Ruleset, key: str) -> Callable[[ScoreContext], int]:
    """A reader of count *key* for scorers: the counter of the context's forest, or a
    computed count worked out once per :class:`~forestshuffle.kinds.ScoreContext` (kept in
    its ``memo``), however many cards read it."""
    if counter_key(rules, key) is not None:
        def counter(ctx: ScoreContext) -> int:
            return ctx.counts.get(key, 0)

        return counter
    get = count_getter(rules, key)
    memo_key = ("count", key)

    def computed(ctx: ScoreContext) -> int:
        memo = ctx.memo
        v = memo.get(memo_key)
        if v is None:
            v = memo[memo_key] = get(ctx.forest)
        return v

    return computed
