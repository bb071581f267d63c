"""Test helpers shared by modules that check something on every bundled ruleset: the
rulesets with their expansions mixed in, and seeded random games of them."""

from __future__ import annotations

from collections.abc import Sequence

import forestshuffle as fs
from forestshuffle.bots import RandomBot
from forestshuffle.core.ruleset import Ruleset

#: every bundled ruleset, expansions mixed in as the README lists them
RULESETS = [("base", ()), ("smoky", ()), ("house-001", ()), ("pokemon", ()),
            ("base", ("alpine",)), ("base", ("woodland_edge",)),
            ("base", ("alpine", "woodland_edge"))]


def rules_of(rid: str, expansions: Sequence[str]) -> Ruleset:
    """Ruleset *rid* with *expansions* mixed in."""
    return fs.get_ruleset(rid, expansions=list(expansions)) if expansions \
        else fs.get_ruleset(rid)


def random_game(ruleset: str, expansions: tuple[str, ...], players: int, seed: int,
                actions: int | None = None) -> fs.Game:
    """A game of *ruleset* between random bots seeded *seed*: played to its end, or for
    *actions* actions."""
    g = fs.new_game(ruleset, players=players, seed=seed, expansions=expansions)
    bot = RandomBot(seed)
    n = 0
    while not g.is_over and (actions is None or n < actions):
        g.apply(bot.choose(g))
        n += 1
    return g
