//! The Python face of the native bots: a game that keeps what each player has seen
//! ([`KnownGame`]), the greedy bot ([`GreedyBot`]), the ISMCTS bot ([`IsmctsBot`]) and whole games played by it
//! ([`play_many_greedy`]).

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::bots::greedy::{Greedy, Scratch};
use crate::bots::ismcts::{Horizon, Ismcts, Options};
use crate::data::Rules;
use crate::determinize::{Determinizer, Knowledge};
use crate::game::Game;
use crate::py::{forests_of, NativeRules};
use crate::rng::PyRandom;
use crate::selfplay::outcome_of;

fn err(e: String) -> PyErr {
    PyValueError::new_err(e)
}

/// One game played natively, with what each player has seen of it, and the games its bots
/// copy into, kept from decision to decision.
#[pyclass(module = "forestshuffle_native")]
pub(crate) struct KnownGame {
    /// borrows the ruleset `rules` holds (declared first: dropped before it)
    game: Game<'static>,
    /// borrows the ruleset too (declared before it: dropped before it)
    scratch: Scratch<'static>,
    know: Knowledge,
    rules: Arc<Rules>,
}

/// The cards of a game where they are: deck, box, hands, caves, clearing, forests and the
/// pending decision's codes.
fn snapshot<'py>(py: Python<'py>, g: &Game) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("deck", g.deck.clone())?;
    d.set_item("box", g.boxed.clone())?;
    d.set_item("hands", g.hands.iter().map(|h| h.to_vec()).collect::<Vec<_>>())?;
    d.set_item("caves", g.caves.clone())?;
    d.set_item("clearing", g.clearing.to_vec())?;
    d.set_item("winter", g.winter.clone())?;
    d.set_item("forests", forests_of(g))?;
    d.set_item("legal", if g.over { Vec::new() } else { g.legal_codes() })?;
    Ok(d)
}

#[pymethods]
impl KnownGame {
    #[new]
    fn new(rules: &NativeRules, players: usize, seed: u128) -> PyResult<Self> {
        let arc = rules.rules.clone();
        // SAFETY: the ruleset lives in the Arc's allocation, which neither moves nor is freed
        // while `rules` holds it; `game` and `scratch`, the only holders of the borrow, are
        // dropped first (field order) and never handed out with the 'static lifetime.
        let borrowed: &'static Rules = unsafe { &*Arc::as_ptr(&arc) };
        let game = Game::new(borrowed, players, seed).map_err(err)?;
        let know = Knowledge::new(&game);
        Ok(KnownGame { game, scratch: Scratch::default(), know, rules: arc })
    }

    /// The codec ids of the pending decision's options, in their order.
    fn legal_codes(&self) -> Vec<u32> {
        if self.game.over {
            return Vec::new();
        }
        self.game.legal_codes()
    }

    /// Apply the option of code `code`.
    fn apply_code(&mut self, code: u32) -> PyResult<()> {
        let i = self
            .game
            .legal_codes()
            .iter()
            .position(|&c| c == code)
            .ok_or_else(|| err(format!("action code {code} is not a legal answer")))?;
        self.game.apply_index(i).map_err(err)?;
        self.know.observe(&self.game);
        Ok(())
    }

    #[getter]
    fn to_move(&self) -> Option<usize> {
        (!self.game.over).then(|| self.game.to_move())
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.over
    }

    /// The cards `player` has seen (their pending decision's options included).
    fn seen(&self, player: usize) -> Vec<u16> {
        self.know.seen_by(&self.game, player).cards()
    }

    /// The cards where they are (see `determinized`).
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        snapshot(py, &self.game)
    }

    /// The game determinized for `player` by a generator seeded `seed`: its cards where
    /// they are, and the generator's next `random()` after the sampling.
    fn determinized<'py>(
        &self,
        py: Python<'py>,
        player: usize,
        seed: u128,
    ) -> PyResult<(Bound<'py, PyDict>, f64)> {
        let mut rng = PyRandom::new(seed);
        let det = Determinizer::new(&self.game, &self.know, player).sample(&mut rng).map_err(err)?;
        Ok((snapshot(py, &det)?, rng.random()))
    }

    /// The code of the option `bot` chooses for the pending decision.
    fn greedy(&mut self, bot: &mut GreedyBot) -> PyResult<u32> {
        let i = bot.bot.choose_in(&self.game, &self.know, &mut self.scratch).map_err(err)?;
        Ok(self.game.code(self.game.pending.options[i]))
    }

    /// The code of the option the ISMCTS `bot` chooses for the pending decision.
    fn ismcts(&mut self, bot: &mut IsmctsBot) -> PyResult<u32> {
        let i = bot.bot.choose_in(&self.game, &self.know, &mut self.scratch).map_err(err)?;
        Ok(self.game.code(self.game.pending.options[i]))
    }

    fn __copy__(&self) -> Self {
        let game = self.game.clone();
        KnownGame { game, scratch: Scratch::default(), know: self.know.clone(), rules: self.rules.clone() }
    }
}

