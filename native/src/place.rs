//! Where a card may be placed (`forestshuffle.rules`: `placements`, `can_place`, `may_join`):
//! the options of a placement, in full or in compact form, and the tests a turn's options use.

use crate::data::{Filter, Half, Pos, Rules};
use crate::forest::OpenSlot;
use crate::game::{flt_ok, Action, Compact, Counted, Game, Options, Places, Run};

/// Where a half may go in a forest, in the order placements list them.
#[derive(Clone, Copy)]
enum Spots<'a> {
    /// each of these empty slots
    Slots(&'a [OpenSlot]),
    /// those of these empty slots whose class the half's `taken_by` (here) has a bit for
    Classes(&'a [OpenSlot], u64),
    /// those of these empty slots whose definition takes the half
    Defs(&'a [OpenSlot]),
    /// each site's slots taking the half's position: empty, or filled and joined
    Joined,
}
/// Whether half `h` passes `flt` and costs at most `max_cost`.
#[inline(always)]
fn placed(rules: &Rules, h: &Half, flt: Option<&Filter>, max_cost: Option<u32>) -> bool {
    flt_ok(rules, flt, h) && max_cost.is_none_or(|m| h.cost <= m)
}
impl<'r> Game<'r> {
    pub(crate) fn may_join(&self, p: usize, site: usize, slot: usize, h: &Half) -> bool {
        let rules = self.rules;
        let f = &self.forests[p];
        let s = &f.sites[site];
        let cards = f.slot(site, slot);
        let sp = &rules.species[h.species as usize];
        if let Some(mx) = sp.sharing {
            if mx.is_none_or(|m| (cards.len() as u32) < m) {
                let ok = match &sp.share_kin {
                    None => cards.iter().all(|&c| f.half_of(rules, c).species == h.species),
                    Some(kin) => cards.iter().all(|&c| kin.contains(&f.half_of(rules, c).species)),
                };
                if ok {
                    return true;
                }
            }
        }
        // (no card lets others share its site where the forest counts none with its tags)
        if !rules.site_sharing || f.site_sharing_tags & h.tags == 0 {
            return false;
        }
        let group = rules.site_kinds[s.kind as usize].slots[slot].group;
        for v in f.slot_cards(s) {
            for &c in v {
                let Some((g, tag, mx)) = rules.species[f.half_of(rules, c).species as usize].site_sharing
                else {
                    continue;
                };
                if g != group || h.tags & (1 << tag) == 0 {
                    continue;
                }
                if mx.is_none_or(|m| (cards.len() as u32) < m)
                    && cards.iter().all(|&x| f.half_of(rules, x).tags & (1 << tag) != 0)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether half `h` might join a filled slot of `p`'s forest: its species shares slots
    /// (with its kin, or with its own kind where the forest shows one), or a card there
    /// lets others of one of its tags share its site.
    pub(crate) fn joins(&self, p: usize, h: &Half) -> bool {
        let f = &self.forests[p];
        let kin = || self.rules.species[h.species as usize].share_kin.is_some();
        h.shares && (f.count(h.species_key) > 0 || kin())
            || self.rules.site_sharing && f.site_sharing_tags & h.tags != 0
    }

    /// Every legal placement of `card` in `p`'s forest (`rules.placements`): of each half
    /// that `flt` and `max_cost` let be placed, in order, where [`Game::spots`] says.
    pub(crate) fn placements(
        &self,
        p: usize,
        card: u16,
        flt: Option<&Filter>,
        max_cost: Option<u32>,
        out: &mut Options,
    ) {
        let rules = self.rules;
        let hs = &rules.cards[card as usize].halves;
        if hs[0].pos == Pos::Center {
            if placed(rules, &hs[0], flt, max_cost) {
                out.push(Action::Place(0, self.forests[p].sites.len() as u16, self.center));
            }
            return;
        }
        let f = &self.forests[p];
        for (hi, h) in hs.iter().enumerate() {
            if !placed(rules, h, flt, max_cost) {
                continue;
            }
            let place = |o: &OpenSlot| Action::Place(hi as u8, o.site, o.name);
            match self.spots(p, h) {
                Spots::Slots(open) => out.extend(open.iter().map(place)),
                Spots::Classes(open, by) => {
                    out.extend(open.iter().filter(|o| by & 1 << o.class != 0).map(place))
                }
                Spots::Defs(open) => {
                    out.extend(open.iter().filter(|o| f.slot_def(rules, o).takes(h)).map(place))
                }
                Spots::Joined => self.joined_placements(p, hi, h, out),
            }
        }
    }

    /// Where half `h` (not a tree's) may go in `p`'s forest.
    #[inline(always)]
    fn spots(&self, p: usize, h: &Half) -> Spots<'_> {
        let rules = self.rules;
        if self.joins(p, h) {
            return Spots::Joined;
        }
        // only empty slots take it: those listed for its position
        let open = &self.forests[p].open.0[h.pos as usize][..];
        if rules.plain_slots {
            Spots::Slots(open)
        } else if rules.slot_classes != 0 {
            Spots::Classes(open, h.taken_by)
        } else {
            Spots::Defs(open)
        }
    }

    /// The placements of half `hi`, `h`, that may join filled slots ([`Spots::Joined`]):
    /// each site's slots taking its position, in order, empty or joined.
    fn joined_placements(&self, p: usize, hi: usize, h: &Half, out: &mut Options) {
        let rules = self.rules;
        let plain = rules.plain_slots;
        for (si, s) in self.forests[p].sites.iter().enumerate() {
            let sk = &rules.site_kinds[s.kind as usize];
            let mut m = sk.pos_slots[h.pos as usize];
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let sd = &sk.slots[i];
                if (plain || sd.takes(h)) && (s.empty & (1 << i) != 0 || self.may_join(p, si, i, h)) {
                    out.push(Action::Place(hi as u8, si as u16, sd.name));
                }
            }
        }
    }

    /// The placements of `card` in `p`'s forest in compact form, what [`Game::placements`]
    /// lists with none of it written, where each half placed goes to any empty slot taking
    /// its position ([`Spots::Slots`]); else none. (A count of slots by class costs about
    /// what their list does: slots with rules are listed.)
    #[inline(always)]
    fn places(&self, p: usize, card: u16, flt: Option<&Filter>, max_cost: Option<u32>) -> Option<Compact> {
        let rules = self.rules;
        if !rules.plain_slots {
            return None;
        }
        let hs = &rules.cards[card as usize].halves;
        if hs[0].pos == Pos::Center {
            let yes = placed(rules, &hs[0], flt, max_cost);
            return Some(Compact::place(Places { card, halves: u8::from(yes) }, u32::from(yes)));
        }
        let (mut halves, mut len) = (0u8, 0);
        for (hi, h) in hs.iter().enumerate() {
            if placed(rules, h, flt, max_cost) {
                halves |= 1 << hi;
                let Spots::Slots(open) = self.spots(p, h) else { return None };
                len += open.len() as u32;
            }
        }
        Some(Compact::place(Places { card, halves }, len))
    }

    /// Option `i` (below their length) of `p`'s placements in compact form `pl`: the `i`-th
    /// that [`Game::placements`] lists.
    #[inline(never)]
    pub(crate) fn place_nth(&self, p: usize, pl: &Places, i: usize) -> Action {
        let hs = &self.rules.cards[pl.card as usize].halves;
        if hs[0].pos == Pos::Center {
            return Action::Place(0, self.forests[p].sites.len() as u16, self.center);
        }
        // each half placed goes to the empty slots listed for its position ([`Game::places`])
        let lists = &self.forests[p].open.0;
        let mut i = i;
        for (hi, h) in hs.iter().enumerate() {
            if pl.halves & 1 << hi == 0 {
                continue;
            }
            debug_assert!(matches!(self.spots(p, h), Spots::Slots(_)), "a placement in compact form walked");
            let open = &lists[h.pos as usize];
            match open.get(i) {
                Some(o) => return Action::Place(hi as u8, o.site, o.name),
                None => i -= open.len(),
            }
        }
        panic!("no placement {i} past the last")
    }

    /// `p`'s decision where to place `card` pending, in compact form where the game asks
    /// for it ([`Game::compact`]); with no placement, the head step finished instead.
    pub(crate) fn ask_place(&mut self, p: u8, card: u16, flt: Option<&Filter>, max_cost: Option<u32>) -> Run {
        let pu = p as usize;
        if let Some(pl) = self.compact.then(|| self.places(pu, card, flt, max_cost)).flatten() {
            if pl.is_empty() {
                self.finish();
                return Run::Done;
            }
            let d = &mut self.pending;
            (d.player, d.kind, d.offer) = (p, "place", Some(pl));
            d.options.clear();
            return Run::Asked;
        }
        let mut opts = self.opts();
        self.placements(pu, card, flt, max_cost, &mut opts);
        if opts.is_empty() {
            self.pending.options = opts;
            self.finish();
            return Run::Done;
        }
        self.ask(p, "place", opts)
    }

    /// Whether an empty slot of `p`'s forest takes half `h` (slots with rules): by the
    /// slots' classes where the rules keep them, else by their definitions.
    #[inline(always)]
    fn takes_empty(&self, p: usize, h: &Half) -> bool {
        if self.rules.slot_classes == 0 {
            return self.takes_empty_by_def(p, h);
        }
        let yes = self.forests[p].open.0[h.pos as usize].iter().any(|o| h.taken_by & 1 << o.class != 0);
        debug_assert_eq!(yes, self.takes_empty_by_def(p, h), "a slot class drifted");
        yes
    }

    /// [`Game::takes_empty`] by the slots' definitions.
    #[inline(never)]
    fn takes_empty_by_def(&self, p: usize, h: &Half) -> bool {
        let f = &self.forests[p];
        f.open.0[h.pos as usize].iter().any(|o| f.slot_def(self.rules, o).takes(h))
    }

    /// Whether some half of `card` can be placed for `budget` (`rules.can_place`).
    #[inline(always)]
    pub(crate) fn can_place(&self, p: usize, card: u16, budget: i64, flt: Option<&Filter>) -> bool {
        let rules = self.rules;
        let c = &rules.cards[card as usize];
        let f = &self.forests[p];
        if flt.is_none() && rules.plain_slots {
            // the quick test: a half it can pay for whose position has an empty slot (the
            // center always has room: a tree starts a site)
            if c.reach(budget) & (f.open_mask() | 1) != 0 {
                return true;
            }
            if !(c.reach_partial || rules.site_sharing && f.site_sharers > 0) {
                return false;
            }
        }
        let hs = &c.halves;
        if hs[0].pos == Pos::Center {
            return i64::from(hs[0].cost) <= budget && flt_ok(rules, flt, &hs[0]);
        }
        let mask = f.open_mask();
        for h in hs {
            if i64::from(h.cost) > budget || !flt_ok(rules, flt, h) {
                continue;
            }
            let bit = 1u8 << (h.pos as u8);
            if rules.plain_slots {
                if mask & bit != 0 {
                    return true;
                }
            } else if self.takes_empty(p, h) {
                return true;
            }
            if self.joins(p, h) && self.joins_some(p, h) {
                return true;
            }
        }
        false
    }

    /// Whether half `h` may join a card already in a slot of `p`'s forest (sharing).
    #[inline(never)]
    fn joins_some(&self, p: usize, h: &Half) -> bool {
        let rules = self.rules;
        let bit = 1u8 << (h.pos as u8);
        for (si, s) in self.forests[p].sites.iter().enumerate() {
            let sk = &rules.site_kinds[s.kind as usize];
            for (i, sd) in sk.slots.iter().enumerate() {
                if sd.accepts & bit != 0
                    && s.empty & (1 << i) == 0
                    && (rules.plain_slots || sd.takes(h))
                    && self.may_join(p, si, i, h)
                {
                    return true;
                }
            }
        }
        false
    }
}
