"""The errors forestshuffle raises on purpose."""

from __future__ import annotations

from typing import Any


class ForestShuffleError(Exception):
    """Base class of every error forestshuffle raises on purpose."""


class IllegalActionError(ForestShuffleError, ValueError):
    """The action does not answer the pending decision; the game is unchanged.

    Attributes:
        reason: why the action was refused.
        pending: the decision the game waits for (or None).
    """

    def __init__(self, reason: str, pending: Any = None) -> None:
        msg = reason if pending is None else f"{reason}; waiting for: {pending}"
        super().__init__(msg)
        self.reason = reason
        self.pending = pending


class UnknownRulesetError(ForestShuffleError, LookupError):
    """No installed plugin provides a ruleset of that id.

    Attributes:
        ruleset: the id asked for.
        known: the ids that are installed.
    """

    def __init__(self, ruleset: str, known: list[str]) -> None:
        super().__init__(
            f"unknown ruleset {ruleset!r} (installed: {', '.join(sorted(known)) or 'none'})"
        )
        self.ruleset = ruleset
        self.known = known


class PlayerCountError(ForestShuffleError, ValueError):
    """The ruleset cannot be played by that many players (or the names do not match)."""


class OptionError(ForestShuffleError, ValueError):
    """A ruleset option is unknown or its value is not valid for it."""


class CardDataError(ForestShuffleError, ValueError):
    """A plugin's card or rules data is invalid; names the plugin, card and field.

    Attributes:
        plugin: the plugin whose data it is.
        item: the card, species, ruleset or file at fault.
        field: the field that is wrong (``score``).
        problem: what is wrong with it.
    """

    def __init__(self, plugin: str, item: str, field: str, problem: str) -> None:
        super().__init__(f"plugin {plugin!r}, {item}, field {field!r}: {problem}")
        self.plugin = plugin
        self.item = item
        self.field = field
        self.problem = problem


class PluginError(ForestShuffleError):
    """A plugin failed: while a ruleset was being built (it raised, returned bad data or
    repeated an id another plugin contributes), or during play (a kind it contributes
    raised). ``plugin`` and ``kind`` name the culprit when it is known.

    Attributes:
        plugin: the plugin, or None if not known.
        kind: the kind it contributes that failed, or None.
    """

    def __init__(self, message: str, *, plugin: str | None = None,
                 kind: str | None = None) -> None:
        super().__init__(message)
        self.plugin = plugin
        self.kind = kind


class NoProgressError(PluginError):
    """A step kind resolved step after step without the game ever reaching a decision (it
    never finishes); the game is unchanged."""


class ArgumentError(ForestShuffleError, ValueError, TypeError):
    """An argument of a call has the wrong type or value (a ``float`` or ``bool`` where a
    whole number is needed, a player who is not in the game, a negative count); nothing
    was changed. It is both a ValueError and a TypeError."""


class ConcurrentUseError(ForestShuffleError, RuntimeError):
    """A game was changed (``apply``, ``undo``) from a thread while another thread was
    changing it. A :class:`~forestshuffle.core.game.Game` is for one thread at a time; the call
    that found it busy changed nothing."""


class GamesLostError(ForestShuffleError):
    """A simulation run lost games: a worker process died while playing them, again when they
    were retried. Raised after every other game's result was given.

    Attributes:
        missing: the indexes of the games lost, in order.
    """

    def __init__(self, missing: list[int], why: str) -> None:
        self.missing = sorted(missing)
        shown = ", ".join(map(str, self.missing[:20])) + (
            ", ..." if len(self.missing) > 20 else "")
        super().__init__(f"{len(self.missing)} game(s) lost ({why}): {shown}")


class RecordWarning(UserWarning):
    """A record loaded, but something about it deserves attention (a plugin version differs
    from the one that wrote it)."""


class OptionWarning(UserWarning):
    """An option was given that an expansion no longer has (retired once a card text
    settled its reading): it is ignored, and the warning says why."""


class RecordError(ForestShuffleError, ValueError):
    """A game record could not be loaded: malformed, foreign, damaged or tampered.

    Attributes:
        problem: what is wrong.
        index: the index of the first bad event, when one is to blame.
        path: where in the record, as a JSON path (``$.seed``), when known.
    """

    def __init__(self, problem: str, index: int | None = None, path: str | None = None) -> None:
        where = []
        if index is not None:
            where.append(f"event {index}")
        if path:
            where.append(path)
        msg = problem if not where else f"{problem} (at {', '.join(where)})"
        super().__init__(msg)
        self.problem = problem
        self.index = index
        self.path = path


class CodecError(ForestShuffleError, ValueError):
    """An action has no code in the ruleset's action space (see :mod:`forestshuffle.search.codec`),
    a code names no action, or a plugin action's fields have no declared domain."""


class PickleError(ForestShuffleError, TypeError):
    """A game or ruleset cannot be pickled: its ruleset was not compiled from the installed
    plugins, so another process could not rebuild it."""


class NativeError(ForestShuffleError):
    """The native core (:mod:`forestshuffle.native`) cannot do what was asked: its compiled
    extension is not installed, or the ruleset uses kinds it does not know.

    Attributes:
        kinds: the kinds the native core lacks (``steps:my_plugin.effect``...), if that is why.
    """

    def __init__(self, message: str, kinds: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.kinds = kinds
