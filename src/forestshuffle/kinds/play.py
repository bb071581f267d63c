"""Play kinds: the steps between choosing a card and its last effect: where it goes, the
payment, the site's upgrade (a generic river), the reveal, the effect and bonus offers,
fired triggers, and plays whose resolution waited (a Mole's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from forestshuffle.core import events as ev
from forestshuffle.core.decision import decision
from forestshuffle.core.decisions import (
    Action,
    Decision,
    Pass,
    PayWith,
    PickCard,
    Place,
    Use,
)
from forestshuffle.core.fastevents import card_played, card_revealed, step_updated
from forestshuffle.core.rules import (
    FINISHED,
    Events,
    deck_take,
    effect_steps,
    half_filter,
    pick_card,
    placements,
    play_events,
    replace_head,
    trigger_steps,
)
from forestshuffle.core.steps import Step
from forestshuffle.kinds import StepKind

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState


def _prompt(rules: Ruleset, what: str, card: int, half: int, owed: int) -> str:
    """The prompt of a placement (*what* ``place``) or payment (``pay``, *owed* more) of
    *card*, made and kept in ``Ruleset.prompts`` under ``(what, card, half, owed)``, which
    the steps read first (once made, no call)."""
    if what == "place":
        text = f"choose where {rules.name_of(card)} goes"
    else:
        text = f"pay for {rules.name_of(card, half)} ({owed} more)"
    rules.prompts[(what, card, half, owed)] = text
    return text


class PlaceStep(StepKind):
    """Choose the half and slot of the card being played (``mode``: normal/free/deferred)."""

    name = "place"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """A tree goes to a new site without asking; a split card asks."""
        args = step.args
        given = args.get("filter")
        flt = half_filter(given) if given else None
        if args["mode"] == "free":
            opts = placements(state, step.player, step.card, flt)
        else:
            pool = args.get("pool")
            hand = state.hands[step.player]
            budget = len(hand) - 1 if pool is None else sum(
                1 for c in hand if c in pool and c != step.card)
            opts = placements(state, step.player, step.card, flt, budget)
        if not opts:
            return [FINISHED]
        if opts[0].slot == "center":
            return self.answer(state, step, opts[0])
        rules = state.rules
        text = rules.prompts.get(("place", step.card, -1, 0))
        if text is None:
            text = _prompt(rules, "place", step.card, -1, 0)
        return decision(step.player, "place", text, tuple(opts))

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Pay next, or place at once when it costs nothing."""
        assert isinstance(action, Place)
        mode = step.args["mode"]
        cost = 0 if mode == "free" else state.rules.halves[step.card][action.half].cost
        out: Events = []
        if cost == 0:
            played = card_played(step.player, step.card, action.half, action.site, action.slot,
                                 (), mode, None, step.args.get("source", "hand"))
            play_events(state, played, out, activates=step.args.get("activates"))
            return out
        pay = Step("pay", step.player, step.card, {
            "mode": mode, "half": action.half, "site": action.site, "slot": action.slot,
            "owed": cost, "paid": (), "pool": step.args.get("pool"),
        })
        return [replace_head((pay,))]


class PayStep(StepKind):
    """Choose payment cards one at a time (in increasing card order, so each set once)."""

    name = "pay"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask for the next payment card."""
        a = step.args
        paid = a["paid"]
        pool = a["pool"]
        last = paid[-1] if paid else -1
        card = step.card
        cands = []  # a loop, not a generator: no frame per decision on the hot path
        for c in state.hands[step.player]:
            if c != card and c > last and (pool is None or c in pool):
                cands.append(c)
        cands.sort()
        owed = a["owed"]
        rules = state.rules
        pay = rules.pay_actions
        opts = []  # (a loop costs less than map for a few cards)
        if len(cands) >= owed:
            for c in cands[: len(cands) - owed + 1]:
                opts.append(pay[c])
        text = rules.prompts.get(("pay", card, a["half"], owed))
        if text is None:
            text = _prompt(rules, "pay", card, a["half"], owed)
        return decision(step.player, "pay", text, tuple(opts))

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Record the card; the last one puts the played card down."""
        assert isinstance(action, PayWith)
        a = step.args
        paid = (*a["paid"], action.card)
        owed = a["owed"] - 1
        if owed > 0:
            return [step_updated(step.with_args(paid=paid, owed=owed))]
        out: Events = []
        play_events(state, card_played(step.player, step.card, a["half"], a["site"], a["slot"],
                                       paid, a["mode"], None, "hand"), out)
        return out


