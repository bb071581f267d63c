"""The turn machine: :func:`decide`, :func:`advance` and the core's step kinds.

``decide(state, action)`` validates an answer to the pending decision and returns the
events it causes, without changing anything. ``advance(state)`` resolves the head of
the resolution queue when it needs no input (returning its events) or returns the
decision to ask. The :class:`~forestshuffle.game.Game` alternates them with
:func:`~forestshuffle.state.evolve`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from . import events as ev
from .cards import Position
from .decisions import (
    Action,
    Decision,
    DrawFromClearing,
    DrawFromDeck,
    KeepHand,
    Pass,
    PayWith,
    PickCard,
    Place,
    PlayCard,
    PlaySapling,
    Redraw,
    Use,
    describe,
    field_problem,
    find_option,
)
from .errors import IllegalActionError
from .kinds import StepKind, TurnAction
from .steps import Step

if TYPE_CHECKING:
    from .layouts import SiteKind
    from .ruleset import CompiledHalf, Ruleset
    from .state import GameState

Events = list[ev.Event]
HalfFilter = Callable[["CompiledHalf"], bool]

FINISHED = ev.StepFinished()


# -- decide / advance ---------------------------------------------------------------------


def pending(state: GameState) -> Decision | None:
    """The decision the game waits for, or None when it is over."""
    if state.over:
        return None
    if state.pending is None:
        raise RuntimeError("the state has not been advanced to a decision")
    return state.pending


def decide(state: GameState, action: Action) -> Events:
    """Validate *action* against the pending decision and return its events.

    Raises IllegalActionError (the state untouched) if it is not a legal answer: *action*
    must be exactly one of the options (:func:`~forestshuffle.decisions.find_option`: the
    same class, fields of the same types and values). The step kind gets the option itself,
    never the caller's object.
    """
    if state.over:
        raise IllegalActionError("the game is over")
    dec = pending(state)
    assert dec is not None
    for o in dec.options:
        if o is action:
            break
    else:
        if not isinstance(action, Action):
            raise IllegalActionError(f"{describe(action)} is not an action", dec)
        try:
            problem = field_problem(action)
            found = find_option(dec.options, action) if problem is None else None
        except Exception:  # a hostile subclass: its fields cannot even be read
            problem, found = f"{describe(action)} cannot be read as an action", None
        if problem is not None:
            raise IllegalActionError(problem, dec)
        if found is None:
            raise IllegalActionError(f"{describe(action)} is not a legal answer", dec)
        action = found
    step = state.queue[0]
    return state.rules.step_kinds[step.kind].answer(state, step, action)


def advance(state: GameState) -> Decision | Events:
    """Resolve the head step if it needs no input (its events), or the decision to ask."""
    step = state.queue[0]
    return state.rules.step_kinds[step.kind].run(state, step)


# -- helpers shared by step kinds ---------------------------------------------------------


def deck_take(
    state: GameState, n: int, make: Callable[[int], ev.Event], out: Events
) -> bool:
    """Append events taking *n* cards off the deck, each made by *make*.

    Winter cards go beside the clearing and are replaced by the next card; the
    ruleset's last winter card ends the game at once. Returns False if the game ended.
    """
    if n <= 0:
        return True
    rules = state.rules
    cards = rules.cards
    deck = state.deck
    i = len(deck) - 1
    winters = len(state.winter)
    taken = 0
    while taken < n and i >= 0:
        c = deck[i]
        i -= 1
        if cards[c].winter:
            out.append(ev.WinterRevealed(c))
            winters += 1
            if winters >= rules.spec.winters_to_end:
                out.append(ev.GameEnded("third_winter"))
                return False
            continue
        out.append(make(c))
        taken += 1
    return True


def draw_events(state: GameState, player: int, n: int, out: Events) -> bool:
    """Append events drawing up to *n* cards for *player*, stopping at the hand limit."""
    room = state.rules.spec.hand_limit - len(state.hands[player])
    return deck_take(state, min(n, room), lambda c: ev.CardDrawn(player, c), out)


_FILTER_CACHE: dict[tuple[Any, ...], HalfFilter] = {}


def half_filter(args: Mapping[str, Any] | None) -> HalfFilter | None:
    """A predicate over card halves from a filter dict (``tag``, ``species``, ``tree``)."""
    if not args:
        return None
    key = tuple(sorted((k, str(v)) for k, v in args.items()))
    cached = _FILTER_CACHE.get(key)
    if cached is not None:
        return cached
    tag = args.get("tag")
    species = args.get("species")
    tree = args.get("tree")

    def f(h: CompiledHalf) -> bool:
        if tag is not None and tag not in h.tags:
            return False
        if species is not None and h.species != species:
            return False
        return tree is None or (h.kind == "tree") == bool(tree)

    _FILTER_CACHE[key] = f
    return f


def check_filter(args: Mapping[str, Any], rules: Ruleset, what: str = "filter") -> None:
    """Raise ValueError unless *args* is a valid filter dict for *rules*."""
    if not isinstance(args, Mapping):
        raise ValueError(f"{what} must be a mapping")
    for k, v in args.items():
        if k == "tag":
            if v not in rules.tags:
                raise ValueError(f"{what}: unknown tag {v!r}")
        elif k == "species":
            if v not in rules.species:
                raise ValueError(f"{what}: unknown species {v!r}")
        elif k == "tree":
            if not isinstance(v, bool):
                raise ValueError(f"{what}: 'tree' must be true or false")
        else:
            raise ValueError(f"{what}: unknown key {k!r} (known: tag, species, tree)")


def open_positions(state: GameState, player: int) -> set[Any]:
    """What the forest's empty slots take, for :func:`can_place`: the positions with an
    empty slot when the ruleset's slots only care about sides, else the empty slots'
    definitions (a few distinct :class:`~forestshuffle.layouts.SlotDef` values)."""
    if state.rules.plain_slots:
        return {p for p, n in state.forests[player].open.items() if n > 0}
    return {sd for sd, n in state.forests[player].open_defs.items() if n > 0}


def placements(
    state: GameState, player: int, card: int, flt: HalfFilter | None = None
) -> list[Place]:
    """Every legal placement of *card* in *player*'s forest (cost not considered)."""
    rules = state.rules
    hs = rules.halves[card]
    forest = state.forests[player]
    if hs[0].position is Position.CENTER:
        if flt is not None and not flt(hs[0]):
            return []
        n = len(forest.sites)
        return [rules.action(Place, 0, n, "center", label=f"plant {hs[0].name}")]
    out: list[Place] = []
    sharing = rules.sharing
    cache = rules._actions
    for hi, h in enumerate(hs):
        if flt is not None and not flt(h):
            continue
        pos = h.position
        shares = h.species in sharing
        plain = rules.plain_slots
        for si, site in enumerate(forest.sites):
            for sd in site.kind.slots:
                if pos not in sd.accepts:
                    continue
                if not plain and not sd.takes(pos, h.needs, h.tags):
                    continue
                cards = site.slots[sd.name]
                if cards:
                    if not shares:
                        continue
                    mx = sharing[h.species]
                    if mx is not None and len(cards) >= mx:
                        continue
                    where = forest.where
                    if any(
                        rules.halves[c][where[c][2]].species != h.species for c in cards
                    ):
                        continue
                key = (Place, hi, si, sd.name)
                act = cache.get(key)
                if act is None:
                    act = cache[key] = Place(hi, si, sd.name, label=f"put it at site {si}, "
                                             f"{sd.name}")
                out.append(act)
    return out


