//! Final scores, with the per-card breakdown: the scoring kinds (`per`, `flat`,
//! `majority`...) read from the ruleset's species (`Species::score`, each spec's kind and
//! arguments as exported), compiled once per ruleset into a [`Plan`].
//!
//! The engine calls [`final_scores`] once, when a game ends. It receives the ruleset and,
//! per player in seat order, the forest (sites, slots, counters: `crate::forest::Forest`),
//! the number of cards in the cave and the hand; it returns per player the total and the
//! points of each forest card (card id, points), in the forest's order of play, and the
//! cave's points (one per card), as `forestshuffle.scoring.final_scores` does. A ruleset
//! with a scoring or count kind this module lacks gets an empty plan (the caves score
//! alone); `supports` refuses it through [`KINDS`] and [`counts`].

pub mod count;
pub mod kinds;
pub mod position;
#[cfg(feature = "python")]
pub mod py;
#[cfg(test)]
mod tests;

use smallvec::SmallVec;

use crate::data::Rules;
use crate::forest::Forest;

pub use count::counts;
pub use kinds::KINDS;
use kinds::{Compiled, Ctx, Group, Single};

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

/// A ruleset's scoring, compiled once: each species' single scorers and group scorings.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// by species index: its scorers of one card each
    singles: Vec<Vec<Single>>,
    /// by species index: (group id, index in `group_specs`) of its group scorings
    groups: Vec<Vec<(u16, u16)>>,
    group_specs: Vec<Group>,
    /// the ruleset's tie-breakers (`RulesetSpec.tie_breakers`), in order
    ties: Vec<Tie>,
    /// why the plan is empty: the specs it could not compile
    pub missing: Vec<String>,
}

impl Plan {
    /// Compile every species' scoring specs of `rules`; a spec this module cannot compile
    /// leaves the plan empty, with the reasons in `missing`.
    pub fn build(rules: &Rules) -> Plan {
        let mut plan = Plan::default();
        let mut keys: Vec<String> = Vec::new();
        for (i, sp) in rules.species.iter().enumerate() {
            let (mut singles, mut groups) = (Vec::new(), Vec::new());
            for spec in &sp.score {
                match kinds::compile(rules, i, spec) {
                    Ok(Compiled::Single(s)) => singles.push(s),
                    Ok(Compiled::Group(key, g)) => {
                        let id = keys.iter().position(|k| *k == key).unwrap_or_else(|| {
                            keys.push(key);
                            keys.len() - 1
                        });
                        groups.push((id as u16, plan.group_specs.len() as u16));
                        plan.group_specs.push(g);
                    }
                    Err(e) => plan.missing.push(format!("{}: {e}", sp.id)),
                }
            }
            plan.singles.push(singles);
            plan.groups.push(groups);
        }
        for key in rules.json["spec"]["tie_breakers"].as_array().into_iter().flatten() {
            match key.as_str().map(|k| Tie::compile(rules, k)) {
                Some(Ok(t)) => plan.ties.push(t),
                Some(Err(e)) => plan.missing.push(format!("tie-breaker: {e}")),
                None => plan.missing.push(format!("tie-breaker {key} is not a count key")),
            }
        }
        if !plan.missing.is_empty() {
            return Plan { missing: plan.missing, ..Plan::default() };
        }
        plan
    }
}

/// A group being scored: its id, the scoring of its first card, its cards (card,
/// species) and their places in the breakdown.
struct Pending {
    id: u16,
    spec: u16,
    cards: SmallVec<[(u16, u16); 16]>,
    at: SmallVec<[u16; 16]>,
}

