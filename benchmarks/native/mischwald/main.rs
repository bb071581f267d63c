//! `cargo run --release --example zufall -- N`: N random 2-player base games of
//! `lem-solutions/mischwald` (seeds 0..N), with the answers its player gave.

fn main() {
	let spiele: u64 = std::env::args().nth(1).map_or(1, |a| a.parse().expect("N games"));
	let (antworten, summe) = mischwald_rs::zufall::spielen(spiele);
	println!("games {spiele} decisions {antworten} checksum {summe}");
}
