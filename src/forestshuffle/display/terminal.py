"""A game in the terminal, drawn with rich: forests by site and slot in their tree symbols'
colours, the clearing, a hand, the decision and its numbered options; and
:class:`PlaySession`, a person playing against bots (``forestshuffle play``).

Every text from a ruleset, a record or a person goes through
:func:`~forestshuffle.safety.printable` before it reaches the terminal, and into rich as
plain :class:`~rich.text.Text` (never as markup).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from forestshuffle.bots import choose
from forestshuffle.display.describe import outcome_lines, turn_summaries
from forestshuffle.display.render import symbol_colour
from forestshuffle.errors import ForestShuffleError
from forestshuffle.files import write_atomic
from forestshuffle.i18n import _, book_of, fold, get_language, ngettext
from forestshuffle.i18n.text import localize, slot_name

if TYPE_CHECKING:
    from forestshuffle.bots import Bot
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.game import Game
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.scoring import Scores
    from forestshuffle.core.state import GameState

#: The colour of a card without a tree symbol, and of a face-down card.
FACE_DOWN = "grey50"


def safe(text: Any, style: str = "") -> Text:
    """*text* as rich Text, terminal-safe (see :func:`~forestshuffle.safety.printable`)."""
    from forestshuffle.safety import printable

    return Text("\n".join(printable(line) for line in str(text).split("\n")), style=style)


def symbol_style(rules: Ruleset, symbol: str | None) -> str:
    """The colour of tree symbol *symbol*: its tiles' colour in the pictures of
    :mod:`forestshuffle.display.render` (rich brings it down to what the terminal shows)."""
    if symbol is None or symbol not in rules.symbols:
        return FACE_DOWN
    return symbol_colour(rules, symbol)


def card_text(rules: Ruleset, card: int, half: int | None = None) -> Text:
    """A card's name, each half in its symbol's colour (*half*: only that half)."""
    halves = rules.halves.get(card)
    lang = get_language()
    book = book_of(rules)
    if not halves:
        return safe(book.card(card, None, lang) if card in rules.cards else f"card {card}",
                    "bold")
    shown = [half] if half is not None else range(len(halves))
    out = Text()
    for n, i in enumerate(shown):
        if n:
            out.append(" / ")
        h = halves[i]
        out.append_text(safe(book.species(h.species, lang),
                             f"bold {symbol_style(rules, h.symbol)}"))
    return out


def _slot_order(name: str) -> tuple[int, str]:
    for i, side in enumerate(("top", "left", "right", "bottom")):
        if name.startswith(side):
            return (i, name)
    return (4, name)


def forest_table(rules: Ruleset, forest: Forest, title: str = "") -> Table:
    """A player's forest: a row per site (the tree or site card, and its slots by group, a
    shared slot's cards stacked with ``+``)."""
    groups: list[str] = []
    for s in forest.sites:
        for sd in s.kind.slots:
            if sd.group_name not in groups:
                groups.append(sd.group_name)
    groups.sort(key=_slot_order)
    table = Table(title=safe(title) if title else None, title_justify="left", expand=False,
                  show_lines=False)
    lang = get_language()
    book = book_of(rules)
    table.add_column("#", justify="right", style="dim")
    table.add_column(_("site"))
    for g in groups:
        table.add_column(safe(g if lang == "en" else slot_name(g, lang)))
    for i, s in enumerate(forest.sites):
        if s.species is None:
            head = safe(book.site_kind(s.kind.id, lang), f"italic {FACE_DOWN}")
        else:
            head = card_text(rules, s.card)
            if s.under:
                head.append_text(safe(f" ({book.site_kind(s.kind.id, lang)})", "dim"))
        cells: dict[str, Text] = {}
        for slot, cards in s.slots.items():
            if not cards:
                continue
            g = s.kind.slot(slot).group_name
            cell = cells.setdefault(g, Text())
            for c in cards:
                if cell:
                    cell.append(" + ")
                cell.append_text(card_text(rules, c, forest.where[c][2]))
        table.add_row(str(i), head, *(cells.get(g, safe("·" if any(
            sd.group_name == g for sd in s.kind.slots) else "", "dim")) for g in groups))
    if not forest.sites:
        table.add_row("", safe(_("(empty)"), "dim"))
    return table


def cards_line(rules: Ruleset, cards: Sequence[int]) -> Text:
    """Cards side by side, coloured, separated by ``|``; a dweller card's tree symbol in
    brackets (what a payment's bonus asks), so it shows without colours too."""
    out = Text()
    for n, c in enumerate(cards):
        if n:
            out.append("  |  ", style="dim")
        out.append_text(card_text(rules, c))
        halves = rules.halves.get(c, ())
        symbols = list(dict.fromkeys(h.symbol for h in halves if h.symbol is not None))
        if symbols and not rules.opens_site(c):
            shown = [book_of(rules).symbol(sym, get_language()) for sym in symbols]
            out.append_text(safe(f" [{'/'.join(shown)}]", "dim"))
    return out or safe(_("(none)"), "dim")


