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

use std::sync::OnceLock;

use goishi_board::{format_halves, ForeignRules, RulesSyntax, VariantInfo};

use crate::config::{Cycles, GoConfig, HandicapBonus, Ko, Scoring, Suicide, Tax};

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
    UnknownKey { key: String, expected: &'static str },
    /// A value the key does not take.
    #[error("unknown {key} rule {value}; expected one of: {expected}")]
    BadValue {
        key: &'static str,
        value: String,
        expected: String,
    },
    /// A JSON value of the wrong type.
    #[error("{key} must be {expected}, found {found}")]
    WrongType {
        key: &'static str,
        expected: &'static str,
        found: String,
    },
    /// Komi out of range or not a multiple of 0.5.
    #[error("invalid komi {0}; expected a multiple of 0.5 from -500 to 500")]
    Komi(String),
    /// Compact form: text that is no key.
    #[error("unexpected {found:?} in compact rules; expected one of: {expected}")]
    Compact {
        found: String,
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
}

impl KataGoRules {
    /// The variant and every option as an override, in canonical rules-string form.
    pub fn to_foreign(&self) -> ForeignRules {
        ForeignRules {
            variant: self.variant,
            overrides: option_values(&self.config)
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        }
    }
}

/// Every option of `config` as `(name, canonical value)`.
pub fn option_values(c: &GoConfig) -> Vec<(&'static str, String)> {
    vec![
        ("ko", c.ko.name().to_owned()),
        ("suicide", c.suicide.name().to_owned()),
        ("cycles", c.cycles.name().to_owned()),
        ("scoring", c.scoring.name().to_owned()),
        ("tax", c.tax.name().to_owned()),
        ("komi", format_halves(i64::from(c.komi_halves))),
        ("handicap-bonus", c.handicap_bonus.name().to_owned()),
        ("pass-stones", c.pass_stones.to_string()),
        ("button", c.button.to_string()),
    ]
}

const JSON_KEYS: &str = "ko, scoring, score, tax, suicide, hasButton, whiteHandicapBonus, friendlyPassOk, komi, cycles, passStones";
const COMPACT_KEYS: &str =
    "ko, score, scoring, tax, sui, button, whb, fpok, komi, cycles, passStones";
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

/// A suicide value as read: KataGo's flag, or a goishi option named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SuicideValue {
    /// KataGo's `multiStoneSuicideLegal`.
    Flag(bool),
    /// `"MULTI-STONE"` or `"ALLOWED"`.
    Named(Suicide),
}

impl SuicideValue {
    /// The option under `ko`: the flag `true` is `multi-stone`, or `allowed` where the two
    /// cannot differ (a single-stone self-capture recreates the board, which positional
    /// superko and Spight's rule forbid).
    fn resolve(self, ko: Ko) -> Suicide {
        match self {
            SuicideValue::Flag(false) => Suicide::Forbidden,
            SuicideValue::Flag(true) if matches!(ko, Ko::Positional | Ko::Spight) => {
                Suicide::Allowed
            }
            SuicideValue::Flag(true) => Suicide::MultiStone,
            SuicideValue::Named(s) => s,
        }
    }

    /// How `suicide` is written under `ko` so that it reads back the same: KataGo's flag where
    /// it says it, else goishi's name.
    fn written(suicide: Suicide, ko: Ko) -> SuicideValue {
        [SuicideValue::Flag(false), SuicideValue::Flag(true)]
            .into_iter()
            .find(|v| v.resolve(ko) == suicide)
            .unwrap_or(SuicideValue::Named(suicide))
    }
}

/// Options as read, before the defaults fill the gaps.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Partial {
    ko: Option<Ko>,
    suicide: Option<SuicideValue>,
    scoring: Option<Scoring>,
    tax: Option<Tax>,
    button: Option<bool>,
    whb: Option<HandicapBonus>,
    komi_halves: Option<i32>,
    cycles: Option<Cycles>,
    pass_stones: Option<bool>,
    friendly_pass_ok: Option<bool>,
}

/// The upper-case form of a word value, `_` and spaces read as `-`.
fn word(value: &str) -> String {
    value.trim().to_ascii_uppercase().replace(['_', ' '], "-")
}

fn parse_ko(v: &str) -> Option<Ko> {
    katago_index(Ko::NAMES, v).map(|i| Ko::ALL[i])
}

fn parse_scoring(v: &str) -> Option<Scoring> {
    katago_index(Scoring::NAMES, v).map(|i| Scoring::ALL[i])
}

fn parse_tax(v: &str) -> Option<Tax> {
    katago_index(Tax::NAMES, v).map(|i| Tax::ALL[i])
}

fn parse_whb(v: &str) -> Option<HandicapBonus> {
    katago_index(HandicapBonus::NAMES, v).map(|i| HandicapBonus::ALL[i])
}

