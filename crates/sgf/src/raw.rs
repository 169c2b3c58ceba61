//! A root property's value exactly as a record wrote it, for the errors that quote it:
//! `sgf-parse` keeps a number as the number it read (`KM[1e999]` as infinity, `KM[6.50]` as
//! 6.5), and an error must quote what the record said, not what was made of it.

use goishi::RulesError;

use crate::error::{ErrorKind, SgfError};

/// The error of the root's `KM`, read as `komi`, which the rules refuse (`e`): the value
/// quoted as written in `source` (the text from its first `(` and the tree's index), in the
/// rules' sentence too.
pub(crate) fn komi_error(e: RulesError, source: (&str, usize), komi: f64) -> SgfError {
    let (body, tree) = source;
    let written = root_value(body, tree, "KM").map_or_else(|| format!("{komi}"), goishi::shorten);
    let e = match e {
        RulesError::BadValue(mut bad) => {
            bad.value.clone_from(&written);
            RulesError::BadValue(bad)
        }
        e => e,
    };
    SgfError::in_property(ErrorKind::Rules, 0, "KM", format!("KM[{written}]: {e}"))
}

/// The value of property `id` in the root node of game tree `tree` (counted from 0) of
/// `body`, a text from its first `(` on, as written (escapes kept; the last when the node
/// names `id` twice; the first value of a list); `None` when the root has none. Identifiers
/// are compared as `sgf-parse` reads them, their lower-case letters dropped (`KoMi` is `KM`).
pub fn root_value<'t>(body: &'t str, tree: usize, id: &str) -> Option<&'t str> {
    // Every byte looked at is ASCII, so a UTF-8 text is read byte by byte.
    let b = body.as_bytes();
    let skip_space = |mut i: usize| {
        while b.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    };
    // The tree's `(`: the `tree`-th one outside every tree and value.
    let mut i = 0;
    let mut depth = 0usize;
    let mut seen = 0usize;
    loop {
        match *b.get(i)? {
            b'[' => i = value_end(b, i + 1)?,
            b'(' if depth == 0 && seen == tree => break,
            b'(' => {
                seen += usize::from(depth == 0);
                depth += 1;
            }
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    // Its root node: properties up to the next node or tree.
    i = skip_space(i + 1);
    if b.get(i) != Some(&b';') {
        return None;
    }
    let mut found = None;
    i = skip_space(i + 1);
    while b.get(i).is_some_and(u8::is_ascii_alphabetic) {
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_alphabetic) {
            i += 1;
        }
        let named = body[start..i]
            .bytes()
            .filter(u8::is_ascii_uppercase)
            .eq(id.bytes());
        i = skip_space(i);
        let mut first = true;
        while b.get(i) == Some(&b'[') {
            let end = value_end(b, i + 1)?;
            if named && first {
                found = Some(&body[i + 1..end]);
            }
            first = false;
            i = skip_space(end + 1);
        }
    }
    found
}

/// The index of the `]` that closes a value starting at `start`, escapes skipped.
fn value_end(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    loop {
        match *b.get(i)? {
            b'\\' => i += 2,
            b']' => return Some(i),
            _ => i += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::root_value;

    #[test]
    fn root_values_are_found_as_written() {
        let cases: &[(&str, usize, &str, Option<&str>)] = &[
            ("(;GM[1]KM[1e999];B[aa])", 0, "KM", Some("1e999")),
            ("(;KM[6.50] SZ[9])", 0, "KM", Some("6.50")),
            ("( ; KoMi [ 7 ] )", 0, "KM", Some(" 7 ")),
            ("(;C[a \\] ( KM[x\\]]KM[+7])", 0, "KM", Some("+7")),
            ("(;KM[1]KM[2])", 0, "KM", Some("2")),
            ("(;KM[1][2])", 0, "KM", Some("1")),
            ("(;SZ[9];KM[5])", 0, "KM", None),
            ("(;SZ[9](;KM[5]))", 0, "KM", None),
            ("(;KM[5])(;C[(]KM[inf])", 1, "KM", Some("inf")),
            ("(;KM[5](;B[aa])(;B[bb]))(;KM[nan])", 1, "KM", Some("nan")),
            ("(;KM[5])", 1, "KM", None),
            ("(;KM[5", 0, "KM", None),
            ("(;C[é]KM[½])", 0, "KM", Some("½")),
        ];
        for &(body, tree, id, expected) in cases {
            assert_eq!(root_value(body, tree, id), expected, "{body} tree {tree}");
        }
    }
}
