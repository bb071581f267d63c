//! Reading the exported JSON into [`Rules`]: names interned, kinds resolved to indexes,
//! counter keys made, the scoring compiled.

use std::collections::HashMap;

use serde_json::Value;

use super::{
    classify_slots, fixed_keys, Card, Effect, Filter, Half, PerPlayers, Pos, Rules, SiteKind, SlotDef,
    Species, Trigger, TurnAct,
};
use crate::codec::parse_codec;
use crate::game::Paid;

pub(crate) struct Interner<'a> {
    pub(crate) map: &'a mut HashMap<String, u32>,
    pub(crate) list: &'a mut Vec<String>,
}

impl Interner<'_> {
    pub(crate) fn get(&mut self, s: &str) -> u32 {
        if let Some(&i) = self.map.get(s) {
            return i;
        }
        let i = self.list.len() as u32;
        self.list.push(s.to_string());
        self.map.insert(s.to_string(), i);
        i
    }
}

/// The bit of a slot word (`offers`, `needs`), interned in `words`.
fn word_bit(words: &mut Vec<String>, w: &str) -> Result<u64, String> {
    let i = match words.iter().position(|x| x == w) {
        Some(i) => i,
        None => {
            words.push(w.to_string());
            words.len() - 1
        }
    };
    if i >= 64 {
        return Err("more than 64 slot words".into());
    }
    Ok(1 << i)
}

/// Refuse a count the forest does not keep as a counter (a computed count: `dwellers`...).
fn check_counter(key: &str) -> Result<(), String> {
    let kind = key.split(':').next().unwrap_or("");
    if crate::scoring::count::COUNTERS.contains(&kind) {
        Ok(())
    } else {
        Err(format!("the native core has no count {kind:?}"))
    }
}

pub(crate) fn s(v: &Value) -> Result<&str, String> {
    v.as_str().ok_or_else(|| format!("expected a string, got {v}"))
}

pub(crate) fn u(v: &Value) -> Result<u64, String> {
    v.as_u64().ok_or_else(|| format!("expected a whole number, got {v}"))
}

pub(crate) fn arr(v: &Value) -> Result<&Vec<Value>, String> {
    v.as_array().ok_or_else(|| format!("expected a list, got {v}"))
}

