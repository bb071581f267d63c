//! One player's forest: sites, slots and the counters the Python engine keeps
//! (`forestshuffle.forest`), as flat arrays indexed by card and counter key.

use crate::data::{
    Half, Rules, SlotDef, K_CAVE, K_FULL_SITES, K_SAPLINGS, K_TREES, K_TREE_SPECIES, K_TREE_TOTAL,
};

/// Where a card lies in the forest.
pub const CENTER: i16 = -1;
pub const UNDER: i16 = -2;
/// The [`Forest::where_`] entry of a card not in the forest.
pub const ABSENT: (u16, i16, i8) = (u16::MAX, 0, 0);

/// The bits of `n` slots (the first `n`).
#[inline]
pub fn all_slots(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1 << n) - 1
    }
}

/// An empty slot of a forest: its site, its name (a site's slots have distinct names), its
/// index in the site's kind and its class ([`SlotDef::class`]). Eight bytes, aligned: a
/// site kind's (`crate::data::SiteKind::opens`) is written into a forest in one store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(8))]
pub struct OpenSlot {
    pub site: u16,
    pub name: u16,
    pub slot: u8,
    pub class: u8,
}

/// The empty slots taking one position, in site then slot order.
pub type OpenSlots = Vec<OpenSlot>;

/// Per position, the empty slots taking it; copied as bytes when a forest is.
#[derive(Debug, Default)]
pub struct OpenLists(pub [OpenSlots; 5]);

/// How many cards a slot holds in place.
const SLOT_INLINE: usize = 3;
/// The most slots a site kind has (`crate::data` refuses more).
const MAX_SLOTS: usize = 32;
/// The slots of a site with no slot range yet ([`Site::first`]): all empty.
static EMPTY_SLOTS: [Slot; MAX_SLOTS] = [Slot { len: 0, pad: 0, cards: [0; SLOT_INLINE] }; MAX_SLOTS];
/// [`Site::first`] of a site whose slots are all empty and have no range yet.
const NO_RANGE: u32 = u32::MAX;
/// The length of a slot whose cards are a stack of the forest's ([`Forest::stacks`]).
const STACKED: u8 = u8::MAX;

/// The cards of one slot, in the order they came: a few in place (most slots hold one
/// card); a longer stack in the forest's stacks, the slot holding its index. Plain data, so
/// that copying a forest copies its slots as bytes. [`Forest::cards`] reads one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slot {
    len: u8,
    /// a byte of no meaning, written so that a slot is eight bytes with no gap (an empty
    /// one a single store)
    pad: u8,
    cards: [u16; SLOT_INLINE],
}

/// A site: the card that opened it, its kind and its slots (a range of the forest's
/// [`Forest::slots`], in its kind's order, made when a card first goes into one: most
/// sites, saplings, never hold one).
#[derive(Clone, Copy, Debug)]
pub struct Site {
    pub card: u16,
    pub kind: u16,
    /// the opener's species (None for a sapling)
    pub species: Option<u16>,
    pub symbol: Option<u16>,
    /// where its slots start in [`Forest::slots`] ([`NO_RANGE`]: not yet), and how many
    first: u32,
    n: u8,
    pub filled: u32,
    /// its empty slots, as bits by slot index
    pub empty: u32,
    pub extra_trees: i32,
    /// how many cards are tucked under it ([`Forest::under`])
    pub tucked: u32,
}

impl Site {
    /// A site of kind `kind` and its `n` slots, all empty, opened by card 0 face down.
    pub(crate) fn empty_of(kind: u16, n: usize) -> Site {
        Site {
            card: 0,
            kind,
            species: None,
            symbol: None,
            first: NO_RANGE,
            n: n as u8,
            filled: 0,
            empty: all_slots(n),
            extra_trees: 0,
            tucked: 0,
        }
    }
}

