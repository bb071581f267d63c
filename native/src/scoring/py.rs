//! The Python entry point of scoring alone, for the differential test of scoring:
//! `forestshuffle_native._score_positions(ruleset_json, positions_json)`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::data::Rules;

/// One player's score as Python reads it: (total, cave, [(card, points)], per-species points).
type Row = (i32, i32, Vec<(u16, i32)>, Vec<i32>);

/// Score each position (JSON, see `crate::scoring::position`) of the ruleset exported as
/// `ruleset_json`: per position, (each player's score, the winners as seats). A ruleset
/// whose scoring the native core lacks is refused, naming what it lacks.
#[pyfunction]
pub fn _score_positions(ruleset_json: &str, positions: Vec<String>) -> PyResult<Vec<(Vec<Row>, Vec<usize>)>> {
    let rules = Rules::parse(ruleset_json).map_err(PyValueError::new_err)?;
    if !rules.scoring.missing.is_empty() {
        return Err(PyValueError::new_err(rules.scoring.missing.join("; ")));
    }
    let mut out = Vec::with_capacity(positions.len());
    for text in &positions {
        let seats = super::position::parse(&rules, text).map_err(PyValueError::new_err)?;
        let (scores, w) = super::position::score(&rules, &seats);
        let won = (0..scores.len()).filter(|i| w & (1 << i) != 0).collect();
        out.push((scores.into_iter().map(|s| (s.total, s.cave, s.cards, s.by_species)).collect(), won));
    }
    Ok(out)
}
