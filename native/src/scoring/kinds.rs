//! The scoring kinds, compiled once per species from the exported specs (kind and
//! arguments): the core's (`forestshuffle.kinds.scoring`), Woodland Edge's
//! (`forestshuffle_woodland_edge.scoring`) and Smoky Mountains' (`forestshuffle_smoky.scoring`).
//! Each gives exactly the points of its Python kind.

use serde_json::Value;
use smallvec::SmallVec;

use super::count::{attached, Count};
use crate::data::{Half, Rules};
use crate::forest::{Forest, Site};

/// The scoring kinds this module knows (what `supports` checks, section `scoring`).
pub const KINDS: &[&str] = &[
    "flat",
    "per",
    "if_at_least",
    "majority",
    "per_attached",
    "per_same_symbol",
    "if_site_is",
    "if_site_has",
    "if_slot_shared",
    "set_table",
    "distinct_sets",
    "only_card_at_site",
    "if_site_tagged",
    "if_tree_has",
    "each_by_table",
    "per_symbol_at_site",
    "per_distinct_symbol_at_site",
    "per_attached_or_under",
    "per_site_without",
    "if_alone_at_site",
    "if_site_has_at_least",
];

/// A kind that scores each card alone.
#[derive(Clone, Debug, PartialEq)]
pub enum Single {
    Flat(i32),
    Per {
        pts: i32,
        count: Count,
    },
    IfAtLeast {
        pts: i32,
        count: Count,
        n: i32,
        otherwise: i32,
    },
    Majority {
        pts: i32,
        count: Count,
        otherwise: i32,
    },
    PerAttached(i32),
    /// points, and the counter of each tree symbol (by symbol index)
    PerSameSymbol(i32, Vec<Count>),
    IfSiteIs {
        pts: i32,
        species: u16,
    },
    IfSiteHas {
        pts: i32,
        tag: u64,
    },
    IfSlotShared(i32),
    OnlyCardAtSite(i32),
    /// points, and the species (by index) whose own tags hold the tag
    IfSiteTagged {
        pts: i32,
        species: Vec<bool>,
    },
    IfTreeHas {
        pts: i32,
        tag: u64,
    },
    EachByTable {
        table: Vec<i32>,
        count: Count,
    },
    PerSymbolAtSite(i32),
    PerDistinctSymbolAtSite(i32),
    PerAttachedOrUnder(i32),
    /// feature: its interned name (None: no site kind has it); side: position bits
    PerSiteWithout {
        pts: i32,
        feature: Option<u16>,
        tag: u64,
        side: u8,
    },
    IfAloneAtSite(i32),
    IfSiteHasAtLeast {
        pts: i32,
        tag: u64,
        n: i32,
        otherwise: i32,
    },
}

/// A kind that scores the cards of a group together (`group_key` on the Python side).
#[derive(Clone, Debug, PartialEq)]
pub enum Group {
    /// the table's total shared out as marginal points
    SetTable { table: Vec<i32>, marginal: Vec<i32>, count: Count },
    /// sets of different species, each scored on its first card
    DistinctSets { table: Vec<i32> },
}

/// A compiled spec: a single kind, or a group kind with its group's key.
#[derive(Clone, Debug, PartialEq)]
pub enum Compiled {
    Single(Single),
    Group(String, Group),
}

fn int(args: &Value, key: &str, default: Option<i64>) -> Result<i32, String> {
    match args.get(key) {
        Some(v) => v.as_i64().map(|n| n as i32).ok_or_else(|| format!("{key:?} must be a whole number")),
        None => default.map(|n| n as i32).ok_or_else(|| format!("missing {key:?}")),
    }
}

fn text<'a>(args: &'a Value, key: &str) -> Result<&'a str, String> {
    args.get(key).and_then(Value::as_str).ok_or_else(|| format!("{key:?} must be a string"))
}

fn table(args: &Value) -> Result<Vec<i32>, String> {
    let t = args["table"].as_array().ok_or("'table' must be a list of whole numbers")?;
    t.iter()
        .map(|x| x.as_i64().map(|n| n as i32).ok_or_else(|| "'table' must hold whole numbers".into()))
        .collect()
}

fn tag_bit(rules: &Rules, args: &Value) -> Result<u64, String> {
    let t = text(args, "tag")?;
    let i = rules.tags.iter().position(|x| x == t).ok_or_else(|| format!("unknown tag {t:?}"))?;
    Ok(1 << i)
}

fn count(rules: &Rules, args: &Value) -> Result<Count, String> {
    Count::compile(rules, text(args, "count")?)
}

/// Position bits of a side name (`forestshuffle.cards.Position`), all for none.
fn side_bits(side: Option<&str>) -> Result<u8, String> {
    Ok(match side {
        None => 0xff,
        Some(s) => {
            1 << ["center", "top", "bottom", "left", "right"]
                .iter()
                .position(|p| *p == s)
                .ok_or_else(|| format!("unknown side {s:?}"))?
        }
    })
}

