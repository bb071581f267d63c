"""Turn kinds: the turn actions (draw, play, sapling) and the steps of a turn (the turn
decision, the remaining draws, the end of a turn, the "cannot act" fallback)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from forestshuffle.core import events as ev
from forestshuffle.core.cards import Position
from forestshuffle.core.decision import decision
from forestshuffle.core.decisions import (
    Action,
    Decision,
    DrawFromClearing,
    DrawFromDeck,
    Pass,
    PickCard,
    PlayCard,
    PlaySapling,
)
from forestshuffle.core.fastevents import (
    card_played,
    card_taken,
    drawn_by,
    replace_head_by,
    step_updated,
    turn_started,
)
from forestshuffle.core.forest import POSITION_BITS
from forestshuffle.core.rules import (
    FINISHED,
    Events,
    can_place,
    deck_take,
    draw_events,
    hand_room,
    open_positions,
    pick_card,
    play_events,
    replace_head,
)
from forestshuffle.core.state import evolve
from forestshuffle.core.steps import Step
from forestshuffle.kinds import StepKind, TurnAction

CENTER: Final = Position.CENTER

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState


class DrawAction(TurnAction):
    """Draw up to ``draws_per_turn`` cards, each from the deck or the clearing."""

    name = "draw"
    handles = (DrawFromDeck, DrawFromClearing)

    def options(self, state: GameState, player: int) -> list[Action]:
        """Deck and clearing draws, if the hand has room."""
        if hand_room(state, player) <= 0:
            return []
        return draw_options(state)

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Take one card, then queue the remaining draws."""
        player = step.player
        spec = state.rules.spec
        left = spec.draws_per_turn - 1
        if spec.draw_cap and spec.hand_limit - len(state.hands[player]) <= left:
            left = spec.hand_limit - len(state.hands[player]) - 1  # (hand_room - 1)
        out: Events = [replace_head_by("draw_more", player, -1, ("left", left))
                       if left > 0 else FINISHED]
        if isinstance(action, DrawFromClearing):  # one card from the clearing or the deck
            out.append(card_taken(player, action.card))
        else:
            deck_take(state, 1, drawn_by(player), out)
        return out


def draw_options(state: GameState) -> list[Action]:
    """Draw from the deck (if it has cards) or take any clearing card."""
    rules = state.rules
    opts: list[Action] = []
    if state.deck:
        opts.append(rules.draw_deck_action)
    if state.clearing:  # (a loop costs less than map for a few cards)
        take = rules.take_actions
        for c in sorted(state.clearing):
            opts.append(take[c])
    return opts


class PlayAction(TurnAction):
    """Play a hand card normally: choose it, then half and slot, then each payment card."""

    name = "play"
    handles = (PlayCard,)

    def options(self, state: GameState, player: int) -> list[Action]:
        """Every hand card with a legal placement it can pay for (where slots only care
        about sides, read off the ruleset's TurnTable as the core turn does)."""
        hand = state.hands[player]
        budget = len(hand) - 1
        rules = state.rules
        play = rules.play_actions
        if rules.plain_slots:
            opts: list[Action] = []
            _plays(state, player, sorted(hand), budget, opts)
            return opts
        opens = open_positions(state, player)
        return [
            play[c]
            for c in sorted(hand)
            if can_place(state, player, c, budget, None, opens)
        ]

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Queue the placement step; a site card, which the core's placement step places
        without asking (``steps:place`` in ``Ruleset.core_kinds``), is placed at once: the
        events of that step (its payment queued, or the card put down) in place of queueing
        it."""
        assert isinstance(action, PlayCard)
        queued = replace_head_by("place", step.player, action.card, ("mode", "normal"))
        rules = state.rules
        if "steps:place" in rules.core_kinds and rules.halves[action.card][0].position is CENTER:
            placed = rules.step_kinds["place"].run(state, queued.steps[0])  # type: ignore[attr-defined]
            if type(placed) is list:
                return placed
        return [queued]


class SaplingAction(TurnAction):
    """Play any hand card face down as a sapling, for free."""

    name = "sapling"
    handles = (PlaySapling,)
    raises = "saplings"

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
        play_events(state, card_played(step.player, action.card, None, site, "center", (),
                                       "normal", None, "hand"), out)
        return out


def generic_turn_options(state: GameState, player: int) -> list[Action]:
    """The options of *player*'s turn: those of every turn action of the ruleset, in order,
    but for the turn actions whose count reached the ruleset's ``limits``."""
    opts: list[Action] = []
    limits = state.rules.spec.limits
    for ta in state.rules.turn_actions:
        if limits and ta.raises in limits and \
                state.forests[player].count(ta.raises) >= limits[ta.raises]:
            continue
        opts.extend(ta.options(state, player))
    return opts


