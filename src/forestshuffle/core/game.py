"""The :class:`Game`: a ruleset, its parameters and its event log, with the state
folded from the events."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from threading import get_ident
from typing import Any

import attrs

from forestshuffle.core import events as ev
from forestshuffle.core.deal import check_seed, default_names, derive_setup
from forestshuffle.core.decisions import Action, Decision
from forestshuffle.core.machine import advance, apply_answer, fold, resolve, run
from forestshuffle.core.outcome import Outcome, best, state_notes, termination_of, tie_values
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.core.scoring import Scores, final_scores, final_totals, with_state_scores
from forestshuffle.core.state import GameState, evolve
from forestshuffle.core.views import PlayerView, view
from forestshuffle.documents.export import document_of
from forestshuffle.errors import (
    ArgumentError,
    ConcurrentUseError,
    ForestShuffleError,
    IllegalActionError,
    PlayerCountError,
    RecordError,
)
from forestshuffle.plugins.manager import get_ruleset, plugin_failure
from forestshuffle.records import loading, record
from forestshuffle.records.canonical import load as canonical_load
from forestshuffle.records.trusted import load as trusted_load
from forestshuffle.safety import (
    check_name,
    printable,
    strict_equal,
    strict_int,
)
from forestshuffle.search import copies as search
from forestshuffle.search.codec import codec_of
from forestshuffle.search.determinize import Determinizer, infostate_key
from forestshuffle.search.observation import observe_state

#: Events whose fields hold step args (JSON values, where ``True == 1`` and ``1.0 == 1``):
#: compared strictly. The strict record converter gives every other field its exact type.
_LAX_EVENTS = (ev.StepsQueued, ev.StepsReplaced, ev.StepUpdated)

def _same_step_args(a: ev.Event, b: ev.Event) -> bool:
    """For two equal events of :data:`_LAX_EVENTS`: whether their steps' args also agree in
    the type of every value."""
    sa = a.steps if isinstance(a, ev.StepsQueued) else (a.step,)  # type: ignore[attr-defined]
    sb = b.steps if isinstance(b, ev.StepsQueued) else (b.step,)  # type: ignore[attr-defined]
    for x, y in zip(sa, sb, strict=True):
        for k, v in x.args.items():
            w = y.args[k]
            if type(v) is not type(w) or (type(v) in (tuple, dict) and not strict_equal(v, w)):
                return False
    return True


class Game:
    """A game of a ruleset: parameters, event log, and the current state.

    Create one with :func:`new_game`; answer :attr:`pending` with :meth:`apply`.

    A game is for one thread at a time: a call that changes it (:meth:`apply`,
    :meth:`undo`) while another thread is changing it raises
    :class:`~forestshuffle.errors.ConcurrentUseError` and changes nothing. Give each thread
    its own game (:meth:`clone`), or a lock of your own around a shared one.

    Attributes:
        rules: the compiled ruleset.
        players: the number of players.
        seed: the seed the deck was shuffled from. Not a secret (see the security page), but
            never shown in views or reprs: whoever knows it knows the whole deck.
        origin: ``"seed"`` (dealt from the seed) or ``"scenario"`` (set up from written
            events).
        names: the players' names, by seat.
        seat_names: every seat's name: the players', then the ruleset's automated seats'.
        events: the event log; the state is a fold of it.
        actions: ``(action, index of its first event)`` for every applied action.
        setup_events: how many events of the log are the set-up.
        state: the current state (read it; change it only through :meth:`apply`).
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
        if names is not None and (isinstance(names, str | bytes) or
                                  not isinstance(names, Sequence)):
            raise PlayerCountError(f"names must be a list of texts, not {type(names).__name__}")
        names = list(names) if names is not None else default_names(players)
        if len(names) != players:
            raise PlayerCountError(f"expected {players} names, got {len(names)}")
        for n in names:
            why = check_name(n)
            if why is not None:
                raise PlayerCountError(f"bad player name {n!r}: {why}")
        seed = random.SystemRandom().randrange(2**63) if seed is None else check_seed(seed)
        self.rules = rules
        self.players = players
        #: the seed the deck was shuffled from. Not a secret (see docs/security.md), but never
        #: shown in views or reprs: whoever knows it knows the whole deck.
        self.seed = seed
        #: ``"seed"`` (dealt from the seed) or ``"scenario"`` (set up from written events)
        self.origin = "seed"
        self.names = names
        #: every seat's name: the players', then the ruleset's automated seats'
        self.seat_names = [*names, *(a.name for a in rules.seats(players))]
        self.events: list[ev.Event] = []
        #: (action, index of its first event) for every applied action
        self.actions: list[tuple[Action, int]] = []
        self.setup_events = 0
        #: while a record loads: its events, by index (a list or a lazy converter)
        self._expect: Any = None
        self.state = GameState(rules, players)

    # -- construction -----------------------------------------------------------------

    def _start(self) -> None:
        setup = derive_setup(self.rules, self.players, self.seed)
        self.setup_events = len(setup)
        try:
            self._run(setup)
        except ForestShuffleError:
            raise
        except Exception as exc:
            raise plugin_failure(self.rules, exc,
                                 f"deck_builders:{self.rules.spec.deck_builder}") from exc
        self._advance()

    def _run(self, events: Sequence[ev.Event]) -> None:
        if self._expect is None:
            fold(self.state, events, self.events)
            return
        state = self.state
        log = self.events
        expect = self._expect
        loose = getattr(expect, "modulo_bookkeeping", False)
        for e in events:
            if loose:
                if type(e) in record.BOOKKEEPING:
                    evolve(state, e)
                    log.append(e)
                    continue
                i = expect.seen
                expect.seen += 1
            else:
                i = len(log)
            if i >= len(expect) or (not expect.exactly(i, e) and (expect[i] != e or (
                    type(e) in _LAX_EVENTS and not _same_step_args(expect[i], e)))):
                got = repr(expect[i]) if i < len(expect) else "the end of the log"
                raise RecordError(f"the log does not follow from the game: expected "
                                  f"{printable(repr(e))[:200]}, found "
                                  f"{printable(got)[:200]}", index=i)
            evolve(state, e)
            log.append(e)
            if state.over:
                break

    def _advance(self) -> None:
        """Resolve steps until a decision or the end (:func:`forestshuffle.core.machine.run`;
        while a record loads, each event is compared with the record's)."""
        run(self.state, self.events, None if self._expect is None else self._run)

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
        if player is not None:
            self._check_player(player, "player")
            if self.pending is not None and player != self.pending.player:
                raise IllegalActionError(
                    f"player={player} (player {player + 1}) does not decide now: "
                    f"{self.pending}", self.pending)
        mark = len(self.events)
        self._claim("apply")
        try:
            self._answer(resolve(self.state, action))  # the option, not the caller's object
        finally:
            self.__dict__.pop(_IN_USE, None)
        return self.events[mark:]

    def _claim(self, what: str) -> None:
        """Mark the game as being changed by this thread (the dict's ``setdefault`` is one
        step for other threads); ConcurrentUseError, nothing changed, if another thread is
        changing it."""
        me = get_ident()
        if self.__dict__.setdefault(_IN_USE, me) != me:
            raise ConcurrentUseError(f"{what}: another thread is changing this game (a Game is "
                                     "for one thread at a time)")

    def _answer(self, action: Action) -> None:
        """Apply *action*, an option of the pending decision (see :meth:`apply`;
        :func:`forestshuffle.core.machine.apply_answer`)."""
        apply_answer(self, action)

    def _check_player(self, player: Any, what: str) -> int:
        if not strict_int(player):
            raise ArgumentError(f"{what} must be a seat number (int), not "
                                f"{type(player).__name__} {player!r}")
        if not 0 <= player < self.players:
            raise ArgumentError(f"{what}={player}: a {self.players}-player game has seats 0 to "
                                f"{self.players - 1} (players 1 to {self.players})")
        return int(player)

    def apply_index(self, index: int) -> list[ev.Event]:
        """Apply the legal action at position *index* of :meth:`legal_actions`.

        IllegalActionError (the game unchanged) unless *index* is an int (a bool or float is
        not) numbering a legal action."""
        opts = self.legal_actions()
        if not strict_int(index) or not 0 <= index < len(opts):
            raise IllegalActionError(f"no legal action number {printable(repr(index))[:40]} "
                                     f"(a whole number from 0 to {len(opts) - 1})", self.pending)
        return self.apply(opts[index])

    def undo(self, n: int = 1) -> None:
        """Take back the last *n* actions, from the nearest saved state (see
        :mod:`forestshuffle.search.copies`: O(n) once a game has been undone once).

        ArgumentError (a ValueError) unless ``0 <= n <= len(game.actions)`` is an int."""
        if not strict_int(n) or n < 0 or n > len(self.actions):
            raise ArgumentError(f"cannot undo {n!r} actions; {len(self.actions)} were applied "
                                "(a whole number from 0 is needed)")
        if n == 0:
            return
        self._claim("undo")
        try:
            search.undo(self, n)
        finally:
            self.__dict__.pop(_IN_USE, None)

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
        """Scores now (final once the game is over), with a per-card breakdown and the lines
        the ruleset's state kinds score (``PlayerScore.extras``). Its ``winners`` are the
        players with the highest total, the ruleset's tie-breakers applied (see
        :meth:`outcome` for a win by rule)."""
        s = self.state
        sc = with_state_scores(
            final_scores(self.rules, s.forests, [len(c) for c in s.caves], self.names), s)
        if self.rules.spec.tie_breakers:
            sc = attrs.evolve(sc, winners=best(sc.totals, tie_values(s)))
        return sc

    @property
    def winners(self) -> frozenset[int]:
        """The winners once the game is over: the seats a rule names (a declared win), else
        the players with the highest total, tie-breakers applied; ties share the win.
        Empty before the end."""
        out = self.outcome()
        return out.winners if out is not None else frozenset()

    def outcome(self) -> Outcome | None:
        """How the game ended (:class:`~forestshuffle.core.outcome.Outcome`: the rule, the scores,
        the winners and the ruleset's notes), or None while it goes on."""
        s = self.state
        if not s.over:
            return None
        declared = bool(s.winners)
        how = termination_of(s.end_reason or "", declared), s.end_reason or ""
        if self.rules.state_kinds:  # lines a plugin's state scores, and its notes
            sc = self.scores()
            return Outcome(*how, sc.totals, frozenset(s.winners) if declared else sc.winners,
                           state_notes(s, sc))
        # the totals alone (no breakdown): searches and bots read outcomes by the thousand
        totals = final_totals(self.rules, s.forests, [len(c) for c in s.caves])
        winners = frozenset(s.winners) if declared else best(
            totals, tie_values(s) if self.rules.spec.tie_breakers else None)
        return Outcome(*how, totals, winners)

    def view(self, player: int) -> PlayerView:
        """What *player* may see (ArgumentError unless *player* is a seat number, an int)."""
        return view(self.state, self._check_player(player, "player"))

    @property
    def current_player(self) -> int:
        """Whose turn it is."""
        return self.state.current

    def forest_document(self, lang: str = "en") -> dict[str, Any]:
        """The current forests as a forest document (see :mod:`forestshuffle.documents.score`),
        naming cards and tree symbols in *lang* (``zh-Hans``, ``ja``...; it scores the same
        in every language)."""
        s = self.state
        return document_of(self.rules, self.names, [len(c) for c in s.caves], s.forests,
                           lang)

    # -- records -----------------------------------------------------------------------

    def to_json(self, *, indent: int | None = None) -> str:
        """The game as a versioned JSON record (see :mod:`forestshuffle.records.record`)."""
        return record.dumps(self, indent=indent)

    def redacted_record(self, player: int) -> dict[str, Any]:
        """The record as *player* may know it (see
        :func:`forestshuffle.records.record.redacted`)."""
        return record.redacted(self, self._check_player(player, "player"))

    @classmethod
    def from_json(cls, text: str | bytes, *, rules: Ruleset | None = None,
                  trust_setup: bool = False, trusted: bool = False) -> Game:
        """Load a record; the set-up is re-derived from the seed and the game is replayed and
        checked event by event.

        Pass *rules* to load a game of a ruleset compiled outside the installed plugins, and
        ``trust_setup=True`` to load a scenario game (a record with ``"origin":
        "scenario"``, whose set-up events were written, not dealt). ``trusted=True`` loads
        a record your own program wrote, several times faster, without re-deciding or
        checking it (see :mod:`forestshuffle.records.trusted`): never for records from elsewhere.
        """
        if trusted:
            game: Game = trusted_load(cls, text, rules)
            return game
        fast: Game | None = canonical_load(cls, text, rules)
        if fast is not None:
            return fast
        return cls._load(record.parse(text), rules, trust_setup, parsed=True)

    @classmethod
    def from_record(cls, data: Any, *, rules: Ruleset | None = None,
                    trust_setup: bool = False) -> Game:
        """Load a record already read from JSON (a dict), as :meth:`from_json` does."""
        return cls._load(data, rules, trust_setup)

    @classmethod
    def _load(cls, data: Any, rules: Ruleset | None, trust_setup: bool, *,
              parsed: bool = False) -> Game:
        game: Game = loading.load(cls, data, rules, trust_setup, parsed=parsed)
        return game

    def _repr_svg_(self) -> str:  # a notebook's picture of the position
        from forestshuffle.display.render import game_svg
        return game_svg(self)

    # -- search and learning (forestshuffle.search.copies, .determinize, .codec, .observation) ---

    def clone(self) -> Game:
        """An independent copy sharing the compiled ruleset (see
        :func:`forestshuffle.search.copies.clone`)."""
        return search.clone(self)

    def state_key(self) -> tuple[Any, ...]:
        """A hashable key of the position (see :func:`forestshuffle.search.copies.state_key`)."""
        return search.state_key(self)

    def infostate_key(self, player: int) -> tuple[Any, ...]:
        """*player*'s information-state key (see
        :func:`forestshuffle.search.determinize.infostate_key`)."""
        return infostate_key(self, self._check_player(player, "player"))

    def returns(self) -> tuple[float, ...]:
        """Per player, +1 / 0 / −1 against each other player, averaged (see
        :func:`forestshuffle.search.copies.returns`)."""
        return search.returns(self)

    def determinize(self, player: int, rng: random.Random | int | None = None, *,
                    exact: bool = False) -> Game:
        """A game consistent with what *player* knows, the unseen cards dealt anew (*rng*: a
        ``random.Random`` or a seed; *exact*: a sample whose record replays; see
        :meth:`forestshuffle.search.determinize.Determinizer.sample`)."""
        gen = rng if isinstance(rng, random.Random) else random.Random(rng)
        det: Game = Determinizer(self, self._check_player(player, "player")).sample(
            gen, exact=exact)
        return det

    @property
    def num_distinct_actions(self) -> int:
        """The size of the ruleset's action space (see :mod:`forestshuffle.search.codec`)."""
        return codec_of(self.rules).size

    def encode(self, action: Action) -> int:
        """The action's code, ``0 <= code < num_distinct_actions`` (CodecError if the
        ruleset's codec has no such action)."""
        return codec_of(self.rules).encode(action)

    def decode(self, code: int) -> Action:
        """The action of *code*: the pending decision's option when it is one, else a new
        action without label."""
        return codec_of(self.rules).decode(code, self.legal_actions())

    def legal_actions_mask(self) -> Any:
        """One bool per code, True for the legal actions (a numpy array when numpy is
        installed, else a list)."""
        return codec_of(self.rules).mask(self.legal_actions())

    def observation(self, player: int) -> Any:
        """*player*'s view as a fixed-shape numpy array (see
        :mod:`forestshuffle.search.observation`; needs numpy: ``pip install forestshuffle[rl]``),
        read straight from the state (what ``observe`` builds from :meth:`view`)."""
        return observe_state(self.state, self._check_player(player, "player"))

    def __getstate__(self) -> dict[str, Any]:
        """Pickled as its parameters, log and actions; the ruleset by id, options, expansions
        and overrides (see :func:`forestshuffle.search.copies.game_getstate`)."""
        return search.game_getstate(self)

    def __setstate__(self, data: dict[str, Any]) -> None:
        """Rebuilt from the installed plugins and its log."""
        search.game_setstate(self, data)

    def __repr__(self) -> str:
        status = "over" if self.is_over else str(self.pending)
        return (f"<Game {self.rules.id!r} players={self.players} "
                f"events={len(self.events)}: {status}>")


