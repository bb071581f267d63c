"""The kinds plugins contribute: step (effect) kinds, trigger, scoring and count kinds,
turn actions, deck builders, end conditions, declarations and state kinds; and the base
class of a plugin's own events.

A kind is written once, tested once and documented once; card data only names kinds.
Each base class documents the contract. The core's own kinds live in this package by
family (:mod:`~forestshuffle.kinds.turn`, :mod:`~forestshuffle.kinds.play`,
:mod:`~forestshuffle.kinds.effects`, :mod:`~forestshuffle.kinds.setup`,
:mod:`~forestshuffle.kinds.triggers`) and register through the same hooks as any plugin
(:mod:`forestshuffle.plugins.builtin`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs

from forestshuffle.core.decisions import Action, Decision
from forestshuffle.core.events import Event
from forestshuffle.core.steps import Step

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState


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
    (they must include :class:`~forestshuffle.core.events.StepFinished` or
    :class:`~forestshuffle.core.events.StepUpdated`, so the queue moves on) or the
    :class:`Decision` to ask. ``answer`` turns a legal option of that decision into
    events. Neither may mutate the state.
    """

    name: ClassVar[str] = ""  #: the name card data and specs use for the kind
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

    name: ClassVar[str] = ""  #: the name card data and specs use for the kind

    def validate(self, args: Mapping[str, Any], rules: Ruleset) -> None:
        """Raise ValueError if *args* are not valid."""

    def compile(self, args: Mapping[str, Any], rules: Ruleset) -> Callable[..., bool]:
        """A predicate ``(state, player, card, half_index, slot) -> bool``."""
        raise NotImplementedError


#: Why a card scored what it did: the text, or ``(format, value)`` whose text is
#: ``format(value)``, formatted only if someone reads the breakdown (a scorer returns the
#: second to keep the formatting off the scoring path; *value* holds what the text needs, as
#: it was when scored). :func:`reason_text` gives the text of either.
Reason = str | tuple[Callable[[Any], str], Any]
#: A compiled per-card scorer: (context, card) -> (points, reason).
CardScorer = Callable[["ScoreContext", int], tuple[int, Reason]]
#: A compiled group scorer: (context, cards of the group) -> one (points, reason) per card.
GroupScorer = Callable[["ScoreContext", Sequence[int]], Sequence[tuple[int, Reason]]]
#: A compiled points-only card scorer: (context, card) -> points.
CardPoints = Callable[["ScoreContext", int], int]
#: A compiled points-only group scorer: (context, cards of the group) -> points per card.
GroupPoints = Callable[["ScoreContext", Sequence[int]], Sequence[int]]


def reason_text(reason: Reason) -> str:
    """The text of a :data:`Reason`."""
    if isinstance(reason, str):
        return reason
    return reason[0](reason[1])


class ScoringKind:
    """A way a card scores. ``group_key`` non-None makes it score a group of cards at once.

    ``compile`` gives the full scorer, points and a reason for people (the breakdown);
    ``compile_points`` may give a faster one computing the points alone, which scoring
    without a breakdown uses (``score_forest(..., breakdown=False)``, bots, searches). It
    must give the same points as ``compile``'s scorer for every forest. A kind need not
    define it: by default the points are those of ``compile``'s scorer.
    """

    name: ClassVar[str] = ""  #: the name card data and specs use for the kind

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

    def compile_points(
        self, args: Mapping[str, Any], species: str, rules: Ruleset
    ) -> CardPoints | GroupPoints:
        """The points-only scorer: ``(context, card) -> points``, or for a group kind
        ``(context, cards) -> points of each card``, the same points as :meth:`compile`'s
        scorer gives. The default drops the reasons of :meth:`compile`'s scorer."""
        return points_only(self.compile(args, species, rules),
                           self.group_key(args, species) is not None)

    def points_scorer(
        self, args: Mapping[str, Any], species: str, rules: Ruleset,
        scorer: CardScorer | GroupScorer, group: bool,
    ) -> CardPoints | GroupPoints:
        """The points-only scorer the core uses for a spec whose full scorer (from
        :meth:`compile`) is *scorer* (a group scorer if *group*): :meth:`compile_points`,
        unless the kind's class does not define it, or defines ``compile`` below the class
        that defines ``compile_points`` (a subclass of a kind that changed how it scores
        but not its points: the inherited ``compile_points`` would score the parent's way);
        then *scorer*'s points. Kinds do not override this."""
        mro = type(self).__mro__
        owner_full = next(c for c in mro if "compile" in c.__dict__)
        owner_points = next(c for c in mro if "compile_points" in c.__dict__)
        if owner_points is ScoringKind or (owner_full is not owner_points
                                           and issubclass(owner_full, owner_points)):
            return points_only(scorer, group)
        return self.compile_points(args, species, rules)


