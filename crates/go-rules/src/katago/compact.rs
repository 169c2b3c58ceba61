//! The parser of KataGo's compact form (`koPOSITIONALscoreAREAtaxNONEsui1komi7.5`): keys
//! directly followed by their values, read into the options as given, before the defaults.

use super::resolve::Partial;
use super::{
    katago_values, katago_words, parse_choice, parse_suicide_word, Choice, KataGoRulesError,
};

const COMPACT_KEYS: &str =
    "ko, score, scoring, tax, sui, button, whb, fpok, komi, cycles, passStones";

/// Keys of the compact form, longest first where one is a prefix of another.
pub(super) const COMPACT: &[&str] = &[
    "komi",
    "ko",
    "scoring",
    "score",
    "tax",
    "sui",
    "button",
    "whb",
    "fpok",
    "cycles",
    "passStones",
];

/// Whether `s` starts like KataGo's compact form: a key directly followed by a value.
pub(super) fn looks_compact(s: &str) -> bool {
    COMPACT.iter().any(|&key| {
        let Some(rest) = s.strip_prefix(key) else {
            return false;
        };
        let Some(c) = rest.chars().next() else {
            return false;
        };
        match key {
            "komi" => c.is_ascii_digit() || matches!(c, '-' | '+' | '.'),
            "sui" | "whb" => c.is_ascii_digit() || c.is_ascii_uppercase(),
            "button" | "fpok" | "passStones" => c.is_ascii_digit(),
            _ => c.is_ascii_uppercase(),
        }
    })
}

/// Takes the longest of `words` that `s` starts with (ignoring case).
pub(super) fn take_value<'a, 'w, W: AsRef<str>>(
    s: &'a str,
    words: &'w [W],
) -> Option<(&'w str, &'a str)> {
    let mut sorted: Vec<&'w str> = words.iter().map(AsRef::as_ref).collect();
    sorted.sort_by_key(|w| std::cmp::Reverse(w.len()));
    sorted.into_iter().find_map(|w| {
        let head = s.get(..w.len())?;
        head.eq_ignore_ascii_case(w).then(|| (w, &s[w.len()..]))
    })
}

/// The start of `s` up to the next lower-case letter or space: what a bad value looked like.
pub(super) fn shown(s: &str) -> String {
    let end = s
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_lowercase() || c.is_whitespace())
        .map_or(s.len(), |(i, _)| i);
    s[..end].to_owned()
}

/// The option value at the start of `rest` under `key` and the text after it, or the error
/// naming the values it takes.
fn compact_choice<'a, T: Choice>(
    key: &'static str,
    rest: &'a str,
) -> Result<(Option<T>, &'a str), KataGoRulesError> {
    let words = katago_words(T::NAMES);
    let (v, r) = take_value(rest, &words).ok_or_else(|| KataGoRulesError::BadValue {
        key,
        value: format!("{:?}", shown(rest)),
        expected: katago_values(T::NAMES),
        suggestion: None,
    })?;
    Ok((parse_choice(v), r))
}

pub(super) fn read_compact_partial(text: &str) -> Result<Partial, KataGoRulesError> {
    let mut p = Partial::default();
    let mut s = text.trim();
    while !s.is_empty() {
        let Some(&key) = COMPACT.iter().find(|k| s.starts_with(**k)) else {
            return Err(KataGoRulesError::Compact {
                found: s
                    .split_whitespace()
                    .next()
                    .unwrap_or(s)
                    .chars()
                    .take(24)
                    .collect(),
                expected: COMPACT_KEYS,
            });
        };
        let rest = &s[key.len()..];
        let bad = |k: &'static str, expected: String| KataGoRulesError::BadValue {
            key: k,
            value: format!("{:?}", shown(rest)),
            expected,
            suggestion: None,
        };
        let after = match key {
            "komi" => {
                let end = rest
                    .find(|c: char| c.is_ascii_alphabetic() || c.is_whitespace())
                    .unwrap_or(rest.len());
                let number = &rest[..end];
                let halves = goishi_board::parse_halves(number)
                    .filter(|h| (-1000..=1000).contains(h))
                    .ok_or_else(|| KataGoRulesError::Komi(format!("{number:?}")))?;
                p.komi_halves = Some(halves as i32);
                &rest[end..]
            }
            "ko" => {
                let (v, r) = compact_choice("ko", rest)?;
                p.ko = v;
                r
            }
            "scoring" | "score" => {
                let (v, r) = compact_choice("scoring", rest)?;
                p.scoring = v;
                r
            }
            "tax" => {
                let (v, r) = compact_choice("tax", rest)?;
                p.tax = v;
                r
            }
            "sui" => {
                let (v, r) = take_value(rest, &["0", "1", "MULTI-STONE", "ALLOWED"])
                    .ok_or_else(|| bad("sui", "0, 1, MULTI-STONE, ALLOWED".to_owned()))?;
                p.suicide = parse_suicide_word(v);
                r
            }
            "whb" => {
                let (v, r) = compact_choice("whb", rest)?;
                p.whb = v;
                r
            }
            "cycles" => {
                let (v, r) = compact_choice("cycles", rest)?;
                p.cycles = v;
                r
            }
            // button, fpok, passStones: a digit 0 or 1.
            _ => {
                let (v, r) = take_value(rest, &["0", "1"]).ok_or_else(|| {
                    bad(
                        match key {
                            "button" => "button",
                            "fpok" => "fpok",
                            _ => "passStones",
                        },
                        "0, 1".to_owned(),
                    )
                })?;
                let on = v == "1";
                match key {
                    "button" => p.button = Some(on),
                    "fpok" => p.friendly_pass_ok = Some(on),
                    _ => p.pass_stones = Some(on),
                }
                r
            }
        };
        s = after.trim_start();
    }
    Ok(p)
}