def can_place(
    state: GameState, player: int, card: int, budget: int, flt: HalfFilter | None = None,
    opens: set[Any] | None = None,
) -> bool:
    """Whether some half of *card* has a legal placement costing at most *budget*.

    *opens* is :func:`open_positions` of the player (computed if not given).
    """
    rules = state.rules
    hs = rules.halves[card]
    if hs[0].position is Position.CENTER:
        return hs[0].cost <= budget and (flt is None or flt(hs[0]))
    if opens is None:
        opens = open_positions(state, player)
    plain = rules.plain_slots
    for h in hs:
        if h.cost > budget or (flt is not None and not flt(h)):
            continue
        if plain:
            if h.position in opens:
                return True
        elif any(sd.takes(h.position, h.needs, h.tags) for sd in opens):
            return True
        if h.species in rules.sharing and any(
            True for _ in _shared_slots(state, player, h)
        ):
            return True
    return False


def _shared_slots(state: GameState, player: int, h: CompiledHalf) -> Any:
    forest = state.forests[player]
    rules = state.rules
    mx = rules.sharing[h.species]
    for site in forest.sites:
        for sd in site.kind.slots:
            if h.position not in sd.accepts:
                continue
            cards = site.slots[sd.name]
            if not rules.plain_slots and not sd.takes(h.position, h.needs, h.tags):
                continue
            if cards and (mx is None or len(cards) < mx) and all(
                rules.halves[c][forest.where[c][2]].species == h.species for c in cards
            ):
                yield sd.name


