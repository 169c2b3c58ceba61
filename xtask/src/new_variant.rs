//! `cargo xtask new-variant --id FAMILY/NAME [--family TITLE] [--crate DIR] [--root DIR]
//! [--dry-run]`: scaffolds a variant.
//!
//! - A new family: a rule crate `crates/DIR` (package `goishi-DIR`) whose position is a
//!   small complete game (the template: Go without captures), its first variant, its rules
//!   page `docs/rules/DIR.md`, its part in the game loops (`src/playout.rs`: the random
//!   playout policy, so that search, self-play, the environment and the page run on its
//!   concrete type), and its facade feature (crates/goishi: the feature, on by default; its
//!   line in the `families!` list; the registry test's list).
//! - A new preset of an existing family (every family's crate declares
//!   `[package.metadata.goishi] family = "..."`, Go's and contact capture's included): an entry
//!   in the crate's `declare_variants!` list and a docs page `docs/NAME.md` in the crate, and a
//!   section in the family's rules page.
//!
//! Both: a case folder `conformance/FAMILY/NAME/` with a first case file, and the id in
//! `conformance/variants.txt` (kept sorted). The edits are insertions at marker comments
//! (`// new-variant: ... above this line`); a missing marker is an error that names the file
//! and writes nothing. The result builds, registers and passes `cargo xtask conformance`
//! untouched (checked by the test at the end of this file).

use crate::flags::Flags;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What to scaffold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewVariant {
    pub family: String,
    pub name: String,
    pub title: Option<String>,
    pub crate_dir: Option<String>,
    pub root: PathBuf,
    pub dry_run: bool,
}

impl NewVariant {
    fn id(&self) -> String {
        format!("{}/{}", self.family, self.name)
    }
}

/// One file to write: its path relative to the root and its new text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileEdit {
    pub path: PathBuf,
    /// The text, or for a link the path it points to, relative to the link's folder.
    pub text: String,
    pub created: bool,
    /// A symbolic link rather than a file (a copy of its target where there are none).
    pub link: bool,
}

/// The workspace this xtask was built from.
fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// Parses the options of `new-variant`.
pub fn parse(args: &[String]) -> Result<NewVariant, String> {
    let (mut id, mut title, mut crate_dir, mut root, mut dry_run) = (None, None, None, None, false);
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next_flag() {
        match flag.name {
            "--id" => id = Some(flags.value(&flag)?),
            "--family" => title = Some(flags.value(&flag)?),
            "--crate" => crate_dir = Some(flags.value(&flag)?),
            "--root" => root = Some(PathBuf::from(flags.value(&flag)?)),
            "--dry-run" if flag.is_switch() => dry_run = true,
            _ => return Err(flag.unknown()),
        }
    }
    let id = id.ok_or("new-variant needs --id FAMILY/NAME")?;
    let (family, name) = id
        .split_once('/')
        .ok_or_else(|| format!("--id {id:?}: expected FAMILY/NAME, like capture/atari-go"))?;
    if !is_word(family) {
        return Err(format!(
            "--id {id:?}: the family {family:?} must be lower-case letters, digits and single hyphens, starting with a letter"
        ));
    }
    // A name may start with a digit (contact capture's `2b`), but not be empty.
    if name.is_empty() || !is_word(&format!("v{name}")) {
        return Err(format!(
            "--id {id:?}: the name {name:?} must be lower-case letters, digits and single hyphens"
        ));
    }
    if let Some(dir) = &crate_dir {
        if !is_word(dir) {
            return Err(format!(
                "--crate {dir:?}: expected lower-case letters, digits and single hyphens"
            ));
        }
    }
    if let Some(t) = &title {
        if t.trim().is_empty() || t.contains(['"', '\\', '\n']) {
            return Err(format!(
                "--family {t:?}: expected the family's name in words, without quotes"
            ));
        }
    }
    Ok(NewVariant {
        family: family.to_owned(),
        name: name.to_owned(),
        title,
        crate_dir,
        root: root.unwrap_or_else(workspace_root),
        dry_run,
    })
}

