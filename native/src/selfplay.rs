//! Self-play: whole games played by the random bot (`fs.bots.RandomBot`), one per seed,
//! in parallel.

use rayon::prelude::*;
use smallvec::SmallVec;

use crate::data::Rules;
use crate::game::Game;
use crate::rng::PyRandom;
use crate::scoring::{final_scores, final_scores_by_species, final_total, PlayerScore};

/// What one finished game returns.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// per player; without each card's points (`PlayerScore::cards` empty) where the game
    /// was played by [`play_random`] and its kin ([`outcome_by_species`])
    pub scores: Vec<PlayerScore>,
    /// the players with the highest total (ties share the win), as bits
    pub winners: u32,
    /// the number of actions taken
    pub length: u32,
    /// whether the game ended (false: stopped after `max_actions`)
    pub over: bool,
}

/// The final scores and winners of a finished game.
pub fn outcome_of(g: &Game) -> Outcome {
    let caves: SmallVec<[usize; 8]> = g.caves.iter().map(Vec::len).collect();
    outcome_with(g, final_scores(g.rules, &g.forests, &caves, &g.hands))
}

/// [`outcome_of`] without the points of each card (`PlayerScore::cards` left empty): what
/// [`play_many`] reports (the totals and the points per species).
pub fn outcome_by_species(g: &Game) -> Outcome {
    let caves: SmallVec<[usize; 8]> = g.caves.iter().map(Vec::len).collect();
    outcome_with(g, final_scores_by_species(g.rules, &g.forests, &caves))
}

/// The winners of finished game `g`, the players with the highest total, as bits: each
/// player's total alone ([`final_total`], read from the forest's tally where it keeps one),
/// what returns read.
pub fn winners_of(g: &Game) -> u32 {
    let totals: SmallVec<[i32; 8]> =
        (0..g.forests.len()).map(|p| final_total(g.rules, &g.forests, p, g.caves[p].len())).collect();
    highest(&totals)
}

/// The players with the highest of `totals`, as bits (ties share the win).
fn highest(totals: &[i32]) -> u32 {
    let best = totals.iter().copied().max().unwrap_or(0);
    totals.iter().enumerate().filter(|&(_, &t)| t == best).fold(0, |w, (p, _)| w | 1 << p)
}

/// The outcome of finished game `g` scored `scores`.
fn outcome_with(g: &Game, scores: Vec<PlayerScore>) -> Outcome {
    let totals: SmallVec<[i32; 8]> = scores.iter().map(|s| s.total).collect();
    let winners = highest(&totals);
    Outcome { scores, winners, length: g.actions, over: g.over }
}

/// Play one game of `players` from `seed` with a random bot seeded `bot_seed` choosing for
/// every seat: exactly `RandomBot(seed=bot_seed)` on `new_game(..., seed=seed)`.
pub fn play_random(
    rules: &Rules,
    players: usize,
    seed: u128,
    bot_seed: u128,
    max_actions: u32,
) -> Result<Outcome, String> {
    play_random_in(&mut Game::blank(rules), players, seed, bot_seed, max_actions)
}

/// [`play_random`] dealt into `g`, a game of the same ruleset whose allocations it reuses.
/// `g` is left asking its turns, draws and placements in compact form (read them by
/// [`Game::option_count`] and [`Game::option`]).
pub fn play_random_in(
    g: &mut Game,
    players: usize,
    seed: u128,
    bot_seed: u128,
    max_actions: u32,
) -> Result<Outcome, String> {
    play_random_from(g, players, &mut PyRandom::new(seed), seed, bot_seed, max_actions)
}

/// [`play_random_in`] with the dealing generator `deal` already seeded from `seed`. When
/// `bot_seed` is `seed`, the bot draws from `deal` itself, set back to its start after the
/// deal ([`PyRandom::rewind`]): the same seed seeds the same state, and the deal keeps the
/// outputs it drew, so no copy of the generator is made.
#[inline(never)]
pub fn play_random_from(
    g: &mut Game,
    players: usize,
    deal: &mut PyRandom,
    seed: u128,
    bot_seed: u128,
    max_actions: u32,
) -> Result<Outcome, String> {
    // the bot reads the options only by count and index: turns, draws and placements leave them compact
    g.compact = true;
    g.deal(players, deal)?;
    // nothing reads an evaluation: the forests keep no scoring tally
    for f in &mut g.forests {
        f.stop_tally();
    }
    let mut own;
    let bot = if bot_seed == seed && deal.rewind() {
        deal
    } else {
        own = PyRandom::new(bot_seed);
        &mut own
    };
    g.play_chosen(max_actions, |n| if n <= 1 { 0 } else { bot.below(n as u32) as usize })?;
    Ok(outcome_by_species(g))
}

/// How many games [`play_many`] seeds at once ([`PyRandom::new_many`]) and hands to a
/// thread as one piece of work.
const CHUNK: usize = 64;

/// [`play_random_from`] for a chunk of seed pairs, their dealing generators seeded side by
/// side, dealt into `g`.
fn play_chunk(
    g: &mut Game,
    players: usize,
    seeds: &[u128],
    bot_seeds: &[u128],
    max_actions: u32,
) -> Vec<Result<Outcome, String>> {
    let mut deals = PyRandom::new_many(seeds);
    deals
        .iter_mut()
        .zip(seeds.iter().zip(bot_seeds))
        .map(|(d, (&s, &b))| play_random_from(g, players, d, s, b, max_actions))
        .collect()
}

/// [`play_random`] for every seed pair, in parallel on rayon's pool; on the calling thread
/// when the pool has one thread (no hand-off to a worker). The games borrow the one ruleset,
/// read only, each thread's games are dealt into one game's allocations, and the dealing
/// generators of each [`CHUNK`] of games are seeded side by side.
pub fn play_many(
    rules: &Rules,
    players: usize,
    seeds: &[u128],
    bot_seeds: &[u128],
    max_actions: u32,
) -> Result<Vec<Outcome>, String> {
    if rayon::current_num_threads() <= 1 {
        let mut g = Game::blank(rules);
        return seeds
            .chunks(CHUNK)
            .zip(bot_seeds.chunks(CHUNK))
            .flat_map(|(s, b)| play_chunk(&mut g, players, s, b, max_actions))
            .collect();
    }
    seeds
        .par_chunks(CHUNK)
        .zip(bot_seeds.par_chunks(CHUNK))
        .map_init(|| Game::blank(rules), |g, (s, b)| play_chunk(g, players, s, b, max_actions))
        .flatten_iter()
        .collect()
}
