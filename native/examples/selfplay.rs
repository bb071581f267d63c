//! Plays random games of an exported ruleset on one thread, for instruction counts:
//! `selfplay RULESET.json GAMES [PLAYERS]` (export with `forestshuffle.native.export`).

use forestshuffle_native::data::Rules;
use forestshuffle_native::game::Game;
use forestshuffle_native::selfplay::play_random_in;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: selfplay RULESET.json GAMES [PLAYERS]");
        std::process::exit(2);
    }
    let text = std::fs::read_to_string(&args[1]).expect("the exported ruleset");
    let rules = Rules::parse(&text).expect("a ruleset export");
    let games: u128 = args[2].parse().expect("a number of games");
    let players: usize = args.get(3).map_or(2, |p| p.parse().expect("a number of players"));
    let mut actions = 0u64;
    let mut total = 0i64;
    let mut g = Game::blank(&rules);
    for seed in 0..games {
        let o = play_random_in(&mut g, players, seed, seed, 100_000).expect("a game");
        actions += u64::from(o.length);
        total += i64::from(o.scores[0].total);
    }
    println!("{games} games, {actions} actions, checksum {total}");
}
