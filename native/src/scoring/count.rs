//! Count kinds as scoring reads them (`forestshuffle.kinds.counts` and the plugins'
//! counts): a counter the forest keeps, read in one step, or a count worked out from the
//! forest's sites (`dwellers`, `full_trees`, `sum_of`).

use crate::data::Rules;
use crate::forest::Forest;

/// The count kinds scoring knows (what `supports` checks, section `counts`): the counters,
/// and the counts worked out from the forest's sites.
pub fn counts() -> Vec<&'static str> {
    COUNTERS.iter().chain(COMPUTED).copied().collect()
}

/// The counts worked out from the forest's sites rather than kept as counters.
const COMPUTED: &[&str] = &["dwellers", "full_trees", "sum_of"];

/// The counts the forest keeps as counters (`CounterCount` on the Python side).
pub(crate) const COUNTERS: &[&str] = &[
    "species",
    "tag",
    "symbol",
    "slot",
    "trees",
    "tree_total",
    "trees_of",
    "tree_cards_of",
    "tree_species",
    "distinct_tag",
    "full_sites",
    "saplings",
    "feature",
    "cave",
];

/// A compiled count key (`kind` or `kind:arg`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// a counter the forest keeps, by its index in `Forest::counts`
    Key(u32),
    /// a counter no card of the ruleset ever raises
    Zero,
    /// cards in the slots of every site (stacked cards each count)
    Dwellers,
    /// tree sites (saplings included) with every slot holding a card
    FullTrees,
    /// the sum of several counters
    SumOf(Vec<u32>),
}

/// A counter's index, or None when the forest never keeps it (it stays 0).
fn counter(rules: &Rules, key: &str) -> Result<Option<u32>, String> {
    let kind = key.split(':').next().unwrap_or("");
    if !COUNTERS.contains(&kind) {
        return Err(format!("the native core has no counter {kind:?} (in {key:?})"));
    }
    Ok(rules.key_index.get(key).copied())
}

impl Count {
    /// Compile count `key` for `rules`; an error names a count kind scoring lacks.
    pub fn compile(rules: &Rules, key: &str) -> Result<Count, String> {
        let (kind, arg) = key.split_once(':').unwrap_or((key, ""));
        Ok(match kind {
            "dwellers" => Count::Dwellers,
            "full_trees" => Count::FullTrees,
            "sum_of" => {
                let mut keys = Vec::new();
                for part in arg.split('+') {
                    keys.extend(counter(rules, part)?);
                }
                Count::SumOf(keys)
            }
            _ if COUNTERS.contains(&kind) => match counter(rules, key)? {
                Some(k) => Count::Key(k),
                None => Count::Zero,
            },
            _ => return Err(format!("the native core has no count kind {kind:?} (in {key:?})")),
        })
    }

    /// The count's value in `forest`.
    #[inline]
    pub fn value(&self, rules: &Rules, forest: &Forest) -> i32 {
        match self {
            Count::Key(k) => forest.count(*k),
            Count::Zero => 0,
            _ => self.computed(rules, forest),
        }
    }

    /// [`Count::value`] out of line: the counts worked out from the forest's sites.
    #[inline(never)]
    fn computed(&self, rules: &Rules, forest: &Forest) -> i32 {
        match self {
            Count::Key(k) => forest.count(*k),
            Count::Zero => 0,
            Count::Dwellers => forest.sites.iter().map(|s| attached(forest, s) as i32).sum(),
            Count::FullTrees => forest
                .sites
                .iter()
                .filter(|s| {
                    let kind = &rules.site_kinds[s.kind as usize];
                    kind.is_tree && s.filled as usize == kind.slots.len()
                })
                .count() as i32,
            Count::SumOf(keys) => keys.iter().map(|&k| forest.count(k)).sum(),
        }
    }
}

/// The cards in a site's slots (stacked cards each count): `Site.attached()`.
#[inline]
pub fn attached(forest: &Forest, site: &crate::forest::Site) -> usize {
    forest.slot_cards(site).map(<[u16]>::len).sum()
}
