//! A batch of games stepped together, shaped like pgx's environments: one action code per
//! game, for the player it asks, and per game the outputs written into flat row-major
//! buffers (legal-action mask, current player, rewards, terminated, truncated).
//!
//! Games that end start again from the next seed of their environment (with auto-reset):
//! environment `i` reset with seed `s` plays its `k`-th restart from `s + k * num_envs`
//! (modulo 2**128), so environments reset with consecutive seeds never repeat a deal.
//!
//! With a learner seat ([`VecEnv::set_learner`]), the other seats are played inside the
//! environment by a random bot: `fs.bots.RandomBot(seed=s)` for the game dealt from seed `s`
//! (one bot for every other seat), so every state an environment returns asks the learner.

use rayon::prelude::*;

use crate::data::Rules;
use crate::game::Game;
use crate::observe::{observation_size, observe_into};
use crate::rng::PyRandom;
use crate::selfplay::winners_of;

/// The outputs of a step or a reset, one row per environment.
pub struct Out<'a> {
    /// num_envs x observation size: the observation of the player to move (empty when the
    /// environments write none)
    pub obs: &'a mut [f32],
    /// num_envs x num_codes, 1 for the legal codes of the player to move
    pub mask: &'a mut [u8],
    /// the player to move, -1 once the game is over (and not reset)
    pub player: &'a mut [i32],
    /// num_envs x players: the change of each player's return this step
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [u8],
    pub truncated: &'a mut [u8],
}

/// One environment: its game, the codes of the pending decision's options, its seeds.
#[derive(Clone)]
struct Slot<'r> {
    game: Game<'r>,
    /// the codes of the pending decision's options, in order (empty when `done`)
    codes: Vec<u32>,
    /// the seed the environment was reset with
    seed: u128,
    /// games started since that reset (the current game's is `seed + episode * num_envs`)
    episode: u64,
    /// over (or truncated), waiting for a reset: no auto-reset
    done: bool,
    /// the generator of the random bot playing the other seats (with a learner seat)
    bot: Option<PyRandom>,
}

/// How the environments play: shared by every slot's step.
#[derive(Clone, Copy)]
struct Plan<'r> {
    rules: &'r Rules,
    players: usize,
    num_envs: u128,
    auto_reset: bool,
    max_actions: u32,
    /// the seat the actions are for; the others are played by the random bot
    learner: Option<usize>,
}

/// One environment's row of the outputs.
type Row<'a, 's, 'r> =
    (&'s mut Slot<'r>, &'a u32, &'a mut [u8], &'a mut i32, &'a mut [f32], &'a mut u8, &'a mut u8);

/// A batch of games of one ruleset (see the module).
pub struct VecEnv<'r> {
    plan: Plan<'r>,
    num_codes: usize,
    /// values per observation, 0 when none is written
    obs_size: usize,
    slots: Vec<Slot<'r>>,
    /// the option index each environment answers this step (`u32::MAX`: none, it is done)
    picks: Vec<u32>,
    parallel: bool,
}

/// Below this many environments per worker, rayon's hand-off costs more than it saves.
const MIN_PER_THREAD: usize = 16;

