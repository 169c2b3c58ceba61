//! Reading: SGF text to [`Record`]s. The text is checked first without building a tree
//! (brackets, parentheses, the node limit: `sgf-parse` is recursive), then parsed by
//! `sgf-parse` (or lexed as a plain main line), then interpreted by the private `build`
//! module: `SZ` (square and `W:H`), `RU` (a rules string of any form the registry reads),
//! `KM`, `HA` and `RE` in the root; setup stones (`AB` `AW` `AE`, point rectangles included)
//! and `PL` in the nodes before the first move; handicap stones written as Black's first
//! moves become setup stones. Every other property of the main line is kept, in file order,
//! for the writer.

use sgf_parse::go::Prop;
use sgf_parse::{GameTree, SgfNode};

use crate::build::build_record;
use crate::error::{ErrorKind, FastPathMismatch, SgfError};
use crate::main_line::{plain_main_line, MainLine, Nodes};
use crate::record::{Record, RulesChoice};

/// The most nodes a file may have (the parser and its tree are recursive).
pub const MAX_NODES: usize = 50_000;

/// Checks the tree structure of an SGF text without building it: the node count (the parser
/// and its tree are recursive, so very long files are refused), brackets, parentheses.
/// Returns the text from the first `(` on.
fn prescan(text: &str) -> Result<&str, SgfError> {
    let Some(start) = text.find('(') else {
        return Err(SgfError::general(
            ErrorKind::Syntax,
            "not an SGF game record: no game tree (no '(') found",
        ));
    };
    let body = &text[start..];
    if body.is_ascii() {
        // Each byte a character: the same scan without decoding UTF-8.
        let chars = body.bytes().enumerate().map(|(at, b)| (at, char::from(b)));
        prescan_chars(body, start, chars)
    } else {
        prescan_chars(body, start, body.char_indices())
    }
}

/// [`prescan`] of `body` (the text from its first `(`, at byte `start`), given as its
/// characters and their byte offsets.
fn prescan_chars(
    body: &str,
    start: usize,
    chars: impl Iterator<Item = (usize, char)>,
) -> Result<&str, SgfError> {
    let mut depth = 0usize;
    let mut nodes = 0usize;
    let mut in_value = false;
    let mut escaped = false;
    let mut closed_all = false;
    // After '(' the next thing must be a node: a tree of nothing but parentheses (millions
    // of them cost the parser hundreds of megabytes) is refused here.
    let mut need_node = false;
    let mut end = body.len();
    for (at, c) in chars {
        if need_node && !in_value {
            if c.is_whitespace() {
                continue;
            }
            if c == '(' || c == ')' {
                return Err(SgfError::general(ErrorKind::Syntax, format!(
                    "not valid SGF: a game tree must start with a node (';'), found {c:?} at byte {}",
                    start + at
                )));
            }
            need_node = false;
        }
        if in_value {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == ']' {
                in_value = false;
            }
            continue;
        }
        if closed_all {
            // After a game tree: another tree, white space, or trailing text that is ignored.
            match c {
                '(' => {
                    closed_all = false;
                    depth = 1;
                    need_node = true;
                }
                ')' => {
                    return Err(SgfError::general(
                        ErrorKind::Syntax,
                        format!(
                            "not valid SGF: unmatched ')' after node {}",
                            nodes.saturating_sub(1)
                        ),
                    ))
                }
                _ => {}
            }
            continue;
        }
        match c {
            '(' => {
                depth += 1;
                need_node = true;
            }
            ')' => {
                if depth == 0 {
                    return Err(SgfError::general(
                        ErrorKind::Syntax,
                        format!(
                            "not valid SGF: unmatched ')' after node {}",
                            nodes.saturating_sub(1)
                        ),
                    ));
                }
                depth -= 1;
                if depth == 0 {
                    closed_all = true;
                    end = at + 1;
                }
            }
            ';' => {
                nodes += 1;
                if nodes > MAX_NODES {
                    return Err(SgfError::general(ErrorKind::Limit, format!(
                        "the record has more than {MAX_NODES} nodes; goishi reads at most {MAX_NODES}"
                    )));
                }
            }
            '[' => {
                if nodes == 0 {
                    return Err(SgfError::general(
                        ErrorKind::Syntax,
                        "not valid SGF: a property value before the first node",
                    ));
                }
                in_value = true;
            }
            _ => {}
        }
    }
    let last = nodes.saturating_sub(1);
    if closed_all {
        return Ok(&body[..end]);
    }
    if in_value {
        return Err(SgfError::general(
            ErrorKind::Syntax,
            format!(
                "not valid SGF: the file ends inside a property value of node {last} (truncated?)"
            ),
        ));
    }
    if depth > 0 && !closed_all {
        return Err(SgfError::general(ErrorKind::Syntax, format!(
            "not valid SGF: the file ends after node {last} with {depth} game tree(s) left open (truncated?)"
        )));
    }
    if nodes == 0 {
        return Err(SgfError::general(
            ErrorKind::Syntax,
            "not valid SGF: the game tree has no node",
        ));
    }
    Ok(body)
}

