"""End conditions (``RulesetSpec.end_conditions``) are checked at the end of a turn on the
state that turn leaves: a full clearing already emptied (RULES.md §1, end of turn: the
clearing check, then the next player; §5, seed 001: the game ends when the deck runs out and
the clearing cannot supply draws, which is a question about the emptied clearing). They once
read the state before the turn's ``ClearingEmptied`` applied, so a condition on the clearing
saw it still full.
Base cards, a ruleset and an end condition of the test's own."""

from __future__ import annotations

import forestshuffle as fs
from forestshuffle.core import events as ev
from forestshuffle.core.spec import RulesetSpec
from forestshuffle.core.state import GameState
from forestshuffle.kinds import EndCondition
from forestshuffle.plugins.hookspecs import hookimpl
from forestshuffle.testing import CardPicker, scenario


class Swept(EndCondition):
    """The game ends once the clearing has been swept into the box."""

    name = "swept"

    def ended(self, state: GameState) -> bool:
        return not state.clearing and bool(state.box)


SPEC = RulesetSpec(id="test-swept", name="Base ending when the clearing is swept",
                   card_sets=("base",), min_players=2, max_players=2, removal={2: 30},
                   end_conditions=("swept",))


class Plugin:
    """The test ruleset and its end condition."""

    @hookimpl
    def forestshuffle_rulesets(self) -> list[RulesetSpec]:
        return [SPEC]

    @hookimpl
    def forestshuffle_end_conditions(self) -> list[EndCondition]:
        return [Swept()]


RULES = fs.PluginHost(extra=[Plugin()]).ruleset("test-swept")


def test_an_end_condition_sees_the_clearing_the_turn_emptied():
    pick = CardPicker(RULES)
    oak, pay = pick.pick("base.oak"), pick.filler(2, trees=False)
    clearing = pick.filler(RULES.spec.clearing_limit - 2, trees=False)
    g = scenario(RULES, hands={0: [oak, *pay]}, clearing=clearing)
    assert not g.state.box and not g.is_over
    g.apply(fs.PlayCard(oak))
    for c in sorted(pay):  # the payment fills the clearing to its limit
        g.apply(fs.PayWith(c))
    assert g.is_over and g.end_reason == "swept"
    tail = g.events[-2:]
    assert isinstance(tail[0], ev.ClearingEmptied) and isinstance(tail[1], ev.GameEnded)
    assert not any(isinstance(e, ev.TurnStarted) for e in g.events[g.actions[-1][1]:])


def test_an_end_condition_reads_the_real_state_when_the_clearing_stays():
    """With no full clearing the condition reads the state itself (nothing is copied)."""
    pick = CardPicker(RULES)
    linden, pay = pick.pick("base.linden"), pick.filler(1, trees=False)
    g = scenario(RULES, hands={0: [linden, *pay]}, clearing=pick.filler(3, trees=False))
    g.apply(fs.PlayCard(linden))
    g.apply(fs.PayWith(pay[0]))
    assert g.state.clearing and not g.state.box
    assert not g.is_over and g.pending.kind == "turn" and g.pending.player == 1
