"""Winter rules a ruleset declares (``RulesetSpec.winters_by_players``, ``winter_steps``): the
winter card that ends the game by player count, and a step queued when the Nth winter card
comes off the deck. Base cards, a ruleset of the test's own."""

from __future__ import annotations

import forestshuffle as fs
from forestshuffle.core import events as ev
from forestshuffle.core.spec import RulesetSpec
from forestshuffle.core.steps import Step
from forestshuffle.plugins.hookspecs import hookimpl
from forestshuffle.testing import CardPicker, check_game, scenario

SPEC = RulesetSpec(
    id="test-winters", name="Base with winter rules", card_sets=("base",), min_players=1,
    max_players=3, removal={1: 30, 2: 30, 3: 20},
    winters_by_players={1: 1},            # a solo game ends at its first winter card
    winter_steps={2: "extra_turn"},       # the 2nd winter card grants an extra turn
)


class Winters:
    """The test ruleset."""

    @hookimpl
    def forestshuffle_rulesets(self) -> list[RulesetSpec]:
        return [SPEC]


RULES = fs.PluginHost(extra=[Winters()]).ruleset("test-winters")


def draw_from_deck(g: fs.Game) -> list[ev.Event]:
    return g.apply(next(a for a in g.legal_actions() if isinstance(a, fs.DrawFromDeck)))


def test_the_winter_card_that_ends_the_game_follows_the_player_count():
    """``winters_by_players``: with 1 player the first winter card ends the game at once; with
    2 the ruleset's ``winters_to_end`` (3) still holds."""
    assert (RULES.spec.winters_for(1), RULES.spec.winters_for(2)) == (1, 3)
    pk = CardPicker(RULES)
    w = pk.winter()
    solo = scenario(RULES, players=1, deck=[w, *pk.filler(3)])
    events = draw_from_deck(solo)
    assert solo.is_over and solo.end_reason == "third_winter"
    assert isinstance(events[-2], ev.WinterRevealed) and events[-1] == ev.GameEnded("third_winter")
    duo = scenario(RULES, players=2, deck=[pk.winter(), *pk.filler(3)])
    draw_from_deck(duo)
    assert not duo.is_over and len(duo.state.winter) == 1


def test_the_nth_winter_card_queues_the_rulesets_winter_step_at_the_head_of_the_queue():
    """``winter_steps``: the 2nd winter card queues ``extra_turn`` for the current player; it
    runs after the draw that revealed it (the draw's own next step first)."""
    pk = CardPicker(RULES)
    first, second = pk.winter(), pk.winter()
    g = scenario(RULES, players=2, winter=[first], deck=[second, *pk.filler(4)])
    events = draw_from_deck(g)
    i = events.index(ev.WinterRevealed(second))
    assert events[i + 1] == ev.StepsQueued((Step("extra_turn", 0),))
    assert g.pending.kind == "draw" and g.pending.player == 0   # the draw action goes on
    draw_from_deck(g)
    assert ev.ExtraTurnGranted(0) in g.events
    assert g.pending.kind == "turn" and g.pending.player == 0   # the extra turn
    started = [e for e in g.events if isinstance(e, ev.TurnStarted)]
    assert started[-1] == ev.TurnStarted(0, extra=True)
    check_game(g)


def test_no_winter_step_for_a_winter_card_the_ruleset_does_not_name():
    pk = CardPicker(RULES)
    g = scenario(RULES, players=2, deck=[pk.winter(), *pk.filler(4)])
    events = draw_from_deck(g)
    assert not any(isinstance(e, ev.StepsQueued) and e.steps[0].kind == "extra_turn"
                   for e in events)


def test_a_winter_step_naming_no_step_kind_fails_when_the_ruleset_compiles():
    import attrs
    import pytest

    bad = attrs.evolve(SPEC, id="test-winters-bad", winter_steps={2: "nope"})

    class Bad:
        @hookimpl
        def forestshuffle_rulesets(self) -> list[RulesetSpec]:
            return [bad]

    with pytest.raises(fs.CardDataError, match="winter_steps"):
        fs.PluginHost(extra=[Bad()]).ruleset("test-winters-bad")