/// The sites and counters of one forest.
#[derive(Debug)]
pub struct Forest {
    pub sites: Vec<Site>,
    /// every site's slots, each site's a range ([`Site`])
    slots: Vec<Slot>,
    /// the cards of slots holding more than a few, each slot's in the order they came
    stacks: Vec<Vec<u16>>,
    /// the cards tucked under sites, (site, card) in the order tucked
    pub under: Vec<(u16, u16)>,
    /// card -> (site, slot index or CENTER/UNDER, half index or -1), site u16::MAX if absent
    pub where_: Vec<(u16, i16, i8)>,
    pub counts: Vec<i32>,
    /// the scoring tallied as face-up cards come (`crate::scoring::Plan::tally_half`), what
    /// a search's evaluation reads
    pub tally: Vec<i32>,
    /// whether `tally` is kept ([`Forest::stop_tally`])
    pub tallies: bool,
    pub order: Vec<u16>,
    pub placed_turn: Vec<u32>,
    /// cards with permanent triggers, in the order played
    pub triggers: Vec<u16>,
    /// the cards in slots whose species lets others share a site (`site_sharing`)
    pub site_sharers: u32,
    /// the tags those cards let share their sites, as bits: a half with none of them
    /// shares no site
    pub site_sharing_tags: u64,
    /// per position, the empty slots taking it, in site then slot order (the order
    /// placements list them in)
    pub open: OpenLists,
    /// the positions with an empty slot, as bits (kept with `open`)
    open_bits: u8,
    /// how many changes it has had ([`Forest::edits`])
    edits: u64,
}

impl Forest {
    /// A forest with nothing and no tables (what a copy is made into).
    fn blank() -> Forest {
        Forest {
            sites: Vec::new(),
            slots: Vec::new(),
            stacks: Vec::new(),
            under: Vec::new(),
            where_: Vec::new(),
            counts: Vec::new(),
            tally: Vec::new(),
            tallies: true,
            order: Vec::new(),
            placed_turn: Vec::new(),
            triggers: Vec::new(),
            site_sharers: 0,
            site_sharing_tags: 0,
            open: OpenLists::default(),
            open_bits: 0,
            edits: 0,
        }
    }

    /// An empty forest of `rules`.
    pub fn new(rules: &Rules) -> Forest {
        let mut f = Forest::blank();
        f.sites.reserve(32);
        f.slots.reserve(128);
        f.order.reserve(64);
        f.reset(rules);
        f
    }

    /// Empty this forest for a new game of `rules`, keeping its allocations.
    pub fn reset(&mut self, rules: &Rules) {
        // every field named, so that a new one cannot be left out
        let Forest {
            sites,
            slots,
            stacks,
            under,
            where_,
            counts,
            tally,
            tallies,
            order,
            placed_turn,
            triggers,
            site_sharers,
            site_sharing_tags,
            open,
            open_bits,
            edits,
        } = self;
        *edits += 1;
        sites.clear();
        slots.clear();
        stacks.clear();
        under.clear();
        // (written as copies of a row of absent entries, not one entry at a time)
        const ROW: [(u16, i16, i8); 256] = [ABSENT; 256];
        let cards = rules.max_card + 1;
        where_.clear();
        while where_.len() < cards {
            where_.extend_from_slice(&ROW[..ROW.len().min(cards - where_.len())]);
        }
        placed_turn.clear();
        placed_turn.resize(cards, 0);
        counts.clear();
        counts.resize(rules.count_keys.len(), 0);
        rules.scoring.clear_tally(tally);
        *tallies = true;
        order.clear();
        triggers.clear();
        *site_sharers = 0;
        *site_sharing_tags = 0;
        for list in &mut open.0 {
            list.clear();
        }
        *open_bits = 0;
    }

    /// How many changes this forest has had, a copy counting its source's: a copy whose
    /// count is its source's is the same forest (every change goes through a method that
    /// counts it).
    #[inline]
    pub fn edits(&self) -> u64 {
        self.edits
    }

    // -- reading slots ----------------------------------------------------------------

