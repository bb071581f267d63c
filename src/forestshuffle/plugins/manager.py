"""The plugin manager: loads plugins from the entry-point group ``forestshuffle`` and
compiles rulesets from their contributions.

``FORESTSHUFFLE_LOAD_PLUGINS`` (comma-separated entry-point names; empty for none)
limits which installed plugins load.
"""

from __future__ import annotations

import json
import os
import warnings
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from types import TracebackType
from typing import Any

import attrs
import pluggy

from forestshuffle.core.cards import CardSet
from forestshuffle.core.decisions import Action
from forestshuffle.core.layouts import SiteKind
from forestshuffle.core.ruleset import CORE_PLUGIN, Registry, Ruleset, RulesetSpec
from forestshuffle.core.spec import ExpansionSpec, Option, resolve_options
from forestshuffle.errors import (
    CardDataError,
    ForestShuffleError,
    OptionError,
    OptionWarning,
    PluginError,
    UnknownRulesetError,
)
from forestshuffle.i18n import NameBook, Translation
from forestshuffle.kinds import (
    CountKind,
    DeckBuilder,
    DeclarationKind,
    EndCondition,
    PluginEvent,
    ScoringKind,
    StateKind,
    StepKind,
    TriggerKind,
    TurnAction,
)
from forestshuffle.plugins import hookspecs
from forestshuffle.plugins.builtin import CoreKinds
from forestshuffle.plugins.overrides import PLUGIN as OVERRIDES
from forestshuffle.plugins.overrides import apply_overrides, load_overrides, probe_overrides
from forestshuffle.safety import OVERRIDES_CACHE_SIZE, printable

ENTRY_POINT_GROUP = "forestshuffle"


def _core_version() -> str:
    try:
        return metadata.version("forestshuffle")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a checkout
        return "0+unknown"


#: Every hook: (what its items are called, the attribute naming them, their class, the
#: registry family in :class:`~forestshuffle.core.ruleset.Registry`).
HOOKS: dict[str, tuple[str, str, type[Any], str]] = {
    "forestshuffle_rulesets": ("ruleset", "id", RulesetSpec, ""),
    "forestshuffle_card_sets": ("card set", "id", CardSet, ""),
    "forestshuffle_site_kinds": ("site kind", "id", SiteKind, "site_kinds"),
    "forestshuffle_step_kinds": ("step kind", "name", StepKind, "steps"),
    "forestshuffle_trigger_kinds": ("trigger kind", "name", TriggerKind, "triggers"),
    "forestshuffle_scoring_kinds": ("scoring kind", "name", ScoringKind, "scoring"),
    "forestshuffle_count_kinds": ("count kind", "name", CountKind, "counts"),
    "forestshuffle_turn_actions": ("turn action", "name", TurnAction, "turn_actions"),
    "forestshuffle_deck_builders": ("deck builder", "name", DeckBuilder, "deck_builders"),
    "forestshuffle_end_conditions": ("end condition", "name", EndCondition, "end_conditions"),
    "forestshuffle_declaration_kinds": ("declaration kind", "name", DeclarationKind,
                                        "declarations"),
    "forestshuffle_state_kinds": ("state kind", "name", StateKind, "state_kinds"),
    "forestshuffle_event_types": ("event type", "type_name", PluginEvent, "events"),
    "forestshuffle_action_types": ("action type", "type_name", Action, "actions"),
    "forestshuffle_expansions": ("expansion", "id", ExpansionSpec, ""),
    "forestshuffle_translations": ("translation table", "id", Translation, ""),
}
#: Hooks whose items are classes (subclasses of the class named in HOOKS), not instances.
CLASS_HOOKS = frozenset({"forestshuffle_event_types", "forestshuffle_action_types"})
CORE = CORE_PLUGIN
#: What plugin isolation catches: any Exception, and SystemExit (a hook has no business
#: ending the process). KeyboardInterrupt and other BaseExceptions pass through: they are
#: the user's (or the interpreter's) request to stop.
ISOLATED: tuple[type[BaseException], ...] = (Exception, SystemExit)


def _ids(hook: str, item: Any) -> list[str]:
    """The names *item* takes in its hook's namespace (a ruleset's aliases too)."""
    key = getattr(item, HOOKS[hook][1])
    if hook == "forestshuffle_rulesets":
        return [key, *item.aliases]
    return [key]


