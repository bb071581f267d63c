"""What the native core's scoring needs beyond the ruleset's kinds: the count kinds its
scoring specs read (``count`` arguments; a ``sum_of`` count names its parts' kinds too),
listed as the ``counts`` section of :func:`~._export.kinds_used`, and a game's position as
data, for scoring it natively alone (:func:`position`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState


def count_kinds(key: str) -> set[str]:
    """The count kinds count *key* reads: ``per``'s ``tag:bird`` reads ``tag``;
    ``sum_of:species:a+tag:b`` reads ``sum_of``, ``species`` and ``tag``."""
    kind, _, arg = key.partition(":")
    if kind == "sum_of":
        return {kind, *(part.partition(":")[0] for part in arg.split("+"))}
    return {kind}


def scoring_counts(rules: Ruleset) -> list[str]:
    """The count kinds the scoring specs of *rules* read, sorted."""
    out: set[str] = set()
    for sp in rules.species.values():
        for spec in sp.score:
            key = spec.args.get("count")
            if isinstance(key, str):
                out |= count_kinds(key)
    return sorted(out)


def _forest_data(forest: Forest, cave: int, hand: Sequence[int]) -> dict[str, Any]:
    return {
        "cave": cave, "hand": list(hand), "counts": dict(forest.counts),
        "order": list(forest.order),
        "sites": [{"card": s.card, "kind": s.kind.id, "species": s.species, "symbol": s.symbol,
                   "slots": {k: list(v) for k, v in s.slots.items()}, "filled": s.filled,
                   "extra_trees": s.extra_trees, "under": list(s.under)} for s in forest.sites],
        "where": [[card, si, slot, hi] for card, (si, slot, hi) in forest.where.items()],
    }


def position(state: GameState) -> str:
    """The forests, caves and hands of *state* as one JSON text: what the native core scores
    alone (``forestshuffle_native._score_positions``, for differential tests of scoring)."""
    players = [_forest_data(f, len(c), h)
               for f, c, h in zip(state.forests, state.caves, state.hands, strict=True)]
    return json.dumps({"players": players}, separators=(",", ":"))


def scoring_only(data: dict[str, Any]) -> dict[str, Any]:
    """The exported ruleset *data* (:func:`~._export.ruleset_data`, changed in place and
    returned) without what only play reads (the species' effects, bonuses and triggers, the
    turn's actions and steps): what scoring alone reads, so the native core scores positions
    of a ruleset whose play it does not know."""
    for sp in data["species"]:
        sp["effect"], sp["bonus"], sp["triggers"] = [], [], []
    data["triggers"] = {}
    data["spec"].update(cannot_act=None, turn_actions=[])  # how turns play: not scoring
    return data
