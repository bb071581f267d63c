"""The solo game (seed 003, 单人模式): the player against Rotom, an automated seat whose turns
are Rotom's 20 training cards; an achievement and a level the player chooses at set-up, met
or not at the end (:func:`solo_result`).

A game of one player is a solo game: one whistle mixed into the bottom 10 deck cards (it
ends the game as it is drawn: ``RulesetSpec.winters_by_players``), 5 cards face up in the
grass after the opening hand, the player first. On each of Rotom's turns the top training
card is revealed, carried out and discarded:

* ``add_to_grass``: N deck cards go face up into the grass, each at its right end (the
  grass is a row, oldest card on the left: the core's clearing keeps that order);
* ``discard_from_grass``: N grass cards are discarded from the end the arrow shows, as many
  as there are;
* ``discard_deck_top``: the top deck card is looked at and discarded;

and when the training deck is then empty its discard pile is shuffled into a new one. The
order is drawn from a generator seeded by a set-up secret (dealt from the game's seed, kept
out of every view) and the number of events so far, and recorded in the event, so a replay
needs no generator. Discarded cards leave the game (the core's box).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import Action, Decision
from forestshuffle.core.rules import FINISHED, deck_take
from forestshuffle.core.spec import AutomatonSeat
from forestshuffle.core.steps import Step
from forestshuffle.kinds import PluginEvent, Resampled, StateKind, StepKind

from .mode_cards import ACHIEVEMENT, ACHIEVEMENTS, TRAINING, TRAINING_CARDS
from .modes import Achievement, Condition, GrassEnd, TrainingAction

if TYPE_CHECKING:
    from collections.abc import Sequence

    from forestshuffle.core.game import Game
    from forestshuffle.core.scoring import Scores
    from forestshuffle.core.state import GameState

#: the name of the solo game's part of the state
SOLO = "pokemon.solo"
#: grass cards at the start of a solo game
SOLO_GRASS = 5
#: the deck cards the solo whistle is mixed into (the bottom ones)
WHISTLE_AMONG = 10
#: Rotom, the automated seat of a solo game
ROTOM = AutomatonSeat("Rotom", "pokemon_rotom_turn", players=(1,))


@attrs.frozen
class Solo:
    """The solo game's state: Rotom's training deck (top first) and discard pile, the card
    last revealed, the generator's secret, and the achievement and level chosen ("" and 0
    until then)."""

    deck: tuple[str, ...]
    discard: tuple[str, ...] = ()
    revealed: str = ""
    secret: int = 0
    achievement: str = ""
    stars: int = 0


class SoloKind(StateKind):
    """The solo game's state (None in a game of several players). The player sees the
    training discard, the card last revealed and the size of the training deck, not its
    order nor the secret."""

    name = SOLO

    def initial(self, rules: Any, players: int) -> Any:
        """None: the set-up deals it (:class:`SoloDealt`)."""
        return None

    def view(self, value: Any, state: GameState, player: int) -> Any:
        """Everything but the training deck's order and the secret."""
        if value is None:
            return None
        return {"training_deck": len(value.deck), "training_discard": value.discard,
                "revealed": value.revealed, "achievement": value.achievement,
                "stars": value.stars}

    def notes(self, value: Any, state: GameState, scores: Any) -> list[str]:
        """The achievement's result (see :class:`SoloResult`)."""
        result = _result(state, scores)
        return [] if result is None else [str(result)]

    def resample(self, value: Any, log: Sequence[ev.Event],
                 actions: Sequence[tuple[Action, int]], player: int,
                 rng: random.Random) -> Resampled | None:
        """The training deck's unrevealed cards in a new order (the last shuffle's event:
        the set-up's or the last reshuffle's) and a new secret for later reshuffles; the
        cards revealed since that shuffle stay on top of it, in their order."""
        if value is None:
            return None
        at = max(i for i, e in enumerate(log) if isinstance(e, SoloDealt | TrainingReshuffled))
        shown = sum(1 for e in log[at + 1:] if isinstance(e, TrainingRevealed))
        dealt = log[at]
        assert isinstance(dealt, SoloDealt | TrainingReshuffled)
        rest = sorted(dealt.deck[shown:])
        rng.shuffle(rest)
        order = (*dealt.deck[:shown], *rest)
        first = next(i for i, e in enumerate(log) if isinstance(e, SoloDealt))
        setup = log[first]
        assert isinstance(setup, SoloDealt)
        secret = rng.randrange(2**63)
        out: dict[int, ev.Event] = {first: SoloDealt(order if first == at else setup.deck,
                                                     secret)}
        if first != at:
            out[at] = TrainingReshuffled(order)
        return Resampled(events=out)


def _solo(state: GameState) -> Solo:
    value: Solo = state.ext[SOLO]
    return value


# -- events ------------------------------------------------------------------------------------


