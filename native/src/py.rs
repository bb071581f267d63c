//! The Python module `forestshuffle_native` (PyO3): the ruleset, a game object and
//! `play_many`. `forestshuffle.native` is its public face.

use std::sync::Arc;

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::data::Rules;
use crate::determinize::{Determinizer, Knowledge};
use crate::game::Game;
use crate::rng::PyRandom;
use crate::search::{self, History};
use crate::selfplay;

fn err(e: String) -> PyErr {
    PyValueError::new_err(e)
}

/// Per player, the sites as Python reads them: (card, site kind id, [(slot name, cards)],
/// cards under it).
pub(crate) type ForestOut = Vec<Vec<(u16, String, Vec<(String, Vec<u16>)>, Vec<u16>)>>;

/// `g`'s forests as [`ForestOut`].
pub(crate) fn forests_of(g: &Game) -> ForestOut {
    let r = g.rules;
    g.forests
        .iter()
        .map(|f| {
            f.sites
                .iter()
                .enumerate()
                .map(|(si, s)| {
                    let sk = &r.site_kinds[s.kind as usize];
                    let slots = sk
                        .slots
                        .iter()
                        .zip(f.slot_cards(s))
                        .map(|(sd, v)| (r.names[sd.name as usize].clone(), v.to_vec()))
                        .collect();
                    (s.card, sk.id.clone(), slots, f.under_of(si).collect())
                })
                .collect()
        })
        .collect()
}

/// A ruleset parsed from its export (`forestshuffle.native._export.export`).
#[pyclass(frozen, module = "forestshuffle_native")]
pub(crate) struct NativeRules {
    pub(crate) rules: Arc<Rules>,
}

#[pymethods]
impl NativeRules {
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        Ok(NativeRules { rules: Arc::new(Rules::parse(text).map_err(err)?) })
    }

    /// The ruleset's id.
    #[getter]
    fn id(&self) -> String {
        self.rules.id.clone()
    }

    /// The kinds the ruleset uses, by section.
    fn kinds(&self) -> Vec<(String, Vec<String>)> {
        let mut v: Vec<_> = self.rules.kinds.iter().map(|(k, l)| (k.clone(), l.clone())).collect();
        v.sort();
        v
    }

    /// The species ids, in the order of `play_many`'s per-species points.
    fn species(&self) -> Vec<String> {
        self.rules.species.iter().map(|s| s.id.clone()).collect()
    }
}

/// One game played natively.
#[pyclass(module = "forestshuffle_native")]
struct NativeGame {
    /// borrows the ruleset `rules` holds (declared first: dropped before it)
    game: Game<'static>,
    /// the codes applied and copies of the game, for undo (borrows the ruleset too)
    history: History<'static>,
    /// what each player has seen after the first `.0` codes, with the game then: made on the
    /// first determinization (replaying the codes), carried forward by the next ones, dropped
    /// when an undo takes back any of those codes (borrows the ruleset too)
    known: Option<Arc<Known>>,
    /// the seed the game was dealt from (None: a determinized game, dealt by no seed)
    seed: Option<u128>,
    rules: Arc<Rules>,
}

