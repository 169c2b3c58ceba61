//! The writers: KataGo's JSON and compact forms of a set of options, which read back to the
//! same options (goishi's own keys written only where reading without them would differ).

use goishi_board::{format_halves, VariantInfo};

use super::resolve::{resolve, Partial, SuicideValue};
use crate::config::{GoConfig, HandicapBonus};

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

/// KataGo's JSON for these rules; reads back to the same options through
/// [`parse_json`](super::parse_json).
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
/// [`parse_compact`](super::parse_compact).
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
