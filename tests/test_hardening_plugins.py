"""Hardening, plugins: no plugin can shadow another, a failing plugin contributes nothing,
hooks are asked once per host, and a kind that fails during play is named.

Source: docs/security.md ("Plugins"), docs/plugins/hooks.md ("Plugins contribute").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
import pytest

import forestshuffle as fs
import forestshuffle_base
from forestshuffle.core import events as ev
from forestshuffle.kinds import ScoringKind, StepKind
from forestshuffle.safety import MAX_STEPS_WITHOUT_DECISION


def host(*extra: Any) -> fs.PluginHost:
    return fs.PluginHost(extra=[forestshuffle_base, *extra], entry_points=False)


class Shadow:
    """Contributes a ruleset with the id ``base`` of its own (fewer players)."""

    __name__ = "shadow"

    @fs.hookimpl
    def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
        return (attrs.evolve(forestshuffle_base.RULESET, max_players=2, aliases=()),)


@pytest.mark.parametrize("order", ["real first", "shadow first"])
def test_a_ruleset_id_taken_twice_fails_both_plugins_whatever_the_order(order):
    extra = [forestshuffle_base, Shadow()] if order == "real first" else \
        [Shadow(), forestshuffle_base]
    h = fs.PluginHost(extra=extra, entry_points=False)
    with pytest.raises(fs.PluginError) as info:
        h.ruleset("base")
    assert "shadow" in str(info.value) and "forestshuffle_base" in str(info.value)
    assert set(h.failures) == {"shadow", "forestshuffle_base"}


def test_a_species_id_in_two_card_sets_names_both_plugins():
    """hookspecs: two answers with one id fail the build naming both plugins; a species id
    in two card sets did name only the second."""
    class Copy:
        __name__ = "copyset"

        @fs.hookimpl
        def forestshuffle_card_sets(self) -> Iterable[fs.CardSet]:
            return (attrs.evolve(forestshuffle_base.card_set(), id="copy"),)

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            return (attrs.evolve(forestshuffle_base.RULESET, id="both", aliases=(),
                                 card_sets=("base", "copy")),)

    with pytest.raises(fs.CardDataError) as info:
        host(Copy()).ruleset("both")
    text = str(info.value)
    assert "already exists" in text and "copyset" in text and "forestshuffle_base" in text


def test_an_alias_that_is_another_rulesets_id_fails_both():
    class Alias:
        __name__ = "alias"

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            return (attrs.evolve(forestshuffle_base.RULESET, id="mine", aliases=("base",)),)

    h = host(Alias())
    assert {"alias", "forestshuffle_base"} <= set(h.failures)
    assert "mine" not in h.ruleset_ids()


def test_a_plugin_repeating_a_core_kind_fails_alone():
    class Draw(StepKind):
        name = "draw"
        card_effect = True

    class Copycat:
        __name__ = "copycat"

        @fs.hookimpl
        def forestshuffle_step_kinds(self) -> Iterable[StepKind]:
            return (Draw(),)

    h = host(Copycat())
    rules = h.ruleset("base")
    assert rules.step_kinds["draw"] is not None and not isinstance(rules.step_kinds["draw"], Draw)
    assert "forestshuffle" in h.failures["copycat"] and "forestshuffle" not in h.failures


def test_a_half_failed_plugin_contributes_nothing():
    """Its ruleset (contributed by a hook that worked) is gone too: it once stayed."""

    class Half:
        __name__ = "half"

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            return (attrs.evolve(forestshuffle_base.RULESET, id="half-game", aliases=()),)

        @fs.hookimpl
        def forestshuffle_scoring_kinds(self) -> Iterable[ScoringKind]:
            raise RuntimeError("boom")

    h = host(Half())
    assert "half-game" not in h.ruleset_ids()
    with pytest.raises(fs.PluginError, match="boom"):
        h.ruleset("half-game")
    assert h.ruleset("base").id == "base"


@pytest.mark.parametrize("bad", [object(), fs.RulesetSpec("", "no id", ("base",)), None, 3])
def test_a_plugin_returning_an_item_of_the_wrong_class_fails_by_name(bad):
    class Bad:
        __name__ = "bad"

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[Any]:
            return (bad,)

    h = host(Bad())
    assert "bad" in h.failures and h.ruleset("base").id == "base"


def test_every_hook_of_every_plugin_is_asked_once_per_host():
    calls: list[str] = []

    class Counting:
        __name__ = "counting"

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            calls.append("rulesets")
            return (attrs.evolve(forestshuffle_base.RULESET, id="counted", aliases=()),)

        @fs.hookimpl
        def forestshuffle_scoring_kinds(self) -> Iterable[ScoringKind]:
            calls.append("scoring")
            return ()

    h = host(Counting())
    h.ruleset("base")
    h.ruleset("counted")
    h.ruleset("base", {"species": {"base.wolf": {"cost": 1}}})
    h.ruleset("counted", {"species": {"base.wolf": {"cost": 2}}})
    h.ruleset_ids()
    h.registry()
    assert sorted(calls) == ["rulesets", "scoring"]


def test_system_exit_in_a_hook_is_isolated_and_keyboard_interrupt_is_not():
    class Exits:
        __name__ = "exits"

        @fs.hookimpl
        def forestshuffle_card_sets(self) -> Iterable[fs.CardSet]:
            raise SystemExit(3)

    h = host(Exits())
    assert h.ruleset("base").id == "base"
    assert "SystemExit" in h.failures["exits"]

    class Interrupted:
        __name__ = "interrupted"

        @fs.hookimpl
        def forestshuffle_card_sets(self) -> Iterable[fs.CardSet]:
            raise KeyboardInterrupt

    h = host(Interrupted())
    with pytest.raises(KeyboardInterrupt):
        h.ruleset("base")
    with pytest.raises(KeyboardInterrupt):  # nothing was kept: the next use asks again
        h.ruleset("base")


def test_a_plugin_implementing_an_unknown_hook_fails_alone():
    class Typo:
        __name__ = "typo"

        @fs.hookimpl
        def forestshuffle_cardsets(self) -> Iterable[fs.CardSet]:
            return ()

    h = host(Typo())
    assert "typo" in h.failures and h.ruleset("base").id == "base"


def test_two_extra_plugins_with_one_name_do_not_crash_the_host():
    h = host(Shadow(), Shadow())
    assert "shadow" in h.failures


# -- during play -----------------------------------------------------------------------------


class _Stuck(StepKind):
    """A step kind that never finishes: it records progress and stays at the head."""

    name = "stuck"
    card_effect = True

    def run(self, state: Any, step: Any) -> list[ev.Event]:
        return [ev.StepUpdated(step)]


class _Crashing(StepKind):
    name = "crashing"
    card_effect = True

    def run(self, state: Any, step: Any) -> list[ev.Event]:
        raise ZeroDivisionError("kind bug")


class _Empty(StepKind):
    name = "empty"
    card_effect = True

    def run(self, state: Any, step: Any) -> Any:
        return fs.Decision(0, "empty", "choose nothing", ())


def _plugin_with(kind: StepKind) -> Any:
    class Plugin:
        __name__ = "buggy"

        @fs.hookimpl
        def forestshuffle_step_kinds(self) -> Iterable[StepKind]:
            return (kind,)

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            return (attrs.evolve(forestshuffle_base.RULESET, id="buggy", aliases=(),
                                 cannot_act=kind.name),)

    return Plugin()


def _game_reaching(kind: StepKind) -> tuple[fs.Game, fs.Action]:
    """A game where player 0 is about to use the effect of a Birch whose effect is *kind*."""
    from forestshuffle.testing import CardPicker, scenario

    rules = host(_plugin_with(kind)).ruleset("buggy", {"species": {"base.birch": {
        "cost": 0, "effect": [{"kind": kind.name}]}}})
    birch = CardPicker(rules).pick("base.birch")
    g = scenario(rules, 2, hands={0: [birch]})
    g.apply(fs.PlayCard(birch))
    assert g.pending is not None and g.pending.kind == "effect"
    return g, fs.Use()


def test_a_step_kind_that_never_finishes_is_stopped_with_a_clear_error():
    g, action = _game_reaching(_Stuck())
    before = (g.state.snapshot(), list(g.events))
    with pytest.raises(fs.NoProgressError) as info:
        g.apply(action)
    assert info.value.kind == "stuck" and info.value.plugin == "buggy"
    assert str(MAX_STEPS_WITHOUT_DECISION) in str(info.value)
    assert (g.state.snapshot(), list(g.events)) == before


def test_a_step_kind_that_raises_during_play_is_named_with_its_plugin():
    g, action = _game_reaching(_Crashing())
    before = g.state.snapshot()
    with pytest.raises(fs.PluginError) as info:
        g.apply(action)
    assert (info.value.plugin, info.value.kind) == ("buggy", "crashing")
    assert "kind bug" in str(info.value)
    assert g.state.snapshot() == before


def test_a_decision_without_options_is_a_plugin_error():
    g, action = _game_reaching(_Empty())
    with pytest.raises(fs.PluginError, match="cannot be answered"):
        g.apply(action)


class _Emptying(StepKind):
    """A step kind that finishes every step of the queue, the turn's end included."""

    name = "emptying"
    card_effect = True

    def run(self, state: Any, step: Any) -> list[ev.Event]:
        return [ev.StepFinished() for _ in state.queue]


