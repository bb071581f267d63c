"""What a player knows of where the cards are (:class:`Knowledge`), their information-state
key (:func:`infostate_key`), and determinization (:class:`Determinizer`): a game consistent
with everything a player has seen, the cards they have not seen dealt anew.

**Seen cards.** A player has seen a card if it appeared, unredacted, in an event as that
player may know it (the redaction of :func:`forestshuffle.records.record.redacted`: their own draws,
everything face up, payments, the clearing, revealed hands; a plugin event as its
``seen_by(player)`` shows it), or among the options of their pending decision. A seen card
stays where it really is in every determinization. One approximation (documented in
DECISIONS.md): a card another player took face up and then may have hidden (they planted a
sapling, tucked or caved cards from a hand holding it) is *vague* to the player (the
information-state key says so) but is still kept where it is.

**Unseen cards** are permuted among the places that hold unseen cards: the deck, the other
players' hands and caves (the cards caved from their hands), the box, face-down cards of the
forests (a card another player is in the middle of playing, named by a queued step, stays,
and so do the cards paid for it so far; a sample whose hand can no longer pay the rest is
drawn again).
The places are taken in an order that depends only on what the player knows, so two games
the player cannot tell apart give the same sample for the same generator. Winter cards go
only where the deck builder can have put them: a deck builder named
in :data:`WINTER_LAYOUTS` says which deck positions may (and which must) hold one; for any
other deck builder the unseen winter cards keep their positions. The permutation is applied
to the state, the event log and the actions alike (card fields of events and actions, the
``card`` of steps and the step arguments named in :data:`CARD_ARGS` or a step kind's
``card_args``), so the determinized game refolds, saves and loads (as a scenario record,
``trust_setup=True``) like any game.

**A plugin's hidden state** (not cards: another player's secret goal, a face-down deck of
the plugin's own) is drawn anew by its state kind's ``resample`` (see
:meth:`forestshuffle.kinds.StateKind.resample`), which replaces events and actions; the state
is then refolded from the changed log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import Action, Decision, find_option
from forestshuffle.core.machine import advance, decide
from forestshuffle.core.state import GameState, evolve
from forestshuffle.core.views import PlayerView, view
from forestshuffle.errors import ArgumentError, ForestShuffleError, RecordError
from forestshuffle.search.copies import GameLike, clone, freeze
from forestshuffle.search.renaming import (
    card_fields,
    card_ints,
    mentions,
    rename_action,
    rename_event,
    rename_state,
)


def _fresh_state(rules: Any, players: int) -> GameState:
    return GameState(rules, players)

_CORE_EVENTS = frozenset(ev.EVENT_TYPES.values())


# -- what a player knows ----------------------------------------------------------------------


class Knowledge:
    """What *player* knows of the cards of *game*, read from its log: the cards they have
    seen (:attr:`seen`), and per other player the seen cards that may since have gone from
    that player's hand into a hidden place (:attr:`vague`)."""

    def __init__(self, game: GameLike, player: int) -> None:
        self.player = player
        log = _LogReader(game.players, player)
        for e in game.events:
            log.read(e)
        seen = log.seen
        pend = game.state.pending
        if pend is not None and not game.state.over and pend.player == player:
            for a in pend.options:
                seen.update(c for f in card_fields(type(a)) for c in card_ints(getattr(a, f)))
        #: every card the player has seen
        self.seen: frozenset[int] = frozenset(seen)
        #: per player, seen cards that player may have hidden since (empty for *player*)
        self.vague: tuple[frozenset[int], ...] = tuple(frozenset(v) for v in log.vague)


class _LogReader:
    """:class:`Knowledge` of player *p* as a log is read, event by event: the cards seen,
    and per player the seen cards held in hand (*held*) or maybe hidden since (*vague*)."""

    def __init__(self, n: int, p: int) -> None:
        self.p = p
        self.n = n
        self.seen: set[int] = set()
        self.held: list[set[int]] = [set() for _ in range(n)]
        self.vague: list[set[int]] = [set() for _ in range(n)]

    def hide(self, o: int) -> None:
        """*o* moved hidden cards out of a hand holding seen ones."""
        self.vague[o] |= self.held[o]
        self.held[o].clear()

    def show(self, cards: Iterable[int]) -> None:
        """*cards* are shown to everyone."""
        for c in cards:
            self.seen.add(c)
            for o in range(self.n):
                self.held[o].discard(c)
                self.vague[o].discard(c)

    def read(self, e: ev.Event) -> None:
        """What event *e* shows the player (a plugin's event: what its ``seen_by`` shows)."""
        t = type(e)
        fn = _READS.get(t)
        if fn is not None:
            fn(self, e)
        elif t not in _CORE_EVENTS:
            shown = e.seen_by(self.p)
            self.show(c for f in card_fields(type(shown)) for c in card_ints(getattr(shown, f)))


