//! One player's forest: sites, slots and the counters the Python engine keeps
//! (`forestshuffle.forest`), as flat arrays indexed by card and counter key.

use smallvec::SmallVec;

use crate::data::{
    Half, Rules, SlotDef, K_CAVE, K_FULL_SITES, K_SAPLINGS, K_TREES, K_TREE_SPECIES, K_TREE_TOTAL,
};

/// Where a card lies in the forest.
pub const CENTER: i16 = -1;
pub const UNDER: i16 = -2;

/// The bits of `n` slots (the first `n`).
#[inline]
pub fn all_slots(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1 << n) - 1
    }
}

/// The bits of the empty ones of `slots`.
pub fn empty_bits(slots: &[Slot]) -> u32 {
    slots.iter().enumerate().filter(|(_, v)| v.is_empty()).fold(0, |m, (i, _)| m | 1 << i)
}

/// An empty slot of a forest: its site, its name and its index in the site's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenSlot {
    pub site: u16,
    pub name: u16,
    pub slot: u8,
}

/// The empty slots taking one position, in site then slot order (inline for the usual few).
pub type OpenSlots = SmallVec<[OpenSlot; 24]>;

/// Per position, the empty slots taking it; copied as bytes when a forest is.
#[derive(Debug, Default)]
pub struct OpenLists(pub [OpenSlots; 5]);

impl Clone for OpenLists {
    fn clone(&self) -> Self {
        OpenLists(std::array::from_fn(|p| OpenSlots::from_slice(&self.0[p])))
    }

    fn clone_from(&mut self, source: &Self) {
        for (list, from) in self.0.iter_mut().zip(&source.0) {
            list.clear();
            list.extend_from_slice(from);
        }
    }
}

/// How many cards a slot holds without a vector of its own.
const SLOT_INLINE: usize = 5;

/// The cards of one slot, in the order they came: a few inline (most slots hold one card), a
/// stack beyond that in a vector. Reads see a slice. Copying an inline slot copies a few
/// bytes, which is most of what copying a forest does.
#[derive(Clone, Debug)]
pub enum Slot {
    Inline(u8, [u16; SLOT_INLINE]),
    Stack(Vec<u16>),
}

impl Default for Slot {
    fn default() -> Self {
        Slot::Inline(0, [0; SLOT_INLINE])
    }
}

impl Slot {
    /// A card joins the slot.
    pub fn push(&mut self, c: u16) {
        match self {
            Slot::Inline(n, cards) if (*n as usize) < SLOT_INLINE => {
                cards[*n as usize] = c;
                *n += 1;
            }
            Slot::Inline(_, cards) => {
                let mut v = cards.to_vec();
                v.push(c);
                *self = Slot::Stack(v);
            }
            Slot::Stack(v) => v.push(c),
        }
    }
}

impl std::ops::Deref for Slot {
    type Target = [u16];

    #[inline]
    fn deref(&self) -> &[u16] {
        match self {
            Slot::Inline(n, cards) => &cards[..*n as usize],
            Slot::Stack(v) => v,
        }
    }
}

impl std::ops::DerefMut for Slot {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u16] {
        match self {
            Slot::Inline(n, cards) => &mut cards[..*n as usize],
            Slot::Stack(v) => v,
        }
    }
}

impl<'a> IntoIterator for &'a Slot {
    type Item = &'a u16;
    type IntoIter = std::slice::Iter<'a, u16>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<u16> for Slot {
    fn from_iter<I: IntoIterator<Item = u16>>(cards: I) -> Self {
        let mut slot = Slot::default();
        for c in cards {
            slot.push(c);
        }
        slot
    }
}

/// A site's slots, in its kind's order (inline for the usual four).
pub type Slots = SmallVec<[Slot; 4]>;

/// A site: the card that opened it and the cards in its slots.
#[derive(Debug)]
pub struct Site {
    pub card: u16,
    pub kind: u16,
    /// the opener's species (None for a sapling)
    pub species: Option<u16>,
    pub symbol: Option<u16>,
    pub slots: Slots,
    pub filled: u32,
    /// its empty slots, as bits by slot index
    pub empty: u32,
    pub extra_trees: i32,
    pub under: Vec<u16>,
}

impl Clone for Site {
    fn clone(&self) -> Self {
        let Site { card, kind, species, symbol, slots, filled, empty, extra_trees, under } = self;
        Site {
            card: *card,
            kind: *kind,
            species: *species,
            symbol: *symbol,
            slots: slots.clone(),
            filled: *filled,
            empty: *empty,
            extra_trees: *extra_trees,
            under: under.clone(),
        }
    }

