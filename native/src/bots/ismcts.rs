//! Information-set Monte Carlo tree search (`forestshuffle.bots.ismcts.ISMCTSBot`): the root
//! candidates rated by [`greedy_values_in`] in one determinization, then per iteration a fresh
//! determinization ([`crate::determinize`]), a walk down the tree of the player's own
//! decisions of the turn (UCB1 with availability counts), one node added, the turn finished
//! greedily, the others' turns by the rule of thumb and (horizon `Next`) the player's next
//! turn one ply greedily; the reward backed up is the game's returns if it ended, else
//! `tanh(evaluate / scale)`. The same draws from the same seeded generator as the Python bot,
//! so the same choices with an iteration budget.

use smallvec::{smallvec, SmallVec};

use crate::bots::greedy::{
    best_option_in, evaluate, finish_turn_in, greedy_values_in, index_of, Scratch, HAND_WEIGHT,
};
use crate::bots::heuristic::quick_choice;
use crate::determinize::{Determinizer, Knowledge};
use crate::game::{Action, Game};
use crate::rng::PyRandom;
use crate::search::returns;

/// The iterations per decision by default (`ismcts.ITERATIONS`).
pub const ITERATIONS: u32 = 100;
/// The root candidates by default (`ismcts.TOP_K`).
pub const TOP_K: usize = 4;

/// Where an iteration is evaluated (`ismcts.HORIZONS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizon {
    /// at the end of the player's turn
    Turn,
    /// at the start of their next turn, the others having played by rule of thumb
    Reply,
    /// at the end of their next turn, played one ply greedily
    Next,
}

impl Horizon {
    /// The horizon named `name` (`"turn"`, `"reply"` or `"next"`).
    pub fn named(name: &str) -> Result<Horizon, String> {
        match name {
            "turn" => Ok(Horizon::Turn),
            "reply" => Ok(Horizon::Reply),
            "next" => Ok(Horizon::Next),
            _ => Err(format!("horizon must be one of turn, reply, next, not {name:?}")),
        }
    }
}

/// The knobs of `ISMCTSBot`, with its defaults ([`Options::default`]).
#[derive(Clone, Debug)]
pub struct Options {
    /// iterations per decision
    pub iterations: u32,
    /// the UCB1 exploration constant
    pub exploration: f64,
    /// the points `tanh` maps to 0.76 in the reward
    pub scale: f64,
    /// the value of a hand card in the evaluation
    pub hand_weight: f64,
    pub horizon: Horizon,
    /// the most decisions an iteration's tree path holds (None: any)
    pub depth: Option<usize>,
    /// the root candidates, the best by greedy rating (None: all)
    pub top_k: Option<usize>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            iterations: ITERATIONS,
            exploration: 0.7,
            scale: 20.0,
            hand_weight: HAND_WEIGHT,
            horizon: Horizon::Next,
            depth: None,
            top_k: Some(TOP_K),
        }
    }
}

/// A node of the player's decisions: children by action (in the order first tried), visits,
/// summed reward, and per action the visits in which it was legal.
#[derive(Clone, Default)]
struct Node {
    children: Vec<(Action, usize)>,
    avail: Vec<(Action, u32)>,
    visits: u32,
    value: f64,
}

/// The nodes of a search, addressed by index (the root of a fresh tree is 0).
#[derive(Clone, Default)]
struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    fn child(&self, n: usize, a: Action) -> Option<usize> {
        self.nodes[n].children.iter().find(|(b, _)| *b == a).map(|&(_, c)| c)
    }

    fn add_child(&mut self, n: usize, a: Action) -> usize {
        let c = self.nodes.len();
        self.nodes.push(Node::default());
        self.nodes[n].children.push((a, c));
        c
    }

    fn count_avail(&mut self, n: usize, a: Action) -> u32 {
        let avail = &mut self.nodes[n].avail;
        match avail.iter_mut().find(|(b, _)| *b == a) {
            Some((_, k)) => {
                *k += 1;
                *k
            }
            None => {
                avail.push((a, 1));
                1
            }
        }
    }
}

