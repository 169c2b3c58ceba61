//! `goishi show`: the position of a game record as a text diagram.

use std::path::Path;

use goishi::Color;

use crate::common::{parse_rules, DEFAULT_RULES};
use goishi_sgf::{self as sgf, Forced, ReplayError, RulesChoice};

/// Why `show` has nothing to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShowError {
    /// `--move` asks for more moves than the record has.
    Usage(String),
    /// The file cannot be read, is not a valid record, or its setup is not a valid position.
    Unreadable(String),
    /// A move of the record is illegal.
    Illegal(String),
}

/// The diagram of the record at `path` (`-`: standard input; a collection: its first game)
/// after `moves` moves (all of them by default), with a line saying where in the game it is;
/// or an error naming the file and what is wrong.
pub fn show(
    path: &Path,
    moves: Option<usize>,
    rules: Option<&Forced>,
) -> Result<String, ShowError> {
    let file = path.display();
    let fallback = parse_rules(DEFAULT_RULES).map_err(|e| ShowError::Unreadable(e.to_string()))?;
    let choice = RulesChoice {
        force: rules.cloned(),
        fallback,
    };
    let record = if path.as_os_str() == crate::replay::STDIN {
        // Standard input, as `replay -` reads it: its first game tree.
        let mut trees = sgf::TreeReader::new(std::io::BufReader::new(std::io::stdin()));
        match trees.next() {
            Some(tree) => tree.and_then(|t| sgf::parse_tree(&t, &choice)),
            None => sgf::parse_record("", &choice),
        }
    } else {
        sgf::read_record(path, &choice)
    }
    .map_err(|e| ShowError::Unreadable(format!("{file}: {e}")))?;
    let total = record.moves.len();
    let count = moves.unwrap_or(total);
    if count > total {
        return Err(ShowError::Usage(format!(
            "--move {count}: {file} has only {total} move{}",
            if total == 1 { "" } else { "s" }
        )));
    }
    let position = record.replay(count).map_err(|e| match e {
        ReplayError::Setup(e) => ShowError::Unreadable(format!("{file}: {e}")),
        ReplayError::Illegal(e) => ShowError::Illegal(format!("{file}: {e}")),
    })?;
    let p = position.as_ref();
    let mut rules = p.rules().clone();
    rules.set_size(None);
    let mut out = format!(
        "{file}: {rules}, {} board, after move {count} of {total}",
        p.geometry().describe()
    );
    if let (Some(last), true) = (p.history().last(), count > 0) {
        out.push_str(&format!(
            " ({} {})",
            last.color.name(),
            last.mv.name(p.geometry())
        ));
    }
    out.push_str(&format!(
        ", {} to play, captures: black {}, white {}",
        p.side_to_move().name(),
        p.captures(Color::Black),
        p.captures(Color::White)
    ));
    if let Some(r) = p.outcome() {
        out.push_str(&format!(", game over: {r}"));
    }
    out.push('\n');
    out.push_str(&p.board().diagram_with_coordinates());
    Ok(out)
}
