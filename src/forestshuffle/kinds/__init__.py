"""The kinds plugins contribute: step (effect) kinds, trigger, scoring and count kinds,
turn actions, deck builders and end conditions.

A kind is written once, tested once and documented once; card data only names kinds.
Each base class documents the contract; the core's own kinds live in
:mod:`forestshuffle.builtin` and register through the same hooks as any plugin.
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


#: A compiled per-card scorer: (context, card) -> (points, reason).
CardScorer = Callable[["ScoreContext", int], tuple[int, str]]
#: A compiled group scorer: (context, cards of the group) -> one (points, reason) per card.
GroupScorer = Callable[["ScoreContext", Sequence[int]], list[tuple[int, str]]]


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

    def value(self, forest: Forest, arg: str) -> int:
        """The count in *forest* (the default reads the maintained counter)."""
        return forest.counts.get(f"{self.name}:{arg}" if self.takes_arg else self.name, 0)


class TurnAction:
    """One kind of turn action (draw, play, sapling...): its options and its answers."""

    name: ClassVar[str] = ""
    #: Action classes this turn action answers.
    handles: ClassVar[tuple[type[Action], ...]] = ()

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
    """A rule that ends the game, checked at the end of every turn."""

    name: ClassVar[str] = ""

    def ended(self, state: GameState) -> bool:
        """True if the game is over now."""
        return False


class ScoreContext:
    """What a scorer may read: the forest being scored and every forest (for majorities)."""

    __slots__ = ("forest", "forests", "player", "rules")

    def __init__(self, rules: Ruleset, forests: Sequence[Forest], player: int) -> None:
        self.rules = rules
        self.forests = forests
        self.player = player
        self.forest = forests[player]