fn parse_cycles(v: &str) -> Option<Cycles> {
    katago_index(Cycles::NAMES, v).map(|i| Cycles::ALL[i])
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

fn json_type(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

fn read_json_partial(text: &str) -> Result<Partial, KataGoRulesError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| KataGoRulesError::Json(e.to_string()))?;
    let serde_json::Value::Object(map) = value else {
        return Err(KataGoRulesError::NotAnObject(json_type(&value)));
    };
    let mut p = Partial::default();
    for (key, v) in &map {
        let text_of = |k: &'static str| -> Result<&str, KataGoRulesError> {
            v.as_str().ok_or_else(|| KataGoRulesError::WrongType {
                key: k,
                expected: "a string",
                found: v.to_string(),
            })
        };
        let bool_of = |k: &'static str| -> Result<bool, KataGoRulesError> {
            v.as_bool().ok_or_else(|| KataGoRulesError::WrongType {
                key: k,
                expected: "true or false",
                found: v.to_string(),
            })
        };
        let bad = |k: &'static str, expected: String| KataGoRulesError::BadValue {
            key: k,
            value: v.to_string(),
            expected,
        };
        match key.as_str() {
            "ko" => {
                p.ko = Some(
                    parse_ko(text_of("ko")?).ok_or_else(|| bad("ko", katago_values(Ko::NAMES)))?,
                )
            }
            "scoring" | "score" => {
                p.scoring = Some(
                    parse_scoring(text_of("scoring")?)
                        .ok_or_else(|| bad("scoring", katago_values(Scoring::NAMES)))?,
                )
            }
            "tax" => {
                p.tax = Some(
                    parse_tax(text_of("tax")?)
                        .ok_or_else(|| bad("tax", katago_values(Tax::NAMES)))?,
                )
            }
            "suicide" => {
                p.suicide = Some(match v {
                    serde_json::Value::Bool(flag) => SuicideValue::Flag(*flag),
                    serde_json::Value::String(s) => parse_suicide_word(s)
                        .ok_or_else(|| bad("suicide", SUICIDE_VALUES.to_owned()))?,
                    _ => {
                        return Err(KataGoRulesError::WrongType {
                            key: "suicide",
                            expected: "true, false, \"MULTI-STONE\" or \"ALLOWED\"",
                            found: v.to_string(),
                        })
                    }
                })
            }
            "hasButton" => p.button = Some(bool_of("hasButton")?),
            "whiteHandicapBonus" => {
                p.whb = Some(parse_whb(text_of("whiteHandicapBonus")?).ok_or_else(|| {
                    bad("whiteHandicapBonus", katago_values(HandicapBonus::NAMES))
                })?)
            }
            "friendlyPassOk" => p.friendly_pass_ok = Some(bool_of("friendlyPassOk")?),
            "komi" => {
                let k = v.as_f64().ok_or_else(|| KataGoRulesError::WrongType {
                    key: "komi",
                    expected: "a number",
                    found: v.to_string(),
                })?;
                p.komi_halves = Some(komi_halves(k, &v.to_string())?);
            }
            "cycles" => {
                p.cycles = Some(
                    parse_cycles(text_of("cycles")?)
                        .ok_or_else(|| bad("cycles", katago_values(Cycles::NAMES)))?,
                )
            }
            "passStones" => p.pass_stones = Some(bool_of("passStones")?),
            _ => {
                return Err(KataGoRulesError::UnknownKey {
                    key: key.clone(),
                    expected: JSON_KEYS,
                })
            }
        }
    }
    Ok(p)
}