type Known = (usize, Game<'static>, Knowledge);

impl NativeGame {
    /// A game of `rules` made by `make`, the borrow of the ruleset kept alive by the Arc the
    /// object holds beside it.
    fn holding(
        rules: Arc<Rules>,
        seed: Option<u128>,
        make: impl FnOnce(&'static Rules) -> Result<Game<'static>, String>,
    ) -> PyResult<Self> {
        // SAFETY: the ruleset lives in the Arc's allocation, which neither moves nor is freed
        // while `rules` holds it; `game` and `history`, the only holders of the borrow, are
        // dropped first (field order) and never handed out with the 'static lifetime.
        let borrowed: &'static Rules = unsafe { &*Arc::as_ptr(&rules) };
        let game = make(borrowed).map_err(err)?;
        let history = History::new(&game);
        Ok(NativeGame { game, history, known: None, seed, rules })
    }

    /// What each player has seen now: the kept knowledge carried over the codes applied
    /// since (made from the deal when there is none).
    fn knowledge(&mut self) -> PyResult<Arc<Known>> {
        let seed = self.seed.ok_or_else(|| {
            err("a determinized game cannot be determinized again: determinize the game it came from".into())
        })?;
        let codes = self.history.codes();
        let known = match self.known.take() {
            Some(k) if k.0 == codes.len() => k,
            kept => {
                let (done, mut g, mut know) = match kept {
                    Some(k) => Arc::unwrap_or_clone(k),
                    None => {
                        let g = Game::new(self.game.rules, self.game.players, seed).map_err(err)?;
                        let know = Knowledge::new(&g);
                        (0, g, know)
                    }
                };
                for &code in &codes[done..] {
                    search::apply_code(&mut g, code).map_err(err)?;
                    know.observe(&g);
                }
                Arc::new((codes.len(), g, know))
            }
        };
        Ok(self.known.insert(known).clone())
    }
}

#[pymethods]
impl NativeGame {
    #[new]
    fn new(rules: &NativeRules, players: usize, seed: u128) -> PyResult<Self> {
        NativeGame::holding(rules.rules.clone(), Some(seed), |r| Game::new(r, players, seed))
    }

    /// The codec ids of the pending decision's options, in their order.
    fn legal_codes(&self) -> Vec<u32> {
        if self.game.over {
            return Vec::new();
        }
        self.game.legal_codes()
    }

    /// The pending decision's kind (``turn``, ``pay``...), or None once over.
    fn decision_kind(&self) -> Option<&'static str> {
        (!self.game.over).then_some(self.game.pending.kind)
    }

    /// Apply the option of code `code`.
    fn apply_code(&mut self, code: u32) -> PyResult<()> {
        self.history.apply(&mut self.game, code).map_err(err)
    }

    /// Apply option `i` of the pending decision.
    fn apply_index(&mut self, i: usize) -> PyResult<()> {
        self.history.apply_index(&mut self.game, i).map_err(err)
    }

    #[getter]
    fn to_move(&self) -> Option<usize> {
        (!self.game.over).then(|| self.game.to_move())
    }

    #[getter]
    fn current_player(&self) -> usize {
        self.game.current
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.over
    }

    #[getter]
    fn end_reason(&self) -> Option<&'static str> {
        self.game.end_reason
    }

    #[getter]
    fn turn(&self) -> u32 {
        self.game.turn
    }

    #[getter]
    fn actions(&self) -> u32 {
        self.game.actions
    }

    #[getter]
    fn hands(&self) -> Vec<Vec<u16>> {
        self.game.hands.iter().map(|h| h.to_vec()).collect()
    }

    #[getter]
    fn clearing(&self) -> Vec<u16> {
        self.game.clearing.to_vec()
    }

    #[getter]
    fn caves(&self) -> Vec<Vec<u16>> {
        self.game.caves.clone()
    }

    #[getter]
    fn deck(&self) -> Vec<u16> {
        self.game.deck.clone()
    }

    #[getter]
    fn deck_size(&self) -> usize {
        self.game.deck.len()
    }

    #[getter]
    fn winter(&self) -> Vec<u16> {
        self.game.winter.clone()
    }

    #[getter]
    fn boxed(&self) -> Vec<u16> {
        self.game.boxed.clone()
    }

    #[getter]
    fn extra_turns(&self) -> Vec<u32> {
        self.game.extra_turns.clone()
    }

    /// Per player, the sites: (card, site kind id, [(slot name, cards)], cards under it).
    fn forests(&self) -> ForestOut {
        forests_of(&self.game)
    }

    /// Per player, the forest's counters that are not zero, by key.
    fn counts(&self, player: usize) -> Vec<(String, i32)> {
        let r = &self.game.rules;
        self.game.forests[player]
            .counts
            .iter()
            .enumerate()
            .filter(|(_, &v)| v != 0)
            .map(|(k, &v)| (r.count_keys[k].clone(), v))
            .collect()
    }

    /// Final scores now: per player (total, cave points, [(card, points)]).
    #[allow(clippy::type_complexity)]
    fn scores(&self) -> Vec<(i32, i32, Vec<(u16, i32)>)> {
        selfplay::outcome_of(&self.game).scores.into_iter().map(|s| (s.total, s.cave, s.cards)).collect()
    }

    /// The winners (highest totals), once over.
    fn winners(&self) -> Vec<usize> {
        if !self.game.over {
            return Vec::new();
        }
        let w = selfplay::winners_of(&self.game);
        (0..self.game.players).filter(|i| w & (1 << i) != 0).collect()
    }

    /// The length of an observation (`forestshuffle_native` layout, as the Python engine's).
    #[getter]
    fn observation_size(&self) -> usize {
        crate::observe::observation_size(&self.game)
    }

    /// Write `player`'s observation into `out`, a writable contiguous float32 buffer of
    /// `observation_size` zeros (only the values that are not zero are written).
    fn observe_onto_zeros(&self, py: Python<'_>, player: usize, out: &Bound<'_, PyAny>) -> PyResult<()> {
        if player >= self.game.players {
            return Err(err(format!("no player {player} in a {}-player game", self.game.players)));
        }
        let buf = PyBuffer::<f32>::get(out)?;
        let cells = writable(&buf, py, crate::observe::observation_size(&self.game))?;
        crate::observe::observe_with(&self.game, player, |i, v| cells[i].set(v));
        Ok(())
    }

    /// Set the legal codes in `out`, a writable contiguous uint8 buffer of `action_count`
    /// zeros (numpy's bools viewed as bytes).
    fn legal_mask_onto_zeros(&self, py: Python<'_>, out: &Bound<'_, PyAny>) -> PyResult<()> {
        let buf = PyBuffer::<u8>::get(out)?;
        let cells = writable(&buf, py, search::action_count(&self.game))?;
        if !self.game.over {
            for &a in &self.game.pending.options {
                cells[self.game.code(a) as usize].set(1);
            }
        }
        Ok(())
    }

    /// The size of the action space (the codec's codes).
    #[getter]
    fn action_count(&self) -> usize {
        search::action_count(&self.game)
    }

    /// Per player, +1 / 0 / -1 against each other player, averaged (zeros until the end).
    fn returns(&self) -> Vec<f64> {
        search::returns(&self.game)
    }

    /// The codes applied so far, in order.
    fn codes(&self) -> Vec<u32> {
        self.history.codes().to_vec()
    }

    /// Take back the last `n` actions.
    fn undo(&mut self, n: usize) -> PyResult<()> {
        self.history.undo(&mut self.game, n).map_err(err)?;
        if self.known.as_ref().is_some_and(|k| k.0 > self.history.codes().len()) {
            self.known = None;
        }
        Ok(())
    }

    /// The game determinized for `player` by a generator seeded `seed`
    /// (`Determinizer(game, player).sample(random.Random(seed))`): a new game starting there.
    fn determinize(&mut self, player: usize, seed: u128) -> PyResult<Self> {
        if player >= self.game.players {
            return Err(err(format!("no player {player} in a {}-player game", self.game.players)));
        }
        let known = self.knowledge()?;
        let mut rng = PyRandom::new(seed);
        let det = Determinizer::new(&self.game, &known.2, player).sample(&mut rng).map_err(err)?;
        NativeGame::holding(self.rules.clone(), None, |_| Ok(det))
    }

    /// An independent copy (undo included).
    fn __copy__(&self) -> Self {
        // the copies borrow the ruleset of the Arc the new object holds too
        NativeGame {
            game: self.game.clone(),
            history: self.history.clone(),
            known: self.known.clone(),
            seed: self.seed,
            rules: self.rules.clone(),
        }
    }
}

