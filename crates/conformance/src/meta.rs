//! Meta-tests over the registry and the case folders: the registered ids equal the committed
//! list, every variant has cases and a docs page, every variant's docs have the four sections
//! of CONTRIBUTING.md (`goishi_board::DOCS_HEADINGS`), every case folder belongs to a variant,
//! the registry reports no problem, and every case's `source` resolves to a file and a
//! heading of the repository ([`crate::source`]).

use std::collections::BTreeSet;
use std::path::Path;

use goishi_board::Registry;

use crate::Layout;

/// One meta check: its name and, if it failed, why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub name: &'static str,
    pub problems: Vec<String>,
}

/// Runs every meta check.
pub fn checks(registry: &Registry, layout: &Layout) -> Vec<Check> {
    let registered: BTreeSet<String> = registry.variants().map(|v| v.id.to_owned()).collect();
    vec![
        Check {
            name: "registry has no problem",
            problems: registry.problems().to_vec(),
        },
        Check {
            name: "registered ids equal variants.txt",
            problems: compare_list(&registered, layout),
        },
        Check {
            name: "every variant has cases",
            problems: registered
                .iter()
                .filter_map(|id| {
                    let dir = layout.cases_dir(id);
                    match crate::case_files(&dir) {
                        Ok(files) if !files.is_empty() => None,
                        Ok(_) => Some(format!(
                            "variant {id} has no case file in {}",
                            layout.show(&dir)
                        )),
                        Err(e) => Some(format!("variant {id}: {e}")),
                    }
                })
                .collect(),
        },
        Check {
            name: "every variant has a docs page",
            problems: docs_problems(&registered, layout),
        },
        Check {
            name: "every variant's docs have the four sections",
            problems: registry
                .variants()
                .flat_map(|v| {
                    goishi_board::docs_problems(v.docs)
                        .into_iter()
                        .map(move |p| format!("variant {}: docs: {p}", v.id))
                })
                .collect(),
        },
        Check {
            name: "every case folder belongs to a variant",
            problems: orphan_folders(&registered, layout),
        },
        Check {
            name: "every case file is well formed (TOML, known fields, unique kebab-case names)",
            problems: malformed_files(layout),
        },
        Check {
            name: "every case source names a file and a heading of the repository",
            problems: crate::source::problems(layout),
        },
    ]
}

/// Every `conformance/<family>/<name>/*.toml` must parse, registered variant or not.
fn malformed_files(layout: &Layout) -> Vec<String> {
    let mut problems = Vec::new();
    let dirs = |dir: &Path| -> Vec<std::path::PathBuf> {
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        v.sort();
        v
    };
    for family in dirs(&layout.cases_root()) {
        for variant in dirs(&family) {
            let files = match crate::case_files(&variant) {
                Ok(f) => f,
                Err(e) => {
                    problems.push(e);
                    continue;
                }
            };
            for file in files {
                let parsed = std::fs::read_to_string(&file)
                    .map_err(|e| e.to_string())
                    .and_then(|t| crate::parse_cases(&t));
                if let Err(e) = parsed {
                    problems.push(format!("{}: {e}", layout.show(&file)));
                }
            }
        }
    }
    problems
}

fn compare_list(registered: &BTreeSet<String>, layout: &Layout) -> Vec<String> {
    let path = layout.variants_list();
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => return vec![format!("cannot read {}: {e}", layout.show(&path))],
    };
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut problems = Vec::new();
    if !lines.windows(2).all(|w| w[0] < w[1]) {
        problems.push(format!(
            "{} is not sorted or has a duplicate line",
            layout.show(&path)
        ));
    }
    let listed: BTreeSet<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    for id in registered.difference(&listed) {
        problems.push(format!(
            "variant {id} is registered but not listed in {}",
            layout.show(&path)
        ));
    }
    for id in listed.difference(registered) {
        problems.push(format!(
            "variant {id} is listed in {} but not registered (is its crate linked?)",
            layout.show(&path)
        ));
    }
    problems
}

/// Every variant id must appear in some Markdown file under the docs folder.
fn docs_problems(registered: &BTreeSet<String>, layout: &Layout) -> Vec<String> {
    let dir = layout.docs_dir();
    let mut texts = Vec::new();
    if let Err(e) = read_markdown(&dir, &mut texts) {
        return vec![format!("cannot read {}: {e}", layout.show(&dir))];
    }
    registered
        .iter()
        .filter(|id| !texts.iter().any(|t| mentions(t, id)))
        .map(|id| {
            format!(
                "variant {id} is mentioned in no page under {}",
                layout.show(&dir)
            )
        })
        .collect()
}

/// Whether `text` names `id` as a whole word (`go/aga` is not found in `go/aga-button`).
fn mentions(text: &str, id: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/');
    text.match_indices(id).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + id.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

fn read_markdown(dir: &Path, out: &mut Vec<String>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            read_markdown(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(std::fs::read_to_string(&path)?);
        }
    }
    Ok(())
}

/// Folders `<family>/<name>` that no registered variant owns, and stray files.
fn orphan_folders(registered: &BTreeSet<String>, layout: &Layout) -> Vec<String> {
    let root = layout.cases_root();
    let mut problems = Vec::new();
    let entries = |dir: &Path| -> Result<Vec<std::path::PathBuf>, String> {
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| format!("cannot read {}: {e}", layout.show(dir)))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        v.sort();
        Ok(v)
    };
    let families = match entries(&root) {
        Ok(v) => v,
        Err(e) => return vec![e],
    };
    for family in families.iter().filter(|p| p.is_dir()) {
        let fname = family.file_name().unwrap_or_default().to_string_lossy();
        let variants = match entries(family) {
            Ok(v) => v,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        for v in variants {
            let vname = v.file_name().unwrap_or_default().to_string_lossy();
            if !v.is_dir() {
                problems.push(format!(
                    "{} is a file where a variant folder is expected",
                    layout.show(&v)
                ));
                continue;
            }
            let id = format!("{fname}/{vname}");
            if !registered.contains(&id) {
                problems.push(format!(
                    "{} belongs to no registered variant ({id})",
                    layout.show(&v)
                ));
            }
            if let Ok(files) = entries(&v) {
                for f in files {
                    let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
                    if f.is_dir() || !matches!(ext, "toml" | "md" | "graph") {
                        problems.push(format!(
                            "{} is neither a case file (.toml) nor a note (.md) nor a graph board (.graph)",
                            layout.show(&f)
                        ));
                    }
                }
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::mentions;

    #[test]
    fn mentions_whole_ids_only() {
        assert!(mentions("see `go/aga` here", "go/aga"));
        assert!(mentions("go/aga", "go/aga"));
        assert!(!mentions("go/aga-button only", "go/aga"));
        assert!(mentions("go/aga-button and go/aga.", "go/aga"));
        assert!(!mentions("contact/1ab", "contact/1a"));
    }
}
