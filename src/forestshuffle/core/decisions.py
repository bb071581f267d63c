"""What the game waits for (a :class:`Decision`) and the actions that answer it.

Every player input answers the pending decision. Composite moves are sequences of
small decisions (card, then half and slot, then each payment card), so options stay
few and cheap to list. Actions compare by their fields only; ``label`` is a readable
text for people and never affects equality.

An action answers a decision only if it is *exactly* one of its options: the same class
(a subclass, whatever its ``__eq__``, is not) and fields of the same types and values
(``0.0``, ``False`` and ``"0"`` are not the card ``0``); see :func:`find_option`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from forestshuffle.core.action import Action as Action
from forestshuffle.core.decision import Decision as Decision


@attrs.frozen
class DrawFromDeck(Action):
    """Take the top card of the deck into your hand."""


@attrs.frozen
class DrawFromClearing(Action):
    """Take this face-up card from the clearing into your hand."""

    card: int  #: the clearing card to take


@attrs.frozen
class PlayCard(Action):
    """Start playing this hand card normally (then choose half and slot, then payment)."""

    card: int  #: the hand card to play


@attrs.frozen
class PlaySapling(Action):
    """Play this hand card face down as a sapling, for free."""

    card: int  #: the hand card to play face down


@attrs.frozen
class Place(Action):
    """Put the card being played, using half ``half``, into ``slot`` of site ``site``."""

    half: int  #: the index of the half used (0 for a tree)
    site: int  #: the index of the site in the forest
    slot: str  #: the slot's name at that site (``top``, ``left``...)


@attrs.frozen
class PayWith(Action):
    """Pay one more point of the cost with this hand card."""

    card: int  #: the hand card to pay with


@attrs.frozen
class PickCard(Action):
    """Choose this card for the effect being resolved (a free play, a cave card, a Mole play)."""

    card: int  #: the card chosen


@attrs.frozen
class Use(Action):
    """Use the offered effect, bonus or trigger."""


@attrs.frozen
class Pass(Action):
    """Decline the offer, or stop choosing more cards."""


@attrs.frozen
class KeepHand(Action):
    """Keep the opening hand."""


@attrs.frozen
class Redraw(Action):
    """Return the opening hand to the box and draw a new one."""


@attrs.frozen
class Declare(Action):
    """Declare ``name`` (a declaration of the ruleset, such as an immediate win), offered
    besides a decision's own options while its condition holds."""

    name: str  #: the declaration's name


def _strict_eq(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(_strict_eq(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _compared_fields(cls: type[Any]) -> tuple[str, ...]:
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = tuple(f.name for f in attrs.fields(cls) if f.eq)
    return fields


_FIELDS: dict[type[Any], tuple[str, ...]] = {}
_TYPES = {"int": int, "str": str, "bool": bool}


def field_problem(action: Action) -> str | None:
    """Why *action*'s fields cannot be right (a field holding a value of another type than
    its class declares: a float or bool for a whole number...), or None."""
    cls = type(action)
    if not attrs.has(cls):
        return f"{cls.__name__} is not an attrs action class"
    for f in attrs.fields(cls):
        if not f.eq:
            continue
        want = _TYPES.get(f.type if isinstance(f.type, str) else getattr(f.type, "__name__", ""))
        value = getattr(action, f.name, None)
        if want is not None and type(value) is not want:
            return (f"{cls.__name__}.{f.name} must be {want.__name__}, not "
                    f"{type(value).__name__}")
    return None


def same_action(option: Action, action: Action) -> bool:
    """Whether *action* is exactly *option*: the same class and, field by field, values of
    the same types that are equal. Never calls *action*'s own ``__eq__``."""
    if type(option) is not type(action):
        return False
    return all(_strict_eq(getattr(option, n), getattr(action, n))
               for n in _compared_fields(type(option)))


def find_option(options: Iterable[Action], action: Any) -> Action | None:
    """The option *action* is exactly (see :func:`same_action`), or None."""
    opts = tuple(options)
    for i, o in enumerate(opts):
        if o is action:
            return opts[i]
    if not isinstance(action, Action):
        return None
    cls = type(action)
    for o in opts:
        # same class first: then ``==`` is that class's own attrs equality, never a hostile
        # subclass's; same_action then checks the field types too
        if type(o) is cls and o == action and same_action(o, action):
            return o
    return None


def describe(action: Any) -> str:
    """A short, safe text for *action* in error messages (its ``repr`` may be hostile)."""
    try:
        text = repr(action)
    except Exception:
        text = f"<{type(action).__name__}>"
    return text if len(text) <= 120 else text[:117] + "..."


#: Every action class of the core, by name.
ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        DrawFromDeck,
        DrawFromClearing,
        PlayCard,
        PlaySapling,
        Place,
        PayWith,
        PickCard,
        Use,
        Pass,
        KeepHand,
        Redraw,
        Declare,
    )
}
