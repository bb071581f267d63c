//! Generators seeded side by side: [`PyRandom::new_many`] steps `init_by_array`'s passes
//! for eight one-word keys at once, a generator in each lane of the CPU's vectors (each
//! pass is one chain of dependent steps, so one generator cannot use the lanes).

use super::{twist, PyRandom, GENRAND_19650218, INDICES, N};

/// How many generators [`PyRandom::new_many`] seeds side by side.
const LANES: usize = 8;

/// One word of each of `LANES` generators.
type Lanes = [u32; LANES];

/// `init_by_array`'s two passes for `LANES` one-word keys side by side: `st[i][l]` is state
/// word i of generator l (the generator's `first_pass_one` and `second_pass`, a lane each).
/// `st` comes empty and is filled in order (zeroing or copying a buffer first costs more).
#[inline(always)]
fn passes_lanes(st: &mut Vec<Lanes>, keys: &Lanes) {
    let mix1 =
        |cur: u32, prev: u32, k: u32| (cur ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525)).wrapping_add(k);
    let mix2 = |cur: u32, prev: u32, i: u32| {
        (cur ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i)
    };
    // index 0 is set last (to 2**31 in every lane)
    st.push([0; LANES]);
    let mut prev = [GENRAND_19650218[0]; LANES];
    for &g in &GENRAND_19650218[1..] {
        for l in 0..LANES {
            prev[l] = mix1(g, prev[l], keys[l]);
        }
        st.push(prev);
    }
    for l in 0..LANES {
        prev[l] = mix1(st[1][l], prev[l], keys[l]);
    }
    st[1] = prev;
    for (cur, &i) in st[2..].iter_mut().zip(&INDICES[2..]) {
        for l in 0..LANES {
            prev[l] = mix2(cur[l], prev[l], i);
        }
        *cur = prev;
    }
    for l in 0..LANES {
        prev[l] = mix2(st[1][l], prev[l], 1);
    }
    st[1] = prev;
    st[0] = [0x8000_0000; LANES];
}

/// The first blocks of `LANES` generators of one-word keys `keys`, pushed onto `out`: the
/// passes side by side, then each generator's state twisted and tempered.
#[inline(always)]
fn first_blocks(out: &mut Vec<PyRandom>, keys: &Lanes) {
    let mut st = Vec::with_capacity(N);
    passes_lanes(&mut st, keys);
    // copies of any state, overwritten (copying costs less than zeroing)
    let first = out.len();
    out.resize(first + LANES, PyRandom { mt: GENRAND_19650218, mti: 0, later: 0 });
    for (l, r) in out[first..].iter_mut().enumerate() {
        for (w, lanes) in r.mt.iter_mut().zip(st.iter()) {
            *w = lanes[l];
        }
        twist(&mut r.mt);
    }
}

/// [`first_blocks`] compiled for AVX2 and BMI2 (the passes eight lanes a step).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi2")]
fn first_blocks_avx2(out: &mut Vec<PyRandom>, keys: &Lanes) {
    first_blocks(out, keys);
}

/// [`first_blocks`], with the CPU's wider instructions where it has them.
fn make_first_blocks(out: &mut Vec<PyRandom>, keys: &Lanes) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("bmi2") {
        // SAFETY: the CPU has the features the function is compiled for
        return unsafe { first_blocks_avx2(out, keys) };
    }
    first_blocks(out, keys);
}

impl PyRandom {
    /// `random.Random(seed)` for each of `seeds`, as [`PyRandom::new`] makes them: seeds
    /// below 2**32 seeded eight at a time, one generator in each lane of the CPU's vectors
    /// (their passes step together), the others one by one.
    pub fn new_many(seeds: &[u128]) -> Vec<PyRandom> {
        let mut out = Vec::with_capacity(seeds.len());
        for group in seeds.chunks(LANES) {
            match <&[u128; LANES]>::try_from(group) {
                Ok(g) if g.iter().all(|&s| s >> 32 == 0) => {
                    let keys: [u32; LANES] = std::array::from_fn(|l| g[l] as u32);
                    make_first_blocks(&mut out, &keys);
                }
                _ => out.extend(group.iter().map(|&s| PyRandom::new(s))),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::PyRandom;

    /// Generators seeded side by side (eight seeds below 2**32 at a time, with and without
    /// the CPU's wider instructions) are the ones seeded one by one; a group with a larger
    /// seed, and the last short group, are seeded one by one.
    #[test]
    fn many_are_seeded_as_one_by_one() {
        let seeds: Vec<u128> =
            (0..20).chain([1 << 32, 5, (1 << 70) + 3, u32::MAX.into()]).chain(100..111).collect();
        let many = PyRandom::new_many(&seeds);
        assert_eq!(many.len(), seeds.len());
        for (&seed, mut r) in seeds.iter().zip(many) {
            let mut one = PyRandom::new(seed);
            assert_eq!(r.mt, one.mt, "seed {seed}");
            assert_eq!((r.mti, r.next_u32()), (one.mti, one.next_u32()));
        }
        let keys = [0, 1, 2, 3, 99, 1 << 31, u32::MAX - 1, u32::MAX];
        let mut plain = Vec::new();
        super::first_blocks(&mut plain, &keys);
        for (&k, r) in keys.iter().zip(&plain) {
            assert_eq!(r.mt, PyRandom::new(k.into()).mt, "key {k}");
        }
    }
}