/// Parses the text of an SGF file into a record: its first game tree.
pub fn parse_record(text: &str, choice: &RulesChoice) -> Result<Record, SgfError> {
    first_record(parse_collection(text, choice)?)
}

/// The first game tree of a collection (an error of its own, or "no game tree").
pub(crate) fn first_record(collection: Vec<Result<Record, SgfError>>) -> Result<Record, SgfError> {
    collection.into_iter().next().unwrap_or_else(|| {
        Err(SgfError::general(
            ErrorKind::Syntax,
            "not valid SGF: no game tree",
        ))
    })
}

/// Parses every game tree of an SGF file (a collection). A syntax error fails the whole
/// file; a record that is not valid fails on its own.
pub fn parse_collection(
    text: &str,
    choice: &RulesChoice,
) -> Result<Vec<Result<Record, SgfError>>, SgfError> {
    if let Some((body, line)) = plain_line(text) {
        // One tree of plain nodes: the same properties without `sgf-parse`'s tree.
        return Ok(vec![build_record(&line, (body, 0), choice, 1)]);
    }
    parse_trees(prescan(text)?, choice)
}

/// The plain main line of `text` ([`crate::main_line`]) when it has one within
/// [`MAX_NODES`] nodes, with the text from its `(`. Such a text passes [`prescan`] (one
/// tree, its values closed, a node first), so it is not scanned twice.
fn plain_line(text: &str) -> Option<(&str, MainLine)> {
    let body = &text[text.find('(')?..];
    let line = plain_main_line(body)?;
    (line.count() <= MAX_NODES).then_some((body, line))
}

/// Checks that the plain main line ([`crate::main_line`]) reads `text` as `sgf-parse`'s
/// tree does: `Ok(true)` when it applies and both give the same records or the same error,
/// `Ok(false)` when it does not apply (the text is read by `sgf-parse` alone), `Err` with
/// what each read when they differ. Not a way to read records ([`parse_collection`] is): the
/// crate's tests and the libFuzzer `sgf` target call it.
#[doc(hidden)]
pub fn fast_path_mismatch(text: &str, choice: &RulesChoice) -> Result<bool, FastPathMismatch> {
    let Some((body, line)) = plain_line(text) else {
        return Ok(false);
    };
    let fast = Ok(vec![build_record(&line, (body, 0), choice, 1)]);
    let slow = prescan(text).and_then(|body| parse_trees(body, choice));
    if fast == slow {
        Ok(true)
    } else {
        Err(FastPathMismatch {
            text: text.to_owned(),
            fast: Box::new(fast),
            slow: Box::new(slow),
        })
    }
}

/// Reads every game tree of `body` (a prescanned text) through `sgf-parse`'s tree.
fn parse_trees(
    body: &str,
    choice: &RulesChoice,
) -> Result<Vec<Result<Record, SgfError>>, SgfError> {
    let trees = sgf_parse::parse(body).map_err(|e| {
        SgfError::general(ErrorKind::Syntax, match e {
            sgf_parse::SgfParseError::UnexpectedProperty => {
                "not valid SGF: GM given twice in a root node, or a property before the `;` of a node".to_owned()
            }
            e => format!("not valid SGF: {e}"),
        })
    })?;
    let games = trees.len();
    Ok(trees
        .into_iter()
        .enumerate()
        .map(|(i, tree)| match tree {
            GameTree::GoGame(root) => {
                let nodes: Vec<&[Prop]> = root
                    .main_variation()
                    .map(|node| node.properties.as_slice())
                    .collect();
                let result = build_record(nodes.as_slice(), (body, i), choice, games);
                dismantle(root);
                result
            }
            GameTree::Unknown(root) => {
                let gm = root
                    .get_property("GM")
                    .map_or_else(|| "GM[?]".to_owned(), |p| p.to_string());
                dismantle(root);
                Err(SgfError::in_property(
                    ErrorKind::NotGo,
                    0,
                    "GM",
                    if gm == "GM[1]" {
                        // The SGF parser takes a game type of Go from the exact text `1`.
                        "GM[1] written with a sign or leading zeros; write it GM[1]".to_owned()
                    } else {
                        format!("{gm}: not a Go-family record (goishi reads GM[1] records, every variant included)")
                    },
                ))
            }
        })
        .collect())
}

/// Drops a tree without recursion (a long main line would overflow the stack).
fn dismantle<P: sgf_parse::SgfProp>(root: SgfNode<P>) {
    let mut stack = vec![root];
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}
