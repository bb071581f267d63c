//! CPython's `random.Random`, exactly: MT19937 seeded from an int as CPython seeds it
//! (`init_by_array` of the seed's 32-bit words), `getrandbits`, `_randbelow` (the
//! bit-drawing loop), `shuffle`, `random()` and `choice`. The same seed draws the same
//! numbers as the standard library, so the native core deals and chooses as the Python
//! engine does.
//!
//! Seeding and the deal's shuffle are compiled twice on x86-64: as for any such CPU, and
//! with AVX2 and BMI2, used where the CPU has them (checked once, then cached by the
//! standard library). Both draw the same numbers; the tests compare them. Many seeds at
//! once are seeded side by side, a generator in each vector lane ([`PyRandom::new_many`]).

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

mod lanes;

/// CPython's Mersenne Twister generator (`random.Random`).
#[derive(Clone)]
pub struct PyRandom {
    /// the current block's outputs (its state words tempered, all at once when the block
    /// is made; [`PyRandom::refill`] untempers them to twist the next block)
    mt: [u32; N],
    mti: usize,
    /// how many blocks were made after the first (0 while the first is current)
    later: u32,
}

/// MT19937's tempering of a state word into an output.
#[inline(always)]
fn temper(mut y: u32) -> u32 {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c_5680;
    y ^= (y << 15) & 0xefc6_0000;
    y ^ (y >> 18)
}

/// The state word [`temper`] made `y` from: each of its steps undone, last first.
#[inline(always)]
fn untemper(mut y: u32) -> u32 {
    // the two longer shifts undo themselves
    y ^= y >> 18;
    y ^= (y << 15) & 0xefc6_0000;
    // each round fixes 7 more low bits
    let mut x = y;
    for _ in 0..4 {
        x = y ^ ((x << 7) & 0x9d2c_5680);
    }
    // each round fixes 11 more high bits
    let mut z = x;
    for _ in 0..2 {
        z = x ^ (z >> 11);
    }
    z
}

/// The state `init_genrand(19650218)` leaves, where every `init_by_array` starts: the same
/// for every seed, so computed once, at compile time.
const GENRAND_19650218: [u32; N] = init_genrand(19_650_218);

const fn init_genrand(s: u32) -> [u32; N] {
    let mut mt = [0u32; N];
    mt[0] = s;
    let mut i = 1;
    while i < N {
        let prev = mt[i - 1];
        mt[i] = 1_812_433_253u32.wrapping_mul(prev ^ (prev >> 30)).wrapping_add(i as u32);
        i += 1;
    }
    mt
}

/// `prev ^ (prev >> 30)`, the shift `s` (always 30) given as a value the compiler does not
/// see, so that with BMI2 it is one instruction that keeps `prev` (`shrx` by a register;
/// by a constant it would be a copy and a shift).
#[inline(always)]
fn fold(prev: u32, s: u32) -> u32 {
    prev ^ prev.wrapping_shr(s)
}

/// `(cur ^ f(prev) * 1664525) + k`: a step of `init_by_array`'s first pass (`k` the key
/// word and its index, added together; `s` = 30, see [`fold`]).
#[inline(always)]
fn mix1(cur: u32, prev: u32, k: u32, s: u32) -> u32 {
    (cur ^ fold(prev, s).wrapping_mul(1_664_525)).wrapping_add(k)
}

/// `cur ^ f(prev) * 1566083941`: a step of `init_by_array`'s second pass, before `i` is
/// subtracted at index i (`s` = 30, see [`fold`]).
#[inline(always)]
fn mix2(cur: u32, prev: u32, s: u32) -> u32 {
    cur ^ fold(prev, s).wrapping_mul(1_566_083_941)
}

/// `init_by_array`'s first pass over `mt` (the state of `init_genrand(19650218)`) for a
/// key of one word `k` (a seed below 2**32): indices 1 to N - 1, then index 1 again (the
/// pass wraps round once). The key index stays 0, so every step adds `k`.
#[inline(always)]
fn first_pass_one(mt: &mut [u32; N], k: u32, s: u32) {
    let mut prev = mt[0];
    // N - 1 = 623 = 7 * 89 steps, seven at a time: no bounds checks, one loop test per seven
    let (chunks, []) = mt[1..].as_chunks_mut::<7>() else { unreachable!("N - 1 is a multiple of 7") };
    for c in chunks {
        for cur in c {
            prev = mix1(*cur, prev, k, s);
            *cur = prev;
        }
    }
    mt[1] = mix1(mt[1], prev, k, s);
}

