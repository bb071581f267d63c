"""More effect kinds and steps of the core: site upgrades, face-down sites, taking from the
clearing, draw-then-cave, free plays from the clearing with reveals, caving from the
clearing, and the "cannot act" fallback.

None of these names a card: a card set chooses them with arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import events as ev
from .decisions import Action, Decision, Pass, PickCard
from .kinds import StepKind
from .rules import (
    FINISHED,
    Events,
    can_place,
    check_filter,
    deck_take,
    draw_events,
    half_filter,
    pick_card,
    play_events,
    trigger_steps,
)
from .steps import Step

if TYPE_CHECKING:
    from .ruleset import Ruleset
    from .state import GameState


def _keys(args: Mapping[str, Any], allowed: set[str]) -> None:
    extra = set(args) - allowed
    if extra:
        raise ValueError(f"unknown argument(s) {sorted(extra)} (allowed: {sorted(allowed)})")


def _count(args: Mapping[str, Any], key: str, default: int, minimum: int = 1) -> int:
    v = args.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
        raise ValueError(f"{key!r} must be a whole number >= {minimum}, not {v!r}")
    return v


class UpgradeSiteStep(StepKind):
    """After a site is played: the player may tuck one hand card face down under it, for
    free, turning it into the kind its layout names as ``upgrade`` (a tree with a river)."""

    name = "upgrade_site"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Offer the hand cards."""
        rules = state.rules
        hand = state.hands[step.player]
        if not hand:
            return [FINISHED]
        label = rules.site_kinds[step.args["kind"]].label or step.args["kind"]
        return pick_card(state, step.player, "upgrade_site",
                         f"make {rules.name_of(step.card)} a {label.lower()} "
                         "with one more hand card", sorted(hand), "tuck {} under it face down",
                         "no")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Upgrade, then fire the triggers of the new site's features."""
        if isinstance(action, Pass):
            return [FINISHED]
        assert isinstance(action, PickCard)
        rules = state.rules
        kind = rules.site_kinds[step.args["kind"]]
        out: Events = [FINISHED, ev.SiteUpgraded(step.player, step.args["site"], action.card,
                                                 kind.id)]
        if rules.has_triggers:
            early, late = trigger_steps(state, step.player, step.card, None, "upgrade", kind)
            # in the play's order: reveal, early triggers, the played card's effect and
            # bonus, then the others (``reveal`` and ``after`` count the play's follow-ups
            # queued behind this step)
            reveal = step.args.get("reveal", 0)
            after = step.args.get("after", 0)
            if late:
                out.append(ev.StepsQueued(tuple(late), after))
            if early:
                out.append(ev.StepsQueued(tuple(early), reveal))
        return out


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
        play_events(state, step.player, action.card, None, site, "center", (), "normal", out,
                    site_kind=step.args["kind"])
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
        if left <= 0 or not state.clearing or \
                len(state.hands[step.player]) >= rules.spec.hand_limit:
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
        rules = state.rules
        hand = state.hands[step.player]
        cave = step.args.get("cave", 1)
        if "drawn" not in step.args:
            room = rules.spec.hand_limit + cave - len(hand)
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
        return [FINISHED, ev.StepsQueued((Step("place", step.player, action.card, {
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
        from .scoring import count_value

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


class CaveAndRedrawStep(StepKind):
    """A player who can neither draw nor play shows the hand, puts up to ``up_to`` (2)
    hand cards into the cave and draws as many; the turn ends."""

    name = "cave_and_redraw"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Reveal the hand, then ask."""
        if "caved" not in step.args:
            return [ev.StepUpdated(step.with_args(caved=0)),
                    ev.HandRevealed(step.player, tuple(sorted(state.hands[step.player])))]
        caved = step.args["caved"]
        if caved >= step.args.get("up_to", 2) or not state.hands[step.player]:
            out: Events = [FINISHED]
            draw_events(state, step.player, caved, out)
            return out
        return pick_card(state, step.player, "cave",
                         "you cannot act: put a hand card into your cave",
                         sorted(state.hands[step.player]), "put {} in the cave",
                         f"stop (draw {caved})")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Cave it, or stop and draw."""
        caved = step.args["caved"]
        if isinstance(action, Pass):
            out: Events = [FINISHED]
            draw_events(state, step.player, caved, out)
            return out
        assert isinstance(action, PickCard)
        return [ev.StepUpdated(step.with_args(caved=caved + 1)),
                ev.CardsCaved(step.player, (action.card,), "hand")]


#: The step kinds of this module.
MORE_STEP_KINDS: tuple[StepKind, ...] = (
    UpgradeSiteStep(), PlayFaceDownEffect(), TakeFromClearingEffect(), DrawThenCaveEffect(),
    PlayFromClearingEffect(), ClearingToCaveFilteredEffect(), CaveFromClearingPerEffect(),
    CaveAndRedrawStep(),
)
