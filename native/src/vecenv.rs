//! A batch of games stepped together, shaped like pgx's environments: one action code per
//! game, for the player it asks, and per game the outputs written into flat row-major
//! buffers (legal-action mask, current player, rewards, terminated, truncated).
//!
//! Games that end start again from the next seed of their environment (with auto-reset):
//! environment `i` reset with seed `s` plays its `k`-th restart from `s + k * num_envs`
//! (modulo 2**128), so environments reset with consecutive seeds never repeat a deal.

use rayon::prelude::*;

use crate::data::Rules;
use crate::game::Game;
use crate::observe::{observation_size, observe_into};
use crate::selfplay::outcome_of;

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
}

/// How the environments play: shared by every slot's step.
#[derive(Clone, Copy)]
struct Plan<'r> {
    rules: &'r Rules,
    players: usize,
    num_envs: u128,
    auto_reset: bool,
    max_actions: u32,
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
        let plan = Plan { rules, players, num_envs: num_envs as u128, auto_reset, max_actions };
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
        let Plan { rules, players, .. } = self.plan;
        let slots = seeds
            .iter()
            .map(|&seed| {
                let game = Game::new(rules, players, seed)?;
                Ok(Slot { game, codes: Vec::new(), seed, episode: 0, done: false })
            })
            .collect::<Result<_, String>>()?;
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

    /// Step one environment: answer, pay the returns if the game ended, start the next
    /// game (auto-reset) or mark it done, and write its row.
    fn step(&self, (s, &pick, mask, player, rewards, terminated, truncated): Row<'_, '_, 'r>) {
        rewards.fill(0.0);
        if s.done {
            return; // its row stays as the end left it
        }
        s.game.apply_index(pick as usize).expect("a checked option");
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
                s.game = Game::new(self.rules, self.players, seed).expect("a checked player count");
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
    let won = outcome_of(g).winners;
    let w = won.count_ones() as f32;
    let others = (n - 1) as f32;
    for (p, r) in out.iter_mut().enumerate() {
        *r = if won >> p & 1 == 1 { (n as f32 - w) / others } else { -w / others };
    }
}

/// The Python class `forestshuffle_native.VecEnv`, writing into NumPy arrays the Python side
/// made (`forestshuffle.native.VecEnv` is its public face).
#[cfg(feature = "python")]
pub(crate) mod py {
    use std::sync::Arc;

    use pyo3::buffer::{Element, PyBuffer};
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;

    use super::{Out, VecEnv};
    use crate::data::Rules;
    use crate::py::NativeRules;
    use crate::rng::PyRandom;

    fn err(e: String) -> PyErr {
        PyValueError::new_err(e)
    }

    /// The arrays the environments read their actions from and write their outputs into,
    /// held (exported) for the object's life: NumPy cannot resize or free them meanwhile.
    struct Buffers {
        obs: Option<PyBuffer<f32>>,
        actions: PyBuffer<i64>,
        mask: PyBuffer<u8>,
        player: PyBuffer<i32>,
        rewards: PyBuffer<f32>,
        terminated: PyBuffer<u8>,
        truncated: PyBuffer<u8>,
    }

    /// A writable C-contiguous buffer of `len` items of `T`, its byte range.
    fn take<T: Element>(
        obj: &Bound<'_, PyAny>,
        name: &str,
        len: usize,
    ) -> PyResult<(PyBuffer<T>, (usize, usize))> {
        let b = PyBuffer::<T>::get(obj).map_err(|e| err(format!("{name}: {e}")))?;
        if b.readonly() || !b.is_c_contiguous() || b.item_count() != len {
            return Err(err(format!("{name}: a writable C-contiguous array of {len} items is needed")));
        }
        let start = b.buf_ptr() as usize;
        let end = start + b.len_bytes();
        Ok((b, (start, end)))
    }

    /// # Safety
    /// `b` was checked by `take` (writable, contiguous), its range overlaps no other buffer's,
    /// and no other slice of it lives.
    unsafe fn slice<T: Element>(b: &mut PyBuffer<T>) -> &mut [T] {
        std::slice::from_raw_parts_mut(b.buf_ptr().cast::<T>(), b.item_count())
    }

    impl Buffers {
        /// The actions and the outputs, as slices.
        fn views(&mut self) -> (&[i64], Out<'_>) {
            // SAFETY: checked by `take` and for overlaps in `new`; `&mut self` makes these the
            // only slices of the buffers
            unsafe {
                let out = Out {
                    obs: match &mut self.obs {
                        Some(b) => slice(b),
                        None => &mut [],
                    },
                    mask: slice(&mut self.mask),
                    player: slice(&mut self.player),
                    rewards: slice(&mut self.rewards),
                    terminated: slice(&mut self.terminated),
                    truncated: slice(&mut self.truncated),
                };
                (slice(&mut self.actions), out)
            }
        }
    }

