"""Limits and careful reading of untrusted input (records, documents, override files).

Everything a record, a forest document or an override file holds is data from outside: it is
read with fixed limits, strictly, and without recursion, so a hostile input gets the
library's own error instead of a crash, a hang or exhausted memory. Each limit is documented
in ``docs/security.md``.

* :func:`read_json` parses JSON text or bytes: size limit, UTF-8 only, no duplicate keys, no
  ``NaN``/``Infinity``, whole numbers of at most :data:`MAX_INT_DIGITS` digits, nesting at most
  :data:`MAX_DEPTH` deep.
* :func:`check_depth` checks the nesting of data given as Python objects, without recursion
  (a cycle counts as too deep).
* :func:`read_file` reads a regular file of at most a given size (no devices, no FIFOs).
* :func:`printable` escapes the characters that could drive a terminal (control characters,
  line separators, bidirectional overrides, lone surrogates); :func:`unsafe_char` finds one.
"""

from __future__ import annotations

import json
import math
import os
import stat
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import attrs

from forestshuffle.core.steps import Step

#: Largest record (and forest document: a document may be a record) read, in bytes.
MAX_RECORD_BYTES = 8 * 1024 * 1024
#: Largest override file read, in bytes.
MAX_OVERRIDES_BYTES = 1024 * 1024
#: Deepest nesting of arrays and objects in a record, document or overrides.
MAX_DEPTH = 32
#: Most digits of a whole number in JSON input.
MAX_INT_DIGITS = 40
#: Most events and most actions in a record.
MAX_EVENTS = 500_000
MAX_ACTIONS = 100_000
#: Longest player name, in characters.
MAX_NAME_LENGTH = 100
#: Seeds are whole numbers ``0 <= seed < SEED_LIMIT``.
SEED_LIMIT = 2**128
#: Most steps the game resolves on its own between two decisions (a step kind that never
#: finishes is stopped with :class:`~forestshuffle.errors.NoProgressError`).
MAX_STEPS_WITHOUT_DECISION: Final = 10_000
#: Most events the game produces on its own between two decisions.
MAX_EVENTS_WITHOUT_DECISION: Final = 100_000
#: Rulesets compiled with distinct overrides that a plugin host keeps (least recently used
#: ones are dropped first).
OVERRIDES_CACHE_SIZE = 16


class InputError(ValueError):
    """Untrusted input broke a limit or is not what it must be; callers turn it into their
    own error class (RecordError, DocumentError, CardDataError)."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen:
                raise InputError(f"duplicate key {printable(k)!r}")
            seen.add(k)
    return out


def _no_constant(name: str) -> Any:
    raise InputError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise InputError(f"{text[:20]} is beyond the numbers JSON readers agree on")
    return value


def decode(data: bytes | str, *, limit: int) -> str:
    """*data* as text: at most *limit* bytes (characters for a str), UTF-8 (a leading byte
    order mark is dropped)."""
    if len(data) > limit:
        raise InputError(f"too large: {len(data)} bytes, the limit is {limit}")
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (a bad byte at position {exc.start})") from None


def read_json(data: bytes | bytearray | str, *, limit: int = MAX_RECORD_BYTES) -> Any:
    """Parse JSON text strictly and within the limits; raises :class:`InputError`.

    Strictly: no duplicate key, no ``NaN``/``Infinity`` (nor a number beyond a float), whole
    numbers of at most :data:`MAX_INT_DIGITS` digits, nesting at most :data:`MAX_DEPTH` deep.
    The text is parsed by the C parser without hooks, then one walk checks nesting and
    numbers and counts the keys. When no quote is followed by white space, every key ends in
    ``":`` (and a text may hold more, escaped): then only if those outnumber the keys parsed
    can a key be duplicated. Otherwise, or then, the text is parsed again with a hook that
    finds a duplicate."""
    if not isinstance(data, str | bytes | bytearray):
        raise InputError(f"JSON must be text or bytes, not {type(data).__name__}")
    text = decode(bytes(data) if isinstance(data, bytearray) else data, limit=limit)
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except InputError:
        raise
    except RecursionError:
        raise InputError(f"nested more than {MAX_DEPTH} deep") from None
    except ValueError as exc:
        raise InputError(f"not valid JSON: {exc}") from None
    keys = _walk(value, MAX_DEPTH, ints=True)
    if keys != text.count('":') or any(q in text for q in _QUOTE_SPACE):
        json.loads(text, object_pairs_hook=_no_duplicates)  # raises on a duplicate key
    return value


_INT_LIMIT = 10**MAX_INT_DIGITS
_QUOTE_SPACE = ('" ', '"\n', '"\t', '"\r')


def check_depth(value: Any, limit: int = MAX_DEPTH) -> None:
    """Raise :class:`InputError` if lists, tuples and mappings nest more than *limit* deep
    (iteratively: no recursion, and a cycle is too deep)."""
    _walk(value, limit, ints=False)


def _walk(value: Any, limit: int, ints: bool) -> int:
    """Check the nesting of *value* (and with *ints*, that every whole number has at most
    :data:`MAX_INT_DIGITS` digits); the number of mapping keys in it."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    pop = stack.pop
    push = stack.append
    keys = 0
    big = _INT_LIMIT
    if ints and type(value) is int and not -big < value < big:
        raise InputError(f"a whole number of more than {MAX_INT_DIGITS} digits")
    while stack:
        v, depth = pop()
        t = type(v)
        if t is dict:
            children: Any = v.values()
            keys += len(v)
        elif t is list or t is tuple:
            children = v
        elif t in _SCALARS or not isinstance(v, Mapping | list | tuple):
            continue
        else:
            children = v.values() if isinstance(v, Mapping) else v
            keys += len(v) if isinstance(v, Mapping) else 0
        if depth > limit:
            raise InputError(f"nested more than {limit} deep")
        depth += 1
        for c in children:
            t = type(c)
            if t is dict or t is list or t is tuple or (
                    t not in _SCALARS and isinstance(c, Mapping | list | tuple)):
                push((c, depth))
            elif ints and t is int and not -big < c < big:
                raise InputError(f"a whole number of more than {MAX_INT_DIGITS} digits")
    return keys


