"""The native random bot's self-play reads the options of turns and draws in compact form (a
count, and only the option it picks): its games are those of a random choice among the
options the native game lists, action for action."""

from __future__ import annotations

import random

import pytest

from forestshuffle import native


@pytest.mark.parametrize(("game", "expansions"), [
    ("base", ()),
    ("smoky", ()),
    ("base", ("alpine", "woodland_edge")),
])
def test_self_play_plays_the_games_of_the_listed_options(game, expansions):
    """Per seed: the length and the scores of ``play_many``'s game equal those of the same
    game stepped through :class:`~forestshuffle.native.NativeGame` by a random choice among
    its listed options, drawn as the random bot draws (nothing drawn for one option)."""
    seeds = range(30)
    run = native.play_many(game, seeds, expansions=expansions)
    for i, seed in enumerate(seeds):
        listed = native.NativeGame(game, 2, seed, expansions=expansions)
        rng = random.Random(seed)
        while not listed.is_over:
            n = len(listed.legal_codes())
            listed.apply_index(rng.randrange(n) if n > 1 else 0)
        assert len(listed.codes) == run.lengths[i], seed
        assert [s.total for s in listed.scores()] == run.scores[i].tolist(), seed
