//! The fuzz targets: each takes any bytes and returns `Ok(())`, or the property that failed.
//! A panic inside a target is a failure too (the runner catches it).
//!
//! - [`rules`]: `Rules::parse` (goishi's form, KataGo's JSON and compact forms): an error, or
//!   rules that print as a string that parses back to the same rules, whose Go options
//!   survive KataGo's JSON, and which start a game;
//! - [`sgf()`]: the CLI's SGF reader: an error, or records whose moves replay (or stop at a
//!   named illegal move), and whose replayed game is written as SGF that reads back to the
//!   same game;
//! - [`gtp()`]: the CLI's GTP loop (`serve`) on a whole session: every answer well formed, no
//!   internal error, and the engine's game consistent afterwards (its hash, and its moves
//!   replayed from its setup give its board);
//! - [`diagram`]: `Diagram::parse`: an error, or a diagram whose board prints as a diagram
//!   that parses back to the same stones.

use std::sync::OnceLock;

use goishi::{Color, Diagram, Geometry, Move, Position, Rules};
use goishi_cli::gtp::{self, Engine};
use goishi_cli::sgf::{self, RulesChoice, WriteOptions};

/// A fuzz target: `Ok(())`, or the property an input broke.
pub type Target = fn(&[u8]) -> Result<(), String>;

/// The names of the targets, as `--target` takes them.
pub const NAMES: &[&str] = &["rules", "sgf", "gtp", "diagram"];

/// The target called `name`.
pub fn by_name(name: &str) -> Option<Target> {
    Some(match name {
        "rules" => rules,
        "sgf" => sgf,
        "gtp" => gtp,
        "diagram" => diagram,
        _ => return None,
    })
}

/// Text of an input for messages: at most 200 characters.
pub fn show(input: &[u8]) -> String {
    let text = String::from_utf8_lossy(input);
    let short: String = text.chars().take(200).collect();
    if short.len() < text.len() {
        format!("{short:?}... ({} bytes)", input.len())
    } else {
        format!("{short:?}")
    }
}

/// Plays up to `n` moves (the first listed legal move, rotating) and checks that each is
/// accepted and keeps the hash right.
fn play_some(position: &mut dyn Position, n: usize) -> Result<(), String> {
    let mut legal = Vec::new();
    for i in 0..n {
        if position.is_over() {
            break;
        }
        position.legal_moves(&mut legal);
        let Some(&mv) = legal.get((i * 7) % legal.len().max(1)) else {
            return Err("no legal move while the game goes on".to_owned());
        };
        position.play(mv).map_err(|e| {
            format!(
                "the listed move {} was refused: {e}",
                mv.name(position.geometry())
            )
        })?;
        if position.board().hash() != position.board().recompute_hash() {
            return Err("the incremental hash is wrong".to_owned());
        }
    }
    Ok(())
}

/// The rules-string target.
pub fn rules(input: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(input);
    let rules = match Rules::parse(&text) {
        Ok(r) => r,
        Err(e) => {
            return if e.to_string().trim().is_empty() {
                Err("an error without a message".to_owned())
            } else {
                Ok(())
            };
        }
    };
    let shown = rules.to_string();
    let back = Rules::parse(&shown)
        .map_err(|e| format!("the rules print as {shown:?}, which does not parse: {e}"))?;
    if back != rules {
        return Err(format!(
            "the rules print as {shown:?}, which parses as {back}"
        ));
    }
    if rules.variant().family == "go" {
        let config = goishi::go::GoConfig::from_rules(&rules)
            .map_err(|e| format!("{shown}: accepted rules without a Go configuration: {e}"))?;
        let json = goishi::go::katago::to_json(&config);
        let again = Rules::parse(&json)
            .map_err(|e| format!("{shown}: KataGo JSON {json} does not parse: {e}"))?;
        let config2 = goishi::go::GoConfig::from_rules(&again)
            .map_err(|e| format!("{shown}: KataGo JSON {json} read as {again}: {e}"))?;
        if config2 != config {
            return Err(format!(
                "{shown}: KataGo JSON {json} reads back as {again}, other options"
            ));
        }
    }
    // A game under the rules, on their board (small when they name none).
    let size = if rules.size().is_some() {
        None
    } else {
        Some((5, 5))
    };
    if let Ok(mut position) = rules.new_game(size) {
        play_some(position.as_mut(), 12)?;
    }
    Ok(())
}

fn sgf_choice() -> RulesChoice {
    RulesChoice {
        force: None,
        fallback: Rules::parse("go/chinese").expect("go/chinese is registered"),
    }
}