class _BadAnswer(StepKind):
    """A step kind that asks, then raises on the answer."""

    name = "bad_answer"
    card_effect = True

    def run(self, state: Any, step: Any) -> Any:
        return fs.Decision(step.player, "ask", "go on?", (fs.Pass(label="go on"),))

    def answer(self, state: Any, step: Any, action: Any) -> list[ev.Event]:
        raise KeyError("answer bug")


def test_a_step_kind_that_empties_the_queue_is_named_and_the_game_left_as_it_was():
    """Every turn ends by queueing the next: a queue run empty is the step kind's bug
    (PluginError naming the kind run last), and the game is rebuilt as it was."""
    g, action = _game_reaching(_Emptying())
    before = (g.state.snapshot(), list(g.events), len(g.actions))
    with pytest.raises(fs.PluginError, match="ran empty after step kind 'emptying'") as info:
        g.apply(action)
    assert (info.value.plugin, info.value.kind) == ("buggy", "emptying")
    assert (g.state.snapshot(), list(g.events), len(g.actions)) == before


def test_a_step_kind_whose_answer_raises_is_named_and_nothing_changes():
    g, action = _game_reaching(_BadAnswer())
    g.apply(action)
    assert g.pending is not None and g.pending.kind == "ask"
    before = (g.state.snapshot(), list(g.events), len(g.actions))
    with pytest.raises(fs.PluginError) as info:
        g.apply(g.pending.options[0])
    assert (info.value.plugin, info.value.kind) == ("buggy", "bad_answer")
    assert "answer bug" in str(info.value)
    assert (g.state.snapshot(), list(g.events), len(g.actions)) == before


