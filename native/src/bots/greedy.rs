//! The one-ply greedy bot (`forestshuffle.bots.greedy`): in one determinization of the hidden
//! cards, each legal action tried and its turn finished (placements chosen the same way,
//! other decisions by the rule of thumb), rated by [`evaluate`]; at random among equals.

use crate::bots::heuristic::quick_choice;
use crate::determinize::{Determinizer, Knowledge};
use crate::game::Game;
use crate::rng::PyRandom;
use crate::scoring::final_total;

/// What a card in hand is worth to [`evaluate`] (`greedy.HAND_WEIGHT`).
pub const HAND_WEIGHT: f64 = 1.5;

/// `player`'s points (forest and cave) plus [`HAND_WEIGHT`] per hand card, less the best
/// other player's (`greedy.evaluate`).
pub fn evaluate(g: &Game, player: usize) -> f64 {
    let val = |p: usize| {
        let total = final_total(g.rules, &g.forests, p, g.caves[p].len());
        f64::from(total) + HAND_WEIGHT * g.hands[p].len() as f64
    };
    let mine = val(player);
    let others = (0..g.forests.len()).filter(|&p| p != player).map(val);
    match others.reduce(f64::max) {
        Some(best) => mine - best,
        None => mine,
    }
}

/// Play `player`'s decisions on in the current turn (`greedy.finish_turn`): placements by
/// [`best_option`] when `branch`, anything else by the rule of thumb.
pub fn finish_turn(g: &mut Game, player: usize, rng: &mut PyRandom, branch: bool) -> Result<(), String> {
    finish_turn_in(g, player, rng, branch, &mut Vec::new())
}

/// [`finish_turn`], its tries copied into the games of `spare` (as [`best_option_in`]).
fn finish_turn_in<'r>(
    g: &mut Game<'r>,
    player: usize,
    rng: &mut PyRandom,
    branch: bool,
    spare: &mut Vec<Game<'r>>,
) -> Result<(), String> {
    let turn = g.turn;
    while !g.over {
        if g.pending.player as usize != player || g.turn != turn {
            return Ok(());
        }
        let i = if branch && g.pending.kind == "place" && g.pending.options.len() > 1 {
            best_option_in(g, player, rng, false, spare)?
        } else {
            quick_choice(g, rng)
        };
        g.apply_index(i)?;
    }
    Ok(())
}

/// The index of the pending option whose position, once `player`'s turn is finished,
/// [`evaluate`] rates highest, at random among equals (`greedy.best_option`).
pub fn best_option(g: &Game, player: usize, rng: &mut PyRandom, branch: bool) -> Result<usize, String> {
    best_option_in(g, player, rng, branch, &mut Vec::new())
}

/// [`best_option`], each try copied into a game taken from `spare` (made if none is left)
/// and given back after: the copies reuse those games' allocations.
fn best_option_in<'r>(
    g: &Game<'r>,
    player: usize,
    rng: &mut PyRandom,
    branch: bool,
    spare: &mut Vec<Game<'r>>,
) -> Result<usize, String> {
    let n = g.pending.options.len();
    let mut vals = Vec::with_capacity(n);
    let mut c = match spare.pop() {
        Some(mut c) => {
            c.clone_from(g);
            c
        }
        None => g.clone(),
    };
    for i in 0..n {
        if i > 0 {
            c.clone_from(g);
        }
        let tried = c.apply_index(i).and_then(|()| finish_turn_in(&mut c, player, rng, branch, spare));
        if let Err(e) = tried {
            spare.push(c);
            return Err(e);
        }
        vals.push(evaluate(&c, player));
    }
    spare.push(c);
    let mut best: Vec<usize> = Vec::new();
    let mut top = f64::NEG_INFINITY;
    for (i, &v) in vals.iter().enumerate() {
        if v > top + 1e-9 {
            top = v;
            best.clear();
            best.push(i);
        } else if v > top - 1e-9 {
            best.push(i);
        }
    }
    Ok(if best.len() == 1 { best[0] } else { *rng.choice(&best).expect("an option") })
}

/// `fs.bots.GreedyBot(seed=...)`: its own generator, drawn from decision after decision.
#[derive(Clone)]
pub struct Greedy {
    pub rng: PyRandom,
}

impl Greedy {
    /// A greedy bot seeded as `random.Random(seed)`.
    pub fn new(seed: u128) -> Greedy {
        Greedy { rng: PyRandom::new(seed) }
    }

    /// The index of the pending option the bot takes, `know` having been told of every
    /// action of `g` so far (`GreedyBot.act`).
    pub fn choose(&mut self, g: &Game, know: &Knowledge) -> Result<usize, String> {
        if g.pending.options.len() == 1 {
            return Ok(0);
        }
        let player = g.pending.player as usize;
        let det = Determinizer::new(g, know, player).sample(&mut self.rng)?;
        let i = best_option(&det, player, &mut self.rng, true)?;
        let a = det.pending.options[i];
        g.pending.options.iter().position(|&o| o == a).ok_or_else(|| format!("{a:?} is not a legal answer"))
    }
}
