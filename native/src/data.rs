//! The ruleset as the native core reads it, parsed once from the JSON the Python side
//! exports (`forestshuffle.native._export`): cards and halves as small integers, species
//! with their kinds by name, site kinds and slots, spec numbers and the codec's layout.

use serde_json::Value;

pub use crate::codec::Codec;
use std::collections::HashMap;

mod parse;
pub(crate) use parse::{arr, s, u, Interner};

/// Where a half goes (`forestshuffle.cards.Position`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pos {
    Center = 0,
    Top = 1,
    Bottom = 2,
    Left = 3,
    Right = 4,
}

impl Pos {
    fn parse(s: &str) -> Result<Pos, String> {
        Ok(match s {
            "center" => Pos::Center,
            "top" => Pos::Top,
            "bottom" => Pos::Bottom,
            "left" => Pos::Left,
            "right" => Pos::Right,
            _ => return Err(format!("unknown position {s:?}")),
        })
    }
}

/// A turn action of the core (`kinds.turn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnAct {
    Draw,
    Play,
    Sapling,
}

/// A filter over card halves (`tag`, `species`, `tree`), resolved to indexes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Filter {
    pub tag: Option<u16>,
    pub species: Option<u16>,
    pub tree: Option<bool>,
    /// the site feature an `on_play` trigger asks for
    pub feature: Option<u16>,
}

/// One step of a card's effect, bonus or trigger, with its arguments resolved.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Draw(u32),
    DrawPer { count: u32, per: u32 },
    ExtraTurn,
    FreePlay { filter: Filter, any_number: bool, activates: bool },
    CaveFromHandThenDraw,
    ClearingToCave,
    PlayFurther,
    CaveFromClearing { n: u32, exactly: bool },
    TakeFromClearing(u32),
    ClearingToCaveMatching(Filter),
    ExtraTurnIf { count: u32, n: i32 },
    TakeAllFromClearing(Filter),
    RemoveClearing,
    FreePlayOneOf(Vec<Filter>),
    PlaySaplings,
    PlayFaceDown(u16),
    PlayFromClearing { filter: Filter, reveal: u32 },
    DrawThenCave { draw: u32, cave: u32 },
    CaveFromClearingPer(u32),
}

/// A compiled permanent trigger (`on_play`).
#[derive(Clone, Debug)]
pub struct Trigger {
    pub index: u32,
    pub from_next_turn: bool,
    pub optional: bool,
    pub before_effects: bool,
    pub effect: Vec<Effect>,
    pub filter: Filter,
    pub slot: Option<u16>,
}

/// A card half with its species' facts.
#[derive(Clone, Debug)]
pub struct Half {
    pub species: u16,
    pub pos: Pos,
    pub symbol: Option<u16>,
    pub cost: u32,
    pub tags: u64,
    /// what it needs of a slot (`Species.needs`), as bits of `Rules::words`
    pub needs: u64,
    pub is_tree_kind: bool,
    /// whether its species shares a slot with others (`Species::sharing` is set)
    pub shares: bool,
    /// the slot classes ([`SlotDef::class`]) whose empty slots take it, as bits (0 where
    /// [`Rules::slot_classes`] is)
    pub taken_by: u64,
    pub site_kind: Option<u16>,
    /// counter keys: `species:<id>`, then its tags' and symbol's keys, the distinct keys
    pub species_key: u32,
    pub count_keys: Vec<u32>,
    pub distinct_keys: Vec<u32>,
    pub trees_of_key: u32,
    pub tree_cards_of_key: u32,
    // -- what a forest reads (`crate::forest`)
    /// whether its species has permanent triggers (`Species::triggers`)
    pub has_triggers: bool,
    /// its species' `Species::extra_trees`
    pub extra_trees: i32,
    /// the tag its species lets share a site (`Species::site_sharing`), if any
    pub site_sharing_tag: Option<u16>,
}

/// A physical card.
#[derive(Clone, Debug)]
pub struct Card {
    pub winter: bool,
    pub halves: Vec<Half>,
    /// tree symbols it shows (either half), as a bit set
    pub symbols: u64,
    /// per budget of 0 to [`Card::MAX_BUDGET`] cards, the positions (as bits) of the halves
    /// that cost no more: a placement's quick test
    pub reach: [u8; Card::MAX_BUDGET + 1],
    /// whether the quick test may say no where a placement exists: a half that shares a
    /// slot, or costs more than [`Card::MAX_BUDGET`]
    pub reach_partial: bool,
    /// per budget of 0 to [`Card::MAX_BUDGET`] cards, the slot classes ([`SlotDef::class`])
    /// whose empty slots take a half that costs no more, as bits, and [`NEW_SITE`] for a
    /// card that starts a site and costs no more: the quick test of placements where slots
    /// have rules (all 0 where [`Rules::slot_classes`] is)
    pub class_reach: [u64; Card::MAX_BUDGET + 1],
}

