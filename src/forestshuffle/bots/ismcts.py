"""Information-set Monte Carlo tree search (single-observer ISMCTS, after Cowling, Powley and
Whitehouse, 2012) over :meth:`~forestshuffle.bots.base.Situation.determinize`.

At the root only the :data:`TOP_K` actions that
:func:`~forestshuffle.bots.greedy.greedy_values` rates best (in one determinization) are
searched. Each iteration samples a determinization (the hidden cards dealt anew, consistent with
what the player knows), walks the tree of the player's own decisions of the current turn
from the root (UCB1 with availability counts: an action's exploration term counts the
iterations in which it was legal), adds one node, plays the rest of the turn and the other
players' turns up to the player's next turn by rule of thumb, and (horizon ``"next"``, the
default) that turn one ply greedily, and backs up the result: the
game's :func:`~forestshuffle.search.copies.returns` if it ended, else
``tanh(evaluate / scale)`` (:func:`~forestshuffle.bots.greedy.evaluate`). The move is the
root's most visited action. Later decisions of the same turn reuse the subtree while the
player has learnt nothing new (no new card seen).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from forestshuffle.bots.base import BotBase
from forestshuffle.bots.greedy import HAND_WEIGHT, best_option, evaluate, finish_turn, greedy_values
from forestshuffle.bots.heuristic import quick_choice
from forestshuffle.core.decisions import DrawFromDeck, PlayCard

if TYPE_CHECKING:
    from forestshuffle.bots.base import Situation
    from forestshuffle.core.decisions import Action
    from forestshuffle.core.game import Game

#: The iterations per decision of :class:`ISMCTSBot` by default.
ITERATIONS = 100
#: The root candidates of :class:`ISMCTSBot` by default: the best this many by
#: :func:`~forestshuffle.bots.greedy.greedy_values` (the others are not searched).
TOP_K = 4
#: Where an iteration is evaluated: at the end of the player's turn, at the start of their
#: next turn (the others having played by rule of thumb), or at the end of it (played one ply
#: greedily over its plays and a draw).
HORIZONS = ("turn", "reply", "next")


class _Node:
    """A node of the player's decisions: children by action, visits, summed reward, and per
    action the number of visits in which it was legal."""

    __slots__ = ("avail", "children", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.avail: dict[Action, int] = {}
        self.visits = 0
        self.value = 0.0


class ISMCTSBot(BotBase):
    """ISMCTS with a budget of *iterations* per decision, or of *seconds* (then at most
    *iterations* if given too). Seeded: with an iteration budget the same seed makes the
    same choices.

    *exploration* is the UCB1 constant, *scale* the points that ``tanh`` maps to 0.76,
    *hand_weight* the value of a hand card in the evaluation, *horizon* one of
    :data:`HORIZONS`, *depth* the most own decisions the tree holds per iteration, *top_k*
    the root candidates (the best by :func:`~forestshuffle.bots.greedy.greedy_values`;
    ``None``: every legal action).
    """

    # the budget, then the search's tuning knobs, keyword-only
    def __init__(self, seed: int | None = None,  # noqa: PLR0913
                 iterations: int | None = ITERATIONS,
                 seconds: float | None = None, *, exploration: float = 0.7,
                 scale: float = 20.0, hand_weight: float = HAND_WEIGHT,
                 horizon: str = "next", depth: int | None = None,
                 top_k: int | None = TOP_K) -> None:
        super().__init__(seed)
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations, seconds or both")
        self.iterations = iterations  #: iterations per decision (None: by time only)
        self.seconds = seconds  #: CPU seconds per decision (None: by iterations only)
        self.exploration = exploration  #: the UCB1 exploration constant
        self.scale = scale  #: the points that ``tanh`` maps to 0.76 in the reward
        self.hand_weight = hand_weight  #: the value of a hand card in the evaluation
        if horizon not in HORIZONS:
            raise ValueError(f"horizon must be one of {', '.join(HORIZONS)}, not {horizon!r}")
        self.horizon = horizon  #: where an iteration is evaluated (one of ``HORIZONS``)
        self.depth = depth  #: the most decisions an iteration's tree path holds (None: any)
        if top_k is not None and top_k < 1:
            raise ValueError(f"top_k must be at least 1 (or None), not {top_k!r}")
        self.top_k = top_k  #: the root candidates, the best by greedy rating (None: all)
        self._root_opts: frozenset[Action] | None = None
        self._kept: tuple[int, int, frozenset[int], _Node] | None = None

    def act(self, situation: Situation) -> Action:
        """The most visited legal action after the search."""
        legal = situation.legal
        if len(legal) == 1:
            return legal[0]
        p = situation.player
        key = (p, situation.turn, situation.seen)
        kept = self._kept
        root = kept[3] if kept is not None and kept[:3] == key else _Node()
        self._root_opts = None
        if self.top_k is not None and len(legal) > self.top_k:
            legal = self._candidates(situation, legal, self.top_k)
            self._root_opts = frozenset(legal)
        start = time.process_time()
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if self.seconds is not None and time.process_time() - start >= self.seconds:
                break
            self._iterate(situation.determinize(self.rng), root, p)
            done += 1
        best = max(legal, key=lambda a: (root.children[a].visits, root.children[a].value)
                   if a in root.children else (-1, 0.0))
        child = root.children.get(best)
        self._kept = (*key, child) if child is not None else None
        return best

    def _candidates(self, situation: Situation, legal: tuple[Action, ...],
                    k: int) -> tuple[Action, ...]:
        """The *k* actions of *legal* that :func:`~forestshuffle.bots.greedy.greedy_values`
        rates best in one determinization (ties to the earlier action), in *legal*'s order."""
        vals = greedy_values(situation.determinize(self.rng), situation.player, legal,
                             self.rng, hand_weight=self.hand_weight)
        keep = sorted(sorted(range(len(legal)), key=lambda i: -vals[i])[:k])
        return tuple(legal[i] for i in keep)

    def _iterate(self, g: Game, root: _Node, p: int) -> None:
        rng = self.rng
        turn = g.state.turn
        node = root
        path = [root]
        c = self.exploration
        depth = self.depth
        keep = self._root_opts
        while not g.is_over:
            dec = g.pending
            assert dec is not None
            if dec.player != p or g.state.turn != turn or (
                    depth is not None and len(path) > depth):
                break
            opts: Sequence[Action] = dec.options
            if keep is not None:  # the root decision: its candidates only
                opts = [a for a in opts if a in keep]
                keep = None
            if len(opts) == 1:
                g.apply(opts[0])
                continue
            avail = node.avail
            for a in opts:
                avail[a] = avail.get(a, 0) + 1
            children = node.children
            untried = [a for a in opts if a not in children]
            if untried:
                a = untried[rng.randrange(len(untried))]
                node = children[a] = _Node()
                path.append(node)
                g.apply(a)
                break
            best = -math.inf
            for o in opts:
                ch = children[o]
                u = ch.value / ch.visits + c * math.sqrt(math.log(avail[o]) / ch.visits)
                if u > best:
                    best, a = u, o
            node = children[a]
            path.append(node)
            g.apply(a)
        finish_turn(g, p, rng, hand_weight=self.hand_weight)
        if self.horizon != "turn":
            self._rollout(g, p, turn)
            if self.horizon == "next" and not g.is_over:
                self._next_turn(g, p)
        r = g.returns()[p] if g.is_over else math.tanh(
            evaluate(g, p, self.hand_weight) / self.scale)
        for n in path:
            n.visits += 1
            n.value += r

    def _rollout(self, g: Game, p: int, turn: int) -> None:
        """Rule of thumb up to the start of *p*'s next turn (or the end)."""
        rng = self.rng
        state = g.state
        while not g.is_over:
            dec = g.pending
            assert dec is not None
            if dec.player == p and state.turn != turn:
                return
            g.apply(quick_choice(g, rng))
            state = g.state

    def _next_turn(self, g: Game, p: int) -> None:
        """*p*'s next turn, one ply greedily over its plays and one draw from the deck."""
        dec = g.pending
        assert dec is not None
        if dec.kind == "turn":
            cands: list[Action] = [a for a in dec.options if isinstance(a, PlayCard)]
            cands += [a for a in dec.options if isinstance(a, DrawFromDeck)][:1]
            if cands:
                g.apply(best_option(g, p, cands, self.rng, branch=False,
                                    hand_weight=self.hand_weight))
        finish_turn(g, p, self.rng, branch=False, hand_weight=self.hand_weight)
