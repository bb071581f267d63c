"""The Oak expansion (``pokemon_oak``, 大木扩): Professor Oak's Kanto. Its 15 deck cards
(8 left/right, 7 top/bottom), card numbers 401-415; its 30 challenge and 10 chance cards
are mode data (:mod:`.mode_cards`).

Every species carries the Kanto symbol (``kanto``). A design of the plugin's own: no
base-game skeleton, so the pairings and group marks below are authored here, spread so
that no card shows one group twice and each group is shown three or four times.
"""

from __future__ import annotations

from typing import Any

from forestshuffle.core.cards import CardSet
from forestshuffle.plugins.dsl import (
    draw,
    extra_turn,
    flat,
    free_play,
    if_at_least,
    on_play,
    per,
)

from .common import (
    DUSK,
    ELECTRIC,
    FIGHTING,
    FIRE,
    FLYING,
    FRIEND,
    GRASS,
    GREAT,
    GROUPS,
    ITEM,
    KANTO,
    MASTER,
    NORMAL,
    PREMIER,
    QUICK,
    REPEAT,
    TAGS,
    ULTRA,
    WATER,
    B,
    L,
    Line,
    R,
    Row,
    T,
    card_from_row,
    dweller,
    sid,
    species_of,
    zh_of,
)

SET = "pokemon_oak"


def i(name: str) -> str:
    """The full id of an Oak-expansion species."""
    return sid(SET, name)


def d(name: str, en: str, zh: str, cost: int, tags: str | tuple[str, ...], **kw: Any) -> Line:
    """One line of the Oak expansion (every one carries the Kanto symbol)."""
    tags = (tags,) if isinstance(tags, str) else tags
    return dweller(SET, name, en, zh, cost, (*tags, KANTO), **kw)


LINES: tuple[Line, ...] = (
    # left / right halves
    d("charmander", "Charmander", "小火龙", 1, FIRE, bonus=draw(1), score=per(1, f"tag:{FIRE}")),
    d("voltorb", "Voltorb", "霹雳电球", 0, ELECTRIC, score=flat(2)),
    d("mankey", "Mankey", "猴怪", 1, FIGHTING, score=per(2, f"tag:{FIGHTING}")),
    d("snorlax", "Snorlax", "卡比兽", 2, NORMAL, score=per(2, f"tag:{GRASS}")),
    d("mew", "Mew", "梦幻", 2, (), effect=free_play(tag=KANTO), score=flat(3)),
    # top / bottom halves
    d("pidgey", "Pidgey", "波波", 0, (NORMAL, FLYING), score=per(1, f"tag:{FLYING}")),
    d("zapdos", "Zapdos", "闪电鸟", 3, (ELECTRIC, FLYING), bonus=extra_turn(), score=flat(10)),
    d("butterfree", "Butterfree", "巴大蝶", 1, FLYING, effect=draw(1), score=flat(3)),
    d("bulbasaur", "Bulbasaur", "妙蛙种子", 0, GRASS, score=per(1, f"tag:{KANTO}")),
    d("poke_flute", "Poké Flute", "宝可梦之笛", 2, ITEM,
      triggers=on_play(draw(1), tag=KANTO, from_next_turn=True)),
    d("magikarp", "Magikarp", "鲤鱼王", 0, WATER,
      score=if_at_least(8, f"species:{i('magikarp')}", 2)),
)

SPECIES = species_of(LINES)
ZH = zh_of(LINES)
SET_TAGS = (*TAGS, KANTO)

#: the 15 cards (see :mod:`.cards` for the row format)
CARDS: tuple[Row, ...] = (
    (401, L, "charmander", PREMIER, R, "voltorb", MASTER),
    (402, L, "voltorb", DUSK, R, "charmander", GREAT),
    (403, L, "mankey", ULTRA, R, "snorlax", FRIEND),
    (404, L, "snorlax", QUICK, R, "mankey", REPEAT),
    (405, L, "charmander", MASTER, R, "mew", ULTRA),
    (406, L, "mew", REPEAT, R, "voltorb", PREMIER),
    (407, L, "voltorb", FRIEND, R, "snorlax", DUSK),
    (408, L, "mankey", GREAT, R, "charmander", QUICK),
    (409, T, "pidgey", PREMIER, B, "bulbasaur", ULTRA),
    (410, T, "pidgey", GREAT, B, "poke_flute", REPEAT),
    (411, T, "pidgey", FRIEND, B, "magikarp", DUSK),
    (412, T, "pidgey", REPEAT, B, "bulbasaur", MASTER),
    (413, T, "zapdos", MASTER, B, "magikarp", QUICK),
    (414, T, "butterfree", ULTRA, B, "bulbasaur", FRIEND),
    (415, T, "butterfree", QUICK, B, "poke_flute", GREAT),
)


def card_set() -> CardSet:
    """The Oak expansion: 11 species on 15 cards."""
    return CardSet(SET, "Pokémon Forest Exploration: Professor Oak", SPECIES,
                   tuple(card_from_row(SET, r, {}) for r in CARDS), GROUPS, SET_TAGS, caves=5)
