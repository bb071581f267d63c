//! The one-ply greedy bot (`forestshuffle.bots.greedy`): in one determinization of the hidden
//! cards, each legal action tried and its turn finished (placements chosen the same way,
//! other decisions by the rule of thumb), rated by [`evaluate`]; at random among equals.

use smallvec::SmallVec;

use crate::bots::heuristic::quick_choice;
use crate::determinize::{Buffers, Determinizer, Knowledge};
use crate::game::Game;
use crate::rng::PyRandom;
use crate::scoring::{cross_total, final_total, split_total};

/// What a card in hand is worth to [`evaluate`] (`greedy.HAND_WEIGHT`).
pub const HAND_WEIGHT: f64 = 1.5;

/// `player`'s points (forest and cave) plus `hw` per hand card, less the best other player's
/// (`greedy.evaluate`; [`HAND_WEIGHT`] by default).
pub fn evaluate(g: &Game, player: usize, hw: f64) -> f64 {
    evaluate_with(g, player, hw, &Others::default())
}

/// The other players' points that read their forest alone in the position a decision's
/// tries start from: (seat, its forest's [`Forest::edits`](crate::forest::Forest::edits),
/// the points). A try that leaves such a forest as it was scores its seat from these and
/// the seat's majorities alone.
#[derive(Default)]
struct Others(SmallVec<[(usize, u64, i32); 4]>);

impl Others {
    /// What the tries from `g` of `player`'s decision keep (nothing for a ruleset whose
    /// points do not split).
    fn of(g: &Game, player: usize) -> Others {
        let seats = (0..g.forests.len()).filter(|&p| p != player);
        let split = seats.map(|p| Some((p, g.forests[p].edits(), split_total(g.rules, &g.forests, p)?.0)));
        Others(split.collect::<Option<_>>().unwrap_or_default())
    }

    /// Seat `p`'s final total in `g` (a try from the position these were kept from).
    fn total(&self, g: &Game, p: usize) -> i32 {
        let cave = g.caves[p].len();
        let kept = self.0.iter().find(|k| k.0 == p && k.1 == g.forests[p].edits());
        let total = match kept.and_then(|k| Some(k.2 + cross_total(g.rules, &g.forests, p)?)) {
            Some(points) => cave as i32 + points,
            None => return final_total(g.rules, &g.forests, p, cave),
        };
        debug_assert_eq!(total, final_total(g.rules, &g.forests, p, cave), "the kept points of seat {p}");
        total
    }
}

/// [`evaluate`], the other players' points read from `others` where they hold them.
fn evaluate_with(g: &Game, player: usize, hw: f64, others: &Others) -> f64 {
    let val = |p: usize| f64::from(others.total(g, p)) + hw * g.hands[p].len() as f64;
    let mine = val(player);
    let others = (0..g.forests.len()).filter(|&p| p != player).map(val);
    match others.reduce(f64::max) {
        Some(best) => mine - best,
        None => mine,
    }
}

/// Games kept for a bot's copies (determinized samples, tried actions), to copy into
/// instead of allocating anew, and a determinizer's buffers: kept by a caller for a whole
/// game, or made per decision.
#[derive(Default)]
pub struct Scratch<'r> {
    spare: Vec<Game<'r>>,
    det: Buffers,
}

impl<'r> Scratch<'r> {
    /// A game to copy into: a spare one (holding any position), else a copy of `g`.
    pub fn take(&mut self, g: &Game<'r>) -> Game<'r> {
        self.spare.pop().unwrap_or_else(|| g.clone())
    }

    /// `c` kept for a later [`Scratch::take`].
    pub fn give(&mut self, c: Game<'r>) {
        self.spare.push(c);
    }

    /// The determinizer of what `player` knows of `g`, in the kept buffers (given back by
    /// [`Scratch::give_determinizer`]).
    pub fn determinizer<'g>(
        &mut self,
        g: &'g Game<'r>,
        know: &'g Knowledge,
        player: usize,
    ) -> Determinizer<'g, 'r> {
        Determinizer::with_buffers(g, know, player, std::mem::take(&mut self.det))
    }

