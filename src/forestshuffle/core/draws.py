"""Seeded draws made exactly as CPython's :class:`random.Random` makes them, with fewer calls
(the standard library's ``shuffle`` calls a Python ``_randbelow`` per card)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

#: CPython's ``Random._randbelow`` (``_randbelow_with_getrandbits``) where the platform has it
_BIT_LOOP: Final[Any] = getattr(random.Random, "_randbelow_with_getrandbits", None)
_SHUFFLE: Final[Any] = random.Random.shuffle


def bit_source(rng: Any) -> Callable[[int], int] | None:
    """*rng*'s ``getrandbits`` where its class draws below a bound with CPython's bit loop
    (``_randbelow_with_getrandbits``: ``getrandbits(n.bit_length())`` until below *n*), so
    that code running that loop itself draws exactly what *rng* would; else None."""
    if _BIT_LOOP is None or getattr(type(rng), "_randbelow", None) is not _BIT_LOOP:
        return None
    bits: Callable[[int], int] = rng.getrandbits
    return bits


def shuffle(rng: Any, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same permutation, drawn the same way from the same generator.

    Where *rng*'s class keeps :class:`random.Random`'s ``shuffle`` and CPython's bit-drawing
    ``_randbelow``, the loop of both runs here (``getrandbits`` called as they call it);
    for any other generator, ``rng.shuffle(x)`` itself."""
    bits = bit_source(rng) if getattr(type(rng), "shuffle", None) is _SHUFFLE else None
    if bits is None:
        rng.shuffle(x)
        return
    i: int = len(x) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        r: int = bits(k)
        while r >= n:
            r = bits(k)
        x[i], x[r] = x[r], x[i]
        i -= 1
