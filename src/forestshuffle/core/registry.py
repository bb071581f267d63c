"""The :class:`Registry` of a ruleset: every kind the installed plugins contribute
(re-exported by :mod:`forestshuffle.core.ruleset`)."""

from __future__ import annotations

from typing import Any

import attrs

from forestshuffle.core.layouts import SiteKind


@attrs.frozen
class Registry:
    """Every kind contributed by the installed plugins, by name.

    The values are instances of the kind classes of :mod:`forestshuffle.kinds`
    (``steps``: :class:`~forestshuffle.kinds.StepKind`, ``triggers``:
    :class:`~forestshuffle.kinds.TriggerKind`, and so on). They are typed loosely here so
    that the compiled tables sit below the kinds that read them: the kinds' contracts refer
    to the ruleset and the state, never the other way round.
    """

    steps: dict[str, Any]
    triggers: dict[str, Any]
    scoring: dict[str, Any]
    counts: dict[str, Any]
    turn_actions: dict[str, Any]
    deck_builders: dict[str, Any]
    end_conditions: dict[str, Any]
    site_kinds: dict[str, SiteKind]
    declarations: dict[str, Any] = attrs.field(factory=dict)
    state_kinds: dict[str, Any] = attrs.field(factory=dict)
    #: plugin event classes, by their record type name
    events: dict[str, type[Any]] = attrs.field(factory=dict)
    #: plugin action classes, by their record type name
    actions: dict[str, type[Any]] = attrs.field(factory=dict)
    #: ``family:name`` (``steps:draw``, ``scoring:per``...) -> the plugin that contributed it
    owners: dict[str, str] = attrs.field(factory=dict)