impl Card {
    /// The largest budget [`Card::reach`] lists.
    pub const MAX_BUDGET: usize = 15;

    /// A card of `halves`.
    pub fn new(winter: bool, halves: Vec<Half>, symbols: u64) -> Card {
        let mut reach = [0u8; Card::MAX_BUDGET + 1];
        for (b, bits) in reach.iter_mut().enumerate() {
            for h in halves.iter().filter(|h| h.cost as usize <= b) {
                *bits |= 1 << (h.pos as u8);
            }
        }
        let reach_partial = halves.iter().any(|h| h.shares || h.cost as usize > Card::MAX_BUDGET);
        Card { winter, halves, symbols, reach, reach_partial, class_reach: [0; Card::MAX_BUDGET + 1] }
    }

    /// The positions (as bits) of the halves that cost at most `budget` (a budget beyond
    /// [`Card::MAX_BUDGET`] reads as that).
    #[inline]
    pub fn reach(&self, budget: i64) -> u8 {
        if budget < 0 {
            return 0;
        }
        self.reach[(budget as usize).min(Card::MAX_BUDGET)]
    }
}

/// A set-up table: a number per player count, for the counts the ruleset is for (read on
/// every winter card, so an array rather than a map).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PerPlayers(Vec<Option<usize>>);

impl PerPlayers {
    /// The table of `(players, number)` pairs.
    pub fn of(pairs: impl IntoIterator<Item = (usize, usize)>) -> PerPlayers {
        let mut v: Vec<Option<usize>> = Vec::new();
        for (players, n) in pairs {
            if v.len() <= players {
                v.resize(players + 1, None);
            }
            v[players] = Some(n);
        }
        PerPlayers(v)
    }

    /// The number for `players`, if the ruleset is for that many.
    #[inline]
    pub fn get(&self, players: usize) -> Option<usize> {
        self.0.get(players).copied().flatten()
    }

    /// The largest player count in the table (0 for none).
    pub fn most_players(&self) -> usize {
        self.0.iter().rposition(Option::is_some).unwrap_or(0)
    }
}

/// A species' facts the engine reads.
#[derive(Clone, Debug)]
pub struct Species {
    pub id: String,
    pub effect: Vec<Effect>,
    pub bonus: Vec<Effect>,
    pub triggers: Vec<Trigger>,
    /// `Some(None)`: shares a slot without limit; `Some(Some(n))`: up to n; None: never
    pub sharing: Option<Option<u32>>,
    pub share_kin: Option<Vec<u16>>,
    pub extra_trees: i32,
    pub site_sharing: Option<(u16, u16, Option<u32>)>,
    /// the scoring specs, as exported (kind and arguments): read by `crate::scoring`
    pub score: Vec<Value>,
}

/// A slot of a site kind.
#[derive(Clone, Debug)]
pub struct SlotDef {
    pub name: u16,
    pub accepts: u8,
    pub role_key: u32,
    pub role: u16,
    pub group: u16,
    /// what the slot offers (`SlotDef.offers`), as bits of `Rules::words`
    pub offers: u64,
    pub exclusive: bool,
    /// the card tags it takes (0: any), as tag bits
    pub tags: u64,
    pub has_tags: bool,
    /// its class: the ruleset's slots alike in all [`SlotDef::takes`] reads share one
    /// (numbered from 0 in the order first met; 0 where [`Rules::slot_classes`] is)
    pub class: u8,
}

impl SlotDef {
    /// Whether a half may go into this slot when it is free (`SlotDef.takes`).
    #[inline]
    pub fn takes(&self, h: &Half) -> bool {
        if self.accepts & (1 << (h.pos as u8)) == 0 || h.needs & !self.offers != 0 {
            return false;
        }
        if self.exclusive && h.needs & self.offers == 0 {
            return false;
        }
        !self.has_tags || self.tags & h.tags != 0
    }

    /// What [`SlotDef::takes`] reads: slots alike in it take the same halves.
    fn takes_key(&self) -> (u8, u64, bool, u64, bool) {
        (self.accepts, self.offers, self.exclusive, self.tags, self.has_tags)
    }
}

/// The largest number of slot classes a ruleset's halves keep as bits (the last bit is
/// [`NEW_SITE`]).
pub const MAX_SLOT_CLASSES: usize = 63;

/// The bit of [`Card::class_reach`] that stands for a new site: always open.
pub const NEW_SITE: u64 = 1 << 63;

