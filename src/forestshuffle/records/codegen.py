"""Per-class code generated from field types, for reading records fast.

Two kinds of functions, each compiled once per event or action class from its attrs fields
(as attrs and cattrs generate their own ``__init__`` and structure functions):

- a **decoder** (:func:`decoder_of`): a record's JSON dict to an instance, without checks,
  for the trusted load (:mod:`forestshuffle.records.trusted`);
- a **strict comparator** (:func:`comparator_of`): whether a JSON dict is exactly the record
  of an event (same tag, version, keys, and every value of the field's type: ``0.7``,
  ``false`` and ``"0"`` are never the card ``0``), for the checked load, which falls back to
  its general converter (and its error messages) whenever a comparator says no;
- a **text encoder** (:func:`text_encoder_of`): an instance's record as compact JSON text,
  exactly what ``json.dumps`` makes of its record dict, for writing records and for the
  checked load's fast path (:mod:`forestshuffle.records.canonical`).

A class whose field types are not all known here gets neither (None): the general path
serves it.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs

from forestshuffle.core.steps import Step, freeze_args

__all__ = ["Comparator", "Decoder", "TextEncoder", "action_reader_of", "comparator_of",
           "decoder_of", "list_decoder", "list_text_encoder", "text_encoder_of"]

#: a record's dict to an instance of the class
Decoder = Callable[[dict[str, Any]], Any]
#: whether a record's dict is exactly the record of an instance
Comparator = Callable[[Any, Any], bool]
#: an instance (and for an action, the index of its first event) to its record's JSON text
TextEncoder = Callable[..., str]

_PLAIN = (int, str, bool, float, type(None), Any)


def _args(a: dict[str, Any]) -> dict[str, Any]:
    """A step's args from JSON: lists become tuples (as
    :func:`~forestshuffle.core.steps.freeze_args` does), a copy only when there is one."""
    for v in a.values():
        if type(v) is list or type(v) is dict:
            return freeze_args(a)
    return a


def _step(x: Any) -> Step:
    """The Step of the step dict *x*; TypeError unless its kind is a str and its player and
    card are ints (a Step would store another type as it is)."""
    if type(x["kind"]) is not str or type(x["player"]) is not int or type(x["card"]) is not int:
        raise TypeError(f"a step's kind, player and card must be a str and two ints: {x!r:.80}")
    return Step(x["kind"], x["player"], x["card"], _args(x["args"]))


def _steps_of(steps: list[Any]) -> tuple[Step, ...]:
    """Steps from JSON (one step, the usual case, without a loop)."""
    if len(steps) == 1:
        return (_step(steps[0]),)
    return tuple([_step(x) for x in steps])


#: statements making the Step ``st`` of the step dict ``x`` (as :func:`_step` does, inline);
#: an empty ``args`` dict is kept as it is, without a call (anything else that is not a dict
#: fails in ``_args``, as before). The Step is made without a call of its ``__init__``, which
#: only stores the four fields.
_STEP_LINES = ["a = x['args']",
               "k = x['kind']", "pl = x['player']", "cd = x['card']",
               "if type(k) is not str or type(pl) is not int or type(cd) is not int:",
               "    st = _step(x)",
               "st = _new(Step)", "st.kind = k", "st.player = pl", "st.card = cd",
               "st.args = _args(a) if a or type(a) is not dict else a"]


def _expr(t: Any, src: str, env: dict[str, Any]) -> str:
    """Python source turning the JSON value *src* into a value of type *t*; raises TypeError
    for a type this decoder does not know (the class is then decoded the checked way)."""
    if t in _PLAIN:
        return src
    if t is Step:
        env["_step"] = _step
        return f"_step({src})"
    origin = typing.get_origin(t)
    args = typing.get_args(t)
    if t == tuple[Step, ...]:
        env["_steps_of"] = _steps_of
        return f"_steps_of({src})"
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


def _construction(cls: type[Any], name: str, env: dict[str, Any]) -> str | None:
    """Python source making an instance of the attrs class *cls* from the record dict ``d``
    (its ``type``, ``v`` and ``at`` keys ignored), the class named *name* in *env* (for a
    class without fields, *name* is one shared instance: events are never mutated); None
    when its field types are not all known here."""
    try:
        hints = typing.get_type_hints(cls)
        local: dict[str, Any] = {}
        pos: list[str] = []
        kw: list[str] = []
        for f in attrs.fields(cls):
            if not f.init or f.name == "label":
                continue
            code = _expr(hints[f.name], f"d[{f.name!r}]", local)
            if f.kw_only:
                kw.append(f"{f.alias}={code}")
            else:
                pos.append(code)
        env.update({k: v for k, v in local.items() if v is not None})
        if not pos and not kw:
            env[name] = cls()
            return name
    except Exception:
        return None
    env[name] = cls
    return f"{name}({', '.join(pos + kw)})"


def _define(src: str, name: str, env: dict[str, Any], what: str) -> Any:
    """The function *name* that the generated source *src* defines, run in *env* (its
    traceback names it ``<forestshuffle.records.codegen WHAT>``)."""
    exec(compile(src, f"<forestshuffle.records.codegen {what}>", "exec"), env)
    return env[name]


def _decoder(cls: type[Any]) -> Decoder | None:
    """A function from a record's dict to an instance of the attrs class *cls* (see
    :func:`_construction`), or None."""
    env: dict[str, Any] = {}
    make = _construction(cls, "cls", env)
    if make is None:
        return None
    decode: Decoder = _define(f"def decode(d):\n    return {make}\n", "decode", env,
                              f"trusted decoder of {cls.__name__}")
    return decode


def _settable(cls: type[Any]) -> str | None:
    """How an instance of the attrs class *cls* may be made by ``object.__new__`` and storing
    each field, as its generated ``__init__`` does: ``"store"`` (``e.f = v``), ``"set"`` for a
    frozen class (``object.__setattr__``, as attrs' own frozen ``__init__``), or None: not
    slotted, a converter, validator or init hook, a hidden slot (a cached hash), or a field
    neither given by the record nor with a plain default."""
    fields = attrs.fields(cls)
    slots = {n for c in cls.__mro__ for n in c.__dict__.get("__slots__", ())} - {"__weakref__"}
    if "__slots__" not in cls.__dict__ or slots != {f.name for f in fields} or any(
            hasattr(cls, h) for h in ("__attrs_post_init__", "__attrs_pre_init__")):
        return None
    for f in fields:
        if f.converter is not None or f.validator is not None:
            return None
        if (not f.init or f.name == "label") and (
                f.default is attrs.NOTHING or isinstance(f.default, attrs.Factory)  # type: ignore[arg-type]
                or f.default.__hash__ is None):
            return None
    setattr_ = getattr(cls, "__setattr__", None)
    if setattr_ is object.__setattr__:
        return "store"
    return "set" if getattr(setattr_, "__name__", "") == "_frozen_setattrs" else None


def _stores(cls: type[Any], name: str, env: dict[str, Any], pad: str) -> list[str] | None:
    """Lines (indented by *pad*) leaving in ``e`` an instance of the attrs class *cls*
    (named *name* in *env*) made from the record dict ``d`` without calling the class (see
    :func:`_settable`); a field of steps takes the one-step case inline. None when *cls*
    is not settable, a field's type is not known here or the record gives no field (the
    class's one shared instance serves, see :func:`_construction`)."""
    try:
        how = _settable(cls)
        if how is None:
            return None
        hints = typing.get_type_hints(cls)
        local: dict[str, Any] = {}
        lines = [f"{pad}e = _new({name})"]
        given = 0

        def put(field: str, value: str, at: str = pad) -> str:
            return f"{at}e.{field} = {value}" if how == "store" else \
                f"{at}_set(e, {field!r}, {value})"

        for f in attrs.fields(cls):
            if not f.init or f.name == "label":
                local[f"D{name}_{f.name}"] = f.default
                lines.append(put(f.name, f"D{name}_{f.name}"))
                continue
            given += 1
            if hints[f.name] == tuple[Step, ...]:
                local["_steps_of"] = _steps_of
                lines += [f"{pad}s = d[{f.name!r}]", f"{pad}if len(s) == 1:",
                          f"{pad}    x = s[0]", *(f"{pad}    {x}" for x in _STEP_LINES),
                          put(f.name, "(st,)", pad + "    "), f"{pad}else:",
                          put(f.name, "_steps_of(s)", pad + "    ")]
            else:
                lines.append(put(f.name, _expr(hints[f.name], f"d[{f.name!r}]", local)))
    except Exception:
        return None
    if not given:
        return None
    env.update({k: v for k, v in local.items() if v is not None or k.startswith("D")})
    env.update(_new=object.__new__, _set=object.__setattr__, Step=Step, _args=_args,
               _step=_step)
    env[name] = cls
    return lines


def list_decoder(classes: list[type[Any]], action: bool = False
                 ) -> Callable[[list[Any], Callable[[Any, int], Any]], list[Any]]:
    """A function ``decode(raw, other)`` from a record's list of event dicts to the events
    (or with *action*, of action dicts to ``(action, at)`` pairs), without checks (see
    :func:`decoder_of`): one loop testing the tags of *classes* in their order (put the most
    frequent first) and, for events, their current versions, each instance made inline (see
    :func:`_stores`) or by its class; ``other(d, index)`` decodes any other dict."""
    env: dict[str, Any] = {}
    lines = ["def decode(raw, other):", "    out = []", "    add = out.append", "    i = -1",
             "    for d in raw:", "        i += 1", "        t = d['type']"]
    word = "if"
    for n, cls in enumerate(classes):
        tag = getattr(cls, "type_name", "") or cls.__name__
        test = f"t == {tag!r}" if action else \
            f"t == {tag!r} and d['v'] == {cls.class_version!r}"
        stores = _stores(cls, f"C{n}", env, " " * 12)
        if stores is not None:
            lines += [f"        {word} {test}:", *stores,
                      "            add((e, d['at']))" if action else "            add(e)"]
        else:
            make = _construction(cls, f"C{n}", env)
            if make is None:
                continue
            lines += [f"        {word} {test}:",
                      f"            add(({make}, d['at']))" if action else
                      f"            add({make})"]
        word = "elif"
    lines += (["        else:", "            add(other(d, i))"] if word == "elif"
              else ["        add(other(d, i))"])
    lines.append("    return out")
    decode: Callable[[list[Any], Callable[[Any, int], Any]], list[Any]] = _define(
        "\n".join(lines) + "\n", "decode", env, "list decoder")
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
    same: Comparator = _define(src, "same", env, f"comparator of {cls.__name__}")
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


# -- text encoders ------------------------------------------------------------------------------

#: compact JSON, as records are written (``json.dumps`` with the defaults but the separators)
dumps_compact = json.JSONEncoder(separators=(",", ":")).encode


class _Texts(dict[str, str]):
    """JSON text of strings, by string (the few texts of a game repeat: tags, kinds, slots)."""

    def __missing__(self, key: str) -> str:
        text = dumps_compact(key)
        if len(self) < 10_000:
            self[key] = text
        return text


_TEXT = _Texts()


#: JSON text of the whole numbers records hold most (card ids, seats, sites, steps' -1), a
#: plain dict for the interpreter's fast lookup: a number outside it is a KeyError, and the
#: caller writes that record the general way (:func:`text_encoder_of`)
_INT: dict[int, str] = {i: str(i) for i in range(-1, 1024)}


def _bool_text(b: Any) -> str:
    return "true" if b is True else "false" if b is False else dumps_compact(b)


def _ints_text(t: Any) -> str:
    return "[" + ",".join(map(_INT.__getitem__, t)) + "]" if t else "[]"


def _list_text(v: Any) -> str:
    parts = []
    for x in v:
        parts.append(_VALUE_TEXT[type(x)](x))
    return "[" + ",".join(parts) + "]"


def _dict_text(v: Any) -> str:
    if len(v) == 1:
        ((k, x),) = v.items()
        if type(k) is not str:
            raise TypeError("not a text key")
        return "{" + _TEXT[k] + ":" + _VALUE_TEXT[type(x)](x) + "}"
    parts = []
    for k, x in v.items():
        if type(k) is not str:
            raise TypeError("not a text key")
        parts.append(_TEXT[k] + ":" + _VALUE_TEXT[type(x)](x))
    return "{" + ",".join(parts) + "}"


#: JSON text of a value by its exact type, as ``json.dumps`` writes it (the JSON-like values
#: of step args; any other type, a float among them, is left to json.dumps)
_VALUE_TEXT: dict[type[Any], Callable[[Any], str]] = {
    int: _INT.__getitem__, str: _TEXT.__getitem__, bool: lambda b: "true" if b else "false",
    type(None): lambda _: "null", tuple: _list_text, list: _list_text, dict: _dict_text}


_SCALAR_TYPES = frozenset({int, str, bool, type(None)})
#: JSON text of step args of one scalar value, by (key, value, type of the value)
_ONE_ARG: dict[tuple[Any, Any, type[Any]], str] = {}


def _args_text(a: dict[str, Any]) -> str:
    try:
        return _dict_text(a)
    except (KeyError, TypeError, RecursionError):
        return dumps_compact(a)


def _step_text(s: Step) -> str:
    a = s.args
    if not a:
        args = "{}"
    elif len(a) == 1:
        ((k, x),) = a.items()
        key = (k, x, type(x))
        cached = _ONE_ARG.get(key) if type(x) in _SCALAR_TYPES else None
        if cached is None:
            args = _args_text(a)
            if type(x) in _SCALAR_TYPES and type(k) is str and len(_ONE_ARG) < 10_000:
                _ONE_ARG[key] = args
        else:
            args = cached
    else:
        args = _args_text(a)
    return (f'{{"kind":{_TEXT[s.kind]},"player":{_INT[s.player]},"card":{_INT[s.card]},'
            f'"args":{args}}}')


def _steps_text(t: Any) -> str:
    if len(t) == 1:
        return "[" + _step_text(t[0]) + "]"
    return "[" + ",".join(map(_step_text, t)) + "]"


_CONSTANTS = {"_NULL": "null", "_TRUE": "true", "_FALSE": "false", "_TEXT": _TEXT, "_INT": _INT,
              "_bool_text": _bool_text}


def _text(t: Any, val: str, env: dict[str, Any]) -> str:
    """Python source (without quotes) of an expression whose ``format`` is the JSON text of
    the value *val* of type *t* (the helpers it names are in :data:`_CONSTANTS` or put in
    *env*)."""
    if t is int:
        return f"_INT[{val}]"
    if t is str:
        return f"_TEXT[{val}]"
    if t is bool:
        return f"_TRUE if {val} is True else _FALSE if {val} is False else _bool_text({val})"
    origin = typing.get_origin(t)
    args = typing.get_args(t)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args \
            and (int in args or str in args):
        return f"_NULL if {val} is None else {'_INT' if int in args else '_TEXT'}[{val}]"
    helper: Callable[[Any], str] | None = None
    if t is Step:
        helper = _step_text
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] in (int, Step):
        helper = _ints_text if args[0] is int else _steps_text
    if helper is None:
        raise TypeError(f"no text encoding for {t!r}")
    env[helper.__name__] = helper
    return f"{helper.__name__}({val})"


