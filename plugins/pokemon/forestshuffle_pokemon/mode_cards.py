"""The mode cards: Rotom's 20 training cards, 12 achievements and 5 special boxes
(expansion 3), 30 challenge cards and 10 chance cards (the Oak expansion). See
:mod:`.modes` for what each field means and the plugin's README for the design notes.

Solo achievements and chance cards only name counts the base set can reach (solo and
chance play also go with the base set alone); challenge cards may name the expansions'
symbols, as the challenge mode needs expansions 1, 2 and the Oak expansion.
"""

from __future__ import annotations

from forestshuffle.plugins.dsl import (
    clearing_to_cave,
    draw,
    extra_turn,
    if_at_least,
    per,
    take_from_clearing,
)

from .common import (
    CORONET,
    DUSK,
    EEVEELUTION,
    ELECTRIC,
    FIGHTING,
    FIRE,
    FLYING,
    GRASS,
    ITEM,
    KANTO,
    MASTER,
    NORMAL,
    REPEAT,
    RESEARCH,
    UNOWN,
    WATER,
)
from .kinds import group_count
from .modes import (
    Achievement,
    AchievementLevel,
    ChallengeCard,
    ChanceCard,
    GrassEnd,
    SpecialBox,
    TrainingAction,
    TrainingCard,
    at_least,
)
from .sites import PROFESSOR

ADD, DISCARD, TOP = (TrainingAction.ADD_TO_GRASS, TrainingAction.DISCARD_FROM_GRASS,
                     TrainingAction.DISCARD_DECK_TOP)
LEFT, RIGHT = GrassEnd.LEFT, GrassEnd.RIGHT

#: Rotom's deck: 8 cards add to the grass, 8 discard from it, 4 discard the top deck card
TRAINING_CARDS: tuple[TrainingCard, ...] = tuple(
    TrainingCard(f"T{k + 1:02d}", action, n, end) for k, (action, n, end) in enumerate((
        (ADD, 1, None), (ADD, 1, None), (ADD, 2, None), (ADD, 2, None), (ADD, 2, None),
        (ADD, 2, None), (ADD, 3, None), (ADD, 3, None),
        (DISCARD, 1, LEFT), (DISCARD, 2, LEFT), (DISCARD, 2, LEFT), (DISCARD, 3, LEFT),
        (DISCARD, 1, RIGHT), (DISCARD, 2, RIGHT), (DISCARD, 2, RIGHT), (DISCARD, 3, RIGHT),
        (TOP, 1, None), (TOP, 1, None), (TOP, 1, None), (TOP, 1, None),
    ))
)

#: the minimum scores of the three levels (beginner, intermediate, advanced); measured
#: against solo games of the heuristic bot, which does not aim at any goal (median 170)
MIN_SCORES = (100, 140, 180)


def _achievement(aid: str, name: str, zh: str, count: str, goals: tuple[int, int, int]
                 ) -> Achievement:
    return Achievement(aid, name, zh, tuple(
        AchievementLevel(stars, (at_least(count, n),), score)
        for stars, n, score in zip((1, 2, 3), goals, MIN_SCORES, strict=True)))


ACHIEVEMENTS: tuple[Achievement, ...] = (
    _achievement("A01", "Thunder Trainer", "雷电训练家", f"tag:{ELECTRIC}", (9, 11, 13)),
    _achievement("A02", "Blazing Heart", "燃烧之心", f"tag:{FIRE}", (3, 5, 7)),
    _achievement("A03", "Tidal Voyage", "潮汐之旅", f"tag:{WATER}", (2, 4, 6)),
    _achievement("A04", "Lush Meadow", "茂盛草地", f"tag:{GRASS}", (2, 4, 6)),
    _achievement("A05", "Sky High", "翱翔天际", f"tag:{FLYING}", (3, 5, 7)),
    _achievement("A06", "Eevee Family", "伊布家族", f"distinct_tag:{EEVEELUTION}", (2, 3, 4)),
    _achievement("A07", "Unown Reader", "解读未知图腾", f"distinct_tag:{UNOWN}", (3, 4, 5)),
    _achievement("A08", "Full Dex", "图鉴收集满", "full_sites", (4, 6, 8)),
    _achievement("A09", "Trainer League", "训练家联盟", "trainer_groups", (5, 7, 8)),
    _achievement("A10", "Big Team", "庞大队伍", "trees", (12, 14, 16)),
    _achievement("A11", "Full Box", "满满的盒子", "cave", (4, 8, 12)),
    _achievement("A12", "Every Kind", "全种类图鉴", "pokemon_kinds", (7, 8, 9)),
)

SPECIAL_BOXES: tuple[SpecialBox, ...] = (
    SpecialBox("bill_pc", "Bill's PC", "正辉的电脑", if_at_least(6, "cave", 8),
               "6 more points if the box holds at least 8 cards."),
    SpecialBox("lanette_pc", "Lanette's PC", "真由美的电脑", per(2, "full_sites"),
               "2 points per fully collected dex."),
    SpecialBox("bebe_pc", "Bebe's PC", "水木的电脑", per(1, "trainer_groups"),
               "1 point per trainer group in the team."),
    SpecialBox("pokemon_center", "Pokémon Center", "宝可梦中心",
               if_at_least(8, "pokemon_kinds", 7),
               "8 points if the team shows Pokémon of at least 7 kinds."),
    SpecialBox("oak_lab", "Professor Oak's Lab", "大木博士的研究所", per(2, "saplings"),
               "2 points per dex back."),
)

