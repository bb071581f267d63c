"""Effect kinds Woodland Edge needs beyond the core's.

Each kind is general (it names no card); the species table chooses it with arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import Action, Decision, Pass, PickCard
from forestshuffle.core.rules import (
    FINISHED,
    can_place,
    check_filter,
    half_filter,
    open_positions,
    pick_card,
    play_events,
)
from forestshuffle.core.scoring import count_value
from forestshuffle.core.steps import Step
from forestshuffle.kinds import StepKind, check_args

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState

Events = list[ev.Event]


class ExtraTurnIf(StepKind):
    """Take an extra turn after this one if your forest has at least ``n`` (default 1) of
    ``count`` when this resolves."""

    name = "extra_turn_if"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``count``, optional ``n`` >= 1."""
        check_args(args, {"count"}, {"n"}, ("n",))
        if not isinstance(args["count"], str):
            raise ValueError("'count' must be a count such as 'tag:bat'")
        rules.check_count(args["count"])
        if args.get("n", 1) < 1:
            raise ValueError(f"'n' must be a whole number >= 1, not {args['n']!r}")

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Grant the turn if the forest meets the count."""
        have = count_value(state.rules, state.forests[step.player], step.args["count"])
        if have >= step.args.get("n", 1):
            return [FINISHED, ev.ExtraTurnGranted(step.player)]
        return [FINISHED]


def _matching_in_clearing(state: GameState, flt: Mapping[str, Any] | None) -> list[int]:
    """Clearing cards with a half matching *flt* (any half), in card order."""
    rules = state.rules
    f = half_filter(flt)
    return sorted(c for c in state.clearing if not rules.cards[c].winter and (
        f is None or any(f(h) for h in rules.halves[c])))


class TakeAllFromClearing(StepKind):
    """Take every clearing card with a half matching ``filter`` into your hand, stopping at
    the hand limit; when they do not all fit, the player picks them one at a time."""

    name = "take_all_from_clearing"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``filter``."""
        check_args(args, {"filter"})
        check_filter(args["filter"], rules)

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Take them all, or ask which one when the hand cannot hold them all."""
        cards = _matching_in_clearing(state, step.args["filter"])
        room = state.rules.spec.hand_limit - len(state.hands[step.player])
        if not cards or room <= 0:
            return [FINISHED]
        if len(cards) <= room:
            return [FINISHED, *(ev.CardTaken(step.player, c) for c in cards)]
        return pick_card(state, step.player, "take",
                         f"take a clearing card into your hand ({room} more fit)", cards,
                         "take {} from the clearing")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Take the chosen card; the step goes on with the rest."""
        assert isinstance(action, PickCard)
        return [ev.CardTaken(step.player, action.card)]


class RemoveClearing(StepKind):
    """Every card of the clearing leaves the game (as when a full clearing is emptied)."""

    name = "remove_clearing"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """No arguments."""
        check_args(args, set())

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Empty it."""
        if not state.clearing:
            return [FINISHED]
        return [FINISHED, ev.ClearingEmptied(tuple(state.clearing))]


class FreePlayOneOf(StepKind):
    """Play one hand card matching any of ``filters`` for free (no effect or bonus of its
    own): "a Squeaker" of either box. The card is placed with the first filter that fits
    it."""

    name = "free_play_one_of"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``filters``: a non-empty list of filters (tag / species / tree)."""
        check_args(args, {"filters"})
        filters = args["filters"]
        if not isinstance(filters, list | tuple) or not filters:
            raise ValueError("'filters' must be a non-empty list of filters")
        for n, f in enumerate(filters):
            check_filter(f, rules, f"filters[{n}]")

    @staticmethod
    def _fitting(state: GameState, step: Step, card: int, opens: set[Any]) -> Any:
        for f in step.args["filters"]:
            if can_place(state, step.player, card, 10**9, half_filter(f), opens):
                return f
        return None

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Offer the hand cards some filter lets you place."""
        opens = open_positions(state, step.player)
        cands = [c for c in sorted(state.hands[step.player])
                 if self._fitting(state, step, c, opens) is not None]
        if not cands:
            return [FINISHED]
        return pick_card(state, step.player, "free_play", "play a card for free", cands,
                         "play {} for free", "skip the free play")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Place the chosen card (free mode) with the filter that fits it."""
        if isinstance(action, Pass):
            return [FINISHED]
        assert isinstance(action, PickCard)
        flt = self._fitting(state, step, action.card, open_positions(state, step.player))
        return [FINISHED, ev.StepsQueued((Step("place", step.player, action.card,
                                               {"mode": "free", "filter": flt}),))]


class PlaySaplings(StepKind):
    """Play any number of hand cards face down as saplings, for free, one at a time until
    the player stops; each reveals a card and fires triggers like any sapling."""

    name = "play_saplings"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """No arguments; the ruleset must have saplings."""
        check_args(args, set())
        if rules.spec.sapling_kind is None:
            raise ValueError(f"ruleset {rules.id!r} has no saplings")

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Offer the hand cards."""
        hand = state.hands[step.player]
        if not hand:
            return [FINISHED]
        return pick_card(state, step.player, "play_saplings",
                         "plant a hand card face down as a sapling", sorted(hand),
                         "plant {} face down as a sapling", "plant nothing more")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Plant it; its follow-ups (reveal, triggers) resolve before this step asks again."""
        if isinstance(action, Pass):
            return [FINISHED]
        assert isinstance(action, PickCard)
        out: Events = []
        site = len(state.forests[step.player].sites)
        # this step stays at the head, behind the sapling's follow-ups, to ask again
        play_events(state, step.player, action.card, None, site, "center", (), "normal", out,
                    keep_head=True)
        return out


#: The effect kinds this plugin registers.
STEP_KINDS: tuple[StepKind, ...] = (
    ExtraTurnIf(), TakeAllFromClearing(), RemoveClearing(), FreePlayOneOf(), PlaySaplings(),
)
