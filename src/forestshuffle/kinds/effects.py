"""Effect kinds: the steps card data may name in ``effect``, ``bonus`` and trigger effects
(``card_effect = True``). None names a card: a card set chooses them with arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import (
    Action,
    Decision,
    Pass,
    PickCard,
)
from forestshuffle.core.fastevents import card_played
from forestshuffle.core.rules import (
    FINISHED,
    Events,
    can_place,
    check_filter,
    deck_take,
    draw_events,
    half_filter,
    hand_room,
    open_positions,
    pick_card,
    play_events,
    replace_head,
)
from forestshuffle.core.steps import Step
from forestshuffle.kinds import StepKind, check_args

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState


def _check_int(args: Mapping[str, Any], key: str, minimum: int = 0) -> None:
    v = args.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
        raise ValueError(f"{key!r} must be a whole number >= {minimum}, not {v!r}")


def _check_keys(args: Mapping[str, Any], allowed: set[str]) -> None:
    extra = set(args) - allowed
    if extra:
        raise ValueError(f"unknown argument(s) {sorted(extra)} (allowed: {sorted(allowed)})")


class DrawEffect(StepKind):
    """Draw N cards from the deck (stops at the hand limit)."""

    name = "draw"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``n`` >= 1."""
        _check_keys(args, {"n"})
        _check_int(args, "n", 1)

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Draw."""
        out: Events = [FINISHED]
        draw_events(state, step.player, step.args["n"], out)
        return out


class DrawPerEffect(StepKind):
    """Draw 1 card per unit of a count of your forest (``count``: ``tag:deer``...)."""

    name = "draw_per"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``count`` names a count; ``per`` (default 1) cards per unit."""
        _check_keys(args, {"count", "per"})
        if not isinstance(args.get("count"), str):
            raise ValueError("'count' must be a count such as 'tag:deer'")
        rules.check_count(args["count"])

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Count, then draw."""
        from forestshuffle.kinds.counts import count_value

        n = count_value(state.rules, state.forests[step.player], step.args["count"])
        out: Events = [FINISHED]
        draw_events(state, step.player, n * step.args.get("per", 1), out)
        return out


class ExtraTurnEffect(StepKind):
    """Take an extra turn after this one."""

    name = "extra_turn"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """No arguments."""
        _check_keys(args, set())

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Grant it."""
        return [FINISHED, ev.ExtraTurnGranted(step.player)]


class FreePlayEffect(StepKind):
    """Play a hand card matching ``filter`` for free (no effect or bonus of its own);
    ``any_number`` lets the player go on until they pass; with ``activates`` the card played
    fires this card's own permanent triggers even before they are active."""

    name = "free_play"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``filter`` (tag/species/tree), optional ``any_number`` and ``activates``."""
        _check_keys(args, {"filter", "any_number", "activates"})
        check_filter(args.get("filter", {}), rules)
        if not isinstance(args.get("activates", False), bool):
            raise ValueError(f"'activates' must be true or false, not {args['activates']!r}")

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Offer the matching hand cards that can be placed."""
        flt = half_filter(step.args.get("filter"))
        opens = open_positions(state, step.player)
        cands = [c for c in sorted(state.hands[step.player])
                 if can_place(state, step.player, c, 10**9, flt, opens)]
        if not cands:
            return [FINISHED]
        what = ", ".join(f"{k} {v}" for k, v in step.args.get("filter", {}).items())
        return pick_card(state, step.player, "free_play", f"play a card ({what}) for free",
                         cands, "play {} for free",
                         "play nothing more" if step.args.get("any_number")
                         else "skip the free play")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Place the chosen card (free mode)."""
        if isinstance(action, Pass):
            return [FINISHED]
        assert isinstance(action, PickCard)
        args: dict[str, Any] = {"mode": "free", "filter": step.args.get("filter")}
        if step.args.get("activates"):
            args["activates"] = step.card
        place = Step("place", step.player, action.card, args)
        if step.args.get("any_number"):
            return [ev.StepsQueued((place,))]
        return [replace_head((place,))]


class CaveFromHandThenDrawEffect(StepKind):
    """Put any number of hand cards into your cave, then draw as many."""

    name = "cave_from_hand_then_draw"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """No arguments."""
        _check_keys(args, {"caved"})

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask for one more card, or done."""
        n = step.args.get("caved", 0)
        return pick_card(state, step.player, "cave", "put a hand card into your cave, or stop",
                         sorted(state.hands[step.player]), "put {} in the cave",
                         f"done (draw {n})")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Cave the card, or draw as many as were caved."""
        n = step.args.get("caved", 0)
        if isinstance(action, PickCard):
            return [ev.CardsCaved(step.player, (action.card,), "hand"),
                    ev.StepUpdated(step.with_args(caved=n + 1))]
        out: Events = [FINISHED]
        draw_events(state, step.player, n, out)
        return out


class ClearingToCaveEffect(StepKind):
    """Put every card of the clearing into your cave."""

    name = "clearing_to_cave"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """No arguments."""
        _check_keys(args, set())

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Move them."""
        out: Events = [FINISHED]
        if state.clearing:
            out.append(ev.CardsCaved(step.player, tuple(state.clearing), "clearing"))
        return out


