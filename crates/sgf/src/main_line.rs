//! The plain main line: the properties of a game tree that is a single line of nodes,
//! lexed straight from the text, without `sgf-parse`'s tokens and tree.
//!
//! Why it exists: `goishi replay` of generated records (a root and a hundred `;B[cd]`
//! nodes each) spent about half of its instructions in `sgf-parse` building a tree (a
//! `String` per identifier and per value, a `Vec` of children per node), which capped it
//! at about 8,000 9x9 records a second against a goal of 20,000. This reader takes only the
//! simplest shape of SGF, and every property is still made by `sgf-parse`
//! (`SgfProp::new`), except a move of two letters or none, whose value it reads the way
//! `sgf-parse` does. Anything else gives `None`, and the record is read by `sgf-parse`:
//! a variation or a second game tree, a character outside ASCII, an escape (`\`), an
//! identifier that is not upper-case letters directly followed by `[`, a `GM` in the root
//! other than a single `GM[1]`, anything between properties that `sgf-parse` would lex.
//! So both paths give the same record or the same error; the crate's tests (a proptest
//! over generated and mutated records) and the libFuzzer `sgf` target check it through
//! [`crate::read::fast_path_mismatch`].

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::SgfProp;

use crate::read::MAX_NODES;

/// The properties of a single line of nodes, in file order.
#[derive(Debug)]
pub(crate) struct MainLine {
    /// Every property of every node.
    props: Vec<Prop>,
    /// Where each node's properties begin in `props`.
    starts: Vec<usize>,
}

impl MainLine {
    /// The number of nodes.
    pub(crate) fn node_count(&self) -> usize {
        self.starts.len()
    }

    /// The properties of each node, the root first.
    pub(crate) fn nodes(&self) -> Vec<&[Prop]> {
        let ends = self
            .starts
            .iter()
            .skip(1)
            .copied()
            .chain([self.props.len()]);
        self.starts
            .iter()
            .zip(ends)
            .map(|(&start, end)| &self.props[start..end])
            .collect()
    }
}

/// The main line of `body` (a text from its first `(` on), when it is one game tree of a
/// single line of plain nodes and nothing after it but white space; `None` for anything
/// else.
pub(crate) fn plain_main_line(body: &str) -> Option<MainLine> {
    let b = body.as_bytes();
    if !b.is_ascii() || b.first() != Some(&b'(') {
        return None;
    }
    let skip_space = |mut i: usize| {
        while b.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    };
    // Room for a generated record's nodes (`;B[cd]`, six bytes each) without growing, but
    // never more than a record of `MAX_NODES` nodes needs: a long text is refused by
    // `prescan` on the `sgf-parse` path, before anything is allocated for it.
    let room = (b.len() / 6).min(MAX_NODES + 1);
    let mut line = MainLine {
        props: Vec::with_capacity(room),
        starts: Vec::with_capacity(room),
    };
    let mut values: Vec<&str> = Vec::new();
    let mut root_gm = false;
    let mut i = skip_space(1);
    loop {
        match *b.get(i)? {
            b';' => {
                if line.starts.len() == MAX_NODES {
                    // Too long: `sgf-parse`'s path says so with the record's own error.
                    return None;
                }
                line.starts.push(line.props.len());
                i = skip_space(i + 1);
            }
            b')' => {
                // The one tree, and nothing after it.
                return (skip_space(i + 1) == b.len() && !line.starts.is_empty()).then_some(line);
            }
            c if c.is_ascii_uppercase() && !line.starts.is_empty() => {
                let id_start = i;
                while b.get(i).is_some_and(u8::is_ascii_uppercase) {
                    i += 1;
                }
                let id = &body[id_start..i];
                values.clear();
                while b.get(i) == Some(&b'[') {
                    let start = i + 1;
                    let len = b[start..].iter().position(|&c| c == b']' || c == b'\\')?;
                    if b[start + len] == b'\\' {
                        return None;
                    }
                    values.push(&body[start..start + len]);
                    i = skip_space(start + len + 1);
                }
                if values.is_empty() {
                    return None;
                }
                if id == "GM" && line.starts.len() == 1 {
                    // `sgf-parse` chooses the game from the root's one `GM`.
                    if root_gm || values.as_slice() != ["1"] {
                        return None;
                    }
                    root_gm = true;
                }
                line.props.push(prop(id, &values));
            }
            _ => return None,
        }
    }
}

/// The property `id` with `values`, as `sgf-parse` makes it.
fn prop(id: &str, values: &[&str]) -> Prop {
    if let [value] = values {
        let mv = || plain_move(value);
        match id {
            "B" => {
                if let Some(m) = mv() {
                    return Prop::B(m);
                }
            }
            "W" => {
                if let Some(m) = mv() {
                    return Prop::W(m);
                }
            }
            _ => {}
        }
    }
    Prop::new(
        id.to_owned(),
        values.iter().map(|&v| v.to_owned()).collect(),
    )
}

/// A move value as `sgf-parse` reads it: empty for a pass, else two letters (`a`-`z` are 0
/// to 25, `A`-`Z` 26 to 51). `None` for anything else (then `sgf-parse` judges it).
fn plain_move(value: &str) -> Option<SgfMove> {
    let letter = |c: u8| match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    };
    match value.as_bytes() {
        [] => Some(SgfMove::Pass),
        &[x, y] => Some(SgfMove::Move(SgfPoint {
            x: letter(x)?,
            y: letter(y)?,
        })),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_are_read_and_anything_else_is_left_to_sgf_parse() {
        let line = plain_main_line("(;GM[1]SZ[9]\n;B[cd] ;W[]\n)\n").unwrap();
        let nodes = line.nodes();
        assert_eq!(nodes.len(), 3);
        assert_eq!(nodes[0].len(), 2);
        assert_eq!(nodes[1], [Prop::B(SgfMove::Move(SgfPoint { x: 2, y: 3 }))]);
        assert_eq!(nodes[2], [Prop::W(SgfMove::Pass)]);
        for other in [
            "(;B[aa](;W[bb])(;W[cc]))",
            "(;B[aa])(;B[bb])",
            "(;C[a \\] b])",
            "(;C[caf\u{e9}])",
            "(;B [aa])",
            "(;AddBlack[aa])",
            "(;GM[1]GM[1])",
            "(;GM[01])",
            "(;B[aa];W)",
            "(B[aa])",
            "(;B[aa]",
        ] {
            assert!(plain_main_line(other).is_none(), "{other}");
        }
    }
}
