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
//!
//! Two shortcuts more, each giving what `sgf-parse`'s properties would give the record
//! builder: a node after the root that holds one move property and nothing else (`;B[cd]`,
//! `;W[]`) is kept as its colour and move ([`Node::Move`]), not as a property; and the
//! root's `FF`, `GM`, `CA` and `AP`, which the record builder drops whatever their values
//! (the `GM` is checked here), are not made at all.

use goishi::Color;
use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::{SgfProp, SimpleText, Text};

use crate::read::MAX_NODES;

/// A node of a main line, as the record builder reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Node<'a> {
    /// The node's properties, in file order.
    Props(&'a [Prop]),
    /// A node after the root that holds one move property and nothing else: what
    /// `[Prop::B(mv)]` or `[Prop::W(mv)]` would be.
    Move(Color, SgfMove),
}

/// The nodes of a main line, the root first (never empty).
pub(crate) trait Nodes {
    /// The number of nodes.
    fn count(&self) -> usize;
    /// Node `i`; the root (node 0) is always [`Node::Props`].
    fn node(&self, i: usize) -> Node<'_>;
}

/// The nodes of `sgf-parse`'s tree: the properties of each.
impl Nodes for [&[Prop]] {
    fn count(&self) -> usize {
        self.len()
    }

    fn node(&self, i: usize) -> Node<'_> {
        Node::Props(self[i])
    }
}

/// How a node of a plain main line is kept.
#[derive(Clone, Copy, Debug)]
enum Kept {
    /// Its properties are `props[start..end]`.
    Props { start: u32, end: u32 },
    /// A move node ([`Node::Move`]).
    Move(Color, SgfMove),
}

/// The nodes of a single line, in file order.
#[derive(Debug)]
pub(crate) struct MainLine {
    /// The properties of the nodes that are not move nodes.
    props: Vec<Prop>,
    nodes: Vec<Kept>,
}

impl Nodes for MainLine {
    fn count(&self) -> usize {
        self.nodes.len()
    }

    #[inline]
    fn node(&self, i: usize) -> Node<'_> {
        match self.nodes[i] {
            Kept::Props { start, end } => Node::Props(&self.props[start as usize..end as usize]),
            Kept::Move(color, mv) => Node::Move(color, mv),
        }
    }
}