class PlayFurtherEffect(StepKind):
    """Play any number of further hand cards, each paying its normal cost, using only
    cards held when this began; once the player stops, the played cards' effects, bonuses
    and triggers resolve card by card, in an order of the player's choice (the Mole)."""

    name = "play_further"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """No arguments."""
        _check_keys(args, {"eligible", "deferred"})

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Remember the hand, then offer plays."""
        hand = state.hands[step.player]
        if "eligible" not in step.args:
            return [ev.StepUpdated(step.with_args(eligible=tuple(sorted(hand)), deferred=()))]
        pool = set(step.args["eligible"])
        mine = [c for c in sorted(hand) if c in pool]
        opens = open_positions(state, step.player)
        playable = [c for c in mine
                    if can_place(state, step.player, c, len(mine) - 1, None, opens)]
        return pick_card(state, step.player, "play_further",
                         "play a further card (paying its cost)", playable, "play {}",
                         "play nothing more")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Play it (deferred), or stop so the deferred plays resolve."""
        if isinstance(action, Pass):
            bundles = step.args.get("deferred", ())
            if not bundles:
                return [FINISHED]
            return [replace_head((Step("resolve_plays", step.player, step.card,
                                                    {"plays": bundles}),))]
        assert isinstance(action, PickCard)
        return [ev.StepsQueued((Step("place", step.player, action.card, {
            "mode": "deferred", "pool": step.args["eligible"]}),))]


def _keys(args: Mapping[str, Any], allowed: set[str]) -> None:
    extra = set(args) - allowed
    if extra:
        raise ValueError(f"unknown argument(s) {sorted(extra)} (allowed: {sorted(allowed)})")


def _count(args: Mapping[str, Any], key: str, default: int, minimum: int = 1) -> int:
    v = args.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
        raise ValueError(f"{key!r} must be a whole number >= {minimum}, not {v!r}")
    return v


class PlayFaceDownEffect(StepKind):
    """Play a hand card face down as a standalone site of kind ``kind`` (a generic river)."""

    name = "play_face_down"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``kind`` names a site kind the ruleset lists in ``face_down_kinds``."""
        _keys(args, {"kind"})
        kind = args.get("kind")
        if kind not in rules.registry.site_kinds:
            raise ValueError(f"unknown site kind {kind!r}")
        if kind not in rules.spec.face_down_kinds:
            raise ValueError(f"site kind {kind!r} is not in the ruleset's face_down_kinds")

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Offer the hand cards."""
        rules = state.rules
        hand = state.hands[step.player]
        if not hand:
            return [FINISHED]
        kind = rules.site_kinds[step.args["kind"]]
        return pick_card(state, step.player, "play_face_down",
                         f"play a hand card face down as a {kind.label.lower() or kind.id}",
                         sorted(hand), "play {} face down", "skip")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """The card opens the site; a revealing kind reveals; triggers fire."""
        if isinstance(action, Pass):
            return [FINISHED]
        assert isinstance(action, PickCard)
        out: Events = []
        site = len(state.forests[step.player].sites)
        play_events(state, card_played(step.player, action.card, None, site, "center", (),
                                       "normal", step.args["kind"], "hand"), out)
        return out


