"""Hypothesis strategies for forestshuffle: rulesets, games, actions, forests, card sets.

Every random choice is drawn from hypothesis (the seed of the deal and the index of each
action among the legal ones), so failing examples shrink to short games and small data.

>>> from hypothesis import given
>>> from forestshuffle.testing import strategies as fst
>>> @given(fst.games(ruleset="base", max_actions=20))
... def test_a_game_has_a_current_player(game):
...     assert 0 <= game.current_player < game.players
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
from hypothesis import strategies as st

from forestshuffle.core.cards import Card, CardSet, Half, Position, Spec, Species
from forestshuffle.core.decisions import (
    Action,
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
from forestshuffle.core.layouts import SiteKind, four_sided
from forestshuffle.core.ruleset import Ruleset, RulesetSpec
from forestshuffle.plugins.hookspecs import hookimpl
from forestshuffle.plugins.manager import PluginHost, available_rulesets, get_ruleset

__all__ = [
    "GeneratedCardSet",
    "actions",
    "card_sets",
    "forests",
    "games",
    "illegal_actions",
    "player_counts",
    "rulesets",
    "seeds",
]

RulesetArg = str | Ruleset | None


def rulesets() -> st.SearchStrategy[str]:
    """The id of an installed ruleset (shrinks towards the first in sorted order)."""
    return st.sampled_from(available_rulesets())


def _rules(ruleset: str | Ruleset) -> Ruleset:
    return get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset


def player_counts(ruleset: str | Ruleset) -> st.SearchStrategy[int]:
    """A player count *ruleset* allows (shrinks towards its minimum)."""
    spec = _rules(ruleset).spec
    return st.integers(spec.min_players, spec.max_players)


def seeds() -> st.SearchStrategy[int]:
    """A deal seed."""
    return st.integers(0, 2**32 - 1)


def play_drawn(draw: st.DrawFn, game: Game, n: int) -> Game:
    """Apply up to *n* legal actions to *game*, each index drawn (so it shrinks to 0)."""
    for _ in range(n):
        p = game.pending
        if p is None:
            break
        k = len(p.options)
        game.apply(p.options[draw(st.integers(0, k - 1)) if k > 1 else 0])
    return game


@st.composite
def games(
    draw: st.DrawFn,
    ruleset: RulesetArg = None,
    players: int | None = None,
    *,
    min_actions: int = 0,
    max_actions: int = 120,
    seed: int | None = None,
) -> Game:
    """A game of *ruleset* (any installed one if None; an id or a compiled Ruleset) for
    *players* (drawn if None), dealt from a drawn seed and advanced by between
    *min_actions* and *max_actions* random legal actions (fewer if it ends first)."""
    rid = draw(rulesets()) if ruleset is None else ruleset
    n_players = draw(player_counts(rid)) if players is None else players
    s = draw(seeds()) if seed is None else seed
    game = new_game(_rules(rid), players=n_players, seed=s)
    n = draw(st.integers(min_actions, max_actions))
    return play_drawn(draw, game, n)


def actions(game: Game) -> st.SearchStrategy[Action]:
    """A legal action of *game* (nothing if it is over); shrinks towards the first option."""
    opts = game.legal_actions()
    return st.sampled_from(opts) if opts else st.nothing()


def illegal_actions(game: Game) -> st.SearchStrategy[Any]:
    """Something that is not a legal answer to *game*'s pending decision: an action of the
    wrong kind, about a card or place that does not fit, or not an action at all."""
    rules = game.rules
    legal = set(game.legal_actions())
    hi = max(rules.cards) + 1
    cards = st.one_of(st.sampled_from(sorted(rules.cards)), st.sampled_from((-1, 0, hi)))
    slots = sorted({sd.name for k in rules.site_kinds.values() for sd in k.slots}
                   | {"center", "nowhere"})
    sites = max((len(f.sites) for f in game.state.forests), default=0) + 1
    candidates: st.SearchStrategy[Any] = st.one_of(
        st.sampled_from((DrawFromDeck(), Use(), Pass(), KeepHand(), Redraw())),
        st.builds(DrawFromClearing, cards),
        st.builds(PlayCard, cards),
        st.builds(PlaySapling, cards),
        st.builds(PayWith, cards),
        st.builds(PickCard, cards),
        st.builds(Place, st.integers(-1, 2), st.integers(-1, sites), st.sampled_from(slots)),
    )
    return st.one_of(
        candidates.filter(lambda a: a not in legal),
        st.sampled_from((None, 0, "draw", Action())),
    )


@st.composite
def forests(
    draw: st.DrawFn,
    ruleset: RulesetArg = None,
    players: int | None = None,
    *,
    max_actions: int = 400,
) -> dict[str, Any]:
    """A legal forest document (see :mod:`forestshuffle.documents.score`): the forests of a game
    played by drawn random legal actions, ready for
    :func:`~forestshuffle.documents.score.score_document`."""
    game = draw(games(ruleset, players, max_actions=max_actions))
    return game.forest_document()


# -- card sets ---------------------------------------------------------------------------------

DWELLER_TAGS = ("paw", "bird", "bug", "plant", "deer", "bat")
# typed Any: mypy's attrs plugin cannot read Species' frozenset converters
_TREE_TAGS: Any = frozenset({"tree"})
_WATER: Any = frozenset({"water"})
_NO_NEEDS: Any = frozenset()
AXES = ((Position.TOP, Position.BOTTOM), (Position.LEFT, Position.RIGHT))


class _Plugin:
    """A plugin object contributing one generated card set, its ruleset and site kinds."""

    __version__ = "0"

    def __init__(self, card_set: CardSet, spec: RulesetSpec,
                 site_kinds: tuple[SiteKind, ...]) -> None:
        self.__name__ = f"generated_{spec.id}"
        self._card_set, self._spec, self._site_kinds = card_set, spec, site_kinds

    @hookimpl
    def forestshuffle_card_sets(self) -> Iterable[CardSet]:
        """The generated set."""
        return (self._card_set,)

    @hookimpl
    def forestshuffle_rulesets(self) -> Iterable[RulesetSpec]:
        """Its ruleset."""
        return (self._spec,)

    @hookimpl
    def forestshuffle_site_kinds(self) -> Iterable[SiteKind]:
        """Extra site kinds (a pond whose slots offer water), if any."""
        return self._site_kinds


@attrs.frozen
class GeneratedCardSet:
    """A small, valid card set with the ruleset that plays it, as :func:`card_sets` makes.

    ``plugin()`` gives a fresh plugin object contributing both; ``ruleset()`` compiles it
    with ``PluginHost(extra=[plugin], entry_points=False)``.
    """

    card_set: CardSet
    spec: RulesetSpec
    site_kinds: tuple[SiteKind, ...] = ()

    def plugin(self) -> Any:
        """A plugin object (hook implementations) contributing the set and the ruleset."""
        return _Plugin(self.card_set, self.spec, self.site_kinds)

    def host(self) -> PluginHost:
        """A plugin host with only the core and this plugin."""
        return PluginHost(extra=[self.plugin()], entry_points=False)

    def ruleset(self) -> Ruleset:
        """The compiled ruleset."""
        return self.host().ruleset(self.spec.id)


def _effects(tags: list[str]) -> st.SearchStrategy[Spec]:
    from forestshuffle.plugins import dsl

    tag = st.sampled_from(tags)
    return st.one_of(
        st.builds(dsl.draw, st.integers(1, 3)),
        st.builds(lambda t: dsl.draw_per(f"tag:{t}"), tag),
        st.just(dsl.extra_turn()),
        st.builds(lambda t: dsl.free_play(tag=t), tag),
        st.just(dsl.cave_from_hand_then_draw()),
        st.just(dsl.clearing_to_cave()),
        st.just(dsl.play_further()),
        st.builds(dsl.take_from_clearing, st.integers(1, 2)),
        st.just(dsl.draw_then_cave(2, 1)),
    )


def _scores(tags: list[str], sid: str, shares: bool, tree: bool) -> st.SearchStrategy[Spec]:
    from forestshuffle.plugins import dsl

    tag = st.sampled_from(tags)
    pts = st.integers(0, 5)
    options = [
        st.builds(dsl.flat, pts),
        st.builds(lambda p, t: dsl.per(p, f"tag:{t}"), pts, tag),
        st.builds(lambda p, t, n: dsl.if_at_least(p, f"tag:{t}", n), pts, tag,
                  st.integers(1, 4)),
        st.builds(lambda p, t: dsl.majority(p, f"tag:{t}"), pts, tag),
        st.builds(lambda t: dsl.set_table(t, f"species:{sid}"),
                  st.lists(st.integers(0, 10), min_size=1, max_size=4)),
    ]
    if shares:
        options.append(st.builds(dsl.if_slot_shared, pts))
    if tree:
        options.append(st.builds(dsl.per_attached, pts))
    return st.one_of(options)


@st.composite
def card_sets(draw: st.DrawFn, set_id: str = "gen") -> GeneratedCardSet:
    """A random small but valid card set and a ruleset playing it (id *set_id*): trees and
    split dweller cards with drawn costs, tags, effects, bonuses, triggers, slot sharing and
    scoring from the core vocabulary, sometimes a pond site kind whose slots offer
    ``water`` for species that need it. It compiles and can be played."""
    from forestshuffle.plugins import dsl

    tags = draw(st.lists(st.sampled_from(DWELLER_TAGS), min_size=1, max_size=4, unique=True))
    all_tags = ["tree", *tags]
    water = draw(st.booleans())
    site_kinds: tuple[SiteKind, ...] = ()
    pond = f"{set_id}_pond"
    if water:
        site_kinds = (four_sided(pond, offers=frozenset({"water"})),)
    n_trees = draw(st.integers(1, 3))
    n_dwellers = draw(st.integers(2, 6))
    species: list[Species] = []
    symbols = tuple(f"S{i}" for i in range(n_trees))
    for i in range(n_trees):
        sid = f"{set_id}.tree_{i}"
        species.append(Species(
            sid, f"Tree {i}", "tree", draw(st.integers(0, 2)), _TREE_TAGS,
            effect=draw(st.lists(_effects(all_tags), max_size=1)),
            score=draw(st.lists(_scores(all_tags, sid, False, True), max_size=2)),
            site_kind=pond if water and i == 0 else "tree",
        ))
    for i in range(n_dwellers):
        sid = f"{set_id}.dweller_{i}"
        shares = draw(st.booleans()) and draw(st.booleans())
        trig = []
        if draw(st.integers(0, 3)) == 0:
            trig.append(dsl.on_play(draw(_effects(all_tags)), tag=draw(st.sampled_from(tags))))
        species.append(Species(
            sid, f"Dweller {i}", "dweller", draw(st.integers(0, 3)),
            draw(st.lists(st.sampled_from(tags), min_size=1, max_size=2, unique=True)),
            effect=draw(st.lists(_effects(all_tags), max_size=2)),
            bonus=draw(st.lists(_effects(all_tags), max_size=1)),
            triggers=trig,
            score=draw(st.lists(_scores(all_tags, sid, shares, False), max_size=2)),
            sharing=dsl.shares_slot(draw(st.sampled_from((None, 2, 3)))) if shares else None,
            needs=_WATER if water and draw(st.booleans()) else _NO_NEEDS,
        ))
    max_players = draw(st.integers(2, 4))
    opening = draw(st.integers(3, 6))
    winters = draw(st.integers(1, 3))
    cards: list[Card] = []
    for i in range(n_trees):
        for _ in range(draw(st.integers(3, 6))):
            cards.append(Card(len(cards) + 1, (Half(f"{set_id}.tree_{i}", Position.CENTER,
                                                    symbols[i]),)))
    n_split = max(draw(st.integers(12, 30)), opening * max_players, n_dwellers)
    symbol = st.sampled_from(symbols)
    for k in range(n_split):
        axis = AXES[draw(st.integers(0, 1))]
        halves = []
        for j, pos in enumerate(axis):
            idx = 2 * k + j
            d = idx if idx < n_dwellers else draw(st.integers(0, n_dwellers - 1))
            halves.append(Half(f"{set_id}.dweller_{d}", pos, draw(symbol)))
        cards.append(Card(len(cards) + 1, tuple(halves)))
    for _ in range(winters):
        cards.append(Card(len(cards) + 1, winter=True))
    card_set = CardSet(set_id, "Generated", tuple(species), tuple(cards), symbols,
                       tuple(all_tags))
    spec = RulesetSpec(
        id=set_id, name=f"Generated {set_id}", card_sets=(set_id,), min_players=2,
        max_players=max_players, opening_hand=opening, winters_to_end=winters,
        clearing_limit=draw(st.integers(4, 10)),
    )
    return GeneratedCardSet(card_set, spec, site_kinds)