def _template(cls: type[Any], action: bool, env: dict[str, Any]) -> str | None:
    """Python source of an f-string writing the record of ``e``, an instance of *cls* (an
    event class, or with *action* an action class whose ``at`` is ``at``), its helpers put in
    *env*; None when a field's type is not known here (or a field is named like a record
    key)."""
    env.update(_CONSTANTS)
    try:
        hints = typing.get_type_hints(cls)
        fields = [f for f in attrs.fields(cls) if not (action and f.name == "label")]
        if any(f.name in (("type", "at") if action else ("type", "v")) for f in fields):
            return None
        exprs = [_text(hints[f.name], f"e.{f.name}", env) for f in fields]
    except Exception:
        return None
    tag = dumps_compact(getattr(cls, "type_name", "") or cls.__name__)
    pieces = [f'{{"type":{tag}'] if action else [f'{{"type":{tag},"v":{cls.class_version!r}']
    keys = [f',"{f.name}":' for f in fields] + ([',"at":'] if action else [])
    template = "".join(p.replace("{", "{{").replace("}", "}}") for p in pieces)
    for key, expr in zip(keys, [*exprs, "at"] if action else exprs, strict=True):
        template += key.replace("{", "{{").replace("}", "}}") + "{" + expr + "}"
    return f"f{template + '}}'!r}"


