"""The species of the base set (``pokemon``): 66 trainers in 8 groups and 49 Pokémon and
items, one line each, only data.

Every line takes the place of one base-game species (its *role*): same copies, cost,
positions, effect, bonus and scoring shape, so the game keeps the base game's balance.
A trainer's rule is its group's (the tree species it stands for). See the plugin's
README for the design notes and ``DECISIONS.md`` for the readings behind some lines.
"""

from __future__ import annotations

from typing import Any

from forestshuffle.core.cards import Spec
from forestshuffle.plugins.dsl import (
    cave_from_hand_then_draw,
    clearing_to_cave,
    counts_as_tree,
    distinct_sets,
    draw,
    draw_per,
    extra_turn,
    flat,
    free_play,
    if_at_least,
    if_site_has,
    if_slot_shared,
    majority,
    on_play,
    per,
    per_attached,
    per_same_symbol,
    play_further,
    set_table,
    shares_slot,
)

from .common import (
    DUSK,
    EEVEELUTION,
    ELECTRIC,
    FIGHTING,
    FIRE,
    FLYING,
    FRIEND,
    GRASS,
    GREAT,
    ITEM,
    MASTER,
    NORMAL,
    PREMIER,
    QUICK,
    REPEAT,
    TRAINER,
    ULTRA,
    UNOWN,
    WATER,
    Line,
    dweller,
    roles_of,
    sid,
    site_card,
    species_of,
    zh_of,
)
from .kinds import group_count, group_table, if_at_group

SET = "pokemon"


def i(name: str) -> str:
    """The full id of a base-set species (``pokemon.pikachu``)."""
    return sid(SET, name)


def b(name: str) -> str:
    """The id of the base-game species a line stands for."""
    return f"base.{name}"


#: a trainer group's rule: (cost, effect, bonus, score, the base-game tree it stands for)
GroupRule = tuple[int, tuple[Spec, ...], tuple[Spec, ...], tuple[Spec, ...], str]

#: group -> the rule of its trainers
GROUP_RULES: dict[str, GroupRule] = {
    PREMIER: (1, (), (), (majority(3, group_count(PREMIER), otherwise=1),), b("linden")),
    MASTER: (2, (), (extra_turn(),), (if_at_least(10, "trainer_groups", 8),), b("oak")),
    DUSK: (2, (), (free_play(tag=ELECTRIC),), (per_attached(2),), b("silver_fir")),
    GREAT: (0, (draw(1),), (), (flat(1),), b("birch")),
    ULTRA: (1, (draw(1),), (), (if_at_least(5, group_count(ULTRA), 4),), b("beech")),
    FRIEND: (2, (), (), (per(1, "trees"),), b("sycamore")),
    QUICK: (2, (), (extra_turn(),), (flat(5),), b("douglas_fir")),
    REPEAT: (1, (), (), (group_table((1, 4, 9, 16, 25, 36, 49), group_count(REPEAT)),),
             b("horse_chestnut")),
}

