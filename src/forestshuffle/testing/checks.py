"""Checks any game and any card set must pass, as plain functions.

Two families live here, neither needing hypothesis:

* **Game invariants** (:func:`check_game` and the ``check_*`` functions it calls): cards
  are conserved, hands respect the limit, the clearing is emptied at the end of a turn,
  the pending decision is well formed, scores are never negative, ``decide`` never mutates,
  the event log refolds to the state, and a player's view leaks nothing. Each raises
  :class:`InvariantError` (an ``AssertionError``) naming what broke. The
  :class:`~forestshuffle.testing.machine.GameMachine` runs them after every step; the
  soak runner (``python -m forestshuffle.testing.soak``) at the end of each game.
* **Card-set checks** (:func:`check_card_set`): what a plugin author runs on a new card
  set: it compiles, counts and positions add up, every card can be played somewhere, and
  every effect kind its cards name is reached in seeded random games.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from forestshuffle.core.cards import Position
from forestshuffle.core.decisions import Action, Decision, Pass, Use
from forestshuffle.core.machine import advance, decide
from forestshuffle.core.state import GameState, evolve
from forestshuffle.core.views import PlayerView, view
from forestshuffle.errors import ForestShuffleError
from forestshuffle.records.record import action_from_dict, action_to_dict

if TYPE_CHECKING:
    from forestshuffle.core.game import Game
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.plugins.manager import PluginHost

__all__ = [
    "SOAK_ENV",
    "CardSetCheckError",
    "CardSetReport",
    "InvariantError",
    "Problem",
    "check_card_set",
    "check_cards_conserved",
    "check_clearing_timing",
    "check_decide_is_pure",
    "check_game",
    "check_hand_limit",
    "check_option_codes",
    "check_pending",
    "check_replay",
    "check_scores",
    "check_views",
    "hidden_cards",
    "soak_enabled",
    "soak_games",
]


#: Environment variable that switches the toolkit to long runs (``--fs-soak`` sets it).
SOAK_ENV = "FORESTSHUFFLE_SOAK"


def soak_enabled() -> bool:
    """Whether long runs were asked for (``pytest --fs-soak`` or ``FORESTSHUFFLE_SOAK=1``)."""
    return os.environ.get(SOAK_ENV, "") not in ("", "0")


def soak_games(quick: int, soak: int) -> int:
    """*soak* when long runs were asked for, else *quick*: a games count for loops."""
    return soak if soak_enabled() else quick


class InvariantError(AssertionError):
    """A game broke an invariant; ``check`` names which, the message says how."""

    def __init__(self, check: str, message: str, game: Game | None = None) -> None:
        where = ""
        if game is not None:
            where = (f" [ruleset {game.rules.id!r}, {game.players} players, seed {game.seed}, "
                     f"after {len(game.actions)} actions]")
        super().__init__(f"{check}: {message}{where}")
        self.check = check  #: the name of the invariant that broke


# -- game invariants ---------------------------------------------------------------------------


def check_cards_conserved(game: Game) -> None:
    """Every card of the ruleset is in exactly one place (``state.zones()``)."""
    zones = game.state.zones()
    seen: Counter[int] = Counter(c for cards in zones.values() for c in cards)
    twice = sorted(c for c, n in seen.items() if n > 1)
    if twice:
        where = {c: [z for z, cards in zones.items() if c in cards] for c in twice[:5]}
        raise InvariantError("cards conserved", f"cards in two places: {where}", game)
    expected = set(game.rules.cards)
    missing = sorted(expected - set(seen))
    extra = sorted(set(seen) - expected)
    if missing or extra:
        raise InvariantError("cards conserved",
                             f"missing cards {missing[:10]}, unknown cards {extra[:10]}", game)


def check_hand_limit(game: Game) -> None:
    """No hand holds more than the ruleset's ``hand_limit`` (in a ruleset whose draws are not
    capped, ``draw_cap=False``, at the start of a turn: its end-of-turn rules enforce it)."""
    limit = game.rules.spec.hand_limit
    if not game.rules.spec.draw_cap:
        pending = game.pending
        if pending is None or pending.kind != "turn":
            return
    for p, hand in enumerate(game.state.hands):
        if len(hand) > limit:
            raise InvariantError("hand limit",
                                 f"player {p} holds {len(hand)} cards (limit {limit})", game)


def check_clearing_timing(game: Game) -> None:
    """At a turn decision the clearing holds fewer than ``clearing_limit`` cards (a full
    clearing is emptied at the end of every turn)."""
    p = game.pending
    limit = game.rules.spec.clearing_limit
    if p is not None and p.kind == "turn" and len(game.state.clearing) >= limit:
        raise InvariantError("clearing timing",
                             f"a turn starts with {len(game.state.clearing)} clearing cards "
                             f"(limit {limit})", game)


def check_pending(game: Game) -> None:
    """One pending decision while the game runs (none once over), of a valid player,
    with at least one option and no option twice."""
    s = game.state
    p = game.pending
    if s.over:
        if p is not None or game.legal_actions():
            raise InvariantError("pending", "a finished game still waits for a decision", game)
        return
    if not isinstance(p, Decision):
        raise InvariantError("pending", f"a running game waits for {p!r}", game)
    if not 0 <= p.player < game.players:
        raise InvariantError("pending", f"the decision belongs to player {p.player}", game)
    if not p.options:
        raise InvariantError("pending", f"decision {p.kind!r} has no option", game)
    if len(set(p.options)) != len(p.options):
        dupes = [a for a, n in Counter(p.options).items() if n > 1]
        raise InvariantError("pending", f"decision {p.kind!r} offers {dupes} twice", game)
    if not s.queue:
        raise InvariantError("pending", "the resolution queue is empty", game)


def check_option_codes(game: Game) -> None:
    """Each option survives the record format unchanged, and its index is its code."""
    opts = game.legal_actions()
    for i, a in enumerate(opts):
        back, _ = action_from_dict({**action_to_dict(a), "at": 0}, i, game.rules)
        if back != a or opts.index(back) != i:
            raise InvariantError("option codes", f"option {i} {a!r} loads as {back!r}", game)


def check_scores(game: Game) -> None:
    """No player's score is negative, and totals add up from the breakdown (cards, cave and
    the lines scored apart from the cards)."""
    for ps in game.scores():
        if ps.total < 0:
            raise InvariantError("score", f"player {ps.player} scores {ps.total}", game)
        parts = ps.cave + sum(c.points for c in ps.cards) + sum(x.points for x in ps.extras)
        if parts != ps.total:
            raise InvariantError("score", f"player {ps.player}: breakdown adds to {parts}, "
                                          f"total says {ps.total}", game)


def check_decide_is_pure(game: Game, actions: Iterable[Action] | None = None) -> None:
    """``decide`` on legal actions (by default the first, middle and last) changes nothing."""
    s = game.state
    if s.over:
        return
    opts = game.legal_actions()
    if actions is None:
        actions = {opts[0], opts[len(opts) // 2], opts[-1]}
    before = s.snapshot()
    pending = s.pending
    for a in actions:
        decide(s, a)
        if s.snapshot() != before or s.pending is not pending:
            raise InvariantError("decide is pure", f"decide(state, {a!r}) changed the state",
                                 game)


def check_replay(game: Game) -> None:
    """Folding the event log into a new state gives the game's state."""
    s = GameState(game.rules, game.players)
    for e in game.events:
        evolve(s, e)
    if s.snapshot() != game.state.snapshot():
        raise InvariantError("replay", "refolding the events gives another state", game)
    if game.state.nevents != len(game.events):
        raise InvariantError("replay", f"the state counts {game.state.nevents} events, the "
                                       f"log holds {len(game.events)}", game)


