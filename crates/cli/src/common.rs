//! Helpers shared by the commands: the registry, rules strings, sizes.

use goishi::{parse_size, Registry, Rules, RulesError, Topology};

/// The rules used when neither the command line nor a record names any: Chinese rules
/// (simple ko, suicide forbidden, area scoring), the defaults of GNU Go's ko and suicide
/// options.
pub const DEFAULT_RULES: &str = "go/chinese";

/// The registry of every variant linked into this program.
pub fn registry() -> &'static Registry {
    goishi::registry()
}

/// Parses a rules string against the program's registry.
pub fn parse_rules(text: &str) -> Result<Rules, RulesError> {
    registry().parse_rules(text)
}

pub use goishi_sgf::io_message;

/// Whether the rules are of the Go family.
pub fn is_go(rules: &Rules) -> bool {
    rules.variant().family == "go"
}

/// Parses `N` or `WxH`, with a message naming what was wrong.
pub fn parse_board_size(text: &str) -> Result<(u32, u32), String> {
    parse_size(text).map_err(|e| e.to_string())
}

/// Why a komi was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KomiError {
    /// Not a finite number (the text, shortened).
    NotANumber(String),
    /// A number the rules refuse (their message).
    Refused(String),
}

impl std::fmt::Display for KomiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KomiError::NotANumber(text) => {
                write!(f, "invalid komi {text:?}; expected a number like 6.5")
            }
            KomiError::Refused(message) => f.write_str(message),
        }
    }
}

/// Sets komi `text` on `rules`, as GTP's `komi` and `goishi match --komi` take it: a finite
/// number the rules accept; a variant without komi takes any number and ignores it
/// (controllers always send one).
pub fn set_komi(rules: &mut Rules, text: &str) -> Result<(), KomiError> {
    if !text.parse::<f64>().is_ok_and(f64::is_finite) {
        return Err(KomiError::NotANumber(goishi::shorten(text)));
    }
    if rules.get("komi").is_some() {
        rules
            .set("komi", text)
            .map_err(|e| KomiError::Refused(e.to_string()))?;
    }
    Ok(())
}

/// `n` and a noun, plural unless `n` is 1: `1 move`, `2 moves`, `0 games`.
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The GoGui game id of a game of `rules` on a board of `topology`: `Go` for Go on a
/// square or rectangular board only (GoGui applies its own flat-board Go rules to a program
/// that answers `Go`), `Gotorus`, `Gohex` or `Gograph` for Go on the other boards, and the
/// family's name capitalised with spaces and punctuation removed for the other families
/// (`Contact capture` gives `Contactcapture`): any id but `Go` makes GoGui use goishi as
/// its rules engine.
pub fn game_id(rules: &Rules, topology: &Topology) -> String {
    let v = rules.variant();
    if v.family == "go" {
        return match topology {
            Topology::Rect => "Go",
            Topology::Torus => "Gotorus",
            Topology::Hex => "Gohex",
            Topology::Graph => "Gograph",
        }
        .to_owned();
    }
    let letters: String = v
        .family_title
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    let mut chars = letters.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => v.family.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::{count, parse_rules};

    #[test]
    fn counts_are_singular_for_one() {
        assert_eq!(count(1u32, "move"), "1 move");
        assert_eq!(count(0u32, "game"), "0 games");
        assert_eq!(count(8340u64, "move"), "8340 moves");
    }

    #[test]
    fn a_komi_is_explicit_when_the_rules_string_names_one() {
        for named in [
            "go/chinese:komi=7",
            "japanese:KOMI = 0.5",
            "go/chinese:komi=7.5",
            r#"{"ko":"SIMPLE","komi":6.5}"#,
            "koSIMPLEscoreAREAsui0komi-2.5",
            "koSIMPLEkomi.5",
        ] {
            assert!(parse_rules(named).unwrap().is_explicit("komi"), "{named}");
        }
        for unnamed in [
            "go/chinese",
            "go/chinese:board=graph:komi-net.txt",
            r#"{"ko":"SIMPLE"}"#,
            "koSIMPLEscoreTERRITORY",
        ] {
            assert!(
                !parse_rules(unnamed).unwrap().is_explicit("komi"),
                "{unnamed}"
            );
        }
    }
}
