"""forestshuffle: a rules engine for the card game Forest Shuffle.

>>> import forestshuffle as fs
>>> game = fs.new_game("base", players=2, seed=7)
>>> game.pending.player
0
"""

from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES

from forestshuffle import bots
from forestshuffle.core import machine
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
    PlayerCountError,
    PluginError,
    RecordError,
    RecordWarning,
    UnknownRulesetError,
)
from forestshuffle.plugins import dsl
from forestshuffle.plugins.hookspecs import hookimpl
from forestshuffle.plugins.manager import PluginHost, available_rulesets, get_ruleset

__version__ = "0.1.0"
"""The version of the forestshuffle package (the core; each plugin has its own)."""

COMPILED: bool = (machine.__file__ or "").endswith(tuple(_EXTENSION_SUFFIXES))
"""Whether the hot modules are compiled (the optional mypyc build,
``FORESTSHUFFLE_COMPILE=1 pip install .``): True when they run as extension modules, False
for the pure-Python package. Both play the same games and raise the same errors."""

__all__ = [
    "COMPILED",
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
    "get_ruleset",
    "hookimpl",
    "new_game",
    "score_document",
]