def hidden_cards(state: GameState, player: int) -> set[int]:
    """Cards *player* must not see: the deck, the other hands and the other caves."""
    out = set(state.deck)
    for p in range(state.players):
        if p != player:
            out.update(state.hands[p])
            out.update(state.caves[p])
    return out


def _shuffled_secrets(state: GameState, player: int) -> GameState:
    """A copy of *state* that differs only in what *player* cannot see: the hidden cards
    (deck, other hands, other caves) rotated by one place, sizes kept."""
    others = [p for p in range(state.players) if p != player]
    zones: list[list[int]] = [state.deck, *(state.hands[p] for p in others),
                              *(state.caves[p] for p in others)]
    pool = [c for z in zones for c in z]
    pool = pool[1:] + pool[:1]
    s = state.copy()
    new: list[list[int]] = []
    i = 0
    for z in zones:
        new.append(pool[i : i + len(z)])
        i += len(z)
    s.deck = new[0]
    for k, p in enumerate(others):
        s.hands[p] = new[1 + k]
        s.caves[p] = new[1 + len(others) + k]
    s.pending = None
    if state.pending is not None and state.pending.player == player and not state.over:
        res = advance(s)
        if isinstance(res, Decision):
            s.pending = res
    return s


def _shown_cards(v: PlayerView) -> Iterable[tuple[str, int]]:
    """(field, card id) of every card id a view shows."""
    for name in ("hand", "cave", "clearing", "winter_cards"):
        for i, c in enumerate(getattr(v, name)):
            yield f"{name}[{i}]", c
    for fi, f in enumerate(v.forests):
        for si, site in enumerate(f.sites):
            yield f"forests[{fi}].sites[{si}].card", site.card
            for slot, cards in site.slots:
                for i, c in enumerate(cards):
                    yield f"forests[{fi}].sites[{si}].{slot}[{i}]", c
    if v.pending is not None:
        for i, a in enumerate(v.pending.options):
            for att in attrs.fields(type(a)):
                val = getattr(a, att.name)
                if att.name != "label" and isinstance(val, int) and not isinstance(val, bool) \
                        and att.name in ("card", "cards"):
                    yield f"pending.options[{i}].{att.name}", val