def bonus_earned(rules: Ruleset, symbol: str | None, paid: tuple[int, ...]) -> bool:
    """Every payment card shows *symbol* (either half of a split card counts); none paid: no."""
    if not paid or symbol is None:
        return False
    syms = rules.card_symbols
    return all(symbol in syms[c] for c in paid)


def play_events(
    state: GameState, player: int, card: int, half: int | None, site: int, slot: str,
    paid: tuple[int, ...], mode: str, out: Events, *, site_kind: str | None = None,
    source: str = "hand",
) -> None:
    """Events of a card being put into a forest, then its follow-up steps queued.

    Order after placing: the site's optional upgrade (a generic river), the reveal (a new
    site that reveals), triggers marked ``before_effects``, the card's effect, its bonus,
    then the other permanent triggers of the player's forest. In ``deferred`` mode (a Mole's
    further plays) the upgrade and reveal happen now and the rest waits after the Mole.
    The step being finished must be at the head of the queue (it is popped here).
    """
    rules = state.rules
    out.append(FINISHED)
    out.append(ev.CardPlayed(player, card, half, site, slot, paid, mode, site_kind, source))
    now: list[Step] = []
    later: list[Step] = []
    kind = None
    upgrade = False
    if slot == "center":
        if half is None:
            kind = rules.site_kinds[site_kind] if site_kind else rules.sapling_kind
        else:
            kind = rules.site_kinds[rules.halves[card][half].site_kind or ""]
        upgrade = bool(kind is not None and kind.upgrade and state.hands[player])
        if kind is not None and kind.reveals:
            now.append(Step("reveal", player))
    early, late = (trigger_steps(state, player, card, half, slot, kind)
                   if rules.has_triggers else ([], []))
    later.extend(early)
    if half is not None and mode != "free":
        h = rules.halves[card][half]
        sp = rules.species[h.species]
        if sp.effect:
            later.append(Step("offer", player, card, {"what": "effect", "half": half}))
        if sp.bonus and bonus_earned(rules, h.symbol, paid):
            later.append(Step("offer", player, card, {"what": "bonus", "half": half}))
    later.extend(late)
    if upgrade:
        assert kind is not None and kind.upgrade
        # the upgrade comes first; it records how many of the play's steps follow it, so
        # the triggers it fires take their places among them
        behind = len(later) if mode == "deferred" else len(now) + len(later)
        now.insert(0, Step("upgrade_site", player, card, {
            "site": site, "kind": kind.upgrade, "reveal": len(now),
            "after": behind if mode != "deferred" else len(now)}))
    if mode == "deferred":
        # queue after the Mole step (head once this step is finished)
        mole = state.queue[1]
        done = mole.args.get("deferred", 0)
        if later:
            out.append(ev.StepUpdated(mole.with_args(deferred=done + len(later))))
            out.append(ev.StepsQueued(tuple(later), 1 + done))
        if now:
            out.append(ev.StepsQueued(tuple(now), 0))
    else:
        now.extend(later)
        if now:
            out.append(ev.StepsQueued(tuple(now), 0))


