"""Expansion 2 (``pokemon_exp2``): the professors. 36 cards: 12 professor dexes, 12
top/bottom and 12 left/right cards, card numbers 301-336.

Built on the skeleton of the base game's second expansion (its shrubs become professor
dexes: four slots, but no trainer), with designs of the plugin's own. Every species of the
set carries the research symbol (``research``); three halves show Growlithe, the base
set's species, as the skeleton's squeakers are the base game's.
"""

from __future__ import annotations

from typing import Any

from forestshuffle.core.cards import CardSet
from forestshuffle.plugins.dsl import (
    distinct_sets,
    draw,
    extra_turn,
    flat,
    if_at_least,
    per,
    per_attached,
    play_from_clearing,
    take_from_clearing,
)

from .common import (
    DUSK,
    EEVEELUTION,
    ELECTRIC,
    FIRE,
    FLYING,
    FRIEND,
    GRASS,
    GREAT,
    GROUPS,
    MASTER,
    NORMAL,
    PREMIER,
    QUICK,
    REPEAT,
    RESEARCH,
    TAGS,
    ULTRA,
    UNOWN,
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
    site_card,
    species_of,
    zh_of,
)
from .sites import PROFESSOR_DEX

SET = "pokemon_exp2"


def i(name: str) -> str:
    """The full id of an expansion-2 species."""
    return sid(SET, name)


def prof(name: str, en: str, zh: str, role: str, **kw: Any) -> Line:
    """One professor dex line (cost 2, as the skeleton's shrubs)."""
    return site_card(SET, name, en, zh, 2, RESEARCH, PROFESSOR_DEX,
                     f"woodland_edge.{role}", kind="site", **kw)


def d(name: str, en: str, zh: str, cost: int, tags: str | tuple[str, ...], role: str,
      **kw: Any) -> Line:
    """One Pokémon line of expansion 2 (every one carries the research symbol)."""
    tags = (tags,) if isinstance(tags, str) else tags
    return dweller(SET, name, en, zh, cost, (*tags, RESEARCH), f"woodland_edge.{role}", **kw)


KINDS_2 = per(2, "pokemon_kinds")
ATTACHED_2 = per_attached(2)
RESEARCH_1 = per(1, f"tag:{RESEARCH}")

LINES: tuple[Line, ...] = (
    # professor dexes: three families of four
    prof("oak", "Professor Oak", "大木博士", "elderberry", score=KINDS_2),
    prof("elm", "Professor Elm", "空木博士", "elderberry", score=KINDS_2),
    prof("birch", "Professor Birch", "小田卷博士", "elderberry", score=KINDS_2),
    prof("rowan", "Professor Rowan", "山梨博士", "elderberry", score=KINDS_2),
    prof("juniper", "Professor Juniper", "红豆杉博士", "common_hazel", effect=draw(1),
         score=ATTACHED_2),
    prof("sycamore", "Professor Sycamore", "布拉塔诺博士", "common_hazel", effect=draw(1),
         score=ATTACHED_2),
    prof("kukui", "Professor Kukui", "库库伊博士", "common_hazel", effect=draw(1),
         score=ATTACHED_2),
    prof("magnolia", "Professor Magnolia", "木兰博士", "common_hazel", effect=draw(1),
         score=ATTACHED_2),
    prof("sonia", "Sonia", "索妮亚", "blackthorn", bonus=extra_turn(), score=RESEARCH_1),
    prof("sada", "Professor Sada", "奥琳博士", "blackthorn", bonus=extra_turn(),
         score=RESEARCH_1),
    prof("turo", "Professor Turo", "弗图博士", "blackthorn", bonus=extra_turn(),
         score=RESEARCH_1),
    prof("laventon", "Professor Laventon", "拉苯博士", "blackthorn", bonus=extra_turn(),
         score=RESEARCH_1),
    # left / right halves
    d("umbreon", "Umbreon", "月亮伊布", 1, EEVEELUTION, "common_pipistrelle",
      score=if_at_least(5, f"distinct_tag:{EEVEELUTION}", 3)),
    d("smeargle", "Smeargle", "图图犬", 1, NORMAL, "crane_fly", effect=take_from_clearing(1),
      score=flat(1)),
    d("entei", "Entei", "炎帝", 3, FIRE, "european_bison", bonus=extra_turn(),
      score=per(2, f"tag:{FIRE}")),
    d("electabuzz", "Electabuzz", "电击兽", 2, ELECTRIC, "european_polecat", bonus=draw(2),
      score=flat(4)),
    d("shinx", "Shinx", "小猫怪", 1, ELECTRIC, "european_wildcat",
      score=per(3, "species:pokemon.luxray")),
    d("rapidash", "Rapidash", "烈焰马", 2, FIRE, "wild_boar_female", effect=draw(1),
      score=flat(4)),
    d("chansey", "Chansey", "吉利蛋", 1, NORMAL, "bee_swarm", bonus=draw(2), score=flat(2)),
    # top / bottom halves
    d("unown_r", "Unown R", "未知图腾 R", 0, (NORMAL, UNOWN), "map_butterfly",
      score=distinct_sets((0, 3, 6, 12, 20), UNOWN)),
    d("honchkrow", "Honchkrow", "乌鸦头头", 1, FLYING, "eurasian_magpie", score=per(1, "cave")),
    d("noivern", "Noivern", "音波龙", 1, FLYING, "nightingale", effect=draw(1), score=flat(3)),
    d("yanmega", "Yanmega", "远古巨蜓", 2, FLYING, "barn_owl", effect=draw(2), score=flat(3)),
    d("sunkern", "Sunkern", "向日种子", 0, GRASS, "digitalis",
      score=per(2, f"distinct_tag:{GRASS}")),
    d("chespin", "Chespin", "哈力栗", 0, GRASS, "stinging_nettle",
      score=if_at_least(6, f"tag:{GRASS}", 4)),
    d("lickitung", "Lickitung", "大舌头", 1, NORMAL, "great_green_bush_cricket",
      score=per(2, f"tag:{GRASS}")),
    d("pincurchin", "Pincurchin", "啪嚓海胆", 2, ELECTRIC, "water_vole",
      effect=play_from_clearing(tree=True), score=flat(1)),
)

