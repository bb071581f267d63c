//! A ruleset's scoring compiled for reading: per card half, the sum of its flat points, the
//! scorers it runs (counter reads resolved to counter indices where a kind reads only a
//! counter) and the groups it joins, all in flat tables, so that scoring a card is a few
//! table reads.

use crate::data::{Half, Rules};

use super::count::Count;
use super::kinds::{self, Compiled, Ctx, Group, Single};
use super::tally::TallyPlan;
use super::Tie;

/// What one card half scores.
#[derive(Clone, Copy, Debug)]
pub(super) struct HalfPlan {
    /// its flat points, and the scorers that read nothing but a constant
    pub flat: i32,
    /// its first scorer of one counter
    pub term: Term,
    pub species: u16,
    /// whether it runs more scorers or joins group scorings
    pub more: bool,
    /// how many more scorers it runs and group scorings it joins
    pub n_ops: u16,
    pub n_members: u16,
    /// where they start in [`Plan::ops`] and [`Plan::members`]
    pub ops: u32,
    pub members: u32,
}

impl Default for HalfPlan {
    fn default() -> Self {
        HalfPlan {
            flat: 0,
            term: Term::NONE,
            species: 0,
            more: false,
            n_ops: 0,
            n_members: 0,
            ops: 0,
            members: 0,
        }
    }
}

/// A scorer of one counter `c`: `mul × c`, plus `ge` when `c >= n`, else `lt` (`per` and
/// `if_at_least` both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Term {
    /// the counter's index
    pub key: u32,
    pub mul: i32,
    pub n: i32,
    pub ge: i32,
    pub lt: i32,
}

impl Term {
    /// No scorer: 0 points, whatever the first counter holds.
    pub(super) const NONE: Term = Term { key: 0, mul: 0, n: 0, ge: 0, lt: 0 };

    /// `pts` × the counter.
    fn per(key: u32, pts: i32) -> Term {
        Term { key, mul: pts, n: i32::MIN, ge: 0, lt: 0 }
    }

    /// The points for counters `counts` (never empty: [`Term::NONE`] reads the first).
    #[inline(always)]
    pub fn points(&self, counts: &[i32]) -> i32 {
        let c = counts[self.key as usize];
        self.mul * c + if c >= self.n { self.ge } else { self.lt }
    }
}

/// A scorer of one card, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    /// a scorer of one counter
    Term(Term),
    /// `pts` when no other forest's counter is higher, else `otherwise`
    Majority { key: u32, pts: i32, otherwise: i32 },
    /// any other kind, by its index in [`Plan::singles`], read as [`Single::points`] reads it
    Any(u32),
}

/// A ruleset's scoring, compiled once: each card half's scorers and group scorings.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// by card id × `stride` + half index: what the half scores
    pub(super) halves: Vec<HalfPlan>,
    /// the most halves a card has
    pub(super) stride: usize,
    pub(super) ops: Vec<Op>,
    /// the scorers of [`Op::Any`]
    pub(super) singles: Vec<Single>,
    /// (group id, index in `group_specs`) of each half's group scorings
    pub(super) members: Vec<(u16, u16)>,
    pub(super) group_specs: Vec<Group>,
    /// the ruleset's tie-breakers (`RulesetSpec.tie_breakers`), in order
    pub(super) ties: Vec<Tie>,
    /// what a forest's tally adds per card half
    pub(super) tally: TallyPlan,
    /// why the plan is empty: the specs it could not compile
    pub missing: Vec<String>,
}

/// A counter's index, None for a count that is always 0, Err for a computed count.
fn key_of(c: &Count) -> Result<Option<u32>, ()> {
    match c {
        Count::Key(k) => Ok(Some(*k)),
        Count::Zero => Ok(None),
        _ => Err(()),
    }
}

/// What `single` compiles to for a card showing `half`.
enum Compiled1 {
    /// constant points
    Flat(i32),
    Op(Op),
    /// read as it is
    Any,
}

/// `single` for a card showing `half`.
fn op_of(single: &Single, half: &Half) -> Compiled1 {
    use Compiled1::{Any, Flat};
    let term = |t: Term| Compiled1::Op(Op::Term(t));
    match single {
        Single::Flat(p) => Flat(*p),
        Single::Per { pts, count } => match key_of(count) {
            Ok(Some(key)) => term(Term::per(key, *pts)),
            Ok(None) => Flat(0),
            Err(()) => Any,
        },
        Single::IfAtLeast { pts, count, n, otherwise } => match key_of(count) {
            Ok(Some(key)) => term(Term { key, mul: 0, n: *n, ge: *pts, lt: *otherwise }),
            Ok(None) => Flat(if 0 >= *n { *pts } else { *otherwise }),
            Err(()) => Any,
        },
        Single::Majority { pts, count, otherwise } => match key_of(count) {
            Ok(Some(key)) => Compiled1::Op(Op::Majority { key, pts: *pts, otherwise: *otherwise }),
            // every forest's count is 0: the most
            Ok(None) => Flat(*pts),
            Err(()) => Any,
        },
        Single::PerSameSymbol(pts, keys) => match half.symbol.map(|s| key_of(&keys[s as usize])) {
            Some(Ok(Some(key))) => term(Term::per(key, *pts)),
            None | Some(Ok(None)) => Flat(0),
            Some(Err(())) => Any,
        },
        _ => Any,
    }
}