class TakeFromClearingEffect(StepKind):
    """Take ``n`` (default 1) cards of your choice from the clearing into your hand."""

    name = "take_from_clearing"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """Optional ``n``."""
        _keys(args, {"n", "taken"})
        _count(args, "n", 1)

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Offer the clearing's cards while the hand has room."""
        rules = state.rules
        left = step.args.get("n", 1) - step.args.get("taken", 0)
        if left <= 0 or not state.clearing or hand_room(state, step.player) <= 0:
            return [FINISHED]
        opts: list[Action] = [rules.take_actions_pick(c) for c in sorted(state.clearing)]
        opts.append(Pass(label="take nothing more"))
        return Decision(step.player, "take", "take a card from the clearing", tuple(opts))

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Take it."""
        if isinstance(action, Pass):
            return [FINISHED]
        assert isinstance(action, PickCard)
        taken = step.args.get("taken", 0) + 1
        head: ev.Event = (FINISHED if taken >= step.args.get("n", 1)
                          else ev.StepUpdated(step.with_args(taken=taken)))
        return [head, ev.CardTaken(step.player, action.card)]


class DrawThenCaveEffect(StepKind):
    """Draw ``draw`` (default 2) cards, then put ``cave`` (default 1) of them into your cave.
    The hand may go over its limit by ``cave`` cards while this resolves (it works at 9)."""

    name = "draw_then_cave"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """Optional ``draw`` and ``cave`` (fewer than ``draw``)."""
        _keys(args, {"draw", "cave", "drawn"})
        if _count(args, "cave", 1) >= _count(args, "draw", 2):
            raise ValueError("'cave' must be smaller than 'draw'")

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Draw first, then ask which drawn cards go to the cave."""
        hand = state.hands[step.player]
        cave = step.args.get("cave", 1)
        if "drawn" not in step.args:
            room = hand_room(state, step.player) + cave
            n = min(step.args.get("draw", 2), room)
            out: Events = []
            if not deck_take(state, n, lambda c: ev.CardDrawn(step.player, c), out):
                return out
            drawn = tuple(e.card for e in out if isinstance(e, ev.CardDrawn))
            if len(drawn) <= 0:
                return [FINISHED, *out]
            return [ev.StepUpdated(step.with_args(drawn=drawn)), *out]
        held = [c for c in step.args["drawn"] if c in hand]
        owed = cave - (len(step.args["drawn"]) - len(held))
        if owed <= 0 or not held:
            return [FINISHED]
        return pick_card(state, step.player, "cave", "put a card you just drew into your cave",
                         sorted(held), "put {} in the cave")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Cave it."""
        assert isinstance(action, PickCard)
        return [ev.CardsCaved(step.player, (action.card,), "hand")]


class PlayFromClearingEffect(StepKind):
    """Play a clearing card matching ``filter`` for free (no effect or bonus of its own). If
    the clearing has none, reveal deck cards into it one at a time until one matches or
    ``reveal`` (default 3) cards were revealed."""

    name = "play_from_clearing"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``filter``, optional ``reveal``."""
        _keys(args, {"filter", "reveal", "revealed"})
        check_filter(args.get("filter", {}), rules)
        _count(args, "reveal", 3, 0)

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Offer matching clearing cards, or reveal one more."""
        rules = state.rules
        flt = half_filter(step.args.get("filter"))
        cands = [c for c in sorted(state.clearing) if not rules.cards[c].winter
                 and can_place(state, step.player, c, 10**9, flt)]
        if cands:
            return pick_card(state, step.player, "play_from_clearing",
                             "play a clearing card for free", cands,
                             "play {} from the clearing for free", "play nothing")
        revealed = step.args.get("revealed", 0)
        if revealed >= step.args.get("reveal", 3) or not state.deck:
            return [FINISHED]
        out: Events = [ev.StepUpdated(step.with_args(revealed=revealed + 1))]
        deck_take(state, 1, ev.CardRevealed, out)
        return out

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Place the chosen clearing card (free mode)."""
        if isinstance(action, Pass):
            return [FINISHED]
        assert isinstance(action, PickCard)
        return [replace_head((Step("place", step.player, action.card, {
            "mode": "free", "filter": step.args.get("filter"), "source": "clearing"}),))]


