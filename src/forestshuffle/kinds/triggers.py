"""Trigger kinds: permanent "whenever you play ..." effects card data may name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from forestshuffle.core.rules import check_filter, half_filter
from forestshuffle.kinds import TriggerKind
from forestshuffle.kinds.counts import slot_names

if TYPE_CHECKING:
    from forestshuffle.core.layouts import SiteKind
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState


class OnPlay(TriggerKind):
    """Fires when its owner plays a card matching ``filter`` (``tag``, ``species``,
    ``tree``: a tree or sapling, ``feature``: a site with that feature, such as a river) and,
    if given, placed into a slot playing the role ``slot`` (``top``, ``bottom``...). Args also hold
    ``effect`` (specs), ``optional`` (default true), ``from_next_turn`` and
    ``before_effects`` (resolve before the played card's own effect and bonus)."""

    name = "on_play"

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """Check keys, filter and slot."""
        extra = set(args) - {"filter", "slot", "effect", "optional", "from_next_turn",
                             "before_effects"}
        if extra:
            raise ValueError(f"unknown argument(s) {sorted(extra)}")
        flt = dict(args.get("filter", {}))
        feature = flt.pop("feature", None)
        if feature is not None and not isinstance(feature, str):
            raise ValueError("filter: 'feature' must be a site feature name")
        check_filter(flt, rules)
        if not args.get("effect"):
            raise ValueError("'effect' must name at least one effect")
        slot = args.get("slot")
        slots = slot_names(rules)
        if slot is not None and slot not in slots | {"center"}:
            raise ValueError(f"unknown slot {slot!r} (known: {', '.join(sorted(slots))})")

    def compile(self, args: Mapping[str, Any], rules: Ruleset) -> Callable[..., bool]:
        """Predicate over the play."""
        raw = args.get("filter", {})
        flt = half_filter({k: v for k, v in raw.items() if k not in ("tree", "feature")})
        tree = raw.get("tree")
        feature = raw.get("feature")
        slot_want = args.get("slot")
        halves = rules.halves

        def matches(state: GameState, player: int, card: int, half: int | None,
                    slot: str, kind: SiteKind | None = None) -> bool:
            if slot_want is not None and slot != slot_want:
                return False
            if feature is not None:
                return kind is not None and feature in kind.features
            if tree is not None:
                is_tree = slot == "center" and (kind is None or kind.is_tree)
                if is_tree != tree:
                    return False
            if flt is not None:
                if half is None:
                    return False
                return flt(halves[card][half])
            return True

        return matches

