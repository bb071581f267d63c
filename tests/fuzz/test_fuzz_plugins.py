"""Fuzzed plugins: a plugin whose hooks raise, return junk, or repeat ids of the base game (in
any registration order) never shadows ``base``, never takes down the host, and contributes
nothing at all once it fails anywhere; a plugin kind that fails or never finishes during play
is stopped with a PluginError and the game is unchanged.

Source: issue 15 ("a plugin can shadow base", "plugin isolation"); docs/plugins/hooks.md,
docs/security.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

import forestshuffle as fs
import forestshuffle_base
from forestshuffle.core import events as ev
from forestshuffle.kinds import ScoringKind, StepKind
from forestshuffle.plugins.manager import HOOKS
from forestshuffle.testing import CardPicker, scenario

from .harness import TALLY, fuzz_settings

REAL = fs.PluginHost(extra=[forestshuffle_base], entry_points=False).ruleset("base")


class _Draw(StepKind):
    name = "draw"  # the core's


class _Mine(ScoringKind):
    name = "fuzz_scoring"


def _item(hook: str, kind: str) -> Any:
    """An item for *hook*: its own (unique id), a copy of a base or core id, or junk."""
    if kind == "junk":
        return "junk"
    if hook == "forestshuffle_rulesets":
        return attrs.evolve(forestshuffle_base.RULESET, aliases=()) if kind == "copy" else \
            attrs.evolve(forestshuffle_base.RULESET, id="fuzz-game", aliases=())
    if hook == "forestshuffle_card_sets":
        cs = forestshuffle_base.card_set()
        return cs if kind == "copy" else attrs.evolve(cs, id="fuzz-set")
    if hook == "forestshuffle_step_kinds":
        return _Draw() if kind == "copy" else None
    if hook == "forestshuffle_scoring_kinds":
        return _Mine()
    return None


BEHAVIOURS = ("absent", "own", "copy", "junk", "raise", "exit", "not_iterable", "generator")


def _plugin(behaviours: dict[str, str]) -> Any:
    class Plugin:
        __name__ = "fuzzed"

    def make(hook: str, how: str) -> Any:
        def impl() -> Any:
            if how == "raise":
                raise RuntimeError("hook failed")
            if how == "exit":
                raise SystemExit(1)
            if how == "not_iterable":
                return 5
            if how == "generator":
                def gen() -> Iterator[Any]:
                    yield _item(hook, "own")
                    raise ValueError("half way")
                return gen()
            item = _item(hook, how)
            return () if item is None else (item,)

        impl.__name__ = hook
        return fs.hookimpl(impl)

    p = Plugin()
    for hook, how in behaviours.items():
        if how != "absent":
            setattr(p, hook, make(hook, how))
    return p


@given(st.fixed_dictionaries({h: st.sampled_from(BEHAVIOURS) for h in sorted(HOOKS)}),
       st.booleans())
@fuzz_settings(30)
def test_a_fuzzed_plugin_never_shadows_base_and_contributes_nothing_once_it_fails(hooks, first):
    plugin = _plugin(hooks)
    extra = [plugin, forestshuffle_base] if first else [forestshuffle_base, plugin]
    host = fs.PluginHost(extra=extra, entry_points=False)
    fails_anyway = any(how in ("junk", "raise", "exit", "not_iterable", "generator")
                       for how in hooks.values()) or hooks["forestshuffle_step_kinds"] == "copy"
    shadows = not fails_anyway and "copy" in (hooks["forestshuffle_rulesets"],
                                              hooks["forestshuffle_card_sets"])

    def attempt() -> fs.Ruleset:
        return host.ruleset("base")

    def check(rules: fs.Ruleset) -> str | None:
        if sorted(rules.cards) != sorted(REAL.cards) or rules.plugins.keys() != \
                REAL.plugins.keys():
            return "base was replaced by another ruleset"
        failed = "fuzzed" in host.failures
        if fails_anyway and not failed:
            return "a plugin that raised or returned junk did not fail"
        if failed and ({"fuzz-game"} & set(host.ruleset_ids()) or
                       "fuzz_scoring" in host.registry().scoring):
            return "a failed plugin still contributes"
        if shadows and not failed:
            return "a plugin repeating a base id did not fail"
        return None

    TALLY.run("plugins", attempt, valid=not shadows, check=check)
    if shadows:
        why = host.failures.get("fuzzed", "") + host.failures.get("forestshuffle_base", "")
        assert "fuzzed" in why and "forestshuffle_base" in why


class _Stuck(StepKind):
    name = "fuzz_stuck"
    card_effect = True

    def run(self, state: Any, step: Any) -> list[ev.Event]:
        return [ev.StepUpdated(step)]


class _Raises(StepKind):
    name = "fuzz_raises"
    card_effect = True

    def run(self, state: Any, step: Any) -> list[ev.Event]:
        raise LookupError("bug")


class _Junk(StepKind):
    name = "fuzz_junk"
    card_effect = True

    def run(self, state: Any, step: Any) -> Any:
        return ["not an event", ev.StepFinished()]


class _BadDraw(StepKind):
    name = "fuzz_bad_draw"
    card_effect = True

    def run(self, state: Any, step: Any) -> list[ev.Event]:
        return [ev.CardTaken(step.player, -5), ev.StepFinished()]  # not in the clearing


class _Kinds:
    __name__ = "fuzz_kinds"

    @fs.hookimpl
    def forestshuffle_step_kinds(self) -> Any:
        return (_Stuck(), _Raises(), _Junk(), _BadDraw())


KINDS_HOST = fs.PluginHost(extra=[forestshuffle_base, _Kinds()], entry_points=False)


@given(st.sampled_from(("fuzz_stuck", "fuzz_raises", "fuzz_junk", "fuzz_bad_draw")),
       st.sampled_from(("base.birch", "base.linden", "base.oak")), st.integers(0, 50))
@fuzz_settings(12)
def test_a_plugin_kind_that_fails_during_play_is_stopped_and_changes_nothing(kind, tree, seed):
    rules = KINDS_HOST.ruleset("base", {"species": {tree: {"cost": 0, "effect": [
        {"kind": kind}]}}})
    card = CardPicker(rules).pick(tree)
    game = scenario(rules, 2, hands={0: [card]}, seed=seed)
    game.apply(fs.PlayCard(card))

    def state() -> Any:
        return game.state.snapshot(), len(game.events), list(game.actions)

    TALLY.run("plugins", lambda: game.apply(fs.Use()), valid=False, snapshot=state)
    assert game.legal_actions()  # the game is still at its decision
