//! Differential test against GNU Go, the reference GTP engine.
//!
//! Seeded random games are played on both engines with the same moves; after every move the
//! stones (`list_stones`) and the legal points of the side to move (`all_legal`, which in GNU
//! Go applies its ko, superko and suicide options) must agree. Each GNU Go rule option is
//! paired with the goishi rules that mean the same thing.
//!
//! GNU Go is found through `$GNUGO`, the `PATH`, or `/usr/games/gnugo` (Debian's place). When
//! it is absent the test is skipped with a printed reason, unless `CI` is set: then its
//! absence is a failure. `GOISHI_SLOW=1` runs the long version (every size from 7x7 to
//! 19x19, more games); `GOISHI_GNUGO_SEED=S` changes the seeds.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::support::Gtp;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A GNU Go configuration and the goishi rules that mean the same.
struct Pairing {
    name: &'static str,
    gnugo: &'static [&'static str],
    goishi: &'static str,
}

const PAIRINGS: &[Pairing] = &[
    Pairing {
        name: "GNU Go defaults (simple ko, suicide forbidden)",
        gnugo: &[],
        goishi: "go/tromp-taylor:ko=simple,suicide=forbidden",
    },
    Pairing {
        name: "GNU Go defaults vs Chinese rules",
        gnugo: &["--chinese-rules"],
        goishi: "go/chinese",
    },
    Pairing {
        name: "--allow-all-suicide",
        gnugo: &["--allow-all-suicide"],
        goishi: "go/tromp-taylor:ko=simple,suicide=allowed",
    },
    Pairing {
        name: "--allow-suicide (multi-stone)",
        gnugo: &["--allow-suicide"],
        goishi: "go/tromp-taylor:ko=simple,suicide=multi-stone",
    },
    Pairing {
        name: "--no-ko",
        gnugo: &["--no-ko"],
        goishi: "go/tromp-taylor:ko=none,suicide=forbidden",
    },
    Pairing {
        name: "--positional-superko",
        gnugo: &["--positional-superko"],
        goishi: "go/tromp-taylor:ko=positional,suicide=forbidden",
    },
    Pairing {
        name: "--situational-superko",
        gnugo: &["--situational-superko"],
        goishi: "go/tromp-taylor:ko=situational,suicide=forbidden",
    },
];

fn find_gnugo() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("GNUGO") {
        return Some(PathBuf::from(p));
    }
    let mut candidates: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|path| {
            std::env::split_paths(&path)
                .map(|d| d.join("gnugo"))
                .collect()
        })
        .unwrap_or_default();
    candidates.push(PathBuf::from("/usr/games/gnugo"));
    candidates.push(PathBuf::from("/usr/local/games/gnugo"));
    candidates.into_iter().find(|p| p.is_file())
}

fn set_of(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(str::to_uppercase).collect()
}

