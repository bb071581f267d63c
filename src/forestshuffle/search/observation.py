"""Observations: a player's view as a fixed-shape numeric vector, for learning.

Built from :class:`~forestshuffle.core.views.PlayerView` (:func:`observe`), or read straight
from the state by :func:`observe_state`, which reads only what the view shows and gives the
same vector; either way it holds nothing the player may not see. One float32 vector per
(ruleset, player count) of :func:`observation_size` values, in three parts
(``docs/rl.md`` has the table; :func:`observation_layout` lists it):

1. **cards**: one row per card of the ruleset (card ids in increasing order) of ``4 + P``
   zeros and ones, ``P`` the ruleset's most players: in my hand, in my cave, in the
   clearing, a revealed winter card, then in the forest of the player ``r`` seats after me
   (``r = 0`` is my own), face up. Card-major: card ``i``'s row starts at ``i * (4 + P)``.
2. **seats**: per relative seat ``r`` (``0 .. P - 1``; zeros for seats the game does not
   have): hand size, cave size, face-up cards in the forest, sites, face-down sites, whether
   it is that player's turn.
3. **game**: deck size, revealed winter cards, whether an automated seat is taking its turn,
   whether the game is over, whether a decision of mine is pending.

Counts are raw numbers (not scaled). Plugins' parts of the view (``extensions``) are left
out. numpy is needed (``pip install forestshuffle[rl]``); it is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from forestshuffle.core import events as ev
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.core.views import PlayerView
from forestshuffle.errors import ArgumentError
from forestshuffle.safety import printable
from forestshuffle.search.codec import _numpy

if TYPE_CHECKING:
    from forestshuffle.core.state import GameState

#: per card: hand, cave, clearing, winter, then one forest per relative seat
CARD_PLANES = ("hand", "cave", "clearing", "winter")
#: per relative seat
SEAT_FEATURES = ("hand_size", "cave_size", "forest_cards", "sites", "face_down_sites",
                 "is_current")
#: the game's scalars
GAME_FEATURES = ("deck_size", "winter_revealed", "automaton_turn", "is_over", "my_decision")


class _Layout:
    def __init__(self, rules: Ruleset) -> None:
        self.cards = sorted(rules.cards)
        self.row = {c: i for i, c in enumerate(self.cards)}
        self.seats = rules.spec.max_players
        self.planes = len(CARD_PLANES) + self.seats
        self.seat_start = len(self.cards) * self.planes
        self.game_start = self.seat_start + self.seats * len(SEAT_FEATURES)
        self.size = self.game_start + len(GAME_FEATURES)
        #: per plane, each card's place in the vector
        self.places = tuple({c: i * self.planes + p for c, i in self.row.items()}
                            for p in range(self.planes))


def _layout(rules: Ruleset) -> _Layout:
    """The observation layout of *rules*, built once (kept in ``rules.derived``)."""
    lay: _Layout | None = rules.derived.get("observation")
    if lay is None:
        lay = rules.derived["observation"] = _Layout(rules)
    return lay


def observation_size(rules: Ruleset) -> int:
    """The length of an observation vector of *rules*."""
    return _layout(rules).size


def observation_layout(rules: Ruleset) -> list[tuple[str, int, int]]:
    """(part, first index, length) of each part of an observation of *rules*: ``cards``,
    then each seat's features (``seat0.hand_size``...: relative seat 0 is the observer),
    then each game feature."""
    lay = _layout(rules)
    out = [("cards", 0, lay.seat_start)]
    nf = len(SEAT_FEATURES)
    for r in range(lay.seats):
        for k, name in enumerate(SEAT_FEATURES):
            out.append((f"seat{r}.{name}", lay.seat_start + r * nf + k, 1))
    for k, name in enumerate(GAME_FEATURES):
        out.append((f"game.{name}", lay.game_start + k, 1))
    return out


def observe(rules: Ruleset, players: int, v: PlayerView) -> Any:
    """The observation vector of view *v* of a *players*-player game of *rules* (a numpy
    float32 array; see the module's docstring). Seat features are at
    ``seat_start + r * len(SEAT_FEATURES) + k``."""
    np = _numpy()
    if np is None:
        raise ImportError("observations need numpy: pip install 'forestshuffle[rl]'")
    lay = _layout(rules)
    if not 0 < players <= lay.seats:
        raise ArgumentError(f"a game of {rules.id!r} has 1 to {lay.seats} players, "
                            f"not {players}")
    out = np.zeros(lay.size, dtype=np.float32)
    row, planes = lay.row, lay.planes
    for plane, cards in enumerate((v.hand, v.cave, v.clearing, v.winter_cards)):
        for c in cards:
            out[row[c] * planes + plane] = 1.0
    me = v.player
    nf = len(SEAT_FEATURES)
    for seat in range(players):
        r = (seat - me) % players
        plane = len(CARD_PLANES) + r
        base = lay.seat_start + r * nf
        forest = v.forests[seat]
        face_up = 0
        down = 0
        for s in forest.sites:
            if s.species is None:
                down += 1
            else:
                out[row[s.card] * planes + plane] = 1.0
                face_up += 1
            for _, cards in s.slots:
                for c in cards:
                    out[row[c] * planes + plane] = 1.0
                    face_up += 1
        out[base] = v.hand_sizes[seat]
        out[base + 1] = v.cave_sizes[seat]
        out[base + 2] = face_up
        out[base + 3] = len(forest.sites)
        out[base + 4] = down
        out[base + 5] = 1.0 if v.current == seat else 0.0
    g = lay.game_start
    out[g] = v.deck_size
    out[g + 1] = len(v.winter_cards)
    out[g + 2] = 1.0 if v.current >= players else 0.0
    out[g + 3] = 1.0 if v.is_over else 0.0
    out[g + 4] = 1.0 if v.pending is not None else 0.0
    return out


def observe_state(state: GameState, player: int, parts: ForestParts | None = None) -> Any:
    """The observation vector of *player*'s view of *state*: what :func:`observe` makes of
    ``view(state, player)``, read straight from the state without building the view (it
    reads only what the view shows). ArgumentError unless *player* is a seat number (an
    int). *parts* keeps each forest's part between calls (see :class:`ForestParts`)."""
    np = _numpy()
    if np is None:
        raise ImportError("observations need numpy: pip install 'forestshuffle[rl]'")
    players = state.players
    if type(player) is not int or not 0 <= player < players:
        raise ArgumentError(f"no player {printable(repr(player))[:40]} in a "
                            f"{players}-player game (a seat number from 0 is needed)")
    lay = _layout(state.rules)
    if players > lay.seats:
        raise ArgumentError(f"a game of {state.rules.id!r} has 1 to {lay.seats} players, "
                            f"not {players}")
    at = lay.places
    ones = [at[0][c] for c in state.hands[player]]
    ones += [at[1][c] for c in state.caves[player]]
    ones += [at[2][c] for c in state.clearing]
    ones += [at[3][c] for c in state.winter]
    tail = [0.0] * (lay.size - lay.seat_start)  # the seats' and the game's features
    nf = len(SEAT_FEATURES)
    kept = parts.parts if parts is not None else None
    for seat in range(players):
        r = (seat - player) % players
        plane = len(CARD_PLANES) + r
        part = kept.get((seat, plane)) if kept is not None else None
        if part is None:
            part = _forest_part(state.forests[seat].sites, at[plane])
            if kept is not None:
                kept[seat, plane] = part
        ones += part[0]
        tail[r * nf:r * nf + nf] = (len(state.hands[seat]), len(state.caves[seat]),
                                    len(part[0]), part[1], part[2],
                                    1.0 if state.current == seat else 0.0)
    pend = state.pending
    g = lay.game_start - lay.seat_start
    tail[g:] = (len(state.deck), len(state.winter), 1.0 if state.current >= players else 0.0,
                1.0 if state.over else 0.0,
                1.0 if pend is not None and pend.player == player else 0.0)
    out = np.zeros(lay.size, dtype=np.float32)
    out.put(ones, 1.0)
    out[lay.seat_start:] = tail
    return out


#: a forest's part of an observation: the places of its face-up cards, its sites, its
#: face-down sites
Part = tuple[list[int], int, int]


def _forest_part(sites: Any, at: dict[int, int]) -> Part:
    """The places (*at*, by card) of a forest's face-up cards, its sites and its face-down
    sites."""
    ones: list[int] = []
    down = 0
    for s in sites:
        if s.species is None:
            down += 1
        else:
            ones.append(at[s.card])
        for cards in s.slots.values():
            if cards:
                ones.extend([at[c] for c in cards])
    return ones, len(sites), down


#: events that change no forest's sites (the core's; every other may)
_NO_SITES = frozenset({
    ev.DeckBuilt, ev.CardDrawn, ev.CardTaken, ev.CardRevealed, ev.WinterRevealed,
    ev.HandReturned, ev.TurnStarted, ev.HandRevealed, ev.ClearingEmptied, ev.ExtraTurnGranted,
    ev.StepsQueued, ev.StepsReplaced, ev.StepFinished, ev.StepUpdated, ev.GameEndScheduled,
    ev.GameEnded, ev.CardsCaved})


class ForestParts:
    """The forests' parts of a game's observations, kept between calls of
    :func:`observe_state`: call :meth:`sync` with the game's state and event log before
    each observation. A card played (``CardPlayed``) adds itself to its player's parts, as
    the core folds it (a new site, or a card in a slot); an event that changes no site
    keeps them; a site upgraded drops its player's parts, a plugin's event drops them all,
    and so do a new state object (an undo, another game) and a shorter log."""

    def __init__(self) -> None:
        #: by (seat, card plane): the forest's :data:`Part`
        self.parts: dict[tuple[int, int], Part] = {}
        self._state: GameState | None = None
        self._seen = 0

    def sync(self, state: GameState, events: list[ev.Event]) -> ForestParts:
        """Bring the parts up to the events folded since the last call; returns itself."""
        parts = self.parts
        if state is not self._state or len(events) < self._seen:
            parts.clear()
            self._state = state
        elif parts:
            for e in events[self._seen:]:
                t = type(e)
                if t in _NO_SITES:
                    continue
                if t is ev.CardPlayed:
                    self._played(state, e)  # type: ignore[arg-type]
                elif t is ev.SiteUpgraded:
                    for key in [k for k in parts if k[0] == e.player]:  # type: ignore[attr-defined]
                        del parts[key]
                else:
                    parts.clear()
                    break
        self._seen = len(events)
        return self

    def _played(self, state: GameState, e: ev.CardPlayed) -> None:
        """Add the card of *e* to its player's parts: a new site (face down for a sapling
        or a half without species) or a face-up card in a slot."""
        face_up = e.half is not None and (
            e.slot != "center" or state.rules.halves[e.card][e.half].species is not None)
        new_site = e.half is None or e.slot == "center"
        places = _layout(state.rules).places
        parts = self.parts
        for (seat, plane), (ones, sites, down) in list(parts.items()):
            if seat != e.player:
                continue
            if face_up:
                ones.append(places[plane][e.card])
            parts[seat, plane] = (ones, sites + new_site, down + (new_site and not face_up))
