//! Plays random games of an exported ruleset on one thread, for instruction counts:
//! `selfplay RULESET.json GAMES [PLAYERS]` (export with `forestshuffle.native.export`).

use forestshuffle_native::data::Rules;
use forestshuffle_native::selfplay::play_many;

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
    let seeds: Vec<u128> = (0..games).collect();
    // one thread, as `benchmarks/native/instructions.py` counts `play_many`
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a pool");
    let out = pool.install(|| play_many(&rules, players, &seeds, &seeds, 100_000)).expect("the games");
    let actions: u64 = out.iter().map(|o| u64::from(o.length)).sum();
    let total: i64 = out.iter().map(|o| i64::from(o.scores[0].total)).sum();
    println!("{games} games, {actions} actions, checksum {total}");
}
