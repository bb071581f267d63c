"""The 36 physical cards of Forest Shuffle: Woodland Edge, numbered 198–233.

A shrub card is ``(number, species, symbol)``: it opens a site of its own and shows the
tree symbol given. A split card is ``(number, side, species, symbol, side, species,
symbol)`` with ``T``/``B`` for top/bottom and ``L``/``R`` for left/right. Species are
short ids within the set (``squeaker`` is ``woodland_edge.squeaker``, not the base game's
``base.squeaker``). The box has no winter card.
"""

from __future__ import annotations

from typing import Any

T, B, L, R = "top", "bottom", "left", "right"

CARDS: tuple[tuple[Any, ...], ...] = (
    (198, 'elderberry', 'Linden'),
    (199, 'elderberry', 'Sycamore'),
    (200, 'elderberry', 'Birch'),
    (201, 'elderberry', 'Oak'),
    (202, 'common_hazel', 'Horse Chestnut'),
    (203, 'common_hazel', 'Oak'),
    (204, 'common_hazel', 'Beech'),
    (205, 'common_hazel', 'Birch'),
    (206, 'blackthorn', 'Douglas Fir'),
    (207, 'blackthorn', 'Birch'),
    (208, 'blackthorn', 'Silver Fir'),
    (209, 'blackthorn', 'Sycamore'),
    (210, T, 'map_butterfly', 'Linden', B, 'digitalis', 'Douglas Fir'),
    (211, T, 'map_butterfly', 'Sycamore', B, 'stinging_nettle', 'Birch'),
    (212, T, 'map_butterfly', 'Oak', B, 'great_green_bush_cricket', 'Silver Fir'),
    (213, T, 'map_butterfly', 'Silver Fir', B, 'water_vole', 'Sycamore'),
    (214, T, 'eurasian_magpie', 'Beech', B, 'digitalis', 'Birch'),
    (215, T, 'eurasian_magpie', 'Silver Fir', B, 'stinging_nettle', 'Horse Chestnut'),
    (216, T, 'eurasian_magpie', 'Birch', B, 'great_green_bush_cricket', 'Beech'),
    (217, T, 'nightingale', 'Beech', B, 'digitalis', 'Sycamore'),
    (218, T, 'nightingale', 'Oak', B, 'stinging_nettle', 'Sycamore'),
    (219, T, 'nightingale', 'Horse Chestnut', B, 'water_vole', 'Beech'),
    (220, T, 'barn_owl', 'Birch', B, 'digitalis', 'Oak'),
    (221, T, 'barn_owl', 'Sycamore', B, 'great_green_bush_cricket', 'Oak'),
    (222, L, 'wild_boar_female', 'Birch', R, 'bee_swarm', 'Sycamore'),
    (223, L, 'european_bison', 'Oak', R, 'wild_boar_female', 'Sycamore'),
    (224, L, 'wild_boar_female', 'Silver Fir', R, 'european_wildcat', 'Horse Chestnut'),
    (225, L, 'common_pipistrelle', 'Linden', R, 'squeaker', 'Silver Fir'),
    (226, L, 'squeaker', 'Horse Chestnut', R, 'crane_fly', 'Beech'),
    (227, L, 'european_polecat', 'Silver Fir', R, 'squeaker', 'Douglas Fir'),
    (228, L, 'bee_swarm', 'Beech', R, 'common_pipistrelle', 'Sycamore'),
    (229, L, 'european_wildcat', 'Oak', R, 'bee_swarm', 'Birch'),
    (230, L, 'common_pipistrelle', 'Birch', R, 'european_bison', 'Beech'),
    (231, L, 'european_bison', 'Beech', R, 'european_polecat', 'Sycamore'),
    (232, L, 'crane_fly', 'Birch', R, 'european_polecat', 'Oak'),
    (233, L, 'european_wildcat', 'Sycamore', R, 'crane_fly', 'Oak'),
)
