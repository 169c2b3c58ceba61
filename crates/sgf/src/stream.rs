//! Reading a collection game tree by game tree from any reader ([`TreeReader`]), so that a
//! stream of any length (`goishi selfplay | goishi replay -`) is read with one game tree in
//! memory at a time: the bytes of each tree are cut out by their brackets and parentheses
//! alone (no tree is built), then read as a record of their own ([`parse_tree`]), within the
//! limits of a file ([`crate::MAX_FILE_BYTES`] bytes and [`crate::MAX_NODES`] nodes a
//! tree).

use std::io::BufRead;

use crate::decode::decode_borrowed;
use crate::error::{ErrorKind, SgfError};
use crate::file::{io_message, MAX_FILE_BYTES};
use crate::read::parse_record;
use crate::record::{Record, RulesChoice};

/// The game trees of a reader, one at a time, as bytes: from a `(` at the top level to its
/// matching `)` (brackets of property values and their escapes respected). Text between
/// trees is skipped, as in a file. At the end of the input, what is left of an unfinished
/// tree is its last item, so that reading it says what is wrong (truncated); an input
/// without any tree but with some text gives one item, which reads as "no game tree"; an
/// empty input, or one of white space alone, gives none (a stream of no records:
/// `goishi selfplay --games 0 | goishi replay -`).
#[derive(Debug)]
pub struct TreeReader<R> {
    reader: R,
    /// Whether a tree (or the one item of an input without one) was given.
    any: bool,
    /// Whether text other than white space was seen outside the trees.
    stray: bool,
    /// Whether the input has ended or failed.
    done: bool,
}

/// The bytes that can start or end a tree, a value or an escape: `(`, `)`, `[`, `]`, `\\`.
const CUTS: [bool; 256] = {
    let mut cuts = [false; 256];
    let mut i = 0;
    let bytes = *b"()[]\\";
    while i < bytes.len() {
        cuts[bytes[i] as usize] = true;
        i += 1;
    }
    cuts
};

impl<R: BufRead> TreeReader<R> {
    /// The game trees of `reader`.
    pub fn new(reader: R) -> TreeReader<R> {
        TreeReader {
            reader,
            any: false,
            stray: false,
            done: false,
        }
    }

    /// Reads on to the end of the next tree; `Ok(None)` at the end of the input.
    fn next_tree(&mut self) -> Result<Option<Vec<u8>>, SgfError> {
        let mut tree = Vec::new();
        let mut depth = 0usize;
        let mut in_value = false;
        let mut escaped = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(SgfError::general(
                        ErrorKind::File,
                        format!("cannot read: {}", io_message(&e)),
                    ))
                }
            };
            if chunk.is_empty() {
                self.done = true;
                // The end: an unfinished tree, the one item of text without a tree, or
                // nothing.
                return Ok((!tree.is_empty() || (!self.any && self.stray)).then_some(tree));
            }
            let mut used = chunk.len();
            let mut complete = false;
            // Where the tree's bytes in this chunk begin (copied at once, at the end).
            let mut from = (depth > 0).then_some(0);
            let mut at = 0;
            while at < chunk.len() {
                // On to the next byte that can change the state: any other byte changes
                // nothing below, unless it is escaped.
                if !escaped {
                    let skip = chunk[at..].iter().position(|&b| CUTS[usize::from(b)]);
                    if depth == 0 && !self.stray {
                        let between = &chunk[at..skip.map_or(chunk.len(), |s| at + s)];
                        self.stray = between.iter().any(|b| !b.is_ascii_whitespace());
                    }
                    match skip {
                        Some(skip) => at += skip,
                        None => break,
                    }
                }
                let b = chunk[at];
                at += 1;
                if depth == 0 {
                    if b == b'(' {
                        depth = 1;
                        from = Some(at - 1);
                    } else {
                        self.stray = true;
                    }
                    continue;
                }
                if in_value {
                    if escaped {
                        escaped = false;
                    } else if b == b'\\' {
                        escaped = true;
                    } else if b == b']' {
                        in_value = false;
                    }
                    continue;
                }
                match b {
                    b'[' => in_value = true,
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            used = at;
                            complete = true;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            if let Some(from) = from {
                tree.extend_from_slice(&chunk[from..used]);
            }
            self.reader.consume(used);
            if tree.len() as u64 > MAX_FILE_BYTES {
                self.done = true;
                return Err(SgfError::general(
                    ErrorKind::Limit,
                    format!("a game tree of more than {MAX_FILE_BYTES} bytes; goishi reads game trees of at most {MAX_FILE_BYTES} bytes"),
                ));
            }
            if complete {
                return Ok(Some(tree));
            }
        }
    }
}

impl<R: BufRead> Iterator for TreeReader<R> {
    type Item = Result<Vec<u8>, SgfError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let tree = self.next_tree();
        if tree.is_err() {
            self.done = true;
        }
        let tree = tree.transpose()?;
        self.any = true;
        Some(tree)
    }
}

/// Reads the bytes of one game tree (an item of [`TreeReader`]) as a record: decoded by its
/// own `CA`, then read as a file holding that tree alone.
pub fn parse_tree(tree: &[u8], choice: &RulesChoice) -> Result<Record, SgfError> {
    parse_record(&decode_borrowed(tree)?, choice)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trees(text: &[u8]) -> Vec<Result<String, SgfError>> {
        // A small buffer, so that trees and values straddle the reads.
        let reader = std::io::BufReader::with_capacity(3, text);
        TreeReader::new(reader)
            .map(|t| t.map(|b| String::from_utf8(b).unwrap()))
            .collect()
    }

    #[test]
    fn trees_are_cut_by_their_parentheses_outside_values() {
        let got = trees(b"junk (;B[aa](;W[bb])(;W[cc]))\n(;C[a ) ( \\] b])  (;GM[1])");
        let got: Vec<String> = got.into_iter().map(Result::unwrap).collect();
        assert_eq!(
            got,
            ["(;B[aa](;W[bb])(;W[cc]))", "(;C[a ) ( \\] b])", "(;GM[1])"]
        );
    }

    #[test]
    fn the_end_of_the_input_gives_what_is_left() {
        // A truncated tree is the last item; reading it says so.
        let got = trees(b"(;SZ[5];B[aa])(;SZ[5];B[b");
        assert_eq!(got.len(), 2);
        let last = got[1].as_ref().unwrap();
        assert_eq!(last, "(;SZ[5];B[b");
        let choice = RulesChoice {
            force: None,
            fallback: goishi::registry().parse_rules("go/chinese").unwrap(),
        };
        let e = parse_tree(last.as_bytes(), &choice).unwrap_err();
        assert!(e.to_string().contains("truncated"), "{e}");
        // No tree at all: one item, which reads as no game tree.
        let got = trees(b"just words");
        assert_eq!(got.len(), 1);
        let e = parse_tree(got[0].as_ref().unwrap().as_bytes(), &choice).unwrap_err();
        assert!(e.to_string().contains("no game tree"), "{e}");
        // Nothing, or white space alone: no item (a stream of no records).
        assert_eq!(trees(b"").len(), 0);
        assert_eq!(trees(b" \n\t\r\n").len(), 0);
        assert_eq!(trees(b"\n ]").len(), 1);
        // Text after the last tree is not an item.
        assert_eq!(trees(b"(;B[aa])\n\n").len(), 1);
    }
}