def _short(item: Any) -> str:
    try:
        text = repr(item)
    except Exception:
        text = f"<{type(item).__name__}>"
    return printable(text if len(text) <= 80 else text[:77] + "...")


class PluginHost:
    """A pluggy plugin manager with the core and the installed plugins registered.

    Pass ``extra`` plugins (objects or modules with hook implementations) to add some
    without installing them (tests, notebooks); pass ``entry_points=False`` to skip the
    installed ones.

    Every plugin's hooks are asked once, on first use, and their contributions kept. A
    plugin that fails anywhere (a hook raises, returns an item of the wrong class or without
    an id, repeats an id of its own, or contributes an id another plugin contributes too)
    contributes nothing at all and is listed in :attr:`failures`; of two plugins
    contributing one id both fail, whatever their order (a plugin repeating an id of the
    core fails alone: the core is always there).
    """

    def __init__(self, extra: Sequence[Any] = (), *, entry_points: bool = True) -> None:
        #: the pluggy plugin manager: the core and every registered plugin, by name
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        #: plugin name -> its version (the distribution's, or what the plugin declares)
        self.versions: dict[str, str] = {}
        self.pm.register(CoreKinds(), name=CORE)
        self.versions[CORE] = _core_version()
        self._failures: dict[str, str] = {}
        if entry_points:
            self._load_entry_points()
        for i, plugin in enumerate(extra):
            name = getattr(plugin, "__name__", None) or f"{type(plugin).__name__}#{i}"
            if not isinstance(name, str):
                name = f"{type(plugin).__name__}#{i}"
            self._register(plugin, name, str(getattr(plugin, "__version__", "0")))
        self._check_pending()
        self._contributions: dict[str, dict[str, tuple[str, Any]]] | None = None
        self._rulesets: dict[str, Ruleset] = {}
        self._overridden: OrderedDict[str, Ruleset] = OrderedDict()

    @property
    def failures(self) -> dict[str, str]:
        """Plugin name -> why it was left out (it could not be loaded or registered, a hook
        raised, it returned bad data, it contributes an id another plugin contributes)."""
        self.contributions()
        return self._failures

    def _register(self, plugin: Any, name: str, version: str) -> None:
        if self.pm.has_plugin(name) or name in self._failures:
            self._failures.setdefault(name, "has the name of a plugin already registered")
            return
        try:
            self.pm.register(plugin, name=name)
        except (ValueError, pluggy.PluginValidationError) as exc:
            self._failures[name] = f"could not be registered: {printable(str(exc))}"
            return
        self.versions[name] = version

    def _check_pending(self) -> None:
        """Leave out, by name, each plugin implementing a hook that does not exist."""
        for _ in range(len(self.versions) + 1):
            try:
                self.pm.check_pending()
                return
            except pluggy.PluginValidationError as exc:
                name = self.pm.get_name(exc.plugin) or "?"
                self._failures[name] = f"implements an unknown hook: {printable(str(exc))}"
                self.pm.unregister(exc.plugin)
                self.versions.pop(name, None)

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
            except ISOLATED as exc:  # a broken plugin must not take down the others
                self._failures[ep.name] = f"could not be loaded: {_short(exc)}"
                continue
            dist = getattr(ep, "dist", None)
            self._register(plugin, ep.name, dist.version if dist is not None else "0")

    # -- contributions, asked once ---------------------------------------------------------

    def contributions(self) -> dict[str, dict[str, tuple[str, Any]]]:
        """hook -> id -> (plugin, item), from every working plugin; asked once and kept."""
        if self._contributions is None:
            self._contributions = self._gather()
        return self._contributions

    def _gather(self) -> dict[str, dict[str, tuple[str, Any]]]:
        failed: dict[str, str] = {}
        got: dict[str, dict[str, list[Any]]] = {}
        for hook in HOOKS:
            for impl in getattr(self.pm.hook, hook).get_hookimpls():
                name = self.pm.get_name(impl.plugin) or "?"
                if name in failed:
                    continue
                items, why = _contributed(hook, impl.function)
                if why is not None:
                    failed[name] = why
                    continue
                got.setdefault(name, {})[hook] = items
        _fail_copies_of_core(got, failed)
        _fail_duplicates(got, failed)
        out: dict[str, dict[str, tuple[str, Any]]] = {hook: {} for hook in HOOKS}
        for name, hooks in got.items():
            if name in failed:
                continue
            for hook, items in hooks.items():
                for item in items:
                    out[hook][getattr(item, HOOKS[hook][1])] = (name, item)
        self._failures.update(failed)
        return out

    def _unavailable(self, what: str) -> PluginError:
        why = "; ".join(f"plugin {n!r} {w}" for n, w in sorted(self.failures.items()))
        return PluginError(f"{what} is not available: {why}")

    def specs(self) -> dict[str, RulesetSpec]:
        """Every ruleset spec contributed, by id."""
        return {k: item for k, (_, item) in self.contributions()["forestshuffle_rulesets"].items()}

    def ruleset_ids(self) -> list[str]:
        """Ids of the playable rulesets."""
        return sorted(self.specs())

    def registry(self) -> Registry:
        """Every contributed kind, merged by name."""
        c = self.contributions()
        tables: dict[str, dict[str, Any]] = {}
        owners: dict[str, str] = {}
        for hook, (_, _, _, family) in HOOKS.items():
            if not family:
                continue
            tables[family] = {k: item for k, (_, item) in c[hook].items()}
            owners.update({f"{family}:{k}": plugin for k, (plugin, _) in c[hook].items()})
        return Registry(owners=owners, **tables)

    def ruleset(self, ruleset_id: str, overrides: Mapping[str, Any] | None = None, *,
                options: Mapping[str, Any] | None = None,
                expansions: Sequence[str] = ()) -> Ruleset:
        """The compiled ruleset *ruleset_id* (or an alias), built once and cached.

        *options* set the ruleset's options (see :class:`~forestshuffle.core.spec.Option`;
        unknown names and bad values raise :class:`~forestshuffle.errors.OptionError`);
        *expansions* add expansions the ruleset accepts (``RulesetSpec.expansions``);
        *overrides* (see :mod:`forestshuffle.plugins.overrides`) correct card facts. The ruleset
        without any of them is kept for good; of the others, the
        :data:`~forestshuffle.safety.OVERRIDES_CACHE_SIZE` used last are kept.
        """
        if not isinstance(ruleset_id, str):
            raise UnknownRulesetError(printable(repr(ruleset_id)), self.ruleset_ids())
        plain = not overrides and not options and not expansions
        if plain:
            cached = self._rulesets.get(ruleset_id)
            if cached is not None:
                return cached
        else:
            if isinstance(expansions, str) or not all(isinstance(e, str) for e in expansions):
                raise UnknownRulesetError(printable(repr(expansions)), self.ruleset_ids())
            key = json.dumps([ruleset_id, options or {}, sorted(expansions), overrides or {}],
                             sort_keys=True, default=repr)
            cached = self._overridden.get(key)
            if cached is not None:
                self._overridden.move_to_end(key)
                return cached
        rs = self._compile(ruleset_id, overrides, options, tuple(expansions))
        if plain:
            for name in (rs.spec.id, *rs.spec.aliases):
                self._rulesets[name] = rs
        else:
            self._overridden[key] = rs
            while len(self._overridden) > OVERRIDES_CACHE_SIZE:
                self._overridden.popitem(last=False)
        return rs

    def translations(self) -> list[tuple[str, Translation]]:
        """Every translation table contributed, with its plugin, in table order."""
        got = self.contributions()["forestshuffle_translations"]
        return [got[k] for k in sorted(got)]

    def expansion_specs(self) -> dict[str, ExpansionSpec]:
        """Every expansion contributed, by id."""
        return {k: item for k, (_, item)
                in self.contributions()["forestshuffle_expansions"].items()}

    def _expansions(self, spec: RulesetSpec, wanted: tuple[str, ...]
                    ) -> list[tuple[str, ExpansionSpec]]:
        """The expansions *wanted* for *spec*, in the spec's order, each with its plugin."""
        known = self.contributions()["forestshuffle_expansions"]
        takes = self.accepted_expansions(spec)
        for e in wanted:
            if e not in known:
                if self.failures:
                    raise self._unavailable(f"expansion {printable(e)!r}")
                raise OptionError(f"expansion {printable(e)[:40]!r} is not installed "
                                  f"(installed: {', '.join(sorted(known)) or 'none'})")
            if e not in takes:
                raise OptionError(f"ruleset {spec.id!r} takes no expansion "
                                  f"{printable(e)[:40]!r} (it takes: "
                                  f"{', '.join(takes) or 'none'})")
        if len(set(wanted)) != len(wanted):
            raise OptionError(f"an expansion is named twice: {list(wanted)}")
        for e in wanted:
            for need in known[e][1].requires:
                if need not in wanted:
                    raise OptionError(f"expansion {e!r} needs expansion {need!r} too")
        return [known[e] for e in takes if e in wanted]

    @staticmethod
    def _owner_of(option: Option, mixed: list[tuple[str, ExpansionSpec]]) -> str:
        """The plugin of the expansion that declares *option* (``?``: the ruleset's)."""
        return next((p for p, x in mixed if any(o is option for o in x.options)), "?")

    def accepted_expansions(self, spec: RulesetSpec) -> list[str]:
        """The ids of the installed expansions a game of *spec* may add, in a stable order:
        those *spec* names, then those that name *spec* (when it declares ``removal_with``)."""
        known = self.expansion_specs()
        out = [e for e in spec.expansions if e in known]
        if spec.removal_with:
            out += sorted(e for e, x in known.items() if spec.id in x.rulesets and e not in out)
        return out

    def _compile(self, ruleset_id: str, overrides: Mapping[str, Any] | None,
                 options: Mapping[str, Any] | None = None,
                 expansions: tuple[str, ...] = ()) -> Ruleset:
        spec = self._spec(ruleset_id)
        mixed = self._expansions(spec, expansions)
        added = tuple(o for _, x in mixed for o in x.options)
        if options:
            options = _without_retired(options, mixed, {o.name for o in added})
        spec, values = resolve_options(spec, options, added)
        if mixed:
            # an expansion without cards (mode cards, rules) adds nothing to remove
            counted = sum(1 for _, x in mixed if x.card_sets)
            table = spec.removal_with.get(counted, spec.removal)
            spec = attrs.evolve(spec, removal=table, card_sets=(*spec.card_sets, *(
                c for _, x in mixed for c in x.card_sets)))
        chosen = self._card_sets(spec)
        reg = self.registry()
        _check_names(spec, reg)
        used = {p for p, _ in chosen} | {p for p, _ in mixed}
        versions = {n: v for n, v in self.versions.items() if n in used or n == CORE}
        chosen = self._changed_cards(chosen, spec, mixed, added, values)
        exp_ids = tuple(x.id for _, x in mixed)
        if not overrides:
            rs = self._build(spec, chosen, reg, versions, values)
            rs.expansions = exp_ids
            rs.i18n = NameBook(rs, self.translations())
            return rs
        chosen = apply_overrides(chosen, overrides)
        try:
            rs = self._build(spec, chosen, reg, versions, values)
        except CardDataError as exc:
            raise CardDataError(OVERRIDES, exc.item, exc.field,
                                f"{exc.problem} (after applying the overrides)") from None
        except PluginError as exc:
            raise CardDataError(OVERRIDES, "overrides", "(compile)",
                                f"the ruleset does not compile with them: {exc}") from None
        rs.overrides = dict(overrides)
        rs.expansions = exp_ids
        rs.i18n = NameBook(rs, self.translations(), overrides.get("names"))
        probe_overrides(rs, overrides)
        return rs

    def _spec(self, ruleset_id: str) -> RulesetSpec:
        """The spec of the ruleset *ruleset_id* (an id or an alias)."""
        specs = self.specs()
        spec = specs.get(ruleset_id) or next(
            (s for s in specs.values() if ruleset_id in s.aliases), None)
        if spec is None:
            if self.failures:
                raise self._unavailable(f"ruleset {printable(ruleset_id)!r}")
            raise UnknownRulesetError(printable(ruleset_id), list(specs))
        return spec

    def _card_sets(self, spec: RulesetSpec) -> list[tuple[str, CardSet]]:
        """(plugin, card set) of each card set *spec* names."""
        sets_by_id = self.contributions()["forestshuffle_card_sets"]
        chosen: list[tuple[str, CardSet]] = []
        for sid in spec.card_sets:
            if sid not in sets_by_id:
                if self.failures:
                    raise self._unavailable(f"card set {sid!r} of ruleset {spec.id!r}")
                raise CardDataError("?", f"ruleset {spec.id!r}", "card_sets",
                                    f"no plugin provides card set {sid!r}")
            chosen.append(sets_by_id[sid])
        return chosen

    def _changed_cards(self, chosen: list[tuple[str, CardSet]], spec: RulesetSpec,
                       mixed: list[tuple[str, ExpansionSpec]], added: tuple[Option, ...],
                       values: Mapping[str, Any]) -> list[tuple[str, CardSet]]:
        """*chosen* with the card changes of the expansions mixed in, then of the options
        (the spec's, then the expansions'), applied in turn."""
        for plugin, x in mixed:
            if x.changes:
                try:
                    chosen = apply_overrides(chosen, x.changes)
                except CardDataError as exc:
                    raise CardDataError(plugin, exc.item, exc.field,
                                        f"{exc.problem} (the changes of expansion "
                                        f"{x.id!r})") from None
        for o in (*(o for o in spec.options if not any(o is a for a in added)), *added):
            card_changes = o.card_changes(values[o.name]) if o.card_changes else None
            if card_changes:
                try:
                    chosen = apply_overrides(chosen, card_changes)
                except CardDataError as exc:
                    raise CardDataError(self._owner_of(o, mixed), exc.item, exc.field,
                                        f"{exc.problem} (the card changes of option "
                                        f"{o.name}={values[o.name]!r})") from None
        return chosen

    def _build(self, spec: RulesetSpec, chosen: list[tuple[str, CardSet]], reg: Registry,
               versions: dict[str, str], options: Mapping[str, Any] | None = None) -> Ruleset:
        try:
            return Ruleset(spec, chosen, reg, versions, options)
        except ForestShuffleError:
            raise
        except Exception as exc:  # a kind's validate or compile that crashed
            culprit = plugin_failure_from(reg, exc, "?")
            raise PluginError(f"ruleset {spec.id!r} does not compile: {culprit}",
                              plugin=culprit.plugin, kind=culprit.kind) from exc


