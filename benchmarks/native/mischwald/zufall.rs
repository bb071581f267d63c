//! A random player for `lem-solutions/mischwald`, compiled as a module of a scratch copy of
//! that crate by `benchmarks/native/mischwald.py` (its game state is private to the crate).
//!
//! Every answer is uniform among the legal options, drawn from a splitmix64 generator seeded
//! by the game's number, which also shuffles the deal. A turn chooses among drawing from the
//! deck, taking each clearing card, playing each hand card with a payable placement and
//! playing each hand card as a sapling; then among the chosen card's placements, and a second
//! draw among the deck and each clearing card left. "None" is one more option where a callback
//! allows it; yes or no is half each.

use crate::Spieler;
use crate::Spielstand;
use crate::karten::hauptspiel::KARTEN;
use crate::prelude::*;
use crate::spielstand::Spielerstand;
use crate::spieler::{Ausspielen, Ausspielziel, ZiehenVon, Zugaktion};
use rand::{Rng, RngCore};

/// splitmix64.
pub struct SplitMix64(u64);

impl RngCore for SplitMix64 {
	fn next_u64(&mut self) -> u64 {
		self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
		let mut z = self.0;
		z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
		z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
		z ^ (z >> 31)
	}

	fn next_u32(&mut self) -> u32 {
		(self.next_u64() >> 32) as u32
	}

	fn fill_bytes(&mut self, dst: &mut [u8]) {
		for chunk in dst.chunks_mut(8) {
			let bytes = self.next_u64().to_le_bytes();
			chunk.copy_from_slice(&bytes[..chunk.len()]);
		}
	}
}

/// The random player, with the number of answers it gave.
pub struct Zufall {
	rng: SplitMix64,
	pub antworten: u64,
	/// clearing indices already chosen by this turn's draws, in order
	geplant: SmallVec<[usize; 2]>,
	/// (hand index, target) of the placements offered, grouped by card
	plätze: Vec<(usize, Ausspielziel)>,
}

impl Zufall {
	fn wahl(&mut self, n: usize) -> usize {
		self.rng.random_range(0..n)
	}

	fn halbe(&mut self) -> bool {
		self.rng.next_u64() >> 63 == 1
	}

	/// Fills `plätze` with the placements of the hand cards whose card (or half) `passt`,
	/// payable from the rest of the hand when `zahlen`.
	fn plätze_füllen<F: Fn(&Karte) -> bool>(
		&mut self,
		st: &Spielstand,
		zahlen: bool,
		passt: F,
	) {
		self.plätze.clear();
		let ich = &st.spieler[st.nächster_spieler];
		let kasse = if zahlen { ich.handkarten.len().saturating_sub(1) } else { usize::MAX };
		let geht = |k: &Karte| passt(k) && k.kosten as usize <= kasse;
		for i in 0..ich.handkarten.len() {
			plätze_der_karte(ich, i, &geht, true, &mut self.plätze);
		}
	}

	/// One of `plätze` or none (when `keins`), uniform.
	fn platz_wählen(&mut self, keins: bool) -> Option<Ausspielen> {
		let n = self.plätze.len() + keins as usize;
		if n == 0 {
			return None;
		}
		let w = self.wahl(n);
		let (karten_idx, ausspielziel) = *self.plätze.get(w)?;
		Some(Ausspielen { karten_idx, ausspielziel })
	}

	fn ziehen(&mut self, lichtung: usize) -> ZiehenVon {
		match self.wahl(1 + lichtung) {
			0 => ZiehenVon::Ziehstapel,
			k => {
				self.geplant.push(k - 1);
				ZiehenVon::Lichtung
			}
		}
	}
}

/// Pushes the placements of hand card `i` whose card (or half) `geht` onto `aus`, only the
/// first unless `alle`; whether there is one.
fn plätze_der_karte<F: Fn(&Karte) -> bool>(
	ich: &Spielerstand,
	i: usize,
	geht: &F,
	alle: bool,
	aus: &mut Vec<(usize, Ausspielziel)>,
) -> bool {
	let seiten = match ich.handkarten[i] {
		GanzeKarte::Hauptpflanze(k) => {
			if geht(k) {
				aus.push((i, Ausspielziel::NeueHauptpflanze));
				return true;
			}
			return false;
		}
		GanzeKarte::ZweigeteiltH { links, rechts } => {
			[(Kartenposition::Links, *links), (Kartenposition::Rechts, *rechts)]
		}
		GanzeKarte::ZweigeteiltV { oben, unten } => {
			[(Kartenposition::Oben, *oben), (Kartenposition::Unten, *unten)]
		}
		GanzeKarte::Winter => return false,
	};
	let seiten = seiten.map(|(pos, halb)| (pos, halb, geht(halb)));
	if !seiten[0].2 && !seiten[1].2 {
		return false;
	}
	let mut eine = false;
	for (j, baum) in ich.wald.iter().enumerate() {
		for (pos, halb, ok) in seiten {
			if !ok {
				continue;
			}
			// a side holds one card, except a butterfly beside a nettle, hares on hares
			// and a second toad
			let seite = baum.seite(pos);
			let frei = seite.is_empty()
				|| (halb.typen.contains(&Typsymbol::Schmetterling)
					&& baum.iter_anlegekarten().any(|k| k.bezeichnung == "Brennessel"))
				|| match halb.bezeichnung {
					"Feldhase" => seite.iter().all(|k| k.bezeichnung == "Feldhase"),
					"Erdkröte" => seite.len() == 1 && seite[0].bezeichnung == "Erdkröte",
					_ => false,
				};
			if frei {
				aus.push((i, Ausspielziel::AnHauptpflanzeAnlegen { hauptpflanze_idx: j, pos }));
				if !alle {
					return true;
				}
				eine = true;
			}
		}
	}
	eine
}

