//! "Did you mean": the known word most like a mistyped one, for the errors that list what
//! was expected (rules names, option keys, choices, board kinds).

use std::fmt;

/// How alike a word and a candidate must be (Jaro similarity, 0 to 1) for the candidate to
/// be suggested. clap suggests subcommands above 0.7; among the short words of rules
/// strings that suggests `absolute` for `soft`, so the bar is higher: a slip of a letter or
/// two, a swapped pair, a missing hyphen.
const LIKE_ENOUGH: f64 = 0.8;

/// The candidate most like `given` when one is like it enough to be what was meant; case,
/// spaces, `-` and `_` ignored (`Tromp_Taylr` suggests `tromp-taylor`); `None` when nothing
/// is close.
pub fn closest<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let given = fold(given);
    if given.is_empty() {
        return None;
    }
    let given_len = given.chars().count();
    let mut best: Option<(f64, &'a str)> = None;
    for candidate in candidates {
        let folded = fold(candidate);
        // Jaro similarity is at most (short / long + 2) / 3: no more than the bar when one
        // word is 2.5 times as long as the other or longer, so such pairs are not compared
        // (a long mistyped text against every name was most of a failed parse's time).
        let len = folded.chars().count();
        if 5 * given_len.min(len) <= 2 * given_len.max(len) {
            continue;
        }
        let score = strsim::jaro(&given, &folded);
        if score > LIKE_ENOUGH && best.is_none_or(|(b, _)| score > b) {
            best = Some((score, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// A word as [`closest`] compares it.
fn fold(word: &str) -> String {
    word.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '\t'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Written after an error's quoted input: ` (did you mean "simple"?)`, or nothing.
#[derive(Debug)]
pub struct Hint<'a>(pub &'a Option<String>);

impl fmt::Display for Hint<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(s) => write!(f, " (did you mean {s:?}?)"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: &[&str] = &[
        "go/chinese",
        "chinese",
        "japanese",
        "tromp-taylor",
        "ko",
        "absolute",
    ];

    #[test]
    fn suggests_the_closest_name_or_none() {
        for (given, expected) in [
            ("chinse", Some("chinese")),
            ("Japanes", Some("japanese")),
            ("Tromp_Taylr", Some("tromp-taylor")),
            ("kox", Some("ko")),
            ("xyz", None),
            ("soft", None),
            ("", None),
            ("-", None),
        ] {
            assert_eq!(closest(given, NAMES.iter().copied()), expected, "{given:?}");
        }
    }

    #[test]
    fn words_of_lengths_too_far_apart_are_never_alike_enough() {
        // The skip of `closest` hides no suggestion: every pair it skips scores at most the
        // bar, the closest lengths it skips included (2 against 5, 4 against 10).
        let words = [
            "ko",
            "kokok",
            "kooo",
            "kokokokoko",
            "chinese",
            "c",
            "chinesechinesec",
        ];
        for a in words {
            for b in words {
                let (short, long) = (a.len().min(b.len()), a.len().max(b.len()));
                if 5 * short <= 2 * long {
                    assert!(strsim::jaro(a, b) <= LIKE_ENOUGH, "{a} {b}");
                }
            }
        }
        assert_eq!(closest(&"chinese".repeat(3), NAMES.iter().copied()), None);
    }

    #[test]
    fn a_hint_reads_as_a_question_or_nothing() {
        assert_eq!(
            Hint(&Some("simple".to_owned())).to_string(),
            r#" (did you mean "simple"?)"#
        );
        assert_eq!(Hint(&None).to_string(), "");
    }
}
