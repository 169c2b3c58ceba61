//! Where a long game's memory goes: the records of a position after random legal games as a
//! vector of environments plays them. The test bounds the records' high-water mark an
//! environment (16 games); `ENVS=256 cargo test --release -p goishi-go-rules --lib memory --
//! --nocapture` prints the table of docs/vector-env.md.

use goishi_board::{FromSetup, Move, Position, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::GoPosition;

/// The bytes of a vector's elements (`len`) and of its allocation (`capacity`).
fn bytes<T>(v: &Vec<T>) -> (usize, usize) {
    let s = std::mem::size_of::<T>();
    (v.len() * s, v.capacity() * s)
}

impl GoPosition {
    /// Each record's name, bytes in use and bytes allocated.
    fn records(&self) -> Vec<(&'static str, usize, usize)> {
        let c = &self.chains;
        let (sk_e, sk_s) = self.superko.bytes();
        vec![
            ("history", bytes(&self.history).0, bytes(&self.history).1),
            ("undo", bytes(&self.undo).0, bytes(&self.undo).1),
            ("undo extras", bytes(&self.extras).0, bytes(&self.extras).1),
            ("merges", bytes(&c.merges).0, bytes(&c.merges).1),
            ("groups", bytes(&c.groups).0, bytes(&c.groups).1),
            ("stones", bytes(&c.stones).0, bytes(&c.stones).1),
            ("superko entries", sk_e.0, sk_e.1),
            ("superko index", sk_s.0, sk_s.1),
            (
                "pass states",
                bytes(&self.pass_states).0,
                bytes(&self.pass_states).1,
            ),
            (
                "tables",
                bytes(&c.cell).1
                    + bytes(&c.chain_id).1
                    + bytes(&c.next).1
                    + bytes(&c.stats).1
                    + bytes(&c.empties).1
                    + bytes(&c.empty_pos).1
                    + bytes(&c.empty_bits).1
                    + bytes(&c.counts).1
                    + c.board.cells().len(),
                0,
            ),
        ]
        .into_iter()
        .map(|(n, u, a)| if n == "tables" { (n, u, u) } else { (n, u, a) })
        .collect()
    }
}

/// The records an environment holds at their longest, in bytes (the mean over the games):
/// about 35 kB under simple ko and 60 kB under positional superko (docs/vector-env.md); the
/// bounds leave room for the randomness of 16 games, not for records of the sizes before
/// (68 kB and 93 kB).
#[test]
fn memory_of_long_random_games() {
    let envs: usize = std::env::var("ENVS").map_or(16, |s| s.parse().unwrap());
    for (text, bound) in [("go/chinese", 45_000), ("go/chinese-ogs", 75_000)] {
        let rules = Rules::parse(text).unwrap();
        let start = GoPosition::from_rules(&rules, Some((19, 19))).unwrap();
        let cap = 3 * 361;
        let mut high: Vec<(&'static str, usize, usize)> = Vec::new();
        let mut lengths = Vec::new();
        let mut moves = Vec::new();
        for e in 0..envs {
            let mut rng = ChaCha8Rng::seed_from_u64(e as u64);
            let mut game = start.clone();
            if std::env::var("NORESERVE").is_err() {
                game.reserve_moves(cap);
            }
            let mut worst: Vec<(&'static str, usize, usize)> = game.records();
            let mut n = 0;
            let mut step = 0;
            while step < cap {
                step += 1;
                if game.is_over() || n == cap {
                    lengths.push(n);
                    goishi_board::PlayoutPosition::restart(&mut game, &start);
                    n = 0;
                    continue;
                }
                game.legal_moves(&mut moves);
                let mv: Move = moves[rng.random_range(0..moves.len())];
                game.play(mv).unwrap();
                n += 1;
                for (w, r) in worst.iter_mut().zip(game.records()) {
                    w.1 = w.1.max(r.1);
                    w.2 = w.2.max(r.2);
                }
            }
            lengths.push(n);
            if high.is_empty() {
                high = worst;
            } else {
                for (h, w) in high.iter_mut().zip(worst) {
                    h.1 += w.1;
                    h.2 += w.2;
                }
            }
        }
        lengths.sort_unstable();
        println!(
            "{text}: {envs} games of 1083 steps; game lengths: median {}, max {}",
            lengths[lengths.len() / 2],
            lengths[lengths.len() - 1]
        );
        println!("| record | high-water in use, bytes an env | allocated |");
        let (mut used, mut alloc) = (0, 0);
        for (name, u, a) in &high {
            println!("| {name} | {} | {} |", u / envs, a / envs);
            used += u / envs;
            alloc += a / envs;
        }
        println!("| total | {used} | {alloc} |");
        assert!(
            used <= bound,
            "{text}: an environment's records reached {used} bytes, over {bound}"
        );
    }
}