/// What a search is kept for: the player, the turn, the cards they had seen, and the subtree
/// of the action taken (reused while they learn nothing new in the same turn).
#[derive(Clone)]
struct Kept {
    key: (usize, u32, Vec<u16>),
    tree: Tree,
    root: usize,
}

/// `fs.bots.ISMCTSBot(seed=..., iterations=...)` with an iteration budget.
#[derive(Clone)]
pub struct Ismcts {
    pub rng: PyRandom,
    pub options: Options,
    kept: Option<Kept>,
}

impl Ismcts {
    /// A bot seeded as `random.Random(seed)` with `options` (an error naming a bad knob).
    pub fn new(seed: u128, options: Options) -> Result<Ismcts, String> {
        if options.top_k == Some(0) {
            return Err("top_k must be at least 1 (or None), not 0".into());
        }
        Ok(Ismcts { rng: PyRandom::new(seed), options, kept: None })
    }

    /// The index of the pending option the bot takes, `know` having been told of every
    /// action of `g` so far (`ISMCTSBot.act`): the most visited root candidate.
    pub fn choose(&mut self, g: &Game, know: &Knowledge) -> Result<usize, String> {
        self.choose_in(g, know, &mut Scratch::default())
    }

    /// [`Ismcts::choose`], its samples and tries copied into the games of `scratch`. Kept out
    /// of line: `benchmarks/native/ismcts.py` counts the instructions inside it.
    #[inline(never)]
    pub fn choose_in<'r>(
        &mut self,
        g: &Game<'r>,
        know: &Knowledge,
        scratch: &mut Scratch<'r>,
    ) -> Result<usize, String> {
        let mut legal: Vec<Action> = g.pending.options.to_vec();
        if legal.len() == 1 {
            return Ok(0);
        }
        let p = g.pending.player as usize;
        let det = scratch.determinizer(g, know, p);
        let key = (p, g.turn, know.seen_by(g, p).cards());
        let (mut tree, root) = match self.kept.take() {
            Some(k) if k.key == key => (k.tree, k.root),
            _ => (Tree { nodes: vec![Node::default()] }, 0),
        };
        let mut keep = None;
        if let Some(k) = self.options.top_k.filter(|&k| legal.len() > k) {
            legal = self.candidates(&det, p, &legal, k, scratch)?;
            keep = Some(legal.clone());
        }
        let mut sample = scratch.take(g);
        for _ in 0..self.options.iterations {
            det.sample_into(&mut self.rng, &mut sample)?;
            self.iterate(&mut sample, &mut tree, root, p, keep.as_deref(), scratch)?;
        }
        scratch.give(sample);
        scratch.give_determinizer(det);
        let rank = |a: &Action| match tree.child(root, *a) {
            Some(c) => (i64::from(tree.nodes[c].visits), tree.nodes[c].value),
            None => (-1, 0.0),
        };
        let mut best = legal[0];
        for a in &legal[1..] {
            if rank(a) > rank(&best) {
                best = *a;
            }
        }
        self.kept = tree.child(root, best).map(|c| Kept { key, tree, root: c });
        index_of(g, best)
    }

    /// The `k` of `legal` that [`greedy_values_in`] rates best in one determinization (ties to
    /// the earlier), in `legal`'s order (`ISMCTSBot._candidates`).
    fn candidates<'r>(
        &mut self,
        det: &Determinizer<'_, 'r>,
        p: usize,
        legal: &[Action],
        k: usize,
        scratch: &mut Scratch<'r>,
    ) -> Result<Vec<Action>, String> {
        let mut g = scratch.take(det.game());
        det.sample_into(&mut self.rng, &mut g)?;
        let opts = legal.iter().map(|&a| index_of(&g, a)).collect::<Result<Vec<_>, _>>()?;
        let vals = greedy_values_in(&g, p, &opts, &mut self.rng, true, self.options.hand_weight, scratch)?;
        scratch.give(g);
        let mut order: Vec<usize> = (0..legal.len()).collect();
        // a stable sort, larger first, equals (as Python compares floats) in their order
        order.sort_by(|&i, &j| vals[j].partial_cmp(&vals[i]).unwrap_or(std::cmp::Ordering::Equal));
        let mut keep = order[..k].to_vec();
        keep.sort_unstable();
        Ok(keep.into_iter().map(|i| legal[i]).collect())
    }

    /// One iteration on the determinized `g` (`ISMCTSBot._iterate`).
    fn iterate<'r>(
        &mut self,
        g: &mut Game<'r>,
        tree: &mut Tree,
        root: usize,
        p: usize,
        mut keep: Option<&[Action]>,
        scratch: &mut Scratch<'r>,
    ) -> Result<(), String> {
        let turn = g.turn;
        let c = self.options.exploration;
        let mut node = root;
        let mut path: SmallVec<[usize; 8]> = smallvec![root];
        while !g.over {
            let dec = &g.pending;
            if dec.player as usize != p
                || g.turn != turn
                || self.options.depth.is_some_and(|d| path.len() > d)
            {
                break;
            }
            let opts: SmallVec<[Action; 16]> = match keep.take() {
                Some(k) => dec.options.iter().copied().filter(|a| k.contains(a)).collect(),
                None => dec.options.iter().copied().collect(),
            };
            if opts.len() == 1 {
                g.apply_index(index_of(g, opts[0])?)?;
                continue;
            }
            let avail: SmallVec<[u32; 16]> = opts.iter().map(|&a| tree.count_avail(node, a)).collect();
            let untried: SmallVec<[Action; 16]> =
                opts.iter().copied().filter(|&a| tree.child(node, a).is_none()).collect();
            if !untried.is_empty() {
                let a = untried[self.rng.randbelow(untried.len() as u64) as usize];
                node = tree.add_child(node, a);
                path.push(node);
                g.apply_index(index_of(g, a)?)?;
                break;
            }
            let mut best = f64::NEG_INFINITY;
            let mut pick = (opts[0], node);
            for (&o, &n) in opts.iter().zip(&avail) {
                let ch = tree.child(node, o).expect("every option tried");
                let (v, visits) = (tree.nodes[ch].value, f64::from(tree.nodes[ch].visits));
                let u = v / visits + c * ((f64::from(n)).ln() / visits).sqrt();
                if u > best {
                    best = u;
                    pick = (o, ch);
                }
            }
            node = pick.1;
            path.push(node);
            g.apply_index(index_of(g, pick.0)?)?;
        }
        let hw = self.options.hand_weight;
        finish_turn_in(g, p, &mut self.rng, true, hw, scratch)?;
        if self.options.horizon != Horizon::Turn {
            self.rollout(g, p, turn)?;
            if self.options.horizon == Horizon::Next && !g.over {
                self.next_turn(g, p, scratch)?;
            }
        }
        let r = if g.over { returns(g)[p] } else { (evaluate(g, p, hw) / self.options.scale).tanh() };
        for n in path {
            tree.nodes[n].visits += 1;
            tree.nodes[n].value += r;
        }
        Ok(())
    }

    /// The rule of thumb up to the start of `p`'s next turn, or the end (`_rollout`).
    fn rollout(&mut self, g: &mut Game, p: usize, turn: u32) -> Result<(), String> {
        while !g.over {
            if g.pending.player as usize == p && g.turn != turn {
                return Ok(());
            }
            let i = quick_choice(g, &mut self.rng);
            g.apply_index(i)?;
        }
        Ok(())
    }

    /// `p`'s next turn, one ply greedily over its plays and one draw from the deck
    /// (`_next_turn`).
    fn next_turn<'r>(&mut self, g: &mut Game<'r>, p: usize, scratch: &mut Scratch<'r>) -> Result<(), String> {
        let hw = self.options.hand_weight;
        if g.pending.kind == "turn" {
            let opts = &g.pending.options;
            let mut cands: Vec<usize> =
                (0..opts.len()).filter(|&i| matches!(opts[i], Action::PlayCard(_))).collect();
            cands.extend((0..opts.len()).find(|&i| opts[i] == Action::DrawFromDeck));
            if !cands.is_empty() {
                let i = best_option_in(g, p, &cands, &mut self.rng, false, hw, scratch)?;
                g.apply_index(i)?;
            }
        }
        finish_turn_in(g, p, &mut self.rng, false, hw, scratch)
    }
}