/// `table[min(n, len) - 1]`, 0 for none.
pub fn table_value(table: &[i32], n: i32) -> i32 {
    if n <= 0 || table.is_empty() {
        return 0;
    }
    table[(n as usize).min(table.len()) - 1]
}

/// Compile one exported spec of `species` (its index) for `rules`.
pub fn compile(rules: &Rules, species: usize, spec: &Value) -> Result<Compiled, String> {
    let a = &spec["args"];
    let kind = spec["kind"].as_str().ok_or("a scoring spec without a kind")?;
    let pts = || int(a, "points", None);
    let single = match kind {
        "flat" => Single::Flat(pts()?),
        "per" => Single::Per { pts: pts()?, count: count(rules, a)? },
        "if_at_least" => Single::IfAtLeast {
            pts: pts()?,
            count: count(rules, a)?,
            n: int(a, "n", None)?,
            otherwise: int(a, "otherwise", Some(0))?,
        },
        "majority" => Single::Majority {
            pts: pts()?,
            count: count(rules, a)?,
            otherwise: int(a, "otherwise", Some(0))?,
        },
        "per_attached" => Single::PerAttached(pts()?),
        "per_same_symbol" => Single::PerSameSymbol(
            pts()?,
            rules
                .symbols
                .iter()
                .map(|s| Count::compile(rules, &format!("symbol:{s}")))
                .collect::<Result<_, _>>()?,
        ),
        "if_site_is" => {
            let want = text(a, "species")?;
            let i = rules.species.iter().position(|s| s.id == want);
            Single::IfSiteIs {
                pts: pts()?,
                species: i.ok_or_else(|| format!("unknown species {want:?}"))? as u16,
            }
        }
        "if_site_has" => Single::IfSiteHas { pts: pts()?, tag: tag_bit(rules, a)? },
        "if_slot_shared" => Single::IfSlotShared(pts()?),
        "only_card_at_site" => Single::OnlyCardAtSite(pts()?),
        "if_site_tagged" => {
            let t = text(a, "tag")?;
            let species = (0..rules.species.len())
                .map(|i| {
                    rules.json["species"][i]["tags"]
                        .as_array()
                        .is_some_and(|l| l.iter().any(|x| x.as_str() == Some(t)))
                })
                .collect();
            tag_bit(rules, a)?;
            Single::IfSiteTagged { pts: pts()?, species }
        }
        "if_tree_has" => Single::IfTreeHas { pts: pts()?, tag: tag_bit(rules, a)? },
        "each_by_table" => Single::EachByTable { table: table(a)?, count: count(rules, a)? },
        "per_symbol_at_site" => Single::PerSymbolAtSite(pts()?),
        "per_distinct_symbol_at_site" => Single::PerDistinctSymbolAtSite(pts()?),
        "per_attached_or_under" => Single::PerAttachedOrUnder(pts()?),
        "per_site_without" => Single::PerSiteWithout {
            pts: pts()?,
            feature: rules.name(text(a, "feature")?),
            tag: tag_bit(rules, a)?,
            side: side_bits(a.get("side").and_then(Value::as_str))?,
        },
        "if_alone_at_site" => Single::IfAloneAtSite(pts()?),
        "if_site_has_at_least" => Single::IfSiteHasAtLeast {
            pts: pts()?,
            tag: tag_bit(rules, a)?,
            n: int(a, "n", None)?,
            otherwise: int(a, "otherwise", Some(0))?,
        },
        "set_table" => {
            let table = table(a)?;
            let marginal = (0..table.len())
                .map(|i| table_value(&table, i as i32 + 1) - table_value(&table, i as i32))
                .collect();
            let key = format!("set_table:{}", rules.species[species].id);
            return Ok(Compiled::Group(key, Group::SetTable { table, marginal, count: count(rules, a)? }));
        }
        "distinct_sets" => {
            let key = format!("distinct_sets:{}", text(a, "tag")?);
            tag_bit(rules, a)?;
            return Ok(Compiled::Group(key, Group::DistinctSets { table: table(a)? }));
        }
        other => return Err(format!("the native core has no scoring kind {other:?}")),
    };
    Ok(Compiled::Single(single))
}

/// What a scorer reads: the rules, every forest and the seat scored.
pub struct Ctx<'a> {
    pub rules: &'a Rules,
    pub forests: &'a [Forest],
    pub player: usize,
}