/// Keys of the compact form, longest first where one is a prefix of another.
const COMPACT: &[&str] = &[
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
fn looks_compact(s: &str) -> bool {
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
fn take_value<'a, 'w, W: AsRef<str>>(s: &'a str, words: &'w [W]) -> Option<(&'w str, &'a str)> {
    let mut sorted: Vec<&'w str> = words.iter().map(AsRef::as_ref).collect();
    sorted.sort_by_key(|w| std::cmp::Reverse(w.len()));
    sorted.into_iter().find_map(|w| {
        let head = s.get(..w.len())?;
        head.eq_ignore_ascii_case(w).then(|| (w, &s[w.len()..]))
    })
}

/// The start of `s` up to the next lower-case letter or space: what a bad value looked like.
fn shown(s: &str) -> String {
    let end = s
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_lowercase() || c.is_whitespace())
        .map_or(s.len(), |(i, _)| i);
    s[..end].to_owned()
}

fn read_compact_partial(text: &str) -> Result<Partial, KataGoRulesError> {
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
                let words = katago_words(Ko::NAMES);
                let (v, r) =
                    take_value(rest, &words).ok_or_else(|| bad("ko", katago_values(Ko::NAMES)))?;
                p.ko = parse_ko(v);
                r
            }
            "scoring" | "score" => {
                let words = katago_words(Scoring::NAMES);
                let (v, r) = take_value(rest, &words)
                    .ok_or_else(|| bad("scoring", katago_values(Scoring::NAMES)))?;
                p.scoring = parse_scoring(v);
                r
            }
            "tax" => {
                let words = katago_words(Tax::NAMES);
                let (v, r) = take_value(rest, &words)
                    .ok_or_else(|| bad("tax", katago_values(Tax::NAMES)))?;
                p.tax = parse_tax(v);
                r
            }
            "sui" => {
                let (v, r) = take_value(rest, &["0", "1", "MULTI-STONE", "ALLOWED"])
                    .ok_or_else(|| bad("sui", "0, 1, MULTI-STONE, ALLOWED".to_owned()))?;
                p.suicide = parse_suicide_word(v);
                r
            }
            "whb" => {
                let words = katago_words(HandicapBonus::NAMES);
                let (v, r) = take_value(rest, &words)
                    .ok_or_else(|| bad("whb", katago_values(HandicapBonus::NAMES)))?;
                p.whb = parse_whb(v);
                r
            }
            "cycles" => {
                let words = katago_words(Cycles::NAMES);
                let (v, r) = take_value(rest, &words)
                    .ok_or_else(|| bad("cycles", katago_values(Cycles::NAMES)))?;
                p.cycles = parse_cycles(v);
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

/// The registered Go presets a KataGo rules string may read as, in order of preference.
const PRESETS: &[&str] = &[
    "go/tromp-taylor",
    "go/chinese",
    "go/chinese-ogs",
    "go/japanese",
    "go/korean",
    "go/aga",
    "go/aga-button",
    "go/new-zealand",
    "go/ing",
    "go/stone-scoring",
];

/// The options of each registered preset (a preset that is not registered is skipped).
fn presets() -> &'static [(&'static str, GoConfig)] {
    static PRESET_CONFIGS: OnceLock<Vec<(&'static str, GoConfig)>> = OnceLock::new();
    PRESET_CONFIGS.get_or_init(|| {
        let registry = goishi_board::registry();
        PRESETS
            .iter()
            .filter_map(|id| {
                let info: &'static VariantInfo = registry.get(id)?;
                let config = GoConfig::from_rules(&info.default_rules()).ok()?;
                Some((info.id, config))
            })
            .collect()
    })
}

/// Fills the gaps of what was read, as KataGo does, and picks the variant.
fn resolve(p: Partial) -> KataGoRules {
    let ko = p.ko.unwrap_or(Ko::Positional);
    let suicide = p.suicide.unwrap_or(SuicideValue::Flag(true)).resolve(ko);
    let scoring = p.scoring.unwrap_or(Scoring::Area);
    let tax = p.tax.unwrap_or(if scoring == Scoring::Territory {
        Tax::Seki
    } else {
        Tax::None
    });
    let button = p.button.unwrap_or(false);
    let handicap_bonus = p.whb.unwrap_or(HandicapBonus::Zero);
    let komi_halves = p.komi_halves.unwrap_or(if scoring == Scoring::Territory {
        13
    } else if button {
        14
    } else {
        15
    });
    let mut order: Vec<&(&'static str, GoConfig)> = presets().iter().collect();
    if p.friendly_pass_ok == Some(true) {
        // go/ing before go/tromp-taylor: KataGo's `ing` is Tromp-Taylor with friendly passes.
        order.sort_by_key(|(id, _)| *id != "go/ing");
    }
    let found = order.into_iter().find(|(_, c)| {
        c.ko == ko
            && c.suicide == suicide
            && c.scoring == scoring
            && c.tax == tax
            && c.button == button
            && c.handicap_bonus == handicap_bonus
            && p.cycles.is_none_or(|v| v == c.cycles)
            && p.pass_stones.is_none_or(|v| v == c.pass_stones)
    });
    let (variant, cycles, pass_stones) = match found {
        Some((id, c)) => (
            *id,
            p.cycles.unwrap_or(c.cycles),
            p.pass_stones.unwrap_or(c.pass_stones),
        ),
        None => (
            "go/tromp-taylor",
            p.cycles.unwrap_or(if ko == Ko::Simple {
                Cycles::NoResult
            } else {
                Cycles::Ignore
            }),
            p.pass_stones.unwrap_or(false),
        ),
    };
    KataGoRules {
        variant,
        config: GoConfig {
            suicide,
            ko,
            cycles,
            scoring,
            tax,
            komi_halves,
            handicap_bonus,
            pass_stones,
            button,
        },
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

/// The rules syntax for KataGo's JSON form: `None` unless the text starts with `{`.
pub fn parse_json(text: &str) -> Option<Result<ForeignRules, String>> {
    let t = text.trim_start();
    t.starts_with('{').then(|| {
        read_json(t)
            .map(|r| r.to_foreign())
            .map_err(|e| e.to_string())
    })
}

/// The rules syntax for KataGo's compact form (`koPOSITIONALscoreAREAtaxNONEsui1komi7.5`):
/// `None` unless the text starts with one of its keys followed by a value.
pub fn parse_compact(text: &str) -> Option<Result<ForeignRules, String>> {
    read_compact(text).map(|r| r.map(|r| r.to_foreign()).map_err(|e| e.to_string()))
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

/// The goishi-only options that must be written out: those that reading without them would
/// get wrong.
fn needs_extensions(config: &GoConfig) -> bool {
    let p = Partial {
        ko: Some(config.ko),
        suicide: Some(SuicideValue::Named(config.suicide)),
        scoring: Some(config.scoring),
        tax: Some(config.tax),
        button: Some(config.button),
        whb: Some(config.handicap_bonus),
        komi_halves: Some(config.komi_halves),
        ..Partial::default()
    };
    resolve(p).config != *config
}

/// KataGo's JSON for the rules of a Go variant, as `kata-get-rules` answers: [`to_json`] of
/// its options, with `"friendlyPassOk":true` for `go/ing` (KataGo's `ing`, which has
/// Tromp-Taylor's options otherwise), so that the variant reads back too.
pub fn rules_to_json(variant: &VariantInfo, config: &GoConfig) -> String {
    let json = to_json(config);
    if variant.id == "go/ing" {
        if let Some(body) = json.strip_prefix('{') {
            return format!("{{\"friendlyPassOk\":true,{body}");
        }
    }
    json
}

/// KataGo's JSON for these rules; reads back to the same options through [`parse_json`].
pub fn to_json(config: &GoConfig) -> String {
    let suicide = match SuicideValue::written(config.suicide, config.ko) {
        SuicideValue::Flag(flag) => flag.to_string(),
        SuicideValue::Named(s) => format!("\"{}\"", s.name().to_ascii_uppercase()),
    };
    let mut out = format!(
        "{{\"ko\":\"{}\",\"scoring\":\"{}\",\"tax\":\"{}\",\"suicide\":{},\"hasButton\":{},\"whiteHandicapBonus\":\"{}\"",
        config.ko.name().to_ascii_uppercase(),
        config.scoring.name().to_ascii_uppercase(),
        config.tax.name().to_ascii_uppercase(),
        suicide,
        config.button,
        config.handicap_bonus.name().to_ascii_uppercase(),
    );
    if needs_extensions(config) {
        out.push_str(&format!(
            ",\"cycles\":\"{}\",\"passStones\":{}",
            config.cycles.name().to_ascii_uppercase(),
            config.pass_stones
        ));
    }
    out.push_str(&format!(
        ",\"komi\":{}}}",
        format_halves(i64::from(config.komi_halves))
    ));
    out
}

/// KataGo's compact form for these rules; reads back to the same options through
/// [`parse_compact`].
pub fn to_compact(config: &GoConfig) -> String {
    let mut out = format!(
        "ko{}score{}tax{}sui{}",
        config.ko.name().to_ascii_uppercase(),
        config.scoring.name().to_ascii_uppercase(),
        config.tax.name().to_ascii_uppercase(),
        match SuicideValue::written(config.suicide, config.ko) {
            SuicideValue::Flag(flag) => u8::from(flag).to_string(),
            SuicideValue::Named(s) => s.name().to_ascii_uppercase(),
        }
    );
    if config.button {
        out.push_str("button1");
    }
    if config.handicap_bonus != HandicapBonus::Zero {
        out.push_str("whb");
        out.push_str(&config.handicap_bonus.name().to_ascii_uppercase());
    }
    if needs_extensions(config) {
        out.push_str(&format!(
            "cycles{}passStones{}",
            config.cycles.name().to_ascii_uppercase(),
            u8::from(config.pass_stones)
        ));
    }
    out.push_str("komi");
    out.push_str(&format_halves(i64::from(config.komi_halves)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tt() -> GoConfig {
        GoConfig {
            suicide: Suicide::Allowed,
            ko: Ko::Positional,
            cycles: Cycles::Ignore,
            scoring: Scoring::Area,
            tax: Tax::None,
            komi_halves: 15,
            handicap_bonus: HandicapBonus::Zero,
            pass_stones: false,
            button: false,
        }
    }

    /// Every combination of options, with a few komi values.
    fn all_configs() -> Vec<GoConfig> {
        let mut out = Vec::new();
        for ko in [
            Ko::None,
            Ko::Simple,
            Ko::Positional,
            Ko::Situational,
            Ko::NaturalSituational,
            Ko::Spight,
        ] {
            for suicide in [Suicide::Forbidden, Suicide::MultiStone, Suicide::Allowed] {
                for cycles in [Cycles::Ignore, Cycles::NoResult] {
                    for scoring in [Scoring::Area, Scoring::Territory, Scoring::Stones] {
                        for tax in [Tax::None, Tax::Seki, Tax::All] {
                            for handicap_bonus in [
                                HandicapBonus::Zero,
                                HandicapBonus::N,
                                HandicapBonus::NMinusOne,
                            ] {
                                for (pass_stones, button) in
                                    [(false, false), (true, false), (false, true), (true, true)]
                                {
                                    for komi_halves in [15, -1000, 1000, 0, -1, 13] {
                                        out.push(GoConfig {
                                            suicide,
                                            ko,
                                            cycles,
                                            scoring,
                                            tax,
                                            komi_halves,
                                            handicap_bonus,
                                            pass_stones,
                                            button,
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn json_and_compact_round_trip_every_configuration() {
        for c in all_configs() {
            let json = to_json(&c);
            let back = read_json(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(back.config, c, "{json}");
            let compact = to_compact(&c);
            let back = read_compact(&compact)
                .unwrap_or_else(|| panic!("{compact} not recognised"))
                .unwrap_or_else(|e| panic!("{compact}: {e}"));
            assert_eq!(back.config, c, "{compact}");
            // The overrides name every option in canonical form.
            let foreign = parse_json(&json).unwrap().unwrap();
            assert_eq!(foreign.overrides.len(), 9);
            assert_eq!(
                foreign.overrides[0],
                ("ko".to_owned(), c.ko.name().to_owned())
            );
        }
    }

    #[test]
    fn katago_output_is_plain_katago_for_katago_rules() {
        // Tromp-Taylor, with KataGo's keys only.
        assert_eq!(
            to_json(&tt()),
            r#"{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0","komi":7.5}"#
        );
        assert_eq!(to_compact(&tt()), "koPOSITIONALscoreAREAtaxNONEsui1komi7.5");
        let mut c = tt();
        c.ko = Ko::Situational;
        c.button = true;
        c.suicide = Suicide::Forbidden;
        c.handicap_bonus = HandicapBonus::NMinusOne;
        c.komi_halves = 14;
        assert_eq!(
            to_compact(&c),
            "koSITUATIONALscoreAREAtaxNONEsui0button1whbN-1komi7"
        );
        // Simple ko with cycles ignored: KataGo would read no-result, so goishi says so.
        let mut c = tt();
        c.ko = Ko::Simple;
        let json = to_json(&c);
        assert!(
            json.contains(r#""cycles":"IGNORE","passStones":false"#),
            "{json}"
        );
    }

    #[test]
    fn katago_defaults() {
        let r = read_json("{}").unwrap();
        assert_eq!(r.config, tt());
        assert_eq!(r.variant, "go/tromp-taylor");
        let r = read_json(r#"{"scoring":"TERRITORY"}"#).unwrap();
        assert_eq!((r.config.tax, r.config.komi_halves), (Tax::Seki, 13));
        let r = read_json(r#"{"hasButton":true}"#).unwrap();
        assert_eq!(r.config.komi_halves, 14);
        let r = read_json(r#"{"ko":"SIMPLE","suicide":false}"#).unwrap();
        assert_eq!(r.config.cycles, Cycles::NoResult);
        let r = read_json(r#"{"komi":-3}"#).unwrap();
        assert_eq!(r.config.komi_halves, -6);
        // The compact form defaults the same way; KataGo writes `score`, `scoring` works too.
        let r = read_compact("koSIMPLEscoringTERRITORY").unwrap().unwrap();
        assert_eq!((r.config.tax, r.config.komi_halves), (Tax::Seki, 13));
        let r = read_compact("komi0.5 koSPIGHT  fpok1").unwrap().unwrap();
        assert_eq!((r.config.ko, r.config.komi_halves), (Ko::Spight, 1));
        // Values ignore case.
        let r = read_json(r#"{"ko":"natural_situational","scoring":"Stones"}"#).unwrap();
        assert_eq!(
            (r.config.ko, r.config.scoring),
            (Ko::NaturalSituational, Scoring::Stones)
        );
    }

    #[test]
    fn recognises_only_its_own_forms() {
        for text in [
            "tromp-taylor",
            "korean",
            "Japanese",
            "go/chinese:komi=7",
            "komi",
            "ko",
            "kosimple",
            "scoring",
            "",
            "[1]",
        ] {
            assert_eq!(parse_compact(text), None, "{text}");
            assert_eq!(parse_json(text), None, "{text}");
        }
        assert!(parse_json("  {}").is_some());
        assert!(parse_compact("koSIMPLE").is_some());
        assert!(parse_compact("komi7").is_some());
        assert!(parse_compact("sui1").is_some());
    }

    #[test]
    fn json_errors() {
        let cases: &[(&str, &str)] = &[
            (
                r#"{"ko":"POSITINAL"}"#,
                r#"unknown ko rule "POSITINAL"; expected one of: NONE, SIMPLE, POSITIONAL, SITUATIONAL, NATURAL-SITUATIONAL, SPIGHT"#,
            ),
            (
                r#"{"koRule":"SIMPLE"}"#,
                r#"unknown rules key "koRule"; expected one of: ko, scoring, score, tax, suicide, hasButton, whiteHandicapBonus, friendlyPassOk, komi, cycles, passStones"#,
            ),
            (
                r#"{"scoring":"JAPANESE"}"#,
                r#"unknown scoring rule "JAPANESE"; expected one of: AREA, TERRITORY, STONES"#,
            ),
            (
                r#"{"tax":"SOME"}"#,
                r#"unknown tax rule "SOME"; expected one of: NONE, SEKI, ALL"#,
            ),
            (
                r#"{"suicide":"maybe"}"#,
                r#"unknown suicide rule "maybe"; expected one of: true, false, MULTI-STONE, ALLOWED"#,
            ),
            (
                r#"{"suicide":1}"#,
                r#"suicide must be true, false, "MULTI-STONE" or "ALLOWED", found 1"#,
            ),
            (
                r#"{"hasButton":"yes"}"#,
                r#"hasButton must be true or false, found "yes""#,
            ),
            (r#"{"ko":3}"#, "ko must be a string, found 3"),
            (
                r#"{"whiteHandicapBonus":"N+1"}"#,
                r#"unknown whiteHandicapBonus rule "N+1"; expected one of: 0, N, N-1"#,
            ),
            (
                r#"{"friendlyPassOk":null}"#,
                "friendlyPassOk must be true or false, found null",
            ),
            (
                r#"{"komi":7.25}"#,
                "invalid komi 7.25; expected a multiple of 0.5 from -500 to 500",
            ),
            (
                r#"{"komi":500.5}"#,
                "invalid komi 500.5; expected a multiple of 0.5 from -500 to 500",
            ),
            (r#"{"komi":"7.5"}"#, r#"komi must be a number, found "7.5""#),
            (
                r#"{"komi":1e400}"#,
                "invalid JSON: number out of range at line 1 column 13",
            ),
            (
                r#"{"cycles":"SOMETIMES"}"#,
                r#"unknown cycles rule "SOMETIMES"; expected one of: IGNORE, NO-RESULT"#,
            ),
            (
                r#"{"passStones":0}"#,
                "passStones must be true or false, found 0",
            ),
            (
                r#"{"ko":"SIMPLE""#,
                "invalid JSON: EOF while parsing an object at line 1 column 14",
            ),
        ];
        for (text, message) in cases {
            let err = parse_json(text).unwrap().unwrap_err();
            assert_eq!(&err, message, "{text}");
        }
        assert_eq!(
            read_json("[1]").unwrap_err(),
            KataGoRulesError::NotAnObject("an array")
        );
    }

    #[test]
    fn compact_errors() {
        let cases: &[(&str, &str)] = &[
            (
                "koPOSITINALscoreAREA",
                r#"unknown ko rule "POSITINAL"; expected one of: NONE, SIMPLE, POSITIONAL, SITUATIONAL, NATURAL-SITUATIONAL, SPIGHT"#,
            ),
            (
                "koSIMPLEscoreJAPANESE",
                r#"unknown scoring rule "JAPANESE"; expected one of: AREA, TERRITORY, STONES"#,
            ),
            (
                "koSIMPLEtaxSOME",
                r#"unknown tax rule "SOME"; expected one of: NONE, SEKI, ALL"#,
            ),
            (
                "sui2",
                r#"unknown sui rule "2"; expected one of: 0, 1, MULTI-STONE, ALLOWED"#,
            ),
            (
                "koSIMPLEbutton2",
                r#"unknown button rule "2"; expected one of: 0, 1"#,
            ),
            (
                "koSIMPLEfpokX",
                r#"unknown fpok rule "X"; expected one of: 0, 1"#,
            ),
            (
                "koSIMPLEpassStones7",
                r#"unknown passStones rule "7"; expected one of: 0, 1"#,
            ),
            (
                "whbM",
                r#"unknown whb rule "M"; expected one of: 0, N, N-1"#,
            ),
            (
                "koSIMPLEcyclesNEVER",
                r#"unknown cycles rule "NEVER"; expected one of: IGNORE, NO-RESULT"#,
            ),
            (
                "koSIMPLEkomi7.25",
                r#"invalid komi "7.25"; expected a multiple of 0.5 from -500 to 500"#,
            ),
            (
                "komi501",
                r#"invalid komi "501"; expected a multiple of 0.5 from -500 to 500"#,
            ),
            (
                "komi-7.5.5",
                r#"invalid komi "-7.5.5"; expected a multiple of 0.5 from -500 to 500"#,
            ),
            (
                "koSIMPLE rules",
                r#"unexpected "rules" in compact rules; expected one of: ko, score, scoring, tax, sui, button, whb, fpok, komi, cycles, passStones"#,
            ),
            (
                "koSIMPLEgarbage",
                r#"unexpected "garbage" in compact rules; expected one of: ko, score, scoring, tax, sui, button, whb, fpok, komi, cycles, passStones"#,
            ),
        ];
        for (text, message) in cases {
            let err = parse_compact(text)
                .unwrap_or_else(|| panic!("{text} not recognised"))
                .unwrap_err();
            assert_eq!(&err, message, "{text}");
        }
        // N-1 is read before N.
        let r = read_compact("whbN-1").unwrap().unwrap();
        assert_eq!(r.config.handicap_bonus, HandicapBonus::NMinusOne);
    }

    /// KataGo's `kata-get-rules` JSON for each of its named rules (from its `Rules` table).
    const KATAGO_NAMED: &[(&str, &str, &str)] = &[
        (
            "japanese",
            r#"{"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":false,"komi":6.5}"#,
            "go/japanese",
        ),
        (
            "chinese",
            r#"{"ko":"SIMPLE","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N","friendlyPassOk":true,"komi":7.5}"#,
            "go/chinese",
        ),
        (
            "chinese-ogs",
            r#"{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N","friendlyPassOk":true,"komi":7.5}"#,
            "go/chinese-ogs",
        ),
        (
            "aga",
            r#"{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N-1","friendlyPassOk":true,"komi":7.5}"#,
            "go/aga",
        ),
        (
            "aga-button",
            r#"{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":true,"whiteHandicapBonus":"N-1","friendlyPassOk":true,"komi":7.0}"#,
            "go/aga-button",
        ),
        // KataGo's New Zealand rules allow the self-capture of two stones or more, never of one
        // (its `suicide` flag is multi-stone suicide); goishi's `new-zealand` allows both.
        (
            "tromp-taylor:ko=situational,suicide=multi-stone",
            r#"{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":true,"komi":7.5}"#,
            "go/tromp-taylor",
        ),
        (
            "tromp-taylor",
            r#"{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":false,"komi":7.5}"#,
            "go/tromp-taylor",
        ),
        (
            "ing",
            r#"{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":true,"komi":7.5}"#,
            "go/ing",
        ),
        // KataGo's stone scoring is area scoring with the group tax: no goishi preset has
        // those options (go/stone-scoring counts stones), so it reads as Tromp-Taylor with
        // overrides, and long cycles end with no result as under KataGo's simple ko.
        (
            "tromp-taylor:ko=simple,suicide=forbidden,tax=all,cycles=no-result",
            r#"{"ko":"SIMPLE","scoring":"AREA","tax":"ALL","suicide":false,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":true,"komi":7.5}"#,
            "go/tromp-taylor",
        ),
    ];

    #[test]
    fn katago_named_rules_read_as_the_goishi_presets() {
        for (goishi, json, variant) in KATAGO_NAMED {
            let r = read_json(json).unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(r.variant, *variant, "{json}");
            let from_json = goishi_board::Rules::parse(json).unwrap();
            let named = goishi_board::Rules::parse(goishi).unwrap();
            assert_eq!(from_json, named, "{json} vs {goishi}");
            assert_eq!(GoConfig::from_rules(&from_json).unwrap(), r.config);
        }
    }

    /// KataGo's `suicide` flag is multi-stone suicide: a lone stone's self-capture stays
    /// illegal. Under positional superko and Spight's rule, where that self-capture recreates
    /// the board, the flag reads as `allowed`.
    #[test]
    fn katago_suicide_flag_is_multi_stone_suicide() {
        let suicide = |text: &str| read_json(text).unwrap().config.suicide;
        assert_eq!(
            suicide(r#"{"ko":"SIMPLE","suicide":true}"#),
            Suicide::MultiStone
        );
        assert_eq!(suicide(r#"{"ko":"SITUATIONAL"}"#), Suicide::MultiStone);
        assert_eq!(
            suicide(r#"{"ko":"NONE","suicide":"TRUE"}"#),
            Suicide::MultiStone
        );
        assert_eq!(
            suicide(r#"{"ko":"POSITIONAL","suicide":true}"#),
            Suicide::Allowed
        );
        assert_eq!(suicide(r#"{"ko":"SPIGHT"}"#), Suicide::Allowed);
        assert_eq!(
            suicide(r#"{"ko":"SIMPLE","suicide":false}"#),
            Suicide::Forbidden
        );
        assert_eq!(
            suicide(r#"{"ko":"SIMPLE","suicide":"ALLOWED"}"#),
            Suicide::Allowed
        );
        assert_eq!(
            suicide(r#"{"ko":"POSITIONAL","suicide":"MULTI-STONE"}"#),
            Suicide::MultiStone
        );
        let compact = |text: &str| read_compact(text).unwrap().unwrap().config.suicide;
        assert_eq!(compact("koSITUATIONALsui1"), Suicide::MultiStone);
        assert_eq!(compact("koPOSITIONALsui1"), Suicide::Allowed);
        assert_eq!(compact("koSIMPLEsuiALLOWED"), Suicide::Allowed);
        // Written: KataGo's flag where it says the option, goishi's word where it cannot.
        let config = |rules: &str| {
            GoConfig::from_rules(&goishi_board::Rules::parse(rules).unwrap()).unwrap()
        };
        for (rules, json, compact) in [
            ("go/new-zealand", r#""suicide":"ALLOWED""#, "suiALLOWED"),
            ("go/tromp-taylor", r#""suicide":true"#, "sui1"),
            (
                "go/tromp-taylor:ko=simple,suicide=multi-stone",
                r#""suicide":true"#,
                "sui1",
            ),
            (
                "go/tromp-taylor:suicide=multi-stone",
                r#""suicide":"MULTI-STONE""#,
                "suiMULTI-STONE",
            ),
            ("go/chinese", r#""suicide":false"#, "sui0"),
        ] {
            let c = config(rules);
            assert!(to_json(&c).contains(json), "{rules}: {}", to_json(&c));
            assert!(
                to_compact(&c).contains(compact),
                "{rules}: {}",
                to_compact(&c)
            );
            assert_eq!(read_json(&to_json(&c)).unwrap().config, c, "{rules}");
            assert_eq!(
                read_compact(&to_compact(&c)).unwrap().unwrap().config,
                c,
                "{rules}"
            );
        }
    }

    #[test]
    fn every_preset_writes_out_and_reads_back() {
        let registry = goishi_board::registry();
        let mut seen = 0;
        for info in crate::VARIANTS {
            let rules = registry.get(info.id).unwrap().default_rules();
            let config = GoConfig::from_rules(&rules).unwrap();
            for text in [to_json(&config), to_compact(&config)] {
                let back =
                    goishi_board::Rules::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(GoConfig::from_rules(&back).unwrap(), config, "{text}");
                // Presets with the options of another read as the first of them.
                let expected = match info.id {
                    "go/korean" => "go/japanese",
                    "go/ing" => "go/tromp-taylor",
                    id => id,
                };
                assert_eq!(back.variant().id, expected, "{text}");
                assert_eq!(back.to_string(), expected, "{text}");
            }
            // As kata-get-rules writes it, every preset but Korean (Japanese's options) reads
            // back by name, Ing by its friendly passes.
            let json = rules_to_json(info, &config);
            let back = goishi_board::Rules::parse(&json).unwrap();
            let expected = if info.id == "go/korean" {
                "go/japanese"
            } else {
                info.id
            };
            assert_eq!(back.variant().id, expected, "{json}");
            seen += 1;
        }
        assert_eq!(seen, 10);
        // The presets need none of goishi's own keys: KataGo reads their JSON as it is.
        let japanese =
            GoConfig::from_rules(&goishi_board::Rules::parse("japanese").unwrap()).unwrap();
        assert_eq!(
            to_json(&japanese),
            r#"{"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0","komi":6.5}"#
        );
        let aga = GoConfig::from_rules(&goishi_board::Rules::parse("aga").unwrap()).unwrap();
        assert_eq!(
            to_compact(&aga),
            "koSITUATIONALscoreAREAtaxNONEsui0whbN-1komi7.5"
        );
    }

    #[test]
    fn rules_strings_accept_both_forms() {
        let r = goishi_board::Rules::parse("koSIMPLEscoreTERRITORYtaxSEKIsui0komi6.5").unwrap();
        assert_eq!(r, goishi_board::Rules::parse("japanese").unwrap());
        let r = goishi_board::Rules::parse("koPOSITIONALscoreAREAtaxNONEsui1komi0").unwrap();
        assert_eq!(r.to_string(), "go/tromp-taylor:komi=0");
        let r = goishi_board::Rules::parse(r#" {"ko":"NATURAL-SITUATIONAL","passStones":true}"#)
            .unwrap();
        assert_eq!(
            r.to_string(),
            "go/tromp-taylor:ko=natural-situational,suicide=multi-stone,pass-stones=true"
        );
        let err = goishi_board::Rules::parse(r#"{"ko":"POSITINAL"}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"katago-json rules: unknown ko rule "POSITINAL"; expected one of: NONE, SIMPLE, POSITIONAL, SITUATIONAL, NATURAL-SITUATIONAL, SPIGHT"#
        );
        let err = goishi_board::Rules::parse("koSIMPLEkomi7.3").unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"katago-compact rules: invalid komi "7.3"; expected a multiple of 0.5 from -500 to 500"#
        );
        // The names other forms are not taken for KataGo's.
        assert_eq!(
            goishi_board::Rules::parse("korean").unwrap().variant().id,
            "go/korean"
        );
        assert_eq!(
            SYNTAXES.iter().map(|s| s.name).collect::<Vec<_>>(),
            ["katago-json", "katago-compact"]
        );
    }

    #[test]
    fn no_input_panics() {
        // Every prefix of every written form, and a seeded stream of mutations of them.
        let seed: u64 = 0x9E37_79B9;
        println!("seed {seed:#x}");
        let mut state = seed;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 33) as usize
        };
        let alphabet: Vec<char> = "{}[]\":,.-+01579eENkoSIMPLEscoreAREAtaxsuikomi é\u{0}\n"
            .chars()
            .collect();
        for c in all_configs().iter().step_by(97) {
            for text in [to_json(c), to_compact(c)] {
                for (cut, _) in text.char_indices() {
                    let prefix = &text[..cut];
                    let _ = parse_json(prefix);
                    let _ = parse_compact(prefix);
                }
                for _ in 0..20 {
                    let mut chars: Vec<char> = text.chars().collect();
                    let at = next() % (chars.len() + 1);
                    match next() % 3 {
                        0 if at < chars.len() => {
                            chars.remove(at);
                        }
                        _ => chars.insert(at, alphabet[next() % alphabet.len()]),
                    }
                    let mutated: String = chars.into_iter().collect();
                    if let Some(Ok(r)) = parse_json(&mutated) {
                        // Whatever was accepted names a real option value.
                        assert_eq!(r.overrides.len(), 9, "{mutated}");
                    }
                    if let Some(Ok(r)) = parse_compact(&mutated) {
                        assert_eq!(r.overrides.len(), 9, "{mutated}");
                    }
                }
            }
        }
    }
}
