"""``Forest.open_site`` through its per-kind generated opener (``forest._opener``).

Rule (issue 16 §5, the fold shared with self-play): opening a site must leave a forest exactly
as the plain loops over the kind's slots did: the same site, the same counts of empty slots
by definition and by position, the same index of empty slots, the same counters, and every
dict's entries in the same order (options are offered in that order). (The counts of empty
slots, ``Forest.open`` and ``open_defs``, are made from the index and the sites.)
"""

from __future__ import annotations

from typing import Any

import pytest
from bundled import RULESETS, rules_of

import forestshuffle
from forestshuffle.core import forest
from forestshuffle.core.forest import Forest, _new_site


def _reference_open(f: Forest, card: int, half: Any, kind: Any, rules: Any, turn: int) -> int:
    """open_site as it was written with loops (before the generated openers)."""
    idx = len(f.sites)
    f.sites.append(_new_site(card, kind, half))
    for i, sd in enumerate(kind.slots):
        for pos in sd.accepts:
            f.empty.setdefault(pos, []).append((idx, i, sd.name))
    f.where[card] = (idx, "center", -1 if half is None else 0)
    f.order.append(card)
    f.placed_turn[card] = turn
    f._count_sites(kind, 1, 1 if half is None else 0)
    if half is not None:
        f._count_opener(kind, half, rules, card)
    return idx


def _facts(f: Forest) -> list[Any]:
    """Everything the forest holds, dicts as their lists of entries (order counts)."""
    return [[(s.card, s.kind.id, s.species, s.symbol, list(s.slots.items()), s.filled,
              s.extra_trees, s.under) for s in f.sites],
            list(f.where.items()), list(f.counts.items()), f.order,
            list(f.placed_turn.items()), list(f.open.items()),
            [(id(sd), n) for sd, n in f.open_defs.items()],
            [(p, [e[:3] for e in v]) for p, v in f.empty.items()], f.triggers]


def _open_every_kind(rules: Any, open_: Any, halves: tuple[Any, ...], card: int,
                     turns: int) -> Forest:
    """Open every site kind of *rules* once per entry of *halves* (None: face down, else a
    tree's half) with *open_* (forest, card, half, kind, turn) -> index, one after another in
    one forest, checking each time that it leaves the forest the loops leave; the forest."""
    got, want = Forest(), Forest()
    for kind in rules.site_kinds.values():
        for half in halves:
            card += 1
            assert open_(got, card, half, kind, card % turns) == \
                _reference_open(want, card, half, kind, rules, card % turns)
            assert _facts(got) == _facts(want)
    return got


def _tree_half(rules: Any) -> Any:
    return next(h for hs in rules.halves.values() for h in hs if h.site_kind)


@pytest.mark.parametrize(("rid", "expansions"), RULESETS)
def test_the_generated_opener_opens_a_site_as_the_slot_loops_did(
        rid: str, expansions: tuple[str, ...]) -> None:
    """Every site kind of the ruleset (kinds without slots, slots taking two sides, sides
    taken by several slots), opened face down and face up by a tree's half, one after
    another in the same forest: the same forest as the loops made."""
    rules = rules_of(rid, expansions)
    tree = _tree_half(rules)
    got = _open_every_kind(
        rules, lambda f, card, half, kind, turn: f.open_site(card, half, kind, rules, turn),
        (None, tree, None), 500, 7)
    assert len(got.sites) == 3 * len(rules.site_kinds)


@pytest.mark.parametrize(("rid", "expansions"), RULESETS)
def test_the_compiled_builds_planned_opener_opens_a_site_as_the_slot_loops_did(
        rid: str, expansions: tuple[str, ...]) -> None:
    """The compiled build's path (``forest._open_planned``, used where Site is native),
    called directly so that both builds check it: the same forests as the loops made."""
    rules = rules_of(rid, expansions)

    def planned(f: Forest, card: int, half: Any, kind: Any, turn: int) -> int:
        idx = forest._open_planned(f, card, half, kind, turn)
        if half is not None:
            f._count_opener(kind, half, rules, card)
        return idx

    tree = _tree_half(rules)
    _open_every_kind(rules, planned, (tree, None, tree), 700, 5)
    assert forest._NATIVE is forestshuffle.COMPILED  # which path open_site takes


@pytest.mark.skipif(forestshuffle.COMPILED, reason="compiled code does not read a "
                    "monkeypatched module global; there Site is native itself (next test)")
def test_a_site_class_that_object_new_cannot_make_is_made_through_new_site(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled build's native Site is made through its constructor (``_new_site``), not
    ``object.__new__``: an opener generated for such a class (here a Site with its own
    ``__new__``) still opens the same sites."""
    made: list[int] = []

    class Native(forest.Site):
        __slots__ = ()

        def __new__(cls, *args: Any) -> Native:
            made.append(1)
            return super().__new__(cls)

    monkeypatch.setattr(forest, "Site", Native)
    monkeypatch.setattr(forest, "_OPENERS", {})
    rules = rules_of("base", ())
    got, want = Forest(), Forest()
    for card, kind in enumerate(rules.site_kinds.values(), start=1):
        got.open_site(card, None, kind, rules, 1)
        _reference_open(want, card, None, kind, rules, 1)
    assert _facts(got) == _facts(want)
    assert len(made) == 2 * len(rules.site_kinds)  # every site of both forests: _new_site


@pytest.mark.skipif(not forestshuffle.COMPILED, reason="the compiled build only")
def test_the_compiled_builds_site_is_native_so_its_openers_use_the_constructor() -> None:
    """In the compiled build Site is a native class, which ``object.__new__`` cannot make: a
    generated opener would take the constructor path there (sites open by the planned
    loops instead, compared with the plain loops above in both builds)."""
    assert forest.Site.__new__ is not object.__new__
    with pytest.raises(TypeError):
        object.__new__(forest.Site)
