"""The strict converter of a record's events and actions (cattrs, with hooks that take only
values of exactly the declared types: ``0.7``, ``"0"`` and ``false`` are never the card
``0``), and what the record module reports with it."""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any

import attrs
import cattrs

from forestshuffle.core.steps import Step, freeze_args
from forestshuffle.safety import printable, strict_int


def _exact(typ: type[Any], what: str) -> Callable[[Any, Any], Any]:
    def hook(value: Any, _: Any) -> Any:
        if type(value) is not typ:
            raise ValueError(f"expected {what}, not {printable(repr(value))[:60]}")
        return value

    return hook


def _tuple_hook(t: Any) -> Callable[[Any, Any], Any]:
    elem = typing.get_args(t)[0] if typing.get_args(t) else Any

    def hook(value: Any, _: Any) -> Any:
        if type(value) is not list:
            raise ValueError(f"expected a list, not {type(value).__name__}")
        return tuple(converter.structure(x, elem) for x in value)

    return hook


#: the strict converter: events and actions from their record dicts (no extra key, exact types)
converter = cattrs.Converter(forbid_extra_keys=True)
converter.register_structure_hook(int, _exact(int, "a whole number"))
converter.register_structure_hook(str, _exact(str, "a text"))
converter.register_structure_hook(bool, _exact(bool, "true or false"))
def _is_tuple(t: Any) -> bool:
    return bool(typing.get_origin(t) is tuple)


converter.register_structure_hook_factory(_is_tuple, _tuple_hook)
converter.register_unstructure_hook(
    Step, lambda s: {"kind": s.kind, "player": s.player, "card": s.card, "args": _plain(s.args)}
)
converter.register_structure_hook(Step, lambda d, _: _step(d))


def _plain(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


def _json_like(v: Any) -> bool:
    stack = [v]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if not all(type(k) is str for k in x):
                return False
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
        elif x is not None and type(x) not in (str, int, bool, float):
            return False
    return True


def _step(d: Any) -> Step:
    if not isinstance(d, dict) or set(d) != {"kind", "player", "card", "args"}:
        raise ValueError("a step is {kind, player, card, args}")
    if type(d.get("kind")) is not str:
        raise ValueError("a step needs a kind")
    player, card, args = d["player"], d["card"], d["args"]
    if not strict_int(player) or not strict_int(card) or not isinstance(args, dict) \
            or not _json_like(args):
        raise ValueError("bad step fields")
    return Step(d["kind"], player, card, freeze_args(args))


_FIELD_NAMES: dict[type[Any], frozenset[str]] = {}


def field_names(cls: type[Any]) -> frozenset[str]:
    """Every field of an event or action class: a record writes each, and must hold each."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in attrs.fields(cls))
    return names


def path_error(exc: Exception) -> str:
    """What a conversion error says, with the path of each bad value."""
    if isinstance(exc, cattrs.BaseValidationError):
        return "; ".join(cattrs.transform_error(exc))
    return str(exc)
