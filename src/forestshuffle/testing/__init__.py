"""Tools for testing rules and plugins: scenario games built from chosen cards.

:func:`scenario` builds a game in a chosen position (hands, forests, clearing, deck
order) *through events*, so it replays, saves and loads like any other game.
"""

from .scenario import CardPicker, scenario

__all__ = ["CardPicker", "scenario"]