def trigger_steps(
    state: GameState, player: int, card: int, half: int | None, slot: str,
    kind: SiteKind | None = None,
) -> tuple[list[Step], list[Step]]:
    """Steps for the permanent triggers of *player*'s forest that this play fires:
    (those that resolve before the played card's effects, those after)."""
    rules = state.rules
    forest = state.forests[player]
    early: list[Step] = []
    late: list[Step] = []
    turn = state.turn
    for c in forest.triggers:
        if c == card:
            continue
        hi = forest.where[c][2]
        for t in rules.triggers[rules.halves[c][hi].species]:
            if t.from_next_turn and forest.placed_turn[c] >= turn:
                continue
            if t.matches(state, player, card, half, slot, kind):
                (early if t.before_effects else late).append(
                    Step("trigger", player, c, {"index": t.index, "played": card}))
    return early, late


def pick_card(
    state: GameState, player: int, kind: str, prompt: str, cards: Any, verb: str,
    pass_label: str | None = None,
) -> Decision:
    """A decision to choose one of *cards* (each labelled ``verb`` with the card's name in
    place of ``{}``), or to pass when *pass_label* is given."""
    names = state.rules.card_names
    opts: list[Action] = [PickCard(c, label=verb.format(names[c])) for c in cards]
    if pass_label is not None:
        opts.append(Pass(label=pass_label))
    return Decision(player, kind, prompt, tuple(opts))


def effect_steps(rules: Ruleset, player: int, card: int, specs: Any) -> tuple[Step, ...]:
    """Steps for a card's effect specs."""
    return tuple(Step(s.kind, player, card, s.args) for s in specs)


def _names(rules: Ruleset, cards: Any) -> str:
    return ", ".join(rules.name_of(c) for c in cards)


# -- turn actions ---------------------------------------------------------------------------


class DrawAction(TurnAction):
    """Draw up to ``draws_per_turn`` cards, each from the deck or the clearing."""

    name = "draw"
    handles = (DrawFromDeck, DrawFromClearing)

    def options(self, state: GameState, player: int) -> list[Action]:
        """Deck and clearing draws, if the hand has room."""
        if len(state.hands[player]) >= state.rules.spec.hand_limit:
            return []
        return draw_options(state)

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Take one card, then queue the remaining draws."""
        out: Events = [FINISHED]
        if not take_one(state, step.player, action, out):
            return out
        left = state.rules.spec.draws_per_turn - 1
        room = state.rules.spec.hand_limit - len(state.hands[step.player]) - 1
        if min(left, room) > 0:
            out.append(ev.StepsQueued((Step("draw_more", step.player, -1,
                                             {"left": min(left, room)}),)))
        return out


def draw_options(state: GameState) -> list[Action]:
    """Draw from the deck (if it has cards) or take any clearing card."""
    rules = state.rules
    opts: list[Action] = []
    if state.deck:
        opts.append(rules.action(DrawFromDeck, label="draw from the deck"))
    take = rules.take_actions
    opts.extend(take[c] for c in sorted(state.clearing))
    return opts


def take_one(state: GameState, player: int, action: Action, out: Events) -> bool:
    """Events for one deck or clearing draw; False if the game ended."""
    if isinstance(action, DrawFromClearing):
        out.append(ev.CardTaken(player, action.card))
        return True
    return deck_take(state, 1, lambda c: ev.CardDrawn(player, c), out)


class PlayAction(TurnAction):
    """Play a hand card normally: choose it, then half and slot, then each payment card."""

    name = "play"
    handles = (PlayCard,)

    def options(self, state: GameState, player: int) -> list[Action]:
        """Every hand card with a legal placement it can pay for."""
        hand = state.hands[player]
        budget = len(hand) - 1
        opens = open_positions(state, player)
        rules = state.rules
        play = rules.play_actions
        return [
            play[c]
            for c in sorted(hand)
            if can_place(state, player, c, budget, None, opens)
        ]

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Queue the placement step."""
        assert isinstance(action, PlayCard)
        return [FINISHED, ev.StepsQueued(
            (Step("place", step.player, action.card, {"mode": "normal"}),))]