    /// Into `self`'s own allocations (a search's scratch forests).
    fn clone_from(&mut self, source: &Self) {
        let Site { card, kind, species, symbol, slots, filled, empty, extra_trees, under } = source;
        (self.card, self.kind, self.species, self.symbol) = (*card, *kind, *species, *symbol);
        (self.filled, self.empty, self.extra_trees) = (*filled, *empty, *extra_trees);
        if self.slots.len() != slots.len() {
            self.slots.clone_from(slots);
        } else {
            for (to, from) in self.slots.iter_mut().zip(slots) {
                match (to, from) {
                    // the usual case copied as bytes, neither a stack to drop nor to clone
                    (Slot::Inline(n, cards), Slot::Inline(m, from)) => (*n, *cards) = (*m, *from),
                    (to, from) => to.clone_from(from),
                }
            }
        }
        self.under.clone_from(under);
    }
}

/// The sites and counters of one forest.
#[derive(Debug)]
pub struct Forest {
    pub sites: Vec<Site>,
    /// card -> (site, slot index or CENTER/UNDER, half index or -1), site u16::MAX if absent
    pub where_: Vec<(u16, i16, i8)>,
    pub counts: Vec<i32>,
    pub order: Vec<u16>,
    pub placed_turn: Vec<u32>,
    /// cards with permanent triggers, in the order played
    pub triggers: Vec<u16>,
    /// the cards in slots whose species lets others share a site (`site_sharing`)
    pub site_sharers: u32,
    /// per position, the empty slots taking it, in site then slot order (the order
    /// placements list them in)
    pub open: OpenLists,
    /// the positions with an empty slot, as bits (kept with `open`)
    open_bits: u8,
}

impl Clone for Forest {
    fn clone(&self) -> Self {
        let Forest { sites, where_, counts, order, placed_turn, triggers, site_sharers, open, open_bits } =
            self;
        Forest {
            sites: sites.clone(),
            where_: where_.clone(),
            counts: counts.clone(),
            order: order.clone(),
            placed_turn: placed_turn.clone(),
            triggers: triggers.clone(),
            site_sharers: *site_sharers,
            open: open.clone(),
            open_bits: *open_bits,
        }
    }

    /// Into `self`'s own allocations (a search's scratch games).
    fn clone_from(&mut self, source: &Self) {
        let Forest { sites, where_, counts, order, placed_turn, triggers, site_sharers, open, open_bits } =
            source;
        self.sites.clone_from(sites);
        self.where_.clone_from(where_);
        self.counts.clone_from(counts);
        self.order.clone_from(order);
        self.placed_turn.clone_from(placed_turn);
        self.triggers.clone_from(triggers);
        self.site_sharers = *site_sharers;
        self.open.clone_from(open);
        self.open_bits = *open_bits;
    }
}

impl Forest {
    pub fn new(rules: &Rules) -> Forest {
        Forest {
            sites: Vec::with_capacity(32),
            where_: vec![(u16::MAX, 0, 0); rules.max_card + 1],
            counts: vec![0; rules.count_keys.len()],
            order: Vec::with_capacity(64),
            placed_turn: vec![0; rules.max_card + 1],
            triggers: Vec::new(),
            site_sharers: 0,
            open: Default::default(),
            open_bits: 0,
        }
    }

    /// `site`'s empty slots join the lists of [`Forest::open`], each in its place (a new
    /// site's last).
    fn open_slots_of(&mut self, rules: &Rules, site: usize) {
        let s = &self.sites[site];
        let last = site + 1 == self.sites.len();
        let sk = &rules.site_kinds[s.kind as usize];
        for &(pos, slot) in &sk.opens {
            if s.empty & (1 << slot) == 0 {
                continue;
            }
            let o = OpenSlot { site: site as u16, name: sk.slots[slot as usize].name, slot };
            let list = &mut self.open.0[pos as usize];
            if last {
                list.push(o);
            } else {
                let at = list.partition_point(|x| (x.site, x.slot) < (o.site, o.slot));
                list.insert(at, o);
            }
        }
        self.mark_open();
    }