SPECIES = species_of(LINES)
ZH = zh_of(LINES)
ROLES = roles_of(LINES)
SET_TAGS = (*TAGS, RESEARCH)

#: the 36 cards (see :mod:`.cards` for the row format; a professor dex is
#: ``(number, professor, group)``)
CARDS: tuple[Row, ...] = (
    (301, 'oak', PREMIER),
    (302, 'elm', FRIEND),
    (303, 'birch', GREAT),
    (304, 'rowan', MASTER),
    (305, 'juniper', REPEAT),
    (306, 'sycamore', MASTER),
    (307, 'kukui', ULTRA),
    (308, 'magnolia', GREAT),
    (309, 'sonia', QUICK),
    (310, 'sada', GREAT),
    (311, 'turo', DUSK),
    (312, 'laventon', FRIEND),
    (313, T, 'unown_r', PREMIER, B, 'sunkern', QUICK),
    (314, T, 'unown_r', FRIEND, B, 'chespin', GREAT),
    (315, T, 'unown_r', MASTER, B, 'lickitung', DUSK),
    (316, T, 'unown_r', DUSK, B, 'pincurchin', FRIEND),
    (317, T, 'honchkrow', ULTRA, B, 'sunkern', GREAT),
    (318, T, 'honchkrow', DUSK, B, 'chespin', REPEAT),
    (319, T, 'honchkrow', GREAT, B, 'lickitung', ULTRA),
    (320, T, 'noivern', ULTRA, B, 'sunkern', FRIEND),
    (321, T, 'noivern', MASTER, B, 'chespin', FRIEND),
    (322, T, 'noivern', REPEAT, B, 'pincurchin', ULTRA),
    (323, T, 'yanmega', GREAT, B, 'sunkern', MASTER),
    (324, T, 'yanmega', FRIEND, B, 'lickitung', MASTER),
    (325, L, 'rapidash', GREAT, R, 'chansey', FRIEND),
    (326, L, 'entei', MASTER, R, 'rapidash', FRIEND),
    (327, L, 'rapidash', DUSK, R, 'shinx', REPEAT),
    (328, L, 'umbreon', PREMIER, R, 'pokemon.growlithe', DUSK),
    (329, L, 'pokemon.growlithe', REPEAT, R, 'smeargle', ULTRA),
    (330, L, 'electabuzz', DUSK, R, 'pokemon.growlithe', QUICK),
    (331, L, 'chansey', ULTRA, R, 'umbreon', FRIEND),
    (332, L, 'shinx', MASTER, R, 'chansey', GREAT),
    (333, L, 'umbreon', GREAT, R, 'entei', ULTRA),
    (334, L, 'entei', ULTRA, R, 'electabuzz', FRIEND),
    (335, L, 'smeargle', GREAT, R, 'electabuzz', MASTER),
    (336, L, 'shinx', FRIEND, R, 'smeargle', MASTER),
)


def card_set() -> CardSet:
    """Expansion 2: 27 species (12 professors) on 36 cards."""
    return CardSet(SET, "Pokémon Forest Exploration: Professors", SPECIES,
                   tuple(card_from_row(SET, r, {}) for r in CARDS), GROUPS, SET_TAGS, caves=5)
