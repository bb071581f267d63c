//! Unit tests of the scoring kinds on a small hand-made ruleset (the differential test in
//! `tests/native/test_native_scoring.py` checks every kind against the Python engine).

use serde_json::{json, Value};

use super::count::Count;
use super::kinds::{compile, table_value, Compiled, Ctx, Group};
use super::{cross_total, final_scores, final_total, split_total, winners, Plan};
use crate::data::Rules;
use crate::forest::Forest;

fn half(species: &str, position: &str, tags: &[&str], kind: &str, site_kind: Value) -> Value {
    json!({"species": species, "position": position, "symbol": null, "cost": 0, "tags": tags,
           "kind": kind, "site_kind": site_kind, "needs": []})
}

/// A ruleset of one tree species `t.oak` (1 point per tree) and dwellers `t.a`, `t.b`, `t.c`
/// (tag `bug`; `t.a` scores by `score_a`): cards 1-4 oaks, 10-19 a, 20-29 b, 30-39 c.
fn rules(score_a: Value) -> Rules {
    rules_with(score_a, json!([]))
}

/// [`rules`] with tie-breakers.
fn rules_with(score_a: Value, tie_breakers: Value) -> Rules {
    let sp = |id: &str, score: Value| json!({"id": id, "effect": [], "bonus": [], "score": score});
    let mut cards = Vec::new();
    for id in 1..=4 {
        cards.push(json!({"id": id, "halves": [half("t.oak", "center", &["tree"], "tree", json!("tree"))],
                          "symbols": []}));
    }
    for (base, s) in [(10, "t.a"), (20, "t.b"), (30, "t.c")] {
        for id in base..base + 10 {
            cards.push(json!({"id": id, "halves": [half(s, "top", &["bug"], "dweller", Value::Null)],
                              "symbols": []}));
        }
    }
    let text = json!({
        "format": 1, "id": "t", "tags": ["bug", "tree"], "symbols": [],
        "species": [sp("t.oak", json!([{"kind": "per", "args": {"points": 1, "count": "trees"}}])),
                    sp("t.a", score_a), sp("t.b", json!([])), sp("t.c", json!([]))],
        "site_kinds": {"tree": {"is_tree": true, "reveals": true, "features": [], "upgrade": null,
                                "slots": [{"name": "top", "accepts": ["top"], "role": "top",
                                           "group": "top", "plain": true, "offers": [], "exclusive": false, "tags": []}]}},
        "cards": cards, "deck_cards": [], "winter_cards": [],
        "spec": {"removal": {}, "winters_for": {}, "opening_hand": 6, "hand_limit": 10,
                 "clearing_limit": 10, "draws_per_turn": 2, "turn_actions": ["draw", "play"],
                 "tie_breakers": tie_breakers},
        "codec": {"size": 0, "blocks": []},
    });
    Rules::parse(&text.to_string()).expect("the test ruleset parses")
}

#[test]
fn table_values_stop_at_the_last_entry() {
    assert_eq!(table_value(&[1, 4, 9], 0), 0);
    assert_eq!(table_value(&[1, 4, 9], 2), 4);
    assert_eq!(table_value(&[1, 4, 9], 7), 9);
}

fn group(r: &Rules, spec: Value) -> Group {
    match compile(r, 1, &spec).expect("compiles") {
        Compiled::Group(_, g) => g,
        Compiled::Single(_) => panic!("not a group"),
    }
}

#[test]
fn a_set_table_shares_its_total_as_marginal_points_past_its_end() {
    // forestshuffle.kinds.scoring._shared_table: marginal points, the last card the rest
    let r = rules(json!([]));
    let g = group(&r, json!({"kind": "set_table", "args": {"table": [2, 5], "count": "species:t.a"}}));
    let mut f = Forest::new(&r);
    f.counts[r.key_index["species:t.a"] as usize] = 4;
    let forests = [f];
    let ctx = Ctx { rules: &r, forests: &forests, player: 0 };
    let mut out = [0; 4];
    g.points(&ctx, &[1, 1, 1, 1], &mut out);
    assert_eq!(out, [2, 3, 0, 0]);
    let mut one = [0; 1];
    g.points(&ctx, &[1], &mut one);
    assert_eq!(one, [5]);
}

