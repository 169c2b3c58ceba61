//! Rule options declared as data: name, allowed values, default, one-line help.
//!
//! A variant lists its options once ([`OptionSpec`]); the rules-string parser, the CLI, GTP,
//! the generated docs and every error message read that declaration.

use std::fmt;

use crate::suggest::{closest, Hint};

/// The values an option accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of a fixed list of words (matched ignoring case, `_` for `-`, or by a unique
    /// prefix: `orth` for `orthogonal`).
    Choice(&'static [&'static str]),
    /// `true` or `false` (also `yes`/`no`, `on`/`off`, `1`/`0`).
    Bool,
    /// A whole number in a range.
    Int {
        /// The smallest value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    /// A multiple of 0.5 in a range (komi).
    Half {
        /// The smallest value allowed, a whole number.
        min: i64,
        /// The largest value allowed, a whole number.
        max: i64,
    },
    /// A whole number in a range, or the word `auto`, which the variant resolves.
    IntOrAuto {
        /// The smallest number allowed.
        min: i64,
        /// The largest number allowed.
        max: i64,
    },
}

impl OptionKind {
    /// The allowed values, as help text.
    pub fn describe(&self) -> String {
        match self {
            OptionKind::Choice(c) => c.join(", "),
            OptionKind::Bool => "true, false".to_owned(),
            OptionKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            OptionKind::Half { min, max } => format!("a multiple of 0.5 from {min} to {max}"),
            OptionKind::IntOrAuto { min, max } => {
                format!("auto, or a whole number from {min} to {max}")
            }
        }
    }
}

/// One option of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key in rules strings, lower case with hyphens: `ko`, `pass-stones`.
    pub name: &'static str,
    /// The values it accepts.
    pub kind: OptionKind,
    /// The default value (a variant's presets may override it), in canonical form.
    pub default: &'static str,
    /// One line of help.
    pub help: &'static str,
}

/// A value an option does not accept; its message names the option and the valid values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadValue {
    /// The option's name.
    pub option: &'static str,
    /// The value given, as written.
    pub value: String,
    /// The values the option accepts, as help text ([`OptionKind::describe`]).
    pub expected: String,
    /// For a choice, the value most like the one given, if one is like it
    /// ([`closest`](crate::closest)).
    pub suggestion: Option<String>,
    choice: bool,
}

impl fmt::Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.choice {
            write!(
                f,
                "unknown {} rule {:?}{}; expected one of: {}",
                self.option,
                self.value,
                Hint(&self.suggestion),
                self.expected
            )
        } else {
            write!(
                f,
                "invalid {} {:?}; expected {}",
                self.option, self.value, self.expected
            )
        }
    }
}

impl std::error::Error for BadValue {}

