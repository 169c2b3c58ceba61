//! The fuzz targets: each takes any bytes and returns `Ok(())`, or the property that failed.
//! A panic inside a target is a failure too (the runner catches it).
//!
//! - [`rules`]: `Rules::parse` (goishi's form, KataGo's JSON and compact forms): an error, or
//!   rules that print as a string that parses back to the same rules, whose Go options
//!   survive KataGo's JSON, and which start a game;
//! - [`sgf()`]: the SGF reader of `goishi-sgf`: an error, or records whose moves replay (or stop at a
//!   named illegal move), and whose replayed game is written as SGF that reads back to the
//!   same game;
//! - [`diagram`]: `Diagram::parse`: an error, or a diagram whose board prints as a diagram
//!   that parses back to the same stones.
//!
//! The fourth target of `cargo xtask fuzz`, `gtp` (the CLI's GTP loop on a whole session),
//! lives with the CLI (`crates/cli/tests/it/fuzz_gtp.rs`), which this crate does not depend on;
//! it uses this crate's runner, its generator [`crate::gen::gtp_input`] and
//! [`check_gtp_output`], and its corpus stays under `corpus/gtp/`.

use goishi::{Color, Diagram, Geometry, Move, Position, Rules};
use goishi_sgf::{self as sgf, RulesChoice, WriteOptions};

/// A fuzz target: `Ok(())`, or the property an input broke.
pub type Target = fn(&[u8]) -> Result<(), String>;

/// The names of the targets of this crate, as `--target` takes them (`gtp`, the fourth of
/// `cargo xtask fuzz`, is the CLI's).
pub const NAMES: &[&str] = &["rules", "sgf", "diagram"];

/// The target called `name`.
pub fn by_name(name: &str) -> Option<Target> {
    Some(match name {
        "rules" => rules,
        "sgf" => sgf,
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
    if rules.variant().capabilities.go_interop {
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
    // The reader's two paths (the plain main line, `sgf-parse`'s tree) read alike.
    sgf::fast_path_mismatch(&text, &choice).map_err(|e| e.to_string())?;
    let Ok(records) = sgf::parse_collection(&text, &choice) else {
        return Ok(());
    };
    for record in records.into_iter().flatten() {
        let (position, after_end) = match record.replay_game(usize::MAX) {
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
                after_end: &after_end,
                ..WriteOptions::default()
            },
        )
        .map_err(|e| format!("the replayed game cannot be written: {e}"))?;
        let back = sgf::parse_record(&written, &choice)
            .map_err(|e| format!("the written record does not read: {e}\n{written}"))?;
        let (again, again_after_end) = back
            .replay_game(usize::MAX)
            .map_err(|e| format!("the written record does not replay: {e}\n{written}"))?;
        if again.board() != position.board()
            || again_after_end != after_end
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

/// Checks the answers of a GTP session: each is `=` or `?`, an optional id, a space (or, for
/// a streamed response, the end of its first line), and ends with an empty line; none is an
/// internal error.
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
        // `=id` alone on its line heads a streamed response (analysis: its lines follow).
        let streamed = head.starts_with('=') && rest.len() == id_len;
        if !streamed && !rest[id_len..].starts_with(' ') {
            return Err(format!("no space after the id in {head:?}"));
        }
        if response.contains("internal error") {
            return Err(format!("an internal error: {response}"));
        }
    }
    Ok(count)
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