def _texts(v: PlayerView) -> tuple[str, ...]:
    """The texts of a view that equality leaves out (the decision's prompt and labels)."""
    if v.pending is None:
        return ()
    return (v.pending.prompt, *(a.label for a in v.pending.options))


def check_views(game: Game) -> None:
    """Each player's view shows their own hand and cave, and leaks nothing hidden.

    Two checks: structurally, no card-bearing field of the view (hands, caves, clearing,
    sites, slots, the options' cards) holds a card of the deck, another hand or another
    cave; and by non-interference, rotating those hidden cards among their places leaves
    the view (every field, prompt and labels included) unchanged, so no field leaks them in
    any form.
    """
    s = game.state
    for p in range(game.players):
        v = view(s, p)
        if v.hand != tuple(s.hands[p]) or v.cave != tuple(s.caves[p]):
            raise InvariantError("views", f"player {p}'s view shows another hand or cave", game)
        if v.hand_sizes != tuple(len(h) for h in s.hands) or v.deck_size != len(s.deck):
            raise InvariantError("views", f"player {p}'s view miscounts hands or deck", game)
        if (v.pending is not None) != (s.pending is not None and not s.over
                                       and s.pending.player == p):
            raise InvariantError("views", f"player {p}'s view shows another's decision", game)
        secret = hidden_cards(s, p)
        for path, c in _shown_cards(v):
            if c in secret:
                raise InvariantError("views", f"player {p}'s view shows hidden card {c} at "
                                              f"{path}", game)
        for site in (site for f in v.forests for site in f.sites):
            if site.species is None and site.card != -1:
                raise InvariantError("views", f"player {p}'s view shows face-down card "
                                              f"{site.card}", game)
        if len(secret) > 1:
            other = view(_shuffled_secrets(s, p), p)
            if other != v or _texts(other) != _texts(v):
                diff = [a.name for a in attrs.fields(PlayerView)
                        if getattr(v, a.name) != getattr(other, a.name)] or ["pending texts"]
                raise InvariantError("views", f"player {p}'s view depends on hidden cards "
                                              f"(fields {diff})", game)


