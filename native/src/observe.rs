//! Observations: a player's view as a fixed-shape vector of `f32`, the same values as the
//! Python engine's `Game.observation(player)` (`forestshuffle.search.observation`) for the
//! same state.
//!
//! One vector per (ruleset, player count) of [`observation_size`] values, in three parts:
//!
//! 1. **cards**: one row per card of the ruleset (card ids in increasing order) of `4 + P`
//!    zeros and ones, `P` the ruleset's most players: in my hand, in my cave, in the
//!    clearing, a revealed winter card, then in the forest of the player `r` seats after me
//!    (`r = 0` is my own), face up. Card `i`'s row starts at `i * (4 + P)`.
//! 2. **seats**: per relative seat `r` (`0 .. P - 1`; zeros for seats the game does not
//!    have): hand size, cave size, face-up cards in the forest, sites, face-down sites,
//!    whether it is that player's turn.
//! 3. **game**: deck size, revealed winter cards, whether an automated seat is taking its
//!    turn, whether the game is over, whether a decision of mine is pending.
//!
//! Cards tucked under a site are face down and left out, as the Python engine leaves them
//! out; so are plugins' parts of the view (`extensions`), which the native core has none of.
//! The layout is read from the ruleset in constant time (no allocation): a card's row is its
//! index in the action codec's card domain, which is the ruleset's cards in increasing order.

use crate::data::Rules;
use crate::game::Game;

/// Card planes before the forests': hand, cave, clearing, winter.
pub const CARD_PLANES: usize = 4;
/// Features per relative seat.
pub const SEAT_FEATURES: usize = 6;
/// The game's features.
pub const GAME_FEATURES: usize = 5;

/// Where the parts of an observation of a ruleset lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// the ruleset's cards (rows of the cards part)
    pub cards: usize,
    /// the ruleset's most players (relative seats)
    pub seats: usize,
    /// values per card row: [`CARD_PLANES`] then one per relative seat
    pub planes: usize,
    /// the first seat feature
    pub seat_start: usize,
    /// the first game feature
    pub game_start: usize,
    /// the vector's length
    pub size: usize,
}

impl Layout {
    /// The layout of `rules`' observations.
    pub fn of(rules: &Rules) -> Layout {
        // the codec's card domain is every card id in increasing order: the highest id's
        // index is the last row
        let cards = rules.codec.card_index.get(rules.max_card).map_or(0, |&i| i as usize + 1);
        let seats = rules.removal.most_players();
        let planes = CARD_PLANES + seats;
        let seat_start = cards * planes;
        let game_start = seat_start + seats * SEAT_FEATURES;
        Layout { cards, seats, planes, seat_start, game_start, size: game_start + GAME_FEATURES }
    }
}

/// The length of an observation of `game` (it depends on its ruleset only).
pub fn observation_size(game: &Game) -> usize {
    Layout::of(game.rules).size
}

/// Write `player`'s observation of `game` into `out`, every value of it (zeros included).
///
/// Panics unless `player < game.players` and `out.len() == observation_size(game)`.
pub fn observe_into(game: &Game, player: usize, out: &mut [f32]) {
    out.fill(0.0);
    observe_onto_zeros(game, player, out);
}

/// [`observe_into`] for an `out` that holds zeros already (a batch zeroed at once): only the
/// values that are not zero are written.
///
/// Panics unless `player < game.players` and `out.len() == observation_size(game)`.
pub fn observe_onto_zeros(game: &Game, player: usize, out: &mut [f32]) {
    let size = observation_size(game);
    assert_eq!(out.len(), size, "an observation of this ruleset has {size} values");
    observe_with(game, player, |i, v| out[i] = v);
}

/// Call `set(index, value)` for the values of `player`'s observation of `game` that are
/// not zero (some zeros too), each index at most once.
///
/// Panics unless `player < game.players`.
pub fn observe_with(game: &Game, player: usize, mut set: impl FnMut(usize, f32)) {
    let lay = Layout::of(game.rules);
    assert!(player < game.players, "no player {player} in a {}-player game", game.players);
    let (row, planes) = (&game.rules.codec.card_index, lay.planes);
    let at = |card: u16, plane: usize| row[card as usize] as usize * planes + plane;
    let piles: [&[u16]; CARD_PLANES] =
        [&game.hands[player], &game.caves[player], &game.clearing[..], &game.winter];
    for (plane, cards) in piles.into_iter().enumerate() {
        for &c in cards {
            set(at(c, plane), 1.0);
        }
    }
    let n = game.players;
    for seat in 0..n {
        let r = (seat + n - player) % n;
        let plane = CARD_PLANES + r;
        let (mut face_up, mut down) = (0u32, 0u32);
        let sites = &game.forests[seat].sites;
        for s in sites {
            if s.species.is_none() {
                down += 1;
            } else {
                set(at(s.card, plane), 1.0);
                face_up += 1;
            }
            for slot in game.forests[seat].slot_cards(s) {
                for &c in slot {
                    set(at(c, plane), 1.0);
                    face_up += 1;
                }
            }
        }
        let f = [
            game.hands[seat].len() as f32,
            game.caves[seat].len() as f32,
            face_up as f32,
            sites.len() as f32,
            down as f32,
            if game.current == seat { 1.0 } else { 0.0 },
        ];
        for (k, v) in f.into_iter().enumerate() {
            set(lay.seat_start + r * SEAT_FEATURES + k, v);
        }
    }
    let mine = !game.over && game.pending.player as usize == player;
    let g = [
        game.deck.len() as f32,
        game.winter.len() as f32,
        if game.current >= n { 1.0 } else { 0.0 },
        if game.over { 1.0 } else { 0.0 },
        if mine { 1.0 } else { 0.0 },
    ];
    for (k, v) in g.into_iter().enumerate() {
        set(lay.game_start + k, v);
    }
}

/// `player`'s observation of `game`, a new vector.
pub fn observe(game: &Game, player: usize) -> Vec<f32> {
    let mut out = vec![0.0; observation_size(game)];
    observe_into(game, player, &mut out);
    out
}

#[cfg(test)]
mod tests;
