"""Which content goes with which: the expansions of ruleset ``pokemon``, the removal by content
and player count, and the content each mode needs.

The four boxes of seed 003 are expansions of the ruleset (``new_game("pokemon",
expansions=[...])``, ``forestshuffle demo --game pokemon --expansion pokemon_exp1``):

* ``pokemon_exp1`` (官方一扩, 36 cards) and ``pokemon_exp2`` (官方二扩, 36 cards; needs
  expansion 1) add deck cards;
* ``pokemon_exp3`` (官方三扩) adds no deck card: its 5 special boxes are chosen at set-up
  when it is in (its 20 training cards and 12 achievements are the solo game's, which uses
  them whatever the expansions);
* ``pokemon_oak`` (大木扩) adds 15 deck cards and the challenge and chance cards of the two
  modes.

The removal follows the seed's table by content (the number of expansions that add deck
cards, the core's ``removal_with``); the modes are the ruleset's options ``challenge`` and
``chance`` (see :func:`check_content`).
"""

from __future__ import annotations

from forestshuffle.core.ruleset import Ruleset
from forestshuffle.core.spec import ExpansionSpec
from forestshuffle.errors import OptionError

#: the content sets (card sets) of the plugin
BASE, EXP1, EXP2, OAK = "pokemon", "pokemon_exp1", "pokemon_exp2", "pokemon_oak"
#: expansion 3: no card set (special boxes, training cards, achievements)
EXP3 = "pokemon_exp3"
#: the expansions, in the order the ruleset lists them
EXPANSION_IDS = (EXP1, EXP2, EXP3, OAK)

#: expansion id -> (English name, Chinese name)
EXPANSION_NAMES: dict[str, tuple[str, str]] = {
    EXP1: ("Expansion 1: Mt. Coronet", "官方一扩"),
    EXP2: ("Expansion 2: the professors", "官方二扩"),
    EXP3: ("Expansion 3: special boxes, training and achievements", "官方三扩"),
    OAK: ("The Oak expansion: Kanto, challenges and chances", "大木扩"),
}

#: content (card set ids) -> cards returned unseen to the box, by player count (1 to 5);
#: the seed's table
REMOVAL: dict[tuple[str, ...], dict[int, int]] = {
    (BASE,): {1: 30, 2: 30, 3: 20, 4: 10, 5: 0},
    (BASE, EXP1): {1: 55, 2: 45, 3: 30, 4: 15, 5: 0},
    (BASE, EXP1, EXP2): {1: 90, 2: 80, 3: 50, 4: 35, 5: 20},
}

#: removal by the number of expansions that add deck cards (expansion 1, expansion 2, the
#: Oak expansion): the seed's rows for one and two; three (1, 2 and Oak without the
#: challenge mode, which removes nothing) is the plugin's, 15 more than two (Oak's 15 cards)
REMOVAL_WITH: dict[int, dict[int, int]] = {
    1: REMOVAL[(BASE, EXP1)],
    2: REMOVAL[(BASE, EXP1, EXP2)],
    3: {1: 105, 2: 95, 3: 65, 4: 50, 5: 35},
}

#: the content the challenge mode needs (played without removal)
CHALLENGE_NEEDS = (EXP1, EXP2, OAK)
#: the content the chance mode needs (the chance cards are in the Oak box)
CHANCE_NEEDS = (OAK,)
EXPANSIONS: tuple[ExpansionSpec, ...] = (
    ExpansionSpec(id=EXP1, name=EXPANSION_NAMES[EXP1][0], card_sets=(EXP1,),
                  rulesets=(BASE,)),
    ExpansionSpec(id=EXP2, name=EXPANSION_NAMES[EXP2][0], card_sets=(EXP2,),
                  rulesets=(BASE,), requires=(EXP1,)),
    ExpansionSpec(id=EXP3, name=EXPANSION_NAMES[EXP3][0], card_sets=(), rulesets=(BASE,)),
    ExpansionSpec(id=OAK, name=EXPANSION_NAMES[OAK][0], card_sets=(OAK,), rulesets=(BASE,)),
)


def has(rules: Ruleset, expansion: str) -> bool:
    """Whether *expansion* is mixed into *rules*."""
    return expansion in rules.expansions


def check_content(rules: Ruleset, players: int) -> None:
    """Raise :class:`OptionError` unless the game's content suits its modes (seed 003): the
    challenge mode needs expansions 1, 2 and Oak, the chance mode the Oak expansion (its
    chance cards). Any content goes with a solo game: the seed names base, base + 1 and
    base + 1 + 2; the Oak expansion's 15 deck cards need no other player either (its mode
    cards stay unused)."""
    missing = [e for e in CHALLENGE_NEEDS if not has(rules, e)]
    if rules.options.get("challenge") and missing:
        raise OptionError(f"the challenge mode needs expansions {', '.join(CHALLENGE_NEEDS)} "
                          f"(missing: {', '.join(missing)})")
    if rules.options.get("chance") and not has(rules, OAK):
        raise OptionError(f"the chance mode needs expansion {OAK} (its chance cards)")
