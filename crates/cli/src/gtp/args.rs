//! Parsing the arguments of commands (colours, times, counts) with GTP's `syntax error`
//! messages, and writing vertex lists.

use goishi::{shorten, Color, Geometry, Point};

pub fn parse_color(text: &str) -> Result<Color, String> {
    text.parse::<Color>()
        .map_err(|e| format!("syntax error: {e}"))
}

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

pub fn vertex_list(geometry: &Geometry, points: impl IntoIterator<Item = Point>) -> String {
    points
        .into_iter()
        .map(|p| geometry.point_name(p))
        .collect::<Vec<_>>()
        .join(" ")
}