/// The points of one forest (see the module's docs); with `detail` false only the totals
/// (`cards` and `by_species` left empty).
fn score_forest(
    rules: &Rules,
    plan: &Plan,
    forests: &[Forest],
    player: usize,
    cave: usize,
    detail: bool,
) -> PlayerScore {
    let f = &forests[player];
    let ctx = Ctx { rules, forests, player };
    let mut out =
        PlayerScore { total: cave as i32, cave: cave as i32, cards: Vec::new(), by_species: Vec::new() };
    if detail {
        out.cards.reserve(f.order.len());
        out.by_species.resize(rules.species.len(), 0);
    }
    let mut pending: SmallVec<[Pending; 4]> = SmallVec::new();
    // `at`: the card's place in the breakdown
    for (at, &card) in (0u16..).zip(&f.order) {
        let hi = f.where_[card as usize].2;
        if hi < 0 || plan.singles.is_empty() {
            if detail {
                out.cards.push((card, 0));
            }
            continue;
        }
        let half = &rules.cards[card as usize].halves[hi as usize];
        let sp = half.species as usize;
        let pts: i32 = plan.singles[sp].iter().map(|s| s.points(&ctx, card, half)).sum();
        out.total += pts;
        for &(id, spec) in &plan.groups[sp] {
            let i = match pending.iter().position(|g| g.id == id) {
                Some(i) => i,
                None => {
                    pending.push(Pending { id, spec, cards: SmallVec::new(), at: SmallVec::new() });
                    pending.len() - 1
                }
            };
            pending[i].cards.push((card, half.species));
            pending[i].at.push(at);
        }
        if detail {
            out.by_species[sp] += pts;
            out.cards.push((card, pts));
        }
    }
    let mut got: SmallVec<[i32; 16]> = SmallVec::new();
    for g in &pending {
        got.clear();
        got.resize(g.cards.len(), 0);
        plan.group_specs[g.spec as usize].points(&ctx, &g.cards, &mut got);
        out.total += got.iter().sum::<i32>();
        if detail {
            for ((&at, &(_, sp)), &p) in g.at.iter().zip(&g.cards).zip(&got) {
                out.cards[at as usize].1 += p;
                out.by_species[sp as usize] += p;
            }
        }
    }
    out
}

/// The final scores of every player (see the module's docs).
pub fn final_scores(
    rules: &Rules,
    forests: &[Forest],
    caves: &[usize],
    hands: &[impl AsRef<[u16]>],
) -> Vec<PlayerScore> {
    let _ = hands; // what a tie-breaker on hands would read
    (0..forests.len()).map(|p| score_forest(rules, &rules.scoring, forests, p, caves[p], true)).collect()
}

/// Player `player`'s final total alone, `cave` cards in their cave: [`final_scores`]' total,
/// without the breakdown (what a search's evaluation reads).
pub fn final_total(rules: &Rules, forests: &[Forest], player: usize, cave: usize) -> i32 {
    score_forest(rules, &rules.scoring, forests, player, cave, false).total
}

/// A tie-breaker: a count of the forest, or the cards in hand (`hand`).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tie {
    Count(count::Count),
    Hand,
}

impl Tie {
    fn compile(rules: &Rules, key: &str) -> Result<Tie, String> {
        if key == "hand" {
            return Ok(Tie::Hand);
        }
        count::Count::compile(rules, key).map(Tie::Count)
    }
}

/// The players with the highest total, as bits; among them, those with the highest
/// tie-breaker values compared in order; still tied, they share the win
/// (`forestshuffle.outcome.best`).
pub fn winners(
    rules: &Rules,
    forests: &[Forest],
    hands: &[impl AsRef<[u16]>],
    scores: &[PlayerScore],
) -> u32 {
    let best = scores.iter().map(|s| s.total).max().unwrap_or(0);
    let tied: Vec<usize> = (0..scores.len()).filter(|&p| scores[p].total == best).collect();
    let ties = &rules.scoring.ties;
    if ties.is_empty() || tied.len() < 2 {
        return tied.iter().fold(0, |w, &p| w | 1 << p);
    }
    let values = |p: usize| -> Vec<i32> {
        ties.iter()
            .map(|t| match t {
                Tie::Count(c) => c.value(rules, &forests[p]),
                Tie::Hand => hands.get(p).map_or(0, |h| h.as_ref().len()) as i32,
            })
            .collect()
    };
    let vals: Vec<Vec<i32>> = tied.iter().map(|&p| values(p)).collect();
    let first = vals.iter().max().cloned().unwrap_or_default();
    tied.iter().zip(&vals).filter(|(_, v)| **v == first).fold(0, |w, (&p, _)| w | 1 << p)
}
