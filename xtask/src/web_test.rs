//! `cargo xtask web --test`: the playground's end-to-end tests. The native side of them lives
//! here: the games of `web/tests/scripts.json` played natively through the facade (the stones,
//! prisoners, results and the engine's error sentences the page must show), the native speed
//! of the random playouts the page times, the CLI the test replays the page's SGF with, and a
//! static server for the builds. `web/tests/e2e.mjs` then drives the page in headless Chromium
//! through `playwright-core` (installed with `npm ci` from `web/tests/package-lock.json` into
//! `target/web/node/`), saving its screenshots under `target/web/e2e/`.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use goishi::{Color, GameResult, Geometry, Margin, Move, Position, Setup};
use serde_json::{json, Map, Value};

use crate::wasm_check::target_dir;
use crate::web::{root, site_dir};

/// The source name the page gives a pasted graph (`goishi_web::session::PASTED_GRAPH`).
const PASTED_GRAPH: &str = "(pasted)";

fn new_game(rules: &str, graph: Option<&str>) -> Result<Box<dyn Position>, String> {
    let rules = goishi::registry()
        .parse_rules(rules)
        .map_err(|e| e.to_string())?;
    match graph {
        Some(text) => {
            let geometry = Geometry::parse_graph(text, PASTED_GRAPH).map_err(|e| e.to_string())?;
            Setup::new(rules, geometry).into_position()
        }
        None => rules.new_game(None),
    }
    .map_err(|e| e.to_string())
}

fn play(position: &mut dyn Position, moves: &[Value]) -> Result<(), String> {
    for (i, m) in moves.iter().enumerate() {
        let text = m.as_str().ok_or("a move is not a string")?;
        let mv =
            Move::parse(position.geometry(), text).map_err(|e| format!("move {}: {e}", i + 1))?;
        position
            .play_as(position.side_to_move(), mv)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
    }
    Ok(())
}

fn color(c: Option<Color>) -> &'static str {
    match c {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "",
    }
}

/// The result the page shows: the engine's outcome, counted with the dead-stone estimate of
/// `goishi-play` in a game of a family that counts dead stones ended by passes (what `final_score` of the GTP engine answers).
fn result(position: &dyn Position) -> Option<GameResult> {
    let outcome = position.outcome()?;
    let by_count = matches!(
        outcome,
        GameResult::Draw
            | GameResult::Win {
                margin: Margin::Points(_),
                ..
            }
    );
    if !position.rules().variant().capabilities.counts_dead_stones || !by_count {
        return Some(outcome);
    }
    let judgement = goishi_play::estimate_dead_dyn(position, &goishi_play::DeadConfig::default());
    Some(judgement.score(position).result())
}

/// What the page must show after a game: the stones (occupied points only), the prisoners,
/// the side to move and the result.
fn outcome(position: &dyn Position) -> Value {
    let geometry = position.geometry();
    let mut stones = Map::new();
    for p in geometry.points() {
        if let Some(c) = position.board().get(p) {
            stones.insert(geometry.point_name(p), color(Some(c)).into());
        }
    }
    json!({
        "stones": stones,
        "captures": {
            "black": position.captures(Color::Black),
            "white": position.captures(Color::White),
        },
        "to_move": color(Some(position.side_to_move())),
        "result": result(position).map(|r| r.to_string()),
        "moves": position.history().len(),
        "points": geometry.num_points(),
    })
}