/// The cells of a writable, C-contiguous buffer of `len` items.
fn writable<'a, T: pyo3::buffer::Element>(
    buf: &'a PyBuffer<T>,
    py: Python<'a>,
    len: usize,
) -> PyResult<&'a [std::cell::Cell<T>]> {
    let cells = buf.as_mut_slice(py).ok_or_else(|| err("a writable, contiguous buffer is needed".into()))?;
    if cells.len() != len {
        return Err(err(format!("a buffer of {len} items is needed, not {}", cells.len())));
    }
    Ok(cells)
}

/// Seeds from Python ints (`0 <= seed < 2**128`): each read as 64 bits first, as most fit
/// (a cheap conversion), as 128 bits otherwise.
fn seeds_of(seeds: &Bound<'_, PyAny>) -> PyResult<Vec<u128>> {
    let mut out = Vec::with_capacity(seeds.len().unwrap_or(0));
    for item in seeds.try_iter()? {
        let item = item?;
        out.push(match item.extract::<u64>() {
            Ok(s) => u128::from(s),
            Err(_) => item.extract::<u128>()?,
        });
    }
    Ok(out)
}

/// Play one game per seed with the random bot, in parallel, the GIL released (`bot_seeds`
/// None: the seeds themselves). Writes a row per game into `out`, a writable C-contiguous
/// int32 buffer of games x (3 + players x (1 + species)) items: the totals (one per
/// player), the winners as bits, the length, whether the game ended, then the points per
/// species of each player in turn.
#[pyfunction]
#[pyo3(signature = (rules, players, seeds, bot_seeds, max_actions, out))]
fn play_many(
    py: Python<'_>,
    rules: &NativeRules,
    players: usize,
    seeds: &Bound<'_, PyAny>,
    bot_seeds: Option<&Bound<'_, PyAny>>,
    max_actions: u32,
    out: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let seeds = seeds_of(seeds)?;
    let bot_seeds = bot_seeds.map(seeds_of).transpose()?;
    let bots = bot_seeds.as_deref().unwrap_or(&seeds);
    if seeds.len() != bots.len() {
        return Err(err("seeds and bot_seeds differ in length".into()));
    }
    let r: &Rules = &rules.rules;
    let nsp = r.species.len();
    let width = 3 + players * (1 + nsp);
    let buf = PyBuffer::<i32>::get(out)?;
    let cells = writable(&buf, py, seeds.len() * width)?;
    let games =
        py.allow_threads(|| selfplay::play_many(r, players, &seeds, bots, max_actions)).map_err(err)?;
    for (o, row) in games.iter().zip(cells.chunks_exact(width)) {
        let (totals, rest) = row.split_at(players);
        for (c, s) in totals.iter().zip(&o.scores) {
            c.set(s.total);
        }
        rest[0].set(o.winners as i32);
        rest[1].set(o.length as i32);
        rest[2].set(i32::from(o.over));
        if nsp == 0 {
            continue;
        }
        for (part, s) in rest[3..].chunks_exact(nsp).zip(&o.scores) {
            for (c, &v) in part.iter().zip(&s.by_species) {
                c.set(v);
            }
            // no points per species without the scoring: zeros
            for c in part.iter().skip(s.by_species.len()) {
                c.set(0);
            }
        }
    }
    Ok(())
}