impl Spieler for Zufall {
	fn handwechsel_keine_bäume(&mut self, _: &Spielstand) -> bool {
		self.antworten += 1;
		self.halbe()
	}

	fn zugkation(&mut self, st: &Spielstand) -> Zugaktion {
		self.antworten += 1;
		self.geplant.clear();
		let hand = st.spieler[st.nächster_spieler].handkarten.len();
		let lichtung = st.lichtung.len();
		let ziehen = if hand < 10 { 1 + lichtung } else { 0 };
		let ich = &st.spieler[st.nächster_spieler];
		let geht = |k: &Karte| (k.kosten as usize) < hand;
		let mut spielbar: SmallVec<[usize; 10]> = SmallVec::new();
		for i in 0..hand {
			self.plätze.clear();
			if plätze_der_karte(ich, i, &geht, false, &mut self.plätze) {
				spielbar.push(i);
			}
		}
		let w = self.wahl(ziehen + spielbar.len() + hand);
		if w < ziehen {
			let erste = if w == 0 {
				ZiehenVon::Ziehstapel
			} else {
				self.geplant.push(w - 1);
				ZiehenVon::Lichtung
			};
			let übrig = lichtung - matches!(erste, ZiehenVon::Lichtung) as usize;
			let zweite = (hand + 1 < 10).then(|| self.ziehen(übrig));
			Zugaktion::KartenZiehen(erste, zweite)
		} else if w < ziehen + spielbar.len() {
			self.plätze.clear();
			plätze_der_karte(ich, spielbar[w - ziehen], &geht, true, &mut self.plätze);
			let w = self.wahl(self.plätze.len());
			let (karten_idx, ausspielziel) = self.plätze[w];
			Zugaktion::KarteAusspielen(Ausspielen { karten_idx, ausspielziel })
		} else {
			Zugaktion::SetzlingAusspielen { karten_idx: w - ziehen - spielbar.len() }
		}
	}

	fn bezahlen(&mut self, st: &Spielstand) -> usize {
		self.antworten += 1;
		self.wahl(st.spieler[st.nächster_spieler].handkarten.len())
	}

	fn effekt_ausüben(&mut self, _: &Spielstand, _: &'static Effekt) -> bool {
		self.antworten += 1;
		self.halbe()
	}

	fn aus_lichtung_ziehen(&mut self, st: &Spielstand) -> Option<usize> {
		self.antworten += 1;
		if !self.geplant.is_empty() {
			return Some(self.geplant.remove(0));
		}
		self.wahl(st.lichtung.len() + 1).checked_sub(1)
	}

	fn bonus_ausspielen_kostenpflichtig(&mut self, st: &Spielstand) -> Option<Ausspielen> {
		self.antworten += 1;
		self.plätze_füllen(st, true, |_| true);
		self.platz_wählen(true)
	}

	fn bonus_kostenlos_ablegen_typ(&mut self, st: &Spielstand, typ: Typsymbol) -> Option<Ausspielen> {
		self.antworten += 1;
		self.plätze_füllen(st, false, |k| k.typen.contains(&typ));
		self.platz_wählen(true)
	}

	fn bonus_kostenlos_ablegen_name(&mut self, st: &Spielstand, name: &'static str) -> Option<Ausspielen> {
		self.antworten += 1;
		self.plätze_füllen(st, false, |k| k.bezeichnung == name);
		self.platz_wählen(true)
	}

	fn setzling_ausspielen(&mut self, st: &Spielstand) -> Option<usize> {
		self.antworten += 1;
		self.wahl(st.spieler[st.nächster_spieler].handkarten.len() + 1).checked_sub(1)
	}

	fn handkarten_höhle(&mut self, st: &Spielstand) -> SmallVec<[bool; 10]> {
		self.antworten += 1;
		(0..st.spieler[st.nächster_spieler].handkarten.len()).map(|_| self.halbe()).collect()
	}

	fn lichtung_höhle(&mut self, st: &Spielstand, anz_karten: u32) -> SmallVec<[bool; 15]> {
		self.antworten += 1;
		let mut frei = anz_karten;
		(0..st.lichtung.len())
			.map(|_| {
				let ja = frei > 0 && self.halbe();
				frei -= ja as u32;
				ja
			})
			.collect()
	}

	fn lichtung_hand_typ(&mut self, st: &Spielstand, typ: Typsymbol) -> usize {
		self.antworten += 1;
		let mit: SmallVec<[usize; 15]> = (0..st.lichtung.len())
			.filter(|&i| st.lichtung[i].hat_typsymbol(&typ))
			.collect();
		mit[self.wahl(mit.len())]
	}
}

/// Plays one 2-player base game per seed `0..spiele`: (answers given, a checksum of the
/// final scores).
pub fn spielen(spiele: u64) -> (u64, u64) {
	let mut summe = 0u64;
	let mut antworten = 0;
	for seed in 0..spiele {
		let mut spieler = Zufall {
			rng: SplitMix64(seed),
			antworten: 0,
			geplant: SmallVec::new(),
			plätze: Vec::new(),
		};
		let mut st = Spielstand::neu(2, &[&KARTEN[..]], &mut spieler.rng);
		while !st.ist_spiel_beendet() {
			st.zug(&mut spieler);
		}
		for p in 0..2 {
			// scoring reads the forest of the player to move
			st.nächster_spieler = p;
			summe = summe.wrapping_mul(1_000_003).wrapping_add(st.bewerten(p) as u64);
		}
		antworten += spieler.antworten;
	}
	(antworten, summe)
}
