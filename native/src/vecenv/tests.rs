//! Unit tests of the batch of environments, on the base ruleset as exported
//! (`tests/data/base.json`: `forestshuffle.native._export.export(fs.get_ruleset("base"))`),
//! each environment checked against a [`Game`] dealt from its seed and given the same codes.

use std::sync::OnceLock;

use super::{Out, VecEnv};
use crate::data::Rules;
use crate::game::Game;
use crate::observe::observe;
use crate::search::{apply_code, returns};

/// The base ruleset, parsed once.
fn base() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        Rules::parse(include_str!("../../tests/data/base.json")).expect("the base ruleset parses")
    })
}

/// The output buffers of a batch, held across steps as the Python side holds its arrays.
struct Bufs {
    obs: Vec<f32>,
    mask: Vec<u8>,
    player: Vec<i32>,
    rewards: Vec<f32>,
    terminated: Vec<u8>,
    truncated: Vec<u8>,
    /// values per row of `obs`, `mask` and `rewards`
    widths: (usize, usize, usize),
}

impl Bufs {
    fn of(env: &VecEnv, players: usize) -> Bufs {
        let n = env.num_envs();
        let widths = (env.obs_size(), env.num_codes(), players);
        Bufs {
            obs: vec![0.0; n * widths.0],
            mask: vec![0; n * widths.1],
            player: vec![0; n],
            rewards: vec![0.0; n * players],
            terminated: vec![0; n],
            truncated: vec![0; n],
            widths,
        }
    }

    fn out(&mut self) -> Out<'_> {
        Out {
            obs: &mut self.obs,
            mask: &mut self.mask,
            player: &mut self.player,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
        }
    }

    /// The codes marked in environment `i`'s mask row.
    fn marked(&self, i: usize) -> Vec<u32> {
        let k = self.widths.1;
        (0..k as u32).filter(|&c| self.mask[i * k + c as usize] == 1).collect()
    }

    fn obs_row(&self, i: usize) -> &[f32] {
        &self.obs[i * self.widths.0..][..self.widths.0]
    }

    fn rewards_row(&self, i: usize) -> &[f32] {
        &self.rewards[i * self.widths.2..][..self.widths.2]
    }
}

/// The legal codes of `g`, sorted (as a mask lists them).
fn sorted_codes(g: &Game) -> Vec<u32> {
    let mut c = g.legal_codes();
    c.sort_unstable();
    c.dedup();
    c
}

/// Environment `i`'s row says what `g` (its game, played apart) asks: the mask is its legal
/// codes, the player its player to move, the observation that player's; and the batch's game
/// is `g` (hands, deck, clearing, actions).
fn assert_row(env: &VecEnv, b: &Bufs, i: usize, g: &Game) {
    let mine = env.games().nth(i).expect("a game per environment");
    assert_eq!(mine.actions, g.actions, "env {i}: actions");
    assert_eq!(mine.deck, g.deck, "env {i}: the deck");
    assert_eq!(&mine.clearing[..], &g.clearing[..], "env {i}: the clearing");
    for p in 0..g.players {
        assert_eq!(&mine.hands[p][..], &g.hands[p][..], "env {i}: hand {p}");
    }
    assert_eq!(b.marked(i), sorted_codes(g), "env {i}: the mask");
    assert_eq!(b.player[i], g.to_move() as i32, "env {i}: the player to move");
    assert_eq!(b.obs_row(i), &observe(g, g.to_move())[..], "env {i}: the observation");
}

/// A reset deals environment `i` the game `Game::new` deals from `seeds[i]`, and writes its
/// mask, player and observation; a second reset from other seeds leaves no bit of the first
/// games' masks behind.
#[test]
fn a_reset_deals_the_games_of_its_seeds() {
    let seeds = [5u128, 9, 100];
    let mut env = VecEnv::new(base(), 2, seeds.len(), true, u32::MAX, true).expect("a batch");
    env.set_parallel(false);
    let mut b = Bufs::of(&env, 2);
    for round in [seeds, [7, 3, 1 << 70]] {
        env.reset(&round, b.out()).expect("a reset");
        assert_eq!(env.current_seeds(), round);
        assert_eq!(env.episodes(), [0, 0, 0]);
        for (i, &s) in round.iter().enumerate() {
            assert_row(&env, &b, i, &Game::new(base(), 2, s).expect("a base game deals"));
        }
        assert!(b.terminated.iter().chain(&b.truncated).all(|&x| x == 0));
    }
}

