//! forestshuffle's native core: the same games as the Python engine, data-driven from the
//! built ruleset the Python side exports.

pub mod bots;
pub mod codec;
pub mod data;
pub mod determinize;
mod effects;
pub mod forest;
pub mod game;
pub mod lineup;
pub mod observe;
pub mod pile;
mod place;
mod play;
pub mod queue;
pub mod rng;
pub mod scoring;
pub mod search;
pub mod selfplay;
mod steps;
mod take;
pub mod vecenv;

#[cfg(feature = "python")]
mod py;

/// mimalloc serves the engine's allocations: searches copy and drop many small vectors.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;
