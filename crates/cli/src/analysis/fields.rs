//! The readers of a query's fields: each checks the JSON value of its field and names the
//! field when the value is wrong ([`Problem::at`]).

use goishi::{shorten, Color, Geometry, Move, Rules, Setup, Turn};
use serde_json::{Map, Value};

use super::query::{Problem, Restriction, MAX_MOVES};
use crate::common::parse_rules;

pub(super) fn read_rules(object: &Map<String, Value>) -> Result<Rules, Problem> {
    let text = match object.get("rules") {
        Some(Value::String(s)) => {
            crate::go_ext::katago_rules_name(s).map_or_else(|| s.clone(), str::to_owned)
        }
        Some(v @ Value::Object(_)) => v.to_string(),
        Some(_) => {
            return Err(Problem::at(
                "rules",
                "expected a rules string or KataGo's rules object",
            ))
        }
        None => {
            return Err(Problem::at(
                "rules",
                "missing: name the rules (\"chinese\", \"japanese\", KataGo's rules object, \
                 or a goishi rules string such as \"contact/2b\")",
            ))
        }
    };
    parse_rules(&text).map_err(|e| Problem::at("rules", e.to_string()))
}

pub(super) fn side(object: &Map<String, Value>, field: &str) -> Result<Option<u32>, Problem> {
    match object.get(field) {
        None => Ok(None),
        Some(v) => v
            .as_u64()
            .filter(|n| (1..=u64::from(u32::MAX)).contains(n))
            .map(|n| Some(n as u32))
            .ok_or_else(|| Problem::at(field, "expected a whole number of points")),
    }
}

pub(super) fn number(object: &Map<String, Value>, field: &str) -> Result<f64, Problem> {
    object
        .get(field)
        .and_then(Value::as_f64)
        .ok_or_else(|| Problem::at(field, "expected a number"))
}

pub(super) fn flag(object: &Map<String, Value>, field: &str) -> Result<bool, Problem> {
    match object.get(field) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(Problem::at(field, "expected true or false")),
    }
}

/// A count of visits: a whole number from 1 (a float with no fraction is taken; a number
/// past u64 is read as the largest).
pub(super) fn count(value: &Value, field: &str) -> Result<u64, Problem> {
    let top = field.split('.').next().unwrap_or(field);
    if let Some(n) = value.as_u64().filter(|&n| n >= 1) {
        return Ok(n);
    }
    match value.as_f64() {
        Some(f) if f >= 1.0 && f.fract() == 0.0 => Ok(f.min(u64::MAX as f64) as u64),
        _ => Err(Problem::at(
            top,
            format!("{field}: expected a whole number from 1"),
        )),
    }
}

pub(super) fn color(value: &Value, field: &str) -> Result<Color, Problem> {
    value
        .as_str()
        .and_then(|s| s.parse::<Color>().ok())
        .ok_or_else(|| {
            Problem::at(
                field,
                format!(
                    "invalid player {}; expected \"B\" or \"W\"",
                    shorten(&value.to_string())
                ),
            )
        })
}

/// A vertex as KataGo reads it: `pass`, a GTP vertex or the board's point name, or `(x,y)`
/// (column and row from the top left) on a grid.
pub fn parse_move(geometry: &Geometry, text: &str) -> Result<Move, String> {
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    if let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        let xy: Vec<Option<u32>> = inner.split(',').map(|n| n.trim().parse().ok()).collect();
        if let [Some(x), Some(y)] = xy[..] {
            if *geometry.topology() != goishi::Topology::Graph && y < geometry.height() {
                if let Some(p) = geometry.at(x, geometry.height() - 1 - y) {
                    return Ok(Move::Place(p));
                }
            }
        }
        return Err(format!(
            "invalid vertex {:?}: off the {} board",
            shorten(text),
            geometry.describe()
        ));
    }
    geometry
        .parse_point(text)
        .map(Move::Place)
        .map_err(|e| format!("invalid vertex {:?}: {e}", shorten(text)))
}

pub(super) fn turn_text(geometry: &Geometry, t: &Turn) -> String {
    let letter = if t.color == Color::Black { "B" } else { "W" };
    match t.mv {
        Move::Place(p) => format!("{letter} {}", geometry.point_name(p)),
        _ => format!("{letter} pass"),
    }
}