def _contributed(hook: str, function: Callable[[], Any]) -> tuple[list[Any], str | None]:
    """What a plugin's implementation *function* of *hook* contributes, and why the plugin
    fails (None: it does not): it raised, returned an item of the wrong type or without an
    id, or the same id twice."""
    what, key, cls, _ = HOOKS[hook]
    try:
        items = list(function() or ())
    except ISOLATED as exc:  # a broken plugin must not take down the others
        return [], f"failed in {hook}: {_short(exc)}"
    seen: set[str] = set()
    for item in items:
        ok = (isinstance(item, type) and issubclass(item, cls)
              and attrs.has(item)) if hook in CLASS_HOOKS else isinstance(item, cls)
        ident = getattr(item, key, None) if ok else None
        if hook in CLASS_HOOKS and isinstance(ident, str) and "." not in ident:
            ident = None  # a plugin's own type names are dotted
        if not isinstance(ident, str) or not ident:
            return [], f"returned a bad {what} from {hook}: {_short(item)}"
        dup = [i for i in _ids(hook, item) if i in seen]
        if dup:
            return [], f"contributes {what} {printable(dup[0])!r} twice"
        seen.update(_ids(hook, item))
    return items, None


def _fail_copies_of_core(got: dict[str, dict[str, list[Any]]], failed: dict[str, str]) -> None:
    """A plugin contributing an id the core contributes fails (the copy alone)."""
    core = {hook: {i for item in got.get(CORE, {}).get(hook, ()) for i in _ids(hook, item)}
            for hook in HOOKS}
    for name, hooks in got.items():
        for hook, items in hooks.items():
            taken = [i for item in items for i in _ids(hook, item) if i in core[hook]]
            if name != CORE and taken and name not in failed:
                failed[name] = (f"contributes {HOOKS[hook][0]} {printable(taken[0])!r}, "
                                f"which the core ({CORE!r}) contributes")