#: The attribute naming the thread changing a game (see ``Game._claim``).
_IN_USE = "_in_use"


def new_game(ruleset: str | Ruleset = "base", players: int = 2, seed: int | None = None,
             names: Sequence[str] | None = None, overrides: Any = None, *,
             options: Mapping[str, Any] | None = None,
             expansions: Sequence[str] = ()) -> Game:
    """Start a game of *ruleset* (an installed ruleset's id, or a compiled
    :class:`~forestshuffle.core.ruleset.Ruleset`) for *players* players, shuffled from *seed*.

    *options* set the ruleset's options (``forestshuffle rulesets`` lists them; an unknown
    name or a bad value raises :class:`~forestshuffle.errors.OptionError`); *expansions*
    add expansions the ruleset accepts (``["alpine", "woodland_edge"]``); *overrides* (a
    mapping, or a path to a TOML/JSON file) corrects card facts (see
    :mod:`forestshuffle.plugins.overrides`).
    """
    if isinstance(ruleset, Ruleset):
        if overrides is not None or options or expansions:
            raise TypeError("pass overrides, options and expansions with a ruleset id, not "
                            "with a compiled Ruleset")
        rules = ruleset
    elif isinstance(ruleset, str):
        rules = get_ruleset(ruleset, overrides, options=options, expansions=expansions)
    else:
        raise TypeError(f"ruleset must be a ruleset id (str) or a Ruleset, not {ruleset!r}")
    game = Game(rules, players, seed, names)
    game._start()
    return game