def read_file(path: str | Path, *, limit: int) -> bytes:
    """The bytes of the regular file *path*, at most *limit* of them; raises OSError when it
    cannot be read and :class:`InputError` when it is not a regular file or is too large."""
    with open(path, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise InputError("not a regular file")
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"too large: more than {limit} bytes")
    return data


_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def _unsafe(ch: str) -> bool:
    return ch in _BIDI or unicodedata.category(ch) in _UNSAFE_CATEGORIES


def unsafe_char(text: str) -> str | None:
    """The first character of *text* that could drive a terminal (a control character such as
    a newline or ESC, a line or paragraph separator, a bidirectional override, a lone
    surrogate), or None."""
    if text.isprintable():
        return None
    for ch in text:
        if _unsafe(ch):
            return ch
    return None


def printable(text: str) -> str:
    """*text* with every character :func:`unsafe_char` would find written as ``\\uXXXX``
    (valid inside a JSON string too)."""
    if text.isprintable():
        return text
    return "".join(f"\\u{ord(ch):04x}" if _unsafe(ch) else ch for ch in text)


def check_name(name: Any) -> str | None:
    """Why *name* cannot be a player's name (None if it can): a non-empty text of at most
    :data:`MAX_NAME_LENGTH` characters without control characters."""
    if not isinstance(name, str) or not name:
        return "a name must be a non-empty text"
    if len(name) > MAX_NAME_LENGTH:
        return f"a name has at most {MAX_NAME_LENGTH} characters"
    ch = unsafe_char(name)
    if ch is not None:
        return f"a name must not hold control characters (found U+{ord(ch):04X})"
    return None


_SCALARS = frozenset({str, int, float, bool, type(None)})
_EQ_FIELDS: dict[type[Any], tuple[str, ...]] = {}


def _eq_fields(cls: type[Any]) -> tuple[str, ...]:
    names = _EQ_FIELDS.get(cls)
    if names is None:
        names = _EQ_FIELDS[cls] = tuple(f.name for f in attrs.fields(cls) if f.eq)
    return names


def _same_items(xs: Any, ys: Any) -> bool:
    for x, y in zip(xs, ys, strict=True):
        tx = type(x)
        if tx is not type(y):
            return False
        if tx in _SCALARS:
            if x != y:
                return False
        elif not strict_equal(x, y):
            return False
    return True


def strict_equal(a: Any, b: Any) -> bool:
    """Whether *a* and *b* are equal with every value of the same type at every level:
    attrs instances field by field, lists, tuples and dicts item by item (``0.7``, ``"0"`` and
    ``False`` never equal ``0``). For data whose nesting is bounded (see :func:`check_depth`)."""
    t = type(a)
    if t is not type(b):
        return False
    if t in _SCALARS:
        return bool(a == b)
    if t is tuple or t is list:
        return len(a) == len(b) and _same_items(a, b)
    if t is dict:
        return a.keys() == b.keys() and _same_items(a.values(), (b[k] for k in a))
    if t is Step:
        return (strict_equal(a.kind, b.kind) and strict_equal(a.player, b.player)
                and strict_equal(a.card, b.card) and strict_equal(a.args, b.args))
    if attrs.has(t):
        names = _eq_fields(t)
        return _same_items((getattr(a, n) for n in names), (getattr(b, n) for n in names))
    return bool(a == b)


def strict_int(value: Any) -> bool:
    """Whether *value* is a whole number (an ``int``, never a ``bool``)."""
    return type(value) is int