/// `init_by_array`'s first pass for a key of 2 to 4 words (a seed of 2**32 or more), as
/// [`first_pass_one`]: the key word and its index added at each step, the index going
/// round the key.
#[inline(always)]
fn first_pass(mt: &mut [u32; N], key: &[u32], s: u32) {
    debug_assert!((2..=4).contains(&key.len()));
    let mut prev = mt[0];
    let mut j = 0usize;
    for cur in &mut mt[1..] {
        prev = mix1(*cur, prev, key[j].wrapping_add(j as u32), s);
        *cur = prev;
        j += 1;
        if j == key.len() {
            j = 0;
        }
    }
    mt[1] = mix1(mt[1], prev, key[j].wrapping_add(j as u32), s);
}

/// `i` at index i: the values `init_by_array`'s second pass subtracts.
static INDICES: [u32; N] = indices();

const fn indices() -> [u32; N] {
    let mut out = [0u32; N];
    let mut i = 0;
    while i < N {
        out[i] = i as u32;
        i += 1;
    }
    out
}

/// `init_by_array`'s second pass over `mt` (the first pass's result): indices 2 to N - 1,
/// then index 1 (the pass wraps round once), `i` subtracted at index i; then `mt[0]` set
/// to 2**31, as CPython leaves it.
#[inline(always)]
fn second_pass(mt: &mut [u32; N], s: u32) {
    let mut prev = mix2(mt[2], mt[1], s).wrapping_sub(2);
    mt[2] = prev;
    // indices 3 to N - 1: 621 = 9 * 69 steps, nine at a time; the index subtracted read
    // from `INDICES` beside the state word (one instruction, where a counter takes two)
    let (chunks, []) = mt[3..].as_chunks_mut::<9>() else { unreachable!("N - 3 is a multiple of 9") };
    let (indices, _) = INDICES[3..].as_chunks::<9>();
    for (c, idx) in chunks.iter_mut().zip(indices) {
        for (cur, &i) in c.iter_mut().zip(idx) {
            prev = mix2(*cur, prev, s).wrapping_sub(i);
            *cur = prev;
        }
    }
    mt[1] = mix2(mt[1], prev, s).wrapping_sub(1);
    mt[0] = 0x8000_0000;
}

/// The block of outputs after the state words `mt` (the twist, then the tempering).
#[inline(always)]
fn twist(mt: &mut [u32; N]) {
    // mt[kk] from mt[kk], mt[kk + 1] and mt[kk + M] (all mod N), in order of kk
    let twist = |cur: u32, next: u32, far: u32| {
        let y = (cur & UPPER_MASK) | (next & LOWER_MASK);
        far ^ (y >> 1) ^ ((next & 1).wrapping_neg() & MATRIX_A)
    };
    for kk in 0..N - M {
        mt[kk] = twist(mt[kk], mt[kk + 1], mt[kk + M]);
    }
    for kk in N - M..N - 1 {
        mt[kk] = twist(mt[kk], mt[kk + 1], mt[kk + M - N]);
    }
    mt[N - 1] = twist(mt[N - 1], mt[0], mt[M - 1]);
    for y in mt.iter_mut() {
        *y = temper(*y);
    }
}

/// The first block of outputs for the seed's `key` (1 to 4 words), made in `mt` from the
/// state of `init_genrand(19650218)`: `init_by_array`'s two passes, the twist and the
/// tempering.
#[inline(always)]
fn first_block(mt: &mut [u32; N], key: &[u32]) {
    let s = std::hint::black_box(30);
    if key.len() <= 1 {
        first_pass_one(mt, key[0], s);
    } else {
        first_pass(mt, key, s);
    }
    second_pass(mt, s);
    twist(mt);
}

/// [`first_block`] compiled for AVX2 and BMI2 (eight words a step in the twist, a shift
/// that keeps its operand in the passes).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi2")]
fn first_block_avx2(mt: &mut [u32; N], key: &[u32]) {
    first_block(mt, key);
}

