//! Unit tests of observations, on the base ruleset as exported
//! (`tests/data/base.json`: `forestshuffle.native._export.export(fs.get_ruleset("base"))`).

use std::sync::OnceLock;

use super::{observation_size, observe, observe_into, observe_onto_zeros, Layout, CARD_PLANES};
use super::{GAME_FEATURES, SEAT_FEATURES};
use crate::data::Rules;
use crate::game::Game;

/// The base ruleset, parsed once.
fn base() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        Rules::parse(include_str!("../../tests/data/base.json")).expect("the base ruleset parses")
    })
}

/// A game of `players` from `seed` after `actions` actions, option `(7 * k) % n` at the
/// `k`-th (a spread of draws, plays and placements, the same every run).
fn played(players: usize, seed: u128, actions: u32) -> Game<'static> {
    let mut g = Game::new(base(), players, seed).expect("a base game deals");
    for k in 0..actions as usize {
        if g.over {
            break;
        }
        g.apply_chosen(|n| (7 * k) % n).expect("a legal option");
    }
    g
}

/// The ones of plane `plane` of the cards part: the cards it marks, by row.
fn marked(obs: &[f32], lay: &Layout, plane: usize) -> Vec<usize> {
    (0..lay.cards).filter(|&row| obs[row * lay.planes + plane] == 1.0).collect()
}

/// The rows of `cards` (the codec's card indices), sorted.
fn rows(cards: &[u16]) -> Vec<usize> {
    let mut r: Vec<usize> = cards.iter().map(|&c| base().codec.card_index[c as usize] as usize).collect();
    r.sort_unstable();
    r
}

/// The base ruleset's observation is one row of 4 + 5 planes per card (161 cards, up to 5
/// players), 6 features per relative seat and 5 of the game, whatever the player count: a
/// layout that drifted from the module's would shift every value a learner reads.
#[test]
fn an_observation_has_the_layouts_size_for_every_player_count() {
    let lay = Layout::of(base());
    assert_eq!((lay.cards, lay.seats, lay.planes), (161, 5, CARD_PLANES + 5));
    assert_eq!(lay.seat_start, 161 * 9);
    assert_eq!(lay.game_start, lay.seat_start + 5 * SEAT_FEATURES);
    assert_eq!(lay.size, lay.game_start + GAME_FEATURES);
    for players in 2..=5 {
        let g = played(players, 11, 9);
        assert_eq!(observation_size(&g), lay.size);
        for p in 0..players {
            assert_eq!(observe(&g, p).len(), lay.size, "{players} players, seat {p}");
        }
    }
}

/// Each part says what the game holds, seen from `p`: `p`'s hand and cave, the clearing and
/// winter cards by row; each forest's face-up cards in the plane of its relative seat; per
/// relative seat the sizes and whose turn; the deck, the end and whether `p` decides.
#[test]
fn an_observation_encodes_the_position_from_the_players_seat() {
    let g = played(3, 4, 40);
    assert!(!g.over, "the game goes on after 40 actions");
    let lay = Layout::of(base());
    let n = g.players;
    for p in 0..n {
        let obs = observe(&g, p);
        assert_eq!(marked(&obs, &lay, 0), rows(&g.hands[p]), "seat {p}'s hand");
        assert_eq!(marked(&obs, &lay, 1), rows(&g.caves[p]), "seat {p}'s cave");
        assert_eq!(marked(&obs, &lay, 2), rows(&g.clearing), "the clearing");
        assert_eq!(marked(&obs, &lay, 3), rows(&g.winter), "the winter cards");
        for seat in 0..n {
            let r = (seat + n - p) % n;
            let f = &obs[lay.seat_start + r * SEAT_FEATURES..][..SEAT_FEATURES];
            assert_eq!(f[0], g.hands[seat].len() as f32, "hand size of seat {seat} from {p}");
            assert_eq!(f[1], g.caves[seat].len() as f32, "cave size of seat {seat} from {p}");
            let face_up = marked(&obs, &lay, CARD_PLANES + r).len();
            assert_eq!(f[2], face_up as f32, "seat {seat}'s face-up cards, one row each");
            assert_eq!(f[3], g.forests[seat].sites.len() as f32);
            assert_eq!(f[5], f32::from(u8::from(g.current == seat)), "seat {seat}'s turn from {p}");
        }
        for r in n..lay.seats {
            let f = &obs[lay.seat_start + r * SEAT_FEATURES..][..SEAT_FEATURES];
            assert!(f.iter().all(|&v| v == 0.0), "no seat {r} in a {n}-player game");
            assert!(marked(&obs, &lay, CARD_PLANES + r).is_empty());
        }
        let game = &obs[lay.game_start..];
        assert_eq!(game[0], g.deck.len() as f32);
        assert_eq!(game[1], g.winter.len() as f32);
        assert_eq!(game[3], 0.0, "not over");
        assert_eq!(game[4], f32::from(u8::from(g.to_move() == p)), "seat {p} decides");
    }
    let mine: usize = (0..n).map(|p| observe(&g, p)[lay.game_start + 4] as usize).sum();
    assert_eq!(mine, 1, "one player has the pending decision");
}

/// A player's observation does not show another's hand: swapping a card of seat 1's hand
/// for one of the deck leaves seat 0's and seat 2's views as they were, and changes seat 1's.
#[test]
fn an_observation_does_not_reveal_another_players_hand() {
    let mut g = played(3, 8, 25);
    let before: Vec<Vec<f32>> = (0..3).map(|p| observe(&g, p)).collect();
    let (held, fresh) = (g.hands[1][0], g.deck[0]);
    g.hands[1].remove(held);
    g.hands[1].push(fresh);
    g.deck[0] = held;
    assert_eq!(observe(&g, 0), before[0], "seat 0 sees no change");
    assert_eq!(observe(&g, 2), before[2], "seat 2 sees no change");
    assert_ne!(observe(&g, 1), before[1], "seat 1 sees its own hand");
}

/// `observe_into` writes every value (zeros over what a buffer held), and
/// `observe_onto_zeros` on a zeroed buffer writes the same vector: a reused buffer never
/// keeps a value of an earlier game.
#[test]
fn observing_into_a_used_buffer_gives_the_same_vector() {
    let g = played(2, 21, 30);
    let want = observe(&g, 1);
    let mut buf = vec![7.0; observation_size(&g)];
    observe_into(&g, 1, &mut buf);
    assert_eq!(buf, want);
    let mut zeros = vec![0.0; observation_size(&g)];
    observe_onto_zeros(&g, 1, &mut zeros);
    assert_eq!(zeros, want);
}
