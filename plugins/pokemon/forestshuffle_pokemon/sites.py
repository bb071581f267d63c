"""The professor dex of expansion 2: a site with four slots like a trainer dex, but no
trainer (it counts for no "per trainer" rule and has no trainer group of its own, though
the card shows a group mark for bonuses). Playing one reveals a deck card into the grass,
as a trainer does. Forest documents name one as ``{"professor": "Professor Oak", ...}``.
"""

from __future__ import annotations

import attrs

from forestshuffle.core.layouts import SiteKind, four_sided

PROFESSOR_DEX = "professor_dex"
#: the site feature of professor dexes (count ``feature:professor``, document key)
PROFESSOR = "professor"

SITE_KINDS: tuple[SiteKind, ...] = (
    attrs.evolve(four_sided(PROFESSOR_DEX, is_tree=False, reveals=True,
                            label="Professor dex"), features=frozenset({PROFESSOR})),
)