/// The SGF target.
pub fn sgf(input: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(input);
    let choice = sgf_choice();
    let Ok(records) = sgf::parse_collection(&text, &choice) else {
        return Ok(());
    };
    for record in records.into_iter().flatten() {
        let position = match record.replay(usize::MAX) {
            Ok(p) => p,
            Err(sgf::ReplayError::Setup(_)) => continue,
            Err(sgf::ReplayError::Illegal(e)) => {
                // The illegal move is named, and the moves before it replay.
                if e.number == 0 || e.number > record.moves.len() {
                    return Err(format!("illegal move number {} out of range", e.number));
                }
                record
                    .replay(e.number - 1)
                    .map_err(|e2| format!("the moves before {e} do not replay: {e2}"))?;
                continue;
            }
        };
        let g = position.geometry();
        if position.board().hash() != position.board().recompute_hash() {
            return Err("the replayed position's hash is wrong".to_owned());
        }
        if g.width() > 52 || g.height() > 52 {
            continue;
        }
        // What was read is written back and reads as the same game.
        let written = sgf::write_game(
            position.as_ref(),
            &WriteOptions {
                extras: Some(&record.extras),
                ..WriteOptions::default()
            },
        )
        .map_err(|e| format!("the replayed game cannot be written: {e}"))?;
        let back = sgf::parse_record(&written, &choice)
            .map_err(|e| format!("the written record does not read: {e}\n{written}"))?;
        let again = back
            .replay(usize::MAX)
            .map_err(|e| format!("the written record does not replay: {e}\n{written}"))?;
        if again.board() != position.board()
            || again.history() != position.history()
            || again.rules() != position.rules()
            || again.setup() != position.setup()
        {
            return Err(format!(
                "the written record reads back as another game\n{written}"
            ));
        }
    }
    Ok(())
}

/// The records `loadsgf` may read in the GTP target, written once per process to a
/// temporary folder; an input names them `@SGF0`, `@SGF1`, `@SGF2`.
pub fn gtp_sgf_files() -> &'static [(String, String)] {
    static FILES: OnceLock<Vec<(String, String)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("goishi-hardening-gtp-{}", std::process::id()));
        let texts = [
            "(;GM[1]FF[4]SZ[9]RU[japanese]KM[6.5]HA[2]AB[cc][gg]PL[W];W[ee];B[ce];W[ec](;B[dd])(;B[gc]))",
            "(;GM[1]FF[4]SZ[7]RU[contact/2b:scope=local];B[dd];W[de];B[ee];W[cc])",
            "(;GM[1]FF[4]SZ[52]RU[go/tromp-taylor:board=torus]AB[aa][ZZ]AW[zA];B[Aa];W[])",
        ];
        let mut files = Vec::new();
        if std::fs::create_dir_all(&dir).is_ok() {
            for (i, text) in texts.iter().enumerate() {
                let path = dir.join(format!("game{i}.sgf"));
                if std::fs::write(&path, text).is_ok() {
                    files.push((format!("@SGF{i}"), path.display().to_string()));
                }
            }
        }
        files
    })
}

/// Whether a raw GTP line would touch a file other than the records of [`gtp_sgf_files`]
/// (`loadsgf` of another file, `printsgf FILE`).
fn touches_files(raw: &[u8]) -> bool {
    let line = gtp::preprocess(raw);
    let mut words = line.split_whitespace();
    let mut first = words.next();
    if first.is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit())) {
        first = words.next();
    }
    match first {
        Some("loadsgf") => {
            let file = words.next().unwrap_or("");
            !gtp_sgf_files().iter().any(|(_, path)| path == file)
        }
        Some("printsgf") => words.next().is_some(),
        _ => false,
    }
}

/// The input with `@SGFn` replaced by the paths of [`gtp_sgf_files`], without the lines
/// that touch other files.
pub fn without_file_commands(input: &[u8]) -> Vec<u8> {
    let mut text = input.to_vec();
    for (token, path) in gtp_sgf_files() {
        if text.windows(token.len()).any(|w| w == token.as_bytes()) {
            let replaced = String::from_utf8_lossy(&text).replace(token.as_str(), path);
            text = replaced.into_bytes();
        }
    }
    let mut out = Vec::with_capacity(text.len());
    for line in text.split_inclusive(|&b| b == b'\n') {
        if !touches_files(line) {
            out.extend_from_slice(line);
        }
    }
    out
}

