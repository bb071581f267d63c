"""The shapes of the prompts and option labels rulesets make, as the catalogues hold them.

Prompts and labels are made in English when a game asks (``take Oak from the clearing``);
:func:`~forestshuffle.i18n.text.localize` turns one into its template (``take {c0} from the
clearing``: ``c`` a card, ``n`` a number, ``s`` a slot, ``t`` a tag), looks the template up
in the catalogue and fills it in the language. Every template is listed here, marked with
:func:`N_` so that Babel extracts it.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark *message* for extraction; returns it unchanged."""
    return message


#: prompts: what a decision asks
PROMPTS: tuple[str, ...] = (
    N_("choose a turn action"),
    N_("draw another card"),
    N_("choose where {c0} goes"),
    N_("pay for {c0} ({n0} more)"),
    N_("use the effect of {c0}"),
    N_("use the bonus of {c0}"),
    N_("use the trigger of {c0}"),
    N_("put a hand card into your cave, or stop"),
    N_("play a further card (paying its cost)"),
    N_("make {c0} a tree with river with one more hand card"),
    N_("put a card you just drew into your cave"),
    N_("play a card (tag {t0}) for free"),
    N_("play a clearing card for free"),
    N_("play a hand card face down as a generic river"),
    N_("take a card from the clearing"),
    N_("put a clearing card into your cave ({n0} more)"),
    N_("discard down to the hand limit ({n0} more)"),
    N_("keep one of the cards drawn"),
    N_("choose an achievement"),
    N_("take a special box"),
    N_("keep your opening hand or redraw it"),
)
#: option labels: the answers a decision offers
LABELS: tuple[str, ...] = (
    N_("draw from the deck"),
    N_("play {c0}"),
    N_("plant {c0} face down as a sapling"),
    N_("take {c0} from the clearing"),
    N_("pay with {c0}"),
    N_("put it at site {n0}, {s0}"),
    N_("use the effect"),
    N_("skip the effect"),
    N_("use the bonus"),
    N_("skip the bonus"),
    N_("use {c0}'s trigger"),
    N_("skip the trigger"),
    N_("put {c0} in the cave"),
    N_("done (draw {n0})"),
    N_("play nothing more"),
    N_("play nothing"),
    N_("tuck {c0} under it face down"),
    N_("no"),
    N_("play {c0} for free"),
    N_("skip the free play"),
    N_("play {c0} from the clearing for free"),
    N_("play {c0} face down"),
    N_("skip"),
    N_("stop"),
    N_("take nothing more"),
    N_("discard {c0}"),
    N_("keep {c0}"),
    N_("draw {n0} from the deck, keep {n1}"),
    N_("pass (nobody acting for a round ends the game)"),
    N_("keep the hand"),
    N_("redraw the hand"),
)
#: slot names (``put it at site 0, top``), by the words they are made of
SLOT_WORDS: tuple[str, ...] = (
    N_("top"), N_("bottom"), N_("left"), N_("right"), N_("below"), N_("center"),
    N_("shrub"),
)
#: why a game ended (``game over (third winter)``)
ENDS: tuple[str, ...] = (
    N_("third winter"), N_("declared win"), N_("deck exhausted"), N_("nobody acts"),
)
#: why a card scores what it does (``score``'s reasons): ``c`` a card, ``n`` a number, ``t``
#: a tag, ``y`` a tree symbol
REASONS: tuple[str, ...] = (
    N_("a {t0} at the same {t1}"),
    N_("alone at its {t0}"),
    N_("alone in its slot"),
    N_("at a {c0}"),
    N_("face down"),
    N_("generic {t0}"),
    N_("most trees ({n0} vs {n1})"),
    N_("most {c0} trees ({n0} vs {n1})"),
    N_("most {y0} ({n0} vs {n1})"),
    N_("no points"),
    N_("no {t0} at the same tree"),
    N_("no {t0} at the same {t1}"),
    N_("not at a {c0}"),
    N_("not at a {t0}"),
    N_("not at a {y0} {t0}"),
    N_("not most trees ({n0} vs {n1})"),
    N_("not most {c0} trees ({n0} vs {n1})"),
    N_("not most {y0} ({n0} vs {n1})"),
    N_("only {n0} different {t0} species (needs {n1})"),
    N_("only {n0} trees (needs {n1})"),
    N_("only {n0} {c0} (needs {n1})"),
    N_("only {n0} {c0} trees (needs {n1})"),
    N_("only {n0} {t0} (needs {n1})"),
    N_("only {n0} {t0} at this {t1} (needs {n1})"),
    N_("only {n0} {t0} groups (needs {n1})"),
    N_("only {n0} {t0} species (needs {n1})"),
    N_("only {n0} {y0} (needs {n1})"),
    N_("sapling"),
    N_("set of {n0}: {n1} in all"),
    N_("set {n0}: {n1} different, {n2} points"),
    N_("{n0} counted: {n1} points by the table"),
    N_("{n0} different {t0} species (needs {n1})"),
    N_("{n0} other card(s) at its site"),
    N_("{n0} other card(s) at its {t0}"),
    N_("{n0} points"),
    N_("{n0} trees (needs {n1})"),
    N_("{n0} {c0} (needs {n1})"),
    N_("{n0} {t0} (needs {n1})"),
    N_("{n0} {t0} species (needs {n1})"),
    N_("{n0} × {n1} cards at this tree"),
    N_("{n0} × {n1} cards at this {t0}"),
    N_("{n0} × {n1} cards attached to this {t0}"),
    N_("{n0} × {n1} cards in bottom slots"),
    N_("{n0} × {n1} cards showing {c0}"),
    N_("{n0} × {n1} cards showing {c0} at this site"),
    N_("{n0} × {n1} cards showing {y0}"),
    N_("{n0} × {n1} cave"),
    N_("{n0} × {n1} different {t0} species"),
    N_("{n0} × {n1} different {t0} symbols at this site"),
    N_("{n0} × {n1} full trees"),
    N_("{n0} × {n1} pokemon kinds"),
    N_("{n0} × {n1} rivers without {t0}"),
    N_("{n0} × {n1} tree cards"),
    N_("{n0} × {n1} {c0}"),
    N_("{n0} × {n1} {t0}"),
    N_("{n0} × {n1} {t0} cards"),
)