#: a cost above any budget
_NEVER: Final = 1 << 30


class TurnTable:
    """What :func:`core_turn_options` reads of a ruleset, worked out once per ruleset: per
    card, the lowest cost of a half that goes into an empty slot, by the positions with an
    empty slot (``Forest.open_mask``: the index); and the cards with a half that may also
    join an occupied slot (slot sharing), for which an empty slot is not the only way."""

    __slots__ = ("need", "sharers")

    def __init__(self, rules: Ruleset) -> None:
        masks = 1 << len(POSITION_BITS)
        self.need: dict[int, tuple[int, ...]] = {}
        sharers: set[int] = set()
        for c, hs in rules.halves.items():
            if not hs:
                continue
            if hs[0].position is CENTER:  # a site card: its cost alone (as the play rules)
                self.need[c] = (hs[0].cost,) * masks
                continue
            row = []
            for mask in range(masks):
                cost = _NEVER
                for h in hs:
                    if POSITION_BITS[h.position] & mask and h.cost < cost:
                        cost = h.cost
                row.append(cost)
            self.need[c] = tuple(row)
            if rules.site_sharing or any(h.species in rules.sharing for h in hs):
                sharers.add(c)
        self.sharers = frozenset(sharers)


def core_turn_options(state: GameState, player: int) -> list[Action]:
    """:func:`generic_turn_options` for a ruleset whose turn actions are the core's draw,
    play and sapling (``Ruleset.core_turn``), as :class:`TurnStep` builds them in one pass
    over the hand: the same options in the same order, which ``tests/test_fast_paths.py``
    checks against the generic builder."""
    res = TURN_STEPS[0].run(state, Step("turn", player))
    return list(res.options) if isinstance(res, Decision) else []


def _plays(state: GameState, player: int, cards: list[int], budget: int,
           opts: list[Action]) -> None:
    """Append to *opts* the ``PlayCard`` of each of *cards* (in order) that *player* can play
    for *budget* cards, in a ruleset whose slots only care about sides: one look-up in the
    ruleset's :class:`TurnTable` by the forest's ``open_mask``, but for a card that might
    join an occupied slot."""
    rules = state.rules
    table = rules.turn_table
    if table is None:
        table = rules.turn_table = TurnTable(rules)
    need = table.need
    sharers = table.sharers
    mask = state.forests[player].open_mask
    play = rules.play_actions
    for c in cards:
        if need[c][mask] <= budget or (c in sharers and can_place(
                state, player, c, budget, None, _NO_OPENS)):
            opts.append(play[c])


#: no empty slot: :func:`can_place` then looks at occupied slots only
_NO_OPENS: Final[set[Any]] = set()


class TurnStep(StepKind):
    """A player's turn: asks for one turn action among the ruleset's turn actions (those
    whose count reached the ruleset's ``limits`` left out)."""

    name = "turn"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask the turn action."""
        rules = state.rules
        player = step.player
        if rules.core_turn:
            # the core's draw, play and sapling in one pass over the hand (in that order,
            # slots that only care about sides, no limits): whether a card can be played is
            # one look-up in the ruleset's TurnTable by the forest's open_mask, but for a card
            # that might join an occupied slot
            hand = state.hands[player]
            opts: list[Action] = draw_options(state) if rules.spec.hand_limit > len(hand) \
                else []
            cards = sorted(hand)
            _plays(state, player, cards, len(hand) - 1, opts)
            if rules.sapling_kind is not None:
                sap = rules.sapling_actions
                for c in cards:
                    opts.append(sap[c])
        else:
            opts = generic_turn_options(state, player)
        if not opts:
            fallback = state.rules.spec.cannot_act
            if fallback:
                return [replace_head((Step(fallback, step.player),))]
            return [FINISHED]
        return decision(player, "turn", "choose a turn action", tuple(opts))

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Hand over to the turn action that offered it."""
        owner: TurnAction = state.rules.action_owner[type(action)]
        return owner.answer(state, step, action)


