"""The native core draws exactly what CPython's random.Random draws (MT19937, its int seeding,
getrandbits, _randbelow, shuffle, random, choice): the deal and the random bot depend on it."""

from __future__ import annotations

import random

import pytest

from forestshuffle import native

SEEDS = [0, 1, 2, 7, 42, 2**31 - 1, 2**32, 2**32 + 1, 2**63 + 5, 2**64 - 1, 2**64, 2**96 + 3,
         2**128 - 1, *range(100, 160)]


def ext() -> object:
    return native._ext()


@pytest.mark.parametrize("seed", SEEDS)
def test_getrandbits_and_randbelow_match_cpython(seed: int) -> None:
    ours = ext().Random(seed)  # type: ignore[attr-defined]
    theirs = random.Random(seed)
    for k in (1, 5, 8, 31, 32, 33, 50, 64, 0):
        assert ours.getrandbits(k) == theirs.getrandbits(k), k
    for n in (1, 2, 3, 10, 161, 1000, 2**31, 2**40 + 7):
        assert ours.randbelow(n) == theirs._randbelow(n), n  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", SEEDS[:20])
def test_shuffle_random_and_choice_match_cpython(seed: int) -> None:
    ours = ext().Random(seed)  # type: ignore[attr-defined]
    theirs = random.Random(seed)
    for n in (0, 1, 2, 13, 161, 400):
        items = list(range(n))
        expected = list(items)
        theirs.shuffle(expected)
        assert ours.shuffle(items) == expected
    assert [ours.random() for _ in range(20)] == [theirs.random() for _ in range(20)]
    seq = list(range(37))
    assert [ours.choice(seq) for _ in range(50)] == [theirs.choice(seq) for _ in range(50)]
    assert ours.choice([]) is None


def test_the_generator_state_is_shared_by_every_draw() -> None:
    ours = ext().Random(12345)  # type: ignore[attr-defined]
    theirs = random.Random(12345)
    for i in range(3000):  # past several refills of the 624-word state
        k = 1 + i % 64
        assert ours.getrandbits(k) == theirs.getrandbits(k)
