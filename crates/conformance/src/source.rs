//! Where a case comes from: the `source` field of a case, which must name a Markdown file of
//! the repository and a heading in it, and the heading anchors it is matched against.
//!
//! The form (also in `conformance/README.md`): one or more references separated by single
//! spaces, each `PATH#ANCHOR`, optionally followed by `: ` and a free note:
//!
//! ```text
//! docs/rules/go.md#ko-repetition: simple, only the immediate recapture is refused
//! docs/rules/go.md#a-play-in-three-steps docs/rules/go.md#boards
//! ```
//!
//! `PATH` is relative to the repository root and names a `.md` file; `ANCHOR` is the anchor
//! GitHub gives one of its headings (see [`slug`] and [`anchors`]), so every reference is also
//! a working link on GitHub (`docs/rules/go.md#ko-repetition`).

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use crate::Layout;

/// One reference of a source: a file of the repository and a heading anchor in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// The file, relative to the repository root (`docs/rules/go.md`).
    pub path: String,
    /// The heading's anchor, without the `#` (`ko-repetition`).
    pub anchor: String,
}

/// A parsed `source`: its references and the note after them (empty if none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The files and headings, in the order written.
    pub references: Vec<Reference>,
    /// The free text after `: `, if any.
    pub note: String,
}

/// Parses a `source` value: `PATH#ANCHOR[ PATH#ANCHOR...][: NOTE]`. The error says which
/// part is not a reference.
pub fn parse(source: &str) -> Result<Source, String> {
    let (refs, note) = match source.split_once(": ") {
        Some((refs, note)) => (refs, note.trim()),
        None => (source, ""),
    };
    if refs.trim().is_empty() {
        return Err(
            "names no file (expected PATH#ANCHOR, then optionally \": \" and a note)".into(),
        );
    }
    let mut references = Vec::new();
    for word in refs.split(' ') {
        let parsed = word.split_once('#').filter(|(path, anchor)| {
            !path.is_empty()
                && !anchor.is_empty()
                && anchor
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        });
        match parsed {
            Some((path, anchor)) => references.push(Reference {
                path: path.to_owned(),
                anchor: anchor.to_owned(),
            }),
            None => {
                return Err(format!(
                    "{word:?} is not PATH#ANCHOR (references are separated by single spaces; a note follows \": \")"
                ))
            }
        }
    }
    Ok(Source {
        references,
        note: note.to_owned(),
    })
}

