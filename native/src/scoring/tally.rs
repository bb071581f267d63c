//! Each forest's scoring tallied as its face-up cards come (`Forest::tally`), so that a
//! search's evaluation ([`super::final_total`]) reads a few sums rather than every card.
//!
//! A card's points are its flat points, scorers of one counter (`per`, `if_at_least`,
//! `majority`: the same for every card showing them), other scorers (most read the card's
//! place: each card scored alone), and the groups it joins. The tally holds, at fixed
//! places: the sum of the flat points, per scorer of one counter how many cards show it,
//! per group and species how many cards of the species joined it, and per group how many
//! cards joined it. After them, in the order met: each scorer of one counter when its first
//! card came, each group when its first card came (with that card's group scoring: a group
//! scores by its first card's), and each card with other scorers. A forest's cards never
//! leave it nor turn over, and its face-up cards are never renamed (a determinization
//! renames hidden cards only), so the tally stays true.

use super::kinds::{Ctx, Group, Single};
use super::plan::{any_points, Op, Plan};

/// What the tally adds when a card shows one half.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct HalfTally {
    /// its flat points, with those of its scorers that read only a constant
    flat: i32,
    /// where its items start in [`TallyPlan::items`], and how many
    items: u32,
    n_items: u16,
    /// whether it runs scorers scored card by card ([`Op::Any`])
    any: bool,
}

/// The tables of a ruleset's tallies, built with its [`Plan`].
#[derive(Clone, Debug, Default)]
pub(super) struct TallyPlan {
    /// by card id × stride + half index, as [`Plan`]'s halves
    halves: Vec<HalfTally>,
    /// (a place in the tally, the entry to append when it first becomes 1, or -1)
    items: Vec<(u32, i32)>,
    /// the distinct scorers of one counter ([`Op::Term`], [`Op::Majority`])
    aggs: Vec<Op>,
    /// per group scoring (index in `Plan::group_specs`): the places of its group's
    /// per-species counts
    spec_members: Vec<(u32, u32)>,
    /// the length of the fixed places (0: nothing to tally)
    fixed: usize,
    /// the scorers of one counter that read other forests too ([`Op::Majority`]), by index
    /// in `aggs`
    cross: Vec<u32>,
    /// whether scorers read card by card read other forests ([`Single::Majority`])
    cross_any: bool,
}

/// The entries after the fixed places: kind << `KIND_SHIFT` | index.
const KIND_SHIFT: u32 = 16;
const AGG: u32 = 0;
const GROUP: u32 = 1;
const ANY: u32 = 2;

/// The entry of `kind` for a small index (the tables stay far below 1 << `KIND_SHIFT`).
fn entry(kind: u32, index: usize) -> i32 {
    assert!(index < 1 << KIND_SHIFT, "a scoring table too large to tally");
    (kind << KIND_SHIFT | index as u32) as i32
}

impl TallyPlan {
    /// The tables of `plan` (its halves, scorers and groups built), `n_groups` groups.
    pub(super) fn build(plan: &Plan, n_groups: usize) -> TallyPlan {
        let mut t = TallyPlan::default();
        // the scorers of one counter, each once
        let agg_of = |op: Op, aggs: &mut Vec<Op>| match aggs.iter().position(|a| *a == op) {
            Some(i) => i,
            None => {
                aggs.push(op);
                aggs.len() - 1
            }
        };
        // the (group, species) pairs, by group
        let mut pairs: Vec<(u16, u16)> = Vec::new();
        for hp in &plan.halves {
            for &(id, _) in plan.members_of(hp) {
                if !pairs.contains(&(id, hp.species)) {
                    pairs.push((id, hp.species));
                }
            }
        }
        pairs.sort_unstable();
        let mut half_aggs: Vec<Vec<usize>> = Vec::with_capacity(plan.halves.len());
        for hp in &plan.halves {
            let mut mine = Vec::new();
            if hp.term != super::plan::Term::NONE {
                mine.push(agg_of(Op::Term(hp.term), &mut t.aggs));
            }
            for op in plan.ops_of(hp) {
                if !matches!(op, Op::Any(_)) {
                    mine.push(agg_of(*op, &mut t.aggs));
                }
            }
            half_aggs.push(mine);
        }
        t.cross =
            (0..t.aggs.len() as u32).filter(|&i| matches!(t.aggs[i as usize], Op::Majority { .. })).collect();
        t.cross_any = plan.singles.iter().any(|s| matches!(s, Single::Majority { .. }));
        let at_pairs = 1 + t.aggs.len();
        let at_groups = at_pairs + pairs.len();
        t.fixed = at_groups + n_groups;
        let member =
            |id: u16, species: u16| at_pairs + pairs.iter().position(|&p| p == (id, species)).unwrap();
        t.spec_members = vec![(0, 0); plan.group_specs.len()];
        for (hp, mine) in plan.halves.iter().zip(&half_aggs) {
            let mut ht = HalfTally { flat: hp.flat, items: t.items.len() as u32, ..HalfTally::default() };
            for &a in mine {
                t.items.push(((1 + a) as u32, entry(AGG, a)));
            }
            for &(id, spec) in plan.members_of(hp) {
                t.items.push((member(id, hp.species) as u32, -1));
                t.items.push(((at_groups + id as usize) as u32, entry(GROUP, spec as usize)));
                let first = at_pairs + pairs.iter().position(|p| p.0 == id).unwrap();
                let end = at_pairs + pairs.iter().rposition(|p| p.0 == id).unwrap() + 1;
                t.spec_members[spec as usize] = (first as u32, end as u32);
            }
            ht.n_items = u16::try_from(t.items.len() - ht.items as usize).expect("a few items a half");
            ht.any = plan.ops_of(hp).iter().any(|op| matches!(op, Op::Any(_)));
            t.halves.push(ht);
        }
        t
    }
}