def test_a_deck_builder_that_raises_is_named():
    from forestshuffle.kinds import DeckBuilder

    class Broken(DeckBuilder):
        name = "broken"

        def build(self, rules: Any, players: int, rng: Any) -> list[ev.Event]:
            raise ValueError("no deck")

    class Plugin:
        __name__ = "deckless"

        @fs.hookimpl
        def forestshuffle_deck_builders(self) -> Iterable[DeckBuilder]:
            return (Broken(),)

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            return (attrs.evolve(forestshuffle_base.RULESET, id="deckless", aliases=(),
                                 deck_builder="broken"),)

    rules = host(Plugin()).ruleset("deckless")
    with pytest.raises(fs.PluginError) as info:
        fs.new_game(rules, 2, seed=1)
    assert (info.value.plugin, info.value.kind) == ("deckless", "broken")


def test_the_overridden_rulesets_kept_are_bounded():
    from forestshuffle.safety import OVERRIDES_CACHE_SIZE

    h = host()
    for cost in range(OVERRIDES_CACHE_SIZE + 10):
        h.ruleset("base", {"species": {"base.wolf": {"cost": cost}}})
    assert len(h._overridden) == OVERRIDES_CACHE_SIZE
    again = h.ruleset("base", {"species": {"base.wolf": {"cost": OVERRIDES_CACHE_SIZE + 9}}})
    assert again is h.ruleset("base", {"species": {"base.wolf": {"cost":
                                                                 OVERRIDES_CACHE_SIZE + 9}}})