@attrs.frozen
class SoloDealt(PluginEvent):
    """Set-up of a solo game: Rotom's training deck shuffled (top first) and the secret its
    later shuffles are drawn from. Nobody sees either."""

    type_name: ClassVar[str] = "pokemon.SoloDealt"
    deck: tuple[str, ...]
    secret: int

    def apply(self, state: GameState) -> None:
        """The training deck is ready."""
        state.ext[SOLO] = Solo(self.deck, secret=self.secret)

    def seen_by(self, player: int) -> ev.Event:
        """The order and the secret hidden."""
        return SoloDealt((), 0)


@attrs.frozen
class AchievementChosen(PluginEvent):
    """The solo player chose an achievement and a level (stars)."""

    type_name: ClassVar[str] = "pokemon.AchievementChosen"
    achievement: str
    stars: int

    def apply(self, state: GameState) -> None:
        """Noted."""
        state.ext[SOLO] = attrs.evolve(_solo(state), achievement=self.achievement,
                                       stars=self.stars)


@attrs.frozen
class TrainingRevealed(PluginEvent):
    """Rotom revealed the top training card; it goes to the training discard once carried
    out (at once here: nothing else reads it in between)."""

    type_name: ClassVar[str] = "pokemon.TrainingRevealed"
    card: str

    def apply(self, state: GameState) -> None:
        """Top card to the discard pile."""
        s = _solo(state)
        state.ext[SOLO] = attrs.evolve(s, deck=s.deck[1:], discard=(*s.discard, self.card),
                                       revealed=self.card)


@attrs.frozen
class TrainingReshuffled(PluginEvent):
    """The empty training deck was made again from its discard pile, shuffled (top first);
    the player sees that it happened, not the order."""

    type_name: ClassVar[str] = "pokemon.TrainingReshuffled"
    deck: tuple[str, ...]

    def apply(self, state: GameState) -> None:
        """Discard pile to deck."""
        state.ext[SOLO] = attrs.evolve(_solo(state), deck=self.deck, discard=())

    def seen_by(self, player: int) -> ev.Event:
        """The order hidden."""
        return TrainingReshuffled(())


@attrs.frozen
class GrassDiscarded(PluginEvent):
    """Rotom discarded these grass cards (from one end of the row); they leave the game."""

    type_name: ClassVar[str] = "pokemon.GrassDiscarded"
    cards: tuple[int, ...]

    def apply(self, state: GameState) -> None:
        """Grass to the box."""
        for c in self.cards:
            state.clearing.remove(c)
        state.box.extend(self.cards)


@attrs.frozen
class DeckTopDiscarded(PluginEvent):
    """Rotom looked at the top deck card and discarded it; it leaves the game."""

    type_name: ClassVar[str] = "pokemon.DeckTopDiscarded"
    card: int

    def apply(self, state: GameState) -> None:
        """Deck to the box."""
        state.box.append(state.deck.pop())


# -- actions and steps ---------------------------------------------------------------------


@attrs.frozen
class ChooseAchievement(Action):
    """Choose this achievement for a solo game."""

    type_name: ClassVar[str] = "pokemon.ChooseAchievement"
    codec_domains: ClassVar[dict[str, tuple[str, ...]]] = {
        "achievement": tuple(a.id for a in ACHIEVEMENTS)}
    achievement: str


@attrs.frozen
class ChooseLevel(Action):
    """Choose this level (1 to 3 stars) of the achievement."""

    type_name: ClassVar[str] = "pokemon.ChooseLevel"
    codec_domains: ClassVar[dict[str, tuple[int, ...]]] = {"stars": (1, 2, 3)}
    stars: int


def _goal_text(a: Achievement, stars: int) -> str:
    lv = a.level(stars)
    goal = ", ".join(f"{c.count} >= {c.at_least}" for c in lv.goal)
    return f"{'*' * stars} {goal} and {lv.min_score} points"


class SoloGrassStep(StepKind):
    """Set-up of a solo game: 5 deck cards face up into the grass."""

    name = "pokemon_solo_grass"

    def run(self, state: GameState, step: Step) -> Decision | list[ev.Event]:
        """Reveal them."""
        out: list[ev.Event] = [FINISHED]
        deck_take(state, SOLO_GRASS, ev.CardRevealed, out)
        return out


