"""The core's own plugin: the common kinds every ruleset may use.

It registers through the same hooks as any third-party plugin, so the core has no
back door.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from . import events as ev
from .decisions import Action, Decision, Pass, PickCard
from .effects import MORE_STEP_KINDS
from .hookspecs import hookimpl
from .kinds import (
    CountKind,
    DeckBuilder,
    EndCondition,
    ScoringKind,
    StepKind,
    TriggerKind,
    TurnAction,
    check_args,
)
from .layouts import SiteKind, four_sided
from .rules import (
    CORE_STEP_KINDS,
    CORE_TURN_ACTIONS,
    FINISHED,
    check_filter,
    half_filter,
    pick_card,
)
from .scoring import CORE_COUNTS, CORE_SCORING
from .steps import Step

if TYPE_CHECKING:
    from .ruleset import Ruleset
    from .state import GameState


class WinterInLastThird(DeckBuilder):
    """Shuffle the deck without winters, return ``removal[players]`` cards unseen to the
    box, split the rest in three piles, shuffle all but one winter into the bottom pile,
    put the last winter on top of it, and stack the other piles on top."""

    name = "winter_in_last_third"

    def build(self, rules: Ruleset, players: int, rng: random.Random) -> list[ev.Event]:
        """The DeckBuilt event plus the set-up steps."""
        cards = list(rules.deck_cards)
        rng.shuffle(cards)
        remove = rules.spec.removal.get(players, 0)
        boxed, rest = cards[:remove], cards[remove:]
        third = len(rest) // 3
        top, middle, bottom = rest[:third], rest[third : 2 * third], rest[2 * third :]
        winters = list(rules.winter_cards)
        if winters:
            last, others = winters[0], winters[1:]
            bottom = bottom + others
            rng.shuffle(bottom)
            bottom = [last, *bottom]
        order = top + middle + bottom
        return [ev.DeckBuilt(tuple(order), tuple(boxed)), setup_steps(rules, players)]


def setup_steps(rules: Ruleset, players: int) -> ev.StepsQueued:
    """Deal, mulligans in seat order, then the first turn."""
    steps = [Step("deal")]
    if rules.spec.mulligan == "no_tree":
        steps.extend(Step("mulligan", p) for p in range(players))
    steps.append(Step("end_turn", -1))
    return ev.StepsQueued(tuple(steps))


class OnPlay(TriggerKind):
    """Fires when its owner plays a card matching ``filter`` (``tag``, ``species``,
    ``tree``: a tree or sapling, ``feature``: a site with that feature, such as a river) and,
    if given, placed into slot ``slot``. Args also hold ``effect`` (specs), ``optional``
    (default true), ``from_next_turn`` and ``before_effects`` (resolve before the played
    card's own effect and bonus)."""

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
        slots = {sd.name for kind in rules.site_kinds.values() for sd in kind.slots}
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


class CaveFromClearingEffect(StepKind):
    """Put ``n`` (default 1) clearing cards of your choice into your cave, one at a time; the
    player may stop early."""

    name = "cave_from_clearing"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """Optional ``n`` >= 1."""
        check_args(args, set(), {"n", "caved"}, ("n", "caved"))
        if args.get("n", 1) < 1:
            raise ValueError(f"'n' must be a whole number >= 1, not {args['n']!r}")

    def run(self, state: GameState, step: Step) -> Decision | list[ev.Event]:
        """Ask for the next clearing card, while some are owed."""
        left = step.args.get("n", 1) - step.args.get("caved", 0)
        if left <= 0 or not state.clearing:
            return [FINISHED]
        return pick_card(state, step.player, "cave",
                         f"put a clearing card into your cave ({left} more)",
                         sorted(state.clearing), "put {} in the cave", "stop")

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Cave the chosen card, or stop."""
        if isinstance(action, Pass):
            return [FINISHED]
        assert isinstance(action, PickCard)
        return [ev.StepUpdated(step.with_args(caved=step.args.get("caved", 0) + 1)),
                ev.CardsCaved(step.player, (action.card,), "clearing")]


#: Effect kinds the core's plugin registers beside those of :mod:`forestshuffle.rules` and
#: :mod:`forestshuffle.effects`.
BUILTIN_STEP_KINDS: tuple[StepKind, ...] = (CaveFromClearingEffect(),)


class CoreKinds:
    """Hook implementations of the core (registered as plugin ``forestshuffle``)."""

    @hookimpl
    def forestshuffle_site_kinds(self) -> Iterable[SiteKind]:
        """A tree (four sides) and a sapling (four sides, no species)."""
        return (four_sided("tree"), four_sided("sapling"))

    @hookimpl
    def forestshuffle_step_kinds(self) -> Iterable[StepKind]:
        """The turn machine's steps and the common effect kinds."""
        return (*CORE_STEP_KINDS, *MORE_STEP_KINDS, *BUILTIN_STEP_KINDS)

    @hookimpl
    def forestshuffle_trigger_kinds(self) -> Iterable[TriggerKind]:
        """``on_play``."""
        return (OnPlay(),)

    @hookimpl
    def forestshuffle_scoring_kinds(self) -> Iterable[ScoringKind]:
        """The common scoring kinds."""
        return CORE_SCORING

    @hookimpl
    def forestshuffle_count_kinds(self) -> Iterable[CountKind]:
        """The maintained counters."""
        return CORE_COUNTS

    @hookimpl
    def forestshuffle_turn_actions(self) -> Iterable[TurnAction]:
        """draw, play, sapling."""
        return CORE_TURN_ACTIONS

    @hookimpl
    def forestshuffle_deck_builders(self) -> Iterable[DeckBuilder]:
        """``winter_in_last_third``."""
        return (WinterInLastThird(),)

    @hookimpl
    def forestshuffle_end_conditions(self) -> Iterable[EndCondition]:
        """None beyond the winter cards, which end the game as they are revealed."""
        return ()
