"""Expansion 1 (``pokemon_exp1``): Mt. Coronet. 36 cards: 14 trainers in two new groups
(Heavy Ball, Level Ball), 10 left/right and 12 top/bottom cards, card numbers 201-236.

Built on the skeleton of the base game's first expansion (copies, costs, sides and the
spread of symbols), with designs of the plugin's own. Every species of the set carries the
Mt. Coronet symbol (``coronet``); three left halves and one right half show Pikachu, the
base set's species, as the skeleton's mountain hares count as hares.
"""

from __future__ import annotations

from typing import Any

from forestshuffle.core.cards import CardSet
from forestshuffle.plugins.dsl import (
    distinct_sets,
    draw,
    draw_then_cave,
    extra_turn,
    flat,
    if_at_least,
    on_play,
    per,
    take_from_clearing,
)

from .common import (
    CORONET,
    DUSK,
    EEVEELUTION,
    ELECTRIC,
    FIRE,
    FLYING,
    GRASS,
    GREAT,
    GROUPS,
    HEAVY,
    ITEM,
    LEVEL,
    NORMAL,
    QUICK,
    TAGS,
    TRAINER,
    ULTRA,
    UNOWN,
    WATER,
    B,
    L,
    Line,
    R,
    Row,
    T,
    card_from_row,
    dweller,
    roles_of,
    sid,
    species_of,
    zh_of,
)
from .species import GroupRule, trainer_lines

SET = "pokemon_exp1"


def i(name: str) -> str:
    """The full id of an expansion-1 species."""
    return sid(SET, name)


#: group -> the rule of its trainers (the trees of the base game's first expansion)
GROUP_RULES: dict[str, GroupRule] = {
    HEAVY: (1, (), (), (flat(3),), "alpine.european_larch"),
    LEVEL: (2, (), (), (per(1, f"tag:{CORONET}"),), "alpine.stone_pine"),
}

#: group -> its trainers (id, English, Chinese), in card-number order
TRAINERS: dict[str, tuple[tuple[str, str, str], ...]] = {
    HEAVY: (("flannery", "Flannery", "亚莎"), ("norman", "Norman", "千里"),
            ("winona", "Winona", "娜琪"), ("juan", "Juan", "亚当"), ("roark", "Roark", "瓢太"),
            ("byron", "Byron", "东瓜"), ("clay", "Clay", "菊老大")),
    LEVEL: (("gardenia", "Gardenia", "菜种"), ("maylene", "Maylene", "阿李"),
            ("crasher_wake", "Crasher Wake", "吉宪"), ("fantina", "Fantina", "梅丽莎"),
            ("candice", "Candice", "小菘"), ("volkner", "Volkner", "电次"),
            ("elesa", "Elesa", "小菊儿")),
}

TRAINER_GROUP: dict[str, str] = {i(n): g for g, ts in TRAINERS.items() for n, _, _ in ts}


def d(name: str, en: str, zh: str, cost: int, tags: str | tuple[str, ...], role: str,
      **kw: Any) -> Line:
    """One Pokémon or item line of expansion 1 (every one carries the Mt. Coronet symbol)."""
    tags = (tags,) if isinstance(tags, str) else tags
    return dweller(SET, name, en, zh, cost, (*tags, CORONET), f"alpine.{role}", **kw)


