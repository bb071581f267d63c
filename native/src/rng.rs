//! CPython's `random.Random`, exactly: MT19937 seeded from an int as CPython seeds it
//! (`init_by_array` of the seed's 32-bit words), `getrandbits`, `_randbelow` (the
//! bit-drawing loop), `shuffle`, `random()` and `choice`. The same seed draws the same
//! numbers as the standard library, so the native core deals and chooses as the Python
//! engine does.

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// CPython's Mersenne Twister generator (`random.Random`).
#[derive(Clone)]
pub struct PyRandom {
    mt: [u32; N],
    mti: usize,
}

impl PyRandom {
    /// `random.Random(seed)` for a whole number `0 <= seed < 2**128`.
    pub fn new(seed: u128) -> Self {
        let mut key: Vec<u32> = Vec::with_capacity(4);
        let mut s = seed;
        while s != 0 {
            key.push(s as u32);
            s >>= 32;
        }
        if key.is_empty() {
            key.push(0);
        }
        let mut r = PyRandom { mt: [0; N], mti: N + 1 };
        r.init_by_array(&key);
        r
    }

    fn init_genrand(&mut self, s: u32) {
        self.mt[0] = s;
        for i in 1..N {
            let prev = self.mt[i - 1];
            self.mt[i] = 1_812_433_253u32.wrapping_mul(prev ^ (prev >> 30)).wrapping_add(i as u32);
        }
        self.mti = N;
    }

    fn init_by_array(&mut self, key: &[u32]) {
        self.init_genrand(19_650_218);
        let mut i = 1usize;
        let mut j = 0usize;
        let len = key.len();
        let mut k = N.max(len);
        while k > 0 {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
            if j >= len {
                j = 0;
            }
            k -= 1;
        }
        k = N - 1;
        while k > 0 {
            let prev = self.mt[i - 1];
            self.mt[i] =
                (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
            k -= 1;
        }
        self.mt[0] = 0x8000_0000;
    }

    fn refill(&mut self) {
        let mag = |y: u32| if y & 1 == 1 { MATRIX_A } else { 0 };
        for kk in 0..N - M {
            let y = (self.mt[kk] & UPPER_MASK) | (self.mt[kk + 1] & LOWER_MASK);
            self.mt[kk] = self.mt[kk + M] ^ (y >> 1) ^ mag(y);
        }
        for kk in N - M..N - 1 {
            let y = (self.mt[kk] & UPPER_MASK) | (self.mt[kk + 1] & LOWER_MASK);
            self.mt[kk] = self.mt[kk + M - N] ^ (y >> 1) ^ mag(y);
        }
        let y = (self.mt[N - 1] & UPPER_MASK) | (self.mt[0] & LOWER_MASK);
        self.mt[N - 1] = self.mt[M - 1] ^ (y >> 1) ^ mag(y);
        self.mti = 0;
    }

    /// The next 32-bit output (`genrand_uint32`).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.mti >= N {
            self.refill();
        }
        let mut y = self.mt[self.mti];
        self.mti += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
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
    #[inline]
    pub fn randbelow(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let k = 64 - n.leading_zeros();
        let mut r = self.getrandbits(k);
        while r >= n {
            r = self.getrandbits(k);
        }
        r
    }

    /// `shuffle(x)`: the same permutation as `random.Random.shuffle`.
    pub fn shuffle<T>(&mut self, x: &mut [T]) {
        let mut i = x.len();
        while i > 1 {
            i -= 1;
            let j = self.randbelow(i as u64 + 1) as usize;
            x.swap(i, j);
        }
    }

    /// `random()`: a float in `[0, 1)` from 53 random bits.
    pub fn random(&mut self) -> f64 {
        let a = u64::from(self.next_u32() >> 5);
        let b = u64::from(self.next_u32() >> 6);
        (a as f64 * 67_108_864.0 + b as f64) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `choice(seq)`: `seq[_randbelow(len(seq))]` (None for an empty slice).
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

    #[test]
    fn big_seed_and_wide_draws() {
        let mut r = PyRandom::new((1u128 << 127) + 12_345);
        assert_eq!(r.getrandbits(64), 1_275_155_290_468_559_927);
        assert_eq!(r.randbelow(1_000_000_007), 445_734_446);
    }
}