def test_new_game_stops_a_set_up_step_that_never_finishes():
    """A step kind that never finishes once made new_game hang."""
    from forestshuffle.core.steps import Step
    from forestshuffle.kinds import DeckBuilder
    from forestshuffle.plugins.builtin import WinterInLastThird

    class Stuck(DeckBuilder):
        name = "stuck_setup"

        def build(self, rules: Any, players: int, rng: Any) -> list[ev.Event]:
            deal = WinterInLastThird().build(rules, players, rng)[0]
            return [deal, ev.StepsQueued((Step("stuck"),))]

    class Plugin:
        __name__ = "stuck_setup"

        @fs.hookimpl
        def forestshuffle_deck_builders(self) -> Iterable[DeckBuilder]:
            return (Stuck(),)

        @fs.hookimpl
        def forestshuffle_step_kinds(self) -> Iterable[StepKind]:
            return (_Stuck(),)

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            return (attrs.evolve(forestshuffle_base.RULESET, id="stuck", aliases=(),
                                 deck_builder="stuck_setup"),)

    rules = host(Plugin()).ruleset("stuck")
    with pytest.raises(fs.NoProgressError) as info:
        fs.new_game(rules, 2, seed=1)
    assert (info.value.plugin, info.value.kind) == ("stuck_setup", "stuck")


def test_a_turn_action_whose_events_break_the_state_is_named_not_the_core_turn_step():
    """A plugin's turn action that takes a card the clearing does not hold fails while its
    events are folded: the error names that turn action and its plugin, not the core's
    ``turn`` step that handed it the answer."""
    from forestshuffle.kinds import TurnAction
    from forestshuffle.kinds.turn import DrawAction

    class WrongTake(DrawAction):
        name = "wrong_take"

        def answer(self, state: Any, step: Any, action: Any) -> list[ev.Event]:
            return [ev.StepFinished(), ev.CardTaken(step.player, 99_999)]

    class Plugin:
        __name__ = "wrongtake"

        @fs.hookimpl
        def forestshuffle_turn_actions(self) -> Iterable[TurnAction]:
            return (WrongTake(),)

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            return (attrs.evolve(forestshuffle_base.RULESET, id="wrongtake", aliases=(),
                                 turn_actions=("wrong_take", "play")),)

    game = fs.new_game(host(Plugin()).ruleset("wrongtake"), 2, seed=1)
    while game.pending is not None and game.pending.kind != "turn":
        game.apply(game.legal_actions()[0])
    draw = next(a for a in game.legal_actions() if isinstance(a, fs.DrawFromDeck))
    before = game.state.snapshot()
    with pytest.raises(fs.PluginError) as info:
        game.apply(draw)
    assert (info.value.plugin, info.value.kind) == ("wrongtake", "wrong_take")
    assert str(info.value).startswith("turn action 'wrong_take' of plugin 'wrongtake' failed")
    assert game.state.snapshot() == before


def test_a_step_kind_without_card_effect_named_as_an_effect_is_explained():
    """A card's effect names a step kind that exists but does not set ``card_effect = True``:
    the error says so, naming the kind and its plugin, rather than calling it unknown."""
    class NotAnEffect(StepKind):
        name = "not_an_effect"

        def run(self, state: Any, step: Any) -> Any:
            return [ev.StepFinished()]

    with pytest.raises(fs.CardDataError) as info:
        host(_plugin_with(NotAnEffect())).ruleset("buggy", {"species": {"base.birch": {
            "effect": [{"kind": "not_an_effect"}]}}})
    text = str(info.value)
    assert "unknown" not in text
    assert "'not_an_effect' (plugin 'buggy') is not a card effect" in text
    assert "card_effect = True" in text
