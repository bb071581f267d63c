"""The two modes of 2 to 5 players (seed 003, 多人进阶): challenge and chance, options of
ruleset ``pokemon`` that may be combined, and the immediate win they let a player declare.

* **Challenge** (option ``challenge``): at set-up the 30 challenge cards are shuffled, one
  is laid out as the public challenge, and each player draws 2 and keeps 1 as a private
  challenge (the other is discarded). Only its owner sees a private challenge (views,
  redacted records) until they declare a win with it.
* **Chance** (option ``chance``): when the 2nd whistle comes off the deck (the core's
  ``RulesetSpec.winter_steps``) each player, from the current one on, reveals a chance card
  and resolves it (its ``reveal`` effects, for that player). The chance deck is shuffled at
  set-up and stays face down, unseen, until then: the same as shuffling it at that moment.
* **The win**: a player whose team meets every condition of the public challenge, of their
  private challenge or of their chance card may declare an immediate win at any of their
  decisions (declaration ``pokemon.win``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import Action, Decision
from forestshuffle.core.rules import FINISHED, effect_steps
from forestshuffle.core.steps import Step
from forestshuffle.kinds import DeclarationKind, PluginEvent, Resampled, StateKind, StepKind

from .mode_cards import CHALLENGE, CHALLENGE_CARDS, CHANCE, CHANCE_CARDS
from .modes import Condition, all_met

if TYPE_CHECKING:
    from collections.abc import Sequence

    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState

#: the names of the modes' parts of the state
CHALLENGES = "pokemon.challenges"
CHANCES = "pokemon.chance"
#: the declaration
WIN = "pokemon.win"
#: the winter step of the chance mode (the 2nd whistle)
CHANCE_STEP = "pokemon_chance"
#: the whistle that brings the chance cards
CHANCE_WHISTLE = 2


# -- challenge ---------------------------------------------------------------------------------


@attrs.frozen
class Challenges:
    """The challenge mode's state: the public challenge, the 2 cards each player drew and
    the one each kept (``""`` until kept)."""

    public: str
    offered: tuple[tuple[str, ...], ...]
    kept: tuple[str, ...]


class ChallengesKind(StateKind):
    """The challenges (None without the challenge mode): everyone sees the public one and
    whether each player has kept theirs; a player sees their own private challenge (or the
    two they choose from), nobody else's."""

    name = CHALLENGES

    def initial(self, rules: Any, players: int) -> Any:
        """None: the set-up deals them (:class:`ChallengesDealt`)."""
        return None

    def view(self, value: Any, state: GameState, player: int) -> Any:
        """The public challenge, the player's own, who has kept one."""
        if value is None:
            return None
        return {"public": value.public, "private": value.kept[player],
                "choosing_from": () if value.kept[player] else value.offered[player],
                "kept": tuple(bool(k) for k in value.kept)}

    def notes(self, value: Any, state: GameState, scores: Any) -> list[str]:
        """The challenges shown at the end, each with whether its owner meets it."""
        if value is None:
            return []
        out = [f"public challenge {_met(state, CHALLENGE[value.public], range(state.players))}"]
        out.extend(f"player {p + 1}'s challenge {_met(state, CHALLENGE[k], (p,))}"
                   for p, k in enumerate(value.kept) if k)
        return out

    def resample(self, value: Any, log: Sequence[ev.Event],
                 actions: Sequence[tuple[Action, int]], player: int,
                 rng: random.Random) -> Resampled | None:
        """The other players' 2 challenge cards drawn anew from those *player* has not seen
        (all but the public one and their own 2), and the one each of them kept (if they
        have) one of their new 2; their keeping actions follow."""
        if value is None:
            return None
        at = next(i for i, e in enumerate(log) if isinstance(e, ChallengesDealt))
        dealt = log[at]
        assert isinstance(dealt, ChallengesDealt)
        others = [p for p in range(len(dealt.offered)) if p != player]
        seen = {dealt.public, *(dealt.offered[player] if player < len(dealt.offered) else ())}
        pool = [c.number for c in CHALLENGE_CARDS if c.number not in seen]
        drawn = iter(rng.sample(pool, sum(len(dealt.offered[p]) for p in others)))
        offered = list(dealt.offered)
        for p in others:
            offered[p] = tuple(next(drawn) for _ in dealt.offered[p])
        out: dict[int, ev.Event] = {at: ChallengesDealt(dealt.public, tuple(offered))}
        renamed: dict[str, str] = {}
        for i, e in enumerate(log):
            if isinstance(e, ChallengeKept) and e.player != player:
                renamed[e.card] = rng.choice(offered[e.player])
                out[i] = ChallengeKept(e.player, renamed[e.card])
        acts = {j: KeepChallenge(renamed[a.card]) for j, (a, _) in enumerate(actions)
                if isinstance(a, KeepChallenge) and a.card in renamed}
        return Resampled(events=out, actions=acts)