/// Number the slots of `site_kinds` by class ([`SlotDef::class`]) and mark in each half of
/// `cards` the classes that take it ([`Half::taken_by`]): how many classes, or 0 (all left
/// 0) for plain slots, which take any half of their positions, or for more classes than
/// [`MAX_SLOT_CLASSES`].
pub fn classify_slots(site_kinds: &mut [SiteKind], cards: &mut [Card], plain: bool) -> usize {
    if plain {
        return 0;
    }
    let mut classes: Vec<SlotDef> = Vec::new();
    for sd in site_kinds.iter_mut().flat_map(|sk| sk.slots.iter_mut()) {
        let class = match classes.iter().position(|c| c.takes_key() == sd.takes_key()) {
            Some(i) => i,
            None => {
                classes.push(sd.clone());
                classes.len() - 1
            }
        };
        sd.class = class.min(usize::from(u8::MAX)) as u8;
    }
    if classes.len() > MAX_SLOT_CLASSES {
        for sd in site_kinds.iter_mut().flat_map(|sk| sk.slots.iter_mut()) {
            sd.class = 0;
        }
        return 0;
    }
    for sk in site_kinds.iter_mut() {
        for (_, o) in &mut sk.opens {
            o.class = sk.slots[o.slot as usize].class;
        }
        for &(p, o) in &sk.opens {
            sk.open_by_pos[p as usize] = o;
        }
    }
    for card in cards.iter_mut() {
        for h in card.halves.iter_mut() {
            h.taken_by =
                classes.iter().enumerate().filter(|(_, c)| c.takes(h)).fold(0, |m, (i, _)| m | 1 << i);
        }
        let Some(first) = card.halves.first() else { continue };
        for (b, bits) in card.class_reach.iter_mut().enumerate() {
            // a card whose first half starts a site goes there alone
            *bits = if first.pos == Pos::Center {
                if first.cost as usize <= b {
                    NEW_SITE
                } else {
                    0
                }
            } else {
                card.halves.iter().filter(|h| h.cost as usize <= b).fold(0, |m, h| m | h.taken_by)
            };
        }
    }
    classes.len()
}

/// A site kind and its slot layout.
#[derive(Clone, Debug)]
pub struct SiteKind {
    pub id: String,
    pub is_tree: bool,
    pub reveals: bool,
    pub upgrade: Option<u16>,
    pub features: Vec<u16>,
    pub feature_keys: Vec<u32>,
    pub slots: Vec<SlotDef>,
    /// per slot, in slot order, a (position, open slot of site 0) for each position it
    /// accepts: what an empty site of the kind adds to a forest's open slots
    pub opens: Vec<(Pos, crate::forest::OpenSlot)>,
    /// the positions of `opens`, as bits
    pub open_mask: u8,
    /// per position, the slots accepting it, as bits by slot index
    pub pos_slots: [u32; 5],
    // -- what a forest writes (`crate::forest`)
    /// a site of the kind, all its slots empty, as a forest opens it (its card's fields
    /// written over)
    pub empty_site: crate::forest::Site,
    /// whether no two of its slots take the same position: then a new site's empty slot
    /// of each position of `open_mask` is `open_by_pos`'s
    pub one_a_pos: bool,
    /// per position, the open slot of site 0 taking it ([`SiteKind::one_a_pos`])
    pub open_by_pos: [crate::forest::OpenSlot; 5],
    /// by slot name (index in [`Rules::names`]), the index of the kind's first slot of that
    /// name, [`u8::MAX`] for none: where a placement's slot is ([`SiteKind::slot_index`])
    pub slot_at: Vec<u8>,
}

impl SiteKind {
    /// The index of the kind's slot named `name` (the first of that name): a table read
    /// rather than a walk of the slots, as every play into a slot asks.
    #[inline]
    pub fn slot_index(&self, name: u16) -> usize {
        match self.slot_at.get(name as usize) {
            Some(&i) if i != u8::MAX => i as usize,
            _ => panic!("no slot {name} in site kind {:?}", self.id),
        }
    }
}