impl<'r> VecEnv<'r> {
    /// `num_envs` environments of games of `rules` for `players`; `max_actions`: a game
    /// still going after that many actions is truncated (`u32::MAX`: never); `observations`:
    /// whether the outputs hold the observation of the player to move.
    pub fn new(
        rules: &'r Rules,
        players: usize,
        num_envs: usize,
        auto_reset: bool,
        max_actions: u32,
        observations: bool,
    ) -> Result<VecEnv<'r>, String> {
        if num_envs == 0 {
            return Err("num_envs must be at least 1".into());
        }
        let probe = Game::new(rules, players, 0)?; // the player count is one the ruleset plays
        let obs_size = if observations { observation_size(&probe) } else { 0 };
        let num = num_envs as u128;
        let plan = Plan { rules, players, num_envs: num, auto_reset, max_actions, learner: None };
        let num_codes = rules.codec.size as usize;
        let picks = vec![0; num_envs];
        Ok(VecEnv { plan, num_codes, obs_size, slots: Vec::new(), picks, parallel: true })
    }

    /// The number of environments.
    pub fn num_envs(&self) -> usize {
        self.picks.len()
    }

    /// The number of action codes (the width of the mask).
    pub fn num_codes(&self) -> usize {
        self.num_codes
    }

    /// The values of an observation (0 when the environments write none).
    pub fn obs_size(&self) -> usize {
        self.obs_size
    }

    /// Whether steps spread the environments over rayon's pool (when it has more than one
    /// thread); on by default.
    pub fn set_parallel(&mut self, on: bool) {
        self.parallel = on;
    }

    /// Play the actions for `seat` only, the other seats by a random bot seeded like each
    /// game (see the module); None: every seat's actions come from the caller. Takes effect
    /// at the next reset.
    pub fn set_learner(&mut self, seat: Option<usize>) -> Result<(), String> {
        if let Some(p) = seat.filter(|&p| p >= self.plan.players) {
            return Err(format!("no seat {p} in a {}-player game", self.plan.players));
        }
        self.plan.learner = seat;
        Ok(())
    }

    /// The games, once reset (empty before).
    pub fn games(&self) -> impl Iterator<Item = &Game<'r>> {
        self.slots.iter().map(|s| &s.game)
    }

    /// Per environment, the seed its current game was dealt from.
    pub fn current_seeds(&self) -> Vec<u128> {
        self.slots.iter().map(|s| self.plan.seed_of(s)).collect()
    }

    /// Per environment, the games started since its reset (0 for the first).
    pub fn episodes(&self) -> Vec<u64> {
        self.slots.iter().map(|s| s.episode).collect()
    }

    /// Deal a new game in every environment, environment `i` from `seeds[i]`.
    pub fn reset(&mut self, seeds: &[u128], out: Out<'_>) -> Result<(), String> {
        let n = self.num_envs();
        if seeds.len() != n {
            return Err(format!("{} seeds for {n} environments", seeds.len()));
        }
        self.check_out(&out)?;
        let plan = self.plan;
        let slots = seeds.iter().map(|&seed| plan.fresh(seed, seed, 0)).collect::<Result<_, String>>()?;
        // the mask rows hold the old codes' bits: cleared before the slots change
        for (s, row) in self.slots.iter().zip(out.mask.chunks_mut(self.num_codes)) {
            for &c in &s.codes {
                row[c as usize] = 0;
            }
        }
        self.slots = slots;
        out.rewards.fill(0.0);
        out.terminated.fill(0);
        out.truncated.fill(0);
        let rows = self.slots.iter_mut().zip(out.mask.chunks_mut(self.num_codes)).zip(out.player.iter_mut());
        for ((s, mask), player) in rows {
            s.write_codes(mask, player);
        }
        self.observe(out.obs, false);
        Ok(())
    }

    /// Answer every environment's pending decision with its code in `actions` (ignored for
    /// an environment whose game is done and not reset). Every code is checked before any
    /// game moves: an illegal one is an error naming its environment, and nothing changes.
    pub fn step(&mut self, actions: &[i64], out: Out<'_>) -> Result<(), String> {
        let n = self.num_envs();
        if self.slots.is_empty() {
            return Err("reset the environments before stepping them".into());
        }
        if actions.len() != n {
            return Err(format!("{} actions for {n} environments", actions.len()));
        }
        self.check_out(&out)?;
        for (i, ((s, &a), pick)) in self.slots.iter().zip(actions).zip(&mut self.picks).enumerate() {
            *pick = s.pick(a).ok_or_else(|| illegal(i, a, &s.codes))?;
        }
        let plan = self.plan;
        let Out { obs, mask, player, rewards, terminated, truncated } = out;
        let (k, p) = (self.num_codes, plan.players);
        let parallel = self.threaded();
        if parallel {
            (
                self.slots.par_iter_mut(),
                self.picks.par_iter(),
                mask.par_chunks_mut(k),
                player.par_iter_mut(),
                rewards.par_chunks_mut(p),
                terminated.par_iter_mut(),
                truncated.par_iter_mut(),
            )
                .into_par_iter()
                .with_min_len(MIN_PER_THREAD)
                .for_each(|row| plan.step(row));
        } else {
            let rows = self
                .slots
                .iter_mut()
                .zip(&self.picks)
                .zip(mask.chunks_mut(k))
                .zip(player.iter_mut())
                .zip(rewards.chunks_mut(p))
                .zip(terminated.iter_mut())
                .zip(truncated.iter_mut());
            for ((((((s, pick), m), pl), r), te), tr) in rows {
                plan.step((s, pick, m, pl, r, te, tr));
            }
        }
        self.observe(obs, parallel);
        Ok(())
    }

    fn threaded(&self) -> bool {
        self.parallel && rayon::current_num_threads() > 1 && self.num_envs() >= 2 * MIN_PER_THREAD
    }

    /// Write each environment's observation of the player to move (of the seat whose turn it
    /// was, once over) into its row of `obs`.
    fn observe(&self, obs: &mut [f32], parallel: bool) {
        if self.obs_size == 0 {
            return;
        }
        let one = |(s, row): (&Slot<'r>, &mut [f32])| {
            let g = &s.game;
            let player = if g.over || s.done { g.current.min(g.players - 1) } else { g.to_move() };
            observe_into(g, player, row);
        };
        if parallel {
            self.slots
                .par_iter()
                .zip(obs.par_chunks_mut(self.obs_size))
                .with_min_len(MIN_PER_THREAD)
                .for_each(one);
        } else {
            self.slots.iter().zip(obs.chunks_mut(self.obs_size)).for_each(one);
        }
    }

    /// One legal code per environment, drawn uniformly by `draw(n)` (an index below `n`);
    /// 0 for an environment whose game is done.
    pub fn sample(&self, mut draw: impl FnMut(usize) -> usize, out: &mut [i64]) {
        for (s, a) in self.slots.iter().zip(out.iter_mut()) {
            *a = if s.codes.is_empty() { 0 } else { i64::from(s.codes[draw(s.codes.len())]) };
        }
    }

    fn check_out(&self, out: &Out<'_>) -> Result<(), String> {
        let n = self.num_envs();
        let want = [
            ("observation", out.obs.len(), n * self.obs_size),
            ("mask", out.mask.len(), n * self.num_codes),
            ("player", out.player.len(), n),
            ("rewards", out.rewards.len(), n * self.plan.players),
            ("terminated", out.terminated.len(), n),
            ("truncated", out.truncated.len(), n),
        ];
        match want.iter().find(|(_, got, want)| got != want) {
            Some((name, got, want)) => Err(format!("the {name} buffer holds {got} items, not {want}")),
            None => Ok(()),
        }
    }
}