@attrs.frozen
class ChallengesDealt(PluginEvent):
    """Set-up of the challenge mode: the public challenge and the 2 challenge cards each
    player drew. A player knows only their own two."""

    type_name: ClassVar[str] = "pokemon.ChallengesDealt"
    public: str
    offered: tuple[tuple[str, ...], ...]

    def apply(self, state: GameState) -> None:
        """The challenges are out."""
        state.ext[CHALLENGES] = Challenges(self.public, self.offered,
                                           ("",) * len(self.offered))

    def seen_by(self, player: int) -> ev.Event:
        """The others' cards hidden."""
        return ChallengesDealt(self.public, tuple(
            o if p == player else ("",) * len(o) for p, o in enumerate(self.offered)))


@attrs.frozen
class ChallengeKept(PluginEvent):
    """A player kept one of their 2 challenge cards as their private challenge (the other is
    discarded). Only they know which."""

    type_name: ClassVar[str] = "pokemon.ChallengeKept"
    player: int
    card: str

    def apply(self, state: GameState) -> None:
        """Their private challenge."""
        c: Challenges = state.ext[CHALLENGES]
        kept = (*c.kept[: self.player], self.card, *c.kept[self.player + 1:])
        state.ext[CHALLENGES] = attrs.evolve(c, kept=kept)

    def seen_by(self, player: int) -> ev.Event:
        """Which card, only for its owner."""
        return self if player == self.player else ChallengeKept(self.player, "")


@attrs.frozen
class KeepChallenge(Action):
    """Keep this challenge card as your private challenge (its number: ``card``, so records
    redacted for the other players leave it out)."""

    type_name: ClassVar[str] = "pokemon.KeepChallenge"
    codec_domains: ClassVar[dict[str, tuple[str, ...]]] = {
        "card": tuple(c.number for c in CHALLENGE_CARDS)}
    card: str


class KeepChallengeStep(StepKind):
    """Set-up of the challenge mode: the player keeps one of the 2 challenge cards drawn."""

    name = "pokemon_keep_challenge"

    def run(self, state: GameState, step: Step) -> Decision | list[ev.Event]:
        """Ask which."""
        c: Challenges = state.ext[CHALLENGES]
        rules = state.rules
        return Decision(step.player, "challenge", "keep a private challenge", tuple(
            rules.action(KeepChallenge, n, label=f"keep {_card_text(CHALLENGE[n])}")
            for n in c.offered[step.player]))

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Keep it."""
        assert isinstance(action, KeepChallenge)
        return [FINISHED, ChallengeKept(step.player, action.card)]


def deal_challenges(players: int, rng: random.Random) -> ChallengesDealt:
    """The set-up event of the challenge mode: the shuffled challenge deck's top card is the
    public challenge; each player draws the next 2."""
    deck = [c.number for c in CHALLENGE_CARDS]
    rng.shuffle(deck)
    return ChallengesDealt(deck[0], tuple(tuple(deck[1 + 2 * p: 3 + 2 * p])
                                          for p in range(players)))


def challenge_steps(rules: Ruleset, players: int) -> tuple[Step, ...]:
    """The set-up steps keeping private challenges, in turn order (challenge mode only)."""
    if not rules.options.get("challenge"):
        return ()
    return tuple(Step(KeepChallengeStep.name, p) for p in range(players))


# -- chance -------------------------------------------------------------------------------------


@attrs.frozen
class Chances:
    """The chance mode's state: the chance deck (top first) and the card each player
    revealed (``""`` before the 2nd whistle)."""

    deck: tuple[str, ...]
    revealed: tuple[str, ...]


class ChancesKind(StateKind):
    """The chance cards (None without the chance mode): everyone sees the revealed ones and
    how many are left, not their order."""

    name = CHANCES

    def initial(self, rules: Any, players: int) -> Any:
        """None: the set-up deals them (:class:`ChancesDealt`)."""
        return None

    def view(self, value: Any, state: GameState, player: int) -> Any:
        """The revealed cards and the deck's size."""
        if value is None:
            return None
        return {"deck": len(value.deck), "revealed": value.revealed}

    def notes(self, value: Any, state: GameState, scores: Any) -> list[str]:
        """The chance cards revealed, each with whether its owner meets it."""
        if value is None:
            return []
        return [f"player {p + 1}'s chance card {_met(state, CHANCE[k], (p,))}"
                for p, k in enumerate(value.revealed) if k]

    def resample(self, value: Any, log: Sequence[ev.Event],
                 actions: Sequence[tuple[Action, int]], player: int,
                 rng: random.Random) -> Resampled | None:
        """The chance deck's unrevealed cards in a new order (the revealed ones stay on top,
        in their order)."""
        if value is None:
            return None
        at = next(i for i, e in enumerate(log) if isinstance(e, ChancesDealt))
        dealt = log[at]
        assert isinstance(dealt, ChancesDealt)
        shown = sum(1 for e in log[at + 1:] if isinstance(e, ChanceRevealed))
        rest = sorted(dealt.deck[shown:])
        rng.shuffle(rest)
        return Resampled(events={at: ChancesDealt((*dealt.deck[:shown], *rest),
                                                  dealt.players)})


