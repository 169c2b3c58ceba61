//! `goishi variants`: every registered variant, its options and their defaults.

use serde::Serialize;

use goishi::size_text;

use crate::common::registry;

#[derive(Serialize)]
struct OptionEntry {
    name: &'static str,
    default: String,
    values: String,
    help: &'static str,
}

#[derive(Serialize)]
struct VariantEntry {
    id: &'static str,
    family: &'static str,
    family_title: &'static str,
    aliases: &'static [&'static str],
    summary: &'static str,
    default_size: String,
    options: Vec<OptionEntry>,
}

fn entries() -> Vec<VariantEntry> {
    registry()
        .variants()
        .map(|v| VariantEntry {
            id: v.id,
            family: v.family,
            family_title: v.family_title,
            aliases: v.aliases,
            summary: v.summary,
            default_size: size_text(v.default_size),
            options: v
                .options
                .iter()
                .map(|o| OptionEntry {
                    name: o.name,
                    default: v.default_of(o.name).unwrap_or(o.default).to_owned(),
                    values: o.kind.describe(),
                    help: o.help,
                })
                .collect(),
        })
        .collect()
}

/// The list as JSON: an array of variants.
pub fn json() -> String {
    serde_json::to_string_pretty(&entries()).unwrap_or_else(|_| "[]".to_owned())
}

/// The list as text: per variant its id, family and summary, its aliases, then each option
/// with its default and values.
pub fn text() -> String {
    let mut out = String::new();
    for v in entries() {
        out.push_str(&format!("{} ({}): {}\n", v.id, v.family_title, v.summary));
        if !v.aliases.is_empty() {
            out.push_str(&format!("  aliases: {}\n", v.aliases.join(", ")));
        }
        out.push_str(&format!("  default size: {}\n", v.default_size));
        for o in &v.options {
            out.push_str(&format!(
                "  {}={}  ({}; {})\n",
                o.name, o.default, o.values, o.help
            ));
        }
    }
    out
}
