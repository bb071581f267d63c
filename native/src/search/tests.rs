//! Unit tests of the search game's masks, returns and undo, on the base ruleset as exported
//! (`tests/data/base.json`: `forestshuffle.native._export.export(fs.get_ruleset("base"))`).

use std::sync::OnceLock;

use super::{action_count, apply_code, legal_mask_into, option_of, returns, History};
use crate::data::Rules;
use crate::game::Game;
use crate::observe::observe;
use crate::selfplay::outcome_of;

/// The base ruleset, parsed once.
fn base() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        Rules::parse(include_str!("../../tests/data/base.json")).expect("the base ruleset parses")
    })
}

/// What a game shows of its state: every player's observation, the legal codes, the actions
/// taken and the turn.
fn view(g: &Game) -> (Vec<Vec<f32>>, Vec<u32>, u32, u32) {
    ((0..g.players).map(|p| observe(g, p)).collect(), g.legal_codes(), g.actions, g.turn)
}

/// The code of option `(7 * k) % n` of `g`'s pending decision: a spread of answers, the same
/// every run.
fn spread(g: &Game, k: usize) -> u32 {
    let codes = g.legal_codes();
    codes[(7 * k) % codes.len()]
}

/// Undo of `n` actions gives the game as it was `n` actions before, for `n` within the
/// last kept copy, across one and across several (`History::EVERY` apart), and applying
/// the same codes again gives the same game as before the undo: a replay from the wrong
/// copy or of the wrong codes would show in an observation or the legal codes.
#[test]
fn undo_then_the_same_actions_again_give_the_same_games() {
    let mut g = Game::new(base(), 3, 17).expect("a base game deals");
    let mut h = History::new(&g);
    let mut seen = vec![view(&g)];
    for k in 0..37 {
        let code = spread(&g, k);
        h.apply(&mut g, code).expect("a legal code");
        seen.push(view(&g));
    }
    assert!(!g.over);
    let all = h.codes().to_vec();
    assert_eq!(all.len(), 37);
    for n in [1, 3, History::EVERY, 13, 36, 37, 0] {
        h.undo(&mut g, n).expect("as many actions were applied");
        let at = all.len() - n;
        assert_eq!(h.codes(), &all[..at], "the codes left after undoing {n}");
        assert_eq!(view(&g), seen[at], "the game {n} actions back");
        for &code in &all[at..] {
            h.apply(&mut g, code).expect("the same code is legal again");
        }
        assert_eq!(view(&g), seen[all.len()], "the game replayed after undoing {n}");
        assert_eq!(h.codes(), &all[..]);
    }
}

/// After an undo and a different line of play, every undo gives the game the codes left
/// replay from the deal: the copies kept for the first line are not used for the second.
#[test]
fn undo_after_a_different_line_replays_that_line() {
    let mut g = Game::new(base(), 2, 23).expect("a base game deals");
    let mut h = History::new(&g);
    for k in 0..20 {
        let code = spread(&g, k);
        h.apply(&mut g, code).expect("a legal code");
    }
    h.undo(&mut g, 13).expect("13 of 20");
    for k in 0..14 {
        let codes = g.legal_codes();
        h.apply(&mut g, codes[(3 * k + 1) % codes.len()]).expect("a legal code");
    }
    assert_eq!(h.codes().len(), 21);
    for n in 1..=21 {
        let (mut g2, mut h2) = (g.clone(), h.clone());
        h2.undo(&mut g2, n).expect("as many actions were applied");
        let mut fresh = Game::new(base(), 2, 23).expect("a base game deals");
        for &c in h2.codes() {
            apply_code(&mut fresh, c).expect("a legal code");
        }
        assert_eq!(view(&g2), view(&fresh), "undoing {n} of the second line");
    }
}

