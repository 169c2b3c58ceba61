//! KataGo's ways of writing rules: the JSON object of `kata-set-rules` / `kata-get-rules`
//! (`{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":true,...}`) and the compact
//! string of its logs and SGF files (`koPOSITIONALscoreAREAtaxNONEsui1komi7.5`).
//!
//! Both are registered as rules syntaxes, so `Rules::parse` accepts them wherever rules are
//! named. Each reads into a goishi variant (the preset whose options equal the result, else
//! `go/tromp-taylor`) plus every option as an override.
//!
//! # Keys and values
//!
//! | JSON key | compact | goishi option | values |
//! |---|---|---|---|
//! | `ko` | `ko` | `ko` | `SIMPLE`, `POSITIONAL`, `SITUATIONAL`, `SPIGHT`; goishi adds `NONE`, `NATURAL-SITUATIONAL` |
//! | `scoring` (or `score`) | `score` (or `scoring`) | `scoring` | `AREA`, `TERRITORY`; goishi adds `STONES` |
//! | `tax` | `tax` | `tax` | `NONE`, `SEKI`, `ALL` |
//! | `suicide` | `sui` | `suicide` | `true`/`1`: KataGo's multi-stone suicide (allowed under positional superko and Spight, where the two cannot differ), `false`/`0` forbidden; goishi adds `"MULTI-STONE"` and `"ALLOWED"` |
//! | `hasButton` | `button` | `button` | `true`/`1`, `false`/`0` |
//! | `whiteHandicapBonus` | `whb` | `handicap-bonus` | `"0"`, `"N"`, `"N-1"` |
//! | `friendlyPassOk` | `fpok` | (none) | a boolean, accepted and ignored: goishi ends the game on two passes whatever it is |
//! | `komi` | `komi` | `komi` | a multiple of 0.5 from -500 to 500 |
//! | `cycles` (goishi) | `cycles` | `cycles` | `IGNORE`, `NO-RESULT` |
//! | `passStones` (goishi) | `passStones` | `pass-stones` | `true`/`1`, `false`/`0` |
//!
//! Values are read without regard to case. Any other key, or any other value, is an error.
//!
//! # Defaults
//!
//! As in KataGo: what is not given is Tromp-Taylor's (`POSITIONAL`, `AREA`, `suicide` true,
//! no button, no handicap bonus); `tax` defaults to `SEKI` under territory scoring and to
//! `NONE` otherwise; `komi` to 6.5 under territory scoring, 7 with the button, 7.5 otherwise.
//! The two options KataGo has no key for take the value of the goishi preset that matches the
//! other options (so KataGo's JSON for its `japanese` rules reads as `go/japanese`, cycles
//! included, and for `aga` as `go/aga`, pass stones included); with no matching preset they
//! take KataGo's meaning: long cycles end the game with no result under simple ko only (as
//! in KataGo), and there are no pass stones. `friendlyPassOk: true` prefers `go/ing` to
//! `go/tromp-taylor`, whose options are the same (KataGo tells them apart by that flag alone).
//!
//! # Suicide
//!
//! KataGo's `suicide` flag is its `multiStoneSuicideLegal`: with `true`, a self-capture of two
//! or more stones is legal and one of a single stone is not, goishi's `multi-stone`. Under
//! positional superko and Spight's rule a single-stone self-capture always recreates the
//! board, so `multi-stone` and `allowed` play the same game: there `true` reads as `allowed`,
//! the option of goishi's Tromp-Taylor and Ing (GOE) presets. goishi's `allowed` under another
//! ko rule (New Zealand's) has no KataGo flag and is written `"ALLOWED"`.
//!
//! [`to_json`] writes KataGo's keys, and `cycles` and `passStones` only when reading without
//! them would give other values, so the output reads back to the same options and KataGo
//! itself reads every configuration it can express.
//!
//! The layers: the JSON parser (`json`) and the compact one (`compact`) read into the
//! options as given; the resolver (`resolve`) fills the gaps and picks the goishi variant;
//! the writers (`write`) turn options back into either form. This module owns the public
//! types, the words KataGo uses for the option values, and the two rules syntaxes.

mod compact;
mod json;
mod resolve;
#[cfg(test)]
mod tests;
mod write;

use goishi_board::{FamilyError, ForeignRules, RulesSyntax};

use crate::config::{Cycles, GoConfig, HandicapBonus, Ko, Scoring, Suicide, Tax};