def _drawn(r: _LogReader, e: ev.CardDrawn) -> None:
    if e.player == r.p:
        r.seen.add(e.card)


def _taken(r: _LogReader, e: ev.CardTaken) -> None:
    r.seen.add(e.card)
    if e.player != r.p:
        r.held[e.player].add(e.card)


def _revealed(r: _LogReader, e: ev.CardRevealed | ev.WinterRevealed) -> None:
    r.seen.add(e.card)


def _played(r: _LogReader, e: ev.CardPlayed) -> None:
    r.show(e.paid)
    if e.player == r.p or e.half is not None or e.source == "clearing":
        r.show((e.card,))
    else:
        r.hide(e.player)


def _out_of_sight(r: _LogReader, player: int, cards: Iterable[int], public: bool) -> None:
    """*player* puts *cards* out of sight (under a site, into the cave): seen by the
    reader if they are the reader's or were in the open (*public*), else the reader loses
    track of the seen cards in that hand."""
    if player == r.p or public:
        r.seen.update(cards)
    else:
        r.hide(player)


def _upgraded(r: _LogReader, e: ev.SiteUpgraded) -> None:
    _out_of_sight(r, e.player, (e.card,), False)


def _caved(r: _LogReader, e: ev.CardsCaved) -> None:
    _out_of_sight(r, e.player, e.cards, e.source == "clearing")


def _returned(r: _LogReader, e: ev.HandReturned) -> None:
    if e.player == r.p:
        r.seen.update(e.cards)
    else:
        r.held[e.player].clear()


def _hand_shown(r: _LogReader, e: ev.HandRevealed) -> None:
    r.show(e.cards)
    if e.player != r.p:
        r.held[e.player] = set(e.cards)


def _emptied(r: _LogReader, e: ev.ClearingEmptied) -> None:
    r.seen.update(e.cards)


#: what each core event that moves cards shows the reader (the others show nothing)
_READS: dict[type[Any], Callable[[_LogReader, Any], None]] = {
    ev.CardDrawn: _drawn, ev.CardTaken: _taken, ev.CardRevealed: _revealed,
    ev.WinterRevealed: _revealed, ev.CardPlayed: _played, ev.SiteUpgraded: _upgraded,
    ev.CardsCaved: _caved, ev.HandReturned: _returned, ev.HandRevealed: _hand_shown,
    ev.ClearingEmptied: _emptied,
}


def face_down(state: GameState, player: int) -> list[int]:
    """The face-down cards of *player*'s forest (saplings, tucked cards)."""
    out: list[int] = []
    for s in state.forests[player].sites:
        if s.species is None:
            out.append(s.card)
        out.extend(s.under)
    return out


# -- the information-state key ----------------------------------------------------------------


def action_key(a: Action) -> tuple[Any, ...]:
    """An action as a plain tuple: its record type name and its compared fields."""
    cls = type(a)
    name = cls.type_name or cls.__name__
    return (name, *(freeze(getattr(a, f.name)) for f in attrs.fields(cls) if f.eq))


def view_key(v: PlayerView) -> tuple[Any, ...]:
    """Every field of a player's view as a plain tuple (the pending decision as its kind and
    options)."""
    forests = tuple(tuple((s.card, s.species, s.slots) for s in f.sites) for f in v.forests)
    pend = None if v.pending is None else (
        v.pending.player, v.pending.kind, tuple(action_key(a) for a in v.pending.options))
    return (v.player, v.hand, v.cave, v.clearing, forests, v.deck_size, v.hand_sizes,
            v.cave_sizes, v.winter_cards, v.current, v.is_over, pend, freeze(v.extensions))


def _zones(state: GameState) -> dict[int, str]:
    """Where each card of the state is: ``deck``, ``hand1``, ``forest0``..."""
    out: dict[int, str] = {}
    for zone, cards in state.zones().items():
        for c in cards:
            out[c] = zone
    return out


