"""Per-class code generated from field types, for reading records fast.

Two kinds of functions, each compiled once per event or action class from its attrs fields
(as attrs and cattrs generate their own ``__init__`` and structure functions):

- a **decoder** (:func:`decoder_of`): a record's JSON dict to an instance, without checks,
  for the trusted load (:mod:`forestshuffle.trusted`);
- a **strict comparator** (:func:`comparator_of`): whether a JSON dict is exactly the record
  of an event (same tag, version, keys, and every value of the field's type: ``0.7``,
  ``false`` and ``"0"`` are never the card ``0``), for the checked load, which falls back to
  its general converter (and its error messages) whenever a comparator says no.

A class whose field types are not all known here gets neither (None): the general path
serves it.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any

import attrs

from .steps import Step, freeze_args

__all__ = ["Comparator", "Decoder", "action_reader_of", "comparator_of", "decoder_of"]

#: a record's dict to an instance of the class
Decoder = Callable[[dict[str, Any]], Any]
#: whether a record's dict is exactly the record of an instance
Comparator = Callable[[Any, Any], bool]

_PLAIN = (int, str, bool, float, type(None), Any)


def _args(a: dict[str, Any]) -> dict[str, Any]:
    """A step's args from JSON: lists become tuples (as :func:`~forestshuffle.steps.freeze_args`
    does), a copy only when there is one."""
    for v in a.values():
        if type(v) is list or type(v) is dict:
            return freeze_args(a)
    return a


def _expr(t: Any, src: str, env: dict[str, Any]) -> str:
    """Python source turning the JSON value *src* into a value of type *t*; raises TypeError
    for a type this decoder does not know (the class is then decoded the checked way)."""
    if t in _PLAIN:
        return src
    if t is Step:
        env["Step"], env["_args"] = Step, _args
        return (f"Step({src}['kind'], {src}['player'], {src}['card'], _args({src}['args']))")
    origin = typing.get_origin(t)
    args = typing.get_args(t)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            var = f"x{len(env)}"
            env[var] = None
            inner = _expr(args[0], var, env)
            return f"tuple({src})" if inner == var else \
                f"tuple([{inner} for {var} in {src}])"
        parts = [_expr(a, f"{src}[{i}]", env) for i, a in enumerate(args)]
        return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"
    if origin in (typing.Union, types.UnionType) and all(a in _PLAIN for a in args):
        return src
    raise TypeError(f"no fast conversion for {t!r}")


def _decoder(cls: type[Any]) -> Decoder | None:
    """A function from a record's dict to an instance of the attrs class *cls* (its ``type``,
    ``v`` and ``at`` keys ignored), generated from its field types; None if they are not all
    known here."""
    try:
        hints = typing.get_type_hints(cls)
        env: dict[str, Any] = {}
        pos: list[str] = []
        kw: list[str] = []
        for f in attrs.fields(cls):
            if not f.init or f.name == "label":
                continue
            code = _expr(hints[f.name], f"d[{f.name!r}]", env)
            if f.kw_only:
                kw.append(f"{f.alias}={code}")
            else:
                pos.append(code)
    except Exception:
        return None
    if not pos and not kw:
        shared = cls()
        return lambda d: shared  # no fields: one instance serves (events are never mutated)
    env = {k: v for k, v in env.items() if v is not None}
    env["cls"] = cls
    src = f"def decode(d):\n    return cls({', '.join(pos + kw)})\n"
    exec(compile(src, f"<forestshuffle.trusted decoder of {cls.__name__}>", "exec"), env)
    decode: Decoder = env["decode"]
    return decode


_DECODERS: dict[type[Any], Decoder | None] = {}


def decoder_of(cls: type[Any]) -> Decoder | None:
    """The (cached) decoder of *cls*."""
    if cls not in _DECODERS:
        _DECODERS[cls] = _decoder(cls)
    return _DECODERS[cls]


# -- strict comparators ------------------------------------------------------------------------


def _same_json(j: Any, v: Any) -> bool:
    """Whether the JSON value *j* is exactly the frozen value *v* (lists as tuples, the same
    types at every level)."""
    t = type(j)
    if t is dict:
        if type(v) is not dict or len(j) != len(v):
            return False
        for k, x in j.items():
            if k not in v:
                return False
            y = v[k]
            tx = type(x)
            if tx is list or tx is dict:
                if not _same_json(x, y):
                    return False
            elif tx is not type(y) or x != y:
                return False
        return True
    if t is list:
        return type(v) is tuple and len(j) == len(v) and all(
            _same_json(x, y) for x, y in zip(j, v, strict=True))
    return t is type(v) and bool(j == v)


def _same_step(j: Any, s: Step) -> bool:
    return (type(j) is dict and len(j) == 4 and type(j.get("kind")) is str
            and j["kind"] == s.kind and type(j.get("player")) is int and j["player"] == s.player
            and type(j.get("card")) is int and j["card"] == s.card
            and type(j.get("args")) is dict and _same_json(j["args"], s.args))


_INT_ONLY = {int}


def _all_ints(j: list[Any]) -> bool:
    return not j or set(map(type, j)) == _INT_ONLY


def _same(t: Any, src: str, val: str, env: dict[str, Any]) -> str:
    """Python source: whether the JSON value *src* is exactly the value *val* of type *t*."""
    if t is int or t is str:
        return f"(type({src}) is {t.__name__} and {src} == {val})"
    if t is bool:
        return f"({src} is {val})"
    if t is Step:
        env["_same_step"] = _same_step
        return f"_same_step({src}, {val})"
    origin = typing.get_origin(t)
    args = typing.get_args(t)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args \
            and (int in args or str in args):
        name = "int" if int in args else "str"
        return (f"({src} is None if {val} is None else "
                f"(type({src}) is {name} and {src} == {val}))")
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if args[0] is int:
            env["_all_ints"] = _all_ints
            return f"(type({src}) is list and {src} == list({val}) and _all_ints({src}))"
        n = len(env)
        x, y = f"x{n}", f"y{n}"
        inner = _same(args[0], x, y, env)
        return (f"(type({src}) is list and len({src}) == len({val}) and "
                f"all({inner} for {x}, {y} in zip({src}, {val})))")
    raise TypeError(f"no strict comparison for {t!r}")


def _comparator(cls: type[Any], action: bool = False) -> Comparator | None:
    """The strict comparator of an event class, or with *action* of an action class (whose
    records hold ``at`` where events hold ``v``, and no ``label``)."""
    try:
        hints = typing.get_type_hints(cls)
        env: dict[str, Any] = {}
        fields = [f for f in attrs.fields(cls) if not (action and f.name == "label")]
        if not all(f.eq for f in fields):
            return None
        parts = [_same(hints[f.name], f"d[{f.name!r}]", f"e.{f.name}", env) for f in fields]
    except Exception:
        return None
    tag = getattr(cls, "type_name", "") or cls.__name__
    head = [f"len(d) == {len(fields) + 2}", f"d.get('type') == {tag!r}"]
    if action:
        head.append("type(d.get('at')) is int")
    else:
        head.append(f"type(d.get('v')) is int and d['v'] == {cls.class_version!r}")
    src = ("def same(d, e):\n    try:\n        return (" + "\n                and ".join(
        head + parts) + ")\n    except KeyError:\n        return False\n")
    exec(compile(src, f"<forestshuffle.codegen comparator of {cls.__name__}>", "exec"), env)
    same: Comparator = env["same"]
    return same


_COMPARATORS: dict[type[Any], Comparator | None] = {}


def comparator_of(cls: type[Any]) -> Comparator | None:
    """The (cached) strict comparator of the event class *cls*, or None."""
    if cls not in _COMPARATORS:
        _COMPARATORS[cls] = _comparator(cls) if getattr(cls, "class_version", None) else None
    return _COMPARATORS[cls]


_ACTION_READERS: dict[type[Any], Callable[[Any], Any] | None] = {}


def _action_reader(cls: type[Any]) -> Callable[[Any], Any] | None:
    dec = decoder_of(cls)
    same = _comparator(cls, action=True)
    if dec is None or same is None:
        return None

    def read(d: Any) -> Any:
        try:
            a = dec(d)
        except Exception:
            return None
        return a if same(d, a) else None

    return read


def action_reader_of(cls: type[Any]) -> Callable[[Any], Any] | None:
    """For the action class *cls*: a function from a record's action dict to the action when
    the dict is exactly one (its fields' types, ``type`` and a whole-number ``at``, no other
    key), else None; or None when the class's field types are not all known here."""
    if cls not in _ACTION_READERS:
        _ACTION_READERS[cls] = _action_reader(cls)
    return _ACTION_READERS[cls]