impl Plan {
    /// Compile every species' scoring specs of `rules`; a spec this module cannot compile
    /// leaves the plan empty, with the reasons in `missing`.
    pub fn build(rules: &Rules) -> Plan {
        let mut plan = Plan::default();
        let mut keys: Vec<String> = Vec::new();
        // by species: its single scorers and (group id, spec) of its group scorings
        let mut singles: Vec<Vec<Single>> = Vec::new();
        let mut groups: Vec<Vec<(u16, u16)>> = Vec::new();
        for (i, sp) in rules.species.iter().enumerate() {
            let (mut ss, mut gs) = (Vec::new(), Vec::new());
            for spec in &sp.score {
                match kinds::compile(rules, i, spec) {
                    Ok(Compiled::Single(s)) => ss.push(s),
                    Ok(Compiled::Group(key, g)) => {
                        let id = keys.iter().position(|k| *k == key).unwrap_or_else(|| {
                            keys.push(key);
                            keys.len() - 1
                        });
                        gs.push((id as u16, plan.group_specs.len() as u16));
                        plan.group_specs.push(g);
                    }
                    Err(e) => plan.missing.push(format!("{}: {e}", sp.id)),
                }
            }
            singles.push(ss);
            groups.push(gs);
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
        plan.stride = rules.cards.iter().map(|c| c.halves.len()).max().unwrap_or(0).max(1);
        for card in &rules.cards {
            for half in &card.halves {
                let hp =
                    plan.compile_half(half, &singles[half.species as usize], &groups[half.species as usize]);
                plan.halves.push(hp);
            }
            let pad = plan.stride - card.halves.len();
            plan.halves.extend(std::iter::repeat_n(HalfPlan::default(), pad));
        }
        plan.tally = TallyPlan::build(&plan, keys.len());
        plan
    }

    /// The plan of `half`, its species' scorers `singles` and group scorings `groups`.
    fn compile_half(&mut self, half: &Half, singles: &[Single], groups: &[(u16, u16)]) -> HalfPlan {
        let mut hp = HalfPlan { species: half.species, ..HalfPlan::default() };
        hp.ops = self.ops.len() as u32;
        for s in singles {
            match op_of(s, half) {
                Compiled1::Flat(p) => hp.flat += p,
                Compiled1::Op(Op::Term(t)) if hp.term == Term::NONE => hp.term = t,
                Compiled1::Op(op) => self.ops.push(op),
                Compiled1::Any => {
                    self.ops.push(Op::Any(self.singles.len() as u32));
                    self.singles.push(s.clone());
                }
            }
        }
        hp.n_ops = u16::try_from(self.ops.len() - hp.ops as usize).expect("a few scorers a half");
        hp.members = self.members.len() as u32;
        hp.n_members = u16::try_from(groups.len()).expect("a few groups a half");
        self.members.extend_from_slice(groups);
        hp.more = hp.n_ops + hp.n_members > 0;
        hp
    }

    /// The plan of `card`'s half `hi` (`hi >= 0`).
    #[inline]
    pub(super) fn half(&self, card: u16, hi: i8) -> &HalfPlan {
        &self.halves[card as usize * self.stride + hi as usize]
    }

    /// The scorers of a half after its first term.
    #[inline]
    pub(super) fn ops_of(&self, hp: &HalfPlan) -> &[Op] {
        &self.ops[hp.ops as usize..hp.ops as usize + hp.n_ops as usize]
    }

    /// The group scorings (group id, index in `group_specs`) a half joins.
    #[inline]
    pub(super) fn members_of(&self, hp: &HalfPlan) -> &[(u16, u16)] {
        &self.members[hp.members as usize..hp.members as usize + hp.n_members as usize]
    }
}

impl Op {
    /// The points of `card` (showing its half `hi`) in the context's forest, `counts` its
    /// counters.
    #[inline(always)]
    pub(super) fn points(&self, plan: &Plan, ctx: &Ctx, counts: &[i32], card: u16, hi: i8) -> i32 {
        match *self {
            Op::Term(t) => t.points(counts),
            _ => self.points_more(plan, ctx, counts, card, hi),
        }
    }

    /// [`Op::points`] of the scorers other than [`Op::Term`] (kept out of line: the terms,
    /// most of a forest's scorers, read inline).
    #[inline(never)]
    fn points_more(&self, plan: &Plan, ctx: &Ctx, counts: &[i32], card: u16, hi: i8) -> i32 {
        match *self {
            Op::Term(t) => t.points(counts),
            Op::Majority { key, pts, otherwise } => {
                let mine = counts[key as usize];
                let best = (ctx.forests.iter().enumerate())
                    .filter(|(i, _)| *i != ctx.player)
                    .map(|(_, f)| f.count(key))
                    .max()
                    .unwrap_or(0);
                if mine >= best {
                    pts
                } else {
                    otherwise
                }
            }
            Op::Any(i) => any_points(&plan.singles[i as usize], ctx, card, hi),
        }
    }
}

/// [`Single::points`] of `card` showing its half `hi`.
#[inline(never)]
pub(super) fn any_points(s: &Single, ctx: &Ctx, card: u16, hi: i8) -> i32 {
    s.points(ctx, card, &ctx.rules.cards[card as usize].halves[hi as usize])
}