def _text_encoder(cls: type[Any], action: bool) -> TextEncoder | None:
    """The text encoder of an event or (*action*) action class, or None."""
    env: dict[str, Any] = {}
    template = _template(cls, action, env)
    if template is None:
        return None
    src = f"def text(e{', at' if action else ''}):\n    return {template}\n"
    text: TextEncoder = _define(src, "text", env, f"text encoder of {cls.__name__}")
    return text


def list_text_encoder(classes: list[type[Any]], other: Callable[..., str],
                      action: bool = False) -> Callable[[Any], list[str]]:
    """A function from a list of events (or with *action*, of ``(action, at)`` pairs) to the
    text of each (see :func:`text_encoder_of`, and how it may raise): one loop testing the
    classes in the order of *classes* (put the most frequent first), *other* writing any
    other one."""
    env: dict[str, Any] = {"other": other}
    lines = ["def texts(items):", "    out = []", "    add = out.append",
             "    for e, at in items:" if action else "    for e in items:",
             "        t = type(e)"]
    word = "if"
    for n, cls in enumerate(classes):
        template = _template(cls, action, env)
        if template is None:
            continue
        env[f"C{n}"] = cls
        lines += [f"        {word} t is C{n}:", f"            add({template})"]
        word = "elif"
    other_call = "other(e, at)" if action else "other(e)"
    lines += (["        else:", f"            add({other_call})"] if word == "elif"
              else [f"        add({other_call})"])
    lines.append("    return out")
    texts: Callable[[Any], list[str]] = _define("\n".join(lines) + "\n", "texts", env,
                                                "list text encoder")
    return texts


_TEXT_ENCODERS: dict[tuple[type[Any], bool], TextEncoder | None] = {}


def text_encoder_of(cls: type[Any], action: bool = False) -> TextEncoder | None:
    """The (cached) text encoder of the event class *cls* (``text(event)``), or with
    *action* of the action class *cls* (``text(action, at)``): exactly the compact JSON of
    its record dict (``record.event_to_dict``, ``record.action_to_dict`` with ``at``) for
    values of the fields' types; None when its field types are not all known here. It may
    raise (KeyError for a whole number beyond the few it knows the text of, TypeError...):
    the caller then writes the record dict with ``json``."""
    key = (cls, action)
    if key not in _TEXT_ENCODERS:
        _TEXT_ENCODERS[key] = _text_encoder(cls, action) if action or getattr(
            cls, "class_version", None) else None
    return _TEXT_ENCODERS[key]
