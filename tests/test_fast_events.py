"""Issue 16: ``forestshuffle.core.fastevents`` makes the hot path's events without their attrs
``__init__``. Each maker must give exactly what the class's constructor gives, and set every
field the class has: a field added to one of these classes, or a converter, validator or
default that ``__init__`` would apply, fails here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from forestshuffle.core import events as ev
from forestshuffle.core import fastevents as fe
from forestshuffle.core.steps import Step

STEP = Step("pay", 1, 7, {"owed": 1})

#: (maker, its class, arguments as the constructor takes them)
CASES: list[tuple[Callable[..., Any], type[Any], tuple[Any, ...]]] = [
    (fe.replace_head, ev.StepsReplaced, ((STEP, Step("reveal", 1)),)),
    (fe.step_updated, ev.StepUpdated, (STEP,)),
    (fe.turn_started, ev.TurnStarted, (1, True)),
    (fe.turn_started, ev.TurnStarted, (0, False)),
    (fe.card_taken, ev.CardTaken, (1, 42)),
    (fe.card_revealed, ev.CardRevealed, (17,)),
    (fe.CardDrawnBy(1), ev.CardDrawn, (1, 23)),
    (fe.card_played, ev.CardPlayed, (0, 88, 1, 2, "right", (98, 142), "normal", None, "hand")),
    (fe.card_played, ev.CardPlayed, (1, 18, None, 3, "center", (), "free", "river", "clearing")),
]


@pytest.mark.parametrize(("make", "cls", "args"), CASES,
                         ids=[f"{c.__name__}-{i}" for i, (_, c, _) in enumerate(CASES)])
def test_a_maker_gives_what_the_constructor_gives(make: Any, cls: type[Any],
                                                  args: tuple[Any, ...]) -> None:
    made = make(*args[1:]) if isinstance(make, fe.CardDrawnBy) else make(*args)
    want = cls(*args)
    assert type(made) is cls and made == want and repr(made) == repr(want)
    for f in attrs.fields(cls):  # every field set, to the very object given
        assert getattr(made, f.name) is getattr(want, f.name)


@pytest.mark.parametrize("cls", sorted({c for _, c, _ in CASES}, key=lambda c: c.__name__))
def test_the_classes_init_only_stores_its_arguments(cls: type[Any]) -> None:
    """What makes skipping ``__init__`` safe: no converter, validator or setattr hook, and no
    field the constructor would fill by itself (every field is an argument of it)."""
    for f in attrs.fields(cls):
        assert f.init and f.converter is None and f.validator is None and f.on_setattr is None
    assert not hasattr(cls, "__attrs_pre_init__") and not hasattr(cls, "__attrs_post_init__")


def test_each_maker_sets_every_field_its_class_has() -> None:
    """A field added to a class must be added to its maker: a made event then lacks it."""
    for make, cls, args in CASES:
        made = make(*args[1:]) if isinstance(make, fe.CardDrawnBy) else make(*args)
        assert [f.name for f in attrs.fields(cls)] == [
            f.name for f in attrs.fields(cls) if hasattr(made, f.name)]


def test_replace_head_with_no_steps_is_the_shared_finish_and_takes_a_list() -> None:
    assert fe.replace_head(()) is fe.FINISHED and fe.replace_head([]) is fe.FINISHED
    assert type(fe.FINISHED) is ev.StepFinished
    made = fe.replace_head([STEP])
    assert made == ev.StepsReplaced((STEP,)) and type(made.steps) is tuple


def test_a_players_drawer_is_shared_and_draws_as_a_new_one():
    """``drawn_by(player)`` (what every draw of the core uses) is one shared
    ``CardDrawnBy`` per player, making the same interned events as a new one."""
    assert fe.drawn_by(1) is fe.drawn_by(1) and fe.drawn_by(0) is not fe.drawn_by(1)
    assert fe.drawn_by(1)(23) is fe.CardDrawnBy(1)(23) == ev.CardDrawn(1, 23)
