"""The game state and :func:`evolve`, which folds one event into it.

``evolve`` trusts its input, like python-chess's ``push``: it applies and never
validates. Validation is :func:`forestshuffle.core.machine.decide`'s job. For speed the
state is mutated in place; :meth:`GameState.copy` gives an independent snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from forestshuffle.core import events as ev
from forestshuffle.core.forest import Forest
from forestshuffle.core.steps import Step

if TYPE_CHECKING:
    from forestshuffle.core.decisions import Decision
    from forestshuffle.core.ruleset import Ruleset


class GameState:
    """Everything about a game at one moment. Card zones are lists of card ids.

    ``deck`` has its top card at the *end* of the list. Seats ``0 .. players - 1`` are the
    players (with hands, caves and forests); a ruleset's automated seats follow them
    (``players .. seats - 1``), taking turns but holding no cards. ``ext`` holds the state
    plugins own (see :class:`~forestshuffle.kinds.StateKind`), immutable values by name.
    """

    __slots__ = (
        "box",
        "caves",
        "clearing",
        "current",
        "deck",
        "end_reason",
        "end_scheduled",
        "ext",
        "extra_turns",
        "forests",
        "hands",
        "nevents",
        "over",
        "pending",
        "players",
        "queue",
        "rules",
        "seats",
        "turn",
        "turn_queues",
        "winners",
        "winter",
    )

    def __init__(self, rules: Ruleset, players: int, source: GameState | None = None) -> None:
        if source is not None:  # copy()
            self._copy_from(source)
            return
        self.rules = rules
        self.players = players
        self.seats = players + len(rules.seats(players))
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.clearing: list[int] = []
        self.caves: list[list[int]] = [[] for _ in range(players)]
        self.winter: list[int] = []
        self.box: list[int] = []
        self.forests: list[Forest] = [Forest() for _ in range(players)]
        self.queue: list[Step] = []
        self.current = 0
        self.turn = 0
        self.extra_turns = [0] * players
        self.over = False
        self.end_reason: str | None = None
        #: why the game ends once the current turn is finished, if it does
        self.end_scheduled: str | None = None
        #: seats that won by a rule (an immediate win), whatever the scores; empty if none
        self.winners: tuple[int, ...] = ()
        self.ext: dict[str, Any] = {k.name: k.initial(rules, players) for k in rules.state_kinds}
        self.pending: Decision | None = None  #: cache, set by the engine
        self.nevents = 0
        #: by seat, the steps a turn of it queues (``Ruleset.turn_queue``, shared and frozen)
        self.turn_queues: list[tuple[Step, ...]] = [
            rules.turn_queue(seat, players) for seat in range(self.seats)]

    def _copy_from(self, s: GameState) -> None:
        self.rules = s.rules
        self.players = s.players
        self.seats = s.seats
        self.deck = list(s.deck)
        self.hands = [list(h) for h in s.hands]
        self.clearing = list(s.clearing)
        self.caves = [list(c) for c in s.caves]
        self.winter = list(s.winter)
        self.box = list(s.box)
        self.forests = [f.copy() for f in s.forests]
        self.queue = list(s.queue)
        self.current = s.current
        self.turn = s.turn
        self.extra_turns = list(s.extra_turns)
        self.over = s.over
        self.end_reason = s.end_reason
        self.end_scheduled = s.end_scheduled
        self.winners = s.winners
        self.ext = dict(s.ext)
        self.pending = s.pending
        self.nevents = s.nevents
        self.turn_queues = s.turn_queues

    def copy(self) -> GameState:
        """An independent copy (card data is shared, being frozen)."""
        return GameState(self.rules, self.players, self)

    def snapshot(self) -> tuple[Any, ...]:
        """A comparable value of the whole state (for tests: replay, undo, load)."""
        return (
            tuple(self.deck),
            tuple(tuple(h) for h in self.hands),
            tuple(self.clearing),
            tuple(tuple(c) for c in self.caves),
            tuple(self.winter),
            tuple(self.box),
            tuple(f.snapshot() for f in self.forests),
            tuple(self.queue),
            self.current,
            self.turn,
            tuple(self.extra_turns),
            self.over,
            self.end_reason,
            self.end_scheduled,
            self.winners,
            tuple(sorted(self.ext.items())),
            self.nevents,
        )

    def zones(self) -> dict[str, list[int]]:
        """Every card of the game by where it is (for conservation checks)."""
        z: dict[str, list[int]] = {
            "deck": list(self.deck),
            "clearing": list(self.clearing),
            "winter": list(self.winter),
            "box": list(self.box),
        }
        for p in range(self.players):
            z[f"hand{p}"] = list(self.hands[p])
            z[f"cave{p}"] = list(self.caves[p])
            z[f"forest{p}"] = self.forests[p].cards()
        return z


def _deck_built(s: GameState, e: ev.DeckBuilt) -> None:
    s.deck = list(reversed(e.order))
    s.box.extend(e.boxed)


def _card_drawn(s: GameState, e: ev.CardDrawn) -> None:
    s.hands[e.player].append(s.deck.pop())


def _card_taken(s: GameState, e: ev.CardTaken) -> None:
    s.clearing.remove(e.card)
    s.hands[e.player].append(e.card)


def _card_revealed(s: GameState, e: ev.CardRevealed) -> None:
    s.clearing.append(s.deck.pop())


def _winter_revealed(s: GameState, e: ev.WinterRevealed) -> None:
    s.winter.append(s.deck.pop())


def _hand_returned(s: GameState, e: ev.HandReturned) -> None:
    hand = s.hands[e.player]
    for c in e.cards:
        hand.remove(c)
    s.box.extend(e.cards)


def _turn_started(s: GameState, e: ev.TurnStarted) -> None:
    s.current = e.player
    s.turn += 1
    if e.extra:
        s.extra_turns[e.player] -= 1
    q = s.queue
    q[0:1 if q else 0] = s.turn_queues[e.player]


def _card_played(s: GameState, e: ev.CardPlayed) -> None:
    rules = s.rules
    hand = s.hands[e.player]
    if e.source == "clearing":
        s.clearing.remove(e.card)
    else:
        hand.remove(e.card)
    for c in e.paid:
        hand.remove(c)
    s.clearing.extend(e.paid)
    forest = s.forests[e.player]
    if e.half is None:
        kind = rules.site_kinds[e.site_kind] if e.site_kind else rules.sapling_kind
        forest.open_site(e.card, None, kind, rules, s.turn)  # type: ignore[arg-type]
        return
    h = rules.halves[e.card][e.half]
    if e.slot == "center":
        forest.open_site(e.card, h, rules.site_kinds[h.site_kind or ""], rules, s.turn)
    else:
        forest.attach(e.card, e.half, h, e.site, e.slot, rules, s.turn)


def _site_upgraded(s: GameState, e: ev.SiteUpgraded) -> None:
    s.hands[e.player].remove(e.card)
    s.forests[e.player].upgrade_site(e.site, e.card, s.rules.site_kinds[e.kind], s.turn)


def _hand_revealed(s: GameState, e: ev.HandRevealed) -> None:
    pass


def _cards_caved(s: GameState, e: ev.CardsCaved) -> None:
    src = s.hands[e.player] if e.source == "hand" else s.clearing
    for c in e.cards:
        src.remove(c)
    s.caves[e.player].extend(e.cards)
    s.forests[e.player]._inc("cave", len(e.cards))


def _clearing_emptied(s: GameState, e: ev.ClearingEmptied) -> None:
    s.box.extend(s.clearing)
    s.clearing.clear()


def _extra_turn(s: GameState, e: ev.ExtraTurnGranted) -> None:
    s.extra_turns[e.player] += 1


def _steps_queued(s: GameState, e: ev.StepsQueued) -> None:
    s.queue[e.at : e.at] = e.steps


def _steps_replaced(s: GameState, e: ev.StepsReplaced) -> None:
    s.queue[0:1] = e.steps


def _step_finished(s: GameState, e: ev.StepFinished) -> None:
    del s.queue[0]


def _step_updated(s: GameState, e: ev.StepUpdated) -> None:
    s.queue[0] = e.step


def _game_end_scheduled(s: GameState, e: ev.GameEndScheduled) -> None:
    if s.end_scheduled is None:
        s.end_scheduled = e.reason


def _game_ended(s: GameState, e: ev.GameEnded) -> None:
    s.over = True
    s.end_reason = e.reason
    s.winners = e.winners
    s.queue.clear()


_EVOLVE: Final[dict[type[Any], Callable[[GameState, Any], None]]] = {
    ev.DeckBuilt: _deck_built,
    ev.CardDrawn: _card_drawn,
    ev.CardTaken: _card_taken,
    ev.CardRevealed: _card_revealed,
    ev.WinterRevealed: _winter_revealed,
    ev.HandReturned: _hand_returned,
    ev.TurnStarted: _turn_started,
    ev.CardPlayed: _card_played,
    ev.SiteUpgraded: _site_upgraded,
    ev.HandRevealed: _hand_revealed,
    ev.CardsCaved: _cards_caved,
    ev.ClearingEmptied: _clearing_emptied,
    ev.ExtraTurnGranted: _extra_turn,
    ev.StepsQueued: _steps_queued,
    ev.StepsReplaced: _steps_replaced,
    ev.StepFinished: _step_finished,
    ev.StepUpdated: _step_updated,
    ev.GameEndScheduled: _game_end_scheduled,
    ev.GameEnded: _game_ended,
}


def evolve(state: GameState, event: ev.Event) -> GameState:
    """Apply *event* to *state* (in place) and return it. Never validates.

    A plugin event (:class:`~forestshuffle.kinds.PluginEvent`) applies itself."""
    fn = _EVOLVE.get(type(event))
    if fn is None:
        event.apply(state)  # type: ignore[attr-defined]
    else:
        fn(state, event)
    state.nevents += 1
    state.pending = None
    return state