fn is_word(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_lowercase())
        && !s.ends_with('-')
        && !s.contains("--")
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// The constant of a variant: its name in upper case (`ATARI_GO`), after the family's when
/// the name starts with a digit (`CONTACT_5A`).
fn const_name(family: &str, name: &str) -> String {
    let name = name.replace('-', "_").to_ascii_uppercase();
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("{}_{name}", family.replace('-', "_").to_ascii_uppercase())
    } else {
        name
    }
}

/// `capture-go` as `CaptureGo`.
fn camel(s: &str) -> String {
    s.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// The templates, filled by [`Names::fill`].
mod templates {
    pub const CARGO: &str = include_str!("../templates/family/Cargo.toml.txt");
    pub const README: &str = include_str!("../templates/family/README.md.txt");
    pub const LIB: &str = include_str!("../templates/family/lib.rs.txt");
    pub const POSITION: &str = include_str!("../templates/family/position.rs.txt");
    pub const PLAYOUT: &str = include_str!("../templates/family/playout.rs.txt");
    pub const VARIANTS: &str = include_str!("../templates/family/variants.rs.txt");
    pub const PRESET: &str = include_str!("../templates/family/preset.rs.txt");
    pub const VARIANT_DOCS: &str = include_str!("../templates/family/variant-docs.md.txt");
    pub const PRESET_DOCS: &str = include_str!("../templates/family/preset-docs.md.txt");
    pub const RULES_PAGE: &str = include_str!("../templates/family/rules.md.txt");
    pub const CASE: &str = include_str!("../templates/family/case.toml.txt");
    pub const FAMILY_CASE: &str = include_str!("../templates/family/family-case.toml.txt");
    pub const TEST: &str = include_str!("../templates/family/conformance.rs.txt");
}

/// The values the templates name.
struct Names {
    vars: Vec<(&'static str, String)>,
}

impl Names {
    fn fill(&self, template: &str) -> String {
        let mut out = template.to_owned();
        for (k, v) in &self.vars {
            out = out.replace(&format!("{{{{{k}}}}}"), v);
        }
        out
    }
}

/// An existing family crate: its folder (relative to the root) and its rules page.
struct FamilyCrate {
    dir: PathBuf,
    docs: PathBuf,
}

/// The crate under `crates/` whose metadata names `family`.
fn find_family_crate(root: &Path, family: &str) -> Result<Option<FamilyCrate>, String> {
    let crates = root.join("crates");
    let entries =
        std::fs::read_dir(&crates).map_err(|e| format!("cannot read {}: {e}", crates.display()))?;
    let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    dirs.sort();
    for dir in dirs {
        let Ok(text) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let Some(meta) = text.split("[package.metadata.goishi]").nth(1) else {
            continue;
        };
        let meta = meta.split("\n[").next().unwrap_or_default();
        let field = |key: &str| {
            meta.lines()
                .filter_map(|l| l.split_once('='))
                .find(|(k, _)| k.trim() == key)
                .map(|(_, v)| v.trim().trim_matches('"').to_owned())
        };
        if field("family").as_deref() == Some(family) {
            let rel = dir.strip_prefix(root).unwrap_or(&dir).to_path_buf();
            let docs = field("docs").ok_or_else(|| {
                format!(
                    "{}/Cargo.toml: [package.metadata.goishi] has no docs = \"docs/rules/PAGE.md\"",
                    rel.display()
                )
            })?;
            return Ok(Some(FamilyCrate {
                dir: rel,
                docs: PathBuf::from(docs),
            }));
        }
    }
    Ok(None)
}

/// The files of the workspace as they will be once edited.
struct Tree<'a> {
    root: &'a Path,
    edits: Vec<FileEdit>,
}

impl Tree<'_> {
    fn read(&self, path: &Path) -> Result<String, String> {
        if let Some(e) = self.edits.iter().find(|e| e.path == path) {
            return Ok(e.text.clone());
        }
        std::fs::read_to_string(self.root.join(path))
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
    }

    fn create(&mut self, path: PathBuf, text: String) -> Result<(), String> {
        if self.root.join(&path).exists() || self.edits.iter().any(|e| e.path == path) {
            return Err(format!("{} exists already", path.display()));
        }
        self.edits.push(FileEdit {
            path,
            text,
            created: true,
            link: false,
        });
        Ok(())
    }

    /// A new symbolic link at `path` to `target` (relative to the link's folder).
    fn link(&mut self, path: PathBuf, target: String) -> Result<(), String> {
        self.create(path, target)?;
        if let Some(e) = self.edits.last_mut() {
            e.link = true;
        }
        Ok(())
    }

    fn set(&mut self, path: PathBuf, text: String) {
        match self.edits.iter_mut().find(|e| e.path == path) {
            Some(e) => e.text = text,
            None => self.edits.push(FileEdit {
                path,
                text,
                created: false,
                link: false,
            }),
        }
    }

    /// Inserts `text` on the lines before the line that contains `marker`.
    fn insert_before(&mut self, path: &Path, marker: &str, text: &str) -> Result<(), String> {
        let old = self.read(path)?;
        let at = old.find(marker).ok_or_else(|| {
            format!(
                "{}: no marker {marker:?}; add the lines by hand (CONTRIBUTING.md)",
                path.display()
            )
        })?;
        let line_start = old[..at].rfind('\n').map_or(0, |i| i + 1);
        let mut new = old.clone();
        new.insert_str(line_start, text);
        self.set(path.to_path_buf(), new);
        Ok(())
    }
}

