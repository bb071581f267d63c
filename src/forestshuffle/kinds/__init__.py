"""The kinds plugins contribute: step (effect) kinds, trigger, scoring and count kinds,
turn actions, deck builders, end conditions, declarations and state kinds; and the base
class of a plugin's own events.

A kind is written once, tested once and documented once; card data only names kinds.
Each base class documents the contract. The core's own kinds live in this package by
family (:mod:`~forestshuffle.kinds.turn`, :mod:`~forestshuffle.kinds.play`,
:mod:`~forestshuffle.kinds.effects`, :mod:`~forestshuffle.kinds.setup`,
:mod:`~forestshuffle.kinds.triggers`) and register through the same hooks as any plugin
(:mod:`forestshuffle.builtin`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..decisions import Action, Decision
from ..events import Event
from ..steps import Step

if TYPE_CHECKING:
    from ..forest import Forest
    from ..ruleset import Ruleset
    from ..state import GameState


def check_args(
    args: Mapping[str, Any], required: set[str], optional: set[str] | frozenset[str] = frozenset(),
    ints: tuple[str, ...] = (),
) -> None:
    """Raise ValueError unless *args* holds every *required* key, nothing beyond *optional*,
    and whole numbers under *ints* (where present). For kinds' ``validate`` methods."""
    missing = required - set(args)
    if missing:
        raise ValueError(f"missing argument(s) {sorted(missing)}")
    extra = set(args) - required - set(optional)
    if extra:
        raise ValueError(f"unknown argument(s) {sorted(extra)}")
    for key in ints:
        v = args.get(key, 0)
        if not isinstance(v, int) or isinstance(v, bool):
            raise ValueError(f"{key!r} must be a whole number, not {v!r}")


class StepKind:
    """A kind of step in the resolution queue; also an *effect kind* when cards name it.

    ``run`` looks at the state and either returns the events that resolve the step
    (they must include :class:`~forestshuffle.events.StepFinished` or
    :class:`~forestshuffle.events.StepUpdated`, so the queue moves on) or the
    :class:`Decision` to ask. ``answer`` turns a legal option of that decision into
    events. Neither may mutate the state.
    """

    name: ClassVar[str] = ""
    #: Whether cards may name this kind as an effect, bonus or triggered effect.
    card_effect: ClassVar[bool] = False

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """Raise ValueError (naming the argument) if *args* are not valid for this kind."""

    def run(self, state: GameState, step: Step) -> Decision | list[Event]:
        """Resolve the head step, or say what to ask."""
        raise NotImplementedError

    def answer(self, state: GameState, step: Step, action: Action) -> list[Event]:
        """Events for a legal *action* answering this step's decision."""
        raise NotImplementedError(f"step kind {self.name!r} asks nothing")


class TriggerKind:
    """A permanent trigger: does it fire for a card just played?"""

    name: ClassVar[str] = ""

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """Raise ValueError if *args* are not valid."""

    def compile(self, args: Mapping[str, Any], rules: Ruleset) -> Callable[..., bool]:
        """A predicate ``(state, player, card, half_index, slot) -> bool``."""
        raise NotImplementedError


CardScorer = Callable[["ScoreContext", int], tuple[int, str]]
"""A compiled per-card scorer: (context, card) -> (points, reason)."""
GroupScorer = Callable[["ScoreContext", Sequence[int]], list[tuple[int, str]]]
"""A compiled group scorer: (context, cards of the group) -> one (points, reason) per card."""


class ScoringKind:
    """A way a card scores. ``group_key`` non-None makes it score a group of cards at once."""

    name: ClassVar[str] = ""

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """Raise ValueError if *args* are not valid."""

    def group_key(self, args: Mapping[str, Any], species: str) -> str | None:
        """Cards whose specs give the same key are scored together (sets); None: alone."""
        return None

    def compile(
        self, args: Mapping[str, Any], species: str, rules: Ruleset
    ) -> CardScorer | GroupScorer:
        """The scorer (a group scorer when ``group_key`` is not None)."""
        raise NotImplementedError