/// Checks the answers of a GTP session: each is `=` or `?`, an optional id, a space, and
/// ends with an empty line; none is an internal error.
pub fn check_gtp_output(output: &[u8]) -> Result<usize, String> {
    let text = std::str::from_utf8(output).map_err(|e| format!("the output is not UTF-8: {e}"))?;
    if text.is_empty() {
        return Ok(0);
    }
    if !text.ends_with("\n\n") {
        return Err(format!(
            "the output does not end with an empty line: {:?}",
            &text[text.len().saturating_sub(80)..]
        ));
    }
    let mut count = 0;
    for response in text[..text.len() - 2].split("\n\n") {
        count += 1;
        let head = response.split('\n').next().unwrap_or("");
        let rest = head
            .strip_prefix('=')
            .or_else(|| head.strip_prefix('?'))
            .ok_or_else(|| format!("an answer does not start with = or ?: {head:?}"))?;
        let id_len = rest.bytes().take_while(u8::is_ascii_digit).count();
        if !rest[id_len..].starts_with(' ') {
            return Err(format!("no space after the id in {head:?}"));
        }
        if response.contains("internal error") {
            return Err(format!("an internal error: {response}"));
        }
    }
    Ok(count)
}

/// The engine's game is consistent: its hash, its moves replayed from its setup.
pub fn check_engine(engine: &Engine) -> Result<(), String> {
    let p = engine.position();
    if p.board().hash() != p.board().recompute_hash() {
        return Err("the game's incremental hash is wrong".to_owned());
    }
    let mut again = p
        .setup()
        .clone()
        .into_position()
        .map_err(|e| format!("the game's setup does not validate: {e}"))?;
    for t in p.history() {
        again.play_as(t.color, t.mv).map_err(|e| {
            format!(
                "the game's move {} {} does not replay: {e}",
                t.color,
                t.mv.name(p.geometry())
            )
        })?;
    }
    if again.board() != p.board() || again.outcome() != p.outcome() {
        return Err(format!(
            "the game's moves replayed from its setup give another position\n{}\n{}",
            p.board().diagram(),
            again.board().diagram()
        ));
    }
    Ok(())
}

/// The GTP target: a whole session on a 9x9 `go/chinese` engine (the input chooses other
/// rules and sizes with its commands).
pub fn gtp(input: &[u8]) -> Result<(), String> {
    let rules = Rules::parse("go/chinese").expect("go/chinese is registered");
    let mut engine = Engine::new(rules, Some((9, 9)), 1)?;
    let input = without_file_commands(input);
    let mut out = Vec::new();
    gtp::serve(&mut engine, &input[..], &mut out).map_err(|e| format!("serve failed: {e}"))?;
    check_gtp_output(&out)?;
    check_engine(&engine)
}

/// The text-diagram target.
pub fn diagram(input: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(input);
    let Ok(d) = Diagram::parse(&text, Color::White) else {
        return Ok(());
    };
    let n = (d.width as usize) * (d.height as usize);
    if d.cells.len() != n {
        return Err(format!(
            "a {}x{} diagram with {} cells",
            d.width,
            d.height,
            d.cells.len()
        ));
    }
    if d.marks
        .iter()
        .any(|m| d.cells.get(m.index()) != Some(&Some(Color::White)))
    {
        return Err("a mark that is not a stone of the marked colour".to_owned());
    }
    let Ok(g) = Geometry::rect(d.width, d.height) else {
        return Ok(());
    };
    let board = d.to_board(&g).map_err(|e| {
        format!(
            "a {}x{} diagram does not fit its own size: {e}",
            d.width, d.height
        )
    })?;
    for printed in [board.diagram(), board.diagram_with_coordinates()] {
        let again = Diagram::parse(&printed, Color::Black).map_err(|e| {
            format!("the board prints as a diagram that does not parse: {e}\n{printed}")
        })?;
        if again.cells != d.cells || again.width != d.width || again.height != d.height {
            return Err(format!(
                "the board prints as a diagram that parses to other stones\n{printed}"
            ));
        }
    }
    // A game can start from it (a variant may refuse the setup, with an error).
    let rules = Rules::parse("contact/1a").expect("contact/1a is registered");
    let setup = goishi::Setup {
        rules,
        board,
        to_move: Color::Black,
        handicap: 0,
    };
    if let Ok(mut position) = setup.into_position() {
        play_some(position.as_mut(), 4)?;
        let _ = position.play(Move::Pass);
    }
    Ok(())
}
