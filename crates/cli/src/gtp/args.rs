//! Parsing the arguments of commands (colours, times, counts) with GTP's `syntax error`
//! messages, and writing vertex lists.

use goishi::{shorten, Color, Geometry, Point};

/// A colour as GTP writes it (`b`, `w`, `black`, `white`, any case), or GTP's syntax error.
pub fn parse_color(text: &str) -> Result<Color, String> {
    text.parse::<Color>()
        .map_err(|e| format!("syntax error: {e}"))
}

/// A whole number of seconds (or stones) of a time setting, or GTP's syntax error.
pub fn parse_time(text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "syntax error: invalid time or stone count {:?}; expected a whole number",
            shorten(text)
        ));
    }
    if text.len() > 12 {
        return Err(format!(
            "syntax error: invalid time or stone count {:?}; expected at most 12 digits",
            shorten(text)
        ));
    }
    text.parse()
        .map_err(|_| format!("syntax error: invalid number {:?}", shorten(text)))
}

/// A count of `what` (a handicap, a number of stones), or an error naming it.
pub fn parse_count(text: &str, what: &str) -> Result<u32, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "syntax error: invalid {what} {:?}; expected a whole number",
            shorten(text)
        ));
    }
    if text.len() > 9 {
        return Err(format!(
            "invalid {what} {:?}; expected at most 9 digits",
            shorten(text)
        ));
    }
    text.parse()
        .map_err(|_| format!("syntax error: invalid {what} {:?}", shorten(text)))
}

/// `points` as GTP's vertex list: their names, separated by spaces.
pub fn vertex_list(geometry: &Geometry, points: impl IntoIterator<Item = Point>) -> String {
    points
        .into_iter()
        .map(|p| geometry.point_name(p))
        .collect::<Vec<_>>()
        .join(" ")
}