/// Plays one seeded random game on both engines; returns a description of the first
/// disagreement, if any.
fn play_game(
    gnugo: &std::path::Path,
    pairing: &Pairing,
    size: u32,
    seed: u64,
    played: &mut usize,
) -> Option<String> {
    let mut gnu_args = vec!["--mode", "gtp", "--level", "0"];
    gnu_args.extend_from_slice(pairing.gnugo);
    let mut gnu = Gtp::start("gnugo", gnugo, &gnu_args, None);
    let size_text = size.to_string();
    let mut ours = Gtp::goishi(&["--rules", pairing.goishi, "--size", &size_text], None);
    for engine in [&mut gnu, &mut ours] {
        engine.ok(&format!("boardsize {size}"));
        engine.ok("clear_board");
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let max_moves = 2 * (size * size) as usize;
    let mut moves: Vec<String> = Vec::new();
    let mut color = "black";
    let mut last_was_pass = false;
    for _ in 0..max_moves {
        let legal_ours = set_of(&ours.ok(&format!("all_legal {color}")));
        let legal_gnu = set_of(&gnu.ok(&format!("all_legal {color}")));
        if legal_ours != legal_gnu {
            let only_ours: Vec<_> = legal_ours.difference(&legal_gnu).collect();
            let only_gnu: Vec<_> = legal_gnu.difference(&legal_ours).collect();
            return Some(format!(
                "legal points of {color} differ after {} moves (goishi only: {only_ours:?}; GNU Go only: {only_gnu:?})\nmoves: {}\n{}",
                moves.len(),
                moves.join(" "),
                ours.ok("showboard")
            ));
        }
        let legal: Vec<&String> = legal_ours.iter().collect();
        let pass = legal.is_empty() || (!last_was_pass && rng.random_range(0..16) == 0);
        if pass && last_was_pass {
            // Two passes would end the game under goishi's rules (GNU Go plays on).
            break;
        }
        let mv = if pass {
            "pass".to_owned()
        } else {
            legal[rng.random_range(0..legal.len())].clone()
        };
        let command = format!("play {color} {mv}");
        let a = ours.send(&command);
        let b = gnu.send(&command);
        if !a.ok || !b.ok {
            return Some(format!(
                "{command} refused (goishi: {}; GNU Go: {}) after moves: {}",
                a.full,
                b.full,
                moves.join(" ")
            ));
        }
        moves.push(format!("{} {mv}", &color[..1]));
        *played += 1;
        last_was_pass = pass;
        for c in ["black", "white"] {
            let s_ours = set_of(&ours.ok(&format!("list_stones {c}")));
            let s_gnu = set_of(&gnu.ok(&format!("list_stones {c}")));
            if s_ours != s_gnu {
                return Some(format!(
                    "{c} stones differ after {command} (goishi: {s_ours:?}; GNU Go: {s_gnu:?})\nmoves: {}",
                    moves.join(" ")
                ));
            }
        }
        color = if color == "black" { "white" } else { "black" };
    }
    let _ = ours.send("quit");
    let _ = gnu.send("quit");
    None
}

#[test]
fn agrees_with_gnugo() {
    let Some(gnugo) = find_gnugo() else {
        if std::env::var_os("CI").is_some() {
            panic!("GNU Go (gnugo) is not installed, and CI is set: install it (apt-get install gnugo) or set GNUGO");
        }
        eprintln!("skipped: GNU Go (gnugo) is not installed; install it (apt-get install gnugo) or set GNUGO to run the differential test");
        return;
    };
    let slow = std::env::var_os("GOISHI_SLOW").is_some_and(|v| v == "1");
    let base_seed: u64 = std::env::var("GOISHI_GNUGO_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_129);
    let (sizes, games): (Vec<u32>, u64) = if slow {
        ((7..=19).collect(), 3)
    } else {
        (vec![7, 9], 1)
    };
    eprintln!(
        "GNU Go differential test: {}, base seed {base_seed} (GOISHI_GNUGO_SEED), {}",
        gnugo.display(),
        if slow {
            "long run"
        } else {
            "short run (GOISHI_SLOW=1 for the long one)"
        }
    );
    let mut failures = Vec::new();
    let mut played = 0usize;
    let mut count = 0usize;
    for (k, pairing) in PAIRINGS.iter().enumerate() {
        for &size in &sizes {
            for g in 0..games {
                let seed = base_seed
                    .wrapping_add(1000 * k as u64)
                    .wrapping_add(100 * u64::from(size))
                    .wrapping_add(g);
                count += 1;
                if let Some(d) = play_game(&gnugo, pairing, size, seed, &mut played) {
                    failures.push(format!(
                        "{} vs goishi {} on {size}x{size}, seed {seed}: {d}",
                        pairing.name, pairing.goishi
                    ));
                }
            }
        }
    }
    eprintln!("{count} games, {played} moves compared");
    assert!(
        played >= 20 * count,
        "only {played} moves in {count} games: the games end too early to test anything"
    );
    assert!(
        failures.is_empty(),
        "{} disagreement(s) with GNU Go:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
