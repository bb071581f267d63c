"""The 36 physical cards of Forest Shuffle: Alpine, numbered 162–197 after the base game.

A tree card is ``(number, species)`` and shows its own species as tree symbol; a split
card is ``(number, side, species, symbol, side, species, symbol)`` with ``T``/``B`` for
top/bottom and ``L``/``R`` for left/right. Species are short ids within the set
(``chamois`` is ``alpine.chamois``). The box has no winter card.
"""

from __future__ import annotations

from typing import Any

T, B, L, R = "top", "bottom", "left", "right"

CARDS: tuple[tuple[Any, ...], ...] = (
    (162, 'european_larch'),
    (163, 'european_larch'),
    (164, 'european_larch'),
    (165, 'european_larch'),
    (166, 'european_larch'),
    (167, 'european_larch'),
    (168, 'european_larch'),
    (169, 'stone_pine'),
    (170, 'stone_pine'),
    (171, 'stone_pine'),
    (172, 'stone_pine'),
    (173, 'stone_pine'),
    (174, 'stone_pine'),
    (175, 'stone_pine'),
    (176, L, 'alpine_marmot', 'Beech', R, 'chamois', 'Stone Pine'),
    (177, L, 'alpine_marmot', 'European Larch', R, 'capercaillie', 'Douglas Fir'),
    (178, L, 'mountain_hare', 'Silver Fir', R, 'alpine_marmot', 'Stone Pine'),
    (179, L, 'steinbock', 'European Larch', R, 'alpine_marmot', 'Birch'),
    (180, L, 'chamois', 'European Larch', R, 'capercaillie', 'Beech'),
    (181, L, 'mountain_hare', 'European Larch', R, 'chamois', 'Douglas Fir'),
    (182, L, 'savis_pipistrelle', 'Silver Fir', R, 'steinbock', 'Stone Pine'),
    (183, L, 'capercaillie', 'European Larch', R, 'savis_pipistrelle', 'Stone Pine'),
    (184, L, 'capercaillie', 'Stone Pine', R, 'steinbock', 'Douglas Fir'),
    (185, T, 'phoebus_apollo', 'Stone Pine', B, 'black_trumpet', 'European Larch'),
    (186, T, 'phoebus_apollo', 'Douglas Fir', B, 'edelweiss', 'Stone Pine'),
    (187, T, 'phoebus_apollo', 'European Larch', B, 'blueberry', 'Birch'),
    (188, T, 'phoebus_apollo', 'Silver Fir', B, 'alpine_newt', 'Stone Pine'),
    (189, T, 'golden_eagle', 'Beech', B, 'black_trumpet', 'Stone Pine'),
    (190, T, 'bearded_vulture', 'Silver Fir', B, 'gentian', 'European Larch'),
    (191, T, 'golden_eagle', 'European Larch', B, 'alpine_newt', 'Douglas Fir'),
    (192, T, 'common_raven', 'European Larch', B, 'gentian', 'Beech'),
    (193, T, 'common_raven', 'Douglas Fir', B, 'blueberry', 'Stone Pine'),
    (194, T, 'bearded_vulture', 'European Larch', B, 'alpine_newt', 'Silver Fir'),
    (195, T, 'bearded_vulture', 'Stone Pine', B, 'edelweiss', 'European Larch'),
    (196, T, 'golden_eagle', 'Silver Fir', B, 'gentian', 'Stone Pine'),
    (197, L, 'savis_pipistrelle', 'European Larch', R, 'mountain_hare', 'Stone Pine'),
)
