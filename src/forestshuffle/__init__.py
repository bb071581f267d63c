"""forestshuffle: a rules engine for the card game Forest Shuffle.

>>> import forestshuffle as fs
>>> game = fs.new_game("base", players=2, seed=7)
>>> game.pending.player
0
"""

from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES

from . import bots, dsl, i18n, machine
from .cards import Card, CardSet, Half, Position, Spec, Species
from .decisions import (
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
from .documents import DocumentError, ScoreReport, forest_document, score_document
from .errors import (
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
from .game import Game, new_game
from .hookspecs import hookimpl
from .i18n import get_language, set_language
from .layouts import SiteKind, SlotDef
from .outcome import Outcome, Termination
from .plugins import PluginHost, available_rulesets, get_ruleset
from .ruleset import Ruleset, RulesetSpec
from .scoring import CardScore, PlayerScore, ScoreLine, Scores
from .spec import AutomatonSeat, ExpansionSpec, Option
from .views import PlayerView

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
    "get_language",
    "get_ruleset",
    "hookimpl",
    "i18n",
    "new_game",
    "score_document",
    "set_language",
]
