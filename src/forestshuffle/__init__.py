"""forestshuffle: a rules engine for the card game Forest Shuffle.

>>> import forestshuffle as fs
>>> game = fs.new_game("base", players=2, seed=7)
>>> game.pending.player
0
"""

from types import ModuleType

from forestshuffle import _moved, bots, i18n
from forestshuffle.core.cards import Card, CardSet, Half, Position, Spec, Species
from forestshuffle.core.decisions import (
    Action,
    Decision,
    Declare,
    DrawFromClearing,
    DrawFromDeck,
    KeepHand,
    Pass,
    PayWith,
    PickCard,
    Place,
    PlayCard,
    PlaySapling,
    Redraw,
    Use,
)
from forestshuffle.core.game import Game, new_game
from forestshuffle.core.layouts import SiteKind, SlotDef
from forestshuffle.core.outcome import Outcome, Termination
from forestshuffle.core.ruleset import Ruleset, RulesetSpec
from forestshuffle.core.scoring import CardScore, PlayerScore, ScoreLine, Scores
from forestshuffle.core.spec import AutomatonSeat, ExpansionSpec, Option
from forestshuffle.core.views import PlayerView
from forestshuffle.documents.score import (
    DocumentError,
    ScoreReport,
    forest_document,
    score_document,
)
from forestshuffle.errors import (
    ArgumentError,
    CardDataError,
    ForestShuffleError,
    IllegalActionError,
    NoProgressError,
    OptionError,
    OptionWarning,
    PlayerCountError,
    PluginError,
    RecordError,
    RecordWarning,
    UnknownRulesetError,
)
from forestshuffle.i18n import get_language, set_language
from forestshuffle.plugins import dsl
from forestshuffle.plugins.hookspecs import hookimpl
from forestshuffle.plugins.manager import PluginHost, available_rulesets, get_ruleset

_moved.install()


def __getattr__(name: str) -> ModuleType:
    """The modules of the flat layout under their old names (``fs.events``...): each is now in
    a subpackage (``forestshuffle.core.events``); reading one warns."""
    return _moved.attribute(name)


__version__ = "0.1.0"
"""The version of the forestshuffle package (the core; each plugin has its own)."""

__all__ = [
    "Action",
    "ArgumentError",
    "AutomatonSeat",
    "Card",
    "CardDataError",
    "CardScore",
    "CardSet",
    "Decision",
    "Declare",
    "DocumentError",
    "DrawFromClearing",
    "DrawFromDeck",
    "ExpansionSpec",
    "ForestShuffleError",
    "Game",
    "Half",
    "IllegalActionError",
    "KeepHand",
    "NoProgressError",
    "Option",
    "OptionError",
    "OptionWarning",
    "Outcome",
    "Pass",
    "PayWith",
    "PickCard",
    "Place",
    "PlayCard",
    "PlaySapling",
    "PlayerCountError",
    "PlayerScore",
    "PlayerView",
    "PluginError",
    "PluginHost",
    "Position",
    "RecordError",
    "RecordWarning",
    "Redraw",
    "Ruleset",
    "RulesetSpec",
    "ScoreLine",
    "ScoreReport",
    "Scores",
    "SiteKind",
    "SlotDef",
    "Spec",
    "Species",
    "Termination",
    "UnknownRulesetError",
    "Use",
    "__version__",
    "available_rulesets",
    "bots",
    "dsl",
    "forest_document",
    "get_language",
    "get_ruleset",
    "hookimpl",
    "i18n",
    "new_game",
    "score_document",
    "set_language",
]