def check_game(game: Game, *, replay: bool = True, views: bool = True) -> None:
    """Every game invariant at once (replay and views can be left out when time is short)."""
    check_cards_conserved(game)
    check_hand_limit(game)
    check_clearing_timing(game)
    check_pending(game)
    check_option_codes(game)
    check_scores(game)
    check_decide_is_pure(game)
    if replay:
        check_replay(game)
    if views:
        check_views(game)


# -- card-set checks ---------------------------------------------------------------------------


@attrs.frozen
class Problem:
    """One thing wrong with a card set: which check found it, about what, and how."""

    check: str  #: ``compile``, ``counts``, ``playable``, ``effects`` or ``play``
    item: str  #: the species, card or ruleset concerned
    message: str  #: what is wrong, in words

    def __str__(self) -> str:
        return f"[{self.check}] {self.item}: {self.message}"


class CardSetCheckError(AssertionError):
    """:func:`check_card_set` found problems; ``report`` lists them."""

    def __init__(self, report: CardSetReport) -> None:
        super().__init__(str(report))
        self.report = report  #: the :class:`CardSetReport` with the problems


@attrs.frozen
class CardSetReport:
    """What :func:`check_card_set` found for one ruleset."""

    ruleset: str  #: the ruleset checked
    problems: tuple[Problem, ...]  #: what was found wrong (empty: all is well)
    games: int = 0  #: random games played
    effect_kinds: frozenset[str] = frozenset()  #: effect kinds the cards name
    effect_kinds_seen: frozenset[str] = frozenset()  #: step kinds that ran in the games
    never_played: tuple[str, ...] = ()  #: species no game put into a forest (for information)
    #: what is worth fixing but does not fail the check (``translations``: names missing in a
    #: language the core or a plugin ships)
    warnings: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        """True when no problem was found."""
        return not self.problems

    def raise_for_problems(self) -> None:
        """Raise :class:`CardSetCheckError` if there is any problem."""
        if self.problems:
            raise CardSetCheckError(self)

    def __str__(self) -> str:
        head = (f"card set check of {self.ruleset!r}: {len(self.problems)} problem(s), "
                f"{len(self.warnings)} warning(s), {self.games} games played")
        return "\n".join([head, *(f"  - {p}" for p in self.problems),
                          *(f"  - warning {p}" for p in self.warnings)])


def _check_translations(rules: Ruleset) -> list[Problem]:
    """One warning per language and section (species, symbols, tags) with names missing."""
    from forestshuffle.i18n import LANGUAGES, book_of

    book = book_of(rules)
    out = []
    for lang in sorted(set(LANGUAGES) | set(book.locales)):
        if lang == "en":
            continue
        for section in ("species", "symbols", "tags"):
            missing = book.missing(lang, section)
            if missing:
                shown = ", ".join(missing[:8]) + (", ..." if len(missing) > 8 else "")
                out.append(Problem("translations", f"{section} in {lang}",
                                   f"{len(missing)} without a name: {shown} (a plugin's "
                                   "forestshuffle_translations hook or an override file's "
                                   "names table gives them)"))
    return out


def _effect_kinds(rules: Ruleset) -> dict[str, list[str]]:
    """Effect kind -> the species naming it (effect, bonus or a trigger's effect)."""
    out: dict[str, list[str]] = {}
    for sid, sp in rules.species.items():
        specs = [*sp.effect, *sp.bonus]
        for t in sp.triggers:
            specs.extend(t.args.get("effect", ()))
        for spec in specs:
            out.setdefault(spec.kind, []).append(sid)
    return out