class SaplingAction(TurnAction):
    """Play any hand card face down as a sapling, for free."""

    name = "sapling"
    handles = (PlaySapling,)

    def options(self, state: GameState, player: int) -> list[Action]:
        """Every hand card."""
        rules = state.rules
        if rules.sapling_kind is None:
            return []
        sap = rules.sapling_actions
        return [sap[c] for c in sorted(state.hands[player])]

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """The sapling goes down; it reveals a card and fires triggers like a tree."""
        assert isinstance(action, PlaySapling)
        out: Events = []
        site = len(state.forests[step.player].sites)
        play_events(state, step.player, action.card, None, site, "center", (), "normal", out)
        return out


# -- step kinds -----------------------------------------------------------------------------


class TurnStep(StepKind):
    """A player's turn: asks for one turn action among the ruleset's turn actions."""

    name = "turn"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask the turn action."""
        opts: list[Action] = []
        for ta in state.rules.turn_actions:
            opts.extend(ta.options(state, step.player))
        if not opts:
            fallback = state.rules.spec.cannot_act
            if fallback:
                return [FINISHED, ev.StepsQueued((Step(fallback, step.player),))]
            return [FINISHED]
        return Decision(step.player, "turn", "choose a turn action", tuple(opts))

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Hand over to the turn action that offered it."""
        return state.rules.action_owner[type(action)].answer(state, step, action)


class DrawMoreStep(StepKind):
    """The remaining draws of a draw action."""

    name = "draw_more"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask where the next card comes from."""
        opts = draw_options(state)
        if not opts or len(state.hands[step.player]) >= state.rules.spec.hand_limit:
            return [FINISHED]
        return Decision(step.player, "draw", "draw another card", tuple(opts))

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Take it."""
        left = step.args["left"] - 1
        out: Events = [ev.StepUpdated(step.with_args(left=left)) if left > 0 else FINISHED]
        take_one(state, step.player, action, out)
        return out