    /// `d`'s buffers kept for a later [`Scratch::determinizer`].
    pub fn give_determinizer(&mut self, d: Determinizer) {
        self.det = d.into_buffers();
    }
}

/// Play `player`'s decisions on in the current turn (`greedy.finish_turn`): placements by
/// [`best_option_in`] when `branch`, anything else by the rule of thumb; `hw` rates hand
/// cards; tries copied into the games of `spare`.
pub(crate) fn finish_turn_in<'r>(
    g: &mut Game<'r>,
    player: usize,
    rng: &mut PyRandom,
    branch: bool,
    hw: f64,
    spare: &mut Scratch<'r>,
) -> Result<(), String> {
    let turn = g.turn;
    while !g.over {
        if g.pending.player as usize != player || g.turn != turn {
            return Ok(());
        }
        let i = if branch && g.pending.kind == "place" && g.pending.options.len() > 1 {
            best_option_in(g, player, &all_options(g), rng, false, hw, spare)?
        } else {
            quick_choice(g, rng)
        };
        g.apply_index(i)?;
    }
    Ok(())
}

/// Every index of `g`'s pending options.
pub fn all_options(g: &Game) -> SmallVec<[usize; 16]> {
    (0..g.pending.options.len()).collect()
}

/// Per pending option of index in `opts`, [`evaluate`] of the position once `player`'s turn
/// is finished by [`finish_turn_in`] (`greedy.greedy_values`); each try copied into a game
/// taken from `spare` and given back after.
pub(crate) fn greedy_values_in<'r>(
    g: &Game<'r>,
    player: usize,
    opts: &[usize],
    rng: &mut PyRandom,
    branch: bool,
    hw: f64,
    spare: &mut Scratch<'r>,
) -> Result<SmallVec<[f64; 16]>, String> {
    let mut vals = SmallVec::with_capacity(opts.len());
    let others = Others::of(g, player);
    let mut c = spare.take(g);
    c.clone_from(g);
    for (n, &i) in opts.iter().enumerate() {
        if n > 0 {
            c.recopy_from(g);
        }
        let tried = c.apply_index(i).and_then(|()| finish_turn_in(&mut c, player, rng, branch, hw, spare));
        if let Err(e) = tried {
            spare.give(c);
            return Err(e);
        }
        vals.push(evaluate_with(&c, player, hw, &others));
    }
    spare.give(c);
    Ok(vals)
}

/// The one of `opts` (indexes of pending options) whose position, once `player`'s turn is
/// finished, [`evaluate`] rates highest, at random among equals (`greedy.best_option`); its
/// tries copied into the games of `spare`.
pub(crate) fn best_option_in<'r>(
    g: &Game<'r>,
    player: usize,
    opts: &[usize],
    rng: &mut PyRandom,
    branch: bool,
    hw: f64,
    spare: &mut Scratch<'r>,
) -> Result<usize, String> {
    let vals = greedy_values_in(g, player, opts, rng, branch, hw, spare)?;
    let mut best: SmallVec<[usize; 16]> = SmallVec::new();
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
        self.choose_in(g, know, &mut Scratch::default())
    }

    /// [`Greedy::choose`], its copies made into the games of `scratch`.
    pub fn choose_in<'r>(
        &mut self,
        g: &Game<'r>,
        know: &Knowledge,
        scratch: &mut Scratch<'r>,
    ) -> Result<usize, String> {
        if g.pending.options.len() == 1 {
            return Ok(0);
        }
        let player = g.pending.player as usize;
        let mut det = scratch.take(g);
        let d = scratch.determinizer(g, know, player);
        let sampled = d.sample_into(&mut self.rng, &mut det);
        scratch.give_determinizer(d);
        sampled?;
        let i = best_option_in(&det, player, &all_options(&det), &mut self.rng, true, HAND_WEIGHT, scratch)?;
        let chosen = det.pending.options[i];
        scratch.give(det);
        index_of(g, chosen)
    }
}
