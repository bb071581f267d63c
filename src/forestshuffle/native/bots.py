"""The native core's bots, seen from Python: :class:`KnownGame`, a native game that keeps
what each player has seen (their memory, as :class:`~forestshuffle.search.determinize.
Knowledge` reads it from the Python engine's log) and samples determinizations as
:class:`~forestshuffle.search.determinize.Determinizer` does, and :class:`GreedyBot`, which
chooses there what ``fs.bots.GreedyBot`` chooses: the same determinization, the same
draws from the same seeded generator, the same action; :class:`ISMCTSBot` does the same for
``fs.bots.ISMCTSBot`` with an iteration budget.

>>> from forestshuffle.native.bots import GreedyBot, KnownGame
>>> game = KnownGame("base", 2, seed=1)  # doctest: +SKIP
>>> game.apply(game.choose(GreedyBot(seed=5)))  # doctest: +SKIP

Whole games played by these bots: ``native.play_many(..., bot="greedy")``, ``bot="ismcts"``,
or a bot per seat (``bot=("ismcts", "greedy")``); a native bot in a Python play loop
(``forestshuffle play --engine native``): :class:`NativeBot`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from forestshuffle.bots.base import BotBase
from forestshuffle.bots.greedy import HAND_WEIGHT
from forestshuffle.bots.ismcts import ITERATIONS, TOP_K
from forestshuffle.errors import ArgumentError
from forestshuffle.native import load_rules
from forestshuffle.native._coded import CodedGame
from forestshuffle.native._loading import _ext, _rules_of, _seed

if TYPE_CHECKING:
    from forestshuffle.core.decisions import Action
    from forestshuffle.core.game import Game
    from forestshuffle.core.ruleset import Ruleset

__all__ = ["NATIVE_BOTS", "GreedyBot", "ISMCTSBot", "KnownGame", "NativeBot"]


class GreedyBot:
    """``fs.bots.GreedyBot(seed=seed)`` played natively: its generator is carried from
    decision to decision, as the Python bot's is."""

    def __init__(self, seed: int = 0) -> None:
        self._bot = _ext().GreedyBot(_seed(seed, "seed"))

    def random(self) -> float:
        """The generator's next ``random()`` (the Python bot's ``rng.random()`` when both
        made the same draws)."""
        value: float = self._bot.random()
        return value


class ISMCTSBot:
    """``fs.bots.ISMCTSBot(seed=seed, iterations=..., ...)`` played natively, the same knobs
    with the same defaults: its generator and the subtree it keeps are carried from decision
    to decision, as the Python bot's are. The budget is iterations only: *seconds* (a CPU
    time budget, whose choices depend on the machine) is refused with ArgumentError."""

    # the Python bot's signature, knob for knob
    def __init__(self, seed: int = 0,  # noqa: PLR0913
                 iterations: int | None = ITERATIONS,
                 seconds: float | None = None, *, exploration: float = 0.7,
                 scale: float = 20.0, hand_weight: float = HAND_WEIGHT,
                 horizon: str = "next", depth: int | None = None,
                 top_k: int | None = TOP_K) -> None:
        if seconds is not None or iterations is None:
            raise ArgumentError("the native ISMCTS bot has an iteration budget only: give "
                                "iterations (a whole number >= 0), not seconds")
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 0:
            raise ArgumentError(f"iterations must be a whole number >= 0, not {iterations!r}")
        for name, value in (("depth", depth), ("top_k", top_k)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or value < 0):
                raise ArgumentError(f"{name} must be a whole number >= 0 or None, "
                                    f"not {value!r}")
        try:
            self._bot = _ext().IsmctsBot(_seed(seed, "seed"), iterations, float(exploration),
                                         float(scale), float(hand_weight), horizon, depth,
                                         top_k)
        except ValueError as exc:
            raise ArgumentError(str(exc)) from None

    def random(self) -> float:
        """The generator's next ``random()`` (the Python bot's ``rng.random()`` when both
        made the same draws)."""
        value: float = self._bot.random()
        return value


