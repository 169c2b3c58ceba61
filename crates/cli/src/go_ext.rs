//! The Go-specific parts of the tool: KataGo's rules JSON and GTP's fixed handicap placement.

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