def infostate_key(game: GameLike, player: int) -> tuple[Any, ...]:
    """The information-state key of *player*: what they see now (every field of
    ``game.view(player)``, their pending decision's options included) and what they remember
    of the cards they cannot see now: each card they have seen that is now hidden, with
    where it is (``box``, ``hand1``, ``cave1``, ``forest1`` for a face-down card, ``deck``
    with its position) or ``vague1`` for a card another player may have hidden from a hand
    known to hold it. Equal for two games that differ only in what *player* cannot know
    (:func:`determinize` keeps it), different when they differ in what *player* sees or
    remembers. Not the order in which things happened. A plain tuple, like
    :func:`~forestshuffle.search.copies.state_key`."""
    state = game.state
    v = view(state, player)
    know = Knowledge(game, player)
    zones = _zones(state)
    shown = {*v.hand, *v.cave, *v.clearing, *v.winter_cards}
    for f in v.forests:
        for s in f.sites:
            shown.add(s.card)
            for _, cards in s.slots:
                shown.update(cards)
    memory = []
    for c in sorted(know.seen - shown):
        where = zones.get(c, "gone")
        for o, vague in enumerate(know.vague):
            if c in vague:
                where = f"vague{o}"
        if where == "deck":
            where = f"deck{state.deck.index(c)}"
        memory.append((c, where))
    return (player, view_key(v), tuple(memory))


# -- winter layouts ---------------------------------------------------------------------------

#: A deck layout: (deck built, deck now (top last), winter cards) -> (the deck indices that
#: may hold a winter card, those that must), or None when the deck does not follow it.
WinterLayout = Callable[[ev.DeckBuilt, Sequence[int], frozenset[int]],
                        tuple[set[int], set[int]] | None]


def _undrawn(built: ev.DeckBuilt, deck: Sequence[int]) -> bool:
    """Whether *deck* is the dealt deck less cards taken from its top (nothing put back)."""
    rev = built.order[::-1]
    return list(deck) == list(rev[: len(deck)])