LINES: tuple[Line, ...] = (
    *(line for g, rule in GROUP_RULES.items()
      for line in trainer_lines(SET, rule, TRAINERS[g], (TRAINER, CORONET))),
    # left / right halves
    d("electrike", "Electrike", "落雷兽", 1, ELECTRIC, "alpine_marmot",
      score=per(3, f"distinct_tag:{GRASS}")),
    d("skarmory", "Skarmory", "盔甲鸟", 1, FLYING, "capercaillie", score=per(2, f"tag:{GRASS}")),
    d("numel", "Numel", "呆火驼", 1, FIRE, "chamois", bonus=draw(1), score=flat(3)),
    d("glaceon", "Glaceon", "冰伊布", 1, EEVEELUTION, "savis_pipistrelle",
      score=if_at_least(5, f"distinct_tag:{EEVEELUTION}", 3)),
    d("camerupt", "Camerupt", "喷火驼", 3, FIRE, "steinbock", bonus=extra_turn(),
      score=flat(7)),
    # top / bottom halves
    d("unown_question", "Unown ?", "未知图腾 ?", 0, (NORMAL, UNOWN), "phoebus_apollo",
      score=distinct_sets((0, 3, 6, 12, 20), UNOWN)),
    d("mandibuzz", "Mandibuzz", "秃鹰娜", 1, FLYING, "bearded_vulture",
      effect=take_from_clearing(1), score=flat(2)),
    d("murkrow", "Murkrow", "黑暗鸦", 1, FLYING, "common_raven", effect=draw_then_cave(2, 1),
      score=flat(3)),
    d("aerodactyl", "Aerodactyl", "化石翼龙", 1, FLYING, "golden_eagle",
      score=(per(1, f"tag:{ELECTRIC}"), per(1, f"tag:{WATER}"))),
    d("hard_stone", "Hard Stone", "硬石头", 2, ITEM, "black_trumpet",
      triggers=on_play(draw(1), tag=CORONET, from_next_turn=True)),
    d("bellossom", "Bellossom", "美丽花", 1, GRASS, "edelweiss", score=flat(3)),
    d("snover", "Snover", "雪笠怪", 1, GRASS, "blueberry", score=per(2, f"tag:{FLYING}")),
    d("poliwag", "Poliwag", "蚊香蝌蚪", 1, WATER, "alpine_newt", score=per(2, f"tag:{NORMAL}")),
    d("roselia", "Roselia", "毒蔷薇", 0, GRASS, "gentian", score=per(3, f"tag:{UNOWN}")),
)

SPECIES = species_of(LINES)
ZH = zh_of(LINES)
ROLES = roles_of(LINES)
#: the groups of the set: the base set's and its own two
SYMBOLS = (*GROUPS, HEAVY, LEVEL)
SET_TAGS = (*TAGS, CORONET)

#: the 36 cards (see :mod:`.cards` for the row format)
CARDS: tuple[Row, ...] = (
    (201, 'flannery'),
    (202, 'norman'),
    (203, 'winona'),
    (204, 'juan'),
    (205, 'roark'),
    (206, 'byron'),
    (207, 'clay'),
    (208, 'gardenia'),
    (209, 'maylene'),
    (210, 'crasher_wake'),
    (211, 'fantina'),
    (212, 'candice'),
    (213, 'volkner'),
    (214, 'elesa'),
    (215, L, 'electrike', ULTRA, R, 'numel', LEVEL),
    (216, L, 'electrike', HEAVY, R, 'skarmory', QUICK),
    (217, L, 'pokemon.pikachu', DUSK, R, 'electrike', LEVEL),
    (218, L, 'camerupt', HEAVY, R, 'electrike', GREAT),
    (219, L, 'numel', HEAVY, R, 'skarmory', ULTRA),
    (220, L, 'pokemon.pikachu', HEAVY, R, 'numel', QUICK),
    (221, L, 'glaceon', DUSK, R, 'camerupt', LEVEL),
    (222, L, 'skarmory', HEAVY, R, 'glaceon', LEVEL),
    (223, L, 'skarmory', LEVEL, R, 'camerupt', QUICK),
    (224, T, 'unown_question', LEVEL, B, 'hard_stone', HEAVY),
    (225, T, 'unown_question', QUICK, B, 'bellossom', LEVEL),
    (226, T, 'unown_question', HEAVY, B, 'snover', GREAT),
    (227, T, 'unown_question', DUSK, B, 'poliwag', LEVEL),
    (228, T, 'aerodactyl', ULTRA, B, 'hard_stone', LEVEL),
    (229, T, 'mandibuzz', DUSK, B, 'roselia', HEAVY),
    (230, T, 'aerodactyl', HEAVY, B, 'poliwag', QUICK),
    (231, T, 'murkrow', HEAVY, B, 'roselia', ULTRA),
    (232, T, 'murkrow', QUICK, B, 'snover', LEVEL),
    (233, T, 'mandibuzz', HEAVY, B, 'poliwag', DUSK),
    (234, T, 'mandibuzz', LEVEL, B, 'bellossom', HEAVY),
    (235, T, 'aerodactyl', DUSK, B, 'roselia', LEVEL),
    (236, L, 'glaceon', HEAVY, R, 'pokemon.pikachu', LEVEL),
)


def card_set() -> CardSet:
    """Expansion 1: 29 species (14 trainers) on 36 cards."""
    return CardSet(SET, "Pokémon Forest Exploration: Mt. Coronet", SPECIES,
                   tuple(card_from_row(SET, r, TRAINER_GROUP) for r in CARDS), SYMBOLS,
                   SET_TAGS, caves=5)