class PlaceStep(StepKind):
    """Choose the half and slot of the card being played (``mode``: normal/free/deferred)."""

    name = "place"

    def _options(self, state: GameState, step: Step) -> list[Place]:
        mode = step.args["mode"]
        flt = half_filter(step.args.get("filter"))
        opts = placements(state, step.player, step.card, flt)
        if mode == "free":
            return opts
        budget = self._budget(state, step)
        halves = state.rules.halves[step.card]
        return [p for p in opts if halves[p.half].cost <= budget]

    @staticmethod
    def _budget(state: GameState, step: Step) -> int:
        pool = step.args.get("pool")
        hand = state.hands[step.player]
        if pool is None:
            return len(hand) - 1
        return sum(1 for c in hand if c in pool and c != step.card)

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """A tree goes to a new site without asking; a split card asks."""
        opts = self._options(state, step)
        if not opts:
            return [FINISHED]
        if opts[0].slot == "center":
            return self.answer(state, step, opts[0])
        return Decision(step.player, "place",
                        f"choose where {state.rules.name_of(step.card)} goes", tuple(opts))

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Pay next, or place at once when it costs nothing."""
        assert isinstance(action, Place)
        mode = step.args["mode"]
        cost = 0 if mode == "free" else state.rules.halves[step.card][action.half].cost
        out: Events = []
        if cost == 0:
            play_events(state, step.player, step.card, action.half, action.site, action.slot,
                        (), mode, out, source=step.args.get("source", "hand"))
            return out
        pay = Step("pay", step.player, step.card, {
            "mode": mode, "half": action.half, "site": action.site, "slot": action.slot,
            "owed": cost, "paid": (), "pool": step.args.get("pool"),
        })
        return [FINISHED, ev.StepsQueued((pay,))]


class PayStep(StepKind):
    """Choose payment cards one at a time (in increasing card order, so each set once)."""

    name = "pay"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask for the next payment card."""
        a = step.args
        paid = a["paid"]
        pool = a["pool"]
        last = paid[-1] if paid else -1
        cands = sorted(
            c for c in state.hands[step.player]
            if c != step.card and c > last and (pool is None or c in pool)
        )
        owed = a["owed"]
        usable = cands[: len(cands) - owed + 1] if len(cands) >= owed else []
        rules = state.rules
        pay = rules.pay_actions
        opts = tuple(pay[c] for c in usable)
        return Decision(step.player, "pay",
                        f"pay for {rules.name_of(step.card, a['half'])} ({owed} more)", opts)

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Record the card; the last one puts the played card down."""
        assert isinstance(action, PayWith)
        a = step.args
        paid = (*a["paid"], action.card)
        owed = a["owed"] - 1
        if owed > 0:
            return [ev.StepUpdated(step.with_args(paid=paid, owed=owed))]
        out: Events = []
        play_events(state, step.player, step.card, a["half"], a["site"], a["slot"], paid,
                    a["mode"], out)
        return out


#: cached prompts and options of offers, by (kind, species, what): (rules, prompt, options)
_PROMPTS: dict[tuple[str, str, str], tuple[Any, str, tuple[Action, ...]]] = {}


class OfferStep(StepKind):
    """Offer a played card's effect or bonus, which the player may use or decline."""

    name = "offer"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask: use it or not."""
        rules = state.rules
        what = step.args["what"]
        sid = rules.halves[step.card][step.args["half"]].species
        key = ("offer", sid, what)
        made = _PROMPTS.get(key)
        if made is None or made[0] is not rules:
            sp = rules.species[sid]
            specs = sp.effect if what == "effect" else sp.bonus
            desc = "; ".join(str(s) for s in specs)
            made = _PROMPTS[key] = (rules, f"use the {what} of {sp.name} ({desc})", (
                rules.action(Use, label=f"use the {what}"),
                rules.action(Pass, label=f"skip the {what}")))
        return Decision(step.player, what, made[1], made[2])

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Queue the effect's steps, or drop it."""
        if isinstance(action, Pass):
            return [FINISHED]
        rules = state.rules
        sp = rules.species[rules.halves[step.card][step.args["half"]].species]
        specs = sp.effect if step.args["what"] == "effect" else sp.bonus
        return [FINISHED, ev.StepsQueued(effect_steps(rules, step.player, step.card, specs))]


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
            return self.answer(state, step, Use())
        name = state.rules.name_of(step.card, state.forests[step.player].where[step.card][2])
        desc = "; ".join(str(s) for s in t.effect)
        return Decision(step.player, "trigger", f"use the trigger of {name} ({desc})", (
            Use(label=f"use {name}'s trigger"), Pass(label="skip the trigger")))

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Queue the trigger's effect, or drop it."""
        if isinstance(action, Pass):
            return [FINISHED]
        t = self._trigger(state, step)
        return [FINISHED, ev.StepsQueued(effect_steps(state.rules, step.player, step.card,
                                                       t.effect))]


class RevealStep(StepKind):
    """Reveal the top deck card into the clearing (after a tree or sapling)."""

    name = "reveal"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Reveal it (winter cards handled)."""
        out: Events = [FINISHED]
        deck_take(state, 1, ev.CardRevealed, out)
        return out


class EndTurnStep(StepKind):
    """End of a turn: empty a full clearing, check end conditions, start the next turn."""

    name = "end_turn"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Clearing check, then an extra turn or the next player."""
        rules = state.rules
        out: Events = [FINISHED]
        if len(state.clearing) >= rules.spec.clearing_limit:
            out.append(ev.ClearingEmptied(tuple(state.clearing)))
        for cond in rules.end_conditions:
            if cond.ended(state):
                out.append(ev.GameEnded(cond.name))
                return out
        p = state.current
        if step.player >= 0 and state.extra_turns[p] > 0:
            out.append(ev.TurnStarted(p, True))
        else:
            p = 0 if step.player < 0 else (p + 1) % state.players
            out.append(ev.TurnStarted(p, False))
        out.append(ev.StepsQueued((Step("turn", p), Step("end_turn", p))))
        return out


