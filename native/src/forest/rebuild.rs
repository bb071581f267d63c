//! The changes of a forest other than a card opening a site or going into a slot: a site
//! as a position holds it, a site's upgrade and a renaming of cards.

use super::{Forest, OpenSlot, Site, Slot, STACKED, UNDER};
use crate::data::{Rules, K_FULL_SITES};

/// The bits of the empty ones of `slots` (each its cards).
pub fn empty_bits(slots: &[Vec<u16>]) -> u32 {
    slots.iter().enumerate().filter(|(_, v)| v.is_empty()).fold(0, |m, (i, _)| m | 1 << i)
}

impl Forest {
    /// Every card in a slot or tucked under a site, renamed by `to`.
    pub fn rename_cards(&mut self, to: impl Fn(u16) -> u16) {
        self.edits += 1;
        for s in &mut self.slots {
            if s.len != STACKED {
                for c in &mut s.cards[..s.len as usize] {
                    *c = to(*c);
                }
            }
        }
        for c in self.stacks.iter_mut().flatten() {
            *c = to(*c);
        }
        for (_, c) in &mut self.under {
            *c = to(*c);
        }
        for s in &mut self.sites {
            s.card = to(s.card);
        }
    }

    /// New slots at the end of [`Forest::slots`], holding `cards`: where they start.
    fn add_slots<'c>(&mut self, cards: impl Iterator<Item = &'c [u16]>) -> u32 {
        let first = self.slots.len();
        for (i, cs) in cards.enumerate() {
            self.slots.push(Slot::default());
            for &c in cs {
                self.push_card(first + i, c);
            }
        }
        first as u32
    }

    /// A site as a position holds it (`crate::scoring::position`): its slots' cards in its
    /// kind's order and the cards tucked under it; the counters are the caller's.
    #[allow(clippy::too_many_arguments)]
    pub fn push_site(
        &mut self,
        card: u16,
        kind: u16,
        species: Option<u16>,
        symbol: Option<u16>,
        slots: &[Vec<u16>],
        filled: u32,
        extra_trees: i32,
        under: &[u16],
    ) {
        self.edits += 1;
        let si = self.sites.len() as u16;
        let first = self.add_slots(slots.iter().map(|v| v.as_slice()));
        let empty = empty_bits(slots);
        self.sites.push(Site {
            card,
            kind,
            species,
            symbol,
            first,
            n: slots.len() as u8,
            filled,
            empty,
            extra_trees,
            tucked: under.len() as u32,
        });
        self.under.extend(under.iter().map(|&c| (si, c)));
    }

    /// `site`'s empty slots join the lists of [`Forest::open`], each in its place.
    fn open_slots_of(&mut self, rules: &Rules, site: usize) {
        let s = &self.sites[site];
        let sk = &rules.site_kinds[s.kind as usize];
        let site16 = site as u16;
        for &(pos, o) in &sk.opens {
            if s.empty & (1 << o.slot) == 0 {
                continue;
            }
            // after the site's earlier slots (the kind lists its slots in order)
            let list = &mut self.open.0[pos as usize];
            let at = list.partition_point(|x| x.site <= site16);
            list.insert(at, OpenSlot { site: site16, ..o });
        }
        self.mark_open();
    }

    /// Set the open positions' bits from [`Forest::open`].
    fn mark_open(&mut self) {
        let mut bits = 0;
        for (i, list) in self.open.0.iter().enumerate() {
            if !list.is_empty() {
                bits |= 1 << i;
            }
        }
        self.open_bits = bits;
    }

    /// Tuck `card` face down under `site`, which becomes a site of `kind` (its slots kept by
    /// name).
    pub fn upgrade_site(&mut self, rules: &Rules, site: usize, card: u16, kind: u16, turn: u32) {
        self.edits += 1;
        let old = &rules.site_kinds[self.sites[site].kind as usize];
        let new = &rules.site_kinds[kind as usize];
        let was_full = self.sites[site].filled as usize == old.slots.len();
        for (i, &f) in new.features.iter().enumerate() {
            if !old.features.contains(&f) {
                self.counts[new.feature_keys[i] as usize] += 1;
            }
        }
        for list in &mut self.open.0 {
            list.retain(|x| x.site as usize != site);
        }
        // the slots kept by name, in a new range (the old one left unread)
        let s = self.sites[site];
        let kept: Vec<Vec<u16>> = new
            .slots
            .iter()
            .map(|sd| match old.slots.iter().position(|o| o.name == sd.name) {
                Some(i) => self.slot(site, i).to_vec(),
                None => Vec::new(),
            })
            .collect();
        let first = self.add_slots(kept.iter().map(|v| v.as_slice()));
        let empty = empty_bits(&kept);
        let s = Site {
            kind,
            first,
            n: new.slots.len() as u8,
            filled: kept.iter().filter(|v| !v.is_empty()).count() as u32,
            empty,
            tucked: s.tucked + 1,
            ..s
        };
        self.sites[site] = s;
        let is_full = s.filled as usize == new.slots.len();
        if was_full != is_full {
            self.counts[K_FULL_SITES as usize] += if is_full { 1 } else { -1 };
        }
        self.under.push((site as u16, card));
        self.open_slots_of(rules, site);
        self.where_[card as usize] = (site as u16, UNDER, -1);
        self.order.push(card);
        self.placed_turn[card as usize] = turn;
    }
}