/// Undo of more actions than were applied is refused and changes neither the game nor its
/// history; a clone of a history undoes apart from the original (the copies it shares are
/// never changed).
#[test]
fn undo_beyond_the_start_is_refused_and_clones_undo_apart() {
    let mut g = Game::new(base(), 2, 5).expect("a base game deals");
    let mut h = History::new(&g);
    for k in 0..20 {
        let code = spread(&g, k);
        h.apply(&mut g, code).expect("a legal code");
    }
    let before = view(&g);
    assert!(h.undo(&mut g, 21).is_err());
    assert_eq!((view(&g), h.codes().len()), (before.clone(), 20), "nothing changed");
    let (mut g2, mut h2) = (g.clone(), h.clone());
    h2.undo(&mut g2, 19).expect("19 of 20");
    assert_eq!(h2.codes().len(), 1);
    h.undo(&mut g, 2).expect("2 of 20");
    let mut again = Game::new(base(), 2, 5).expect("a base game deals");
    for &c in h.codes() {
        apply_code(&mut again, c).expect("a legal code");
    }
    assert_eq!(view(&g), view(&again), "the original's undo used its own copies");
}

/// The mask marks the codes of the pending decision's options and nothing else, all clear
/// once the game is over; a code that is not legal is refused and moves nothing.
#[test]
fn the_mask_is_the_legal_codes_and_an_illegal_code_is_refused() {
    let mut g = Game::new(base(), 2, 9).expect("a base game deals");
    let mut mask = vec![true; action_count(&g)];
    let mut k = 0;
    while !g.over {
        legal_mask_into(&g, &mut mask);
        let codes = g.legal_codes();
        let marked: Vec<u32> = (0..mask.len() as u32).filter(|&c| mask[c as usize]).collect();
        let mut want = codes.clone();
        want.sort_unstable();
        want.dedup();
        assert_eq!(marked, want, "after {k} actions");
        let illegal = (0..mask.len() as u32).find(|&c| !mask[c as usize]).expect("not every code is legal");
        assert!(option_of(&g, illegal).is_err());
        let before = view(&g);
        assert!(apply_code(&mut g, illegal).is_err());
        assert_eq!(view(&g), before, "an illegal code moves nothing");
        let code = spread(&g, k);
        apply_code(&mut g, code).expect("a legal code");
        k += 1;
    }
    legal_mask_into(&g, &mut mask);
    assert!(mask.iter().all(|&m| !m), "no legal code once over");
    assert!(option_of(&g, 0).is_err());
}

/// The returns of a finished game follow its scores: +1 / -1 (2 players) between a winner and
/// a loser, the mean over the others for more, ties share the win; they add up to 0 and the
/// winners have the highest total. All zeros while the game goes on.
#[test]
fn returns_of_finished_games_agree_with_their_scores() {
    let mut decisive = 0;
    for (players, seed) in [(2, 1), (2, 2), (2, 3), (3, 4), (4, 5), (4, 6)] {
        let mut g = Game::new(base(), players, seed).expect("a base game deals");
        assert_eq!(returns(&g), vec![0.0; players], "not over yet");
        let mut k = 0;
        while !g.over {
            let code = spread(&g, k);
            apply_code(&mut g, code).expect("a legal code");
            k += 1;
        }
        let out = outcome_of(&g);
        let totals: Vec<i32> = out.scores.iter().map(|s| s.total).collect();
        let best = *totals.iter().max().expect("players");
        let winners: Vec<bool> = totals.iter().map(|&t| t == best).collect();
        let w = winners.iter().filter(|&&x| x).count() as f64;
        let r = returns(&g);
        for p in 0..players {
            assert_eq!(out.winners >> p & 1 == 1, winners[p], "seat {p} of {totals:?}");
            let want = if winners[p] {
                (players as f64 - w) / (players as f64 - 1.0)
            } else {
                -w / (players as f64 - 1.0)
            };
            assert!((r[p] - want).abs() < 1e-12, "seat {p}: {} for {want}, totals {totals:?}", r[p]);
        }
        assert!(r.iter().sum::<f64>().abs() < 1e-9, "the returns add up to 0: {r:?}");
        if players == 2 && w == 1.0 {
            decisive += 1;
            assert_eq!(r.iter().map(|x| x.abs()).collect::<Vec<_>>(), [1.0, 1.0]);
        }
    }
    assert!(decisive > 0, "some 2-player game had one winner");
}