class DealStep(StepKind):
    """Set-up: every player draws the opening hand."""

    name = "deal"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Deal."""
        out: Events = [FINISHED]
        n = state.rules.spec.opening_hand
        players = state.players
        dealt = [0]

        def make(c: int) -> ev.Event:
            p = dealt[0] // n
            dealt[0] += 1
            return ev.CardDrawn(p, c)

        deck_take(state, n * players, make, out)
        return out


class MulliganStep(StepKind):
    """Set-up: a player whose opening hand holds no tree may redraw it once."""

    name = "mulligan"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask only when the hand has no tree."""
        rules = state.rules
        hand = state.hands[step.player]
        if any(rules.is_tree_card(c) for c in hand):
            return [FINISHED]
        return Decision(step.player, "mulligan", "keep this hand without a tree, or redraw", (
            KeepHand(label="keep the hand"), Redraw(label="return the hand and draw 6 new")))

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Redraw: the hand goes to the box, a new one is drawn."""
        if isinstance(action, KeepHand):
            return [FINISHED]
        hand = tuple(state.hands[step.player])
        out: Events = [FINISHED, ev.HandReturned(step.player, hand)]
        player = step.player
        deck_take(state, len(hand), lambda c: ev.CardDrawn(player, c), out)
        return out


# -- effect kinds (steps that cards may name) ---------------------------------------------


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
        from .scoring import count_value

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
    ``any_number`` lets the player go on until they pass."""

    name = "free_play"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """``filter`` (tag/species/tree), optional ``any_number``."""
        _check_keys(args, {"filter", "any_number"})
        check_filter(args.get("filter", {}), rules)

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
        place = Step("place", step.player, action.card,
                     {"mode": "free", "filter": step.args.get("filter")})
        if step.args.get("any_number"):
            return [ev.StepsQueued((place,))]
        return [FINISHED, ev.StepsQueued((place,))]


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
    cards held when this began; their effects, bonuses and triggers resolve afterwards,
    in the order played (the Mole)."""

    name = "play_further"
    card_effect = True

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """No arguments."""
        _check_keys(args, {"eligible", "deferred"})

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Remember the hand, then offer plays."""
        hand = state.hands[step.player]
        if "eligible" not in step.args:
            return [ev.StepUpdated(step.with_args(eligible=tuple(sorted(hand)), deferred=0))]
        pool = set(step.args["eligible"])
        mine = [c for c in sorted(hand) if c in pool]
        opens = open_positions(state, step.player)
        playable = [c for c in mine
                    if can_place(state, step.player, c, len(mine) - 1, None, opens)]
        return pick_card(state, step.player, "play_further",
                         "play a further card (paying its cost)", playable, "play {}",
                         "play nothing more")

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Play it (deferred), or finish so the deferred effects resolve."""
        if isinstance(action, Pass):
            return [FINISHED]
        assert isinstance(action, PickCard)
        return [ev.StepsQueued((Step("place", step.player, action.card, {
            "mode": "deferred", "pool": step.args["eligible"]}),))]


#: The core's step kinds, by name.
CORE_STEP_KINDS: tuple[StepKind, ...] = (
    TurnStep(), DrawMoreStep(), PlaceStep(), PayStep(), OfferStep(), TriggerStep(),
    RevealStep(), EndTurnStep(), DealStep(), MulliganStep(),
    DrawEffect(), DrawPerEffect(), ExtraTurnEffect(), FreePlayEffect(),
    CaveFromHandThenDrawEffect(), ClearingToCaveEffect(), PlayFurtherEffect(),
)

#: The core's turn actions, by name.
CORE_TURN_ACTIONS: tuple[TurnAction, ...] = (DrawAction(), PlayAction(), SaplingAction())