/// Every file to write for `options`, or why it cannot be done (nothing written).
pub fn plan(options: &NewVariant) -> Result<Vec<FileEdit>, String> {
    let root = options.root.as_path();
    let id = options.id();
    let (family, name) = (options.family.as_str(), options.name.as_str());
    let list_path = Path::new("conformance").join("variants.txt");
    let mut tree = Tree {
        root,
        edits: Vec::new(),
    };
    let list = tree.read(&list_path)?;
    if list.lines().any(|l| l.trim() == id) {
        return Err(format!(
            "{id} is already listed in conformance/variants.txt"
        ));
    }
    let existing = find_family_crate(root, family)?;
    if existing.is_none() && list.lines().any(|l| l.starts_with(&format!("{family}/"))) {
        return Err(format!(
            "family {family} exists, but no crate under crates/ declares it in [package.metadata.goishi] \
             (its presets are added by hand: see CONTRIBUTING.md)"
        ));
    }
    let dir_name = match &existing {
        Some(c) => c
            .dir
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        None => options
            .crate_dir
            .clone()
            .unwrap_or_else(|| family.to_owned()),
    };
    // A preset takes its family's title as the family declares it (`Capture Go`); a new
    // family, `--family` or its name.
    let declared = goishi::registry()
        .variants()
        .find(|v| v.family == family)
        .map(|v| v.family_title.to_owned());
    let title = match (&existing, declared) {
        (Some(_), Some(declared)) => declared,
        _ => options.title.clone().unwrap_or_else(|| camel(family)),
    };
    // The cases' `source`: a heading of the family's rules page (a preset's own section, or
    // the new page's "Variants" and title), which the meta-suite resolves.
    let (rules_page, case_anchor) = match &existing {
        Some(c) => (
            c.docs.to_string_lossy().replace('\\', "/"),
            goishi_conformance::source::slug(&id),
        ),
        None => (format!("docs/rules/{dir_name}.md"), "variants".to_owned()),
    };
    let names = Names {
        vars: vec![
            ("id", id.clone()),
            ("family", family.to_owned()),
            ("family_title", title.clone()),
            ("name", name.to_owned()),
            ("dir", dir_name.clone()),
            ("crate_name", format!("goishi-{dir_name}")),
            ("lib_name", format!("goishi_{}", dir_name.replace('-', "_"))),
            ("module", family.replace('-', "_")),
            ("Type", format!("{}Position", camel(family))),
            ("Arm", camel(family)),
            ("CONST", const_name(family, name)),
            ("rules_page", rules_page),
            ("case_anchor", case_anchor),
            ("title_anchor", goishi_conformance::source::slug(&title)),
        ],
    };
    let cases = Path::new("conformance").join(family).join(name);
    match &existing {
        Some(c) => {
            let variants = c.dir.join("src").join("variants.rs");
            tree.insert_before(
                &variants,
                "// new-variant: presets above this line",
                &names.fill(templates::PRESET),
            )?;
            tree.create(
                c.dir.join("docs").join(format!("{name}.md")),
                names.fill(templates::PRESET_DOCS),
            )?;
            let page = tree.read(&c.docs)?;
            tree.set(
                c.docs.clone(),
                format!(
                    "{}\n\n## `{id}`\n\nA new preset (scaffolded by `cargo xtask new-variant`): say what it changes.\n",
                    page.trim_end()
                ),
            );
            tree.create(cases.join("basic.toml"), names.fill(templates::CASE))?;
        }
        None => {
            let krate = Path::new("crates").join(&dir_name);
            if root.join(&krate).exists() {
                return Err(format!(
                    "{} exists already; pick another --crate",
                    krate.display()
                ));
            }
            let preset = names.fill(templates::PRESET);
            let files = [
                ("Cargo.toml", templates::CARGO),
                ("README.md", templates::README),
                ("src/lib.rs", templates::LIB),
                ("src/position.rs", templates::POSITION),
                ("src/playout.rs", templates::PLAYOUT),
                ("tests/conformance.rs", templates::TEST),
            ];
            for (file, template) in files {
                tree.create(krate.join(file), names.fill(template))?;
            }
            // The licence texts every published crate's package carries: the root's.
            for file in ["LICENSE-MIT", "LICENSE-APACHE"] {
                tree.link(krate.join(file), format!("../../{file}"))?;
            }
            tree.create(
                krate.join("src").join("variants.rs"),
                names
                    .fill(templates::VARIANTS)
                    .replace("{{preset}}", &preset),
            )?;
            tree.create(
                krate.join("docs").join(format!("{name}.md")),
                names.fill(templates::VARIANT_DOCS),
            )?;
            tree.create(
                Path::new("docs")
                    .join("rules")
                    .join(format!("{dir_name}.md")),
                names
                    .fill(templates::RULES_PAGE)
                    .replace("{{variant_line}}", &format!("- `{id}`: the first variant.")),
            )?;
            tree.create(
                cases.join("basic.toml"),
                names.fill(templates::CASE) + &names.fill(templates::FAMILY_CASE),
            )?;
            facade(&mut tree, &names, family)?;
        }
    }
    let mut ids: Vec<&str> = list
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    ids.push(&id);
    ids.sort_unstable();
    ids.dedup();
    tree.set(list_path, ids.join("\n") + "\n");
    Ok(tree.edits)
}

