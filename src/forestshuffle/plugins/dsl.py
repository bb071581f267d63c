"""Helpers to write card data: one call per effect, trigger or scoring spec.

Each returns a :class:`~forestshuffle.core.cards.Spec` naming a kind registered by the core.
A sequence of effects is a tuple: ``(draw(1), extra_turn())``.

Counts are strings ``kind`` or ``kind:arg``: ``tag:deer``, ``species:base.european_hare``,
``trees``, ``tree_total``, ``trees_of:base.linden``, ``distinct_tag:bat``,
``tree_species``, ``slot:bottom``, ``full_sites``, ``symbol:Oak``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from forestshuffle.core.cards import Spec, Species

# -- effects ---------------------------------------------------------------------------


def draw(n: int = 1) -> Spec:
    """Draw *n* cards from the deck."""
    return Spec("draw", {"n": n})


def draw_per(count: str, per: int = 1) -> Spec:
    """Draw *per* cards per unit of *count* in your forest."""
    args: dict[str, Any] = {"count": count}
    if per != 1:
        args["per"] = per
    return Spec("draw_per", args)


def extra_turn() -> Spec:
    """Take an extra turn after this one."""
    return Spec("extra_turn")


def free_play(*, any_number: bool = False, **filter_: Any) -> Spec:
    """Play a hand card matching *filter_* (``tag=``, ``species=``, ``tree=``) for free."""
    args: dict[str, Any] = {"filter": dict(filter_)}
    if any_number:
        args["any_number"] = True
    return Spec("free_play", args)


def cave_from_hand_then_draw() -> Spec:
    """Put any number of hand cards into your cave, then draw as many."""
    return Spec("cave_from_hand_then_draw")


def clearing_to_cave() -> Spec:
    """Put every clearing card into your cave."""
    return Spec("clearing_to_cave")


def play_further() -> Spec:
    """Play any number of further hand cards, paying each (the Mole)."""
    return Spec("play_further")


def take_from_clearing(n: int = 1) -> Spec:
    """Take *n* cards of your choice from the clearing."""
    return Spec("take_from_clearing", {"n": n})


def draw_then_cave(draw: int = 2, cave: int = 1) -> Spec:
    """Draw *draw* cards, then put *cave* of them into your cave."""
    return Spec("draw_then_cave", {"draw": draw, "cave": cave})


def play_from_clearing(*, reveal: int = 3, **filter_: Any) -> Spec:
    """Play a matching clearing card for free, revealing up to *reveal* deck cards if none."""
    return Spec("play_from_clearing", {"filter": dict(filter_), "reveal": reveal})


def play_face_down(kind: str) -> Spec:
    """Play a hand card face down as a standalone site of *kind*."""
    return Spec("play_face_down", {"kind": kind})


def clearing_to_cave_matching(**filter_: Any) -> Spec:
    """Put every matching clearing card into your cave."""
    return Spec("clearing_to_cave_matching", {"filter": dict(filter_)})


def cave_from_clearing(n: int = 1) -> Spec:
    """Put *n* clearing cards of your choice into your cave."""
    return Spec("cave_from_clearing", {"n": n})


def cave_from_clearing_per(count: str) -> Spec:
    """Per unit of *count*, put one clearing card of your choice into your cave."""
    return Spec("cave_from_clearing_per", {"count": count})


# -- triggers --------------------------------------------------------------------------


def on_play(effect: Spec | Sequence[Spec], *, slot: str | None = None,
            from_next_turn: bool = False, optional: bool = True,
            before_effects: bool = False, **filter_: Any) -> Spec:
    """Whenever you play a card matching *filter_* (into *slot*), use *effect*."""
    args: dict[str, Any] = {
        "filter": dict(filter_),
        "effect": (effect,) if isinstance(effect, Spec) else tuple(effect),
        "from_next_turn": from_next_turn,
        "optional": optional,
    }
    if before_effects:
        args["before_effects"] = True
    if slot is not None:
        args["slot"] = slot
    return Spec("on_play", args)


def trigger_changes(species: Iterable[Species], **args: Any) -> dict[str, Any]:
    """Card changes (the ``species`` table of an override) giving every trigger of each of
    *species* the argument values *args*: ``trigger_changes(mushrooms,
    from_next_turn=False)`` for an option that times their draws otherwise."""
    return {sp.id: {"triggers": [{"kind": t.kind, "args": {**t.args, **args,
                                                             "effect": list(t.args["effect"])}}
                                 for t in sp.triggers]}
            for sp in species if sp.triggers}


# -- scoring ---------------------------------------------------------------------------


def flat(points: int) -> Spec:
    """A fixed number of points."""
    return Spec("flat", {"points": points})


def per(points: int, count: str) -> Spec:
    """*points* per unit of *count*."""
    return Spec("per", {"points": points, "count": count})


def if_at_least(points: int, count: str, n: int, otherwise: int = 0) -> Spec:
    """*points* if *count* >= *n*."""
    args: dict[str, Any] = {"points": points, "count": count, "n": n}
    if otherwise:
        args["otherwise"] = otherwise
    return Spec("if_at_least", args)


def majority(points: int, count: str, otherwise: int = 0) -> Spec:
    """*points* if no other forest has more of *count* (ties count as most)."""
    args: dict[str, Any] = {"points": points, "count": count}
    if otherwise:
        args["otherwise"] = otherwise
    return Spec("majority", args)


def per_attached(points: int) -> Spec:
    """*points* per card attached to this site."""
    return Spec("per_attached", {"points": points})


def per_same_symbol(points: int) -> Spec:
    """*points* per card showing this card's tree symbol."""
    return Spec("per_same_symbol", {"points": points})


def if_site_is(points: int, species: str) -> Spec:
    """*points* if the card sits at a tree of *species*."""
    return Spec("if_site_is", {"points": points, "species": species})


def if_site_has(points: int, tag: str) -> Spec:
    """*points* if another card with *tag* sits at the same site."""
    return Spec("if_site_has", {"points": points, "tag": tag})


def if_slot_shared(points: int) -> Spec:
    """*points* if the card shares its slot."""
    return Spec("if_slot_shared", {"points": points})


def set_table(table: Sequence[int], count: str) -> Spec:
    """The species scores ``table[n-1]`` in all for ``n`` = *count*."""
    return Spec("set_table", {"table": tuple(table), "count": count})


def distinct_sets(table: Sequence[int], tag: str) -> Spec:
    """Cards with *tag* score in sets of different species by *table*."""
    return Spec("distinct_sets", {"table": tuple(table), "tag": tag})


# -- slot rules and modifiers ----------------------------------------------------------


def shares_slot(max_cards: int | None = None, with_: tuple[str, ...] = ()) -> Spec:
    """Cards of this species may share a slot (up to *max_cards*, None for any number);
    *with_* names other species (ids) whose cards count as this one's there: a card joins a
    slot holding only cards of its species and of those."""
    args: dict[str, object] = {"max_cards": max_cards}
    if with_:
        args["with"] = list(with_)
    return Spec("shares_slot", args)


def hosts_sharing(slot: str, tag: str, max_cards: int | None = None) -> Spec:
    """At the site this card sits at, the slots of group *slot* (``top``) take any cards with
    *tag* together, of different species too (up to *max_cards*, None for any number)."""
    return Spec("hosts_sharing", {"slot": slot, "tag": tag, "max_cards": max_cards})


def counts_as_tree(n: int = 1) -> Spec:
    """The site this card sits at counts as *n* more tree(s) of its species."""
    return Spec("counts_as_tree", {"n": n})
