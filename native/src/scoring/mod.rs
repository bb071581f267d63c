//! Final scores, with the per-card breakdown: the scoring kinds (`per`, `flat`,
//! `majority`...) read from the ruleset's species (`Species::score`, each spec's kind and
//! arguments as exported), compiled once per ruleset into a [`Plan`].
//!
//! The engine calls [`final_scores`] once, when a game ends. It receives the ruleset and,
//! per player in seat order, the forest (sites, slots, counters: `crate::forest::Forest`),
//! the number of cards in the cave and the hand; it returns per player the total and the
//! points of each forest card (card id, points), in the forest's order of play, and the
//! cave's points (one per card), as `forestshuffle.scoring.final_scores` does.
//! [`final_scores_by_species`] leaves out each card's points where no one reads them (the
//! random games of `play_many`). A ruleset with a scoring or count kind this module lacks
//! gets an empty plan (the caves score alone); `supports` refuses it through [`KINDS`] and
//! [`counts`].

pub mod count;
pub mod kinds;
mod plan;
pub mod position;
#[cfg(feature = "python")]
pub mod py;
mod tally;
#[cfg(test)]
mod tests;

use smallvec::SmallVec;

use crate::data::Rules;
use crate::forest::Forest;

pub use count::counts;
use kinds::Ctx;
pub use kinds::KINDS;
pub use plan::Plan;

/// One player's final score.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerScore {
    pub total: i32,
    pub cave: i32,
    /// (card, points) for each forest card, in the order played (empty from
    /// [`final_scores_by_species`])
    pub cards: Vec<(u16, i32)>,
    /// points by species index (the per-species totals `play_many` returns)
    pub by_species: Vec<i32>,
}

/// A group member met in a forest: its group, the scoring of the half it shows, that half's
/// species and the card's place in the breakdown.
#[derive(Clone, Copy)]
struct Member {
    id: u16,
    spec: u16,
    species: u16,
    at: u16,
}

/// How much of the breakdown [`score_forest`] fills: the totals alone (`cards` and
/// `by_species` left empty), the points per species too (`cards` left empty), or all.
const TOTALS: u8 = 0;
const SPECIES: u8 = 1;
const CARDS: u8 = 2;

/// The points of one forest (see the module's docs), with the breakdown `DETAIL` says
/// ([`TOTALS`], [`SPECIES`], [`CARDS`]).
fn score_forest<const DETAIL: u8>(
    rules: &Rules,
    forests: &[Forest],
    player: usize,
    cave: usize,
) -> PlayerScore {
    let plan = &rules.scoring;
    let f = &forests[player];
    let ctx = Ctx { rules, forests, player };
    let mut out =
        PlayerScore { total: cave as i32, cave: cave as i32, cards: Vec::new(), by_species: Vec::new() };
    if DETAIL == CARDS {
        out.cards.reserve(f.order.len());
    }
    if DETAIL >= SPECIES {
        out.by_species.resize(rules.species.len(), 0);
    }
    if plan.halves.is_empty() {
        if DETAIL == CARDS {
            out.cards.extend(f.order.iter().map(|&c| (c, 0)));
        }
        return out;
    }
    // the cards whose halves score more than their flat points and first term: (place in
    // the breakdown, card, half index)
    let mut more: SmallVec<[(u16, u16, i8); 32]> = SmallVec::new();
    out.total += score_cards::<DETAIL>(plan, f, &mut more, &mut out);
    if !more.is_empty() {
        score_more::<DETAIL>(plan, &ctx, &more, &mut out);
    }
    out
}

/// The flat points and first terms of the cards of `f` (face down, none), summed; the
/// breakdown `DETAIL` says in `out`. The cards whose halves score more pushed to `more`
/// (place in the breakdown, card, half index).
#[inline(never)]
fn score_cards<const DETAIL: u8>(
    plan: &Plan,
    f: &Forest,
    more: &mut SmallVec<[(u16, u16, i8); 32]>,
    out: &mut PlayerScore,
) -> i32 {
    // `Term::NONE` reads the first counter: a forest without counters reads a 0
    let counts: &[i32] = if f.counts.is_empty() { &[0] } else { &f.counts };
    let where_ = &f.where_[..];
    let (halves, stride) = (&plan.halves[..], plan.stride);
    // (the breakdown's parts apart: nothing the loop writes moves them)
    let (cards, by_species) = (&mut out.cards, &mut out.by_species[..]);
    let mut total = 0;
    for (at, &card) in f.order.iter().enumerate() {
        let hi = where_[card as usize].2;
        if hi < 0 {
            if DETAIL == CARDS {
                cards.push((card, 0));
            }
            continue;
        }
        let hp = &halves[card as usize * stride + hi as usize];
        let pts = hp.flat + hp.term.points(counts);
        total += pts;
        if hp.more {
            more.push((at as u16, card, hi));
        }
        if DETAIL >= SPECIES {
            by_species[hp.species as usize] += pts;
        }
        if DETAIL == CARDS {
            cards.push((card, pts));
        }
    }
    total
}