class DrawMoreStep(StepKind):
    """The remaining draws of a draw action."""

    name = "draw_more"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask where the next card comes from."""
        rules = state.rules
        spec = rules.spec
        if spec.draw_cap and spec.hand_limit <= len(state.hands[step.player]):
            return [FINISHED]  # (no hand_room)
        opts = draw_options(state)
        if not opts:
            return [FINISHED]
        return decision(step.player, "draw", "draw another card", tuple(opts))

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Take it."""
        left = step.args["left"] - 1
        out: Events = [step_updated(step.with_args(left=left)) if left > 0 else FINISHED]
        if isinstance(action, DrawFromClearing):  # one card from the clearing or the deck
            out.append(card_taken(step.player, action.card))
        else:
            deck_take(state, 1, drawn_by(step.player), out)
        return out


class EndTurnStep(StepKind):
    """End of a turn: first each player who may take one of the ruleset's declarations
    (an immediate win "at any time") is asked, from the current player on in seat order,
    once per turn's end, before anyone else acts; then empty a full clearing, end the game
    if it is over, else start the next turn: an extra turn of the same player, or the next
    seat's (players and automated seats in order)."""

    name = "end_turn"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Declarations, clearing check, end of the game, then an extra turn or the next
        seat."""
        rules = state.rules
        if rules.declarations:
            who = self._may_declare(state, step)
            if who is not None:
                # the declarations themselves are added as options (machine.with_declarations)
                return decision(who, "declare", "declare now, or let the game go on",
                                (rules.action(Pass, label="go on"),))
        out: Events | None = None
        if len(state.clearing) >= rules.spec.clearing_limit or rules.end_conditions \
                or state.end_scheduled is not None:
            out = self._ending(state, rules)
            if out and type(out[-1]) is ev.GameEnded:
                return out
        # TurnStarted finishes this step (GameEnded clears the queue)
        p = state.current
        player = step.player
        if 0 <= player < state.players and state.extra_turns[p] > 0:
            started = turn_started(p, True)
        else:
            started = turn_started(0 if player < 0 else (p + 1) % state.seats, False)
        if out:
            out.append(started)
            return out
        return [started]

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """The player asked goes on without declaring: ask the next one, or end the turn."""
        assert isinstance(action, Pass)
        who = self._may_declare(state, step)
        return [step_updated(step.with_args(asked=(*step.args.get("asked", ()), who)))]

    @staticmethod
    def _may_declare(state: GameState, step: Step) -> int | None:
        """The first player, from the current one on, not yet asked at this end of turn,
        who may take a declaration of the ruleset now (None: nobody)."""
        asked = step.args.get("asked", ())
        n = state.players
        first = state.current if 0 <= state.current < n else 0
        for i in range(n):
            p = (first + i) % n
            if p not in asked and any(d.available(state, p) for d in state.rules.declarations):
                return p
        return None

    @staticmethod
    def _ending(state: GameState, rules: Ruleset) -> Events:
        """A full clearing emptied, then the game's end if it is over (GameEnded last)."""
        out: Events = []
        after = state  # what the end conditions read: the state once the clearing is emptied
        if len(state.clearing) >= rules.spec.clearing_limit:
            emptied = ev.ClearingEmptied(tuple(state.clearing))
            out.append(emptied)
            if rules.end_conditions:
                after = evolve(state.copy(), emptied)
        if state.end_scheduled is not None:
            out.append(ev.GameEnded(state.end_scheduled))
            return out
        for cond in rules.end_conditions:
            if cond.ended(after):
                out.append(ev.GameEnded(cond.name))
                return out
        return out


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


#: The core's turn actions.
TURN_ACTIONS: tuple[TurnAction, ...] = (DrawAction(), PlayAction(), SaplingAction())

#: The step kinds of a turn.
TURN_STEPS: tuple[StepKind, ...] = (TurnStep(), DrawMoreStep(), EndTurnStep(),
                                    CaveAndRedrawStep())