/// A list of `[player, vertex]` pairs, at most `max`.
pub(super) fn turns_of(
    value: &Value,
    field: &str,
    geometry: &Geometry,
    max: usize,
) -> Result<Vec<Turn>, Problem> {
    let Value::Array(list) = value else {
        return Err(Problem::at(
            field,
            "expected a list of [player, vertex] pairs",
        ));
    };
    if list.len() > max {
        return Err(Problem::at(
            field,
            format!("{} entries; at most {max} are read", list.len()),
        ));
    }
    list.iter()
        .enumerate()
        .map(|(i, entry)| {
            let pair = entry.as_array().filter(|a| a.len() == 2).ok_or_else(|| {
                Problem::at(field, format!("entry {}: expected [player, vertex]", i + 1))
            })?;
            let c = color(&pair[0], field)?;
            let text = pair[1].as_str().ok_or_else(|| {
                Problem::at(field, format!("entry {}: expected a vertex string", i + 1))
            })?;
            let mv = parse_move(geometry, text)
                .map_err(|e| Problem::at(field, format!("entry {}: {e}", i + 1)))?;
            Ok(Turn { color: c, mv })
        })
        .collect()
}

pub(super) fn read_stones(
    object: &Map<String, Value>,
    geometry: &Geometry,
    setup: &mut Setup,
) -> Result<(), Problem> {
    let Some(v) = object.get("initialStones") else {
        return Ok(());
    };
    let stones = turns_of(v, "initialStones", geometry, geometry.num_points())?;
    for t in &stones {
        let Move::Place(p) = t.mv else {
            return Err(Problem::at(
                "initialStones",
                "a stone needs a vertex, not a pass",
            ));
        };
        if setup.board.get(p).is_some() {
            return Err(Problem::at(
                "initialStones",
                format!("{} is given twice", geometry.point_name(p)),
            ));
        }
        setup.board.set(p, Some(t.color));
    }
    // Black stones alone are handicap stones (for the rules' handicap bonus), as KataGo counts.
    if stones.len() >= 2 && stones.iter().all(|t| t.color == Color::Black) {
        setup.handicap = stones.len() as u32;
    }
    Ok(())
}

/// A list of turn numbers, each at most `last`.
pub(super) fn turn_list(value: &Value, field: &str, last: usize) -> Result<Vec<usize>, Problem> {
    let Value::Array(list) = value else {
        return Err(Problem::at(field, "expected a list of turn numbers"));
    };
    if list.len() > MAX_MOVES + 1 {
        return Err(Problem::at(
            field,
            format!("{} turns; at most {} are read", list.len(), MAX_MOVES + 1),
        ));
    }
    list.iter()
        .map(|t| match t.as_u64() {
            Some(n) if n <= last as u64 => Ok(n as usize),
            Some(n) => Err(Problem::at(
                field,
                format!("turn {n} is past the end of the game (turn {last}, after the last move)"),
            )),
            None => Err(Problem::at(
                field,
                format!(
                    "invalid turn {}; expected a whole number from 0",
                    shorten(&t.to_string())
                ),
            )),
        })
        .collect()
}

/// `avoidMoves` or `allowMoves`: `[{"player":"B","moves":["C3","pass"],"untilDepth":1}]`.
pub(super) fn restrictions(
    object: &Map<String, Value>,
    field: &str,
    geometry: &Geometry,
    allow: bool,
) -> Result<Vec<Restriction>, Problem> {
    let Some(v) = object.get(field) else {
        return Ok(Vec::new());
    };
    let Value::Array(list) = v else {
        return Err(Problem::at(
            field,
            "expected a list of {\"player\", \"moves\", \"untilDepth\"} objects",
        ));
    };
    list.iter()
        .map(|entry| {
            let Value::Object(entry) = entry else {
                return Err(Problem::at(
                    field,
                    "expected objects with player, moves and untilDepth",
                ));
            };
            let c = color(entry.get("player").unwrap_or(&Value::Null), field)?;
            let depth = entry
                .get("untilDepth")
                .and_then(Value::as_u64)
                .filter(|&d| d >= 1)
                .ok_or_else(|| Problem::at(field, "untilDepth: expected a whole number from 1"))?;
            let Some(Value::Array(moves)) = entry.get("moves") else {
                return Err(Problem::at(field, "moves: expected a list of vertices"));
            };
            let moves = moves
                .iter()
                .map(|m| {
                    m.as_str()
                        .ok_or_else(|| "expected a vertex string".to_owned())
                        .and_then(|t| parse_move(geometry, t))
                        .map_err(|e| Problem::at(field, e))
                })
                .collect::<Result<Vec<Move>, Problem>>()?;
            Ok(Restriction {
                color: c,
                moves,
                until_depth: depth.min(u64::from(u32::MAX)) as u32,
                allow,
            })
        })
        .collect()
}
