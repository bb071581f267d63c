"""What the fuzz tests start from and how they spoil it: games at drawn positions, records
and documents of such games, adversarial JSON values and mutations of JSON data."""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

import forestshuffle as fs
from forestshuffle.bots import RandomBot

#: (ruleset, players, seed, overrides) of the games the suite starts from
GAMES: tuple[tuple[str, int, int, dict[str, Any] | None], ...] = (
    ("base", 2, 7, None),
    ("base", 4, 21, None),
    ("smoky", 3, 5, None),
    ("base", 3, 9, {"species": {"base.wolf": {"cost": 1}},
                    "cards": {"1": {"symbols": ["Oak"]}}}),
    ("smoky", 2, 13, None),
)

#: values that are wrong almost anywhere in a record or document
ADVERSARIAL: tuple[Any, ...] = (
    0.7, 1.0, -0.0, "0 ", " 1", "1", "", "\x1b[2J", "a\nb", "\u202e", "x" * 300, False, True,
    None, -1, 0, 1, 2, 10**30, -(10**30), [], {}, [0], {"a": 1}, [[[[[]]]]], "base", "smoky",
    "forest-shuffle", "/dev/zero", "/etc/passwd", "NaN", "null", {"kind": "draw"},
)


def game_at(index: int, actions: int) -> fs.Game:
    """Game *index* of :data:`GAMES` after *actions* random legal actions (fewer if over)."""
    rid, players, seed, overrides = GAMES[index % len(GAMES)]
    g = fs.new_game(rid, players, seed=seed, overrides=overrides)
    bot = RandomBot(seed)
    for _ in range(actions):
        if g.pending is None:
            break
        g.apply(bot.choose(g))
    return g


@functools.cache
def record_text(index: int, actions: int) -> str:
    """The record of :func:`game_at` (cached)."""
    return game_at(index, actions).to_json()


@functools.cache
def finished(index: int) -> fs.Game:
    """Game *index* played to its end (cached; do not change it)."""
    return game_at(index, 100_000)


@functools.cache
def document_text(index: int) -> str:
    """The forest document of finished game *index* (cached)."""
    return json.dumps(finished(index).forest_document())


def adversarial() -> st.SearchStrategy[Any]:
    """An adversarial JSON value, or any small JSON value."""
    leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 300),
                     st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8))
    return st.one_of(st.sampled_from(ADVERSARIAL),
                     st.recursive(leaf, lambda kids: st.lists(kids, max_size=3) |
                                  st.dictionaries(st.text(max_size=5), kids, max_size=3),
                                  max_leaves=6))


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path (keys and indexes) to a value inside *value*, the root excluded."""
    stack = [(value, prefix)]
    while stack:
        v, p = stack.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                yield (*p, k)
                stack.append((x, (*p, k)))
        elif isinstance(v, list):
            for i, x in enumerate(v):
                yield (*p, i)
                stack.append((x, (*p, i)))


def get(value: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        value = value[k]
    return value


MUTATIONS = ("set", "delete", "add_key", "swap", "duplicate", "drop", "truncate_list")


@st.composite
def mutated(draw: st.DrawFn, data: Any, all_paths: list[tuple[Any, ...]]) -> tuple[Any, str]:
    """*data* (copied) with one drawn structural mutation, and its name."""
    data = copy.deepcopy(data)
    kind = draw(st.sampled_from(MUTATIONS))
    path = draw(st.sampled_from(all_paths))
    parent, key = get(data, path[:-1]), path[-1]
    if kind == "set":
        parent[key] = draw(adversarial())
    elif kind == "delete" and isinstance(parent, dict):
        del parent[key]
    elif kind == "add_key":
        target = parent if isinstance(parent, dict) else data
        target[draw(st.sampled_from(("extra", "label", "Seed", "v2", "overrides", "origin",
                                     "cards", "symbol", "x")))] = draw(adversarial())
    elif isinstance(parent, list) and parent:
        i = key
        j = draw(st.integers(0, len(parent) - 1))
        if kind == "swap":
            parent[i], parent[j] = parent[j], parent[i]
        elif kind == "duplicate":
            parent.insert(j, copy.deepcopy(parent[i]))
        elif kind == "drop":
            del parent[i]
        elif kind == "truncate_list":
            del parent[i:]
    else:
        parent[key] = draw(adversarial())
        kind = "set"
    return data, kind


TEXT_MUTATIONS = ("flip_byte", "truncate", "bom", "duplicate_key", "deep", "nan", "bad_utf8",
                  "huge_number")


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> bytes:
    """*text* as bytes, spoilt at the text level."""
    raw = text.encode()
    kind = draw(st.sampled_from(TEXT_MUTATIONS))
    if kind == "flip_byte":
        i = draw(st.integers(0, len(raw) - 1))
        return raw[:i] + bytes([draw(st.integers(0, 255))]) + raw[i + 1:]
    if kind == "truncate":
        return raw[:draw(st.integers(0, len(raw) - 1))]
    if kind == "bom":
        return b"\xef\xbb\xbf" + raw
    if kind == "duplicate_key":
        return raw.replace(b"{", b'{"game":"base","format":"x",', 1)
    if kind == "deep":
        n = draw(st.integers(30, 3000))
        return raw.replace(b"[", b"[" * n, 1).replace(b"]", b"]" * n, 1)
    if kind == "nan":
        return raw.replace(b"0", b"NaN", 1)
    if kind == "bad_utf8":
        i = draw(st.integers(0, len(raw) - 1))
        return raw[:i] + b"\xc3\x28" + raw[i:]
    return raw.replace(b"1", b"1" + b"7" * draw(st.integers(40, 5000)), 1)