class ChooseAchievementStep(StepKind):
    """Set-up of a solo game: the player chooses one of the 12 achievements, then its level
    (beginner, intermediate or advanced: a goal and a minimum score)."""

    name = "pokemon_choose_achievement"

    def run(self, state: GameState, step: Step) -> Decision | list[ev.Event]:
        """Ask the achievement, then the level."""
        rules = state.rules
        chosen = step.args.get("achievement")
        if chosen is None:
            return Decision(step.player, "achievement", "choose an achievement", tuple(
                rules.action(ChooseAchievement, a.id, label=f"{a.name} ({a.zh})")
                for a in ACHIEVEMENT.values()))
        a = ACHIEVEMENT[chosen]
        return Decision(step.player, "achievement_level", f"choose the level of {a.name}",
                        tuple(rules.action(ChooseLevel, lv.stars, label=_goal_text(a, lv.stars))
                              for lv in a.levels))

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Keep the achievement; with the level, the choice is made."""
        if isinstance(action, ChooseAchievement):
            return [ev.StepUpdated(step.with_args(achievement=action.achievement))]
        assert isinstance(action, ChooseLevel)
        return [FINISHED, AchievementChosen(step.args["achievement"], action.stars)]


def shuffled(cards: tuple[str, ...], secret: int, nevents: int) -> tuple[str, ...]:
    """*cards* shuffled by a generator seeded with the game's set-up *secret* and the number
    of events so far: the same in every replay, unknown to the players."""
    order = list(cards)
    random.Random(f"pokemon:{secret}:{nevents}").shuffle(order)
    return tuple(order)


class RotomTurn(StepKind):
    """Rotom's turn: reveal the top training card, carry it out, discard it; an empty
    training deck is then shuffled again from its discard pile."""

    name = "pokemon_rotom_turn"

    def run(self, state: GameState, step: Step) -> Decision | list[ev.Event]:
        """The whole turn, without a decision."""
        solo = _solo(state)
        card = TRAINING[solo.deck[0]]
        out: list[ev.Event] = [FINISHED, TrainingRevealed(card.number)]
        going = True
        if card.action is TrainingAction.ADD_TO_GRASS:
            going = deck_take(state, card.n, ev.CardRevealed, out)
        elif card.action is TrainingAction.DISCARD_FROM_GRASS:
            row = state.clearing
            n = min(card.n, len(row))
            cards = tuple(row[:n]) if card.end is GrassEnd.LEFT else tuple(row[len(row) - n:])
            if cards:
                out.append(GrassDiscarded(cards))
        else:
            going = deck_take(state, 1, DeckTopDiscarded, out)
        if going and len(solo.deck) == 1:
            out.append(TrainingReshuffled(
                shuffled((*solo.discard, card.number), solo.secret, state.nevents)))
        return out


def deal_solo(rng: random.Random) -> SoloDealt:
    """The set-up event of a solo game: Rotom's shuffled training deck and the secret."""
    deck = [c.number for c in TRAINING_CARDS]
    rng.shuffle(deck)
    return SoloDealt(tuple(deck), rng.getrandbits(64))


# -- the result --------------------------------------------------------------------------------


@attrs.frozen
class SoloResult:
    """How a solo game went for its achievement: the achievement and level chosen, the
    goal's counts, the score, and whether both goal and minimum score were met (final once
    the game is over)."""

    achievement: Achievement
    stars: int
    goal: tuple[tuple[Condition, int], ...]  #: each condition of the goal and the team's count
    score: int
    min_score: int

    @property
    def goal_met(self) -> bool:
        """Every condition of the goal holds."""
        return all(value >= c.at_least for c, value in self.goal)

    @property
    def achieved(self) -> bool:
        """The goal is met and the score reaches the level's minimum."""
        return self.goal_met and self.score >= self.min_score

    def __str__(self) -> str:
        goal = ", ".join(f"{c.count} {value}/{c.at_least}" for c, value in self.goal)
        verdict = "achieved" if self.achieved else "not achieved"
        return (f"Achievement {self.achievement.id} {self.achievement.name} "
                f"({self.achievement.zh}) {'*' * self.stars}: goal {goal}, score "
                f"{self.score}/{self.min_score}: {verdict}")


def _result(state: GameState, scores: Scores) -> SoloResult | None:
    solo = state.ext.get(SOLO)
    if solo is None or not solo.achievement:
        return None
    a = ACHIEVEMENT[solo.achievement]
    lv = a.level(solo.stars)
    forest = state.forests[0]
    goal = tuple((c, c.value(state.rules, forest)) for c in lv.goal)
    return SoloResult(a, solo.stars, goal, scores[0].total, lv.min_score)


def solo_result(game: Game) -> SoloResult | None:
    """The achievement result of a solo game of ruleset ``pokemon`` (None for a game of
    several players, or before the achievement is chosen); final once the game is over.
    ``str()`` of it is the line the game's outcome notes (``game.outcome().notes``)."""
    return _result(game.state, game.scores())


EVENT_TYPES: tuple[type[PluginEvent], ...] = (
    SoloDealt, AchievementChosen, TrainingRevealed, TrainingReshuffled, GrassDiscarded,
    DeckTopDiscarded)
ACTION_TYPES: tuple[type[Action], ...] = (ChooseAchievement, ChooseLevel)
STEP_KINDS: tuple[StepKind, ...] = (SoloGrassStep(), ChooseAchievementStep(), RotomTurn())