def _check_counts(rules: Ruleset) -> list[Problem]:
    out: list[Problem] = []
    spec = rules.spec
    on_cards: Counter[str] = Counter(h.species for hs in rules.halves.values() for h in hs)
    for sid, sp in rules.species.items():
        if not on_cards[sid]:
            out.append(Problem("counts", f"species {sid!r}", "appears on no card"))
        kind_ok = all((h.position is Position.CENTER) == (sp.kind != "dweller")
                      for hs in rules.halves.values() for h in hs if h.species == sid)
        if not kind_ok:
            out.append(Problem("counts", f"species {sid!r}",
                               f"a half's position does not suit a {sp.kind}"))
    deck = len(rules.deck_cards)
    for players in range(spec.min_players, spec.max_players + 1):
        removed = spec.removal.get(players, 0)
        left = deck - removed
        if removed < 0 or left < spec.opening_hand * players:
            out.append(Problem("counts", f"ruleset {rules.id!r}",
                               f"{players} players: {deck} cards minus {removed} removed "
                               f"cannot deal {players} hands of {spec.opening_hand}"))
    odd = sorted(k for k in spec.removal if not spec.min_players <= k <= spec.max_players)
    if odd:
        out.append(Problem("counts", f"ruleset {rules.id!r}",
                           f"removal names player counts {odd} outside "
                           f"{spec.min_players}..{spec.max_players}"))
    if len(rules.winter_cards) < spec.winters_to_end and not spec.end_conditions:
        out.append(Problem("counts", f"ruleset {rules.id!r}",
                           f"{len(rules.winter_cards)} winter card(s) but the game ends at the "
                           f"{spec.winters_to_end}th, and no other end condition"))
    return out


def _check_playable(rules: Ruleset) -> list[Problem]:
    out: list[Problem] = []
    kinds = list(rules.used_site_kinds.values())
    max_cost = rules.spec.hand_limit - 1
    for c, hs in sorted(rules.halves.items()):
        usable = 0
        for i, h in enumerate(hs):
            where = f"card {c} half {i} ({h.species}, {h.position.value})"
            if h.position is Position.CENTER:
                fits = h.site_kind in rules.site_kinds
            else:
                fits = any(sd.takes(h.position, h.needs, h.tags) for k in kinds for sd in k.slots)
                if not fits:
                    out.append(Problem("playable", where,
                                       f"no slot of the site kinds {sorted(rules.used_site_kinds)} "
                                       f"takes it (needs {sorted(h.needs)}, tags "
                                       f"{sorted(h.tags)})"))
            if fits and h.cost > max_cost:
                out.append(Problem("playable", where,
                                   f"costs {h.cost}, more than a hand of {rules.spec.hand_limit} "
                                   f"can pay"))
            usable += fits
        if not usable:
            out.append(Problem("playable", f"card {c}", "can be played nowhere"))
    return out


def _eager_choice(rng: random.Random, options: Sequence[Action]) -> Action:
    """A random option, using offered effects, bonuses and triggers most of the time."""
    if len(options) == 1:
        return options[0]
    uses = [a for a in options if isinstance(a, Use)]
    if uses and rng.random() < 0.9:
        return uses[0]
    plays = [a for a in options if not isinstance(a, Pass)]
    if plays and rng.random() < 0.5:
        return plays[rng.randrange(len(plays))]
    return options[rng.randrange(len(options))]


def _random_game(rules: Ruleset, players: int, game_seed: int, rng: random.Random,
                 max_actions: int) -> Game:
    """A game dealt from *game_seed*, played by :func:`_eager_choice` from *rng* until it
    ends or *max_actions* actions were taken."""
    from forestshuffle.core.game import Game

    game = Game(rules, players, game_seed)
    game._start()
    n = 0
    while not game.is_over and n < max_actions:
        p = game.pending
        assert p is not None
        game.apply(_eager_choice(rng, p.options))
        n += 1
    return game