impl Plan {
    /// Empty `tally` for a forest of this plan's ruleset.
    pub fn clear_tally(&self, tally: &mut Vec<i32>) {
        tally.clear();
        tally.resize(self.tally.fixed, 0);
    }

    /// Add `card`, showing its half `hi` (none when below 0), to `tally`.
    #[inline]
    pub fn tally_half(&self, tally: &mut Vec<i32>, card: u16, hi: i8) {
        let tp = &self.tally;
        if hi < 0 || tp.fixed == 0 {
            return;
        }
        let ht = &tp.halves[card as usize * self.stride + hi as usize];
        tally[0] += ht.flat;
        for &(at, e) in &tp.items[ht.items as usize..ht.items as usize + ht.n_items as usize] {
            tally[at as usize] += 1;
            if tally[at as usize] == 1 && e >= 0 {
                tally.push(e);
            }
        }
        if ht.any {
            tally.push(entry(ANY, card as usize));
        }
    }

    /// `f`'s tally worked out anew from its cards (a forest not built card by card).
    pub fn retally(&self, f: &mut crate::forest::Forest) {
        let mut tally = std::mem::take(&mut f.tally);
        self.clear_tally(&mut tally);
        for &card in &f.order {
            self.tally_half(&mut tally, card, f.where_[card as usize].2);
        }
        f.tally = tally;
        f.tallies = true;
    }
}

/// The points of the context's forest read from its tally (the caves' aside): what
/// [`super::score_forest`] totals.
pub(super) fn total(plan: &Plan, ctx: &Ctx) -> i32 {
    let f = &ctx.forests[ctx.player];
    let t = &f.tally[..];
    let tp = &plan.tally;
    if tp.fixed == 0 {
        return 0;
    }
    let mut total = t[0];
    for &e in &t[tp.fixed..] {
        let (kind, i) = ((e as u32) >> KIND_SHIFT, (e as u32 & 0xffff) as usize);
        total += match kind {
            AGG => t[1 + i] * tp.aggs[i].points(plan, ctx, &f.counts, 0, 0),
            GROUP => {
                let (a, b) = tp.spec_members[i];
                plan.group_specs[i].total_of_counts(ctx, &t[a as usize..b as usize])
            }
            _ => any_total(plan, ctx, i as u16),
        };
    }
    total
}

/// The points of the context's forest that read other forests too, read from its tally:
/// those of its scorers of one counter that do ([`Op::Majority`]); None when scorers read
/// card by card may ([`Single::Majority`]).
pub(super) fn cross(plan: &Plan, ctx: &Ctx) -> Option<i32> {
    let tp = &plan.tally;
    if tp.cross_any {
        return None;
    }
    let f = &ctx.forests[ctx.player];
    let mut total = 0;
    for &i in &tp.cross {
        // the cards showing the scorer, the tally's entry for it present when there are any
        let n = f.tally[1 + i as usize];
        if n != 0 {
            total += n * tp.aggs[i as usize].points(plan, ctx, &f.counts, 0, 0);
        }
    }
    Some(total)
}

/// The points of `card`'s scorers scored card by card ([`Op::Any`]).
#[inline(never)]
fn any_total(plan: &Plan, ctx: &Ctx, card: u16) -> i32 {
    let hi = ctx.forests[ctx.player].where_[card as usize].2;
    let hp = plan.half(card, hi);
    (plan.ops_of(hp).iter())
        .map(|op| match op {
            Op::Any(i) => any_points(&plan.singles[*i as usize], ctx, card, hi),
            _ => 0,
        })
        .sum()
}

impl Group {
    /// [`Group::total`] of a group whose species hold `counts` cards each (in any order,
    /// species without cards 0).
    pub(super) fn total_of_counts(&self, ctx: &Ctx, counts: &[i32]) -> i32 {
        match self {
            Group::SetTable { .. } => self.total(ctx, &[]),
            Group::DistinctSets { table } => {
                let sets = counts.iter().copied().max().unwrap_or(0);
                (0..sets)
                    .map(|l| {
                        super::kinds::table_value(table, counts.iter().filter(|&&n| n > l).count() as i32)
                    })
                    .sum()
            }
        }
    }
}