class KnownGame(CodedGame):
    """One game played by the native core (the same game as ``fs.new_game(ruleset,
    players=players, seed=seed, ...)``, answered with codec ids) that keeps what each
    player has seen of it."""

    def __init__(self, ruleset: str | Ruleset, players: int = 2, seed: int = 0, *,
                 options: Mapping[str, Any] | None = None,
                 expansions: Sequence[str] = ()) -> None:
        #: the built ruleset
        self.rules = _rules_of(ruleset, options, expansions)
        self._deal(_ext().KnownGame, load_rules(self.rules), players, _seed(seed, "seed"))

    @property
    def to_move(self) -> int | None:
        """The player the pending decision asks (None once over)."""
        who: int | None = self._game.to_move
        return who

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return bool(self._game.is_over)

    def seen(self, player: int) -> frozenset[int]:
        """Every card *player* has seen (``Knowledge(game, player).seen``)."""
        return frozenset(self._game.seen(player))

    def cards(self) -> dict[str, Any]:
        """Where the cards are: ``deck`` (top last), ``box``, ``hands``, ``caves``,
        ``clearing``, ``winter``, ``forests`` (per player, per site: card, site kind,
        slots as (name, cards), tucked cards) and ``legal`` (the pending option codes)."""
        out: dict[str, Any] = self._game.cards()
        return out

    def determinized(self, player: int, seed: int) -> tuple[dict[str, Any], float]:
        """The game determinized for *player* by ``random.Random(seed)`` (as
        ``Determinizer(game, player).sample(random.Random(seed))``), its cards as
        :meth:`cards` gives them, and the generator's next ``random()`` after sampling.
        ArgumentError when no sample fits (where the Python engine raises too)."""
        try:
            out: tuple[dict[str, Any], float] = self._game.determinized(
                player, _seed(seed, "seed"))
        except ValueError as exc:
            raise ArgumentError(str(exc)) from None
        return out

    def choose(self, bot: GreedyBot | ISMCTSBot) -> int:
        """The codec id of the option *bot* takes for the pending decision."""
        try:
            code: int = (self._game.ismcts(bot._bot) if isinstance(bot, ISMCTSBot)
                         else self._game.greedy(bot._bot))
        except ValueError as exc:
            raise ArgumentError(str(exc)) from None
        return code


#: the bots :class:`NativeBot` plays natively, by their names in ``fs.bots.BOTS``
NATIVE_BOTS = ("greedy", "ismcts")


class NativeBot(BotBase):
    """The native core's bot *name* (one of :data:`NATIVE_BOTS`) as a Python bot for any
    play loop: seeded *seed*, it chooses what ``fs.bots.BOTS[name](seed)`` chooses in the
    same game, draw for draw. It follows the Python game by its actions, replayed in a native
    game that keeps what each player has seen (only the new ones at each decision; from the
    start again when the game was undone). The game must have been dealt from a seed and be
    a ruleset the native core plays (NativeError otherwise)."""

    def __init__(self, name: str, seed: int | None = None) -> None:
        super().__init__(seed)
        if name not in NATIVE_BOTS:
            raise ArgumentError(f"the native core has no bot {name!r} to play in a Python "
                                f"game (it has: {', '.join(NATIVE_BOTS)})")
        self.name = name  #: the bot's name
        seed = 0 if seed is None else seed
        self._bot = GreedyBot(seed) if name == "greedy" else ISMCTSBot(seed)
        self._known: KnownGame | None = None
        self._codes: list[int] = []

    def choose(self, game: Game) -> Action:
        """The action the native bot takes for *game*'s pending decision."""
        return game.decode(self._follow(game).choose(self._bot))

    def _follow(self, game: Game) -> KnownGame:
        """The native twin of *game*, brought up to its last action."""
        codes = [game.encode(action) for action, _ in game.actions]
        if self._known is None or codes[:len(self._codes)] != self._codes:
            if game.seed is None:
                raise ArgumentError("a native bot follows games dealt from a seed; this one "
                                    "was not")
            self._known = KnownGame(game.rules, game.players, game.seed)
            self._codes = []
        for code in codes[len(self._codes):]:
            self._known.apply(code)
        self._codes = codes
        return self._known
