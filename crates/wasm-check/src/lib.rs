//! A WebAssembly module that reports the variant registry as a wasm32 build of the facade
//! sees it: what `cargo xtask wasm-check` builds for `wasm32-unknown-unknown` (debug and
//! release), runs in Node.js and compares with the native list.
//!
//! Each export computes one report, keeps its text (UTF-8) in the module's memory and returns
//! its length in bytes; [`report_ptr`] gives where it starts. The host instantiates a fresh
//! module for each report, so that a report that reads the registry first sees the
//! registry as a program that does the same would:
//!
//! | export | report (one item a line) |
//! |---|---|
//! | [`board_parse_all`] | every id of the explicit lists parsed with `goishi_board::Rules::parse`, before anything else reads the registry: the failures (`id: error`); empty when all parse |
//! | [`board_ids`] | the ids of `goishi_board::registry()`, read first |
//! | [`facade_ids`] | the ids of `goishi::registry()` |
//! | [`inventory_ids`] | the ids `inventory` collected in this build (diagnostic) |
//! | [`problems`] | the registry's problems; empty when all is well |
//!
//! The same reports are plain functions ([`report`]), so the native tests run them too.
//!
//! The exports carry `#[no_mangle]`, which the workspace lint `unsafe_code` flags (a
//! `no_mangle` symbol can clash with another at link time); each export allows it for that
//! attribute alone. There is no unsafe code here: the host reads the text through the
//! module's exported memory.

use std::sync::Mutex;

use goishi::{Registry, VariantInfo};

/// The names of the reports, in the order the host runs them.
pub const REPORTS: &[&str] = &[
    "board_parse_all",
    "board_ids",
    "facade_ids",
    "inventory_ids",
    "problems",
];

/// The text of a report by name (one item a line), or `None` for an unknown name.
pub fn report(name: &str) -> Option<String> {
    let lines: Vec<String> = match name {
        "board_parse_all" => goishi::linked_variants()
            .iter()
            .filter_map(|v| match goishi::board::Rules::parse(v.id) {
                Ok(rules) if rules.variant().id == v.id => None,
                Ok(rules) => Some(format!("{}: parsed as {}", v.id, rules.variant().id)),
                Err(e) => Some(format!("{}: {e}", v.id)),
            })
            .collect(),
        "board_ids" => ids(goishi::board::registry().variants()),
        "facade_ids" => ids(goishi::registry().variants()),
        "inventory_ids" => ids(Registry::collect().variants()),
        "problems" => goishi::registry().problems().to_vec(),
        _ => return None,
    };
    Some(lines.join("\n"))
}

fn ids<'a>(variants: impl Iterator<Item = &'a VariantInfo>) -> Vec<String> {
    variants.map(|v| v.id.to_owned()).collect()
}

/// The text of the last report, kept for the host to read.
static REPORT: Mutex<String> = Mutex::new(String::new());

/// Keeps a report's text and returns its length in bytes.
fn publish(name: &str) -> u32 {
    let text = report(name).unwrap_or_default();
    let mut kept = REPORT.lock().unwrap_or_else(|e| e.into_inner());
    *kept = text;
    kept.len() as u32
}

/// Where the text of the last report starts in the module's memory (an address on wasm32).
#[allow(unsafe_code)] // `#[no_mangle]` only, see the module docs
#[no_mangle]
pub extern "C" fn report_ptr() -> u32 {
    let kept = REPORT.lock().unwrap_or_else(|e| e.into_inner());
    kept.as_ptr() as usize as u32
}

/// The report `board_parse_all`; returns its length.
#[allow(unsafe_code)] // `#[no_mangle]` only, see the module docs
#[no_mangle]
pub extern "C" fn board_parse_all() -> u32 {
    publish("board_parse_all")
}

/// The report `board_ids`; returns its length.
#[allow(unsafe_code)] // `#[no_mangle]` only, see the module docs
#[no_mangle]
pub extern "C" fn board_ids() -> u32 {
    publish("board_ids")
}

/// The report `facade_ids`; returns its length.
#[allow(unsafe_code)] // `#[no_mangle]` only, see the module docs
#[no_mangle]
pub extern "C" fn facade_ids() -> u32 {
    publish("facade_ids")
}

/// The report `inventory_ids`; returns its length.
#[allow(unsafe_code)] // `#[no_mangle]` only, see the module docs
#[no_mangle]
pub extern "C" fn inventory_ids() -> u32 {
    publish("inventory_ids")
}

/// The report `problems`; returns its length.
#[allow(unsafe_code)] // `#[no_mangle]` only, see the module docs
#[no_mangle]
pub extern "C" fn problems() -> u32 {
    publish("problems")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_native_reports_hold_every_linked_variant() {
        let linked: Vec<&str> = goishi::linked_variants().iter().map(|v| v.id).collect();
        let mut sorted = linked.clone();
        sorted.sort_unstable();
        assert_eq!(report("board_parse_all").unwrap(), "");
        for name in ["board_ids", "facade_ids", "inventory_ids"] {
            assert_eq!(report(name).unwrap(), sorted.join("\n"), "{name}");
        }
        assert_eq!(report("problems").unwrap(), "");
        assert_eq!(report("nothing"), None);
    }

    #[test]
    fn an_export_publishes_its_report() {
        let len = facade_ids() as usize;
        let kept = REPORT.lock().unwrap_or_else(|e| e.into_inner());
        assert_eq!(kept.len(), len);
        assert!(kept.contains("contact/2b"), "{kept}");
    }
}
