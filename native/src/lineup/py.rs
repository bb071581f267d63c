//! The Python entry point of seated games: `forestshuffle_native.play_seatings`, what
//! `forestshuffle simulate --engine native` plays.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use super::Seating;
use crate::py::NativeRules;
use crate::selfplay::Outcome;

/// One game as Python reads it: (totals, caves, winners, turns, actions, end reason,
/// per seat [(species index, cards, points)] for the species in that forest).
type Row = (Vec<i32>, Vec<i32>, Vec<usize>, u32, u32, &'static str, Vec<Vec<(usize, u32, i32)>>);

/// Play one game per `(seed, [(bot name, bot seed) per seat])`, the GIL released: on
/// rayon's pool when `parallel`, else on the calling thread.
#[pyfunction]
#[pyo3(signature = (rules, players, games, max_actions=100_000, parallel=true))]
pub(crate) fn play_seatings(
    py: Python<'_>,
    rules: &NativeRules,
    players: usize,
    games: Vec<(u128, Vec<(String, u128)>)>,
    max_actions: u32,
    parallel: bool,
) -> PyResult<Vec<Row>> {
    let seatings: Vec<Seating> = games.into_iter().map(|(seed, seats)| Seating { seed, seats }).collect();
    let r = &rules.rules;
    let played = py
        .allow_threads(|| super::play_seatings(r, players, &seatings, max_actions, parallel))
        .map_err(PyValueError::new_err)?;
    Ok(played
        .into_iter()
        .map(|g| {
            let o = &g.outcome;
            let won = (0..players).filter(|i| o.winners & (1 << i) != 0).collect();
            let species = g
                .species
                .iter()
                .map(|seat| {
                    seat.iter().enumerate().filter(|(_, c)| c.0 > 0).map(|(i, &(n, p))| (i, n, p)).collect()
                })
                .collect();
            (
                o.scores.iter().map(|s| s.total).collect(),
                o.scores.iter().map(|s| s.cave).collect(),
                won,
                g.turns,
                o.length,
                g.end_reason,
                species,
            )
        })
        .collect())
}

/// The bots [`play_seatings`] plays, by name.
#[pyfunction]
pub(crate) fn native_bots() -> Vec<&'static str> {
    super::BOT_NAMES.to_vec()
}

/// What `forestshuffle.native.play_many` reads of games, as int32 little-endian columns:
/// totals (per game, per seat), winner bits, lengths, whether over, points by species (per
/// game, per seat, per species index).
pub(crate) fn columns<'a>(outcomes: impl Iterator<Item = &'a Outcome>, species: usize) -> Vec<Vec<u8>> {
    let mut cols: Vec<Vec<u8>> = vec![Vec::new(); 5];
    let mut put = |k: usize, v: i32| cols[k].extend_from_slice(&v.to_le_bytes());
    for o in outcomes {
        for s in &o.scores {
            put(0, s.total);
            for i in 0..species {
                put(4, s.by_species.get(i).copied().unwrap_or(0));
            }
        }
        put(1, o.winners as i32);
        put(2, o.length as i32);
        put(3, i32::from(o.over));
    }
    cols
}

/// [`play_seatings`] returning what `play_many` reads ([`columns`]): a bot per seat.
#[pyfunction]
#[pyo3(signature = (rules, players, games, max_actions=100_000))]
pub(crate) fn play_lineups<'py>(
    py: Python<'py>,
    rules: &NativeRules,
    players: usize,
    games: Vec<(u128, Vec<(String, u128)>)>,
    max_actions: u32,
) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    let seatings: Vec<Seating> = games.into_iter().map(|(seed, seats)| Seating { seed, seats }).collect();
    let r = &rules.rules;
    let played = py
        .allow_threads(|| super::play_seatings(r, players, &seatings, max_actions, true))
        .map_err(PyValueError::new_err)?;
    let cols = columns(played.iter().map(|g| &g.outcome), r.species.len());
    Ok(cols.iter().map(|c| PyBytes::new(py, c)).collect())
}