/// The facade's feature for a new family.
fn facade(tree: &mut Tree<'_>, names: &Names, family: &str) -> Result<(), String> {
    let facade = Path::new("crates").join("goishi");
    let manifest = facade.join("Cargo.toml");
    let text = tree.read(&manifest)?;
    let default_line = text
        .lines()
        .find(|l| l.trim_start().starts_with("default = ["))
        .ok_or_else(|| format!("{}: no default = [...] feature line", manifest.display()))?;
    if text
        .lines()
        .any(|l| l.trim_start().starts_with(&format!("{family} = [")))
    {
        return Err(format!(
            "{}: feature {family} exists already",
            manifest.display()
        ));
    }
    let new_default = default_line.replace(']', &format!(", \"{family}\"]"));
    let mut text = text.replacen(default_line, &new_default, 1);
    // The feature after the last feature, the dependency after the last dependency.
    let feature = names.fill("\n{{family}} = [\"dep:{{crate_name}}\"]");
    let dep = names
        .fill("\n{{crate_name}} = { path = \"../{{dir}}\", version = \"0.1.0\", optional = true }");
    for (section, line) in [("\n\n[dependencies]", feature), ("\n\n[lints]", dep)] {
        let at = text.find(section).ok_or_else(|| {
            format!(
                "{}: no blank line and {} section where to add {}",
                manifest.display(),
                section.trim(),
                line.trim()
            )
        })?;
        text.insert_str(at, &line);
    }
    tree.set(manifest, text);
    let lib = facade.join("src").join("lib.rs");
    tree.insert_before(
        &lib,
        "// new-variant: families above this line",
        &names.fill(
            "    /// {{family_title}} (`{{crate_name}}`).\n    {{module}}: {{lib_name}}::{{Type}} => {{Arm}}, feature = \"{{family}}\", family = \"{{family}}\";\n",
        ),
    )?;
    tree.insert_before(
        &facade.join("tests").join("it").join("registry.rs"),
        "// new-variant: features above this line",
        &names.fill("    (\"{{family}}\", cfg!(feature = \"{{family}}\")),\n"),
    )?;
    Ok(())
}

