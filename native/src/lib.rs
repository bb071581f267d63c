//! forestshuffle's native core: the same games as the Python engine, data-driven from the
//! built ruleset the Python side exports.

pub mod codec;
pub mod data;
mod effects;
pub mod forest;
pub mod game;
pub mod lineup;
pub mod pile;
mod play;
pub mod rng;
pub mod scoring;
pub mod selfplay;
mod steps;

#[cfg(feature = "python")]
mod py;