def winter_in_last_third(built: ev.DeckBuilt, deck: Sequence[int],
                         winters: frozenset[int]) -> tuple[set[int], set[int]] | None:
    """The layout of ``winter_in_last_third``: the first winter card on top of the bottom
    pile, the others anywhere below it (the pile is the dealt deck's last part, from index
    ``2 * (non-winter cards // 3)``)."""
    if not _undrawn(built, deck):
        return None
    n = len(built.order)
    k = sum(1 for c in built.order if c in winters)
    if not k:
        return set(), set()
    start = 2 * ((n - k) // 3)  # index of the bottom pile's top card in the dealt order
    top = n - 1 - start  # the same position as a deck index (top card last)
    eligible = {j for j in range(len(deck)) if j <= top}
    return eligible, ({top} if top < len(deck) else set())


#: Deck builders whose winter positions determinization samples, by name. A deck builder
#: left out keeps the unseen winter cards where they are (exact for ``winter_at_bottom``).
WINTER_LAYOUTS: dict[str, WinterLayout] = {"winter_in_last_third": winter_in_last_third}


# -- determinization --------------------------------------------------------------------------


class Determinizer:
    """Samples games consistent with what *player* knows of *game* (see the module's
    docstring). Reading the log is done once, here; each :meth:`sample` then costs a state
    copy and the renaming of the events and actions that name unseen cards."""

    def __init__(self, game: GameLike, player: int) -> None:
        if type(player) is not int or not 0 <= player < game.players:
            raise ArgumentError(f"no player {player!r} in a {game.players}-player game")
        self.game = game
        self.player = player
        self.knowledge = Knowledge(game, player)
        state = game.state
        rules = game.rules
        hidden: list[int] = list(state.deck) + list(state.box)
        for o in range(game.players):
            hidden.extend(face_down(state, o))
            if o != player:
                hidden.extend(state.hands[o])
                hidden.extend(state.caves[o])
        # cards other players are playing or resolving right now (a pay step's card, and the
        # cards paid for it so far, in the increasing order the step asks them) stay: the
        # steps asked so far were asked for them
        busy = {st.card for st in state.queue if st.player != player}
        busy.update(c for st in state.queue if st.player != player
                    for c in st.args.get("paid", ()))
        seen = self.knowledge.seen
        unseen = frozenset(c for c in hidden if c not in seen and c not in busy)
        winters = frozenset(rules.winter_cards)
        deck_index = {c: j for j, c in enumerate(state.deck)}
        uw = sorted(c for c in unseen if c in winters)
        self._winters: list[int] = []
        self._eligible: list[int] = []
        self._forced: list[int] = []
        layout = WINTER_LAYOUTS.get(rules.spec.deck_builder)
        built = game.events[0] if game.events else None
        got = None
        if uw and layout is not None and isinstance(built, ev.DeckBuilt) and all(
                c in deck_index for c in uw):
            got = layout(built, state.deck, winters)
        if got is not None:
            eligible, forced = got
            free = {j for j in eligible if state.deck[j] in unseen}
            forced &= free
            if {deck_index[c] for c in uw} <= free and len(forced) <= len(uw):
                self._winters = uw
                self._forced = sorted(forced)
                self._eligible = sorted(free - forced)
        #: the cards that move: unseen, in a hidden place (unseen winter cards only where the
        #: deck builder's layout is known)
        self.unseen: frozenset[int] = unseen if self._winters else unseen - winters
        #: the unseen cards that are not winters, placed anew
        self._others = sorted(unseen - winters)
        u = self.unseen
        # the places of the moving cards in an order that depends only on what the player
        # knows (deck positions, the other hands and caves, the box, face-down cards), so
        # that two games the player cannot tell apart give the same samples
        places = [c for c in state.deck if c in u]
        for o in range(game.players):
            if o != player:
                places += [c for c in state.hands[o] if c in u]
                places += [c for c in state.caves[o] if c in u]
        places += [c for c in state.box if c in u]
        for o in range(game.players):
            places += [c for c in face_down(state, o) if c in u]
        self._places = places
        self._deck_pos = {j: i for i, j in enumerate(j for j, c in enumerate(state.deck)
                                                       if c in u)}
        self._events = [i for i, e in enumerate(game.events) if mentions(e, u, rules)]
        #: the log's index of the first turn's start (the set-up ends there), or None
        self._first_turn = next((i for i, e in enumerate(game.events)
                                 if isinstance(e, ev.TurnStarted)), None)
        ft = self._first_turn if self._first_turn is not None else len(game.events)
        #: the actions of the set-up (mulligans), whose offers depend on hidden hands
        self._setup_actions = [(a, at) for a, at in game.actions if at < ft]
        self._actions = [i for i, (a, _) in enumerate(game.actions)
                         if any(c in u for f in card_fields(type(a))
                                for c in card_ints(getattr(a, f)))]

    def permutation(self, rng: random.Random,
                    keep: frozenset[int] = frozenset()) -> dict[int, int]:
        """A random renaming of the unseen cards but *keep* (non-winter cards), as old card
        -> new card, changed ones only."""
        places = self._places
        new_at: dict[int, int] = {}  # place index -> the card it gets
        if self._winters:
            winters = list(self._winters)
            rng.shuffle(winters)
            k = len(self._forced)
            spots = self._forced + rng.sample(self._eligible, len(winters) - k)
            for j, w in zip(spots, winters, strict=True):
                new_at[self._deck_pos[j]] = w
        rest = [i for i, c in enumerate(places) if i not in new_at and c not in keep]
        cards = [c for c in self._others if c not in keep]
        rng.shuffle(cards)
        new_at.update(zip(rest, cards, strict=True))
        return {places[i]: c for i, c in new_at.items() if places[i] != c}

    def sample(self, rng: random.Random, *, exact: bool = False) -> Any:
        """A determinized game: a clone of the game with the unseen cards renamed by
        :meth:`permutation`, a fresh seed drawn from *rng* and origin ``"scenario"``.

        The renamed state must lead to the same decision (the same player, the same kind)
        as the real one, and the set-up must ask the same decisions (the player sees who is
        asked: a redraw is offered only for a hand without a tree); samples that do not are
        drawn again, up to :data:`TRIES` times, then up to :data:`MAX_TRIES` in all that need
        only lead to the same decision (ForestShuffleError if none does). Whether a sample fits
        depends only on the sample and what the player knows, never on the real hidden
        cards: two games the player cannot tell apart give the same samples for the same
        *rng*. Later offers that depended on another player's hidden hand (a free play
        offered only for a hand holding a bird) are not checked: the sample may not replay
        decision by decision, though its log refolds to its state. With *exact*, samples are
        drawn until the whole record replays (each costs a replay of the game;
        ForestShuffleError after :data:`TRIES`)."""
        if exact:
            return self._exact(rng)
        game = self.game
        pend = game.state.pending
        over = game.state.over
        who = pend.player if pend is not None and not over else None
        kind = pend.kind if pend is not None and not over else None
        for attempt in range(MAX_TRIES):
            sigma = self.permutation(rng)
            if attempt < TRIES and not self._setup_fits(sigma):
                continue
            state = rename_state(game.state.copy(), sigma, who)
            if state is not None and (kind is None or state.pending is None
                                      or state.pending.kind == kind):
                break
        else:
            raise ForestShuffleError(
                f"no determinization for player {self.player + 1} in {MAX_TRIES} samples "
                f"leads to the pending decision ({kind} of player "
                f"{who + 1 if who is not None else '-'})")
        new = clone(game, state=False)
        rules = game.rules
        new.seed = rng.randrange(2**63)
        new.origin = "scenario"
        new.__dict__["_saved"] = {}
        new.state = state
        events = new.events
        for i in self._events:
            events[i] = rename_event(events[i], sigma, rules)
        actions = new.actions
        for i in self._actions:
            a, at = actions[i]
            actions[i] = (rename_action(a, sigma, rules), at)
        if rules.state_kinds and not game.state.over:
            self._resample(new, rng, who)
        return new

    def _resample(self, new: Any, rng: random.Random, who: int | None) -> None:
        """The plugins' hidden state in *new* drawn anew: each state kind's
        ``resample`` replaces events and actions, and the state is refolded from the changed
        log (kept as it was unless that leads to a decision of *who*)."""
        events = list(new.events)
        actions = list(new.actions)
        changed = False
        for kind in new.rules.state_kinds:
            got = kind.resample(new.state.ext.get(kind.name), events, actions,
                                self.knowledge.player, rng)
            if got is None:
                continue
            for i, e in got.events.items():
                events[i] = e
                changed = True
            for j, a in got.actions.items():
                actions[j] = (a, actions[j][1])
        if not changed:
            return
        folded = _fresh_state(new.rules, new.players)
        for e in events:
            evolve(folded, e)
        state = rename_state(folded, {}, who)
        if state is None:  # pragma: no cover - a plugin's replacements must not change who acts
            return
        new.state = state
        new.events[:] = events
        new.actions[:] = actions


    def _setup_fits(self, sigma: dict[int, int]) -> bool:
        """Whether the set-up, its cards renamed by *sigma*, asks the same decisions (a
        redraw is offered only for an opening hand without a tree): its steps are run again
        and must make the renamed log's events, asking at each set-up action."""
        if not self._setup_actions or not sigma:
            return True
        game = self.game
        rules = game.rules
        log = game.events
        end = self._first_turn if self._first_turn is not None else len(log)
        renamed = {i: rename_event(log[i], sigma, rules) for i in self._events if i < end}
        s = _fresh_state(rules, game.players)
        for i in range(game.setup_events):
            evolve(s, renamed.get(i, log[i]))
        i = game.setup_events
        acts = self._setup_actions
        k = 0
        while i < end:
            res = advance(s)
            if isinstance(res, Decision):
                if k >= len(acts) or acts[k][1] != i:
                    return False
                a = find_option(res.options, acts[k][0])
                if a is None:
                    return False
                s.pending = res
                res = decide(s, a)
                k += 1
            for e in res:
                if i >= len(log) or e != renamed.get(i, log[i]):
                    return False
                evolve(s, e)
                i += 1
        return k == len(acts)


    def _exact(self, rng: random.Random) -> Any:
        game = self.game
        cls: Any = type(game)
        for _ in range(TRIES):
            new = self.sample(rng)
            try:
                cls.from_json(new.to_json(), rules=game.rules, trust_setup=True)
            except RecordError:
                continue
            return new
        raise ForestShuffleError(f"no determinization of {TRIES} replays decision by "
                                 "decision (the other players' offers tell too much of their "
                                 "hands); sample without exact=True")


#: Samples :meth:`Determinizer.sample` draws that must fit the set-up, then that must lead
#: to the pending decision only, up to :data:`MAX_TRIES` in all (an opponent's hand that
#: must hold no tree to be offered a redraw fits about one sample in 20 to 50).
TRIES = 32
MAX_TRIES = 2000


def determinize(game: GameLike, player: int, rng: random.Random) -> Any:
    """A game consistent with what *player* knows of *game*, the unseen cards dealt anew from
    *rng* (see :class:`Determinizer`; build one to sample many)."""
    return Determinizer(game, player).sample(rng)