/// Add the points of the scorers after the first term of the halves of `more` (place in the
/// breakdown, card, half index, in the forest's order), and of their groups, to `out`.
#[inline(never)]
fn score_more<const DETAIL: u8>(plan: &Plan, ctx: &Ctx, more: &[(u16, u16, i8)], out: &mut PlayerScore) {
    let counts: &[i32] = &ctx.forests[ctx.player].counts;
    let mut members: SmallVec<[Member; 16]> = SmallVec::new();
    for &(at, card, hi) in more {
        let hp = plan.half(card, hi);
        if hp.n_ops != 0 {
            let pts: i32 = plan.ops_of(hp).iter().map(|op| op.points(plan, ctx, counts, card, hi)).sum();
            out.total += pts;
            if DETAIL >= SPECIES {
                out.by_species[hp.species as usize] += pts;
            }
            if DETAIL == CARDS {
                out.cards[at as usize].1 += pts;
            }
        }
        for &(id, spec) in plan.members_of(hp) {
            members.push(Member { id, spec, species: hp.species, at });
        }
    }
    if !members.is_empty() {
        score_groups::<DETAIL>(plan, ctx, &mut members, out);
    }
}

/// Add the points of the groups of `members` (in the forest's order) to `out`: each group
/// scored by the scoring of its first card.
fn score_groups<const DETAIL: u8>(plan: &Plan, ctx: &Ctx, members: &mut [Member], out: &mut PlayerScore) {
    // each group's members together, in the forest's order
    members.sort_by_key(|m| m.id);
    for group in members.chunk_by(|a, b| a.id == b.id) {
        let spec = &plan.group_specs[group[0].spec as usize];
        let add = |i: usize, p: i32| {
            out.total += p;
            let m = &group[i];
            if DETAIL >= SPECIES {
                out.by_species[m.species as usize] += p;
            }
            if DETAIL == CARDS {
                out.cards[m.at as usize].1 += p;
            }
        };
        spec.each(ctx, group.len(), |i| group[i].species, add);
    }
}

/// The final scores of every player (see the module's docs).
pub fn final_scores(
    rules: &Rules,
    forests: &[Forest],
    caves: &[usize],
    hands: &[impl AsRef<[u16]>],
) -> Vec<PlayerScore> {
    let _ = hands; // what a tie-breaker on hands would read
    (0..forests.len()).map(|p| score_forest::<CARDS>(rules, forests, p, caves[p])).collect()
}

/// [`final_scores`] without the points of each card (`PlayerScore::cards` left empty): the
/// totals and the points per species, what `play_many` reports.
pub fn final_scores_by_species(rules: &Rules, forests: &[Forest], caves: &[usize]) -> Vec<PlayerScore> {
    (0..forests.len()).map(|p| score_forest::<SPECIES>(rules, forests, p, caves[p])).collect()
}

/// Player `player`'s final total alone, `cave` cards in their cave: [`final_scores`]' total,
/// without the breakdown, read from the forest's tally (`Forest::tally`): what a search's
/// evaluation reads. A forest that keeps no tally ([`Forest::stop_tally`]) is scored card by
/// card.
pub fn final_total(rules: &Rules, forests: &[Forest], player: usize, cave: usize) -> i32 {
    if !forests[player].tallies {
        return score_forest::<TOTALS>(rules, forests, player, cave).total;
    }
    let total = cave as i32 + tally::total(&rules.scoring, &Ctx { rules, forests, player });
    debug_assert_eq!(
        total,
        score_forest::<TOTALS>(rules, forests, player, cave).total,
        "the tally of seat {player}"
    );
    total
}

/// Player `player`'s points that read their forest alone and those that read other forests
/// too (majorities): [`final_total`] is the cave's cards and the two. None when the ruleset
/// has scorers of other forests this split leaves out, or the forest keeps no tally.
pub fn split_total(rules: &Rules, forests: &[Forest], player: usize) -> Option<(i32, i32)> {
    if !forests[player].tallies {
        return None;
    }
    let ctx = Ctx { rules, forests, player };
    let cross = tally::cross(&rules.scoring, &ctx)?;
    Some((tally::total(&rules.scoring, &ctx) - cross, cross))
}

/// The second part of [`split_total`] alone: player `player`'s points that read other
/// forests too (None as there).
pub fn cross_total(rules: &Rules, forests: &[Forest], player: usize) -> Option<i32> {
    if !forests[player].tallies {
        return None;
    }
    tally::cross(&rules.scoring, &Ctx { rules, forests, player })
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