CHALLENGE_CARDS: tuple[ChallengeCard, ...] = tuple(
    ChallengeCard(f"C{k + 1:02d}", name, zh, conds) for k, (name, zh, conds) in enumerate((
        ("Thunderstorm", "雷雨", (at_least(f"tag:{ELECTRIC}", 7),)),
        ("Wildfire", "野火", (at_least(f"tag:{FIRE}", 6),)),
        ("Deep Sea", "深海", (at_least(f"tag:{WATER}", 5),)),
        ("Rainforest", "雨林", (at_least(f"tag:{GRASS}", 6),)),
        ("Flock", "鸟群", (at_least(f"tag:{FLYING}", 6),)),
        ("Everyday Pokémon", "日常宝可梦", (at_least(f"tag:{NORMAL}", 7),)),
        ("Dojo", "道场", (at_least(f"tag:{FIGHTING}", 4),)),
        ("Eeveelution Master", "伊布进化大师", (at_least(f"distinct_tag:{EEVEELUTION}", 5),)),
        ("Unown Alphabet", "未知图腾字母表", (at_least(f"distinct_tag:{UNOWN}", 6),)),
        ("Pikachu Party", "皮卡丘派对", (at_least("species:pokemon.pikachu", 5),)),
        ("All Groups", "全员集合", (at_least("trainer_groups", 8),)),
        ("Completionist", "收集达人", (at_least("full_sites", 4),)),
        ("Crowd", "人山人海", (at_least("trees", 9),)),
        ("Hoarder", "囤积者", (at_least("cave", 12),)),
        ("Full Spectrum", "全属性", (at_least("pokemon_kinds", 9),)),
        ("Kanto Classic", "关都经典", (at_least(f"tag:{KANTO}", 5),)),
        ("Summit", "登顶", (at_least(f"tag:{CORONET}", 6),)),
        ("Field Study", "野外研究", (at_least(f"tag:{RESEARCH}", 6),)),
        ("Lab Network", "研究所联网", (at_least(f"feature:{PROFESSOR}", 3),)),
        ("Repeat Customer", "回头客", (at_least(group_count(REPEAT), 5),)),
        ("Champions' League", "冠军联盟", (at_least(group_count(MASTER), 3),)),
        ("Underground", "地下", (at_least("slot:bottom", 8),)),
        ("Treetops", "树梢", (at_least("slot:top", 8),)),
        ("Item Bag", "道具包", (at_least(f"tag:{ITEM}", 3),)),
        ("Storm Front", "风暴来袭", (at_least(f"tag:{ELECTRIC}", 4), at_least(f"tag:{WATER}", 3))),
        ("Summer Field", "夏日原野", (at_least(f"tag:{FIRE}", 3), at_least(f"tag:{GRASS}", 3))),
        ("Evolution Stone", "进化之石", (at_least("species:pokemon.eevee", 1),
                                        at_least(f"distinct_tag:{EEVEELUTION}", 4))),
        ("Secret Base", "秘密基地", (at_least("saplings", 3), at_least("trees", 7))),
        ("Team Rocket Strikes", "火箭队出击", (at_least(group_count(DUSK), 2),
                                           at_least("species:pokemon.pikachu", 3))),
        ("Grand Tour", "环游世界", (at_least("trainer_groups", 6), at_least("full_sites", 3))),
    ))
)

CHANCE_CARDS: tuple[ChanceCard, ...] = tuple(
    ChanceCard(f"K{k + 1:02d}", name, zh, reveal, conds)
    for k, (name, zh, reveal, conds) in enumerate((
        ("Lucky Egg", "幸运蛋", draw(2), (at_least(f"tag:{NORMAL}", 6),)),
        ("Rare Candy", "神奇糖果", extra_turn(), (at_least("full_sites", 3),)),
        ("Town Map", "城镇地图", take_from_clearing(2), (at_least("trainer_groups", 7),)),
        ("Exp. Share", "学习装置", draw(1), (at_least("trees", 8),)),
        ("Poké Ball", "精灵球", take_from_clearing(1), (at_least(f"tag:{ELECTRIC}", 6),)),
        ("Max Revive", "活力块", clearing_to_cave(), (at_least("cave", 10),)),
        ("Fire Stone", "火之石", draw(1), (at_least(f"tag:{FIRE}", 5),)),
        ("Water Stone", "水之石", draw(1), (at_least(f"tag:{WATER}", 4),)),
        ("Leaf Stone", "叶之石", draw(1), (at_least(f"tag:{GRASS}", 5),)),
        ("Thunder Stone", "雷之石", draw(1), (at_least("species:pokemon.raichu", 2),)),
    ))
)

#: the mode cards by their numbers or ids
TRAINING: dict[str, TrainingCard] = {c.number: c for c in TRAINING_CARDS}
ACHIEVEMENT: dict[str, Achievement] = {a.id: a for a in ACHIEVEMENTS}
BOX: dict[str, SpecialBox] = {b.id: b for b in SPECIAL_BOXES}
CHALLENGE: dict[str, ChallengeCard] = {c.number: c for c in CHALLENGE_CARDS}
CHANCE: dict[str, ChanceCard] = {c.number: c for c in CHANCE_CARDS}
