//! Helpers shared by the commands: the registry, rules strings, sizes.

use goishi::{closest, parse_size, Registry, Rules, RulesError, Topology};

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

/// The error of a rules name no variant has ([`RulesError::UnknownVariant`]) for a command
/// that takes Go rules only (`kata-set-rules`, `kgs-rules`): the Go variants, and the Go
/// name most like it; any other error as it is.
pub fn unknown_go_rules(e: RulesError) -> RulesError {
    let RulesError::UnknownVariant { name, .. } = e else {
        return e;
    };
    let go: Vec<_> = registry()
        .variants()
        .filter(|v| v.capabilities.go_interop)
        .collect();
    let names = go
        .iter()
        .flat_map(|v| std::iter::once(v.id).chain(v.aliases.iter().copied()));
    RulesError::UnknownVariant {
        suggestion: closest(&name, names).map(str::to_owned),
        known: go.iter().map(|v| v.id).collect::<Vec<_>>().join(", "),
        name,
    }
}

pub use goishi_sgf::io_message;

/// Whether other Go software knows the game of `rules` as Go (the variant's
/// [`goishi::Capabilities::go_interop`]): KataGo's rules commands and GTP's fixed handicap
/// serve it.
pub fn is_go(rules: &Rules) -> bool {
    rules.variant().capabilities.go_interop
}

/// The points of a board in the order in which analysis lists a value for each (KataGo's
/// `ownership` and `policy`, in GTP and in its JSON engine): on a square or rectangular board
/// as KataGo writes them, row by row from the top left (A19, B19, ..., T1 on 19x19); on torus,
/// hex and graph boards in the board's own point order (row by row from A1 at the bottom left
/// on torus and hex boards, the file's order on a graph board).
pub fn reading_order(geometry: &goishi::Geometry) -> Vec<goishi::Point> {
    if *geometry.topology() != Topology::Rect {
        return geometry.points().collect();
    }
    (0..geometry.height())
        .rev()
        .flat_map(|y| (0..geometry.width()).filter_map(move |x| geometry.at(x, y)))
        .collect()
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
/// number the rules accept, in any spelling of a float (`7.5`, `7.50`, `75e-1`: GTP's komi
/// is a float); a variant without komi takes any number and ignores it (controllers always
/// send one). A komi refused is quoted as given.
pub fn set_komi(rules: &mut Rules, text: &str) -> Result<(), KomiError> {
    let komi = match text.parse::<f64>() {
        Ok(k) if k.is_finite() => k,
        _ => return Err(KomiError::NotANumber(goishi::shorten(text))),
    };
    if rules.get("komi").is_some() {
        // The number as the rules read it (`7.5e0` is 7.5).
        rules.set("komi", &komi.to_string()).map_err(|e| {
            KomiError::Refused(match e {
                RulesError::BadValue(mut bad) => {
                    bad.value = goishi::shorten(text);
                    bad.to_string()
                }
                e => e.to_string(),
            })
        })?;
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
    if v.capabilities.go_interop {
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