impl<'a> Ctx<'a> {
    #[inline]
    fn forest(&self) -> &'a Forest {
        &self.forests[self.player]
    }

    #[inline]
    fn site(&self, card: u16) -> &'a Site {
        let f = self.forest();
        &f.sites[f.where_[card as usize].0 as usize]
    }

    /// The half `card` shows, None face down (`_shown` of Smoky's kinds).
    #[inline]
    fn shown(&self, card: u16) -> Option<&'a Half> {
        let hi = self.forest().where_[card as usize].2;
        if hi < 0 {
            return None;
        }
        self.rules.cards[card as usize].halves.get(hi as usize)
    }

    /// The half the core's `if_site_has` reads: `halves[card][where[card][2]]`, a face-down
    /// card's index (-1) reading its last half as Python's indexing does.
    #[inline]
    fn indexed_half(&self, card: u16) -> Option<&'a Half> {
        let hi = self.forest().where_[card as usize].2;
        let halves = &self.rules.cards[card as usize].halves;
        if hi < 0 {
            halves.len().checked_sub((-hi) as usize).map(|i| &halves[i])
        } else {
            halves.get(hi as usize)
        }
    }

    #[inline]
    fn count(&self, c: &Count) -> i32 {
        c.value(self.rules, self.forest())
    }

    /// Another card with `tag` in the slots of `card`'s site (the core's `_site_has`).
    fn site_has(&self, card: u16, tag: u64) -> bool {
        self.forest()
            .slot_cards(self.site(card))
            .flatten()
            .any(|&c| c != card && self.indexed_half(c).is_some_and(|h| h.tags & tag != 0))
    }

    /// The symbols shown at `card`'s site: its own card and the cards in its slots.
    fn site_symbols(&self, card: u16) -> impl Iterator<Item = Option<u16>> + '_ {
        let site = self.site(card);
        std::iter::once(site.card)
            .chain(self.forest().slot_cards(site).flatten().copied())
            .map(|c| self.shown(c).and_then(|h| h.symbol))
    }

    /// Whether no card with `tag` sits in the slots of `site` taking halves of `side`.
    fn site_without(&self, site: &Site, tag: u64, side: u8) -> bool {
        let kind = &self.rules.site_kinds[site.kind as usize];
        !kind.slots.iter().zip(self.forest().slot_cards(site)).any(|(sd, cards)| {
            (sd.accepts & side != 0)
                && cards.iter().any(|&c| self.shown(c).is_some_and(|h| h.tags & tag != 0))
        })
    }
}

impl Single {
    /// The points of `card` (showing `half`) in the context's forest.
    #[inline(never)]
    pub fn points(&self, ctx: &Ctx, card: u16, half: &Half) -> i32 {
        match self {
            Single::Flat(p) => *p,
            Single::Per { pts, count } => pts * ctx.count(count),
            Single::IfAtLeast { pts, count, n, otherwise } => {
                if ctx.count(count) >= *n {
                    *pts
                } else {
                    *otherwise
                }
            }
            Single::Majority { pts, count, otherwise } => {
                let mine = ctx.count(count);
                let best = (ctx.forests.iter().enumerate())
                    .filter(|(i, _)| *i != ctx.player)
                    .map(|(_, f)| count.value(ctx.rules, f))
                    .max()
                    .unwrap_or(0);
                if mine >= best {
                    *pts
                } else {
                    *otherwise
                }
            }
            Single::PerAttached(p) => p * attached(ctx.forest(), ctx.site(card)) as i32,
            Single::PerSameSymbol(p, keys) => match half.symbol {
                Some(s) => p * ctx.count(&keys[s as usize]),
                None => 0,
            },
            Single::IfSiteIs { pts, species } => {
                if ctx.site(card).species == Some(*species) {
                    *pts
                } else {
                    0
                }
            }
            Single::IfSiteHas { pts, tag } => {
                if ctx.site_has(card, *tag) {
                    *pts
                } else {
                    0
                }
            }
            Single::IfSlotShared(p) => {
                let (si, slot, _) = ctx.forest().where_[card as usize];
                if slot >= 0 && ctx.forest().slot(si as usize, slot as usize).len() > 1 {
                    *p
                } else {
                    0
                }
            }
            Single::OnlyCardAtSite(p) => {
                if attached(ctx.forest(), ctx.site(card)) <= 1 {
                    *p
                } else {
                    0
                }
            }
            Single::IfSiteTagged { pts, species } => match ctx.site(card).species {
                Some(s) if species[s as usize] => *pts,
                _ => 0,
            },
            Single::IfTreeHas { pts, tag } => {
                let tree = ctx.rules.site_kinds[ctx.site(card).kind as usize].is_tree;
                if tree && ctx.site_has(card, *tag) {
                    *pts
                } else {
                    0
                }
            }
            Single::EachByTable { table, count } => table_value(table, ctx.count(count)),
            Single::PerSymbolAtSite(p) => match ctx.shown(card).and_then(|h| h.symbol) {
                Some(s) => p * ctx.site_symbols(card).filter(|&x| x == Some(s)).count() as i32,
                None => 0,
            },
            Single::PerDistinctSymbolAtSite(p) => {
                let bits = ctx.site_symbols(card).flatten().fold(0u64, |b, s| b | 1 << s);
                p * bits.count_ones() as i32
            }
            Single::PerAttachedOrUnder(p) => {
                let site = ctx.site(card);
                p * (attached(ctx.forest(), site) + site.tucked as usize) as i32
            }
            Single::PerSiteWithout { pts, feature, tag, side } => {
                let Some(feature) = feature else { return 0 };
                let n = (ctx.forest().sites.iter())
                    .filter(|s| ctx.rules.site_kinds[s.kind as usize].features.contains(feature))
                    .filter(|s| ctx.site_without(s, *tag, *side))
                    .count();
                pts * n as i32
            }
            Single::IfAloneAtSite(p) => {
                if ctx.forest().slot_cards(ctx.site(card)).flatten().all(|&c| c == card) {
                    *p
                } else {
                    0
                }
            }
            Single::IfSiteHasAtLeast { pts, tag, n, otherwise } => {
                let have = (ctx.forest().slot_cards(ctx.site(card)).flatten())
                    .filter(|&&c| c != card && ctx.shown(c).is_some_and(|h| h.tags & tag != 0))
                    .count();
                if have as i32 >= *n {
                    *pts
                } else {
                    *otherwise
                }
            }
        }
    }
}