def _note_played(rules: Ruleset, game: Game, seen: set[str], played: set[str]) -> None:
    """Add the step kinds *game* queued to *seen*, the species in its forests to *played*."""
    from forestshuffle.core import events as ev

    for e in game.events:
        if isinstance(e, ev.StepsQueued):
            seen.update(st.kind for st in e.steps)
    for f in game.state.forests:
        for c in f.order:
            hi = f.where[c][2]
            if hi >= 0:
                played.add(rules.halves[c][hi].species)


def check_card_set(
    ruleset: str | Ruleset,
    *,
    host: PluginHost | None = None,
    games: int = 20,
    seed: int = 0,
    max_actions: int = 20_000,
    raise_on_problems: bool = False,
) -> CardSetReport:
    """Check the card data of *ruleset* (an id, compiled from *host* or the installed
    plugins, or a compiled :class:`~forestshuffle.core.ruleset.Ruleset`).

    Checks, each reported as :class:`Problem` entries of the returned report:

    ``compile``
        the ruleset compiles: every species resolves to known kinds, tags and counts.
    ``counts``
        every species appears on some card, halves' positions suit their species, the deck
        deals every allowed player count, and enough winter cards exist to end the game.
    ``playable``
        every card half fits a slot of some site kind the ruleset can hold (slot sides,
        ``offers``, ``exclusive`` and ``tags`` against species ``needs`` and tags) and costs
        what a full hand can pay; a card none of whose halves fits is reported too.
    ``effects``
        every effect kind the cards name ran in *games* seeded random games (a bot that
        mostly uses what it is offered), cycling the allowed player counts.
    ``play``
        those games end, within *max_actions* actions, without raising, and pass
        :func:`check_game` at their end.

    Warnings (``report.warnings``; they do not fail the check):

    ``translations``
        species, tree symbols and tags without a name in a language the core or a plugin
        ships (``zh-Hans``, ``ja``...).

    With *raise_on_problems*, raise :class:`CardSetCheckError` instead of returning a
    report that has problems.
    """
    from forestshuffle.plugins.manager import host as default_host

    rid = ruleset if isinstance(ruleset, str) else ruleset.id
    if isinstance(ruleset, str):
        try:
            rules = (host or default_host()).ruleset(ruleset)
        except ForestShuffleError as exc:
            report = CardSetReport(rid, (Problem("compile", f"ruleset {rid!r}", str(exc)),))
            if raise_on_problems:
                report.raise_for_problems()
            return report
    else:
        rules = ruleset
    problems = [*_check_counts(rules), *_check_playable(rules)]
    named = _effect_kinds(rules)
    seen: set[str] = set()
    played: set[str] = set()
    spec = rules.spec
    counts = list(range(spec.min_players, spec.max_players + 1))
    played_games = 0
    if not any(p.check == "counts" and "deal" in p.message for p in problems):
        for i in range(games):
            players = counts[i % len(counts)]
            rng = random.Random(seed * 1_000_003 + i)
            game_seed = rng.randrange(2**32)
            where = f"game {i} ({players} players, seed {game_seed})"
            try:
                game = _random_game(rules, players, game_seed, rng, max_actions)
                _note_played(rules, game, seen, played)
                played_games += 1
                if not game.is_over:
                    problems.append(Problem("play", where,
                                            f"did not end within {max_actions} actions"))
                    continue
                check_game(game, views=False)
            except Exception as exc:
                problems.append(Problem("play", where, f"{type(exc).__name__}: {exc}"))
        if played_games:
            problems.extend(
                Problem("effects", f"effect kind {kind!r}",
                        f"never ran in {played_games} random games (named "
                        f"by {', '.join(sorted(set(species)))})")
                for kind, species in sorted(named.items()) if kind not in seen)
    never = tuple(sorted(s for s in rules.species if s not in played)) if played_games else ()
    report = CardSetReport(rid, tuple(problems), played_games, frozenset(named),
                           frozenset(seen), never, tuple(_check_translations(rules)))
    if raise_on_problems:
        report.raise_for_problems()
    return report
