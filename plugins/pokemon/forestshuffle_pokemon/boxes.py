"""Boxes (seed 003, set-up 7): a plain box each, or, with expansion 3, one of the 5 special
boxes per player, chosen in reverse turn order (the last player first).

A box is the core's cave: it holds cards, 1 point each. A special box holds cards the same
way and adds its own points at the end, scored once for its owner
(:meth:`BoxesKind.score`: the core's ``StateKind.score``), from the box's scoring specs
(:class:`~forestshuffle_pokemon.modes.SpecialBox`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import Action, Decision
from forestshuffle.core.rules import FINISHED
from forestshuffle.core.steps import Step
from forestshuffle.kinds import PluginEvent, ScoreContext, StateKind, StepKind

from .content import EXP3, has
from .mode_cards import BOX, SPECIAL_BOXES

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState

#: the name of the boxes' part of the state: each player's box
BOXES = "pokemon.boxes"
#: a plain box (the base game's)
PLAIN = "plain"


class BoxesKind(StateKind):
    """Each player's box: ``"plain"``, a special box's id, or ``""`` while the player has
    still to choose (with expansion 3). Everyone sees them."""

    name = BOXES

    def initial(self, rules: Ruleset, players: int) -> Any:
        """Plain boxes, or none yet with expansion 3."""
        return ("" if has(rules, EXP3) else PLAIN,) * players

    def score(self, value: Any, state: GameState, player: int) -> list[tuple[str, int, str]]:
        """A special box's own points (its cards count as the cave's, 1 each)."""
        box = BOX.get(value[player])
        if box is None:
            return []
        rules = state.rules
        ctx = ScoreContext(rules, state.forests, player)
        out = []
        for spec in box.score:
            fn = rules.registry.scoring[spec.kind].compile(spec.args, f"box.{box.id}", rules)
            points, why = fn(ctx, -1)
            out.append((f"{box.name} ({box.zh})", int(points), str(why)))
        return out


@attrs.frozen
class BoxChosen(PluginEvent):
    """A player took a special box."""

    type_name: ClassVar[str] = "pokemon.BoxChosen"
    player: int
    box: str

    def apply(self, state: GameState) -> None:
        """Their box."""
        boxes = state.ext[BOXES]
        state.ext[BOXES] = (*boxes[: self.player], self.box, *boxes[self.player + 1:])


@attrs.frozen
class ChooseBox(Action):
    """Take this special box."""

    type_name: ClassVar[str] = "pokemon.ChooseBox"
    codec_domains: ClassVar[dict[str, tuple[str, ...]]] = {
        "box": tuple(b.id for b in SPECIAL_BOXES)}
    box: str


class ChooseBoxStep(StepKind):
    """Set-up with expansion 3: the player takes one of the special boxes still on the table."""

    name = "pokemon_choose_box"

    def run(self, state: GameState, step: Step) -> Decision | list[ev.Event]:
        """Ask which."""
        taken = set(state.ext[BOXES])
        rules = state.rules
        return Decision(step.player, "box", "take a special box", tuple(
            rules.action(ChooseBox, b.id, label=f"{b.name} ({b.zh}): {b.text}")
            for b in SPECIAL_BOXES if b.id not in taken))

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Take it."""
        assert isinstance(action, ChooseBox)
        return [FINISHED, BoxChosen(step.player, action.box)]


def box_steps(rules: Ruleset, players: int) -> tuple[Step, ...]:
    """The set-up steps choosing special boxes (with expansion 3): the players in reverse
    turn order."""
    if not has(rules, EXP3):
        return ()
    return tuple(Step(ChooseBoxStep.name, p) for p in reversed(range(players)))


EVENT_TYPES: tuple[type[PluginEvent], ...] = (BoxChosen,)
ACTION_TYPES: tuple[type[Action], ...] = (ChooseBox,)
STEP_KINDS: tuple[StepKind, ...] = (ChooseBoxStep(),)