def _fail_duplicates(got: dict[str, dict[str, list[Any]]], failed: dict[str, str]) -> None:
    """Plugins that are left and contribute the same id fail, all of them."""
    alive = [n for n in got if n not in failed]
    for hook, (what, _, _, _) in HOOKS.items():
        owners: dict[str, list[str]] = {}
        for name in alive:
            for item in got[name].get(hook, ()):
                for ident in _ids(hook, item):
                    owners.setdefault(ident, []).append(name)
        for ident, names in owners.items():
            for n in names if len(names) > 1 else ():
                others = ", ".join(repr(o) for o in names if o != n)
                failed.setdefault(n, f"contributes {what} {printable(ident)!r}, which "
                                     f"plugin {others} contributes too (both are left out)")


def _check_names(spec: RulesetSpec, reg: Registry) -> None:
    """CardDataError unless every kind *spec* names is registered."""
    steps = reg.steps
    for field, names, table in (
        ("turn_actions", spec.turn_actions, reg.turn_actions),
        ("end_conditions", spec.end_conditions, reg.end_conditions),
        ("deck_builder", (spec.deck_builder,), reg.deck_builders),
        ("sapling_kind", (spec.sapling_kind,) if spec.sapling_kind else (), reg.site_kinds),
        ("turn_step", (spec.turn_step,), steps),
        ("end_of_turn", spec.end_of_turn, steps),
        ("cannot_act", (spec.cannot_act,) if spec.cannot_act else (), steps),
        ("automata", tuple(a.turn for a in spec.automata), steps),
        ("winter_steps", tuple(spec.winter_steps.values()), steps),
        ("declarations", spec.declarations, reg.declarations),
        ("state_kinds", spec.state_kinds, reg.state_kinds),
    ):
        for n in names:
            if n not in table:
                raise CardDataError("?", f"ruleset {spec.id!r}", field,
                                    f"unknown name {n!r} (known: {', '.join(sorted(table))})")