/// CPython's `random.Random`, as the native core draws it (for differential tests).
#[pyclass(module = "forestshuffle_native", name = "Random")]
struct PyRng {
    rng: crate::rng::PyRandom,
}

#[pymethods]
impl PyRng {
    #[new]
    fn new(seed: u128) -> Self {
        PyRng { rng: crate::rng::PyRandom::new(seed) }
    }

    /// `getrandbits(k)`, `0 <= k <= 64`.
    fn getrandbits(&mut self, k: u32) -> PyResult<u64> {
        if k > 64 {
            return Err(err(format!("getrandbits takes at most 64 bits here, not {k}")));
        }
        Ok(self.rng.getrandbits(k))
    }

    /// `_randbelow(n)`.
    fn randbelow(&mut self, n: u64) -> u64 {
        self.rng.randbelow(n)
    }

    /// `random()`.
    fn random(&mut self) -> f64 {
        self.rng.random()
    }

    /// `shuffle(x)` of a list of ints, returned.
    fn shuffle(&mut self, mut x: Vec<i64>) -> Vec<i64> {
        self.rng.shuffle(&mut x);
        x
    }

    /// `choice(x)` of a list of ints (None when empty).
    fn choice(&mut self, x: Vec<i64>) -> Option<i64> {
        self.rng.choice(&x).copied()
    }
}

/// The kinds the native core knows, by section.
#[pyfunction]
fn known_kinds() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("deck_builders", vec!["winter_in_last_third"]),
        (
            "steps",
            vec![
                "turn",
                "end_turn",
                "draw",
                "draw_per",
                "extra_turn",
                "free_play",
                "cave_from_hand_then_draw",
                "clearing_to_cave",
                "play_further",
                "cave_from_clearing",
                "take_from_clearing",
                "clearing_to_cave_matching",
                "extra_turn_if",
                "take_all_from_clearing",
                "remove_clearing",
                "free_play_one_of",
                "play_saplings",
                "play_face_down",
                "play_from_clearing",
                "draw_then_cave",
                "cave_from_clearing_per",
                "cave_and_redraw",
            ],
        ),
        ("turn_actions", vec!["draw", "play", "sapling"]),
        ("end_conditions", vec![]),
        ("declarations", vec![]),
        ("state_kinds", vec![]),
        ("triggers", vec!["on_play"]),
        ("scoring", crate::scoring::KINDS.to_vec()),
        ("counts", crate::scoring::counts()),
        ("modifiers", vec!["counts_as_tree", "hosts_sharing"]),
        ("sharing", vec!["shares_slot"]),
    ]
}

/// The Python module.
#[pymodule]
fn forestshuffle_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeRules>()?;
    m.add_class::<NativeGame>()?;
    m.add_class::<PyRng>()?;
    m.add_class::<crate::vecenv::py::PyVecEnv>()?;
    m.add_function(wrap_pyfunction!(play_many, m)?)?;
    m.add_function(wrap_pyfunction!(known_kinds, m)?)?;
    m.add_class::<crate::bots::py::KnownGame>()?;
    m.add_class::<crate::bots::py::GreedyBot>()?;
    m.add_class::<crate::bots::py::IsmctsBot>()?;
    m.add_function(wrap_pyfunction!(crate::bots::py::play_many_greedy, m)?)?;
    m.add_function(wrap_pyfunction!(crate::scoring::py::_score_positions, m)?)?;
    m.add_function(wrap_pyfunction!(crate::lineup::py::play_seatings, m)?)?;
    m.add_function(wrap_pyfunction!(crate::lineup::py::play_lineups, m)?)?;
    m.add_function(wrap_pyfunction!(crate::lineup::py::native_bots, m)?)?;
    // the highest cost of a card half it plays (a payment's cards are kept inline)
    m.add("MAX_CARD_COST", crate::game::Paid::MAX)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