class ClearingToCaveFilteredEffect(StepKind):
    """Put every clearing card matching ``filter`` (any half) into your cave."""

    name = "clearing_to_cave_matching"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``filter``."""
        _keys(args, {"filter"})
        check_filter(args.get("filter", {}), rules)

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Move them."""
        rules = state.rules
        flt = half_filter(step.args.get("filter"))
        cards = tuple(c for c in state.clearing if not rules.cards[c].winter and (
            flt is None or any(flt(h) for h in rules.halves[c])))
        out: Events = [FINISHED]
        if cards:
            out.append(ev.CardsCaved(step.player, cards, "clearing"))
        return out


class CaveFromClearingPerEffect(StepKind):
    """For each unit of ``count`` in your forest, put one clearing card of your choice into
    your cave."""

    name = "cave_from_clearing_per"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``count``."""
        _keys(args, {"count", "left"})
        if not isinstance(args.get("count"), str):
            raise ValueError("'count' must be a count such as 'tag:mouse'")
        rules.check_count(args["count"])

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask for the next card."""
        from forestshuffle.kinds.counts import count_value

        rules = state.rules
        if "left" not in step.args:
            n = count_value(rules, state.forests[step.player], step.args["count"])
            return [ev.StepUpdated(step.with_args(left=n))]
        if step.args["left"] <= 0 or not state.clearing:
            return [FINISHED]
        return pick_card(state, step.player, "cave",
                         f"put a clearing card into your cave ({step.args['left']} more)",
                         sorted(state.clearing), "put {} in the cave", "stop")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Cave it."""
        if isinstance(action, Pass):
            return [FINISHED]
        assert isinstance(action, PickCard)
        return [ev.StepUpdated(step.with_args(left=step.args["left"] - 1)),
                ev.CardsCaved(step.player, (action.card,), "clearing")]


class CaveFromClearingEffect(StepKind):
    """Put ``n`` (default 1) clearing cards of your choice into your cave, one at a time; the
    player may stop early. With ``exactly``, no stopping: ``n`` cards go, or every clearing
    card when it holds no more than are still owed (no choice is left then)."""

    name = "cave_from_clearing"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """Optional ``n`` >= 1 and ``exactly``."""
        check_args(args, set(), {"n", "caved", "exactly"}, ("n", "caved"))
        if args.get("n", 1) < 1:
            raise ValueError(f"'n' must be a whole number >= 1, not {args['n']!r}")
        if not isinstance(args.get("exactly", False), bool):
            raise ValueError(f"'exactly' must be true or false, not {args['exactly']!r}")

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask for the next clearing card, while some are owed."""
        left = step.args.get("n", 1) - step.args.get("caved", 0)
        if left <= 0 or not state.clearing:
            return [FINISHED]
        if not step.args.get("exactly"):
            return pick_card(state, step.player, "cave",
                             f"put a clearing card into your cave ({left} more)",
                             sorted(state.clearing), "put {} in the cave", "stop")
        if len(state.clearing) <= left:
            return [FINISHED, ev.CardsCaved(step.player, tuple(state.clearing), "clearing")]
        return pick_card(state, step.player, "cave",
                         f"put a clearing card into your cave ({left} more)",
                         sorted(state.clearing), "put {} in the cave")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Cave the chosen card, or stop."""
        if isinstance(action, Pass):
            return [FINISHED]
        assert isinstance(action, PickCard)
        return [ev.StepUpdated(step.with_args(caved=step.args.get("caved", 0) + 1)),
                ev.CardsCaved(step.player, (action.card,), "clearing")]


#: The core's effect kinds.
EFFECT_KINDS: tuple[StepKind, ...] = (
    DrawEffect(), DrawPerEffect(), ExtraTurnEffect(), FreePlayEffect(),
    CaveFromHandThenDrawEffect(), ClearingToCaveEffect(), PlayFurtherEffect(),
    PlayFaceDownEffect(), TakeFromClearingEffect(), DrawThenCaveEffect(),
    PlayFromClearingEffect(), ClearingToCaveFilteredEffect(), CaveFromClearingPerEffect(),
    CaveFromClearingEffect(),
)