    /// Slot `slot` of `site`, which takes the positions `accepts`, is no longer empty.
    fn close_slot(&mut self, site: usize, slot: usize, accepts: u8) {
        let key = (site as u16, slot as u8);
        let mut ps = accepts;
        while ps != 0 {
            let list = &mut self.open.0[ps.trailing_zeros() as usize];
            ps &= ps - 1;
            if let Ok(at) = list.binary_search_by_key(&key, |x| (x.site, x.slot)) {
                list.remove(at);
            }
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

    fn count_half(&mut self, rules: &Rules, h: &Half, card: u16) {
        if !rules.species[h.species as usize].triggers.is_empty() {
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
    }

    /// Open a new site of `kind` with `card` (`half` None: face down, a sapling).
    pub fn open_site(&mut self, rules: &Rules, card: u16, half: Option<usize>, kind: u16, turn: u32) {
        let sk = &rules.site_kinds[kind as usize];
        let idx = self.sites.len();
        let h = half.map(|i| &rules.cards[card as usize].halves[i]);
        self.sites.push(Site {
            card,
            kind,
            species: h.map(|h| h.species),
            symbol: h.and_then(|h| h.symbol),
            slots: (0..sk.slots.len()).map(|_| Slot::default()).collect(),
            filled: 0,
            empty: all_slots(sk.slots.len()),
            extra_trees: 0,
            under: Vec::new(),
        });
        self.open_slots_of(rules, idx);
        self.where_[card as usize] = (idx as u16, CENTER, if half.is_none() { -1 } else { 0 });
        self.order.push(card);
        self.placed_turn[card as usize] = turn;
        for &key in &sk.feature_keys {
            self.counts[key as usize] += 1;
        }
        if sk.is_tree {
            self.counts[K_TREES as usize] += 1;
            self.counts[K_TREE_TOTAL as usize] += 1;
            if half.is_none() {
                self.counts[K_SAPLINGS as usize] += 1;
            }
        }
        if let Some(h) = h {
            self.count_half(rules, h, card);
            if sk.is_tree {
                self.counts[h.trees_of_key as usize] += 1;
                self.counts[h.tree_cards_of_key as usize] += 1;
                if self.counts[h.tree_cards_of_key as usize] == 1 {
                    self.counts[K_TREE_SPECIES as usize] += 1;
                }
            }
        }
    }

    /// Put half `hi` of `card` into slot `slot` (its index in the site kind) of `site`.
    pub fn attach(&mut self, rules: &Rules, card: u16, hi: usize, site: usize, slot: usize, turn: u32) {
        let h = &rules.cards[card as usize].halves[hi];
        let sk = &rules.site_kinds[self.sites[site].kind as usize];
        let sd = &sk.slots[slot];
        if rules.species[h.species as usize].site_sharing.is_some() {
            self.site_sharers += 1;
        }
        if self.sites[site].slots[slot].is_empty() {
            self.close_slot(site, slot, sd.accepts);
            self.sites[site].filled += 1;
            if self.sites[site].filled as usize == sk.slots.len() {
                self.counts[K_FULL_SITES as usize] += 1;
            }
            self.sites[site].slots[slot].push(card);
            self.sites[site].empty &= !(1 << slot);
        } else {
            self.sites[site].slots[slot].push(card);
        }
        self.where_[card as usize] = (site as u16, slot as i16, hi as i8);
        self.order.push(card);
        self.placed_turn[card as usize] = turn;
        self.counts[sd.role_key as usize] += 1;
        self.count_half(rules, h, card);
        let extra = rules.species[h.species as usize].extra_trees;
        if extra != 0 && sk.is_tree {
            self.sites[site].extra_trees += extra;
            self.counts[K_TREE_TOTAL as usize] += extra;
            if let Some(sp) = self.sites[site].species {
                let key = rules.cards[self.sites[site].card as usize].halves[0].trees_of_key;
                debug_assert_eq!(rules.cards[self.sites[site].card as usize].halves[0].species, sp);
                self.counts[key as usize] += extra;
            }
        }
    }

    /// Tuck `card` face down under `site`, which becomes a site of `kind` (its slots kept by
    /// name).
    pub fn upgrade_site(&mut self, rules: &Rules, site: usize, card: u16, kind: u16, turn: u32) {
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
        let s = &mut self.sites[site];
        let slots: Slots = new
            .slots
            .iter()
            .map(|sd| match old.slots.iter().position(|o| o.name == sd.name) {
                Some(i) => s.slots[i].clone(),
                None => Slot::default(),
            })
            .collect();
        s.slots = slots;
        s.kind = kind;
        s.filled = s.slots.iter().filter(|v| !v.is_empty()).count() as u32;
        s.empty = empty_bits(&s.slots);
        let is_full = s.filled as usize == new.slots.len();
        if was_full != is_full {
            self.counts[K_FULL_SITES as usize] += if is_full { 1 } else { -1 };
        }
        s.under.push(card);
        self.open_slots_of(rules, site);
        self.where_[card as usize] = (site as u16, UNDER, -1);
        self.order.push(card);
        self.placed_turn[card as usize] = turn;
    }

    /// Count cards put into the cave.
    pub fn caved(&mut self, n: usize) {
        self.counts[K_CAVE as usize] += n as i32;
    }
}