def score_table(scores: Scores, names: Sequence[str], title: str | None = None, *,
                final: bool = True) -> Table:
    """The score table: forest points, cave, total, the best marked: "winner" once the game
    is over (*final*), "leads" while it goes on."""
    table = Table(title=safe(_("Scores") if title is None else title), title_justify="left")
    table.add_column(_("player"))
    table.add_column(_("forest"), justify="right")
    table.add_column(_("cave"), justify="right")
    table.add_column(_("total"), justify="right", style="bold")
    table.add_column("")
    mark = _("winner") if final else _("leads")
    for p in scores:
        best = p.player in scores.winners
        table.add_row(safe(names[p.player], "bold" if best else ""), str(p.total - p.cave),
                      str(p.cave), str(p.total), safe(mark, "bold green") if best else "")
    return table


def position(game: Game, seat: int | None = None) -> RenderableType:
    """The game as a person sees it: counts, the clearing, every forest, and, for *seat*,
    the hand (everyone else's hand: its size only)."""
    seats = book_of(game.rules).seats(game.seat_names, game.players, get_language())
    return position_of(game.rules, game.state, game.names, seats, seat)


def position_of(rules: Ruleset, s: GameState, names: Sequence[str],
                seat_names: Sequence[str], seat: int | None = None) -> RenderableType:
    """A state as :func:`position` shows a game's."""
    book = book_of(rules)
    lang = get_language()
    head = safe(_("{game} — turn of {name}  ·  deck {deck}  ·  winter cards {winter}").format(
        game=book.ruleset(lang), name=seat_names[s.current], deck=len(s.deck),
        winter=len(s.winter)), "bold")
    head = safe(book.reword(head.plain, lang), "bold")
    parts: list[RenderableType] = [head]
    sizes = _(", ").join(_("{name}: hand {hand}, cave {cave}").format(
        name=names[p], hand=len(s.hands[p]), cave=len(s.caves[p])) for p in range(s.players))
    parts.append(safe(book.reword(sizes, lang), "dim"))
    parts.append(Text.assemble(safe(book.reword(_("Clearing: "), lang), "bold"),
                               cards_line(rules, s.clearing)))
    order = list(range(s.players))
    if seat is not None:
        order = [p for p in order if p != seat] + [seat]
    for p in order:
        f = s.forests[p]
        whose = _("Your forest") if p == seat else _("{name}'s forest").format(name=names[p])
        sizes = _("{sites}, {cards}").format(
            sites=ngettext("{n} site", "{n} sites", len(f.sites)).format(n=len(f.sites)),
            cards=ngettext("{n} card", "{n} cards", len(f)).format(n=len(f)))
        parts.append(safe(f"{whose} ({sizes})", "bold"))
        parts.append(forest_table(rules, f))
    if seat is not None:
        parts.append(Text.assemble(safe(_("Your hand: "), "bold"),
                                   cards_line(rules, s.hands[seat])))
    return Group(*parts)


def hand_line(game: Game, seat: int) -> Text:
    """The hand of *seat*, coloured."""
    return Text.assemble(safe(_("Your hand: "), "bold"),
                         cards_line(game.rules, game.state.hands[seat]))


def decision(game: Game) -> RenderableType:
    """What the game waits for and its options, numbered from 1."""
    p = game.pending
    if p is None:
        return safe(_("The game is over."), "bold")
    rules = game.rules
    seats = book_of(rules).seats(game.seat_names, game.players, get_language())
    lines = [safe(_("{name}, {prompt}:").format(name=seats[p.player],
                                                prompt=localize(rules, p.prompt)),
                  "bold yellow")]
    for i, a in enumerate(p.options, 1):
        lines.append(Text.assemble(safe(f"{i:3d}. ", "cyan"), safe(localize(rules, str(a)))))
    return Group(*lines)


def help_text() -> str:
    """What ``help`` prints during ``forestshuffle play``."""
    return _("""Answer with an option's number or its text (a unique part of it is enough).
  (Enter)      show the whole table again
  undo         take back your last decision (and the bots' moves after it)
  save FILE    save the game as a record (forestshuffle replay FILE, play --load FILE)
  scores       the scores now
  help         this text
  quit         leave the game""")