def _kind_objects(reg: Registry) -> dict[int, str]:
    out: dict[int, str] = {}
    for _, _, _, family in HOOKS.values():
        if family:
            for name, obj in getattr(reg, family).items():
                out[id(obj)] = f"{family}:{name}"
    return out


def plugin_failure_from(reg: Registry, exc: BaseException, fallback: str) -> PluginError:
    """A PluginError for *exc*, raised inside a kind: it names the kind whose method raised
    (the innermost kind object in the traceback, else *fallback*, ``family:name``) and the
    plugin that contributed it."""
    objects = _kind_objects(reg)
    key = fallback
    tb: TracebackType | None = exc.__traceback__
    while tb is not None:
        owner = objects.get(id(tb.tb_frame.f_locals.get("self")))
        if owner is not None:
            key = owner
        tb = tb.tb_next
    family, _, name = key.partition(":")
    plugin = reg.owners.get(key, "?")
    what = {"steps": "step kind", "scoring": "scoring kind", "counts": "count kind",
            "triggers": "trigger kind", "site_kinds": "site kind"}.get(
        family, family.rstrip("s").replace("_", " "))
    return PluginError(f"{what} {printable(name)!r} of plugin {printable(plugin)!r} failed: "
                       f"{type(exc).__name__}: {printable(str(exc))[:300]}", plugin=plugin,
                       kind=name)