/// The anchor GitHub gives a heading whose rendered text is `text`: lower case, every
/// character but letters, digits, `-`, `_` and spaces dropped, each space made a `-`
/// (github-slugger's rule; a repeated heading gets `-1`, `-2`, ... from [`anchors`]).
pub fn slug(text: &str) -> String {
    text.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .filter(|&c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The text a heading's Markdown renders to, near enough for its anchor: inline code marks,
/// emphasis stars and link targets dropped (`[text](url)` is `text`).
fn rendered(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut rest = markdown;
    while let Some(c) = rest.chars().next() {
        if c == ']' && rest[1..].starts_with('(') {
            // Skip the link target up to its closing parenthesis.
            match rest.find(')') {
                Some(end) => rest = &rest[end + 1..],
                None => rest = "",
            }
            continue;
        }
        if !matches!(c, '`' | '*' | '[' | ']') {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The text of a line if it is an ATX heading (`#` to `######`, then a space), without its
/// closing `#`s.
fn heading(line: &str) -> Option<&str> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let line = &line[indent..];
    let hashes = line.len() - line.trim_start_matches('#').len();
    if !(1..=6).contains(&hashes) {
        return None;
    }
    let rest = &line[hashes..];
    if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return None;
    }
    let text = rest.trim();
    // A closing sequence: `#`s preceded by a space (or the whole text).
    let without = text.trim_end_matches('#');
    Some(if without.is_empty() || without.ends_with([' ', '\t']) {
        without.trim_end()
    } else {
        text
    })
}

/// The anchors of every ATX heading of a Markdown text, in order, as GitHub makes them: the
/// [`slug`] of the rendered heading text, a repeated one followed by `-1`, `-2`, ...
/// Headings inside fenced code blocks (```` ``` ```` or `~~~`) are not headings.
pub fn anchors(markdown: &str) -> Vec<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        if let Some(open) = fence {
            if trimmed.starts_with(open) {
                fence = None;
            }
            continue;
        }
        if trimmed.starts_with("```") {
            fence = Some("```");
            continue;
        }
        if trimmed.starts_with("~~~") {
            fence = Some("~~~");
            continue;
        }
        let Some(text) = heading(line) else { continue };
        let base = slug(&rendered(text));
        let mut anchor = base.clone();
        while seen.contains_key(&anchor) {
            let n = seen.entry(base.clone()).or_insert(0);
            *n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor.clone(), 0);
        out.push(anchor);
    }
    out
}

/// Whether `source` resolves under the repository root `root`: every file it names exists
/// and has the heading it names. The error says what did not resolve.
pub fn check(source: &str, root: &Path) -> Result<(), String> {
    resolve(source, root, &mut BTreeMap::new())
}

/// Checks one source against the files under `root`, reading each file once through
/// `files`. The error says what did not resolve.
fn resolve(
    source: &str,
    root: &Path,
    files: &mut BTreeMap<String, Result<Vec<String>, String>>,
) -> Result<(), String> {
    let parsed = parse(source)?;
    let mut problems = Vec::new();
    for r in &parsed.references {
        let relative = Path::new(&r.path);
        if !relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
        {
            problems.push(format!(
                "{} is not a path inside the repository (relative to its root, no `..`)",
                r.path
            ));
            continue;
        }
        if relative.extension().is_none_or(|e| e != "md") {
            problems.push(format!("{} is not a Markdown (.md) file", r.path));
            continue;
        }
        let headings = files.entry(r.path.clone()).or_insert_with(|| {
            let path: PathBuf = root.join(relative);
            std::fs::read_to_string(&path)
                .map(|text| anchors(&text))
                .map_err(|e| format!("{} cannot be read: {e}", r.path))
        });
        match headings {
            Err(e) => problems.push(e.clone()),
            Ok(list) if !list.contains(&r.anchor) => problems.push(format!(
                "{} has no heading #{} (its headings: {})",
                r.path,
                r.anchor,
                list.iter()
                    .map(|a| format!("#{a}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
            Ok(_) => {}
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// Every case of every case file under `conformance/` whose `source` is missing or does not
/// resolve to an existing file and heading, one message each naming the case file, the case
/// and what did not resolve. Files that do not parse are left to the well-formedness check.
pub fn problems(layout: &Layout) -> Vec<String> {
    let mut files = BTreeMap::new();
    let mut problems = Vec::new();
    for file in case_files_everywhere(layout) {
        let Ok(cases) = std::fs::read_to_string(&file)
            .map_err(|e| e.to_string())
            .and_then(|t| crate::parse_cases(&t))
        else {
            continue;
        };
        let shown = layout.show(&file);
        for case in cases {
            let result = match &case.source {
                None => Err("has no source".to_owned()),
                Some(source) => resolve(source, layout.root(), &mut files)
                    .map_err(|e| format!("source {source:?}: {e}")),
            };
            if let Err(e) = result {
                problems.push(format!("{shown}, case {:?}: {e}", case.name));
            }
        }
    }
    problems
}

/// Every `conformance/<family>/<name>/*.toml`, registered variant or not, sorted.
fn case_files_everywhere(layout: &Layout) -> Vec<PathBuf> {
    let dirs = |dir: &Path| -> Vec<PathBuf> {
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        v.sort();
        v
    };
    dirs(&layout.cases_root())
        .iter()
        .flat_map(|family| dirs(family))
        .flat_map(|variant| crate::case_files(&variant).unwrap_or_default())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_follow_githubs_rules() {
        assert_eq!(slug("A play in three steps"), "a-play-in-three-steps");
        assert_eq!(slug("suicide: self-capture"), "suicide-self-capture");
        assert_eq!(
            slug("Pass-alive stones (Benson's algorithm)"),
            "pass-alive-stones-bensons-algorithm"
        );
        assert_eq!(slug("CC 1A (contact/1a)"), "cc-1a-contact1a");
        assert_eq!(slug("goishi gtp [--rules R]"), "goishi-gtp---rules-r");
        assert_eq!(slug("  two  spaces "), "two--spaces");
        assert_eq!(slug("snake_case and Ünïcode"), "snake_case-and-ünïcode");
        assert_eq!(slug("B+R, W+R."), "br-wr");
    }

    #[test]
    fn anchors_render_inline_markup_and_number_repeats() {
        let text = "# Go\n\
                    intro\n\
                    ## `suicide`: self-capture\n\
                    ### **Bold** and [a link](other.md#x)\n\
                    ## Examples\n\
                    ```\n\
                    # not a heading\n\
                    ```\n\
                    ## Examples\n\
                    ~~~\n\
                    ## neither\n\
                    ~~~\n\
                    ## Examples ##\n\
                    #not a heading either\n\
                    \x20   # indented four: code, not a heading\n\
                    ####### seven\n\
                    ## C# #\n";
        assert_eq!(
            anchors(text),
            [
                "go",
                "suicide-self-capture",
                "bold-and-a-link",
                "examples",
                "examples-1",
                "examples-2",
                "c",
            ]
        );
    }

    #[test]
    fn a_repeated_heading_does_not_take_an_existing_anchor() {
        // GitHub: "a", "a-1" (a heading of its own), then "a" again becomes "a-2".
        assert_eq!(anchors("# a\n# a-1\n# a\n"), ["a", "a-1", "a-2"]);
    }

    #[test]
    fn sources_parse_into_references_and_a_note() {
        let s = parse("docs/rules/go.md#ko-repetition: simple, after a pass: legal").unwrap();
        assert_eq!(
            s.references,
            [Reference {
                path: "docs/rules/go.md".into(),
                anchor: "ko-repetition".into()
            }]
        );
        assert_eq!(s.note, "simple, after a pass: legal");
        let two = parse("docs/rules/go.md#boards docs/cli.md#sgf").unwrap();
        assert_eq!(two.references.len(), 2);
        assert_eq!(two.note, "");
        for bad in [
            "go-rules.md section 3",
            "docs/rules/go.md",
            "docs/rules/go.md#",
            "#anchor",
            "docs/rules/go.md#ko (simple)",
            "docs/rules/go.md#ko  docs/cli.md#sgf",
            ": a note alone",
            "",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            parse("go-rules.md section 3").unwrap_err(),
            "\"go-rules.md\" is not PATH#ANCHOR (references are separated by single spaces; a note follows \": \")"
        );
    }

    #[test]
    fn resolving_names_what_is_missing() {
        let root = std::env::temp_dir().join(format!("goishi-source-test-{}", std::process::id()));
        std::fs::create_dir_all(root.join("docs")).unwrap();
        std::fs::write(root.join("docs/a.md"), "# Title\n## The game\n").unwrap();
        std::fs::write(root.join("notes.txt"), "# Title\n").unwrap();
        let mut files = BTreeMap::new();
        let mut check = |s: &str| resolve(s, &root, &mut files);
        assert_eq!(check("docs/a.md#the-game: a note"), Ok(()));
        assert_eq!(check("docs/a.md#title docs/a.md#the-game"), Ok(()));
        assert_eq!(
            check("docs/a.md#the-end"),
            Err("docs/a.md has no heading #the-end (its headings: #title #the-game)".into())
        );
        assert_eq!(
            check("docs/b.md#title").unwrap_err().split(':').next(),
            Some("docs/b.md cannot be read")
        );
        assert_eq!(
            check("notes.txt#title"),
            Err("notes.txt is not a Markdown (.md) file".into())
        );
        assert_eq!(
            check("../a.md#title"),
            Err(
                "../a.md is not a path inside the repository (relative to its root, no `..`)"
                    .into()
            )
        );
        assert_eq!(
            check("/etc/a.md#title"),
            Err(
                "/etc/a.md is not a path inside the repository (relative to its root, no `..`)"
                    .into()
            )
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