class PlaySession:
    """A person in seat *seat* of *game* against *bots* (a bot per other player's seat).

    :meth:`run` shows each decision of the person's and reads answers from *read* (a
    function taking the prompt, ``input`` by default) until the game ends or the person
    quits; bots play their seats in between, and their turns are shown in short.
    """

    def __init__(self, game: Game, seat: int, bots: Mapping[int, Bot], console: Console,
                 read: Callable[[str], str] = input) -> None:
        self.game = game
        self.seat = seat
        self.bots = bots
        self.console = console
        self.read = read
        #: len(game.actions) at each of the person's decisions, for undo
        self.marks: list[int] = []
        #: turn lines already shown (the turn in progress is shown once it is over)
        self.shown = max(0, len(turn_summaries(game)) - 1)
        #: the turn whose whole table was last drawn (within a turn: the hand and decision)
        self.drawn: int | None = None

    def say(self, *items: RenderableType) -> None:
        """Print rich renderables (the session's one way out)."""
        for item in items:
            self.console.print(item, highlight=False)

    def _bots_play(self) -> None:
        g = self.game
        while g.pending is not None and g.pending.player != self.seat:
            g.apply(choose(self.bots[g.pending.player], g))

    def _news(self, final: bool = False) -> None:
        lines = turn_summaries(self.game)
        upto = len(lines) if final else max(self.shown, len(lines) - 1)
        for line in lines[self.shown:upto]:
            self.say(safe(line, "dim"))
        self.shown = upto

    def run(self) -> int:
        """Play to the end (or quit); returns an exit code (0)."""
        g = self.game
        self._bots_play()
        while g.pending is not None:
            if self._only_option():
                continue
            self._news()
            if self.drawn != g.state.turn:
                self.say(position(g, self.seat), decision(g))
                self.drawn = g.state.turn
            else:
                self.say(hand_line(g, self.seat), decision(g))
            if not self._ask():
                self.say(safe(_("Game left unfinished (save FILE keeps it; play --load FILE "
                                "goes on)."), "bold"))
                return 0
            self._bots_play()
        self._news(final=True)
        self.say(position(g), score_table(g.scores(), g.names, _("Final scores")))
        for note in outcome_lines(g):  # a declared win, a solo goal met or not
            self.say(safe(note, "bold"))
        return 0

    def _only_option(self) -> bool:
        """Take the person's decision if it has a single option, saying so (True), rather
        than asking for it."""
        g = self.game
        p = g.pending
        if p is None or len(p.options) != 1:
            return False
        rules = g.rules
        seats = book_of(rules).seats(g.seat_names, g.players, get_language())
        self.say(safe(_("{name}, {prompt}: {option} (the only option)").format(
            name=seats[p.player], prompt=localize(rules, p.prompt),
            option=localize(rules, str(p.options[0]))), "dim"))
        g.apply_index(0)
        self._bots_play()
        return True

    def _ask(self) -> bool:
        """Read answers until one is applied (True) or the person quits (False)."""
        g = self.game
        while True:
            try:
                raw = self.read("> ")
            except EOFError:
                return False
            text = raw.strip()
            word, _sep, rest = text.partition(" ")
            low = word.lower()
            if not text:
                self.say(position(g, self.seat), decision(g))
            elif low in ("quit", "exit", "q"):
                return False
            elif low in ("help", "?", "h"):
                self.say(safe(help_text()))
            elif low == "scores":
                self.say(score_table(g.scores(), g.names, _("Scores now"), final=g.is_over))
            elif low == "undo":
                if not self.marks:
                    self.say(safe(_("Nothing to undo."), "red"))
                    continue
                g.undo(len(g.actions) - self.marks.pop())
                self.shown = min(self.shown, len(turn_summaries(g)))
                self.say(safe(_("Taken back."), "green"), position(g, self.seat), decision(g))
            elif low == "save":
                self._save(rest.strip())
            else:
                index = self._match(text)
                if index is None:
                    continue
                self.marks.append(len(g.actions))
                try:
                    g.apply_index(index)
                except ForestShuffleError as exc:  # pragma: no cover - options are legal
                    self.marks.pop()
                    self.say(safe(str(exc), "red"))
                    continue
                return True

    def _match(self, text: str) -> int | None:
        """The option *text* names (its number from 1, its text or a unique part of it)."""
        opts = self.game.legal_actions()
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(opts):
                return n - 1
            self.say(safe(_("No option {n}: choose 1 to {last}.").format(n=n, last=len(opts)),
                          "red"))
            return None
        return self._by_text(text, [str(a) for a in opts])

    def _by_text(self, text: str, english: list[str]) -> int | None:
        """The option whose label (in the language in use or in English) is *text*, or
        holds it; compared width- and case-insensitively (full-width letters and digits as
        ASCII)."""
        low = fold(text)
        rules = self.game.rules
        labels = [(fold(localize(rules, e)), fold(e)) for e in english]
        exact = [i for i, labs in enumerate(labels) if low in labs]
        found = exact or [i for i, labs in enumerate(labels) if any(low in b for b in labs)]
        if len(found) == 1:
            return found[0]
        if not found:
            self.say(safe(_("No option matches {text} (help lists the commands).").format(
                text=repr(text)), "red"))
        else:
            self.say(safe(_("{n} options match {text}: {which}.").format(
                n=len(found), text=repr(text),
                which=", ".join(str(i + 1) for i in found[:12])), "red"))
        return None

    def _save(self, path: str) -> None:
        if not path:
            self.say(safe(_("save needs a file name: save FILE"), "red"))
            return
        try:
            write_atomic(path, self.game.to_json())
        except OSError as exc:
            self.say(safe(_("cannot save to {file}: {why}").format(
                file=path, why=exc.strerror or type(exc).__name__), "red"))
            return
        self.say(safe(_("Saved to {file}.").format(file=path), "green"))