/// A step answers each environment's decision with its code: every game moves as the same
/// game dealt from its seed moves when given that code, and no reward is paid mid-game.
#[test]
fn a_step_moves_each_game_by_its_code() {
    let seeds = [31u128, 32, 33, 34];
    let mut env = VecEnv::new(base(), 3, seeds.len(), true, u32::MAX, true).expect("a batch");
    env.set_parallel(false);
    let mut b = Bufs::of(&env, 3);
    env.reset(&seeds, b.out()).expect("a reset");
    let mut games: Vec<Game> = seeds.iter().map(|&s| Game::new(base(), 3, s).expect("deals")).collect();
    for k in 0..12 {
        let actions: Vec<i64> = (0..seeds.len())
            .map(|i| {
                let codes = b.marked(i);
                i64::from(codes[(5 * k + i) % codes.len()])
            })
            .collect();
        env.step(&actions, b.out()).expect("legal codes");
        for (i, g) in games.iter_mut().enumerate() {
            apply_code(g, actions[i] as u32).expect("the same code is legal apart");
            assert_row(&env, &b, i, g);
        }
        assert!(b.rewards.iter().all(|&r| r == 0.0), "no game is over after {k} steps");
        assert!(b.terminated.iter().chain(&b.truncated).all(|&x| x == 0));
    }
}

/// A step with one illegal code is refused, naming its environment, before any game moves:
/// the environments before it, whose codes were legal, are as they were.
#[test]
fn an_illegal_code_is_refused_and_moves_no_environment() {
    let seeds = [40u128, 41, 42];
    let mut env = VecEnv::new(base(), 2, seeds.len(), true, u32::MAX, true).expect("a batch");
    env.set_parallel(false);
    let mut b = Bufs::of(&env, 2);
    env.reset(&seeds, b.out()).expect("a reset");
    let legal: Vec<i64> = (0..3).map(|i| i64::from(b.marked(i)[0])).collect();
    let illegal =
        (0..env.num_codes() as i64).find(|&c| b.mask[env.num_codes() + c as usize] == 0).expect("one");
    for bad in [illegal, -1, env.num_codes() as i64] {
        let err = env.step(&[legal[0], bad, legal[2]], b.out()).expect_err("an illegal code");
        assert!(err.starts_with("env 1: action "), "{err}");
        for (i, &s) in seeds.iter().enumerate() {
            assert_row(&env, &b, i, &Game::new(base(), 2, s).expect("deals"));
        }
    }
    env.step(&legal, b.out()).expect("legal codes");
    assert!(env.games().all(|g| g.actions == 1), "a legal step moves every game");
}