#: group -> its trainers (id, English, Chinese), one card each, in card-number order
TRAINERS: dict[str, tuple[tuple[str, str, str], ...]] = {
    PREMIER: (("whitney", "Whitney", "小茜"), ("morty", "Morty", "松叶"),
              ("chuck", "Chuck", "阿四"), ("jasmine", "Jasmine", "阿蜜"),
              ("pryce", "Pryce", "柳伯"), ("clair", "Clair", "小椿"),
              ("roxanne", "Roxanne", "杜娟"), ("brawly", "Brawly", "藤树"),
              ("wattson", "Wattson", "铁旋")),
    MASTER: (("cynthia", "Cynthia", "竹兰"), ("lance", "Lance", "阿渡"),
             ("steven", "Steven", "大吾"), ("wallace", "Wallace", "米可利"),
             ("alder", "Alder", "阿戴克"), ("diantha", "Diantha", "卡露妮"),
             ("leon", "Leon", "丹帝")),
    DUSK: (("jessie", "Jessie", "武藏"), ("james", "James", "小次郎"),
           ("giovanni", "Giovanni", "坂木"), ("maxie", "Maxie", "赤焰松"),
           ("archie", "Archie", "水梧桐"), ("cyrus", "Cyrus", "赤日")),
    GREAT: (("lorelei", "Lorelei", "科拿"), ("bruno", "Bruno", "希巴"),
            ("agatha", "Agatha", "菊子"), ("will", "Will", "一树"), ("karen", "Karen", "梨花"),
            ("sidney", "Sidney", "花月"), ("phoebe", "Phoebe", "芙蓉"),
            ("glacia", "Glacia", "波妮"), ("drake", "Drake", "源治"),
            ("aaron", "Aaron", "阿柳")),
    ULTRA: (("brock", "Brock", "小刚"), ("misty", "Misty", "小霞"),
            ("lt_surge", "Lt. Surge", "马志士"), ("erika", "Erika", "莉佳"),
            ("koga", "Koga", "阿桔"), ("sabrina", "Sabrina", "娜姿"),
            ("blaine", "Blaine", "夏伯"), ("janine", "Janine", "阿杏"),
            ("falkner", "Falkner", "阿速"), ("bugsy", "Bugsy", "阿笔")),
    FRIEND: (("ash", "Ash", "小智"), ("dawn", "Dawn", "小光"), ("may", "May", "小遥"),
             ("lillie", "Lillie", "莉莉艾"), ("hau", "Hau", "哈乌"),
             ("bonnie", "Bonnie", "柚丽嘉")),
    QUICK: (("serena", "Serena", "莎莉娜"), ("hop", "Hop", "赫普"),
            ("marnie", "Marnie", "玛俐"), ("bede", "Bede", "彼特"),
            ("nemona", "Nemona", "妮莫"), ("gladion", "Gladion", "格拉吉欧"),
            ("calem", "Calem", "卡鲁穆")),
    REPEAT: (("bertha", "Bertha", "菊野"), ("flint", "Flint", "大叶"),
             ("lucian", "Lucian", "悟松"), ("shauntal", "Shauntal", "婉龙"),
             ("grimsley", "Grimsley", "越橘"), ("caitlin", "Caitlin", "嘉德丽雅"),
             ("marshal", "Marshal", "连武"), ("malva", "Malva", "帕琦拉"),
             ("siebold", "Siebold", "志米"), ("wikstrom", "Wikstrom", "雁铠"),
             ("drasna", "Drasna", "朵拉塞娜")),
}


def trainer_lines(set_id: str, rule: GroupRule, trainers: tuple[tuple[str, str, str], ...],
                  tags: tuple[str, ...] = (TRAINER,)) -> list[Line]:
    """One line per trainer (id, English, Chinese) of a group, each with the group's
    *rule*."""
    cost, effect, bonus, score, role = rule
    return [site_card(set_id, name, en, zh, cost, tags, "tree", role, effect=effect,
                      bonus=bonus, score=score) for name, en, zh in trainers]


#: species id -> group, for every trainer of the set
TRAINER_GROUP: dict[str, str] = {i(name): g for g, ts in TRAINERS.items() for name, _, _ in ts}

ITEM_DRAW = draw(1)
EEVEELUTION_SET = if_at_least(5, f"distinct_tag:{EEVEELUTION}", 3)
UNOWN_SET = distinct_sets((0, 3, 6, 12, 20), UNOWN)


def d(name: str, en: str, zh: str, cost: int, tags: str | tuple[str, ...], role: str,
      **kw: Any) -> Line:
    """One Pokémon or item line of the base set."""
    return dweller(SET, name, en, zh, cost, tags, b(role), **kw)