fn illegal(env: usize, action: i64, codes: &[u32]) -> String {
    const SHOWN: usize = 12;
    let mut legal: Vec<String> = codes.iter().take(SHOWN).map(u32::to_string).collect();
    if codes.len() > SHOWN {
        legal.push(format!("... {} in all", codes.len()));
    }
    format!(
        "env {env}: action {action} is not a legal code for its pending decision (legal: {})",
        legal.join(", ")
    )
}

impl<'r> Plan<'r> {
    fn seed_of(&self, s: &Slot<'r>) -> u128 {
        s.seed.wrapping_add(self.num_envs.wrapping_mul(u128::from(s.episode)))
    }

    /// An environment reset with `seed` on its `episode`-th game, dealt from `deal`; with a
    /// learner seat, the bot plays up to the learner's first decision.
    fn fresh(&self, seed: u128, deal: u128, episode: u64) -> Result<Slot<'r>, String> {
        let rng = PyRandom::new(deal);
        let bot = self.learner.map(|_| rng.clone()); // the same seed seeds the same state
        let game = Game::dealt_by(self.rules, self.players, rng)?;
        let mut s = Slot { game, codes: Vec::new(), seed, episode, done: false, bot };
        self.opponents(&mut s)?;
        Ok(s)
    }

    /// With a learner seat: the random bot answers every decision of the other seats until
    /// the learner's, the end, or the cap of actions.
    fn opponents(&self, s: &mut Slot<'r>) -> Result<(), String> {
        let (Some(learner), Some(bot)) = (self.learner, s.bot.as_mut()) else { return Ok(()) };
        let g = &mut s.game;
        while !g.over && g.actions < self.max_actions && g.to_move() != learner {
            let n = g.pending.options.len();
            let i = if n <= 1 { 0 } else { bot.randbelow(n as u64) as usize };
            g.apply_index(i)?;
        }
        Ok(())
    }

    /// Step one environment: answer, pay the returns if the game ended, start the next
    /// game (auto-reset) or mark it done, and write its row.
    fn step(&self, (s, &pick, mask, player, rewards, terminated, truncated): Row<'_, '_, 'r>) {
        rewards.fill(0.0);
        if s.done {
            return; // its row stays as the end left it
        }
        s.game.apply_index(pick as usize).expect("a checked option");
        self.opponents(s).expect("a legal option");
        let over = s.game.over;
        let cut = !over && s.game.actions >= self.max_actions;
        if over {
            returns_into(&s.game, rewards);
        }
        *terminated = u8::from(over);
        *truncated = u8::from(cut);
        if over || cut {
            if self.auto_reset {
                s.episode += 1;
                let seed = self.seed_of(s);
                let codes = std::mem::take(&mut s.codes); // their bits are still in the mask
                *s = self.fresh(s.seed, seed, s.episode).expect("a checked player count");
                s.codes = codes;
            } else {
                s.done = true;
            }
        }
        s.write_codes(mask, player);
    }
}

impl Slot<'_> {
    /// The option index of code `action`, `u32::MAX` when done; None when not legal.
    fn pick(&self, action: i64) -> Option<u32> {
        if self.done {
            return Some(u32::MAX);
        }
        self.codes.iter().position(|&c| i64::from(c) == action).map(|i| i as u32)
    }

    /// Replace the codes (and their bits in the mask row) with the pending decision's.
    fn write_codes(&mut self, mask: &mut [u8], player: &mut i32) {
        for &c in &self.codes {
            mask[c as usize] = 0;
        }
        self.codes.clear();
        if self.done {
            *player = -1;
            return;
        }
        let g = &self.game;
        self.codes.extend(g.pending.options.iter().map(|&a| g.code(a)));
        for &c in &self.codes {
            mask[c as usize] = 1;
        }
        *player = g.to_move() as i32;
    }
}

/// `Game.returns()`: per player, the mean over the other players of +1 (won, they did not),
/// 0 (both or neither won), -1 (they won, this one did not).
fn returns_into(g: &Game, out: &mut [f32]) {
    let n = g.players;
    if n < 2 {
        return;
    }
    let won = winners_of(g);
    let w = won.count_ones() as f32;
    let others = (n - 1) as f32;
    for (p, r) in out.iter_mut().enumerate() {
        *r = if won >> p & 1 == 1 { (n as f32 - w) / others } else { -w / others };
    }
}

/// The Python class `forestshuffle_native.VecEnv`.
#[cfg(feature = "python")]
pub(crate) mod py;

#[cfg(test)]
mod tests;