/// The built ruleset.
#[derive(Clone, Debug)]
pub struct Rules {
    pub id: String,
    pub cards: Vec<Card>,
    pub max_card: usize,
    pub species: Vec<Species>,
    pub deck_cards: Vec<u16>,
    pub winter_cards: Vec<u16>,
    pub site_kinds: Vec<SiteKind>,
    pub sapling_kind: Option<u16>,
    pub plain_slots: bool,
    /// how many slot classes ([`SlotDef::class`]) forests count their empty slots by: 0
    /// where they do not ([`classify_slots`])
    pub slot_classes: usize,
    pub has_triggers: bool,
    pub any_sharing: bool,
    pub site_sharing: bool,
    /// per player count, the cards the deal boxes
    pub removal: PerPlayers,
    /// per player count, the winter cards that end the game
    pub winters_for: PerPlayers,
    pub opening_hand: usize,
    pub mulligan: bool,
    pub hand_limit: usize,
    pub clearing_limit: usize,
    pub draws_per_turn: usize,
    pub winter_at_once: bool,
    pub draw_cap: bool,
    pub turn_actions: Vec<String>,
    pub turn_acts: Vec<TurnAct>,
    /// the role a site's upgrade fires triggers with (`upgrade`)
    pub upgrade_role: u16,
    /// the step a player who can neither draw nor play runs (`cave_and_redraw`), if any
    pub cannot_act: bool,
    pub caves: u32,
    /// interned names: slot names, roles, groups, features, tags
    pub names: Vec<String>,
    pub tags: Vec<String>,
    pub symbols: Vec<String>,
    pub count_keys: Vec<String>,
    pub key_index: HashMap<String, u32>,
    pub codec: Codec,
    /// the kinds the ruleset uses, by section (what `supports` checks)
    pub kinds: HashMap<String, Vec<String>>,
    pub json: Value,
    /// the scoring, compiled once (`crate::scoring::Plan`)
    pub scoring: crate::scoring::Plan,
    /// the interned name of the center slot
    pub center: Option<u16>,

    // -- where winter cards are, for taking cards off the deck --
    /// The first id of a range of ids holding every winter card ...
    pub winter_from: u16,
    /// ... and its length (0 where there is none): a card outside it is no winter card.
    pub winter_span: u16,

    // -- tables the turn machine reads, derived from the fields above ---------------------
    /// a turn's quick test as one byte a card: per budget of 0 to [`Card::MAX_BUDGET`], a
    /// row of one byte per card id, [`Card::reach`] at that budget with [`REACH_PARTIAL`]
    /// set where [`Card::reach_partial`] is
    pub reach_rows: [Box<[u8]>; Card::MAX_BUDGET + 1],
}

/// The bit of a [`Rules::reach_rows`] byte that says [`Card::reach_partial`] (positions
/// take bits 0 to 4).
pub const REACH_PARTIAL: u8 = 1 << 7;

pub fn fixed_keys() -> [&'static str; 7] {
    ["trees", "tree_total", "saplings", "full_sites", "cave", "tree_species", "dwellers"]
}

pub const K_TREES: u32 = 0;
pub const K_TREE_TOTAL: u32 = 1;
pub const K_SAPLINGS: u32 = 2;
pub const K_FULL_SITES: u32 = 3;
pub const K_CAVE: u32 = 4;
pub const K_TREE_SPECIES: u32 = 5;

impl Rules {
    /// [`Rules::reach_rows`] made from the cards.
    pub(crate) fn reach_rows_of(cards: &[Card]) -> [Box<[u8]>; Card::MAX_BUDGET + 1] {
        std::array::from_fn(|at| {
            cards.iter().map(|c| c.reach[at] | if c.reach_partial { REACH_PARTIAL } else { 0 }).collect()
        })
    }

    /// An interned name's index, if the ruleset has it.
    pub fn name(&self, n: &str) -> Option<u16> {
        self.names.iter().position(|x| x == n).map(|i| i as u16)
    }
}

// -- where winter cards are, for taking cards off the deck --
impl Rules {
    /// Whether card `c` is a winter card: read from its [`Card`] only when its id is in
    /// the range of winter cards' ids, so that the commonest card needs one comparison.
    #[inline(always)]
    pub fn is_winter(&self, c: u16) -> bool {
        c.wrapping_sub(self.winter_from) < self.winter_span && self.cards[c as usize].winter
    }

    /// `winter_from` and `winter_span` of `cards`: the least range of ids that holds
    /// every winter card.
    pub fn winter_range(cards: &[Card]) -> (u16, u16) {
        let mut ids = (0..cards.len()).filter(|&c| cards[c].winter);
        let Some(first) = ids.next() else { return (0, 0) };
        let last = ids.next_back().unwrap_or(first);
        (first as u16, (last - first + 1) as u16)
    }
}

#[cfg(test)]
mod winter_range_tests {
    use super::{Card, Rules};

    #[test]
    fn holds_every_winter_card_and_only_the_range_between() {
        let cards: Vec<Card> =
            [false, true, false, true, false].iter().map(|&w| Card::new(w, Vec::new(), 0)).collect();
        assert_eq!(Rules::winter_range(&cards), (1, 3));
        assert_eq!(Rules::winter_range(&cards[..1]), (0, 0));
        assert_eq!(Rules::winter_range(&cards[3..]), (0, 1));
    }
}