LINES: tuple[Line, ...] = (
    *(line for g, rule in GROUP_RULES.items() for line in trainer_lines(SET, rule, TRAINERS[g])),
    # left / right halves
    d("pikachu", "Pikachu", "皮卡丘", 0, ELECTRIC, "european_hare", sharing=shares_slot(None),
      score=per(1, f"species:{i('pikachu')}")),
    d("plusle", "Plusle", "正电拍拍", 1, ELECTRIC, "european_badger",
      bonus=free_play(tag=ELECTRIC), score=flat(2)),
    d("raichu", "Raichu", "雷丘", 2, ELECTRIC, "red_fox",
      effect=draw_per(f"species:{i('pikachu')}"), score=per(2, f"species:{i('pikachu')}")),
    d("pachirisu", "Pachirisu", "帕奇利兹", 1, ELECTRIC, "raccoon",
      effect=cave_from_hand_then_draw()),
    d("magnezone", "Magnezone", "自爆磁怪", 3, ELECTRIC, "brown_bear", effect=clearing_to_cave(),
      bonus=(draw(1), extra_turn())),
    d("ampharos", "Ampharos", "电龙", 1, ELECTRIC, "beech_marten", effect=draw(1),
      score=per(5, "full_sites")),
    d("dedenne", "Dedenne", "咚咚鼠", 1, ELECTRIC, "european_fat_dormouse",
      score=if_site_has(15, EEVEELUTION)),
    d("luxray", "Luxray", "伦琴猫", 1, ELECTRIC, "lynx",
      score=if_at_least(10, f"species:{i('emboar')}", 1)),
    d("manectric", "Manectric", "雷电兽", 3, ELECTRIC, "wolf", effect=draw_per(f"tag:{FIGHTING}"),
      bonus=extra_turn(), score=per(5, f"tag:{FIGHTING}")),
    d("arcanine", "Arcanine", "风速狗", 2, FIRE, "wild_boar",
      score=if_at_least(10, f"species:{i('growlithe')}", 1)),
    d("growlithe", "Growlithe", "卡蒂狗", 0, FIRE, "squeaker", score=flat(1)),
    d("infernape", "Infernape", "烈焰猴", 2, (FIRE, FIGHTING), "fallow_deer", bonus=draw(2),
      score=per(3, f"tag:{FIRE}")),
    d("blaziken", "Blaziken", "火焰鸡", 2, (FIRE, FIGHTING), "red_deer",
      bonus=free_play(tag=FIGHTING), score=(per(1, "trees"), per(1, f"tag:{GRASS}"))),
    d("emboar", "Emboar", "炎武王", 2, (FIRE, FIGHTING), "roe_deer", bonus=draw(1),
      score=per_same_symbol(3)),
    d("vaporeon", "Vaporeon", "水伊布", 1, EEVEELUTION, "barbastelle_bat", score=EEVEELUTION_SET),
    d("jolteon", "Jolteon", "雷伊布", 1, EEVEELUTION, "bechsteins_bat", score=EEVEELUTION_SET),
    d("flareon", "Flareon", "火伊布", 1, EEVEELUTION, "brown_long_eared_bat",
      score=EEVEELUTION_SET),
    d("espeon", "Espeon", "太阳伊布", 1, EEVEELUTION, "greater_horseshoe_bat",
      score=EEVEELUTION_SET),
    d("eevee", "Eevee", "伊布", 0, NORMAL, "gnat",
      effect=free_play(tag=EEVEELUTION, any_number=True), score=per(1, f"tag:{EEVEELUTION}")),
    d("ditto", "Ditto", "百变怪", 1, NORMAL, "violet_carpenter_bee", modifiers=counts_as_tree(1)),
    # top / bottom halves
    d("unown_p", "Unown P", "未知图腾 P", 0, (NORMAL, UNOWN), "camberwell_beauty",
      score=UNOWN_SET),
    d("unown_o", "Unown O", "未知图腾 O", 0, (NORMAL, UNOWN), "large_tortoiseshell",
      score=UNOWN_SET),
    d("unown_k", "Unown K", "未知图腾 K", 0, (NORMAL, UNOWN), "peacock_butterfly",
      score=UNOWN_SET),
    d("unown_e", "Unown E", "未知图腾 E", 0, (NORMAL, UNOWN), "purple_emperor",
      score=UNOWN_SET),
    d("unown_exclamation", "Unown !", "未知图腾 !", 0, (NORMAL, UNOWN),
      "silver_washed_fritillary", score=UNOWN_SET),
    d("corviknight", "Corviknight", "钢铠鸦", 1, FLYING, "bullfinch",
      score=per(2, f"tag:{NORMAL}")),
    d("xatu", "Xatu", "天然鸟", 1, FLYING, "chaffinch", score=if_at_group(5, ULTRA)),
    d("crobat", "Crobat", "叉字蝠", 1, FLYING, "eurasian_jay", effect=extra_turn(),
      score=flat(3)),
    d("togekiss", "Togekiss", "波克基斯", 2, FLYING, "goshawk", score=per(3, f"tag:{FLYING}")),
    d("altaria", "Altaria", "七夕青鸟", 1, FLYING, "great_spotted_woodpecker", effect=draw(1),
      score=majority(10, "tree_total")),
    d("gliscor", "Gliscor", "天蝎王", 2, FLYING, "tawny_owl", effect=draw(1), bonus=draw(2),
      score=flat(5)),
    d("pichu", "Pichu", "皮丘", 0, ELECTRIC, "red_squirrel", score=if_at_group(5, MASTER)),
    d("cherubi", "Cherubi", "樱花宝", 0, GRASS, "blackberries", score=per(2, f"tag:{GRASS}")),
    d("tangela", "Tangela", "蔓藤怪", 0, GRASS, "moss", score=if_at_least(10, "tree_total", 10)),
    d("oddish", "Oddish", "走路草", 1, GRASS, "tree_ferns", effect=draw(1),
      score=per(6, f"tag:{WATER}")),
    d("celebi", "Celebi", "时拉比", 0, GRASS, "wild_strawberries",
      score=if_at_least(10, "trainer_groups", 8)),
    d("vs_seeker", "Vs. Seeker", "对战搜寻器", 2, ITEM, "chanterelle",
      triggers=on_play(ITEM_DRAW, tree=True, from_next_turn=True)),
    d("light_ball", "Light Ball", "电气球", 2, ITEM, "fly_agaric",
      triggers=on_play(ITEM_DRAW, tag=ELECTRIC, from_next_turn=True)),
    d("big_root", "Big Root", "大根茎", 2, ITEM, "parasol_mushroom",
      triggers=on_play(ITEM_DRAW, slot="bottom", from_next_turn=True)),
    d("air_balloon", "Air Balloon", "气球", 2, ITEM, "penny_bun",
      triggers=on_play(ITEM_DRAW, slot="top", from_next_turn=True)),
    d("luvdisc", "Luvdisc", "爱心鱼", 0, WATER, "common_toad", sharing=shares_slot(2),
      score=if_slot_shared(5)),
    d("wooper", "Wooper", "乌波", 1, WATER, "fire_salamander", bonus=free_play(tag=ELECTRIC),
      score=set_table((5, 15, 25), f"species:{i('wooper')}")),
    d("squirtle", "Squirtle", "杰尼龟", 2, WATER, "pond_turtle", effect=draw(1), score=flat(5)),
    d("froakie", "Froakie", "呱呱泡蛙", 0, WATER, "tree_frog",
      score=per(5, f"species:{i('eevee')}")),
    d("jigglypuff", "Jigglypuff", "胖丁", 0, NORMAL, "fireflies",
      score=set_table((0, 10, 15, 20), f"species:{i('jigglypuff')}")),
    d("dunsparce", "Dunsparce", "土龙弟弟", 2, NORMAL, "stag_beetle", bonus=free_play(tag=FLYING),
      score=per(1, f"tag:{ELECTRIC}")),
    d("bunnelby", "Bunnelby", "掘掘兔", 1, NORMAL, "wood_ant", score=per(2, "slot:bottom")),
    d("togedemaru", "Togedemaru", "托戈德玛尔", 1, ELECTRIC, "hedgehog", bonus=draw(1),
      score=per(2, f"tag:{UNOWN}")),
    d("morpeko", "Morpeko", "莫鲁贝可", 2, ELECTRIC, "mole", effect=play_further()),
)

SPECIES = species_of(LINES)
#: species id -> Chinese name
ZH = zh_of(LINES)
#: species id -> the base-game species it stands for
ROLES = roles_of(LINES)
