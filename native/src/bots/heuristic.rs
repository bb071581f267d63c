//! The rule of thumb (`forestshuffle.bots.heuristic.quick_choice`): real cards rather than
//! saplings, effects used, at random among equals.

use crate::game::{Action, Game};
use crate::rng::PyRandom;

/// Whether a card, played, opens a site of its own (a tree), as `Ruleset.opens_site`.
pub fn opens_site(g: &Game, c: u16) -> bool {
    let hs = &g.rules.cards[c as usize].halves;
    !hs.is_empty() && hs[0].pos == crate::data::Pos::Center
}

/// The empty slots of `p`'s forest.
pub fn free_slots(g: &Game, p: usize) -> usize {
    g.forests[p].sites.iter().map(|s| s.empty.count_ones() as usize).sum()
}

/// The index of one of the options `want` accepts, at random (`rng.choice` of their
/// indexes), if any.
fn pick_where(rng: &mut PyRandom, opts: &[Action], want: impl Fn(Action) -> bool) -> Option<usize> {
    let n = opts.iter().filter(|&&a| want(a)).count();
    if n == 0 {
        return None;
    }
    let k = rng.randbelow(n as u64) as usize;
    opts.iter().enumerate().filter(|&(_, &a)| want(a)).nth(k).map(|(i, _)| i)
}

/// The index of any option, at random (`rng.choice`).
fn pick_any(rng: &mut PyRandom, opts: &[Action]) -> usize {
    assert!(!opts.is_empty(), "something to choose from");
    rng.randbelow(opts.len() as u64) as usize
}

/// The index of the pending decision's option the rule of thumb takes (`quick_choice`).
pub fn quick_choice(g: &Game, rng: &mut PyRandom) -> usize {
    let dec = &g.pending;
    let opts = &dec.options;
    if opts.len() == 1 {
        return 0;
    }
    let kind = dec.kind;
    if kind == "turn" {
        return turn_choice(g, rng);
    }
    let mut redraw = None;
    for (i, &a) in opts.iter().enumerate() {
        match a {
            Action::Use => return i,
            Action::Redraw if redraw.is_none() => redraw = Some(i),
            _ => {}
        }
    }
    if let Some(i) = redraw {
        return i;
    }
    let is_pick = |a: Action| matches!(a, Action::PickCard(_));
    let any_pick = || opts.iter().any(|&a| is_pick(a));
    let pick = |rng: &mut PyRandom| pick_where(rng, opts, is_pick).expect("something to choose from");
    match kind {
        "free_play" | "play_from_clearing" | "take" | "play_further" if any_pick() => pick(rng),
        "cave" | "upgrade_site" | "play_face_down" => {
            let pass = opts.iter().position(|&a| a == Action::Pass);
            match pass {
                Some(i) if !any_pick() || rng.random() < 0.5 => i,
                _ => pick(rng),
            }
        }
        _ => pick_any(rng, opts),
    }
}

/// The rule of thumb for a turn: a tree while the forest has few empty slots, else a
/// dweller; a draw when nothing can be played; a sapling last.
fn turn_choice(g: &Game, rng: &mut PyRandom) -> usize {
    let opts = &g.pending.options;
    let is_play = |a: Action| matches!(a, Action::PlayCard(_));
    let is_tree = |a: Action| matches!(a, Action::PlayCard(c) if opens_site(g, c));
    let plays = opts.iter().filter(|&&a| is_play(a)).count();
    if plays > 0 {
        let trees = opts.iter().filter(|&&a| is_tree(a)).count();
        if (trees > 0 && free_slots(g, g.pending.player as usize) < 3) || trees == plays {
            return pick_where(rng, opts, is_tree).expect("a tree");
        }
        return pick_where(rng, opts, |a| is_play(a) && !is_tree(a)).expect("a dweller");
    }
    let is_draw = |a: Action| matches!(a, Action::DrawFromDeck | Action::DrawFromClearing(_));
    if let Some(i) = pick_where(rng, opts, is_draw) {
        return i;
    }
    match pick_where(rng, opts, |a| matches!(a, Action::PlaySapling(_))) {
        Some(i) => i,
        None => pick_any(rng, opts),
    }
}
