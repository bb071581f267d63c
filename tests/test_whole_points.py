"""Points are whole numbers: a plugin's scoring kind that gives fractions (``1.5``) is refused
as a PluginError naming the kind and its plugin, never summed into fractional totals; with a
breakdown and without, for single cards and groups."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import pytest

import forestshuffle as fs
import forestshuffle_base
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.core.scoring import final_totals, score_forest
from forestshuffle.kinds import ScoreContext, ScoringKind


class Fraction(ScoringKind):
    name: ClassVar[str] = "fraction"

    def validate(self, args: Mapping[str, Any], rules: Any) -> None:
        """No args."""

    def compile(self, args: Mapping[str, Any], species: str, rules: Any) -> Any:
        return lambda ctx, card: (1.5, "one and a half")


class FractionGroup(Fraction):
    name: ClassVar[str] = "fraction_group"

    def group_key(self, args: Mapping[str, Any], species: str) -> str | None:
        return "fraction_group"

    def compile(self, args: Mapping[str, Any], species: str, rules: Any) -> Any:
        def score(ctx: ScoreContext, cards: Sequence[int]) -> list[tuple[Any, str]]:
            return [(0.5, "half")] * len(cards)
        return score


class Fractions:
    __name__ = "fractions"

    @fs.hookimpl
    def forestshuffle_scoring_kinds(self) -> Iterable[ScoringKind]:
        return (Fraction(), FractionGroup())


@pytest.mark.parametrize("kind", ["fraction", "fraction_group"])
def test_fractional_points_are_refused_naming_the_kind(kind: str) -> None:
    """A species scored by the kind (through overrides, whose every species is scored in
    small forests when the ruleset is built): refused, the kind named."""
    h = fs.PluginHost(extra=[forestshuffle_base, Fractions()], entry_points=False)
    wolf = next(sid for sid in h.ruleset("base").species if sid.endswith("wolf"))
    with pytest.raises((fs.PluginError, fs.CardDataError)) as err:
        h.ruleset("base", {"species": {wolf: {"score": [{"kind": kind, "args": {}}]}}})
    assert kind in str(err.value) and "whole numbers" in str(err.value)


def test_whole_points_still_score() -> None:
    g = fs.new_game("base", players=2, seed=5)
    play_out(g, RandomBot(5))
    totals = final_totals(g.rules, g.state.forests, [len(c) for c in g.state.caves])
    assert all(type(t) is int for t in totals)
    assert all(type(cs.points) is int for cs in score_forest(g.rules, g.state.forests, 0)[1])
