//! The one-ply greedy bot (`forestshuffle.bots.greedy`): in one determinization of the hidden
//! cards, each legal action tried and its turn finished (placements chosen the same way,
//! other decisions by the rule of thumb), rated by [`evaluate`]; at random among equals.

use crate::bots::heuristic::quick_choice;
use crate::determinize::{Determinizer, Knowledge};
use crate::game::Game;
use crate::rng::PyRandom;
use crate::scoring::final_scores;

/// What a card in hand is worth to [`evaluate`] (`greedy.HAND_WEIGHT`).
pub const HAND_WEIGHT: f64 = 1.5;

/// `player`'s points (forest and cave) plus `hw` per hand card, less the best other player's
/// (`greedy.evaluate`; [`HAND_WEIGHT`] by default).
pub fn evaluate(g: &Game, player: usize, hw: f64) -> f64 {
    let caves: Vec<usize> = g.caves.iter().map(Vec::len).collect();
    let scores = final_scores(g.rules, &g.forests, &caves, &g.hands);
    let vals: Vec<f64> =
        scores.iter().zip(&g.hands).map(|(s, h)| f64::from(s.total) + hw * h.len() as f64).collect();
    let mine = vals[player];
    let others = vals.iter().enumerate().filter(|&(p, _)| p != player).map(|(_, &v)| v);
    match others.reduce(f64::max) {
        Some(best) => mine - best,
        None => mine,
    }
}

/// Play `player`'s decisions on in the current turn (`greedy.finish_turn`): placements by
/// [`best_option`] when `branch`, anything else by the rule of thumb; `hw` rates hand cards.
pub fn finish_turn(
    g: &mut Game,
    player: usize,
    rng: &mut PyRandom,
    branch: bool,
    hw: f64,
) -> Result<(), String> {
    let turn = g.turn;
    while !g.over {
        if g.pending.player as usize != player || g.turn != turn {
            return Ok(());
        }
        let i = if branch && g.pending.kind == "place" && g.pending.options.len() > 1 {
            best_option(g, player, &all_options(g), rng, false, hw)?
        } else {
            quick_choice(g, rng)
        };
        g.apply_index(i)?;
    }
    Ok(())
}

/// Every index of `g`'s pending options.
pub fn all_options(g: &Game) -> Vec<usize> {
    (0..g.pending.options.len()).collect()
}

/// Per pending option of index in `opts`, [`evaluate`] of the position once `player`'s turn
/// is finished by [`finish_turn`] (`greedy.greedy_values`).
pub fn greedy_values(
    g: &Game,
    player: usize,
    opts: &[usize],
    rng: &mut PyRandom,
    branch: bool,
    hw: f64,
) -> Result<Vec<f64>, String> {
    let mut vals = Vec::with_capacity(opts.len());
    for &i in opts {
        let mut c = g.clone();
        c.apply_index(i)?;
        finish_turn(&mut c, player, rng, branch, hw)?;
        vals.push(evaluate(&c, player, hw));
    }
    Ok(vals)
}

/// The one of `opts` (indexes of pending options) whose position, once `player`'s turn is
/// finished, [`evaluate`] rates highest, at random among equals (`greedy.best_option`).
pub fn best_option(
    g: &Game,
    player: usize,
    opts: &[usize],
    rng: &mut PyRandom,
    branch: bool,
    hw: f64,
) -> Result<usize, String> {
    let vals = greedy_values(g, player, opts, rng, branch, hw)?;
    let mut best: Vec<usize> = Vec::new();
    let mut top = f64::NEG_INFINITY;
    for (&i, &v) in opts.iter().zip(&vals) {
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

/// The index in `g`'s pending options of `a`, an option of another copy of the decision.
pub fn index_of(g: &Game, a: crate::game::Action) -> Result<usize, String> {
    g.pending.options.iter().position(|&o| o == a).ok_or_else(|| format!("{a:?} is not a legal answer"))
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
        let i = best_option(&det, player, &all_options(&det), &mut self.rng, true, HAND_WEIGHT)?;
        index_of(g, det.pending.options[i])
    }
}
