"""Which content goes with which: the removal table by content and player count, and the
rulesets that mix the base set with the expansions.

The core has no expansion composition yet, so the mixes are written out as ordinary
rulesets here. They are *not* registered by the plugin (ruleset ``pokemon`` is the one
playable ruleset it installs); pass :class:`Compositions` to a
:class:`forestshuffle.plugins.PluginHost` to play them today::

    from forestshuffle.plugins import PluginHost
    from forestshuffle_pokemon.compositions import Compositions

    rules = PluginHost([Compositions()]).ruleset("pokemon+1")
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from forestshuffle.hookspecs import hookimpl
from forestshuffle.ruleset import RulesetSpec

BASE, EXP1, EXP2, OAK = "pokemon", "pokemon_exp1", "pokemon_exp2", "pokemon_oak"

#: content (card set ids) -> cards returned unseen to the box, by player count (1 to 5)
REMOVAL: dict[tuple[str, ...], dict[int, int]] = {
    (BASE,): {1: 30, 2: 30, 3: 20, 4: 10, 5: 0},
    (BASE, EXP1): {1: 55, 2: 45, 3: 30, 4: 15, 5: 0},
    (BASE, EXP1, EXP2): {1: 90, 2: 80, 3: 50, 4: 35, 5: 20},
}

#: the content the challenge mode needs (played without removal)
CHALLENGE_CONTENT = (BASE, EXP1, EXP2, OAK)


def spec_removal(table: Mapping[int, int]) -> dict[int, int]:
    """The part of a removal table a 2-5 player :class:`RulesetSpec` takes (the core has no
    1-player game yet)."""
    return {p: n for p, n in table.items() if 2 <= p <= 5}


def _spec(rid: str, name: str, content: tuple[str, ...], removal: Mapping[int, int]) -> RulesetSpec:
    return RulesetSpec(id=rid, name=name, card_sets=content, min_players=2, max_players=5,
                       removal=spec_removal(removal), deck_builder="winter_in_last_third",
                       opening_hand=6, mulligan="no_tree")


#: the mixed rulesets, by id
COMPOSED: dict[str, RulesetSpec] = {
    s.id: s for s in (
        _spec("pokemon+1", "Pokémon Forest Exploration with expansion 1", (BASE, EXP1),
              REMOVAL[(BASE, EXP1)]),
        _spec("pokemon+1+2", "Pokémon Forest Exploration with expansions 1 and 2",
              (BASE, EXP1, EXP2), REMOVAL[(BASE, EXP1, EXP2)]),
        _spec("pokemon-challenge", "Pokémon Forest Exploration, all content (challenge mode)",
              CHALLENGE_CONTENT, {}),
    )
}


class Compositions:
    """A plugin object adding the :data:`COMPOSED` rulesets to a plugin host."""

    __name__ = "forestshuffle_pokemon.compositions"

    @hookimpl
    def forestshuffle_rulesets(self) -> Iterable[RulesetSpec]:
        """The mixed rulesets."""
        return tuple(COMPOSED.values())
