//! Games between seated bots: one bot per seat, each with its own generator, as
//! `forestshuffle.simulate` seats them (`play_out(game, [bot per seat])`), with what a
//! tournament reports of each game.

use rayon::prelude::*;

use crate::bots::greedy::{Greedy, Scratch};
use crate::bots::ismcts::{Ismcts, Options};
use crate::data::Rules;
use crate::determinize::Knowledge;
use crate::game::Game;
use crate::rng::PyRandom;
use crate::selfplay::{outcome_of, Outcome};

#[cfg(feature = "python")]
pub(crate) mod py;

/// The bots the native core plays, by the names `forestshuffle.bots.BOTS` gives them.
pub const BOT_NAMES: [&str; 3] = ["random", "greedy", "ismcts"];

/// A seat's bot.
pub enum SeatBot {
    /// `fs.bots.RandomBot(seed)`: a uniformly random option, no draw when there is one.
    Random(PyRandom),
    /// `fs.bots.GreedyBot(seed)`: each legal action tried on one determinization.
    Greedy(Greedy),
    /// `fs.bots.ISMCTSBot(seed)`: a tree search over determinizations, its default knobs.
    Ismcts(Box<Ismcts>),
}

impl SeatBot {
    /// The bot called `name`, seeded `seed` (an error naming the bots there are).
    pub fn named(name: &str, seed: u128) -> Result<SeatBot, String> {
        match name {
            "random" => Ok(SeatBot::Random(PyRandom::new(seed))),
            "greedy" => Ok(SeatBot::Greedy(Greedy::new(seed))),
            "ismcts" => Ok(SeatBot::Ismcts(Box::new(Ismcts::new(seed, Options::default())?))),
            _ => Err(format!("the native core has no bot {name:?} (it has: {})", BOT_NAMES.join(", "))),
        }
    }

    /// Whether this bot reads what its player has seen (a [`Knowledge`] kept for the game).
    pub fn needs_knowledge(&self) -> bool {
        matches!(self, SeatBot::Greedy(_) | SeatBot::Ismcts(_))
    }

    /// The index of the option this bot chooses in `g`'s pending decision; `know` has seen
    /// every action so far when [`SeatBot::needs_knowledge`]; copies made into `scratch`.
    pub fn choose<'r>(
        &mut self,
        g: &Game<'r>,
        know: Option<&Knowledge>,
        scratch: &mut Scratch<'r>,
    ) -> Result<usize, String> {
        match self {
            SeatBot::Random(rng) => {
                let n = g.pending.options.len();
                Ok(if n <= 1 { 0 } else { rng.randbelow(n as u64) as usize })
            }
            SeatBot::Greedy(bot) => {
                bot.choose_in(g, know.ok_or("the greedy bot needs the game's knowledge")?, scratch)
            }
            SeatBot::Ismcts(bot) => {
                bot.choose_in(g, know.ok_or("the ISMCTS bot needs the game's knowledge")?, scratch)
            }
        }
    }
}

/// One game of a tournament, as it ended.
pub struct Played {
    pub outcome: Outcome,
    /// turns started, automated seats' and extra turns included
    pub turns: u32,
    /// the rule that ended it ("" if it was stopped)
    pub end_reason: &'static str,
    /// per seat, per species index: (forest cards, points)
    pub species: Vec<Vec<(u32, i32)>>,
}

/// Play one game of `players` from `seed`, seat `p` played by `bots[p]` (or one bot for
/// every seat, as `play_out(game, bot)`, when `bots` holds one).
pub fn play_seated(
    rules: &Rules,
    players: usize,
    seed: u128,
    mut bots: Vec<SeatBot>,
    max_actions: u32,
) -> Result<Played, String> {
    if bots.len() != players && bots.len() != 1 {
        return Err(format!("{} bots for {players} seats", bots.len()));
    }
    let shared = bots.len() == 1;
    let mut g = Game::new(rules, players, seed)?;
    let mut know = bots.iter().any(SeatBot::needs_knowledge).then(|| Knowledge::new(&g));
    let mut scratch = Scratch::default();
    while !g.over && g.actions < max_actions {
        let bot = &mut bots[if shared { 0 } else { g.pending.player as usize }];
        let i = bot.choose(&g, know.as_ref(), &mut scratch)?;
        g.apply_index(i)?;
        if let Some(k) = know.as_mut() {
            k.observe(&g);
        }
    }
    let outcome = outcome_of(&g);
    let species = (0..players).map(|p| species_of(&g, &outcome, p)).collect();
    Ok(Played { turns: g.turn, end_reason: g.end_reason.unwrap_or(""), species, outcome })
}

/// Seat `p`'s forest by species: the cards face up and their points.
fn species_of(g: &Game, outcome: &Outcome, p: usize) -> Vec<(u32, i32)> {
    let rules = g.rules;
    let mut out = vec![(0u32, 0i32); rules.species.len()];
    let forest = &g.forests[p];
    for &(card, points) in &outcome.scores[p].cards {
        let half = forest.where_[card as usize].2;
        if half >= 0 {
            let sp = rules.cards[card as usize].halves[half as usize].species as usize;
            out[sp].0 += 1;
            out[sp].1 += points;
        }
    }
    out
}

/// A game to play: its seed, and each seat's bot name and seed (one for every seat if one).
pub struct Seating {
    pub seed: u128,
    pub seats: Vec<(String, u128)>,
}

/// [`play_seated`] for every seating, in parallel on rayon's pool when `parallel`, else on
/// the calling thread (a caller that runs one process per core).
pub fn play_seatings(
    rules: &Rules,
    players: usize,
    games: &[Seating],
    max_actions: u32,
    parallel: bool,
) -> Result<Vec<Played>, String> {
    let one = |s: &Seating| {
        let bots = s.seats.iter().map(|(n, b)| SeatBot::named(n, *b)).collect::<Result<_, _>>()?;
        play_seated(rules, players, s.seed, bots, max_actions)
    };
    if parallel && rayon::current_num_threads() > 1 {
        games.par_iter().map(one).collect()
    } else {
        games.iter().map(one).collect()
    }
}