impl Rules {
    /// Parse the exported JSON text.
    pub fn parse(text: &str) -> Result<Rules, String> {
        let json: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if json["format"].as_u64() != Some(1) {
            return Err("the ruleset export has another format than this extension".into());
        }
        let mut names: Vec<String> = Vec::new();
        let mut words: Vec<String> = Vec::new();
        let mut name_map: HashMap<String, u32> = HashMap::new();
        let mut keys: Vec<String> = Vec::new();
        let mut key_map: HashMap<String, u32> = HashMap::new();
        {
            let mut ki = Interner { map: &mut key_map, list: &mut keys };
            for k in fixed_keys() {
                ki.get(k);
            }
        }
        let tags: Vec<String> =
            arr(&json["tags"])?.iter().map(|t| s(t).map(String::from)).collect::<Result<_, _>>()?;
        let symbols: Vec<String> =
            arr(&json["symbols"])?.iter().map(|t| s(t).map(String::from)).collect::<Result<_, _>>()?;
        let tag_of = |t: &str| tags.iter().position(|x| x == t).map(|i| i as u16);
        let sym_of = |t: &str| symbols.iter().position(|x| x == t).map(|i| i as u16);
        // species ids first (filters name them)
        let sp_json = arr(&json["species"])?;
        let sp_ids: Vec<String> =
            sp_json.iter().map(|x| s(&x["id"]).map(String::from)).collect::<Result<_, _>>()?;
        let sp_of = |t: &str| sp_ids.iter().position(|x| x == t).map(|i| i as u16);
        // site kinds
        let mut site_kinds: Vec<SiteKind> = Vec::new();
        let sk_json = json["site_kinds"].as_object().ok_or("site_kinds must be a mapping")?;
        let sk_ids: Vec<String> = sk_json.keys().cloned().collect();
        let kind_of = |t: &str| sk_ids.iter().position(|x| x == t).map(|i| i as u16);
        for (id, k) in sk_json {
            let mut ni = Interner { map: &mut name_map, list: &mut names };
            let mut slots = Vec::new();
            let mut raw = Vec::new();
            for sd in arr(&k["slots"])? {
                let mut accepts = 0u8;
                for p in arr(&sd["accepts"])? {
                    accepts |= 1 << (Pos::parse(s(p)?)? as u8);
                }
                let mut offers = 0u64;
                for w in arr(&sd["offers"])? {
                    offers |= word_bit(&mut words, s(w)?)?;
                }
                let mut tags_bits = 0u64;
                let slot_tags = arr(&sd["tags"])?;
                for t in slot_tags {
                    if let Some(i) = tag_of(s(t)?) {
                        tags_bits |= 1 << i;
                    }
                }
                raw.push((
                    s(&sd["name"])?.to_string(),
                    accepts,
                    s(&sd["role"])?.to_string(),
                    s(&sd["group"])?.to_string(),
                    (offers, sd["exclusive"].as_bool().unwrap_or(false), tags_bits, !slot_tags.is_empty()),
                ));
            }
            for (name, accepts, role, group, (offers, exclusive, tags, has_tags)) in raw {
                slots.push(SlotDef {
                    name: ni.get(&name) as u16,
                    accepts,
                    role_key: 0,
                    role: ni.get(&role) as u16,
                    group: ni.get(&group) as u16,
                    offers,
                    exclusive,
                    tags,
                    has_tags,
                    class: 0,
                });
            }
            let features = arr(&k["features"])?
                .iter()
                .map(|f| s(f).map(|f| ni.get(f) as u16))
                .collect::<Result<_, _>>()?;
            for sd in &mut slots {
                let role = format!("slot:{}", names[sd.role as usize]);
                let mut ki = Interner { map: &mut key_map, list: &mut keys };
                sd.role_key = ki.get(&role);
            }
            if slots.len() > 32 {
                return Err(format!("site kind {id:?} has more than 32 slots"));
            }
            let mut opens = Vec::new();
            let mut open_mask = 0u8;
            let mut pos_slots = [0u32; 5];
            for (i, sd) in slots.iter().enumerate() {
                for p in [Pos::Center, Pos::Top, Pos::Bottom, Pos::Left, Pos::Right] {
                    if sd.accepts & (1 << p as u8) != 0 {
                        let o = crate::forest::OpenSlot { site: 0, name: sd.name, slot: i as u8, class: 0 };
                        opens.push((p, o));
                        open_mask |= 1 << p as u8;
                        pos_slots[p as usize] |= 1 << i;
                    }
                }
            }
            // each slot name's first slot (slots number fewer than 33: an index fits a byte)
            let mut slot_at = vec![u8::MAX; slots.iter().map(|sd| sd.name as usize + 1).max().unwrap_or(0)];
            for (i, sd) in slots.iter().enumerate().rev() {
                slot_at[sd.name as usize] = i as u8;
            }
            let empty_site = crate::forest::Site::empty_of(site_kinds.len() as u16, slots.len());
            let one_a_pos = pos_slots.iter().all(|m| m.count_ones() <= 1);
            let mut open_by_pos = [crate::forest::OpenSlot { site: 0, name: 0, slot: 0, class: 0 }; 5];
            for &(p, o) in &opens {
                open_by_pos[p as usize] = o;
            }
            site_kinds.push(SiteKind {
                empty_site,
                one_a_pos,
                open_by_pos,
                slot_at,
                opens,
                open_mask,
                pos_slots,
                id: id.clone(),
                is_tree: k["is_tree"].as_bool().unwrap_or(true),
                reveals: k["reveals"].as_bool().unwrap_or(true),
                upgrade: k["upgrade"].as_str().and_then(kind_of),
                feature_keys: Vec::new(),
                features,
                slots,
            });
        }
        for sk in &mut site_kinds {
            for &f in &sk.features {
                let mut ki = Interner { map: &mut key_map, list: &mut keys };
                sk.feature_keys.push(ki.get(&format!("feature:{}", names[f as usize])));
            }
        }
        let upgrade_role = Interner { map: &mut name_map, list: &mut names }.get("upgrade") as u16;
        let parse_filter = |v: &Value,
                            names: &mut Vec<String>,
                            name_map: &mut HashMap<String, u32>|
         -> Result<Filter, String> {
            let mut f = Filter::default();
            if let Some(o) = v.as_object() {
                for (k, x) in o {
                    match k.as_str() {
                        "tag" => f.tag = Some(tag_of(s(x)?).ok_or(format!("unknown tag {x}"))?),
                        "species" => f.species = Some(sp_of(s(x)?).ok_or(format!("unknown species {x}"))?),
                        "tree" => f.tree = x.as_bool(),
                        "feature" => {
                            let mut ni = Interner { map: name_map, list: names };
                            f.feature = Some(ni.get(s(x)?) as u16)
                        }
                        _ => return Err(format!("unknown filter key {k:?}")),
                    }
                }
            }
            Ok(f)
        };
        let parse_effects = |v: &Value,
                             names: &mut Vec<String>,
                             name_map: &mut HashMap<String, u32>,
                             keys: &mut Vec<String>,
                             key_map: &mut HashMap<String, u32>|
         -> Result<Vec<Effect>, String> {
            let mut out = Vec::new();
            for e in arr(v)? {
                let a = &e["args"];
                out.push(match s(&e["kind"])? {
                    "draw" => Effect::Draw(u(&a["n"])? as u32),
                    "draw_per" => {
                        check_counter(s(&a["count"])?)?;
                        let mut ki = Interner { map: key_map, list: keys };
                        Effect::DrawPer {
                            count: ki.get(s(&a["count"])?),
                            per: a["per"].as_u64().unwrap_or(1) as u32,
                        }
                    }
                    "extra_turn" => Effect::ExtraTurn,
                    "free_play" => Effect::FreePlay {
                        filter: parse_filter(&a["filter"], names, name_map)?,
                        any_number: a["any_number"].as_bool().unwrap_or(false),
                        activates: a["activates"].as_bool().unwrap_or(false),
                    },
                    "cave_from_hand_then_draw" => Effect::CaveFromHandThenDraw,
                    "clearing_to_cave" => Effect::ClearingToCave,
                    "play_further" => Effect::PlayFurther,
                    "cave_from_clearing" => Effect::CaveFromClearing {
                        n: a["n"].as_u64().unwrap_or(1) as u32,
                        exactly: a["exactly"].as_bool().unwrap_or(false),
                    },
                    "take_from_clearing" => Effect::TakeFromClearing(a["n"].as_u64().unwrap_or(1) as u32),
                    "clearing_to_cave_matching" => {
                        Effect::ClearingToCaveMatching(parse_filter(&a["filter"], names, name_map)?)
                    }
                    "extra_turn_if" => {
                        let count = s(&a["count"])?;
                        check_counter(count)?;
                        let mut ki = Interner { map: key_map, list: keys };
                        Effect::ExtraTurnIf { count: ki.get(count), n: a["n"].as_i64().unwrap_or(1) as i32 }
                    }
                    "take_all_from_clearing" => {
                        Effect::TakeAllFromClearing(parse_filter(&a["filter"], names, name_map)?)
                    }
                    "remove_clearing" => Effect::RemoveClearing,
                    "free_play_one_of" => Effect::FreePlayOneOf(
                        arr(&a["filters"])?
                            .iter()
                            .map(|f| parse_filter(f, names, name_map))
                            .collect::<Result<_, _>>()?,
                    ),
                    "play_saplings" => Effect::PlaySaplings,
                    "play_face_down" => Effect::PlayFaceDown(
                        kind_of(s(&a["kind"])?).ok_or_else(|| format!("unknown site kind {}", a["kind"]))?,
                    ),
                    "play_from_clearing" => Effect::PlayFromClearing {
                        filter: parse_filter(&a["filter"], names, name_map)?,
                        reveal: a["reveal"].as_u64().unwrap_or(3) as u32,
                    },
                    "draw_then_cave" => Effect::DrawThenCave {
                        draw: a["draw"].as_u64().unwrap_or(2) as u32,
                        cave: a["cave"].as_u64().unwrap_or(1) as u32,
                    },
                    "cave_from_clearing_per" => {
                        let count = s(&a["count"])?;
                        check_counter(count)?;
                        let mut ki = Interner { map: key_map, list: keys };
                        Effect::CaveFromClearingPer(ki.get(count))
                    }
                    other => return Err(format!("the native core has no effect kind {other:?}")),
                });
            }
            Ok(out)
        };
        let mut species = Vec::new();
        for x in sp_json {
            let id = s(&x["id"])?.to_string();
            let effect = parse_effects(&x["effect"], &mut names, &mut name_map, &mut keys, &mut key_map)?;
            let bonus = parse_effects(&x["bonus"], &mut names, &mut name_map, &mut keys, &mut key_map)?;
            let mut triggers = Vec::new();
            if let Some(ts) = json["triggers"][&id].as_array() {
                let specs = arr(&x["triggers"])?;
                for t in ts {
                    let index = u(&t["index"])? as usize;
                    let spec = specs.get(index).ok_or("trigger index out of range")?;
                    if s(&spec["kind"])? != "on_play" {
                        return Err(format!("the native core has no trigger kind {}", spec["kind"]));
                    }
                    let args = &spec["args"];
                    let slot = match args["slot"].as_str() {
                        Some(n) => {
                            let mut ni = Interner { map: &mut name_map, list: &mut names };
                            Some(ni.get(n) as u16)
                        }
                        None => None,
                    };
                    triggers.push(Trigger {
                        index: index as u32,
                        from_next_turn: t["from_next_turn"].as_bool().unwrap_or(false),
                        optional: t["optional"].as_bool().unwrap_or(true),
                        before_effects: t["before_effects"].as_bool().unwrap_or(false),
                        effect: parse_effects(
                            &t["effect"],
                            &mut names,
                            &mut name_map,
                            &mut keys,
                            &mut key_map,
                        )?,
                        filter: parse_filter(&args["filter"], &mut names, &mut name_map)?,
                        slot,
                    });
                }
            }
            let sharing = match json["sharing"].get(&id) {
                None => None,
                Some(Value::Null) => Some(None),
                Some(v) => match v.as_u64() {
                    Some(0) => None,
                    Some(n) => Some(Some(n as u32)),
                    None => None,
                },
            };
            let share_kin = json["share_kin"]
                .get(&id)
                .and_then(|v| v.as_array())
                .map(|l| l.iter().filter_map(|n| n.as_str().and_then(sp_of)).collect());
            let site_sharing = match json["site_sharing"].get(&id).and_then(|v| v.as_array()) {
                Some(l) => {
                    let mut ni = Interner { map: &mut name_map, list: &mut names };
                    let group = ni.get(s(&l[0])?) as u16;
                    let tag = tag_of(s(&l[1])?).ok_or("unknown tag in site sharing")?;
                    Some((group, tag, l[2].as_u64().map(|n| n as u32)))
                }
                None => None,
            };
            species.push(Species {
                id: id.clone(),
                effect,
                bonus,
                triggers,
                sharing,
                share_kin,
                extra_trees: json["extra_trees"][&id].as_i64().unwrap_or(0) as i32,
                site_sharing,
                score: arr(&x["score"])?.clone(),
            });
        }
        // cards
        let cj = arr(&json["cards"])?;
        let max_card = cj.iter().filter_map(|c| c["id"].as_u64()).max().unwrap_or(0) as usize;
        let mut cards = vec![Card::new(false, Vec::new(), 0); max_card + 1];
        for c in cj {
            let id = u(&c["id"])? as usize;
            let mut halves = Vec::new();
            for h in arr(&c["halves"])? {
                let sp = sp_of(s(&h["species"])?).ok_or("unknown species on a card")?;
                let mut tagbits = 0u64;
                let mut tag_names: Vec<&str> = Vec::new();
                for t in arr(&h["tags"])? {
                    let t = s(t)?;
                    tagbits |= 1 << tag_of(t).ok_or("unknown tag on a card")?;
                    tag_names.push(t);
                }
                tag_names.sort();
                let symbol = h["symbol"].as_str();
                let mut ki = Interner { map: &mut key_map, list: &mut keys };
                let sid = &sp_ids[sp as usize];
                let mut count_keys: Vec<u32> =
                    tag_names.iter().map(|t| ki.get(&format!("tag:{t}"))).collect();
                if let Some(sym) = symbol {
                    count_keys.push(ki.get(&format!("symbol:{sym}")));
                }
                let cost = u(&h["cost"])? as u32;
                if cost as usize > Paid::MAX {
                    return Err(format!(
                        "a card half costs {cost}: the native core pays at most {}",
                        Paid::MAX
                    ));
                }
                let mut needs = 0u64;
                for w in arr(&h["needs"])? {
                    needs |= word_bit(&mut words, s(w)?)?;
                }
                halves.push(Half {
                    needs,
                    species: sp,
                    pos: Pos::parse(s(&h["position"])?)?,
                    symbol: symbol.and_then(sym_of),
                    cost,
                    tags: tagbits,
                    is_tree_kind: h["kind"].as_str() == Some("tree"),
                    shares: species[sp as usize].sharing.is_some(),
                    taken_by: 0,
                    site_kind: h["site_kind"].as_str().and_then(kind_of),
                    species_key: ki.get(&format!("species:{sid}")),
                    count_keys,
                    distinct_keys: tag_names.iter().map(|t| ki.get(&format!("distinct_tag:{t}"))).collect(),
                    trees_of_key: ki.get(&format!("trees_of:{sid}")),
                    tree_cards_of_key: ki.get(&format!("tree_cards_of:{sid}")),
                    has_triggers: !species[sp as usize].triggers.is_empty(),
                    extra_trees: species[sp as usize].extra_trees,
                    site_sharing_tag: species[sp as usize].site_sharing.map(|(_, tag, _)| tag),
                });
            }
            let mut symbits = 0u64;
            for x in arr(&c["symbols"])? {
                if let Some(i) = sym_of(s(x)?) {
                    symbits |= 1 << i;
                }
            }
            cards[id] = Card::new(c["winter"].as_bool().unwrap_or(false), halves, symbits);
        }
        let ids = |v: &Value| -> Result<Vec<u16>, String> {
            arr(v)?.iter().map(|x| u(x).map(|n| n as u16)).collect()
        };
        let spec = &json["spec"];
        let table =
            |v: &Value| -> PerPlayers {
                PerPlayers::of(v.as_object().into_iter().flat_map(|o| {
                    o.iter().filter_map(|(k, x)| Some((k.parse().ok()?, x.as_u64()? as usize)))
                }))
            };
        let codec = parse_codec(&json["codec"], max_card, &mut names, &mut name_map)?;
        let kinds = json["kinds"]
            .as_object()
            .map(|o| {
                o.iter()
                    .map(|(k, v)| {
                        (
                            k.clone(),
                            v.as_array()
                                .map(|l| l.iter().filter_map(|x| x.as_str().map(String::from)).collect())
                                .unwrap_or_default(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let has_triggers = species.iter().any(|x| !x.triggers.is_empty());
        let any_sharing = species.iter().any(|x| x.sharing.is_some());
        let site_sharing = species.iter().any(|x| x.site_sharing.is_some());
        let plain_slots = json["plain_slots"].as_bool().unwrap_or(true);
        let slot_classes = classify_slots(&mut site_kinds, &mut cards, plain_slots);
        // where winter cards are, for taking cards off the deck
        let (winter_from, winter_span) = Rules::winter_range(&cards);
        let mut rules = Rules {
            winter_from,
            winter_span,
            id: s(&json["id"])?.to_string(),
            deck_cards: ids(&json["deck_cards"])?,
            winter_cards: ids(&json["winter_cards"])?,
            sapling_kind: spec["sapling_kind"].as_str().and_then(kind_of),
            plain_slots,
            slot_classes,
            has_triggers,
            any_sharing,
            site_sharing,
            removal: table(&spec["removal"]),
            winters_for: table(&spec["winters_for"]),
            opening_hand: u(&spec["opening_hand"])? as usize,
            mulligan: spec["mulligan"].as_str() == Some("no_tree"),
            hand_limit: u(&spec["hand_limit"])? as usize,
            clearing_limit: u(&spec["clearing_limit"])? as usize,
            draws_per_turn: u(&spec["draws_per_turn"])? as usize,
            winter_at_once: spec["winter_ends"].as_str() == Some("at_once"),
            draw_cap: spec["draw_cap"].as_bool().unwrap_or(true),
            turn_actions: arr(&spec["turn_actions"])?
                .iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect(),
            upgrade_role,
            cannot_act: match spec["cannot_act"].as_str() {
                None => false,
                Some("cave_and_redraw") => true,
                Some(other) => return Err(format!("the native core has no step kind {other:?}")),
            },
            turn_acts: arr(&spec["turn_actions"])?
                .iter()
                .map(|x| match x.as_str() {
                    Some("draw") => Ok(TurnAct::Draw),
                    Some("play") => Ok(TurnAct::Play),
                    Some("sapling") => Ok(TurnAct::Sapling),
                    _ => Err(format!("the native core has no turn action {x}")),
                })
                .collect::<Result<_, _>>()?,
            caves: json["caves"].as_u64().unwrap_or(5) as u32,
            cards,
            max_card,
            species,
            site_kinds,
            names,
            tags,
            symbols,
            count_keys: keys,
            key_index: key_map,
            codec,
            kinds,
            json,
            scoring: crate::scoring::Plan::default(),
            center: None,
            reach_rows: Default::default(),
        };
        rules.reach_rows = Rules::reach_rows_of(&rules.cards);
        rules.center = rules.name("center");
        rules.scoring = crate::scoring::Plan::build(&rules);
        Ok(rules)
    }
}
