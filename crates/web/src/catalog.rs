//! The registry as the page reads it: every registered variant with its summary, its docs
//! page, its options (the kind of each, which decides its widget) and their defaults, and the
//! board kinds a rules string may name. Nothing here is a list written for the page: it is
//! all read from `goishi::registry()` at run time.

use goishi::{OptionKind, VariantInfo};
use serde_json::{json, Value};

fn kind(kind: &OptionKind) -> Value {
    match kind {
        OptionKind::Choice(words) => json!({ "type": "choice", "choices": words }),
        OptionKind::Bool => json!({ "type": "bool" }),
        OptionKind::Int { min, max } => json!({ "type": "int", "min": min, "max": max }),
        OptionKind::Half { min, max } => {
            json!({ "type": "half", "min": min, "max": max, "step": 0.5 })
        }
        OptionKind::IntOrAuto { min, max } => {
            json!({ "type": "int-or-auto", "min": min, "max": max })
        }
    }
}

fn variant(v: &'static VariantInfo) -> Value {
    let options: Vec<Value> = v
        .options
        .iter()
        .map(|o| {
            json!({
                "name": o.name,
                "kind": kind(&o.kind),
                "default": v.default_of(o.name).unwrap_or(o.default),
                "help": o.help,
                "describe": o.kind.describe(),
            })
        })
        .collect();
    json!({
        "id": v.id,
        "family": v.family,
        "family_title": v.family_title,
        "aliases": v.aliases,
        "summary": v.summary,
        "docs": v.docs,
        "default_size": [v.default_size.0, v.default_size.1],
        "rules": v.default_rules().to_string(),
        "options": options,
    })
}

/// Every registered variant, sorted by id, and the registry's problems (none when all is
/// well).
pub fn variants() -> Value {
    let registry = goishi::registry();
    let variants: Vec<Value> = registry.variants().map(variant).collect();
    json!({ "variants": variants, "problems": registry.problems() })
}

/// A rules string read for the option editor: its canonical form, its variant, the value of
/// every option, its `board=` kind and its `size=`; or the engine's sentence.
pub fn describe_rules(text: &str) -> Result<Value, String> {
    let rules = crate::session::parse_rules(text)?;
    let values: serde_json::Map<String, Value> = rules
        .values()
        .map(|(o, v)| (o.name.to_owned(), Value::from(v)))
        .collect();
    Ok(json!({
        "canonical": rules.to_string(),
        "variant": rules.variant().id,
        "values": values,
        "board": rules.sets_board().then(|| rules.board_kind().to_string()),
        "size": rules.size().map(|(w, h)| [w, h]),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_lists_every_registered_variant_with_its_options() {
        let catalog = variants();
        let ids: Vec<&str> = catalog["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["id"].as_str().unwrap())
            .collect();
        let linked: Vec<&str> = goishi::registry().variants().map(|v| v.id).collect();
        assert_eq!(ids, linked);
        assert!(catalog["problems"].as_array().unwrap().is_empty());
        for v in catalog["variants"].as_array().unwrap() {
            let info = goishi::registry().get(v["id"].as_str().unwrap()).unwrap();
            assert_eq!(v["options"].as_array().unwrap().len(), info.options.len());
            assert!(!v["docs"].as_str().unwrap().is_empty(), "{}", info.id);
        }
    }
}