impl Group {
    /// The total of the group's points, `species` the species of the half each of its
    /// cards shows, in the group's order: what [`Group::points`] gives, summed.
    pub fn total(&self, ctx: &Ctx, species: &[u16]) -> i32 {
        match self {
            Group::SetTable { table, count, .. } => table_value(table, ctx.count(count)),
            Group::DistinctSets { table } => {
                let (seen, sets) = distinct_sets(species.len(), |i| species[i], |_, _| ());
                (0..sets).map(|l| set_points(table, &seen, l)).sum()
            }
        }
    }

    /// Add the points of the group's cards to `out` (one entry per card, in the group's
    /// order), `species` the species of the half each shows.
    pub fn points(&self, ctx: &Ctx, species: &[u16], out: &mut [i32]) {
        self.each(ctx, species.len(), |i| species[i], |i, p| out[i] += p);
    }

    /// [`Group::points`] of a group of `k` cards, `species(i)` the species of the half card
    /// `i` shows: `add(i, points)` for each card that scores (no buffer: the caller reads
    /// its members where they are).
    #[inline]
    pub(super) fn each(
        &self,
        ctx: &Ctx,
        k: usize,
        species: impl Fn(usize) -> u16,
        mut add: impl FnMut(usize, i32),
    ) {
        match self {
            Group::SetTable { table, marginal, count } => {
                if k == 0 {
                    return;
                }
                let total = table_value(table, ctx.count(count));
                let mut given = 0;
                for i in 0..k - 1 {
                    let m = marginal.get(i).copied().unwrap_or(0);
                    add(i, m);
                    given += m;
                }
                add(k - 1, total - given);
            }
            Group::DistinctSets { table } => {
                // each set takes the next card of every species that has one left: its
                // first card (in the group's order) scores the set
                let mut first: SmallVec<[u16; 16]> = SmallVec::new();
                let (seen, _) = distinct_sets(k, species, |i, level| {
                    if level == first.len() {
                        first.push(i as u16);
                    }
                });
                for (l, &i) in first.iter().enumerate() {
                    add(i as usize, set_points(table, &seen, l as u16));
                }
            }
        }
    }
}

/// Each species of a distinct-sets group of `k` cards (`species(i)` that of card `i`) with
/// its cards, in the order first met, and how many sets they make; `at_level(i, l)` called
/// for each card `i`, `l` the set it joins (sets open in order: the first card of set `l`
/// comes after that of set `l - 1`).
fn distinct_sets(
    k: usize,
    species: impl Fn(usize) -> u16,
    mut at_level: impl FnMut(usize, usize),
) -> (SmallVec<[(u16, u16); 16]>, u16) {
    let mut seen: SmallVec<[(u16, u16); 16]> = SmallVec::new();
    let mut sets = 0;
    for i in 0..k {
        let sp = species(i);
        let n = match seen.iter_mut().find(|(s, _)| *s == sp) {
            Some(e) => {
                e.1 += 1;
                e.1
            }
            None => {
                seen.push((sp, 1));
                1
            }
        };
        sets = sets.max(n);
        at_level(i, n as usize - 1);
    }
    (seen, sets)
}

/// The points of set `l` of a distinct-sets group: the table's value at the number of
/// species with more than `l` cards.
fn set_points(table: &[i32], seen: &[(u16, u16)], l: u16) -> i32 {
    table_value(table, seen.iter().filter(|e| e.1 > l).count() as i32)
}
