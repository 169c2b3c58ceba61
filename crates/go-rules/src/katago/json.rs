//! The parser of KataGo's JSON form (`{"ko":"POSITIONAL","scoring":"AREA",...}`): each key
//! read into the options as given, before the defaults.

use super::resolve::{Partial, SuicideValue};
use super::{
    katago_words, komi_halves, parse_choice, parse_suicide_word, Choice, KataGoRulesError,
    SUICIDE_VALUES,
};

const JSON_KEYS: &str = "ko, scoring, score, tax, suicide, hasButton, whiteHandicapBonus, friendlyPassOk, komi, cycles, passStones";

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

/// The option value of a JSON string under `key`, or the error naming the values it takes.
fn json_choice<T: Choice>(key: &'static str, v: &serde_json::Value) -> Result<T, KataGoRulesError> {
    let text = v.as_str().ok_or_else(|| KataGoRulesError::WrongType {
        key,
        expected: "a string",
        found: v.to_string(),
    })?;
    parse_choice(text).ok_or_else(|| {
        let words = katago_words(T::NAMES);
        KataGoRulesError::BadValue {
            key,
            value: v.to_string(),
            expected: words.join(", "),
            suggestion: goishi_board::closest(text, words.iter().map(String::as_str))
                .map(str::to_owned),
        }
    })
}

pub(super) fn read_json_partial(text: &str) -> Result<Partial, KataGoRulesError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| KataGoRulesError::Json(e.to_string()))?;
    let serde_json::Value::Object(map) = value else {
        return Err(KataGoRulesError::NotAnObject(json_type(&value)));
    };
    let mut p = Partial::default();
    for (key, v) in &map {
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
            suggestion: None,
        };
        match key.as_str() {
            "ko" => p.ko = Some(json_choice("ko", v)?),
            "scoring" | "score" => p.scoring = Some(json_choice("scoring", v)?),
            "tax" => p.tax = Some(json_choice("tax", v)?),
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
            "whiteHandicapBonus" => p.whb = Some(json_choice("whiteHandicapBonus", v)?),
            "friendlyPassOk" => p.friendly_pass_ok = Some(bool_of("friendlyPassOk")?),
            "komi" => {
                let k = v.as_f64().ok_or_else(|| KataGoRulesError::WrongType {
                    key: "komi",
                    expected: "a number",
                    found: v.to_string(),
                })?;
                p.komi_halves = Some(komi_halves(k, &v.to_string())?);
            }
            "cycles" => p.cycles = Some(json_choice("cycles", v)?),
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