class CountKind:
    """A countable quantity of a forest, named ``kind`` or ``kind:arg`` in card data.

    The core's counts are maintained counters (see :mod:`forestshuffle.forest`);
    a plugin kind computes its value from the forest.
    """

    name: ClassVar[str] = ""
    takes_arg: ClassVar[bool] = True

    def validate_arg(self, arg: str, rules: Ruleset) -> None:
        """Raise ValueError if *arg* is not valid."""

    #: True for a count of the whole game state rather than of a forest (``hand``): only
    #: tie-breakers and other rules that see the state may name it, not card scoring.
    needs_state: ClassVar[bool] = False

    def value(self, forest: Forest, arg: str) -> int:
        """The count in *forest* (the default reads the maintained counter)."""
        return forest.counts.get(f"{self.name}:{arg}" if self.takes_arg else self.name, 0)

    def player_value(self, state: GameState, player: int, arg: str) -> int:
        """The count for *player* in a game (the default: :meth:`value` of their forest)."""
        return self.value(state.forests[player], arg)


class TurnAction:
    """One kind of turn action (draw, play, sapling...): its options and its answers."""

    name: ClassVar[str] = ""
    #: Action classes this turn action answers.
    handles: ClassVar[tuple[type[Action], ...]] = ()
    #: The forest count this action raises (``saplings``), so a ruleset's ``limits`` can
    #: stop offering it once a player has reached the limit; None if it raises none.
    raises: ClassVar[str | None] = None

    def options(self, state: GameState, player: int) -> list[Action]:
        """The options it offers at the start of *player*'s turn."""
        raise NotImplementedError

    def answer(self, state: GameState, step: Step, action: Action) -> list[Event]:
        """Events for one of its options (the turn step still at the head of the queue)."""
        raise NotImplementedError


class DeckBuilder:
    """Builds the dealt deck at set-up from a seeded generator."""

    name: ClassVar[str] = ""

    def build(self, rules: Ruleset, players: int, rng: random.Random) -> list[Event]:
        """The set-up events (normally one DeckBuilt)."""
        raise NotImplementedError


class EndCondition:
    """A rule that ends the game, checked at the end of every turn (its ``name`` is the
    game's end reason)."""

    name: ClassVar[str] = ""

    def ended(self, state: GameState) -> bool:
        """True if the game is over now."""
        return False


class DeclarationKind:
    """Something a player may declare at any of their decisions while a condition holds
    (declare an immediate win...): offered as a :class:`~forestshuffle.decisions.Declare`
    option besides the decision's own options, and answered here instead of by the step."""

    name: ClassVar[str] = ""
    #: The option's label for people.
    label: ClassVar[str] = ""

    def available(self, state: GameState, player: int) -> bool:
        """Whether *player* may declare it now."""
        return False

    def declare(self, state: GameState, player: int) -> list[Event]:
        """The events of *player* declaring it (the state untouched)."""
        raise NotImplementedError


class StateKind:
    """A part of the game state a plugin owns, kept in ``state.ext[name]``.

    Its value must be immutable (ints, strings, tuples, frozen attrs objects...): the plugin's
    events replace it (``state.ext[name] = new``), never change it in place, so copies of a
    state share it safely and compare by value.
    """

    name: ClassVar[str] = ""

    def initial(self, rules: Ruleset, players: int) -> Any:
        """The value at the start of a game."""
        return None

    def view(self, value: Any, state: GameState, player: int) -> Any:
        """What *player* may see of it, as JSON-like data (the default: all of it)."""
        return value


class PluginEvent(Event):
    """Base class of the events a plugin contributes (``forestshuffle_event_types``).

    A plugin event is a frozen attrs class whose fields are JSON-like values (ints, strings,
    bools, tuples of them). ``type_name`` is its tag in records: dotted and unique, such as
    ``"house001.CardsDiscarded"``; a record holding it loads only where the plugin is
    installed. :meth:`apply` folds it into the state (the plugin's part of ``evolve``: it
    trusts its input and never validates). Plugin-owned state lives in ``state.ext`` (see
    :class:`StateKind`). What each player may know of it: :meth:`seen_by` (all of it unless
    the plugin says otherwise).
    """

    __slots__ = ()

    def apply(self, state: GameState) -> None:
        """Fold this event into *state* (in place)."""
        raise NotImplementedError(f"{type(self).__name__} does not say how it changes a state")


class ScoreContext:
    """What a scorer may read: the forest being scored and every forest (for majorities)."""

    __slots__ = ("forest", "forests", "player", "rules")

    def __init__(self, rules: Ruleset, forests: Sequence[Forest], player: int) -> None:
        self.rules = rules
        self.forests = forests
        self.player = player
        self.forest = forests[player]
