"""The base game's species tests still pass with the expansions mixed in: every test of
``tests/base`` (scoring and effects) runs again in each provisional ruleset (base + Alpine,
base + Woodland Edge, base + both), with the base card picker and scenarios pointed at it.
The boxes' base changes (the butterfly table, hares, Squeakers, tree-only rules) must leave
every base-only position scoring and playing as before.
"""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest
from base import test_species_effects, test_species_scoring

from expansions.support import MIXED, ruleset
from forestshuffle.testing import CardPicker, scenario

MODULES = (test_species_scoring, test_species_effects)


def _cases() -> Iterator[Any]:
    """(module, test name, arguments) for every base test and its parametrized values."""
    for mod in MODULES:
        for name, fn in sorted(vars(mod).items()):
            if not name.startswith("test_") or not callable(fn):
                continue
            grids: list[list[dict[str, Any]]] = []
            for mark in getattr(fn, "pytestmark", []):
                if mark.name != "parametrize":
                    continue
                names = [n.strip() for n in (mark.args[0].split(",") if isinstance(
                    mark.args[0], str) else mark.args[0])]
                rows = []
                for values in mark.args[1]:
                    values = getattr(values, "values", values)
                    vals = values if len(names) > 1 else (values,)
                    rows.append(dict(zip(names, vals, strict=True)))
                grids.append(rows)
            for n, combo in enumerate(itertools.product(*grids) if grids else [()]):
                kwargs: dict[str, Any] = {}
                for part in combo:
                    kwargs.update(part)
                yield mod, name, kwargs, f"{mod.__name__.rsplit('.', 1)[-1]}::{name}[{n}]"


CASES = list(_cases())


def test_every_base_species_test_is_collected() -> None:
    """Guard: the base modules' tests are all found (there are well over a hundred)."""
    names = {(m.__name__, n) for m, n, _, _ in CASES}
    assert len(names) > 100
    assert ("base.test_species_scoring", "test_linden_scores_1_when_another_forest_has_more_"
            "lindens") in names


@pytest.mark.parametrize("rid", MIXED)
@pytest.mark.parametrize(("mod", "name", "kwargs"),
                         [pytest.param(m, n, k, id=i) for m, n, k, i in CASES])
def test_base_rule_holds_with_the_expansions_mixed_in(
        rid: str, mod: ModuleType, name: str, kwargs: dict[str, Any],
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = ruleset(rid)

    def mixed_scenario(ruleset: Any = "base", *args: Any, **kw: Any) -> Any:
        return scenario(rules, *args, **kw)

    monkeypatch.setattr(mod, "RULES", rules)
    monkeypatch.setattr(mod, "scenario", mixed_scenario)
    fn: Callable[..., None] = getattr(mod, name)
    params = inspect.signature(fn).parameters
    if "pk" in params:
        kwargs = {**kwargs, "pk": CardPicker(rules)}
    fn(**kwargs)
