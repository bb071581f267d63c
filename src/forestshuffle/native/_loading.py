"""Finding the compiled extension and loading a built ruleset into it: what every part of
:mod:`forestshuffle.native` starts from."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from forestshuffle.errors import ArgumentError, NativeError
from forestshuffle.native._export import export, kinds_used

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset

#: how to get the extension, said by every error about its absence
INSTALL_HINT = ("the native core is not installed: build it with `pip install ./native` from "
                "a clone of the repository (it needs a Rust toolchain: https://rustup.rs)")


def _module() -> Any:
    try:  # (by name: the extension is optional, and untyped)
        return importlib.import_module("forestshuffle_native")
    except ImportError:
        return None


def available() -> bool:
    """Whether the compiled extension (``forestshuffle_native``) can be imported."""
    return _module() is not None


def _ext() -> Any:
    mod = _module()
    if mod is None:
        raise NativeError(INSTALL_HINT)
    return mod


def _rules_of(ruleset: str | Ruleset, options: Mapping[str, Any] | None = None,
              expansions: Sequence[str] = ()) -> Ruleset:
    from forestshuffle.core.ruleset import Ruleset

    if isinstance(ruleset, Ruleset):
        if options or expansions:
            raise ArgumentError("pass options and expansions with a ruleset id, not with a "
                                "built Ruleset")
        return ruleset
    if not isinstance(ruleset, str):
        raise ArgumentError(f"ruleset must be a ruleset id or a Ruleset, not {ruleset!r}")
    from forestshuffle.plugins.manager import get_ruleset

    built: Ruleset = get_ruleset(ruleset, options=options, expansions=expansions)
    return built


def _missing(rules: Ruleset, sections: Iterable[str] | None = None) -> tuple[str, ...]:
    known = dict(_ext().known_kinds())
    used = kinds_used(rules)
    out: list[str] = []
    for section, names in used.items():
        if sections is not None and section not in sections:
            continue
        have = set(known.get(section, ()))
        out.extend(f"{section}:{n}" for n in names if n not in have)
    out.extend(_missing_features(rules, int(_ext().MAX_CARD_COST)))
    return tuple(sorted(out))


def _missing_features(rules: Ruleset, max_cost: int) -> list[str]:
    """Rule features the native core lacks, named like kinds (``spec:winter_steps``; a card
    half costing more than *max_cost*, the most it pays: ``cards:cost_above_6``)."""
    spec = rules.spec
    out = []
    if any(h.cost > max_cost for halves in rules.halves.values() for h in halves):
        out.append(f"cards:cost_above_{max_cost}")
    if spec.winter_steps:
        out.append("spec:winter_steps")
    if spec.automata:
        out.append("spec:automata")
    if spec.limits:
        out.append("spec:limits")
    if spec.tie_breakers:
        out.append("spec:tie_breakers")
    return out


def unsupported_kinds(ruleset: str | Ruleset, *, options: Mapping[str, Any] | None = None,
                      expansions: Sequence[str] = ()) -> tuple[str, ...]:
    """The kinds (``section:name``) of *ruleset* the native core lacks; empty when it plays
    the ruleset. NativeError when the extension is not installed."""
    return _missing(_rules_of(ruleset, options, expansions))


def supports(ruleset: str | Ruleset, *, options: Mapping[str, Any] | None = None,
             expansions: Sequence[str] = ()) -> bool:
    """Whether the native core plays *ruleset* (False, never an error, when the extension
    is not installed)."""
    if not available():
        return False
    return not unsupported_kinds(ruleset, options=options, expansions=expansions)


def load_rules(ruleset: str | Ruleset, *, options: Mapping[str, Any] | None = None,
               expansions: Sequence[str] = (), scoring: bool = True) -> Any:
    """The extension's parsed ruleset (made once per built Ruleset and kept on it).
    NativeError naming the kinds the native core lacks; ``scoring=False`` checks only the
    kinds of play (a game then plays, its scores are not those of the Python engine)."""
    rules = _rules_of(ruleset, options, expansions)
    skip = None if scoring else [s for s in kinds_used(rules) if s not in ("scoring", "counts")]
    missing = _missing(rules, skip)
    if missing:
        raise NativeError(f"the native core cannot play ruleset {rules.id!r}: it lacks "
                          f"{', '.join(missing)}", missing)
    cached = rules.derived.get("native.rules")
    if cached is None:
        cached = rules.derived["native.rules"] = _ext().NativeRules(export(rules))
    return cached


#: the bots :func:`~forestshuffle.native.play_many` plays natively, by name
BOTS = ("random", "greedy", "ismcts")


def _seed(value: Any, what: str) -> int:
    from forestshuffle.core.deal import check_seed

    try:
        return check_seed(value)
    except ArgumentError as exc:
        raise ArgumentError(f"{what}: {exc}") from None