def plugin_failure(rules: Ruleset, exc: BaseException, fallback: str) -> PluginError:
    """:func:`plugin_failure_from` for a kind of *rules* that raised during play."""
    return plugin_failure_from(rules.registry, exc, fallback)


_HOST: PluginHost | None = None


def host() -> PluginHost:
    """The process-wide plugin host (installed plugins), created on first use."""
    global _HOST
    if _HOST is None:
        _HOST = PluginHost()
    return _HOST


def get_ruleset(ruleset_id: str, overrides: Any = None, *,
                options: Mapping[str, Any] | None = None,
                expansions: Sequence[str] = ()) -> Ruleset:
    """The compiled ruleset *ruleset_id* from the installed plugins, with its *options*
    set, *expansions* added and *overrides* (a mapping, or a path to a TOML/JSON override
    file: pass a path only from your own arguments, never from a document or record)
    applied, if given."""
    return host().ruleset(ruleset_id, load_overrides(overrides), options=options,
                          expansions=expansions)


def available_rulesets() -> list[str]:
    """Ids of every installed ruleset."""
    return host().ruleset_ids()


def plugin_versions() -> dict[str, str]:
    """Name and version of every loaded plugin."""
    return dict(host().versions)


def _without_retired(options: Mapping[str, Any], mixed: Sequence[tuple[str, ExpansionSpec]],
                     declared: set[str]) -> Mapping[str, Any]:
    """*options* without those an expansion of *mixed* retired (``retired_options``) and no
    expansion declares, each dropped with an :class:`OptionWarning` saying why."""
    retired = {n: (x.id, why) for _, x in mixed for n, why in x.retired_options.items()
               if n not in declared and n in options}
    if not retired:
        return options
    for n, (box, why) in sorted(retired.items()):
        warnings.warn(OptionWarning(f"option {n!r} of expansion {box!r} is retired and "
                                    f"ignored: {why}"), stacklevel=4)
    return {k: v for k, v in options.items() if k not in retired}