fn parse_int(text: &str) -> Option<i64> {
    let t = text.strip_prefix('+').unwrap_or(text);
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty() || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// Parses a multiple of 0.5 into half-units: `7.5` is 15.
pub fn parse_halves(text: &str) -> Option<i64> {
    let t = text.trim();
    let (int_part, frac) = match t.split_once('.') {
        Some((i, f)) => (i, f),
        None => (t, ""),
    };
    let negative = int_part.starts_with('-');
    let whole = if int_part == "-" || int_part == "+" || int_part.is_empty() {
        if frac.is_empty() {
            return None;
        }
        0
    } else {
        parse_int(int_part)?
    };
    let frac = frac.trim_end_matches('0');
    let half = match frac {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    let halves = whole.abs() * 2 + half;
    Some(if negative { -halves } else { halves })
}

/// Writes half-units as a decimal: 15 is `7.5`, 14 is `7`, -1 is `-0.5`.
pub fn format_halves(halves: i64) -> String {
    let sign = if halves < 0 { "-" } else { "" };
    let a = halves.unsigned_abs();
    if a % 2 == 0 {
        format!("{sign}{}", a / 2)
    } else {
        format!("{sign}{}.5", a / 2)
    }
}

impl OptionSpec {
    /// Checks a value and returns its canonical form.
    pub fn normalize(&self, value: &str) -> Result<String, BadValue> {
        let bad = |choice: bool| BadValue {
            option: self.name,
            value: value.to_owned(),
            expected: self.kind.describe(),
            suggestion: match self.kind {
                OptionKind::Choice(choices) if choice => {
                    closest(value, choices.iter().copied()).map(str::to_owned)
                }
                _ => None,
            },
            choice,
        };
        let v = value.trim();
        match self.kind {
            OptionKind::Choice(choices) => {
                let key = v.to_ascii_lowercase().replace(['_', ' '], "-");
                if let Some(c) = choices.iter().find(|c| **c == key) {
                    return Ok((*c).to_owned());
                }
                let mut prefixed = choices
                    .iter()
                    .filter(|c| !key.is_empty() && c.starts_with(&key));
                match (prefixed.next(), prefixed.next()) {
                    (Some(c), None) => Ok((*c).to_owned()),
                    _ => Err(bad(true)),
                }
            }
            OptionKind::Bool => match v.to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" | "1" => Ok("true".to_owned()),
                "false" | "no" | "off" | "0" => Ok("false".to_owned()),
                _ => Err(bad(false)),
            },
            OptionKind::Int { min, max } => match parse_int(v) {
                Some(n) if (min..=max).contains(&n) => Ok(n.to_string()),
                _ => Err(bad(false)),
            },
            OptionKind::IntOrAuto { min, max } => {
                if v.eq_ignore_ascii_case("auto") {
                    return Ok("auto".to_owned());
                }
                match parse_int(v) {
                    Some(n) if (min..=max).contains(&n) => Ok(n.to_string()),
                    _ => Err(bad(false)),
                }
            }
            OptionKind::Half { min, max } => match parse_halves(v) {
                Some(h) if (2 * min..=2 * max).contains(&h) => Ok(format_halves(h)),
                _ => Err(bad(false)),
            },
        }
    }
}

/// Declares the typed form of a [`OptionKind::Choice`] option: a field-less enum whose
/// variants are the option's values, each with the word that names it, and in the order of
/// the choices. The enum gets `ALL` (every value), `NAMES` (the words, for
/// `OptionKind::Choice(Enum::NAMES)`), `name` and `from_name`, so that a variant declares
/// each word once.
///
/// ```
/// goishi_board::option_choices! {
///     /// How pieces move.
///     pub enum Step {
///         /// One point.
///         Short = "short",
///         /// Any distance.
///         Long = "long",
///     }
/// }
/// assert_eq!(Step::NAMES, ["short", "long"]);
/// assert_eq!(Step::from_name("long"), Some(Step::Long));
/// assert_eq!(Step::Short.name(), "short");
/// ```
#[macro_export]
macro_rules! option_choices {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $word:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every value, in the order of the option's choices.
            pub const ALL: [$name; [$($word),+].len()] = [$($name::$variant),+];

            /// The option's words, in the order of its choices.
            pub const NAMES: &'static [&'static str] = &[$($word),+];

            /// The word that names this value.
            pub const fn name(self) -> &'static str {
                $name::NAMES[self as usize]
            }

            /// The value `word` names (exactly: the rules parser has normalised it).
            pub fn from_name(word: &str) -> Option<$name> {
                $name::NAMES
                    .iter()
                    .position(|&w| w == word)
                    .map(|i| $name::ALL[i])
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const KO: OptionSpec = OptionSpec {
        name: "ko",
        kind: OptionKind::Choice(&["none", "simple", "positional", "situational"]),
        default: "simple",
        help: "",
    };
    const KOMI: OptionSpec = OptionSpec {
        name: "komi",
        kind: OptionKind::Half {
            min: -500,
            max: 500,
        },
        default: "7.5",
        help: "",
    };

    #[test]
    fn halves_at_the_ends_of_i64() {
        assert_eq!(format_halves(i64::MIN), "-4611686018427387904");
        assert_eq!(format_halves(i64::MAX), "4611686018427387903.5");
        assert_eq!(format_halves(-13), "-6.5");
    }

    #[test]
    fn choices() {
        assert_eq!(KO.normalize("POSITIONAL").unwrap(), "positional");
        assert_eq!(KO.normalize("pos").unwrap(), "positional");
        assert_eq!(
            KO.normalize("positinal").unwrap_err().to_string(),
            "unknown ko rule \"positinal\" (did you mean \"positional\"?); expected one of: none, simple, positional, situational"
        );
        // "s" is a prefix of two choices: ambiguous.
        assert!(KO.normalize("s").is_err());
        assert!(KO.normalize("").is_err());
    }

    #[test]
    fn halves() {
        assert_eq!(KOMI.normalize("7.5").unwrap(), "7.5");
        assert_eq!(KOMI.normalize("7.0").unwrap(), "7");
        assert_eq!(KOMI.normalize("-0.5").unwrap(), "-0.5");
        assert_eq!(KOMI.normalize(".5").unwrap(), "0.5");
        assert_eq!(KOMI.normalize("500").unwrap(), "500");
        for bad in ["7.25", "501", "abc", "", "-", "1e3", "nan", "7.", "."] {
            let ok = KOMI.normalize(bad);
            if bad == "7." {
                assert_eq!(ok.unwrap(), "7");
            } else {
                assert!(ok.is_err(), "{bad}");
            }
        }
        assert_eq!(parse_halves("-3.5"), Some(-7));
        assert_eq!(format_halves(-7), "-3.5");
    }
}
