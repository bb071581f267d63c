//! The Python class `forestshuffle_native.VecEnv`, writing into NumPy arrays the Python side
//! made (`forestshuffle.native.VecEnv` is its public face).

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

    /// The seat the actions are for, the others played by the random bot (None: every
    /// seat's); takes effect at the next reset.
    #[pyo3(signature = (seat))]
    fn set_learner(&mut self, seat: Option<usize>) -> PyResult<()> {
        self.env.set_learner(seat).map_err(err)
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