/// The native engine's answers for the scripts: each game's outcome, each illegal click's
/// refusal, each bad input's sentence.
pub fn expected(scripts: &Value) -> Result<Value, String> {
    let mut games = Map::new();
    for g in scripts["games"].as_array().ok_or("no games")? {
        let name = g["name"].as_str().ok_or("a game without a name")?;
        let mut position = new_game(g["rules"].as_str().unwrap_or(""), g["graph"].as_str())
            .map_err(|e| format!("{name}: {e}"))?;
        play(position.as_mut(), g["moves"].as_array().ok_or("no moves")?)
            .map_err(|e| format!("{name}: {e}"))?;
        games.insert(name.to_owned(), outcome(position.as_ref()));
    }
    let mut illegal = Map::new();
    for g in scripts["illegal"].as_array().ok_or("no illegal clicks")? {
        let name = g["name"]
            .as_str()
            .ok_or("an illegal click without a name")?;
        let mut position = new_game(g["rules"].as_str().unwrap_or(""), None)?;
        play(position.as_mut(), g["moves"].as_array().ok_or("no moves")?)
            .map_err(|e| format!("{name}: {e}"))?;
        let click = g["click"].as_str().ok_or("no click")?;
        let mv = Move::parse(position.geometry(), click).map_err(|e| e.to_string())?;
        let error = position
            .play_as(position.side_to_move(), mv)
            .err()
            .ok_or_else(|| format!("{name}: {click} is legal natively"))?;
        illegal.insert(
            name.to_owned(),
            json!({ "message": error.to_string(), "reason": error.reason.name() }),
        );
    }
    let bad = &scripts["bad"];
    let text = |key: &str| bad[key].as_str().unwrap_or("").to_owned();
    let refusal = |result: Result<Box<dyn Position>, String>, what: &str| match result {
        Ok(_) => Err(format!("the bad {what} is accepted natively")),
        Err(e) => Ok(e),
    };
    let sgf = |t: &str| -> Result<String, String> {
        let choice = goishi_sgf::RulesChoice {
            force: None,
            fallback: goishi::registry()
                .parse_rules("go/chinese")
                .map_err(|e| e.to_string())?,
        };
        match goishi_sgf::parse_record(t, &choice) {
            Ok(_) => Err(format!("the bad SGF {t:?} is read natively")),
            Err(e) => Ok(e.to_string()),
        }
    };
    let link_moves: Vec<&str> = bad["link_moves"]
        .as_array()
        .map(|m| m.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut link = new_game(&text("link_rules"), None)?;
    let link_error = link_moves
        .iter()
        .find_map(|m| match Move::parse(link.geometry(), m) {
            Ok(mv) => link
                .play_as(link.side_to_move(), mv)
                .err()
                .map(|e| e.to_string()),
            Err(e) => Some(e.to_string()),
        })
        .ok_or("the bad link's moves are all legal natively")?;
    let errors = json!({
        "rules": refusal(new_game(&text("rules"), None), "rules")?,
        "size": refusal(new_game(&text("size"), None), "size")?,
        "graph": refusal(new_game("go/chinese", Some(&text("graph"))), "graph")?,
        "sgf": sgf(&text("sgf"))?,
        "sgf_other": sgf(&text("sgf_other"))?,
        "link": link_error,
    });
    Ok(json!({ "games": games, "illegal": illegal, "errors": errors }))
}

/// `npm ci` of the test's pinned packages into `target/web/node/`; returns its node_modules.
pub(crate) fn npm_ci() -> Result<PathBuf, String> {
    crate::npm::ci("web/tests", &target_dir().join("web").join("node"))
}

/// The native speed of the page's playout loop: `goishi_web::players::random_playouts`
/// built for the host in release, on the same rules, games and seed, its fastest of `rounds`.
fn native_playouts(rules: &str, games: u32, seed: u32, rounds: u32) -> Result<Value, String> {
    let out = crate::dist::output(
        Command::new(crate::dist::cargo())
            .args([
                "run",
                "--quiet",
                "--release",
                "-p",
                "goishi-web",
                "--example",
                "page_playouts",
                "--",
            ])
            .args([
                rules,
                &games.to_string(),
                &seed.to_string(),
                &rounds.to_string(),
            ])
            .current_dir(root()),
        "the native playout example of crates/web",
    )?;
    serde_json::from_str(&out).map_err(|e| format!("the playout example's output: {e}"))
}

/// Builds the CLI (debug) whose `goishi variants` and `goishi replay` the test compares with.
fn cli() -> Result<PathBuf, String> {
    crate::dist::output(
        Command::new(crate::dist::cargo())
            .args(["build", "--quiet", "-p", "goishi-cli"])
            .current_dir(root()),
        "cargo build -p goishi-cli",
    )?;
    Ok(target_dir().join("debug").join("goishi"))
}

/// The playout benchmark both sides run.
const PLAYOUT_RULES: &str = "go/chinese";
const PLAYOUT_GAMES: u32 = 300;
const PLAYOUT_SEED: u32 = 7;
/// The rounds each side times (the same games each round): its fastest is its figure, so that
/// neither the page's compiler tiers nor a busy machine's slowest moment decide the ratio.
const PLAYOUT_ROUNDS: u32 = 7;

/// Runs the end-to-end tests on the builds of `profiles` (already built).
pub fn run(profiles: &[String]) -> Result<(), String> {
    let started = Instant::now();
    let scripts_path = root().join("web/tests/scripts.json");
    let scripts: Value = serde_json::from_str(
        &std::fs::read_to_string(&scripts_path)
            .map_err(|e| format!("cannot read {}: {e}", scripts_path.display()))?,
    )
    .map_err(|e| format!("{}: {e}", scripts_path.display()))?;
    let out = target_dir().join("web").join("e2e");
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let expected_path = out.join("expected.json");
    std::fs::write(&expected_path, expected(&scripts)?.to_string())
        .map_err(|e| format!("cannot write {}: {e}", expected_path.display()))?;
    let goishi = cli()?;
    let modules = npm_ci()?;
    let native = native_playouts(PLAYOUT_RULES, PLAYOUT_GAMES, PLAYOUT_SEED, PLAYOUT_ROUNDS)?;
    let listener = TcpListener::bind(("127.0.0.1", 0))
        .map_err(|e| format!("cannot listen on 127.0.0.1: {e}"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let site = site_dir();
    std::thread::spawn(move || crate::web::serve(listener, site));
    let sizes: Map<String, Value> = profiles
        .iter()
        .map(|p| {
            let wasm = site_dir().join(p).join("pkg/goishi_web_bg.wasm");
            let raw = std::fs::metadata(&wasm).map(|m| m.len()).unwrap_or(0);
            let gz = crate::web::gzipped_size(&wasm).unwrap_or(0);
            (p.clone(), json!({ "bytes": raw, "gzipped": gz }))
        })
        .collect();
    let node = std::env::var("NODE").unwrap_or_else(|_| "node".to_owned());
    let status = Command::new(&node)
        .arg(root().join("web/tests/e2e.mjs"))
        .env("GOISHI_BASE_URL", format!("http://127.0.0.1:{port}"))
        .env("GOISHI_PROFILES", profiles.join(","))
        .env("GOISHI_SCRIPTS", &scripts_path)
        .env("GOISHI_EXPECTED", &expected_path)
        .env("GOISHI_BIN", &goishi)
        .env("GOISHI_NODE_MODULES", &modules)
        .env("GOISHI_OUT", &out)
        .env("GOISHI_SIZES", Value::Object(sizes).to_string())
        .env(
            "GOISHI_PLAYOUTS",
            json!({ "rules": PLAYOUT_RULES, "games": PLAYOUT_GAMES, "seed": PLAYOUT_SEED, "rounds": PLAYOUT_ROUNDS, "native": native }).to_string(),
        )
        .env("CHROMIUM", std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned()))
        .current_dir(root())
        .status()
        .map_err(|e| format!("cannot run {node}: {e}"))?;
    if !status.success() {
        return Err(format!(
            "the end-to-end tests failed ({status}); screenshots in {}",
            out.display()
        ));
    }
    println!(
        "web: end-to-end tests passed in {:.0} s; screenshots in {}",
        started.elapsed().as_secs_f64(),
        Path::new(&out).display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scripts_are_games_of_the_native_engine() {
        let text = std::fs::read_to_string(root().join("web/tests/scripts.json")).unwrap();
        let scripts: Value = serde_json::from_str(&text).unwrap();
        let expected = expected(&scripts).unwrap();
        let games = scripts["games"].as_array().unwrap();
        assert_eq!(expected["games"].as_object().unwrap().len(), games.len());
        for (name, reason) in [
            ("occupied", "occupied"),
            ("suicide", "suicide"),
            ("ko", "ko"),
        ] {
            assert_eq!(expected["illegal"][name]["reason"], reason, "{name}");
        }
        for key in ["rules", "size", "graph", "sgf", "sgf_other", "link"] {
            assert!(
                !expected["errors"][key].as_str().unwrap().is_empty(),
                "{key}"
            );
        }
        // Some game of the scripts captures, and some ends.
        let values: Vec<&Value> = expected["games"].as_object().unwrap().values().collect();
        assert!(values
            .iter()
            .any(|g| g["captures"]["black"].as_u64() > Some(0)));
        assert!(values.iter().any(|g| !g["result"].is_null()));
    }
}