#[test]
fn distinct_sets_take_one_card_of_each_species_per_set() {
    let r = rules(json!([]));
    let g = group(&r, json!({"kind": "distinct_sets", "args": {"table": [1, 3, 6], "tag": "bug"}}));
    let forests = [Forest::new(&r)];
    let ctx = Ctx { rules: &r, forests: &forests, player: 0 };
    let mut out = [0; 5];
    // species a, a, b, c, a: sets {a, b, c} on the first card, then {a}, then {a}
    g.points(&ctx, &[1, 1, 2, 3, 1], &mut out);
    assert_eq!(out, [6, 1, 0, 0, 1]);
}

#[test]
fn unknown_kinds_and_counts_leave_the_plan_empty() {
    let r = rules(json!([{"kind": "no_such_kind", "args": {}}]));
    assert!(r.scoring.missing[0].contains("no_such_kind"));
    let r = rules(json!([{"kind": "per", "args": {"points": 1, "count": "hand"}}]));
    assert!(r.scoring.missing[0].contains("\"hand\""));
    assert!(Count::compile(&r, "sum_of:dwellers+tag:bug").is_err());
    assert_eq!(Count::compile(&r, "tag:nothing_has_it").unwrap(), Count::Zero);
    let plan = Plan::build(&rules(json!([{"kind": "flat", "args": {"points": 2}}])));
    assert!(plan.missing.is_empty());
}

#[test]
fn final_scores_add_cards_groups_and_caves() {
    let r = rules(json!([{"kind": "flat", "args": {"points": 2}},
                         {"kind": "set_table", "args": {"table": [1, 4], "count": "species:t.a"}}]));
    let mut forests = [Forest::new(&r), Forest::new(&r)];
    forests[0].open_site(&r, 1, Some(0), 0, 0);
    forests[0].attach(&r, 10, 0, 0, 0, 0);
    forests[0].attach(&r, 11, 0, 0, 0, 0);
    forests[1].open_site(&r, 2, Some(0), 0, 0);
    let scores = final_scores(&r, &forests, &[1, 8], &[vec![], vec![]]);
    // oak 1 per tree; each a 2, and the set of two 4 shared as 1 + 3
    assert_eq!(scores[0].cards, vec![(1, 1), (10, 3), (11, 5)]);
    assert_eq!((scores[0].total, scores[0].cave), (10, 1));
    assert_eq!(scores[0].by_species, vec![1, 8, 0, 0]);
    assert_eq!(scores[1].total, 9);
    let hands = [vec![], vec![]];
    assert_eq!(winners(&r, &forests, &hands, &scores), 1);
    let tied = final_scores(&r, &forests, &[0, 8], &hands);
    assert_eq!(winners(&r, &forests, &hands, &tied), 0b11); // ties share the win
}

#[test]
fn tie_breakers_compare_in_order_then_share_the_win() {
    // forestshuffle.outcome.best: among the tied, the highest tie-breaker values in order
    let r = rules_with(json!([]), json!(["trees", "dwellers", "hand"]));
    assert!(r.scoring.missing.is_empty());
    let mut forests = [Forest::new(&r), Forest::new(&r), Forest::new(&r)];
    for (p, f) in forests.iter_mut().enumerate() {
        f.open_site(&r, p as u16 + 1, Some(0), 0, 0);
    }
    forests[1].attach(&r, 10, 0, 0, 0, 0);
    let scores = final_scores(&r, &forests, &[1, 1, 1], &[vec![], vec![], vec![]]);
    assert_eq!(scores.iter().map(|s| s.total).collect::<Vec<_>>(), vec![2, 2, 2]);
    // equal trees; player 1 has a dweller
    assert_eq!(winners(&r, &forests, &[vec![], vec![], vec![]], &scores), 0b010);
    forests[0].attach(&r, 11, 0, 0, 0, 0);
    let scores = final_scores(&r, &forests, &[1, 1, 1], &[vec![], vec![], vec![]]);
    // players 0 and 1 tie on trees and dwellers: the longer hand wins, else both
    assert_eq!(winners(&r, &forests, &[vec![5], vec![], vec![6, 7]], &scores), 0b001);
    assert_eq!(winners(&r, &forests, &[vec![], vec![], vec![]], &scores), 0b011);
    let bad = rules_with(json!([]), json!(["no_such_count"]));
    assert!(bad.scoring.missing[0].contains("tie-breaker"));
}