    /// A batch of games stepped together (see `forestshuffle.native.VecEnv`).
    #[pyclass(module = "forestshuffle_native", name = "VecEnv")]
    pub(crate) struct PyVecEnv {
        /// borrows the ruleset `rules` holds (declared first: dropped before it)
        env: VecEnv<'static>,
        buffers: Buffers,
        rng: PyRandom,
        #[allow(dead_code)] // keeps the ruleset `env` borrows alive
        rules: Arc<Rules>,
    }

    #[pymethods]
    impl PyVecEnv {
        /// `num_envs` games of `rules`; the arrays: actions (int64, num_envs), mask (uint8,
        /// num_envs x codes), player (int32), rewards (float32, num_envs x players),
        /// terminated and truncated (uint8), observations (float32, num_envs x
        /// observation size, or None: no observations are written).
        #[new]
        #[pyo3(signature = (rules, players, num_envs, auto_reset, max_actions, actions, mask, player, rewards, terminated, truncated, observations))]
        #[allow(clippy::too_many_arguments)]
        fn new(
            rules: &NativeRules,
            players: usize,
            num_envs: usize,
            auto_reset: bool,
            max_actions: Option<u32>,
            actions: &Bound<'_, PyAny>,
            mask: &Bound<'_, PyAny>,
            player: &Bound<'_, PyAny>,
            rewards: &Bound<'_, PyAny>,
            terminated: &Bound<'_, PyAny>,
            truncated: &Bound<'_, PyAny>,
            observations: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Self> {
            let arc = rules.rules.clone();
            // SAFETY: the ruleset lives in the Arc's allocation, which neither moves nor is
            // freed while `rules` holds it; `env`, the only holder of the borrow, is dropped
            // first (field order) and never handed out with the 'static lifetime.
            let borrowed: &'static Rules = unsafe { &*Arc::as_ptr(&arc) };
            let env = VecEnv::new(
                borrowed,
                players,
                num_envs,
                auto_reset,
                max_actions.unwrap_or(u32::MAX),
                observations.is_some(),
            )
            .map_err(err)?;
            let n = num_envs;
            let (actions, r0) = take(actions, "actions", n)?;
            let (mask, r1) = take(mask, "mask", n * env.num_codes())?;
            let (player, r2) = take(player, "player", n)?;
            let (rewards, r3) = take(rewards, "rewards", n * players)?;
            let (terminated, r4) = take(terminated, "terminated", n)?;
            let (truncated, r5) = take(truncated, "truncated", n)?;
            let mut ranges = vec![r0, r1, r2, r3, r4, r5];
            let obs = match observations {
                Some(o) => {
                    let (b, r) = take(o, "observations", n * env.obs_size())?;
                    ranges.push(r);
                    Some(b)
                }
                None => None,
            };
            ranges.sort_unstable();
            if ranges.windows(2).any(|w| w[0].1 > w[1].0) {
                return Err(err("the arrays must not overlap".into()));
            }
            let buffers = Buffers { obs, actions, mask, player, rewards, terminated, truncated };
            Ok(PyVecEnv { env, buffers, rng: PyRandom::new(0), rules: arc })
        }

        /// Deal a new game in every environment, environment `i` from `seeds[i]`.
        fn reset(&mut self, py: Python<'_>, seeds: Vec<u128>) -> PyResult<()> {
            let (_, out) = self.buffers.views();
            let env = &mut self.env;
            py.allow_threads(|| env.reset(&seeds, out)).map_err(err)
        }

        /// Answer every environment with its code in the actions array, the GIL released.
        fn step(&mut self, py: Python<'_>) -> PyResult<()> {
            let (actions, out) = self.buffers.views();
            let env = &mut self.env;
            py.allow_threads(|| env.step(actions, out)).map_err(err)
        }

        /// Write one uniformly drawn legal code per environment into the actions array
        /// (`random.Random(seed).randrange(n)` draws, from the generator `seed_sampler` set).
        fn sample(&mut self) {
            // SAFETY: the actions buffer, checked by `take`, is no other slice's (`&mut self`)
            let actions = unsafe { slice(&mut self.buffers.actions) };
            let rng = &mut self.rng;
            self.env.sample(|n| rng.randbelow(n as u64) as usize, actions);
        }

        /// Seed the generator `sample` draws from.
        fn seed_sampler(&mut self, seed: u128) {
            self.rng = PyRandom::new(seed);
        }

        /// Whether steps spread the environments over rayon's pool.
        #[setter]
        fn set_parallel(&mut self, on: bool) {
            self.env.set_parallel(on);
        }

        /// Per environment, the seed its current game was dealt from.
        fn current_seeds(&self) -> Vec<u128> {
            self.env.current_seeds()
        }

        /// Per environment, the games started since its reset.
        fn episodes(&self) -> Vec<u64> {
            self.env.episodes()
        }

        /// The values of an observation (0 when none is written).
        #[getter]
        fn observation_size(&self) -> usize {
            self.env.obs_size()
        }

        /// Per environment, the actions of its current game so far.
        fn lengths(&self) -> Vec<u32> {
            self.env.games().map(|g| g.actions).collect()
        }
    }
}
