//! The action codec's layout (`forestshuffle.codec`), as exported: the codes of the actions.

use std::collections::HashMap;

use serde_json::Value;

use crate::data::{arr, s, u, Interner};

/// The action codec's layout (`forestshuffle.codec`): where each block starts.
#[derive(Clone, Debug, Default)]
pub struct Codec {
    pub size: u32,
    pub draw_deck: u32,
    pub take: u32,
    pub play: u32,
    pub sapling: u32,
    pub pay: u32,
    pub pick: u32,
    pub place: u32,
    pub use_: u32,
    pub pass: u32,
    pub keep: u32,
    pub redraw: u32,
    /// card id -> its index in the card domain
    pub card_index: Vec<u32>,
    pub sites: u32,
    /// interned slot name -> its index in the slot domain
    pub slot_index: Vec<u32>,
    pub slot_names: Vec<u16>,
}

pub(crate) fn parse_codec(
    v: &Value,
    max_card: usize,
    names: &mut Vec<String>,
    name_map: &mut HashMap<String, u32>,
) -> Result<Codec, String> {
    let mut c =
        Codec { size: u(&v["size"])? as u32, card_index: vec![u32::MAX; max_card + 1], ..Codec::default() };
    for b in arr(&v["blocks"])? {
        let start = u(&b["start"])? as u32;
        match s(&b["name"])? {
            "DrawFromDeck" => c.draw_deck = start,
            "DrawFromClearing" => {
                c.take = start;
                for (i, x) in arr(&b["fields"][0][1])?.iter().enumerate() {
                    c.card_index[u(x)? as usize] = i as u32;
                }
            }
            "PlayCard" => c.play = start,
            "PlaySapling" => c.sapling = start,
            "PayWith" => c.pay = start,
            "PickCard" => c.pick = start,
            "Place" => {
                c.place = start;
                c.sites = arr(&b["fields"][1][1])?.len() as u32;
                let mut ni = Interner { map: name_map, list: names };
                for n in arr(&b["fields"][2][1])? {
                    c.slot_names.push(ni.get(s(n)?) as u16);
                }
            }
            "Use" => c.use_ = start,
            "Pass" => c.pass = start,
            "KeepHand" => c.keep = start,
            "Redraw" => c.redraw = start,
            _ => {}
        }
    }
    c.slot_index = vec![u32::MAX; names.len()];
    for (i, &n) in c.slot_names.iter().enumerate() {
        c.slot_index[n as usize] = i as u32;
    }
    Ok(c)
}