#[test]
fn the_tally_a_forest_keeps_totals_as_its_cards_do() {
    let r = rules(json!([{"kind": "flat", "args": {"points": 2}},
                         {"kind": "per", "args": {"points": 1, "count": "trees"}},
                         {"kind": "if_at_least", "args": {"points": 3, "count": "species:t.a", "n": 2}},
                         {"kind": "majority", "args": {"points": 4, "count": "species:t.a"}},
                         {"kind": "if_slot_shared", "args": {"points": 5}},
                         {"kind": "set_table", "args": {"table": [1, 4], "count": "species:t.a"}},
                         {"kind": "distinct_sets", "args": {"table": [2, 7], "tag": "bug"}}]));
    assert!(r.scoring.missing.is_empty());
    let mut forests = [Forest::new(&r), Forest::new(&r)];
    forests[0].open_site(&r, 1, Some(0), 0, 0);
    forests[0].attach(&r, 10, 0, 0, 0, 0);
    forests[0].attach(&r, 11, 0, 0, 0, 0);
    forests[1].open_site(&r, 2, Some(0), 0, 0);
    forests[1].open_site(&r, 3, None, 0, 0);
    forests[1].attach(&r, 12, 0, 0, 0, 0);
    let scores = final_scores(&r, &forests, &[1, 0], &[vec![], vec![]]);
    for (p, s) in scores.iter().enumerate() {
        assert_eq!(final_total(&r, &forests, p, p), s.total - s.cave + p as i32);
    }
    // 1 + each a: 2 + 1 + 3 + 4 + 5, the set of two 4, and two distinct sets of one 2 each
    assert_eq!(scores[0].total, 1 + 1 + 2 * 15 + 4 + 4);
    // 2 trees for the oak; the a: 2 + 2 + 0 + 0 + 0, the set of one 1, one set 2
    assert_eq!(scores[1].total, 2 + 4 + 1 + 2);
    // the majorities apart: 4 for each a of forest 0, which has more a than forest 1
    for (p, s) in scores.iter().enumerate() {
        let (own, cross) = split_total(&r, &forests, p).expect("majorities of counters split");
        assert_eq!((own + cross, cross), (s.total - s.cave, [8, 0][p]));
        assert_eq!(cross_total(&r, &forests, p), Some(cross));
    }
    let mut again = forests[0].clone();
    r.scoring.retally(&mut again);
    assert_eq!(again.tally, forests[0].tally);
    // forests that keep no tally are scored card by card, to the same totals; a retally
    // keeps it again
    let mut untallied = forests.clone();
    for f in &mut untallied {
        f.stop_tally();
    }
    untallied[0].attach(&r, 13, 0, 0, 0, 0);
    assert!(untallied[0].tally.is_empty(), "a card placed adds to no tally");
    let scores = final_scores(&r, &untallied, &[1, 0], &[vec![], vec![]]);
    for (p, s) in scores.iter().enumerate() {
        assert_eq!(final_total(&r, &untallied, p, p), s.total - s.cave + p as i32);
        assert_eq!((split_total(&r, &untallied, p), cross_total(&r, &untallied, p)), (None, None));
    }
    let mut tallied = forests.clone();
    tallied[0].attach(&r, 13, 0, 0, 0, 0);
    assert_eq!(final_total(&r, &tallied, 0, 1), scores[0].total, "the same card tallied");
    assert!(scores[0].total > final_total(&r, &forests, 0, 1), "the card counted");
    r.scoring.retally(&mut untallied[0]);
    assert!(untallied[0].tallies);
    assert_eq!(untallied[0].tally, tallied[0].tally);
}
