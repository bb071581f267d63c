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

/// One of `picks` (indexes of options) at random: `rng.choice`.
fn pick(rng: &mut PyRandom, picks: &[usize]) -> usize {
    *rng.choice(picks).expect("something to choose from")
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
    for want in [Action::Use, Action::Redraw] {
        if let Some(i) = opts.iter().position(|&a| a == want) {
            return i;
        }
    }
    let picks: Vec<usize> = (0..opts.len()).filter(|&i| matches!(opts[i], Action::PickCard(_))).collect();
    match kind {
        "free_play" | "play_from_clearing" | "take" | "play_further" if !picks.is_empty() => {
            pick(rng, &picks)
        }
        "cave" | "upgrade_site" | "play_face_down" => {
            let pass = opts.iter().position(|&a| a == Action::Pass);
            match pass {
                Some(i) if picks.is_empty() || rng.random() < 0.5 => i,
                _ => pick(rng, &picks),
            }
        }
        _ => pick(rng, &(0..opts.len()).collect::<Vec<_>>()),
    }
}

/// The rule of thumb for a turn: a tree while the forest has few empty slots, else a
/// dweller; a draw when nothing can be played; a sapling last.
fn turn_choice(g: &Game, rng: &mut PyRandom) -> usize {
    let opts = &g.pending.options;
    let of = |f: &dyn Fn(Action) -> bool| -> Vec<usize> { (0..opts.len()).filter(|&i| f(opts[i])).collect() };
    let plays = of(&|a| matches!(a, Action::PlayCard(_)));
    if !plays.is_empty() {
        let tree = |i: &usize| matches!(opts[*i], Action::PlayCard(c) if opens_site(g, c));
        let trees: Vec<usize> = plays.iter().copied().filter(tree).collect();
        if !trees.is_empty() && free_slots(g, g.pending.player as usize) < 3 {
            return pick(rng, &trees);
        }
        let dwellers: Vec<usize> = plays.iter().copied().filter(|i| !tree(i)).collect();
        return pick(rng, if dwellers.is_empty() { &trees } else { &dwellers });
    }
    let draws = of(&|a| matches!(a, Action::DrawFromDeck | Action::DrawFromClearing(_)));
    if !draws.is_empty() {
        return pick(rng, &draws);
    }
    let saplings = of(&|a| matches!(a, Action::PlaySapling(_)));
    if saplings.is_empty() {
        pick(rng, &(0..opts.len()).collect::<Vec<_>>())
    } else {
        pick(rng, &saplings)
    }
}
