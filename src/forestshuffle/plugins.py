"""The plugin manager: loads plugins from the entry-point group ``forestshuffle`` and
compiles rulesets from their contributions.

``FORESTSHUFFLE_LOAD_PLUGINS`` (comma-separated entry-point names; empty for none)
limits which installed plugins load.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from importlib import metadata
from typing import Any

import pluggy

from . import hookspecs
from .builtin import CoreKinds
from .cards import CardSet
from .errors import CardDataError, PluginError, UnknownRulesetError
from .overrides import PLUGIN as OVERRIDES
from .overrides import apply_overrides, load_overrides
from .ruleset import Registry, Ruleset, RulesetSpec

ENTRY_POINT_GROUP = "forestshuffle"


def _core_version() -> str:
    try:
        return metadata.version("forestshuffle")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a checkout
        return "0+unknown"


class PluginHost:
    """A pluggy plugin manager with the core and the installed plugins registered.

    Pass ``extra`` plugins (objects or modules with hook implementations) to add some
    without installing them (tests, notebooks); pass ``entry_points=False`` to skip the
    installed ones.
    """

    def __init__(self, extra: Sequence[Any] = (), *, entry_points: bool = True) -> None:
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.versions: dict[str, str] = {}
        self.pm.register(CoreKinds(), name="forestshuffle")
        self.versions["forestshuffle"] = _core_version()
        #: plugin name -> why it was left out (it raised, returned bad data, a duplicate id)
        self.failures: dict[str, str] = {}
        self._bad: set[str] = set()
        if entry_points:
            self._load_entry_points()
        for i, plugin in enumerate(extra):
            name = getattr(plugin, "__name__", None) or f"{type(plugin).__name__}#{i}"
            self.pm.register(plugin, name=name)
            self.versions[name] = str(getattr(plugin, "__version__", "0"))
        self.pm.check_pending()
        self._rulesets: dict[str, Ruleset] = {}

    def _load_entry_points(self) -> None:
        only = os.environ.get("FORESTSHUFFLE_LOAD_PLUGINS")
        wanted = None if only is None else {n.strip() for n in only.split(",") if n.strip()}
        for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
            if wanted is not None and ep.name not in wanted:
                continue
            if self.pm.has_plugin(ep.name):
                continue
            try:
                plugin = ep.load()
            except Exception as exc:  # a broken plugin must not take down the others
                self.failures[ep.name] = f"could not be loaded: {exc!r}"
                continue
            self.pm.register(plugin, name=ep.name)
            dist = getattr(ep, "dist", None)
            self.versions[ep.name] = dist.version if dist is not None else "0"

    def _fail(self, plugin: str, why: str) -> None:
        """Record that *plugin* failed; its contributions are left out from now on."""
        self.failures.setdefault(plugin, why)
        self._bad.add(plugin)

    def _collect(self, hook: str) -> list[tuple[str, Any]]:
        """Each working plugin's contributions to *hook*, as (plugin name, item).

        The core comes first, then plugins in registration order (entry points, then
        ``extra``), so on a duplicate id the first one registered wins. A plugin that raises
        is recorded in :attr:`failures` and left out; the others go on.
        """
        impls = [(self.pm.get_name(i.plugin) or "?", i)
                 for i in getattr(self.pm.hook, hook).get_hookimpls()]
        order = {n: i for i, n in enumerate(self.versions)}  # registration order
        impls.sort(key=lambda t: order.get(t[0], len(order)))
        out: list[tuple[str, Any]] = []
        for name, impl in impls:
            if name in self._bad:
                continue
            try:
                items = list(impl.function() or ())
            except Exception as exc:  # a broken plugin must not take down the others
                self._fail(name, f"failed in {hook}: {exc!r}")
                continue
            out.extend((name, item) for item in items)
        return out

    def _merge(self, hook: str, what: str, key_attr: str = "name",
               cls: type[Any] | None = None) -> dict[str, Any]:
        """Contributions merged by id; bad or duplicate ones are recorded and left out."""
        merged: dict[str, Any] = {}
        owner: dict[str, str] = {}
        for plugin, item in self._collect(hook):
            key = getattr(item, key_attr, None)
            if (cls is not None and not isinstance(item, cls)) or not isinstance(key, str) \
                    or not key:
                self._fail(plugin, f"returned a bad {what} from {hook}: {item!r}")
                continue
            if key in merged:
                self._fail(plugin, f"contributes {what} {key!r}, which plugin "
                                   f"{owner[key]!r} already contributes")
                continue
            merged[key] = item
            owner[key] = plugin
        return merged

    def _unavailable(self, what: str) -> PluginError:
        why = "; ".join(f"plugin {n!r} {w}" for n, w in sorted(self.failures.items()))
        return PluginError(f"{what} is not available: {why}")

    def specs(self) -> dict[str, RulesetSpec]:
        """Every ruleset spec contributed, by id."""
        return self._merge("forestshuffle_rulesets", "ruleset", "id", RulesetSpec)

    def ruleset_ids(self) -> list[str]:
        """Ids of the playable rulesets."""
        return sorted(self.specs())

    def registry(self) -> Registry:
        """Every contributed kind, merged by name."""
        return Registry(
            steps=self._merge("forestshuffle_step_kinds", "step kind"),
            triggers=self._merge("forestshuffle_trigger_kinds", "trigger kind"),
            scoring=self._merge("forestshuffle_scoring_kinds", "scoring kind"),
            counts=self._merge("forestshuffle_count_kinds", "count kind"),
            turn_actions=self._merge("forestshuffle_turn_actions", "turn action"),
            deck_builders=self._merge("forestshuffle_deck_builders", "deck builder"),
            end_conditions=self._merge("forestshuffle_end_conditions", "end condition"),
            site_kinds=self._merge("forestshuffle_site_kinds", "site kind", "id"),
        )

    def ruleset(self, ruleset_id: str, overrides: Mapping[str, Any] | None = None) -> Ruleset:
        """The compiled ruleset *ruleset_id* (or an alias), built once and cached.

        *overrides* (see :mod:`forestshuffle.overrides`) correct card facts; the result is
        cached per distinct overrides.
        """
        key = ruleset_id if not overrides else \
            f"{ruleset_id}\0{json.dumps(overrides, sort_keys=True)}"
        cached = self._rulesets.get(key)
        if cached is not None:
            return cached
        specs = self.specs()
        spec = specs.get(ruleset_id)
        if spec is None:
            for s in specs.values():
                if ruleset_id in s.aliases:
                    spec = s
                    break
        if spec is None:
            known = list(specs)
            if self.failures:
                raise self._unavailable(f"ruleset {ruleset_id!r}")
            raise UnknownRulesetError(ruleset_id, known)
        sets_by_id: dict[str, tuple[str, CardSet]] = {}
        owners = {}
        for plugin, cs in self._collect("forestshuffle_card_sets"):
            if not isinstance(cs, CardSet):
                self._fail(plugin, f"returned {cs!r}, not a CardSet")
                continue
            if cs.id in sets_by_id:
                self._fail(plugin, f"contributes card set {cs.id!r}, which plugin "
                                   f"{sets_by_id[cs.id][0]!r} already contributes")
                continue
            sets_by_id[cs.id] = (plugin, cs)
            owners[cs.id] = plugin
        chosen = []
        for sid in spec.card_sets:
            if sid not in sets_by_id or sets_by_id[sid][0] in self._bad:
                if self.failures:
                    raise self._unavailable(f"card set {sid!r} of ruleset {spec.id!r}")
                raise CardDataError("?", f"ruleset {spec.id!r}", "card_sets",
                                    f"no plugin provides card set {sid!r}")
            chosen.append(sets_by_id[sid])
        reg = self.registry()
        for field, names, table in (
            ("turn_actions", spec.turn_actions, reg.turn_actions),
            ("end_conditions", spec.end_conditions, reg.end_conditions),
            ("deck_builder", (spec.deck_builder,), reg.deck_builders),
            ("sapling_kind", (spec.sapling_kind,) if spec.sapling_kind else (), reg.site_kinds),
        ):
            for n in names:
                if n not in table:
                    raise CardDataError("?", f"ruleset {spec.id!r}", field,
                                        f"unknown name {n!r} (known: {', '.join(sorted(table))})")
        used = {p for p, _ in chosen}
        versions = {n: v for n, v in self.versions.items() if n in used or n == "forestshuffle"}
        if overrides:
            chosen = apply_overrides(chosen, overrides)
            try:
                rs = Ruleset(spec, chosen, reg, versions)
            except CardDataError as exc:
                raise CardDataError(OVERRIDES, exc.item, exc.field,
                                    f"{exc.problem} (after applying the overrides)") from None
            rs.overrides = dict(overrides)
            self._rulesets[key] = rs
            return rs
        rs = Ruleset(spec, chosen, reg, versions)
        self._rulesets[spec.id] = rs
        for a in spec.aliases:
            self._rulesets[a] = rs
        return rs


_HOST: PluginHost | None = None


def host() -> PluginHost:
    """The process-wide plugin host (installed plugins), created on first use."""
    global _HOST
    if _HOST is None:
        _HOST = PluginHost()
    return _HOST


def get_ruleset(ruleset_id: str, overrides: Any = None) -> Ruleset:
    """The compiled ruleset *ruleset_id* from the installed plugins, with *overrides* (a
    mapping, or a path to a TOML/JSON override file) applied if given."""
    return host().ruleset(ruleset_id, load_overrides(overrides))


def available_rulesets() -> list[str]:
    """Ids of every installed ruleset."""
    return host().ruleset_ids()


def plugin_versions() -> dict[str, str]:
    """Name and version of every loaded plugin."""
    return dict(host().versions)
