//! A native game for search: the legal actions as a mask over the action codec, the returns
//! of a finished game (`forestshuffle.search.copies.returns`), and undo.
//!
//! A game is fixed by its seed and the codes applied, so undo replays: a [`History`] keeps
//! the codes and, every [`History::EVERY`] actions, a copy of the game (shared between
//! clones, never changed), and takes `n` actions back by copying the nearest copy at or
//! before the target and replaying the codes after it (fewer than `EVERY`).

use std::sync::Arc;

use crate::game::Game;
use crate::selfplay::winners_of;

/// The index of the option of code `code` of `game`'s pending decision (the first).
pub fn option_of(game: &Game, code: u32) -> Result<usize, String> {
    if game.over {
        return Err("the game is over".into());
    }
    game.pending
        .options
        .iter()
        .position(|&a| game.code(a) == code)
        .ok_or_else(|| format!("action code {code} is not a legal answer"))
}

/// Apply the option of code `code` of `game`'s pending decision.
pub fn apply_code(game: &mut Game, code: u32) -> Result<(), String> {
    let i = option_of(game, code)?;
    game.apply_index(i)
}

/// The size of `game`'s action space (the codec's codes).
pub fn action_count(game: &Game) -> usize {
    game.rules.codec.size as usize
}

/// Set `out[code]` for the codes of the pending decision's options, clear every other
/// (all clear once the game is over). Panics unless `out.len() == action_count(game)`.
pub fn legal_mask_into(game: &Game, out: &mut [bool]) {
    assert_eq!(out.len(), action_count(game), "a mask has one value per action code");
    out.fill(false);
    if game.over {
        return;
    }
    for &a in &game.pending.options {
        out[game.code(a) as usize] = true;
    }
}

/// Per player, the result in `[-1, 1]`: the mean over the other players of +1 (this one won,
/// that one did not), 0 (both or neither won) or -1; the winners have the highest total.
/// All zeros while the game goes on, and for fewer than 2 players.
pub fn returns(game: &Game) -> Vec<f64> {
    let n = game.players;
    if !game.over || n < 2 {
        return vec![0.0; n];
    }
    let won = winners_of(game);
    let w = f64::from(won.count_ones());
    let others = (n - 1) as f64;
    (0..n).map(|p| if won & (1 << p) != 0 { (n as f64 - w) / others } else { -w / others }).collect()
}

/// The codes applied to a game and copies of it along the way, for undo.
#[derive(Clone)]
pub struct History<'r> {
    codes: Vec<u32>,
    /// the options' indices, replayed
    indices: Vec<u32>,
    /// `saved[k]`: the game after `k * EVERY` of the codes
    saved: Vec<Arc<Game<'r>>>,
}

impl<'r> History<'r> {
    /// Actions between two kept copies.
    pub const EVERY: usize = 8;

    /// The history of `game`, with no action applied since (kept as the first copy).
    pub fn new(game: &Game<'r>) -> History<'r> {
        History { codes: Vec::new(), indices: Vec::new(), saved: vec![Arc::new(game.clone())] }
    }

    /// The codes applied, in order.
    pub fn codes(&self) -> &[u32] {
        &self.codes
    }

    /// Apply option `i` of `game`'s pending decision and note it.
    pub fn apply_index(&mut self, game: &mut Game<'r>, i: usize) -> Result<(), String> {
        let a = *game.pending.options.get(i).filter(|_| !game.over).ok_or("no such option")?;
        let code = game.code(a);
        game.apply_index(i)?;
        self.codes.push(code);
        self.indices.push(i as u32);
        if self.codes.len().is_multiple_of(Self::EVERY) {
            self.saved.push(Arc::new(game.clone()));
        }
        Ok(())
    }

    /// Apply the option of code `code` of `game`'s pending decision and note it.
    pub fn apply(&mut self, game: &mut Game<'r>, code: u32) -> Result<(), String> {
        let i = option_of(game, code)?;
        self.apply_index(game, i)
    }

    /// Take back the last `n` actions of `game` (Err, nothing changed, if fewer were applied).
    pub fn undo(&mut self, game: &mut Game<'r>, n: usize) -> Result<(), String> {
        let len = self.codes.len();
        if n > len {
            return Err(format!("cannot undo {n} actions; {len} were applied"));
        }
        if n == 0 {
            return Ok(());
        }
        let target = len - n;
        let base = target / Self::EVERY;
        self.saved.truncate(base + 1);
        self.codes.truncate(target);
        self.indices.truncate(target);
        let mut g = (*self.saved[base]).clone();
        for &i in &self.indices[base * Self::EVERY..] {
            g.apply_index(i as usize).expect("a replayed option is there");
        }
        *game = g;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
