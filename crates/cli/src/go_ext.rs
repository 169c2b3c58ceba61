//! The Go-specific parts of the tool: KataGo's rules JSON and names, and GTP's fixed handicap
//! placement.

use goishi::go::{handicap, katago, GoConfig};
use goishi::{Geometry, Point, Rules};

/// KataGo's JSON form of Go rules (`kata-get-rules`).
pub fn katago_json(rules: &Rules) -> Result<String, String> {
    let config = GoConfig::from_rules(rules).map_err(|e| e.to_string())?;
    Ok(katago::rules_to_json(rules.variant(), &config))
}

/// The points of GTP's `fixed_handicap`.
pub fn fixed_handicap(geometry: &Geometry, stones: u32) -> Result<Vec<Point>, String> {
    handicap::fixed_handicap(geometry, stones).map_err(|e| e.to_string())
}

/// KataGo's rules names that goishi's registry does not know, as KataGo's rules JSON.
const KATAGO_NAMES: &[(&str, &str)] = &[(
    "ancient-territory",
    r#"{"ko":"SIMPLE","scoring":"TERRITORY","tax":"ALL","suicide":false,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":false}"#,
)];

/// The rules JSON of a KataGo rules name (`_` for `-`, any case) that no goishi variant or
/// alias has; `None` for every other name.
pub fn katago_rules_name(name: &str) -> Option<&'static str> {
    let key = name.trim().to_ascii_lowercase().replace('_', "-");
    KATAGO_NAMES
        .iter()
        .find(|(n, _)| *n == key)
        .map(|(_, json)| *json)
}
