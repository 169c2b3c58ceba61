//! How properties are spelled when written: point names with both cases of letters (`a`-`z`
//! then `A`-`Z`, columns and rows past the 26th included), escaped values, and point sets in
//! a fixed order. Every property the writer emits goes through [`prop_text`].
//!
//! `sgf-parse`'s own writer is used only for properties without points: it maps columns
//! past `z` to `{`, `|`, ... instead of `A`, `B`, ..., and writes the points of a set in the
//! order of a `HashSet` (another order on every run).

use std::collections::HashSet;

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::SimpleText;

/// Escapes a raw property value for writing.
pub(crate) fn escape_value(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

/// Escapes the text half of a composed value (`LB[aa:text]`): `:` too.
fn escape_composed(text: &SimpleText) -> String {
    escape_value(&text.text).replace(':', "\\:")
}

/// The two letters of a parsed point's SGF name (`?` for a coordinate past the 52nd).
pub(crate) fn sgf_point_letters(p: &SgfPoint) -> [u8; 2] {
    let letter = |v: u8| goishi::SGF_LETTERS.get(v as usize).copied().unwrap_or(b'?');
    [letter(p.x), letter(p.y)]
}

/// The SGF point name of a parsed point: `cc`, `aC`.
pub(crate) fn sgf_point_name(p: &SgfPoint) -> String {
    String::from_utf8_lossy(&sgf_point_letters(p)).into_owned()
}

/// Row-major order: the order the reader sorts setup stones in, too.
fn key(p: &SgfPoint) -> (u8, u8) {
    (p.y, p.x)
}

/// `ID[aa][bb]` for a point list (`ID[]` when it is empty, as for `VW[]`).
fn point_set(id: &str, set: &HashSet<SgfPoint>) -> String {
    let mut points: Vec<&SgfPoint> = set.iter().collect();
    points.sort_by_key(|p| key(p));
    let values: Vec<String> = points.into_iter().map(sgf_point_name).collect();
    values_text(id, &values)
}

/// `ID[aa:bb][cc:dd]` for arrows and lines.
fn point_pairs(id: &str, set: &HashSet<(SgfPoint, SgfPoint)>) -> String {
    let mut pairs: Vec<&(SgfPoint, SgfPoint)> = set.iter().collect();
    pairs.sort_by_key(|(a, b)| (key(a), key(b)));
    let values: Vec<String> = pairs
        .into_iter()
        .map(|(a, b)| format!("{}:{}", sgf_point_name(a), sgf_point_name(b)))
        .collect();
    values_text(id, &values)
}

/// `LB[aa:text]...` for labels.
fn labels(set: &HashSet<(SgfPoint, SimpleText)>) -> String {
    let mut labels: Vec<&(SgfPoint, SimpleText)> = set.iter().collect();
    labels.sort_by(|(a, s), (b, t)| key(a).cmp(&key(b)).then_with(|| s.text.cmp(&t.text)));
    let values: Vec<String> = labels
        .into_iter()
        .map(|(p, text)| format!("{}:{}", sgf_point_name(p), escape_composed(text)))
        .collect();
    values_text("LB", &values)
}

/// `ID[v1][v2]` from values already escaped; `ID[]` without values.
fn values_text(id: &str, values: &[String]) -> String {
    let mut s = id.to_owned();
    for v in values {
        s.push('[');
        s.push_str(v);
        s.push(']');
    }
    if values.is_empty() {
        s.push_str("[]");
    }
    s
}

/// The text of a property as written (`PB[name]`, with its value escaped).
pub fn prop_text(prop: &Prop) -> String {
    match prop {
        Prop::B(m) | Prop::W(m) => {
            let id = if matches!(prop, Prop::B(_)) { "B" } else { "W" };
            match m {
                SgfMove::Pass => format!("{id}[]"),
                SgfMove::Move(p) => format!("{id}[{}]", sgf_point_name(p)),
            }
        }
        Prop::AB(s) => point_set("AB", s),
        Prop::AW(s) => point_set("AW", s),
        Prop::AE(s) => point_set("AE", s),
        Prop::CR(s) => point_set("CR", s),
        Prop::DD(s) => point_set("DD", s),
        Prop::MA(s) => point_set("MA", s),
        Prop::SL(s) => point_set("SL", s),
        Prop::SQ(s) => point_set("SQ", s),
        Prop::TR(s) => point_set("TR", s),
        Prop::VW(s) => point_set("VW", s),
        Prop::TB(s) => point_set("TB", s),
        Prop::TW(s) => point_set("TW", s),
        Prop::AR(s) => point_pairs("AR", s),
        Prop::LN(s) => point_pairs("LN", s),
        Prop::LB(s) => labels(s),
        Prop::Unknown(id, values) | Prop::Invalid(id, values) => {
            let escaped: Vec<String> = values.iter().map(|v| escape_value(v)).collect();
            values_text(id, &escaped)
        }
        // As records write it: one number for a square board (sgf-parse writes `13:13`).
        Prop::SZ((w, h)) if w == h => format!("SZ[{w}]"),
        other => other.to_string(),
    }
}

/// The identifier of a property: `KM`.
pub(crate) fn prop_id(prop: &Prop) -> String {
    match prop {
        Prop::Unknown(id, _) | Prop::Invalid(id, _) => id.clone(),
        other => sgf_parse::SgfProp::identifier(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(name: &str) -> SgfPoint {
        name.parse().unwrap()
    }

    #[test]
    fn markup_past_column_z_is_written_with_upper_case_letters() {
        let set: HashSet<SgfPoint> = ["Aa", "zZ", "aa", "Bb"].map(point).into_iter().collect();
        assert_eq!(prop_text(&Prop::MA(set.clone())), "MA[aa][Aa][Bb][zZ]");
        assert_eq!(prop_text(&Prop::CR(set)), "CR[aa][Aa][Bb][zZ]");
        let pairs: HashSet<(SgfPoint, SgfPoint)> =
            [(point("aa"), point("ZZ"))].into_iter().collect();
        assert_eq!(prop_text(&Prop::AR(pairs.clone())), "AR[aa:ZZ]");
        assert_eq!(prop_text(&Prop::LN(pairs)), "LN[aa:ZZ]");
        let labels: HashSet<(SgfPoint, SimpleText)> = [(
            point("Ca"),
            SimpleText {
                text: "a:b]".to_owned(),
            },
        )]
        .into_iter()
        .collect();
        assert_eq!(prop_text(&Prop::LB(labels)), r"LB[Ca:a\:b\]]");
        assert_eq!(prop_text(&Prop::VW(HashSet::new())), "VW[]");
        assert_eq!(prop_text(&Prop::B(SgfMove::Move(point("Zz")))), "B[Zz]");
        assert_eq!(prop_text(&Prop::SZ((13, 13))), "SZ[13]");
        assert_eq!(prop_text(&Prop::SZ((19, 13))), "SZ[19:13]");
    }
}
