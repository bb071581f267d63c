//! A finished position read from JSON (the forests, caves and hands of every player, as
//! the Python engine holds them), to score it natively: what the differential test of
//! scoring hands over (`forestshuffle_native._score_positions`).
//!
//! Shape: `{"players": [{"cave": n, "hand": [card...], "counts": {key: n},
//! "order": [card...], "sites": [{"card", "kind", "species", "symbol", "slots": {name:
//! [card...]}, "filled", "extra_trees", "under": [card...]}], "where": [[card, site,
//! slot name | "center" | "under", half index]...]}]}`.

use serde_json::Value;

use crate::data::Rules;
use crate::forest::{Forest, CENTER, UNDER};

/// One player's part of a position.
pub struct Seat {
    pub forest: Forest,
    pub cave: usize,
    pub hand: Vec<u16>,
}

fn cards(v: &Value) -> Result<Vec<u16>, String> {
    v.as_array()
        .ok_or_else(|| format!("expected a list of cards, got {v}"))?
        .iter()
        .map(|c| c.as_u64().map(|n| n as u16).ok_or_else(|| format!("not a card: {c}")))
        .collect()
}

fn index_of(list: impl Iterator<Item = impl AsRef<str>>, name: &str, what: &str) -> Result<usize, String> {
    let mut list = list;
    list.position(|x| x.as_ref() == name).ok_or_else(|| format!("unknown {what} {name:?}"))
}

/// Read a site into `f`.
fn site(rules: &Rules, v: &Value, f: &mut Forest) -> Result<(), String> {
    let kind_id = v["kind"].as_str().ok_or("a site without a kind")?;
    let kind = index_of(rules.site_kinds.iter().map(|k| k.id.as_str()), kind_id, "site kind")?;
    let sk = &rules.site_kinds[kind];
    let mut slots = vec![Vec::new(); sk.slots.len()];
    if let Some(o) = v["slots"].as_object() {
        for (name, cs) in o {
            let i = index_of(sk.slots.iter().map(|sd| rules.names[sd.name as usize].as_str()), name, "slot")?;
            slots[i] = cards(cs)?;
        }
    }
    let species = match v["species"].as_str() {
        Some(s) => Some(index_of(rules.species.iter().map(|x| x.id.as_str()), s, "species")? as u16),
        None => None,
    };
    let symbol = match v["symbol"].as_str() {
        Some(s) => Some(index_of(rules.symbols.iter(), s, "symbol")? as u16),
        None => None,
    };
    f.push_site(
        v["card"].as_u64().ok_or("a site without a card")? as u16,
        kind as u16,
        species,
        symbol,
        &slots,
        v["filled"].as_u64().unwrap_or(0) as u32,
        v["extra_trees"].as_i64().unwrap_or(0) as i32,
        &cards(&v["under"]).unwrap_or_default(),
    );
    Ok(())
}

fn seat(rules: &Rules, v: &Value) -> Result<Seat, String> {
    let mut f = Forest::new(rules);
    for s in v["sites"].as_array().ok_or("a forest without sites")? {
        site(rules, s, &mut f)?;
    }
    for w in v["where"].as_array().ok_or("a forest without where")? {
        let card = w[0].as_u64().ok_or("where: not a card")? as usize;
        let si = w[1].as_u64().ok_or("where: not a site")? as usize;
        let slot = match w[2].as_str().ok_or("where: not a slot")? {
            "center" => CENTER,
            "under" => UNDER,
            name => {
                let sk = &rules.site_kinds[f.sites.get(si).ok_or("where: no such site")?.kind as usize];
                index_of(sk.slots.iter().map(|sd| rules.names[sd.name as usize].as_str()), name, "slot")?
                    as i16
            }
        };
        f.where_[card] = (si as u16, slot, w[3].as_i64().ok_or("where: not a half")? as i8);
    }
    f.order = cards(&v["order"])?;
    rules.scoring.retally(&mut f);
    if let Some(o) = v["counts"].as_object() {
        for (key, n) in o {
            if let Some(&k) = rules.key_index.get(key) {
                f.counts[k as usize] = n.as_i64().unwrap_or(0) as i32;
            }
        }
    }
    Ok(Seat { forest: f, cave: v["cave"].as_u64().unwrap_or(0) as usize, hand: cards(&v["hand"])? })
}

/// Read a position (see the module's docs).
pub fn parse(rules: &Rules, text: &str) -> Result<Vec<Seat>, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    v["players"].as_array().ok_or("a position without players")?.iter().map(|p| seat(rules, p)).collect()
}

/// Score a position: [`super::final_scores`] of its forests, caves and hands, and the
/// winners ([`super::winners`]) as bits. Each total is checked against
/// [`super::final_total`]'s, which a search reads (a difference panics).
pub fn score(rules: &Rules, seats: &[Seat]) -> (Vec<super::PlayerScore>, u32) {
    let forests: Vec<Forest> = seats.iter().map(|s| s.forest.clone()).collect();
    let caves: Vec<usize> = seats.iter().map(|s| s.cave).collect();
    let hands: Vec<Vec<u16>> = seats.iter().map(|s| s.hand.clone()).collect();
    let scores = super::final_scores(rules, &forests, &caves, &hands);
    for (p, s) in scores.iter().enumerate() {
        assert_eq!(s.total, super::final_total(rules, &forests, p, caves[p]), "final_total of seat {p}");
    }
    let won = super::winners(rules, &forests, &hands, &scores);
    (scores, won)
}
