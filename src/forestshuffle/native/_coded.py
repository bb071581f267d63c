"""What the native games seen from Python share: a game of the extension, dealt from a
seed of a built ruleset and answered with codec ids (:mod:`forestshuffle.search.codec`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from forestshuffle.errors import ArgumentError, IllegalActionError

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset


class CodedGame:
    """A game of the extension answered with codec ids: the base of
    :class:`~forestshuffle.native.NativeGame` and
    :class:`~forestshuffle.native.bots.KnownGame`."""

    #: the built ruleset
    rules: Ruleset
    _game: Any

    def _deal(self, make: Any, native: Any, players: int, seed: int) -> None:
        """The extension's game made by *make* (one of its game classes) of *native* rules
        for *players* from *seed*; ArgumentError for what it refuses."""
        try:
            self._game = make(native, players, seed)
        except ValueError as exc:
            raise ArgumentError(str(exc)) from None

    def legal_codes(self) -> list[int]:
        """The codec ids of the pending decision's options, in the engine's order."""
        codes: list[int] = self._game.legal_codes()
        return codes

    def apply(self, code: int) -> None:
        """Answer the pending decision with the option of codec id *code*
        (IllegalActionError for a code that is not one of :meth:`legal_codes`)."""
        try:
            self._game.apply_code(code)
        except ValueError as exc:
            raise IllegalActionError(str(exc)) from None
