"""What the game waits for (a :class:`Decision`) and the actions that answer it.

Every player input answers the pending decision. Composite moves are sequences of
small decisions (card, then half and slot, then each payment card), so options stay
few and cheap to list. Actions compare by their fields only; ``label`` is a readable
text for people and never affects equality.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import attrs


@attrs.frozen
class Action:
    """Base class of every action.

    A plugin's own actions subclass it (frozen attrs classes with JSON-like fields) and set
    ``type_name``, their dotted tag in records; the core's actions are tagged by class name.
    """

    type_name: ClassVar[str] = ""
    label: str = attrs.field(default="", eq=False, repr=False, kw_only=True)

    def __str__(self) -> str:
        return self.label or repr(self)


@attrs.frozen
class DrawFromDeck(Action):
    """Take the top card of the deck into your hand."""


@attrs.frozen
class DrawFromClearing(Action):
    """Take this face-up card from the clearing into your hand."""

    card: int


@attrs.frozen
class PlayCard(Action):
    """Start playing this hand card normally (then choose half and slot, then payment)."""

    card: int


@attrs.frozen
class PlaySapling(Action):
    """Play this hand card face down as a sapling, for free."""

    card: int


@attrs.frozen
class Place(Action):
    """Put the card being played, using half ``half``, into ``slot`` of site ``site``."""

    half: int
    site: int
    slot: str


@attrs.frozen
class PayWith(Action):
    """Pay one more point of the cost with this hand card."""

    card: int


@attrs.frozen
class PickCard(Action):
    """Choose this card for the effect being resolved (a free play, a cave card, a Mole play)."""

    card: int


@attrs.frozen
class Use(Action):
    """Use the offered effect, bonus or trigger."""


@attrs.frozen
class Pass(Action):
    """Decline the offer, or stop choosing more cards."""


@attrs.frozen
class KeepHand(Action):
    """Keep the opening hand."""


@attrs.frozen
class Redraw(Action):
    """Return the opening hand to the box and draw a new one."""


@attrs.frozen
class Declare(Action):
    """Declare ``name`` (a declaration of the ruleset, such as an immediate win), offered
    besides a decision's own options while its condition holds."""

    name: str


@attrs.frozen
class Decision:
    """The decision a game waits for: whose it is, what kind, and the legal answers.

    ``options`` is sorted in a stable order; an option's position is its action code.
    """

    player: int
    kind: str
    prompt: str
    options: tuple[Action, ...]

    def __str__(self) -> str:
        return f"player {self.player} to {self.prompt}"

    def __contains__(self, action: object) -> bool:
        return action in self.options

    def __len__(self) -> int:
        return len(self.options)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.options)


#: Every action class of the core, by name.
ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        DrawFromDeck,
        DrawFromClearing,
        PlayCard,
        PlaySapling,
        Place,
        PayWith,
        PickCard,
        Use,
        Pass,
        KeepHand,
        Redraw,
        Declare,
    )
}