use compact::{looks_compact, read_compact_partial};
use json::read_json_partial;
use resolve::{resolve, SuicideValue};
pub use write::{rules_to_json, to_compact, to_json};

/// What is wrong with a KataGo rules string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KataGoRulesError {
    /// The text is not valid JSON.
    #[error("invalid JSON: {0}")]
    Json(String),
    /// The JSON is not an object.
    #[error(
        "expected a JSON object like {{\"ko\":\"POSITIONAL\",\"scoring\":\"AREA\"}}, found {0}"
    )]
    NotAnObject(&'static str),
    /// A key KataGo and goishi do not know.
    #[error("unknown rules key {key:?}; expected one of: {expected}")]
    UnknownKey {
        /// The key given.
        key: String,
        /// The keys known, comma-separated.
        expected: &'static str,
    },
    /// A value the key does not take.
    #[error("unknown {key} rule {value}{}; expected one of: {expected}", goishi_board::Hint(.suggestion))]
    BadValue {
        /// The key whose value it is.
        key: &'static str,
        /// The value given, as JSON or as written in the compact form.
        value: String,
        /// The values the key takes.
        expected: String,
        /// The value most like the one given, for a JSON string ([`goishi_board::closest`]).
        suggestion: Option<String>,
    },
    /// A JSON value of the wrong type.
    #[error("{key} must be {expected}, found {found}")]
    WrongType {
        /// The key whose value it is.
        key: &'static str,
        /// The type the key takes, in words (`a string`, `true or false`, ...).
        expected: &'static str,
        /// The value given, as JSON.
        found: String,
    },
    /// Komi out of range or not a multiple of 0.5.
    #[error("invalid komi {0}; expected a multiple of 0.5 from -500 to 500")]
    Komi(String),
    /// Compact form: text that is no key.
    #[error("unexpected {found:?} in compact rules; expected one of: {expected}")]
    Compact {
        /// The word that is no key (its first 24 characters).
        found: String,
        /// The keys of the compact form.
        expected: &'static str,
    },
}

/// A KataGo rules string, read: every Go option, and the goishi variant it is closest to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KataGoRules {
    /// The preset whose options equal these (komi aside), else `go/tromp-taylor`.
    pub variant: &'static str,
    /// Every option.
    pub config: GoConfig,
    /// The options the text named, as bits in the order of [`GoConfig::option_values`] (the
    /// others KataGo fills in by itself; see [`KataGoRules::names`]).
    pub named: u16,
}

impl KataGoRules {
    /// Whether the text named the option `name` (a goishi option name: `komi`, `ko`, ...).
    pub fn names(&self, name: &str) -> bool {
        self.config
            .option_values()
            .iter()
            .position(|(n, _)| *n == name)
            .is_some_and(|i| self.named & (1 << i) != 0)
    }

    /// The variant and every option, in canonical rules-string form: those the text named as
    /// overrides (set explicitly), the others as implied values.
    pub fn to_foreign(&self) -> ForeignRules {
        let (mut overrides, mut implied) = (Vec::new(), Vec::new());
        for (i, (k, v)) in self.config.option_values().into_iter().enumerate() {
            let to = if self.named & (1 << i) != 0 {
                &mut overrides
            } else {
                &mut implied
            };
            to.push((k.to_owned(), v));
        }
        ForeignRules {
            variant: self.variant,
            overrides,
            implied,
        }
    }
}

/// Every option of `config` as `(name, canonical value)` ([`GoConfig::option_values`]).
pub fn option_values(c: &GoConfig) -> Vec<(&'static str, String)> {
    c.option_values()
}

const SUICIDE_VALUES: &str = "true, false, MULTI-STONE, ALLOWED";

/// KataGo's words for an option's values: goishi's words in upper case (`NATURAL-SITUATIONAL`,
/// `N-1`).
fn katago_words(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_ascii_uppercase()).collect()
}

/// KataGo's words for an option's values, as an error message lists them.
fn katago_values(names: &[&str]) -> String {
    katago_words(names).join(", ")
}

/// The index in `names` (goishi's words) of a KataGo value, read without regard to case, `_`
/// or a space for `-`, and with or without its hyphens (`NATURALSITUATIONAL`, `NORESULT`).
fn katago_index(names: &[&str], value: &str) -> Option<usize> {
    let w = word(value);
    let bare = w.replace('-', "");
    names.iter().position(|n| {
        let k = n.to_ascii_uppercase();
        k == w || k.replace('-', "") == bare
    })
}

