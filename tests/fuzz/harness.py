"""The fuzz harness: per-surface tallies of inputs tried, accepted wrongly, refused wrongly,
crashed and state changed, and the settings of the fuzz tests (short in CI, long when
soaking).

Every fuzz test runs its input through :meth:`Tally.run`, which classifies the outcome and
raises (so hypothesis shrinks the input) on any bad one. The session prints the table at its
end (see ``conftest.py``), and writes it as JSON to ``$FORESTSHUFFLE_FUZZ_REPORT`` if set.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import HealthCheck, settings

import forestshuffle as fs

SURFACES = ("actions", "records", "documents", "overrides", "plugins", "views/undo", "pickles",
            "trusted", "rl actions", "record score")
#: the scale of a soak run (``pytest --fs-soak`` or ``FORESTSHUFFLE_SOAK=1``) when
#: ``$FORESTSHUFFLE_FUZZ_SCALE`` does not say
SOAK_SCALE = 40


def scale() -> int:
    """Examples per fuzz test are multiplied by this: ``$FORESTSHUFFLE_FUZZ_SCALE``, or
    :data:`SOAK_SCALE` when soaking, else 1. (Read when the tests are collected: ``--fs-soak``
    sets its variable after this module is imported.)"""
    soak = os.environ.get("FORESTSHUFFLE_SOAK", "") not in ("", "0")
    return int(os.environ.get("FORESTSHUFFLE_FUZZ_SCALE") or (SOAK_SCALE if soak else 1))


def fuzz_settings(examples: int) -> settings:
    """Settings of a fuzz test: *examples* in CI (derandomized: the same inputs each run),
    ``examples * scale()`` new random ones when soaking."""
    n = scale()
    return settings(max_examples=examples * n, deadline=None, derandomize=n == 1,
                    database=None, suppress_health_check=list(HealthCheck))


class FuzzFailure(AssertionError):
    """An input was accepted wrongly, refused wrongly, crashed or changed a refused state."""


@attrs.define
class Counts:
    """The outcomes on one surface."""

    tried: int = 0
    refused_right: int = 0
    accepted_wrongly: int = 0
    refused_wrongly: int = 0
    crashed: int = 0
    state_changed: int = 0


class Tally:
    """Counts per surface over the session."""

    def __init__(self) -> None:
        self.counts: dict[str, Counts] = {s: Counts() for s in SURFACES}

    def run(self, surface: str, attempt: Callable[[], Any], *, valid: bool | None,
            snapshot: Callable[[], Any] | None = None,
            check: Callable[[Any], str | None] | None = None) -> Any:
        """Run *attempt* (one input) and classify it.

        *valid*: whether the input must be accepted (True), refused (False), or either
        (None). A refusal must be a ForestShuffleError; anything else raised is a crash.
        *snapshot*: the state that a refusal must leave unchanged. *check*: on acceptance,
        a problem with the result (an accepted input that is wrong after all), or None.
        Returns the result (None if refused).
        """
        c = self.counts[surface]
        c.tried += 1
        before = snapshot() if snapshot is not None else None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", fs.RecordWarning)
                result = attempt()
        except fs.ForestShuffleError as exc:
            if snapshot is not None and snapshot() != before:
                c.state_changed += 1
                raise FuzzFailure(f"{surface}: a refused input changed the state: {exc}")\
                    from exc
            if valid is True:
                c.refused_wrongly += 1
                raise FuzzFailure(f"{surface}: a valid input was refused: {exc}") from exc
            c.refused_right += 1
            return None
        except Exception as exc:
            c.crashed += 1
            raise FuzzFailure(f"{surface}: crashed with {type(exc).__name__}: {exc}") from exc
        if valid is False:
            c.accepted_wrongly += 1
            raise FuzzFailure(f"{surface}: an invalid input was accepted")
        problem = check(result) if check is not None else None
        if problem is not None:
            c.accepted_wrongly += 1
            raise FuzzFailure(f"{surface}: accepted, but {problem}")
        return result

    def table(self) -> list[str]:
        """The figures as lines of text."""
        head = (f"{'surface':<12} {'tried':>8} {'refused right':>14} {'accepted wrongly':>17} "
                f"{'refused wrongly':>16} {'crashed':>8} {'state changed':>14}")
        lines = [head]
        total = Counts()
        for s, c in self.counts.items():
            lines.append(f"{s:<12} {c.tried:>8} {c.refused_right:>14} {c.accepted_wrongly:>17} "
                         f"{c.refused_wrongly:>16} {c.crashed:>8} {c.state_changed:>14}")
            for f in attrs.fields(Counts):
                setattr(total, f.name, getattr(total, f.name) + getattr(c, f.name))
        lines.append(f"{'all':<12} {total.tried:>8} {total.refused_right:>14} "
                     f"{total.accepted_wrongly:>17} "
                     f"{total.refused_wrongly:>16} {total.crashed:>8} {total.state_changed:>14}")
        return lines

    def as_dict(self) -> dict[str, dict[str, int]]:
        """The figures as JSON-ready data."""
        return {s: attrs.asdict(c) for s, c in self.counts.items()}


TALLY = Tally()


def plain_json(value: Any) -> str:
    """A canonical JSON text of *value* in which ``1``, ``1.0`` and ``true`` differ."""
    import json

    return json.dumps(value, sort_keys=True)


def first_difference(a: Any, b: Any, path: str = "$") -> str | None:
    """Where *a* and *b* first differ (as JSON, types included), or None."""
    if type(a) is not type(b):
        return f"{path}: {a!r:.60} != {b!r:.60}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k}: only in {'the first' if k in a else 'the second'}"
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{path}: {a!r:.60} != {b!r:.60}"
