"""The shared vocabulary of the Pokémon re-theme: kinds (tags), trainer groups (symbols),
Chinese names, and the one-line helpers every card set of the plugin writes its species with.

The re-theme maps the base game one to one: a trainer phone-dex card is a tree, its trainer
group is the tree symbol (the card colour), Pokémon and item halves are dwellers, the box is
the cave, whistle cards are winter cards and the grass is the clearing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from forestshuffle.core.cards import Card, Half, Position, Spec, Species

# -- kinds (the tags of the species) ------------------------------------------------------

TRAINER = "trainer"  #: a trainer phone dex (the tree role)
ELECTRIC = "electric"  #: the role of the base game's pawed animals
FIRE = "fire"  #: the role of cloven-hoofed animals
FIGHTING = "fighting"  #: the role of deer (always with fire in the base set)
EEVEELUTION = "eeveelution"  #: the role of bats
NORMAL = "normal"  #: the role of insects
UNOWN = "unown"  #: the role of butterflies (always with normal)
FLYING = "flying"  #: the role of birds
GRASS = "grass"  #: the role of plants
WATER = "water"  #: the role of amphibians
ITEM = "item"  #: the role of mushrooms: permanent effects from the next turn on

#: every kind of the base set, in display order
TAGS = (TRAINER, ELECTRIC, FIRE, FIGHTING, EEVEELUTION, NORMAL, UNOWN, FLYING, GRASS, WATER,
        ITEM)
#: the kinds that count as "Pokémon kinds" (count ``pokemon_kinds``): no trainer, item or
#: expansion symbol
POKEMON_KINDS = (ELECTRIC, FIRE, FIGHTING, NORMAL, FLYING, GRASS, WATER, EEVEELUTION, UNOWN)

#: expansion symbols, one per content set, carried by every species of that set
CORONET, RESEARCH, KANTO = "coronet", "research", "kanto"

#: Chinese names of the kinds and expansion symbols
TAG_ZH: dict[str, str] = {
    TRAINER: "训练家", ELECTRIC: "电", FIRE: "火", FIGHTING: "格斗", EEVEELUTION: "伊布进化型",
    NORMAL: "一般", UNOWN: "未知图腾", FLYING: "飞行", GRASS: "草", WATER: "水", ITEM: "道具",
    CORONET: "天冠山", RESEARCH: "研究", KANTO: "关都",
}

# -- trainer groups (the tree symbols: a Poké Ball colour mark) ------------------------------

PREMIER, MASTER, DUSK, GREAT = "Premier Ball", "Master Ball", "Dusk Ball", "Great Ball"
ULTRA, FRIEND, QUICK, REPEAT = "Ultra Ball", "Friend Ball", "Quick Ball", "Repeat Ball"
#: the eight groups of the base set, in the set's order (the base game's tree order)
GROUPS = (PREMIER, MASTER, DUSK, GREAT, ULTRA, FRIEND, QUICK, REPEAT)
#: the two groups expansion 1 adds
HEAVY, LEVEL = "Heavy Ball", "Level Ball"

#: Chinese names of the groups
GROUP_ZH: dict[str, str] = {
    PREMIER: "纪念球", MASTER: "大师球", DUSK: "黑暗球", GREAT: "超级球", ULTRA: "高级球",
    FRIEND: "友友球", QUICK: "先机球", REPEAT: "重复球", HEAVY: "沉重球", LEVEL: "等级球",
}

# -- one species line ----------------------------------------------------------------------

#: (species, Chinese name, base-game role) of one line
Line = tuple[Species, str, str]


def sid(set_id: str, name: str) -> str:
    """The full id of a species of *set_id* (``pokemon.pikachu``)."""
    return f"{set_id}.{name}"


def _tags(tags: str | Iterable[str]) -> Any:
    return frozenset((tags,) if isinstance(tags, str) else tags)


def dweller(set_id: str, name: str, en: str, zh: str, cost: int, tags: str | Iterable[str],
            role: str = "", *, effect: Any = (), bonus: Any = (), triggers: Any = (),
            score: Any = (), sharing: Spec | None = None, modifiers: Any = ()) -> Line:
    """One Pokémon or item line: a species placed in the slots of a dex. Its Chinese name
    *zh* is also the species' alias (forest documents accept either name).

    *role* names the base-game species whose place it takes (``base.european_hare``), or
    ``""`` for a design of the plugin's own.
    """
    return (Species(sid(set_id, name), en, "dweller", cost, _tags(tags), effect, bonus,
                    triggers, score, sharing, modifiers, None, aliases=(zh,)), zh, role)


def site_card(set_id: str, name: str, en: str, zh: str, cost: int, tags: str | Iterable[str],
              site_kind: str, role: str = "", *, kind: str = "tree", effect: Any = (),
              bonus: Any = (), score: Any = ()) -> Line:
    """One line of a card that opens a site: a trainer dex (``kind="tree"``) or a
    professor dex (``kind="site"``)."""
    return (Species(sid(set_id, name), en, kind, cost, _tags(tags), effect, bonus, (), score,
                    None, (), site_kind, aliases=(zh,)), zh, role)


def species_of(lines: Iterable[Line]) -> tuple[Species, ...]:
    """The species of *lines*, in order."""
    return tuple(sp for sp, _, _ in lines)


def zh_of(lines: Iterable[Line]) -> dict[str, str]:
    """Species id -> Chinese name, for *lines*."""
    return {sp.id: zh for sp, zh, _ in lines}


def roles_of(lines: Iterable[Line]) -> dict[str, str]:
    """Species id -> the base-game species it stands for, where it stands for one."""
    return {sp.id: role for sp, _, role in lines if role}


# -- physical cards --------------------------------------------------------------------------

WHISTLE = "whistle"
T, B, L, R = "top", "bottom", "left", "right"
#: one row of a card table (see :func:`card_from_row`)
Row = tuple[Any, ...]


def _species_id(set_id: str, name: str) -> str:
    return name if "." in name else sid(set_id, name)


def card_from_row(set_id: str, row: Row, trainer_group: Mapping[str, str]) -> Card:
    """The card a table row describes.

    ``(number, WHISTLE)`` is a whistle card; ``(number, trainer)`` a trainer dex showing its
    trainer's group (*trainer_group*); ``(number, name, group)`` another card opening a site
    (a professor dex) showing *group*; ``(number, side, species, group, side, species,
    group)`` a split card. Names are short ids within *set_id* (``pikachu``) or full ids of
    another set (``pokemon.pikachu``).
    """
    num = int(row[0])
    if row[1] == WHISTLE:
        return Card(num, (), winter=True)
    if len(row) in (2, 3):
        species = _species_id(set_id, str(row[1]))
        symbol = trainer_group[species] if len(row) == 2 else str(row[2])
        return Card(num, (Half(species, Position.CENTER, symbol),))
    a = Half(_species_id(set_id, str(row[2])), Position(str(row[1])), str(row[3]))
    b = Half(_species_id(set_id, str(row[5])), Position(str(row[4])), str(row[6]))
    return Card(num, (a, b))