/// [`first_block`], with the CPU's wider instructions where it has them.
fn make_first_block(mt: &mut [u32; N], key: &[u32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("bmi2") {
        // SAFETY: the CPU has the features the function is compiled for
        return unsafe { first_block_avx2(mt, key) };
    }
    first_block(mt, key);
}

impl PyRandom {
    /// `random.Random(seed)` for a whole number `0 <= seed < 2**128`, its first block of
    /// outputs already made (so that copies of it share that work).
    pub fn new(seed: u128) -> Self {
        // the state of `init_genrand(19650218)`, where every seeding starts (copying it costs
        // less than zeroing the array)
        let mut r = PyRandom { mt: GENRAND_19650218, mti: 0, later: 0 };
        let mut key = [0u32; 4];
        let mut len = 0;
        let mut s = seed;
        while s != 0 {
            key[len] = s as u32;
            len += 1;
            s >>= 32;
        }
        make_first_block(&mut r.mt, &key[..len.max(1)]);
        r
    }

    /// The next block of outputs, from the current one's.
    #[inline(never)]
    fn refill(&mut self) {
        for y in &mut self.mt {
            *y = untemper(*y);
        }
        twist(&mut self.mt);
        self.mti = 0;
        self.later += 1;
    }

    /// Set back to the state it was made in, if it is still on its first block (whose
    /// outputs it keeps until it makes the next): then true, and it draws again what it
    /// drew, as a copy made before would. False, and nothing changed, once it has made a
    /// later block.
    #[inline]
    pub fn rewind(&mut self) -> bool {
        if self.later != 0 {
            return false;
        }
        self.mti = 0;
        true
    }

    /// The output at index `*at` of the block, the next block made first when this one is
    /// used up; `*at` moves on.
    #[inline(always)]
    fn word_at(&mut self, at: &mut usize) -> u32 {
        let i = if *at < N {
            *at
        } else {
            self.refill();
            0
        };
        *at = i + 1;
        self.mt[i]
    }

    /// The next 32-bit output (`genrand_uint32`).
    #[inline(always)]
    pub fn next_u32(&mut self) -> u32 {
        let mut at = self.mti;
        let y = self.word_at(&mut at);
        self.mti = at;
        y
    }

    /// `_randbelow(n)` for a bound of one word, `n >= 1`, the outputs read from state index
    /// `*at` on: `getrandbits(n.bit_length())`, the top bits of a word, until below `n`.
    #[inline(always)]
    fn below_at(&mut self, n: u32, at: &mut usize) -> u32 {
        let shift = n.leading_zeros();
        loop {
            let r = self.word_at(at) >> shift;
            if r < n {
                return r;
            }
        }
    }

    /// `getrandbits(k)` for `0 <= k <= 64` (words drawn low to high, as CPython draws them).
    #[inline]
    pub fn getrandbits(&mut self, k: u32) -> u64 {
        if k == 0 {
            return 0;
        }
        if k <= 32 {
            return u64::from(self.next_u32() >> (32 - k));
        }
        let lo = u64::from(self.next_u32());
        let rest = k - 32;
        let hi = u64::from(self.next_u32() >> (32 - rest));
        lo | (hi << 32)
    }

    /// `_randbelow_with_getrandbits(n)`: `getrandbits(n.bit_length())` until below `n`
    /// (`n >= 1`; 0 for `n == 0` without drawing, which CPython never asks for here).
    #[inline(always)]
    pub fn randbelow(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        if let Ok(n) = u32::try_from(n) {
            return u64::from(self.below(n));
        }
        let k = 64 - n.leading_zeros();
        let mut r = self.getrandbits(k);
        while r >= n {
            r = self.getrandbits(k);
        }
        r
    }

    /// [`PyRandom::randbelow`] for a bound of one word, `n >= 1`: `_randbelow(n)`.
    #[inline(always)]
    pub fn below(&mut self, n: u32) -> u32 {
        let mut at = self.mti;
        let r = self.below_at(n, &mut at);
        self.mti = at;
        r
    }

    /// `shuffle(x)`: the same permutation as `random.Random.shuffle`.
    #[inline]
    pub fn shuffle<T>(&mut self, x: &mut [T]) {
        if u32::try_from(x.len()).is_err() {
            for i in (1..x.len()).rev() {
                let j = self.randbelow(i as u64 + 1) as usize;
                x.swap(i, j);
            }
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("bmi2") && std::arch::is_x86_feature_detected!("lzcnt") {
            // SAFETY: the CPU has the features the function is compiled for
            return unsafe { self.shuffle_bmi2(x) };
        }
        self.shuffle_short(x);
    }

    /// [`PyRandom::shuffle`] compiled for BMI2 and LZCNT (a word's top bits taken by one
    /// shift that reads it from memory).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2,lzcnt")]
    fn shuffle_bmi2<T>(&mut self, x: &mut [T]) {
        self.shuffle_short(x);
    }

    /// [`PyRandom::shuffle`] for fewer than 2**32 items.
    #[inline(always)]
    fn shuffle_short<T>(&mut self, x: &mut [T]) {
        // the state index kept here, not in `self`, until the end; the bounds `i + 1` of one
        // bit length drawn in a row, sharing the shift that takes a word's top bits
        let mut at = self.mti;
        let mut i = x.len().saturating_sub(1);
        while i >= 1 {
            let shift = (i as u32 + 1).leading_zeros();
            // the least `i` whose `i + 1` has this bit length (at least 1)
            let last = ((1usize << (31 - shift)) - 1).max(1);
            while i >= last {
                let j = loop {
                    let r = (self.word_at(&mut at) >> shift) as usize;
                    if r <= i {
                        break r;
                    }
                };
                x.swap(i, j);
                i -= 1;
            }
        }
        self.mti = at;
    }

    /// `random()`: a float in `[0, 1)` from 53 random bits.
    #[inline]
    pub fn random(&mut self) -> f64 {
        let a = u64::from(self.next_u32() >> 5);
        let b = u64::from(self.next_u32() >> 6);
        (a as f64 * 67_108_864.0 + b as f64) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `choice(seq)`: `seq[_randbelow(len(seq))]` (None for an empty slice).
    #[inline]
    pub fn choice<'a, T>(&mut self, seq: &'a [T]) -> Option<&'a T> {
        if seq.is_empty() {
            return None;
        }
        let i = self.randbelow(seq.len() as u64) as usize;
        seq.get(i)
    }
}

#[cfg(test)]
mod tests {
    use super::PyRandom;

    // values from CPython 3.11: random.Random(s).getrandbits(32) etc.
    #[test]
    fn first_words_match_cpython() {
        let mut r = PyRandom::new(0);
        assert_eq!(r.getrandbits(32), 3_626_764_237);
        let mut r = PyRandom::new(1);
        assert_eq!(r.getrandbits(32), 577_090_037);
    }

    #[test]
    fn random_matches_cpython() {
        let mut r = PyRandom::new(42);
        assert_eq!(r.random(), 0.639_426_798_457_883_8);
    }

    #[test]
    fn shuffle_matches_cpython() {
        let mut r = PyRandom::new(7);
        let mut v: Vec<u32> = (0..10).collect();
        r.shuffle(&mut v);
        assert_eq!(v, vec![8, 3, 1, 4, 7, 0, 9, 6, 2, 5]);
    }

    /// `random.Random(seed)`'s first three `getrandbits(32)`, then `random()`, as CPython
    /// 3.11 draws them, for seeds of one to four 32-bit words and at the words' edges.
    #[test]
    fn seeding_matches_cpython() {
        let cases: [(u128, [u64; 3], f64); 13] = [
            (0, [3_626_764_237, 1_654_615_998, 3_255_389_356], 0.890_243_920_837_131),
            (1, [577_090_037, 2_444_712_010, 3_639_700_191], 0.802_265_061_168_183_5),
            (5, [2_675_342_405, 1_097_127_993, 3_185_950_873], 0.358_535_511_755_895_26),
            (42, [2_746_317_213, 478_163_327, 107_420_369], 0.741_550_499_759_832_9),
            (1 << 31, [1_455_117_090, 1_620_553_392, 2_169_224_728], 0.878_667_621_978_715_5),
            ((1 << 32) - 1, [2_728_839_433, 2_661_025_012, 872_737_089], 0.215_343_457_515_288_83),
            (1 << 32, [485_306_839, 1_508_871_100, 1_794_561_286], 0.934_721_276_288_303_5),
            ((1 << 33) + 7, [3_024_930_075, 3_803_530_016, 644_625_210], 0.575_092_288_113_291_8),
            ((1 << 64) - 1, [93_740_670, 1_068_495_656, 1_452_108_352], 0.618_751_229_434_963_2),
            ((1 << 64) + 5, [2_192_917_427, 3_085_273_184, 3_778_534_651], 0.567_320_581_636_85),
            ((1 << 96) + 3, [1_664_899_548, 3_345_998_862, 1_465_741_337], 0.589_740_497_367_937_8),
            ((1 << 127) + 12_345, [165_063_735, 296_895_227, 1_782_937_787], 0.232_132_202_414_000_45),
            (u128::MAX, [1_009_630_920, 3_360_221_056, 3_623_212_703], 0.494_921_050_119_138_1),
        ];
        for (seed, words, x) in cases {
            let mut r = PyRandom::new(seed);
            let got = [r.getrandbits(32), r.getrandbits(32), r.getrandbits(32)];
            assert_eq!(got, words, "seed {seed}");
            assert_eq!(r.random(), x, "seed {seed}");
        }
    }

    /// `random.Random(9).randrange(n)` (CPython's `_randbelow`) for bounds of one word and
    /// of two.
    #[test]
    fn randbelow_matches_cpython() {
        let mut r = PyRandom::new(9);
        let bounds: [u64; 10] =
            [1, 2, 3, 7, 100, 1 << 31, (1 << 32) - 1, 1 << 32, (1 << 32) + 1, 1_000_000_000_000];
        let got: Vec<u64> = bounds.iter().map(|&n| r.randbelow(n)).collect();
        assert_eq!(
            got,
            [0, 1, 1, 1, 23, 27_638_352, 1_453_097_014, 2_159_432_582, 347_096_279, 771_447_637_752]
        );
    }

    /// Outputs across the first blocks (each made from the last one's outputs untempered),
    /// and two shuffles of a list longer than a block, as CPython 3.11 draws them.
    #[test]
    fn later_blocks_match_cpython() {
        let mut r = PyRandom::new(3);
        let words: Vec<u32> = (0..2000).map(|_| r.next_u32()).collect();
        let picks: Vec<u32> = [0, 623, 624, 625, 1247, 1248, 1999].iter().map(|&i| words[i]).collect();
        assert_eq!(
            picks,
            [
                1_022_050_301,
                3_660_603_180,
                520_908_551,
                109_381_845,
                3_468_019_863,
                3_125_345_699,
                3_607_542_163
            ]
        );
        let mut r = PyRandom::new((1 << 70) + 11);
        let mut v: Vec<u32> = (0..700).collect();
        r.shuffle(&mut v);
        r.shuffle(&mut v);
        assert_eq!(
            (&v[..8], &v[696..]),
            (&[416, 550, 357, 164, 561, 611, 40, 125][..], &[185, 43, 298, 55][..])
        );
        assert_eq!(r.next_u32(), 888_419_717);
    }

    /// A generator set back on its first block draws again what it drew, as a copy made
    /// before would; once it has made a later block it cannot be set back.
    #[test]
    fn rewinding_on_the_first_block() {
        let mut r = PyRandom::new(42);
        let copy = r.clone();
        let first: Vec<u64> = (0..300).map(|_| r.randbelow(1000)).collect();
        assert!(r.rewind());
        let mut c = copy.clone();
        let again: Vec<u64> = (0..300).map(|_| r.randbelow(1000)).collect();
        assert_eq!(first, again);
        assert_eq!(again, (0..300).map(|_| c.randbelow(1000)).collect::<Vec<_>>());
        for _ in 0..400 {
            r.next_u32();
        }
        assert!(!r.rewind(), "a later block was made");
        assert_eq!(r.next_u32(), {
            for _ in 0..400 {
                c.next_u32();
            }
            c.next_u32()
        });
    }

    /// The first block made with the CPU's wider instructions is the one made without them
    /// (the tests above see only one of the two on a given machine).
    #[test]
    fn plain_and_wide_first_blocks_agree() {
        let keys: [&[u32]; 6] = [&[0], &[1], &[u32::MAX], &[5, 1], &[3, 0, 1], &[7, 8, 9, u32::MAX]];
        for key in keys {
            let mut plain = super::GENRAND_19650218;
            super::first_block(&mut plain, key);
            let mut made = super::GENRAND_19650218;
            super::make_first_block(&mut made, key);
            assert_eq!(plain, made, "key {key:?}");
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("bmi2") {
                let mut wide = super::GENRAND_19650218;
                // SAFETY: the CPU has the features the function is compiled for
                unsafe { super::first_block_avx2(&mut wide, key) };
                assert_eq!(plain, wide, "key {key:?}");
            }
        }
    }

    /// Shuffles with and without the CPU's wider instructions agree (the tests above see
    /// only one of the two on a given machine).
    #[test]
    fn plain_and_wide_shuffles_agree() {
        for (seed, n) in [(1u128, 2usize), (2, 3), (3, 17), (4, 700), (1 << 70, 1300)] {
            let mut a = PyRandom::new(seed);
            let mut b = a.clone();
            let (mut x, mut y): (Vec<u32>, Vec<u32>) = ((0..n as u32).collect(), (0..n as u32).collect());
            a.shuffle_short(&mut x);
            b.shuffle(&mut y);
            assert_eq!((x, a.next_u32()), (y, b.next_u32()), "seed {seed}, {n} items");
        }
    }

    #[test]
    fn untempering_undoes_tempering() {
        let mut r = PyRandom::new(11);
        for y in (0..5000).map(|_| r.next_u32()).chain([0, 1, u32::MAX, 0x8000_0000]) {
            assert_eq!(super::untemper(super::temper(y)), y);
        }
    }

    #[test]
    fn big_seed_and_wide_draws() {
        let mut r = PyRandom::new((1u128 << 127) + 12_345);
        assert_eq!(r.getrandbits(64), 1_275_155_290_468_559_927);
        assert_eq!(r.randbelow(1_000_000_007), 445_734_446);
    }
}
