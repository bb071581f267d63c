//! Final scores, with the per-card breakdown: the scoring kinds (`per`, `flat`,
//! `majority`...) read from the ruleset's species (`Species::score`, each spec's kind and
//! arguments as exported).
//!
//! The engine calls [`final_scores`] once, when a game ends. It receives the ruleset and,
//! per player in seat order, the forest (sites, slots, counters: `crate::forest::Forest`),
//! the number of cards in the cave and the hand; it returns per player the total and the
//! points of each forest card (card id, points), in the forest's order of play, and the
//! cave's points. Until the scoring kinds are written, it scores the caves only (one point
//! per card) and every card 0, and [`KINDS`] is empty.

use crate::data::Rules;
use crate::forest::Forest;

/// The scoring kinds this module knows (what `supports` checks).
pub const KINDS: &[&str] = &[];

/// One player's final score.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerScore {
    pub total: i32,
    pub cave: i32,
    /// (card, points) for each forest card, in the order played
    pub cards: Vec<(u16, i32)>,
    /// points by species index (the per-species totals `play_many` returns)
    pub by_species: Vec<i32>,
}

/// The final scores of every player (see the module's docs).
pub fn final_scores(
    rules: &Rules,
    forests: &[Forest],
    caves: &[usize],
    hands: &[Vec<u16>],
) -> Vec<PlayerScore> {
    let _ = hands;
    forests
        .iter()
        .zip(caves)
        .map(|(f, &cave)| PlayerScore {
            total: cave as i32,
            cave: cave as i32,
            cards: f.order.iter().map(|&c| (c, 0)).collect(),
            by_species: vec![0; rules.species.len()],
        })
        .collect()
}
