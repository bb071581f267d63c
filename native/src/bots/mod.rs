//! Native bots beyond random: the same choices as the Python bots, draw for draw.
//!
//! [`greedy`] is `fs.bots.GreedyBot`: one determinization of the hidden cards
//! ([`crate::determinize`]), then each legal action tried and its turn finished, rated by the
//! position's points; [`ismcts`] is `fs.bots.ISMCTSBot`, a tree search over determinizations
//! whose playouts finish turns as the greedy bot does; [`heuristic`] is the rule of thumb that finishes those turns.

pub mod greedy;
pub mod heuristic;
pub mod ismcts;
#[cfg(feature = "python")]
pub(crate) mod py;