def points_only(scorer: CardScorer | GroupScorer, group: bool) -> CardPoints | GroupPoints:
    """A points-only scorer made from a full *scorer* (a group scorer if *group*): the
    points it gives, without its reasons."""
    if group:
        whole = cast("GroupScorer", scorer)

        def group_points(ctx: ScoreContext, cards: Sequence[int]) -> list[int]:
            return [p for p, _ in whole(ctx, cards)]

        return group_points
    single = cast("CardScorer", scorer)

    def card_points(ctx: ScoreContext, card: int) -> int:
        return single(ctx, card)[0]

    return card_points


class CountKind:
    """A countable quantity of a forest, named ``kind`` or ``kind:arg`` in card data.

    The core's counts are maintained counters (see :mod:`forestshuffle.core.forest`);
    a plugin kind computes its value from the forest.
    """

    name: ClassVar[str] = ""  #: the name card data and specs use for the kind
    takes_arg: ClassVar[bool] = True  #: whether it is written ``kind:arg`` (else ``kind``)

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

    name: ClassVar[str] = ""  #: the name card data and specs use for the kind
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

    name: ClassVar[str] = ""  #: the name card data and specs use for the kind

    def build(self, rules: Ruleset, players: int, rng: random.Random) -> list[Event]:
        """The set-up events (normally one DeckBuilt)."""
        raise NotImplementedError


class EndCondition:
    """A rule that ends the game, checked at the end of every turn (its ``name`` is the
    game's end reason)."""

    name: ClassVar[str] = ""  #: the name card data and specs use for the kind

    def ended(self, state: GameState) -> bool:
        """True if the game is over now."""
        return False


class DeclarationKind:
    """Something a player may declare at any of their decisions while a condition holds
    (declare an immediate win...): offered as a :class:`~forestshuffle.core.decisions.Declare`
    option besides the decision's own options, and answered here instead of by the step."""

    name: ClassVar[str] = ""  #: the name card data and specs use for the kind
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

    name: ClassVar[str] = ""  #: the name card data and specs use for the kind

    def initial(self, rules: Ruleset, players: int) -> Any:
        """The value at the start of a game."""
        return None

    def view(self, value: Any, state: GameState, player: int) -> Any:
        """What *player* may see of it, as JSON-like data (the default: all of it)."""
        return value

    def score(self, value: Any, state: GameState, player: int) -> Sequence[tuple[str, int, str]]:
        """Points *player* scores from this part of the state, not tied to a card of their
        forest (a player's own scoring card beside it, a goal met): ``(what, points, why)``
        lines, added to the player's total by ``Game.scores()`` (the default: none)."""
        return ()

    def notes(self, value: Any, state: GameState, scores: Any) -> Sequence[str]:
        """Lines for people about how the game went, from this part of the state, once it is
        over (a solo game's goal met or not), given the final *scores*
        (:class:`~forestshuffle.core.scoring.Scores`); in ``game.outcome().notes`` (the default:
        none)."""
        return ()

    def resample(self, value: Any, log: Sequence[Event], actions: Sequence[tuple[Action, int]],
                 player: int, rng: random.Random) -> Resampled | None:
        """For a determinization (``game.determinize(player)``): what *player* has not seen
        of this part of the state (an order kept face down, another player's secret), drawn
        anew from *rng*, as replacements for the plugin's events in the game's *log* and for
        the recorded *actions* (``(action, event index)`` pairs) that named it. Each
        replacement event must look the same to *player* (``seen_by(player)``) as the one it
        replaces; the determinizer then refolds the state from the changed log. Draw only
        from what the player knows (the candidates in a fixed order), so two games they
        cannot tell apart give the same samples. The default: None, nothing hidden."""
        return None


@attrs.frozen
class Resampled:
    """What :meth:`StateKind.resample` redraws: replacement events of the log and replacement
    actions of the game's record, each by its index."""

    #: log index -> the event in its place
    events: Mapping[int, Event] = attrs.field(factory=dict)
    #: index in ``game.actions`` -> the action in its place (its event index unchanged)
    actions: Mapping[int, Action] = attrs.field(factory=dict)


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
    """What a scorer may read: the forest being scored and every forest (for majorities).

    One context serves every card of one scoring of a forest, so a scorer may keep what it
    computed for the forest in ``memo`` (keyed by something of its own, such as its count
    key) instead of computing it again for the next card
    (:func:`forestshuffle.kinds.counts.context_count` does that for computed counts)."""

    __slots__ = ("counts", "forest", "forests", "memo", "player", "rules")

    def __init__(self, rules: Ruleset, forests: Sequence[Forest], player: int) -> None:
        self.rules = rules  #: the compiled ruleset
        self.forests = forests  #: every player's forest, by seat
        self.player = player  #: the seat whose forest is scored
        self.forest = forest = forests[player]  #: the forest being scored
        #: the forest's maintained counters (``forest.counts``)
        self.counts = forest.counts
        #: values computed once for this scoring of the forest, by whoever computed them
        self.memo: dict[Any, Any] = {}