impl MainLine {
    /// Ends the node being read (the last one), if any: a node after the root that holds a
    /// single move property becomes a move node.
    fn close_node(&mut self) {
        let end = self.props.len();
        let after_root = self.nodes.len() > 1;
        let Some(last) = self.nodes.last_mut() else {
            return;
        };
        let Kept::Props { start, .. } = *last else {
            return;
        };
        *last = match &self.props[start as usize..] {
            [Prop::B(mv)] if after_root => Kept::Move(Color::Black, *mv),
            [Prop::W(mv)] if after_root => Kept::Move(Color::White, *mv),
            _ => Kept::Props {
                start,
                end: end as u32,
            },
        };
        if matches!(last, Kept::Move(..)) {
            self.props.pop();
        }
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
    // `prescan` on the `sgf-parse` path, before anything is allocated for it. Most of those
    // nodes are move nodes, which hold no property.
    let room = (b.len() / 6).min(MAX_NODES + 1);
    let mut line = MainLine {
        props: Vec::with_capacity(16),
        nodes: Vec::with_capacity(room),
    };
    let mut values: Vec<&str> = Vec::new();
    let mut root_gm = false;
    let mut i = skip_space(1);
    loop {
        match *b.get(i)? {
            b';' => {
                if line.nodes.len() == MAX_NODES {
                    // Too long: `sgf-parse`'s path says so with the record's own error.
                    return None;
                }
                line.close_node();
                i = skip_space(i + 1);
                if !line.nodes.is_empty() {
                    // After the root, a node of one move and nothing else, read at once (the
                    // rest of this loop makes the same of it, through a property).
                    if let Some((color, mv, end)) = move_node(b, i) {
                        let next = skip_space(end);
                        if matches!(b.get(next), Some(b';' | b')')) {
                            line.nodes.push(Kept::Move(color, mv));
                            i = next;
                            continue;
                        }
                    }
                }
                let start = line.props.len() as u32;
                line.nodes.push(Kept::Props { start, end: start });
            }
            b')' => {
                // The one tree, and nothing after it.
                line.close_node();
                return (skip_space(i + 1) == b.len() && !line.nodes.is_empty()).then_some(line);
            }
            c if c.is_ascii_uppercase() && !line.nodes.is_empty() => {
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
                let root = line.nodes.len() == 1;
                if root && id == "GM" {
                    // `sgf-parse` chooses the game from the root's one `GM`.
                    if root_gm || values.as_slice() != ["1"] {
                        return None;
                    }
                    root_gm = true;
                }
                // The record builder drops these in the root, whatever their values.
                if !(root && matches!(id, "FF" | "GM" | "CA" | "AP")) {
                    line.props.push(prop(id, &values));
                }
            }
            _ => return None,
        }
    }
}

/// The property `id` with `values`, as `sgf-parse` makes it. A move, and the root
/// properties every generated record has, are made here as `SgfProp::new` makes them (a
/// single value read by `FromStr`, text kept as it is), without its identifier and values
/// copied first.
fn prop(id: &str, values: &[&str]) -> Prop {
    if let [value] = values {
        match id {
            "B" | "W" => {
                if let Some(m) = plain_move(value.as_bytes()) {
                    return if id == "B" { Prop::B(m) } else { Prop::W(m) };
                }
            }
            "SZ" if !value.contains(':') => {
                if let Ok(size) = value.parse::<u8>() {
                    return Prop::SZ((size, size));
                }
            }
            "KM" => {
                if let Ok(komi) = value.parse::<f64>() {
                    return Prop::KM(komi);
                }
            }
            "RU" => return Prop::RU(SimpleText::from(*value)),
            "RE" => return Prop::RE(SimpleText::from(*value)),
            "GC" => return Prop::GC(Text::from(*value)),
            _ => {}
        }
    }
    Prop::new(
        id.to_owned(),
        values.iter().map(|&v| v.to_owned()).collect(),
    )
}

/// The move property at `b[i..]` when it is `B` or `W` with one value of two letters or
/// none (read by [`plain_move`]), and where it ends.
#[inline]
fn move_node(b: &[u8], i: usize) -> Option<(Color, SgfMove, usize)> {
    let color = match b.get(i..i + 2)? {
        b"B[" => Color::Black,
        b"W[" => Color::White,
        _ => return None,
    };
    let value = i + 2;
    let len = match b.get(value..) {
        Some([b']', ..]) => 0,
        Some([_, _, b']', ..]) => 2,
        _ => return None,
    };
    Some((color, plain_move(&b[value..value + len])?, value + len + 1))
}

/// A move value as `sgf-parse` reads it: empty for a pass, else two letters (`a`-`z` are 0
/// to 25, `A`-`Z` 26 to 51). `None` for anything else (then `sgf-parse` judges it).
#[inline]
fn plain_move(value: &[u8]) -> Option<SgfMove> {
    let letter = |c: u8| match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    };
    match value {
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
    fn properties_are_made_as_sgf_parse_makes_them() {
        let values = [
            "",
            "9",
            " 9",
            "+9",
            "09",
            "9:9",
            "9:13",
            "300",
            "x",
            "7.5",
            "-0",
            "1e3",
            "inf",
            "NaN",
            ".5",
            "B+R",
            "go/chinese",
            "a b\nc",
            "aa",
            "tt",
            "Zz",
            "a",
            "a1",
        ];
        for id in ["B", "W", "SZ", "KM", "RU", "RE", "GC", "FF", "C"] {
            for value in values {
                let ours = prop(id, &[value]);
                let theirs = Prop::new(id.to_owned(), vec![value.to_owned()]);
                // Debug, for NaN.
                assert_eq!(format!("{ours:?}"), format!("{theirs:?}"), "{id}[{value}]");
            }
            let ours = prop(id, &["9", "9"]);
            let theirs = Prop::new(id.to_owned(), vec!["9".to_owned(), "9".to_owned()]);
            assert_eq!(ours, theirs, "{id}[9][9]");
        }
    }

    #[test]
    fn plain_lines_are_read_and_anything_else_is_left_to_sgf_parse() {
        let line =
            plain_main_line("(;GM[1]FF[4]SZ[9]\n;B[cd] ;W[]\n;C[x]B[aa];W[bb]C[y])\n").unwrap();
        assert_eq!(line.count(), 5);
        // The root's GM and FF are not made; SZ is.
        let Node::Props(root) = line.node(0) else {
            panic!("the root is a move node");
        };
        assert_eq!(root, [Prop::SZ((9, 9))]);
        let point = SgfMove::Move(SgfPoint { x: 2, y: 3 });
        assert!(matches!(line.node(1), Node::Move(Color::Black, m) if m == point));
        assert!(matches!(
            line.node(2),
            Node::Move(Color::White, SgfMove::Pass)
        ));
        // A move with another property stays a node of properties.
        for i in [3, 4] {
            assert!(
                matches!(line.node(i), Node::Props(p) if p.len() == 2),
                "node {i}"
            );
        }
        // A move in the root stays in the root's properties.
        let line = plain_main_line("(;B[aa])").unwrap();
        assert!(matches!(line.node(0), Node::Props([Prop::B(_)])));
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