/// A game that ends pays its returns and `terminated` on that step, and the same step deals
/// the environment's next game from `seed + num_envs` (its mask, player and observation
/// written); a batch without auto-reset keeps the finished game, with player -1, no legal
/// code and no reward, and ignores its actions.
#[test]
fn a_game_that_ends_restarts_from_the_next_seed_on_the_same_step() {
    let seeds = [70u128, 71];
    for auto_reset in [true, false] {
        let mut env = VecEnv::new(base(), 2, seeds.len(), auto_reset, u32::MAX, true).expect("a batch");
        env.set_parallel(false);
        let mut b = Bufs::of(&env, 2);
        env.reset(&seeds, b.out()).expect("a reset");
        let mut games: Vec<Game> = seeds.iter().map(|&s| Game::new(base(), 2, s).expect("deals")).collect();
        let mut ended = [false; 2];
        let mut k = 0;
        while !ended.iter().all(|&e| e) {
            let actions: Vec<i64> = (0..2)
                .map(|i| {
                    let codes = b.marked(i);
                    if codes.is_empty() {
                        12345
                    } else {
                        i64::from(codes[(7 * k + i) % codes.len()])
                    }
                })
                .collect();
            env.step(&actions, b.out()).expect("legal codes");
            for (i, g) in games.iter_mut().enumerate() {
                if ended[i] {
                    assert_eq!(b.rewards_row(i), [0.0, 0.0], "env {i}: paid once");
                    continue;
                }
                apply_code(g, actions[i] as u32).expect("the same code is legal apart");
                if !g.over {
                    assert_row(&env, &b, i, g);
                    assert_eq!(b.terminated[i], 0);
                    continue;
                }
                ended[i] = true;
                assert_eq!(b.terminated[i], 1, "env {i} ends");
                assert_eq!(b.truncated[i], 0);
                let want: Vec<f32> = returns(g).iter().map(|&r| r as f32).collect();
                assert_eq!(b.rewards_row(i), &want[..], "env {i}: the returns");
                if auto_reset {
                    let next = seeds[i] + 2;
                    assert_eq!(env.current_seeds()[i], next);
                    assert_eq!(env.episodes()[i], 1);
                    assert_row(&env, &b, i, &Game::new(base(), 2, next).expect("deals"));
                } else {
                    assert_eq!(b.player[i], -1);
                    assert!(b.marked(i).is_empty(), "env {i}: no legal code once over");
                    assert!(env.games().nth(i).expect("its game").over);
                }
            }
            k += 1;
            assert!(k < 5000, "the games end");
        }
    }
}

/// A game still going after `max_actions` actions is truncated on that step, not
/// terminated, without reward, and the next game comes from the next seed.
#[test]
fn a_game_cut_at_max_actions_is_truncated_and_restarts() {
    let mut env = VecEnv::new(base(), 2, 2, true, 5, false).expect("a batch");
    env.set_parallel(false);
    let mut b = Bufs::of(&env, 2);
    assert!(b.obs.is_empty(), "no observations asked");
    env.reset(&[3, 4], b.out()).expect("a reset");
    for step in 1..=5 {
        let actions: Vec<i64> = (0..2).map(|i| i64::from(b.marked(i)[0])).collect();
        env.step(&actions, b.out()).expect("legal codes");
        let cut = u8::from(step == 5);
        assert_eq!((b.truncated[0], b.truncated[1]), (cut, cut), "step {step}");
        assert_eq!(b.terminated, [0, 0]);
        assert!(b.rewards.iter().all(|&r| r == 0.0));
    }
    assert_eq!(env.current_seeds(), [5, 6]);
    assert!(env.games().all(|g| g.actions == 0), "new games dealt");
}

/// Spread over rayon's pool (enough environments for it), a batch writes the same outputs
/// and deals the same next games as one stepped in order: the rows are not mixed up.
#[test]
fn a_parallel_batch_steps_as_a_sequential_one() {
    let seeds: Vec<u128> = (200..240).collect();
    let mut envs = [true, false].map(|parallel| {
        let mut env = VecEnv::new(base(), 2, seeds.len(), true, 30, true).expect("a batch");
        env.set_parallel(parallel);
        let mut b = Bufs::of(&env, 2);
        env.reset(&seeds, b.out()).expect("a reset");
        (env, b)
    });
    for k in 0..70 {
        let b = &envs[1].1;
        let actions: Vec<i64> = (0..seeds.len())
            .map(|i| {
                let codes = b.marked(i);
                i64::from(codes[(3 * k + i) % codes.len()])
            })
            .collect();
        for (env, b) in &mut envs {
            env.step(&actions, b.out()).expect("legal codes");
        }
        let [(e0, b0), (e1, b1)] = &envs;
        assert_eq!((&b0.obs, &b0.mask, &b0.player), (&b1.obs, &b1.mask, &b1.player), "step {k}");
        assert_eq!(
            (&b0.rewards, &b0.terminated, &b0.truncated),
            (&b1.rewards, &b1.terminated, &b1.truncated)
        );
        assert_eq!(e0.current_seeds(), e1.current_seeds());
    }
    assert!(envs[0].0.episodes().iter().all(|&e| e >= 2), "every environment restarted");
}
