"""``Forest.open_site`` through its per-kind generated opener (``forest._opener``).

Rule (the fold shared by self-play and record loads): opening a site must leave a forest exactly
as the plain loops over the kind's slots did: the same site, the same counts of empty slots
by definition and by position, the same index of empty slots, the same counters, and every
dict's entries in the same order (options are offered in that order). (The counts of empty
slots, ``Forest.open`` and ``open_defs``, are made from the index and the sites.)
"""

from __future__ import annotations

from typing import Any

import pytest
from bundled import RULESETS, rules_of

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