    /// The cards of a slot, in the order they came.
    #[inline]
    pub fn cards<'a>(&'a self, slot: &'a Slot) -> &'a [u16] {
        if slot.len == STACKED {
            &self.stacks[slot.cards[0] as usize]
        } else {
            &slot.cards[..slot.len as usize]
        }
    }

    /// The slots of `site`, in its kind's order.
    #[inline]
    pub fn slots_of(&self, site: &Site) -> &[Slot] {
        if site.first == NO_RANGE {
            return &EMPTY_SLOTS[..site.n as usize];
        }
        &self.slots[site.first as usize..site.first as usize + site.n as usize]
    }

    /// The cards of each slot of `site`, in its kind's order.
    pub fn slot_cards<'a>(&'a self, site: &'a Site) -> impl ExactSizeIterator<Item = &'a [u16]> + Clone + 'a {
        self.slots_of(site).iter().map(move |s| self.cards(s))
    }

    /// The cards in slot `i` of site `site`.
    #[inline]
    pub fn slot(&self, site: usize, i: usize) -> &[u16] {
        self.cards(&self.slots_of(&self.sites[site])[i])
    }

    /// The cards tucked under `site`, in the order tucked.
    pub fn under_of(&self, site: usize) -> impl Iterator<Item = u16> + '_ {
        self.under.iter().filter(move |&&(s, _)| s as usize == site).map(|&(_, c)| c)
    }

    /// A card joins slot `at` of [`Forest::slots`].
    #[inline(always)]
    fn push_card(&mut self, at: usize, c: u16) {
        let s = &mut self.slots[at];
        if (s.len as usize) < SLOT_INLINE {
            s.cards[s.len as usize] = c;
            s.len += 1;
        } else {
            self.push_stacked(at, c);
        }
    }

    /// [`Forest::push_card`] to a slot holding as many cards as it holds in place, or more.
    #[cold]
    #[inline(never)]
    fn push_stacked(&mut self, at: usize, c: u16) {
        let s = &mut self.slots[at];
        if s.len == STACKED {
            self.stacks[s.cards[0] as usize].push(c);
        } else {
            let mut stack = s.cards.to_vec();
            stack.push(c);
            *s = Slot { len: STACKED, pad: 0, cards: [self.stacks.len() as u16, 0, 0] };
            self.stacks.push(stack);
        }
    }

    /// `n` empty slots at the end of [`Forest::slots`]: a few written as a copy of fixed
    /// length, then cut to `n` (no call to fill memory).
    #[inline(always)]
    fn add_empty_slots(&mut self, n: usize) {
        const FEW: usize = 8;
        let first = self.slots.len();
        if n <= FEW {
            self.slots.extend_from_slice(&[Slot::default(); FEW]);
            self.slots.truncate(first + n);
        } else {
            self.slots.resize(first + n, Slot::default());
        }
    }

    /// A range of empty slots for `site`, which has none ([`NO_RANGE`]): where it starts.
    #[inline(always)]
    fn add_range(&mut self, site: usize) -> u32 {
        let first = self.slots.len() as u32;
        let s = &mut self.sites[site];
        s.first = first;
        let n = s.n as usize;
        self.add_empty_slots(n);
        first
    }

    /// Slot `slot` (its index in the site kind) of `site`, which takes the positions
    /// `accepts`, is no longer empty. Each list is in site then slot order, and most sites
    /// have one slot a position: the slot is looked for from the list's entry `site` on,
    /// backwards or forwards.
    #[inline(always)]
    fn close_slot(&mut self, site: usize, slot: usize, accepts: u8) {
        let key = |x: &OpenSlot| u32::from(x.site) << 8 | u32::from(x.slot);
        let want = (site as u32) << 8 | slot as u32;
        let mut ps = accepts;
        while ps != 0 {
            let pos = ps.trailing_zeros();
            ps &= ps - 1;
            let list = &mut self.open.0[pos as usize];
            let Some(last) = list.len().checked_sub(1) else { continue };
            let mut k = site.min(last);
            if key(&list[k]) > want {
                while k > 0 && key(&list[k]) > want {
                    k -= 1;
                }
            } else {
                while k < last && key(&list[k]) < want {
                    k += 1;
                }
            }
            if key(&list[k]) == want {
                list.remove(k);
                if list.is_empty() {
                    self.open_bits &= !(1 << pos);
                }
            }
        }
    }

    #[inline]
    pub fn count(&self, key: u32) -> i32 {
        self.counts[key as usize]
    }

    /// The positions with an empty slot, as bits (1 << position).
    #[inline]
    pub fn open_mask(&self) -> u8 {
        self.open_bits
    }

    /// The definition of an empty slot.
    #[inline]
    pub fn slot_def<'a>(&self, rules: &'a Rules, o: &OpenSlot) -> &'a SlotDef {
        &rules.site_kinds[self.sites[o.site as usize].kind as usize].slots[o.slot as usize]
    }

    /// The half of a card in this forest.
    pub fn half_of<'a>(&self, rules: &'a Rules, card: u16) -> &'a Half {
        let hi = self.where_[card as usize].2.max(0) as usize;
        &rules.cards[card as usize].halves[hi]
    }

    /// Count half `h` (index `hi`) of `card`, just placed face up: its counters, its
    /// triggers and its scoring tally.
    fn count_half(&mut self, rules: &Rules, h: &Half, card: u16, hi: i8) {
        if h.has_triggers {
            self.triggers.push(card);
        }
        let c = &mut self.counts;
        c[h.species_key as usize] += 1;
        if c[h.species_key as usize] == 1 {
            for &k in &h.distinct_keys {
                c[k as usize] += 1;
            }
        }
        for &k in &h.count_keys {
            c[k as usize] += 1;
        }
        if self.tallies {
            rules.scoring.tally_half(&mut self.tally, card, hi);
        }
    }

    /// Keep no scoring tally until the next [`Forest::reset`] (or a retally): what random
    /// self-play does, as it reads no evaluation. The tally is emptied, and the totals that
    /// read it ([`crate::scoring::final_total`] and its parts) score the forest card by card.
    pub fn stop_tally(&mut self) {
        self.tallies = false;
        self.tally.clear();
    }

    /// Open a new site of `kind` with `card` (`half` None: face down, a sapling).
    pub fn open_site(&mut self, rules: &Rules, card: u16, half: Option<usize>, kind: u16, turn: u32) {
        self.open_site_inline(rules, card, half, kind, turn);
    }

    /// [`Forest::open_site`] face up (half `hi`), inlined where a tree is played.
    #[inline(always)]
    pub fn open_tree(&mut self, rules: &Rules, card: u16, hi: usize, kind: u16, turn: u32) {
        self.open_site_inline(rules, card, Some(hi), kind, turn);
    }

    /// [`Forest::open_site`] face down, inlined where a sapling is played.
    #[inline(always)]
    pub fn open_sapling(&mut self, rules: &Rules, card: u16, kind: u16, turn: u32) {
        self.open_site_inline(rules, card, None, kind, turn);
    }

    /// [`Forest::open_site`], inlined into its callers.
    #[inline(always)]
    fn open_site_inline(&mut self, rules: &Rules, card: u16, half: Option<usize>, kind: u16, turn: u32) {
        self.edits += 1;
        let sk = &rules.site_kinds[kind as usize];
        let idx = self.sites.len();
        let h = half.map(|i| &rules.cards[card as usize].halves[i]);
        debug_assert_eq!(sk.empty_site.kind, kind);
        self.sites.push(Site {
            card,
            species: h.map(|h| h.species),
            symbol: h.and_then(|h| h.symbol),
            ..sk.empty_site
        });
        // the new site is the last, every slot empty: each goes at the end of its lists
        // (one a position: a list each, unrolled)
        if sk.one_a_pos {
            let mask = sk.open_mask;
            for (pos, list) in self.open.0.iter_mut().enumerate() {
                if mask & 1 << pos != 0 {
                    list.push(OpenSlot { site: idx as u16, ..sk.open_by_pos[pos] });
                }
            }
        } else {
            for &(pos, o) in &sk.opens {
                self.open.0[pos as usize].push(OpenSlot { site: idx as u16, ..o });
            }
        }
        self.open_bits |= sk.open_mask;
        self.where_[card as usize] = (idx as u16, CENTER, if half.is_none() { -1 } else { 0 });
        self.order.push(card);
        self.placed_turn[card as usize] = turn;
        // (the counters borrowed as a slice: its length read once)
        let counts = &mut self.counts[..];
        for &key in &sk.feature_keys {
            counts[key as usize] += 1;
        }
        if sk.is_tree {
            // (the fixed counters borrowed together: one length checked)
            const _: () = assert!(K_TREES < K_SAPLINGS && K_TREE_TOTAL < K_SAPLINGS);
            let fixed = &mut counts[..=K_SAPLINGS as usize];
            fixed[K_TREES as usize] += 1;
            fixed[K_TREE_TOTAL as usize] += 1;
            if half.is_none() {
                fixed[K_SAPLINGS as usize] += 1;
            }
        }
        if let Some(h) = h {
            // (the half index `where_` holds for it)
            self.count_half(rules, h, card, 0);
            if sk.is_tree {
                let counts = &mut self.counts[..];
                counts[h.trees_of_key as usize] += 1;
                counts[h.tree_cards_of_key as usize] += 1;
                if counts[h.tree_cards_of_key as usize] == 1 {
                    counts[K_TREE_SPECIES as usize] += 1;
                }
            }
        }
    }

    /// Put half `hi` of `card` into slot `slot` (its index in the site kind) of `site`.
    #[inline(always)]
    pub fn attach(&mut self, rules: &Rules, card: u16, hi: usize, site: usize, slot: usize, turn: u32) {
        self.edits += 1;
        let h = &rules.cards[card as usize].halves[hi];
        // the site as it was (read once: the calls below borrow the whole forest)
        let s = self.sites[site];
        let sk = &rules.site_kinds[s.kind as usize];
        let sd = &sk.slots[slot];
        if let Some(tag) = h.site_sharing_tag {
            self.site_sharers += 1;
            self.site_sharing_tags |= 1 << tag;
        }
        if s.empty & (1 << slot) != 0 {
            self.close_slot(site, slot, sd.accepts);
            let st = &mut self.sites[site];
            st.filled += 1;
            st.empty &= !(1 << slot);
            debug_assert_eq!(
                st.empty == 0,
                st.filled as usize == sk.slots.len(),
                "a site's slots miscounted"
            );
            if st.empty == 0 {
                self.counts[K_FULL_SITES as usize] += 1;
            }
        }
        let first = if s.first == NO_RANGE { self.add_range(site) } else { s.first };
        self.push_card(first as usize + slot, card);
        self.where_[card as usize] = (site as u16, slot as i16, hi as i8);
        self.order.push(card);
        self.placed_turn[card as usize] = turn;
        self.counts[sd.role_key as usize] += 1;
        self.count_half(rules, h, card, hi as i8);
        if h.extra_trees != 0 && sk.is_tree {
            self.add_extra_trees(rules, site, h.extra_trees);
        }
    }

    /// `site` (a tree's) counts as `extra` more trees.
    #[cold]
    #[inline(never)]
    fn add_extra_trees(&mut self, rules: &Rules, site: usize, extra: i32) {
        let s = &mut self.sites[site];
        s.extra_trees += extra;
        let (tree, card) = (s.species, s.card);
        self.counts[K_TREE_TOTAL as usize] += extra;
        if let Some(tree) = tree {
            let key = rules.cards[card as usize].halves[0].trees_of_key;
            debug_assert_eq!(rules.cards[card as usize].halves[0].species, tree);
            self.counts[key as usize] += extra;
        }
    }

    /// Count cards put into the cave.
    pub fn caved(&mut self, n: usize) {
        self.edits += 1;
        self.counts[K_CAVE as usize] += n as i32;
    }
}

mod copy;
mod rebuild;
#[cfg(test)]
mod tests;