@attrs.frozen
class ChancesDealt(PluginEvent):
    """Set-up of the chance mode: the chance deck, shuffled, face down (top first)."""

    type_name: ClassVar[str] = "pokemon.ChancesDealt"
    deck: tuple[str, ...]
    players: int

    def apply(self, state: GameState) -> None:
        """The chance deck waits for the 2nd whistle."""
        state.ext[CHANCES] = Chances(self.deck, ("",) * self.players)

    def seen_by(self, player: int) -> ev.Event:
        """The order hidden."""
        return ChancesDealt((), self.players)


@attrs.frozen
class ChanceRevealed(PluginEvent):
    """A player revealed the top chance card (the 2nd whistle came)."""

    type_name: ClassVar[str] = "pokemon.ChanceRevealed"
    player: int
    card: str

    def apply(self, state: GameState) -> None:
        """Top chance card to the player."""
        c: Chances = state.ext[CHANCES]
        revealed = (*c.revealed[: self.player], self.card, *c.revealed[self.player + 1:])
        state.ext[CHANCES] = Chances(c.deck[1:], revealed)


class ChanceStep(StepKind):
    """The 2nd whistle in the chance mode: each player, from the current one on, reveals a
    chance card; then each resolves its effects, in the same order."""

    name = CHANCE_STEP

    def run(self, state: GameState, step: Step) -> Decision | list[ev.Event]:
        """Reveal for everyone, queue everyone's effects."""
        c: Chances | None = state.ext.get(CHANCES)
        if c is None:
            return [FINISHED]
        n = state.players
        first = state.current if 0 <= state.current < n else 0
        out: list[ev.Event] = [FINISHED]
        steps: list[Step] = []
        for k in range(min(n, len(c.deck))):
            p = (first + k) % n
            card = CHANCE[c.deck[k]]
            out.append(ChanceRevealed(p, card.number))
            steps.extend(effect_steps(state.rules, p, -1, card.reveal))
        if steps:
            out.append(ev.StepsQueued(tuple(steps)))
        return out


def deal_chances(players: int, rng: random.Random) -> ChancesDealt:
    """The set-up event of the chance mode: the chance deck shuffled."""
    deck = [c.number for c in CHANCE_CARDS]
    rng.shuffle(deck)
    return ChancesDealt(tuple(deck), players)


# -- the win ------------------------------------------------------------------------------------


def _met(state: GameState, card: Any, players: Any) -> str:
    """A card's text and who of *players* meets it."""
    who = [p + 1 for p in players
           if all_met(card.conditions, state.rules, state.forests[p])]
    met = ("met by player " + ", ".join(map(str, who))) if who else "not met"
    return f"{_card_text(card)}: {met}"


def _card_text(card: Any) -> str:
    conds = " and ".join(f"{c.count} >= {c.at_least}" for c in card.conditions)
    return f"{card.number} {card.name} ({card.zh}): {conds}"


def met_card(state: GameState, player: int) -> tuple[str, str] | None:
    """(mode, card number) of the first challenge or chance card whose conditions *player*'s
    team meets now (the public challenge, their private one, their chance card), or None."""
    rules = state.rules
    forest = state.forests[player]
    ch: Challenges | None = state.ext.get(CHALLENGES)
    if ch is not None:
        for number in (ch.public, ch.kept[player]):
            if number and all_met(CHALLENGE[number].conditions, rules, forest):
                return "challenge", number
    cc: Chances | None = state.ext.get(CHANCES)
    if cc is not None:
        number = cc.revealed[player]
        if number and all_met(CHANCE[number].conditions, rules, forest):
            return "chance", number
    return None


@attrs.frozen
class WinDeclared(PluginEvent):
    """A player declared an immediate win, showing the card whose conditions they meet."""

    type_name: ClassVar[str] = "pokemon.WinDeclared"
    player: int
    mode: str
    card: str

    def apply(self, state: GameState) -> None:
        """Only the log changes (the game ends next)."""


class DeclareWin(DeclarationKind):
    """A player who meets the public challenge, their private challenge or their chance card
    may declare an immediate win."""

    name = WIN
    label = "declare an immediate win (a challenge or chance card met)"

    def available(self, state: GameState, player: int) -> bool:
        """A card is met."""
        return met_card(state, player) is not None

    def declare(self, state: GameState, player: int) -> list[ev.Event]:
        """The game ends; the player wins."""
        found = met_card(state, player)
        assert found is not None
        return [WinDeclared(player, *found), ev.GameEnded("declared_win", (player,))]


def conditions_of(mode: str, number: str) -> tuple[Condition, ...]:
    """The conditions of a challenge or chance card."""
    return (CHALLENGE if mode == "challenge" else CHANCE)[number].conditions


EVENT_TYPES: tuple[type[PluginEvent], ...] = (
    ChallengesDealt, ChallengeKept, ChancesDealt, ChanceRevealed, WinDeclared)
ACTION_TYPES: tuple[type[Action], ...] = (KeepChallenge,)
STEP_KINDS: tuple[StepKind, ...] = (KeepChallengeStep(), ChanceStep())