/// Formats the Rust files written with rustfmt (the inserted lines may change how rustfmt
/// lays out a list); a missing rustfmt is a warning.
pub fn format(root: &Path, edits: &[FileEdit]) {
    let files: Vec<PathBuf> = edits
        .iter()
        .filter(|e| e.path.extension().is_some_and(|x| x == "rs"))
        .map(|e| root.join(&e.path))
        .collect();
    let status = std::process::Command::new("rustfmt")
        .args(["--edition", "2021"])
        .args(&files)
        .status();
    if !status.is_ok_and(|s| s.success()) {
        eprintln!("new-variant: rustfmt did not run; run `cargo fmt` on the files written");
    }
}

/// Writes the planned files.
pub fn apply(root: &Path, edits: &[FileEdit]) -> Result<(), String> {
    for e in edits {
        let path = root.join(&e.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|err| format!("cannot create {}: {err}", parent.display()))?;
        }
        let written = if e.link {
            make_link(&path, &e.text)
        } else {
            std::fs::write(&path, &e.text)
        };
        written.map_err(|err| format!("cannot write {}: {err}", path.display()))?;
    }
    Ok(())
}

/// A symbolic link at `path` to `target`, relative to the link's folder.
#[cfg(unix)]
fn make_link(path: &Path, target: &str) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, path)
}

/// A copy of `target` (relative to `path`'s folder), where links need privileges.
#[cfg(not(unix))]
fn make_link(path: &Path, target: &str) -> std::io::Result<()> {
    let folder = path.parent().unwrap_or(Path::new("."));
    std::fs::copy(folder.join(target), path).map(drop)
}

pub fn run(options: &NewVariant) -> ExitCode {
    let edits = match plan(options) {
        Ok(e) => e,
        Err(message) => {
            eprintln!("new-variant: {message}");
            return ExitCode::FAILURE;
        }
    };
    for e in &edits {
        let verb = match (options.dry_run, e.created) {
            (true, true) => "would create",
            (true, false) => "would edit",
            (false, true) => "created",
            (false, false) => "edited",
        };
        println!("{verb} {}", e.path.display());
    }
    if options.dry_run {
        return ExitCode::SUCCESS;
    }
    if let Err(message) = apply(&options.root, &edits) {
        eprintln!("new-variant: {message}");
        return ExitCode::FAILURE;
    }
    format(&options.root, &edits);
    let id = options.id();
    let conformance = format!("cargo xtask conformance --variant {id}");
    println!("\nNext:");
    println!("  {conformance:<46} # the scaffold passes as it is");
    println!(
        "  {:<46} # its generated reference page",
        "cargo xtask docs"
    );
    println!("  then replace the template: CONTRIBUTING.md, \"Adding a variant\"");
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod slow;