/// `fs.bots.GreedyBot(seed=seed)` played natively (its generator carried from decision to
/// decision).
#[pyclass(module = "forestshuffle_native")]
pub(crate) struct GreedyBot {
    bot: Greedy,
}

#[pymethods]
impl GreedyBot {
    #[new]
    fn new(seed: u128) -> Self {
        GreedyBot { bot: Greedy::new(seed) }
    }

    /// The generator's next `random()` (to compare its state with the Python bot's).
    fn random(&mut self) -> f64 {
        self.bot.rng.random()
    }
}

/// `fs.bots.ISMCTSBot(seed=seed, iterations=..., ...)` played natively (an iteration budget;
/// its generator and kept subtree carried from decision to decision).
#[pyclass(module = "forestshuffle_native")]
pub(crate) struct IsmctsBot {
    bot: Ismcts,
}

#[pymethods]
impl IsmctsBot {
    #[new]
    #[pyo3(signature = (seed, iterations, exploration, scale, hand_weight, horizon, depth, top_k))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        seed: u128,
        iterations: u32,
        exploration: f64,
        scale: f64,
        hand_weight: f64,
        horizon: &str,
        depth: Option<usize>,
        top_k: Option<usize>,
    ) -> PyResult<Self> {
        let horizon = Horizon::named(horizon).map_err(err)?;
        let options = Options { iterations, exploration, scale, hand_weight, horizon, depth, top_k };
        Ok(IsmctsBot { bot: Ismcts::new(seed, options).map_err(err)? })
    }

    /// The generator's next `random()` (to compare its state with the Python bot's).
    fn random(&mut self) -> f64 {
        self.bot.rng.random()
    }
}

/// One game played by a greedy bot at every seat: (outcome, decisions it took with more
/// than one option).
fn play_greedy(
    rules: &Rules,
    players: usize,
    seed: u128,
    bot_seed: u128,
    max_actions: u32,
) -> Result<(crate::selfplay::Outcome, u32), String> {
    let mut g = Game::new(rules, players, seed)?;
    let mut know = Knowledge::new(&g);
    let mut bot = Greedy::new(bot_seed);
    let mut scratch = Scratch::default();
    let mut decisions = 0;
    while !g.over && g.actions < max_actions {
        if g.pending.options.len() > 1 {
            decisions += 1;
        }
        let i = bot.choose_in(&g, &know, &mut scratch)?;
        g.apply_index(i)?;
        know.observe(&g);
    }
    Ok((outcome_of(&g), decisions))
}

/// Play one game per seed with `fs.bots.GreedyBot(seed=bot_seed)` choosing for every seat,
/// in parallel, the GIL released. Returns what `play_many` returns, then the decisions with
/// more than one option per game (int32 bytes).
#[pyfunction]
#[pyo3(signature = (rules, players, seeds, bot_seeds, max_actions=100_000))]
#[allow(clippy::type_complexity)]
pub(crate) fn play_many_greedy<'py>(
    py: Python<'py>,
    rules: &NativeRules,
    players: usize,
    seeds: Vec<u128>,
    bot_seeds: Vec<u128>,
    max_actions: u32,
) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    use rayon::prelude::*;
    if seeds.len() != bot_seeds.len() {
        return Err(err("seeds and bot_seeds differ in length".into()));
    }
    let r: &Rules = &rules.rules;
    let one = |(&s, &b): (&u128, &u128)| play_greedy(r, players, s, b, max_actions);
    let out: Result<Vec<_>, String> = py.allow_threads(|| {
        if rayon::current_num_threads() <= 1 {
            // on the calling thread: no hand-off to a worker
            return seeds.iter().zip(&bot_seeds).map(one).collect();
        }
        seeds.par_iter().zip(bot_seeds.par_iter()).map(one).collect()
    });
    let out = out.map_err(err)?;
    let mut cols = crate::lineup::py::columns(out.iter().map(|(o, _)| o), r.species.len());
    cols.push(out.iter().flat_map(|&(_, d)| (d as i32).to_le_bytes()).collect());
    Ok(cols.iter().map(|c| PyBytes::new(py, c)).collect())
}