/// An option whose values KataGo writes as goishi's words in upper case: the option enums
/// read through one table ([`Choice::NAMES`], [`Choice::nth`]).
trait Choice: Copy {
    /// goishi's words for the values, in the order of the enum.
    const NAMES: &'static [&'static str];
    /// The value named by `NAMES[i]`.
    fn nth(i: usize) -> Self;
}

/// Implements [`Choice`] for option enums declared with `option_choices!`.
macro_rules! choices {
    ($($ty:ident),+) => {
        $(impl Choice for $ty {
            const NAMES: &'static [&'static str] = $ty::NAMES;
            fn nth(i: usize) -> Self {
                $ty::ALL[i]
            }
        })+
    };
}

choices!(Ko, Scoring, Tax, HandicapBonus, Cycles);

/// The value of an option that a KataGo word names (see [`katago_index`]).
fn parse_choice<T: Choice>(v: &str) -> Option<T> {
    katago_index(T::NAMES, v).map(T::nth)
}

/// The upper-case form of a word value, `_` and spaces read as `-`.
fn word(value: &str) -> String {
    value.trim().to_ascii_uppercase().replace(['_', ' '], "-")
}

fn parse_suicide_word(v: &str) -> Option<SuicideValue> {
    Some(match word(v).as_str() {
        "MULTI-STONE" | "MULTISTONE" => SuicideValue::Named(Suicide::MultiStone),
        "ALLOWED" => SuicideValue::Named(Suicide::Allowed),
        "FORBIDDEN" => SuicideValue::Named(Suicide::Forbidden),
        "TRUE" | "1" => SuicideValue::Flag(true),
        "FALSE" | "0" => SuicideValue::Flag(false),
        _ => return None,
    })
}

/// Komi in half points, checked: finite, a multiple of 0.5, from -500 to 500.
fn komi_halves(value: f64, text: &str) -> Result<i32, KataGoRulesError> {
    let halves = value * 2.0;
    if value.is_finite() && halves.fract() == 0.0 && (-1000.0..=1000.0).contains(&halves) {
        Ok(halves as i32)
    } else {
        Err(KataGoRulesError::Komi(text.to_owned()))
    }
}

/// Reads KataGo's JSON rules form.
pub fn read_json(text: &str) -> Result<KataGoRules, KataGoRulesError> {
    read_json_partial(text).map(resolve)
}

/// Reads KataGo's compact rules form; `None` when the text is not of that form.
pub fn read_compact(text: &str) -> Option<Result<KataGoRules, KataGoRulesError>> {
    let t = text.trim();
    looks_compact(t).then(|| read_compact_partial(t).map(resolve))
}

/// The rules syntax for KataGo's JSON form: `None` unless the text starts with `{`. The error
/// is a [`KataGoRulesError`] (see [`FamilyError::downcast_ref`]).
pub fn parse_json(text: &str) -> Option<Result<ForeignRules, FamilyError>> {
    let t = text.trim_start();
    t.starts_with('{').then(|| {
        read_json(t)
            .map(|r| r.to_foreign())
            .map_err(FamilyError::new)
    })
}

/// The rules syntax for KataGo's compact form (`koPOSITIONALscoreAREAtaxNONEsui1komi7.5`):
/// `None` unless the text starts with one of its keys followed by a value. The error is a
/// [`KataGoRulesError`].
pub fn parse_compact(text: &str) -> Option<Result<ForeignRules, FamilyError>> {
    read_compact(text).map(|r| r.map(|r| r.to_foreign()).map_err(FamilyError::new))
}

const JSON_SYNTAX_DEF: RulesSyntax = RulesSyntax {
    name: "katago-json",
    parse: parse_json,
};
const COMPACT_SYNTAX_DEF: RulesSyntax = RulesSyntax {
    name: "katago-compact",
    parse: parse_compact,
};

goishi_board::register_rules_syntax!(JSON_SYNTAX_DEF);
goishi_board::register_rules_syntax!(COMPACT_SYNTAX_DEF);

/// KataGo's JSON form, as a rules syntax.
pub static JSON_SYNTAX: RulesSyntax = JSON_SYNTAX_DEF;
/// KataGo's compact form, as a rules syntax.
pub static COMPACT_SYNTAX: RulesSyntax = COMPACT_SYNTAX_DEF;
/// The rules syntaxes of this crate (the explicit list for targets where `inventory` collects
/// nothing).
pub static SYNTAXES: &[&RulesSyntax] = &[&JSON_SYNTAX, &COMPACT_SYNTAX];