class OfferStep(StepKind):
    """Offer a played card's effect or bonus, which the player may use or decline."""

    name = "offer"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask: use it or not."""
        rules = state.rules
        what = step.args["what"]
        sid = rules.halves[step.card][step.args["half"]].species
        key = ("offer", sid, what)
        made = rules.prompts.get(key)
        if made is None:  # the prompt and options, made once per ruleset
            sp = rules.species[sid]
            specs = sp.effect if what == "effect" else sp.bonus
            desc = "; ".join(str(s) for s in specs)
            made = rules.prompts[key] = (f"use the {what} of {sp.name} ({desc})", (
                rules.action(Use, label=f"use the {what}"),
                rules.action(Pass, label=f"skip the {what}")))
        return Decision(step.player, what, made[0], made[1])

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Queue the effect's steps, or drop it."""
        if isinstance(action, Pass):
            return [FINISHED]
        rules = state.rules
        sp = rules.species[rules.halves[step.card][step.args["half"]].species]
        specs = sp.effect if step.args["what"] == "effect" else sp.bonus
        return [replace_head(effect_steps(rules, step.player, step.card, specs))]


#: the answer a trigger that is not optional resolves with
_USE: Final = Use()


class TriggerStep(StepKind):
    """A permanent trigger that fired; optional ones are offered."""

    name = "trigger"

    def _trigger(self, state: GameState, step: Step) -> Any:
        rules = state.rules
        forest = state.forests[step.player]
        hi = forest.where[step.card][2]
        return rules.triggers[rules.halves[step.card][hi].species][step.args["index"]]

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Resolve, or ask when optional."""
        t = self._trigger(state, step)
        if not t.optional:
            return self.answer(state, step, _USE)
        rules = state.rules
        hi = state.forests[step.player].where[step.card][2]
        key = ("trigger", step.card, hi, step.args["index"])
        made = rules.prompts.get(key)
        if made is None:  # the prompt and options, made once per ruleset
            name = rules.name_of(step.card, hi)
            desc = "; ".join(str(s) for s in t.effect)
            made = rules.prompts[key] = (f"use the trigger of {name} ({desc})", (
                rules.action(Use, label=f"use {name}'s trigger"),
                rules.action(Pass, label="skip the trigger")))
        return decision(step.player, "trigger", made[0], made[1])

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Queue the trigger's effect, or drop it."""
        if isinstance(action, Pass):
            return [FINISHED]
        t = self._trigger(state, step)
        return [replace_head(effect_steps(state.rules, step.player, step.card,
                                                       t.effect))]


class RevealStep(StepKind):
    """Reveal the top deck card into the clearing (after a tree or sapling)."""

    name = "reveal"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Reveal it (winter cards handled)."""
        out: Events = [FINISHED]
        deck_take(state, 1, card_revealed, out)
        return out


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


class ResolvePlaysStep(StepKind):
    """Resolve plays whose effects waited (a Mole's further plays): ``plays`` holds, per
    card, the steps of its resolution (its early triggers, effect and bonus offers, other
    triggers). While more than one waits the player chooses which card resolves next."""

    name = "resolve_plays"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Resolve the only one left, or ask which comes next."""
        plays = step.args["plays"]
        if not plays:
            return [FINISHED]
        if len(plays) == 1:
            return self._resolve(step, 0)
        return pick_card(state, step.player, "resolve_order",
                         "choose whose effect and bonus resolve next",
                         [card for card, _ in plays], "resolve {} next")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Resolve the chosen card's steps now, the others after them."""
        assert isinstance(action, PickCard)
        plays = step.args["plays"]
        return self._resolve(step, next(i for i, (c, _) in enumerate(plays)
                                        if c == action.card))

    @staticmethod
    def _resolve(step: Step, i: int) -> Events:
        plays = step.args["plays"]
        steps = tuple(Step(kind, step.player, card, args) for kind, card, args in plays[i][1])
        rest = (*plays[:i], *plays[i + 1:])
        head: ev.Event = (ev.StepUpdated(step.with_args(plays=rest)) if rest else FINISHED)
        return [head, ev.StepsQueued(steps)]


#: The step kinds of a play.
PLAY_STEPS: tuple[StepKind, ...] = (PlaceStep(), PayStep(), OfferStep(), TriggerStep(),
                                    RevealStep(), UpgradeSiteStep(), ResolvePlaysStep())
