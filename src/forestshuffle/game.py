"""The :class:`Game`: a ruleset, its parameters and its event log, with the state
folded from the events."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from . import events as ev
from .decisions import Action, Decision
from .errors import IllegalActionError, PlayerCountError, RecordError
from .machine import advance, decide
from .plugins import get_ruleset
from .ruleset import Ruleset
from .scoring import Scores, final_scores
from .state import EVOLVE_TABLE, GameState, evolve
from .views import PlayerView, view


def default_names(players: int) -> list[str]:
    """``Player 1``, ``Player 2``..."""
    return [f"Player {i + 1}" for i in range(players)]


class Game:
    """A game of a ruleset: parameters, event log, and the current state.

    Create one with :func:`new_game`; answer :attr:`pending` with :meth:`apply`.
    """

    def __init__(self, rules: Ruleset, players: int, seed: int | None,
                 names: Sequence[str] | None = None) -> None:
        spec = rules.spec
        if not isinstance(players, int) or isinstance(players, bool):
            raise PlayerCountError(f"players must be a whole number, not {players!r}")
        if not spec.min_players <= players <= spec.max_players:
            raise PlayerCountError(
                f"ruleset {rules.id!r} is for {spec.min_players} to {spec.max_players} "
                f"players, not {players}")
        names = list(names) if names is not None else default_names(players)
        if len(names) != players or not all(isinstance(n, str) and n for n in names):
            raise PlayerCountError(f"expected {players} non-empty names, got {names!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.rules = rules
        self.players = players
        self.seed = seed
        self.names = names
        self.events: list[ev.Event] = []
        #: (action, index of its first event) for every applied action
        self.actions: list[tuple[Action, int]] = []
        self.setup_events = 0
        self._expect: Sequence[ev.Event] | None = None
        self.state = GameState(rules, players)

    # -- construction -----------------------------------------------------------------

    def _start(self) -> None:
        setup = self.rules.deck_builder.build(self.rules, self.players, random.Random(self.seed))
        self.setup_events = len(setup)
        self._run(setup)
        self._advance()

    def _run(self, events: Sequence[ev.Event]) -> None:
        state = self.state
        log = self.events
        expect = self._expect
        if expect is None:  # the hot path: evolve inlined
            table = EVOLVE_TABLE
            for e in events:
                fn = table.get(type(e))
                if fn is None:
                    e.apply(state)  # type: ignore[attr-defined]  # a plugin event
                else:
                    fn(state, e)
                state.nevents += 1
                log.append(e)
                if state.over:
                    break
            state.pending = None
            return
        for e in events:
            if expect is not None:
                i = len(log)
                if i >= len(expect) or expect[i] != e:
                    got = expect[i] if i < len(expect) else "the end of the log"
                    raise RecordError(f"the log does not follow from the game: expected {e!r}, "
                                      f"found {got!r}", index=i)
            evolve(state, e)
            log.append(e)
            if state.over:
                break

    def _advance(self) -> None:
        state = self.state
        while not state.over:
            if not state.queue:
                raise RuntimeError("the resolution queue ran empty")
            res = advance(state)
            if isinstance(res, Decision):
                state.pending = res
                return
            self._run(res)

    def _rebuild(self, upto: int) -> None:
        """Refold the first *upto* events into a new state."""
        del self.events[upto:]
        state = GameState(self.rules, self.players)
        for e in self.events:
            evolve(state, e)
        self.state = state
        if not state.over:
            res = advance(state)
            if not isinstance(res, Decision):  # pragma: no cover - logs end at decisions
                raise RuntimeError("a rebuilt state did not stop at a decision")
            state.pending = res

    # -- play --------------------------------------------------------------------------

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, or None when it is over."""
        return None if self.state.over else self.state.pending

    def legal_actions(self) -> list[Action]:
        """The actions that answer :attr:`pending` (empty when the game is over)."""
        p = self.pending
        return list(p.options) if p is not None else []

    def apply(self, action: Action, player: int | None = None) -> list[ev.Event]:
        """Answer the pending decision; returns the events it caused.

        Pass *player* to have the game check that the decision is that player's. Raises
        IllegalActionError, leaving the game unchanged, if *action* is not legal.
        """
        if player is not None and self.pending is not None and player != self.pending.player:
            raise IllegalActionError(f"it is not player {player}'s decision", self.pending)
        evs = decide(self.state, action)
        mark = len(self.events)
        try:
            self._run(evs)
            self._advance()
        except BaseException:
            self._rebuild(mark)
            raise
        self.actions.append((action, mark))
        return self.events[mark:]

    def apply_index(self, index: int) -> list[ev.Event]:
        """Apply the legal action at position *index* of :meth:`legal_actions`."""
        opts = self.legal_actions()
        if not isinstance(index, int) or not 0 <= index < len(opts):
            raise IllegalActionError(f"no legal action number {index!r}", self.pending)
        return self.apply(opts[index])

    def undo(self, n: int = 1) -> None:
        """Take back the last *n* actions (the state is refolded from the events)."""
        if not isinstance(n, int) or n < 0 or n > len(self.actions):
            raise ValueError(f"cannot undo {n!r} actions; {len(self.actions)} were applied")
        if n == 0:
            return
        mark = self.actions[-n][1]
        del self.actions[-n:]
        self._rebuild(mark)

    # -- results ----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.over

    @property
    def end_reason(self) -> str | None:
        """Why the game ended (``third_winter``...), or None."""
        return self.state.end_reason

    def scores(self) -> Scores:
        """Scores now (final once the game is over), with a per-card breakdown."""
        s = self.state
        return final_scores(self.rules, s.forests, [len(c) for c in s.caves], self.names)

    @property
    def winners(self) -> frozenset[int]:
        """The winners once the game is over (ties share the win); empty before."""
        return self.scores().winners if self.state.over else frozenset()

    def view(self, player: int) -> PlayerView:
        """What *player* may see."""
        return view(self.state, player)

    @property
    def current_player(self) -> int:
        """Whose turn it is."""
        return self.state.current

    def forest_document(self) -> dict[str, Any]:
        """The current forests as a forest document (see :mod:`forestshuffle.documents`)."""
        from .documents import forest_document

        return forest_document(self)

    # -- records -----------------------------------------------------------------------

    def to_json(self, *, indent: int | None = None) -> str:
        """The game as a versioned JSON record (see :mod:`forestshuffle.record`)."""
        from .record import dumps

        return dumps(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes, *, rules: Ruleset | None = None) -> Game:
        """Load a record; the game is replayed and checked event by event.

        Pass *rules* to load a game of a ruleset compiled outside the installed plugins.
        """
        from .record import loads

        return loads(text, rules=rules)

    def __repr__(self) -> str:
        status = "over" if self.is_over else str(self.pending)
        return (f"<Game {self.rules.id!r} players={self.players} seed={self.seed} "
                f"events={len(self.events)}: {status}>")


def new_game(ruleset: str | Ruleset = "base", players: int = 2, seed: int | None = None,
             names: Sequence[str] | None = None, overrides: Any = None) -> Game:
    """Start a game of *ruleset* (an installed ruleset's id, or a compiled
    :class:`~forestshuffle.ruleset.Ruleset`) for *players* players, shuffled from *seed*.

    *overrides* (a mapping, or a path to a TOML/JSON file) corrects card facts; see
    :mod:`forestshuffle.overrides`.
    """
    if isinstance(ruleset, Ruleset):
        if overrides is not None:
            raise TypeError("pass overrides with a ruleset id, not with a compiled Ruleset")
        rules = ruleset
    elif isinstance(ruleset, str):
        rules = get_ruleset(ruleset, overrides)
    else:
        raise TypeError(f"ruleset must be a ruleset id (str) or a Ruleset, not {ruleset!r}")
    game = Game(rules, players, seed, names)
    game._start()
    return game
