//! The conformance case format and runner of goishi, shared by `cargo test` and
//! `cargo xtask conformance`.
//!
//! One runner, three kinds of suites, all data-driven:
//!
//! - `cases`: the case files `conformance/<family>/<name>/*.toml` of each variant (format:
//!   `conformance/README.md`), see [`Case`];
//! - `games <board>`: the universal suites, properties every variant must have, checked along
//!   seeded random games on several boards (see [`games`]);
//! - `meta`: the registry against the committed variant list, the case folders and the docs
//!   pages, and that every case's `source` names a file and a heading of the repository
//!   (see [`meta`] and [`source`]).
//!
//! Every failure names the file and the case, or the variant, board and seed of the game.
//!
//! [`alloc`] is a counting global allocator for the tests that bound what a variant allocates;
//! [`expect`] keeps the expected text outputs of tests (message tables) in files, blessed by
//! `GOISHI_BLESS=1`.

use std::fmt::Write as _;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};

use goishi_board::{BoardKind, Registry, Rules, VariantInfo};
use serde::Serialize;

pub mod alloc;
mod case;
pub mod docs;
pub mod expect;
pub mod games;
pub mod meta;
mod snapshot;
pub mod source;

pub use case::{parse_cases, parse_move, parse_turn, Case, OneOrMany, SizeSpec};
pub use games::{play_game, standard_boards, Checker, GameError, GameSummary, TestBoard};
pub use snapshot::Snapshot;

/// Where the case files, the variant list and the docs pages are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    root: PathBuf,
}

impl Layout {
    /// A tree with `conformance/` (cases and `variants.txt`) and `docs/rules/` under `root`.
    pub fn new(root: impl Into<PathBuf>) -> Layout {
        Layout { root: root.into() }
    }

    /// The goishi workspace this crate was built from.
    pub fn workspace() -> Layout {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        Layout::new(here.parent().and_then(Path::parent).unwrap_or(here))
    }

    /// The repository root: case sources name files relative to it.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `conformance/`.
    pub fn cases_root(&self) -> PathBuf {
        self.root.join("conformance")
    }

    /// `conformance/<family>/<name>/` of a variant id.
    pub fn cases_dir(&self, id: &str) -> PathBuf {
        self.cases_root().join(id)
    }

    /// `conformance/variants.txt`.
    pub fn variants_list(&self) -> PathBuf {
        self.cases_root().join("variants.txt")
    }

    /// `docs/rules/`.
    pub fn docs_dir(&self) -> PathBuf {
        self.root.join("docs").join("rules")
    }

    /// A path as shown in messages: relative to the root.
    pub fn show(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }
}

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Only this variant (id or alias); every registered variant if `None`.
    pub variant: Option<String>,
    /// A rules string (variant and overrides): only its variant, and the games under these
    /// rules instead of the variant's defaults.
    pub rules: Option<String>,
    /// Random games per variant and board in the universal suites.
    pub games: u32,
    /// The seed every game's seed is derived from.
    pub seed: u64,
    /// Whether to run the meta checks.
    pub meta: bool,
    /// Whether to run the case files.
    pub cases: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: None,
            rules: None,
            games: 4,
            seed: DEFAULT_SEED,
            meta: true,
            cases: true,
        }
    }
}

/// The seed used when none is given.
pub const DEFAULT_SEED: u64 = 20_261_129;

impl Options {
    /// The options `cargo test` uses: a few games, or many with `GOISHI_SLOW=1`; the seed
    /// from `GOISHI_SEED` if set.
    pub fn from_env(quick_games: u32) -> Options {
        let slow = std::env::var("GOISHI_SLOW").is_ok_and(|v| !v.is_empty() && v != "0");
        Options {
            games: if slow {
                25 * quick_games.max(1)
            } else {
                quick_games
            },
            seed: std::env::var("GOISHI_SEED")
                .ok()
                .and_then(|s| s.trim().parse().ok())
                .unwrap_or(DEFAULT_SEED),
            ..Options::default()
        }
    }
}

/// The result of one suite of one variant.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// A variant id (or the rules string the games ran under), or `(registry)` for the
    /// meta checks.
    pub variant: String,
    /// `cases`, `games square 9x9`, `meta`, ...
    pub suite: String,
    pub passed: usize,
    pub failed: usize,
    /// Set when the variant refused the suite's board and its docs say it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// One message per failure, naming the file and case, or the board and seed.
    pub failures: Vec<String>,
    /// Games suites: the moves played in all games.
    pub moves: usize,
    /// Games suites: how many games ended by the rules (the others were resigned at the
    /// move cap).
    pub ended: usize,
}

impl Row {
    fn new(variant: &str, suite: &str) -> Row {
        Row {
            variant: variant.to_owned(),
            suite: suite.to_owned(),
            passed: 0,
            failed: 0,
            refused: None,
            failures: Vec::new(),
            moves: 0,
            ended: 0,
        }
    }

    fn record(&mut self, result: Result<(), String>) {
        match result {
            Ok(()) => self.passed += 1,
            Err(message) => {
                self.failed += 1;
                self.failures.push(message);
            }
        }
    }
}

/// Everything a run found.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub seed: u64,
    pub games: u32,
    pub rows: Vec<Row>,
}

impl Report {
    /// Whether nothing failed.
    pub fn ok(&self) -> bool {
        self.rows.iter().all(|r| r.failed == 0)
    }

    /// The number of failures.
    pub fn failed(&self) -> usize {
        self.rows.iter().map(|r| r.failed).sum()
    }

    /// The table: variant, suite, passed, failed (and a note for refused boards).
    pub fn table(&self) -> String {
        let vw = self
            .rows
            .iter()
            .map(|r| r.variant.len())
            .max()
            .unwrap_or(0)
            .max(7);
        let sw = self
            .rows
            .iter()
            .map(|r| r.suite.len())
            .max()
            .unwrap_or(0)
            .max(5);
        let mut out = format!(
            "{:vw$}  {:sw$}  {:>6}  {:>6}\n",
            "variant", "suite", "passed", "failed"
        );
        for r in &self.rows {
            let _ = write!(
                out,
                "{:vw$}  {:sw$}  {:>6}  {:>6}",
                r.variant, r.suite, r.passed, r.failed
            );
            if let Some(why) = &r.refused {
                let _ = write!(out, "  refused (documented): {why}");
            } else if r.suite.starts_with("games") && r.passed > 0 {
                let _ = write!(
                    out,
                    "  {} moves a game, {} ended by the rules",
                    r.moves / r.passed,
                    r.ended
                );
            }
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "{} suites, {} checks passed, {} failed (seed {}, {} games per variant and board)",
            self.rows.len(),
            self.rows.iter().map(|r| r.passed).sum::<usize>(),
            self.failed(),
            self.seed,
            self.games
        );
        out
    }

    /// Every failure message, each headed by its variant and suite.
    pub fn failures(&self) -> String {
        let mut out = String::new();
        for r in &self.rows {
            for f in &r.failures {
                let _ = writeln!(out, "FAILED {} {}: {}\n", r.variant, r.suite, f.trim_end());
            }
        }
        out
    }

    /// The report as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

/// Runs the suites of `options` for the variants of `registry`.
pub fn run(registry: &Registry, layout: &Layout, options: &Options) -> Result<Report, String> {
    let rules = options
        .rules
        .as_deref()
        .map(|r| {
            registry
                .parse_rules(r)
                .map_err(|e| format!("--rules {r:?}: {e}"))
        })
        .transpose()?;
    let variants: Vec<&'static VariantInfo> = match (&rules, &options.variant) {
        (Some(r), _) => vec![r.variant()],
        // `go/chinese:ko=simple` is a rules string, which --rules takes.
        (None, Some(name)) if name.contains(':') => {
            return Err(format!(
                "--variant {name:?}: --variant takes a variant id or alias; for a rules \
                 string with options, use --rules {name}"
            ))
        }
        (None, Some(name)) => vec![registry
            .lookup(name)
            .map_err(|e| format!("--variant: {e}"))?],
        (None, None) => registry.variants().collect(),
    };
    let mut rows = Vec::new();
    if options.meta {
        let mut row = Row::new("(registry)", "meta");
        for check in meta::checks(registry, layout) {
            row.record(if check.problems.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "{}:\n  - {}",
                    check.name,
                    check.problems.join("\n  - ")
                ))
            });
        }
        rows.push(row);
    }
    let boards = if options.games > 0 {
        standard_boards()?
    } else {
        Vec::new()
    };
    for variant in variants {
        if options.cases {
            rows.push(run_cases(registry, layout, variant));
        }
        let rules = rules.clone().unwrap_or_else(|| variant.default_rules());
        for board in &boards {
            rows.push(run_games(variant, &rules, board, options));
        }
    }
    Ok(Report {
        seed: options.seed,
        games: options.games,
        rows,
    })
}

/// The case files of a variant folder, sorted; none if the folder does not exist.
pub fn case_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    Ok(files)
}

/// Runs every case of one variant folder.
pub fn run_cases(registry: &Registry, layout: &Layout, variant: &'static VariantInfo) -> Row {
    let mut row = Row::new(variant.id, "cases");
    let dir = layout.cases_dir(variant.id);
    let files = match case_files(&dir) {
        Ok(f) => f,
        Err(e) => {
            row.record(Err(e));
            return row;
        }
    };
    if files.is_empty() {
        row.record(Err(format!("no case file in {}", layout.show(&dir))));
    }
    for file in files {
        let shown = layout.show(&file);
        let cases = std::fs::read_to_string(&file)
            .map_err(|e| e.to_string())
            .and_then(|text| parse_cases(&text));
        match cases {
            Err(e) => row.record(Err(format!("{shown}: {e}"))),
            Ok(cases) => {
                for case in cases {
                    let result = case
                        .run(registry, variant.id, &dir)
                        .map_err(|e| format!("{shown}, case {:?}:\n{}", case.name, e.trim_end()));
                    row.record(result);
                }
            }
        }
    }
    row
}

/// Plays the universal suites' games of one variant, under `rules`, on one board.
pub fn run_games(
    variant: &'static VariantInfo,
    rules: &Rules,
    board: &TestBoard,
    options: &Options,
) -> Row {
    let name = rules.to_string();
    let mut row = Row::new(&name, &format!("games {}", board.name));
    for i in 0..options.games {
        let seed = games::game_seed(options.seed, &name, &board.name, i);
        match play_game(rules, board, seed) {
            Ok(summary) => {
                row.passed += 1;
                row.moves += summary.moves;
                row.ended += usize::from(summary.ended);
            }
            Err(GameError::Failed(m)) => {
                row.failed += 1;
                row.failures.push(format!(
                    "{m}\n  replay: cargo xtask conformance --rules '{name}' --seed {} --games {}",
                    options.seed,
                    i + 1
                ));
            }
            Err(GameError::Refused(why)) => {
                if refusal_documented(variant, &board.kind) {
                    row.refused = Some(why);
                } else {
                    row.record(Err(format!(
                        "the variant refused the {} board ({why}), and its docs do not say it refuses {} boards",
                        board.name,
                        kind_word(&board.kind)
                    )));
                }
                break;
            }
        }
    }
    row
}

/// The conformance test of a family crate, its first half: every case file of each of
/// `variants` (`conformance/<family>/<name>/*.toml`), under a registry of those variants
/// alone. Panics with every failure, or if a variant has no passing case.
///
/// ```no_run
/// # static VARIANTS: &[&goishi_board::VariantInfo] = &[];
/// #[test]
/// fn case_files_pass() {
///     goishi_conformance::assert_cases_pass(VARIANTS);
/// }
/// ```
pub fn assert_cases_pass(variants: &[&'static VariantInfo]) {
    let registry = Registry::from_parts(variants.iter().copied(), []);
    assert!(registry.problems().is_empty(), "{:?}", registry.problems());
    let layout = Layout::workspace();
    let mut failures = Vec::new();
    for &variant in variants {
        let row = run_cases(&registry, &layout, variant);
        if row.passed == 0 && row.failures.is_empty() {
            failures.push(format!("{}: no case ran", variant.id));
        }
        failures.extend(row.failures);
    }
    assert!(
        failures.is_empty(),
        "{} case failures:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The check of a family crate's variant docs: the Markdown files of `crate_dir/docs/` are
/// exactly its variants' docs (one file a variant, none left over, as `declare_variants!`
/// reads them), each with the four sections of `goishi_board::DOCS_HEADINGS`. Panics naming
/// every problem.
///
/// ```no_run
/// # static VARIANTS: &[&goishi_board::VariantInfo] = &[];
/// #[test]
/// fn docs_files_are_the_variants() {
///     goishi_conformance::assert_docs_files(VARIANTS, env!("CARGO_MANIFEST_DIR"));
/// }
/// ```
pub fn assert_docs_files(variants: &[&'static VariantInfo], crate_dir: &str) {
    let dir = std::path::Path::new(crate_dir).join("docs");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| {
            let text = std::fs::read_to_string(&p)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
            (
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                text,
            )
        })
        .collect();
    files.sort();
    let mut problems = Vec::new();
    for v in variants {
        if !files.iter().any(|(_, text)| *text == v.docs) {
            problems.push(format!(
                "variant {}: its docs are no file of {}",
                v.id,
                dir.display()
            ));
        }
        for p in goishi_board::docs_problems(v.docs) {
            problems.push(format!("variant {}: docs: {p}", v.id));
        }
    }
    for (name, text) in &files {
        if !variants.iter().any(|v| v.docs == text) {
            problems.push(format!(
                "docs/{name} is the docs of no variant of the crate"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The conformance test of a family crate, its second half: the universal suites (seeded
/// random games on every standard board: legality, undo, hashing, replay, records, finished
/// games) for each of `variants` under its defaults, then under each of `option_sets` (rules
/// strings with option values away from the defaults). Two games a board, or 50 with
/// `GOISHI_SLOW=1`; the seed from `GOISHI_SEED`. Panics with every failure, or if a variant
/// refuses a standard board.
///
/// ```no_run
/// # static VARIANTS: &[&goishi_board::VariantInfo] = &[];
/// #[test]
/// fn universal_suites_pass() {
///     goishi_conformance::assert_games_pass(VARIANTS, &["demo/one:komi=2.5"]);
/// }
/// ```
pub fn assert_games_pass(variants: &[&'static VariantInfo], option_sets: &[&str]) {
    let options = Options::from_env(2);
    println!("GOISHI_SEED={}", options.seed);
    let registry = Registry::from_parts(variants.iter().copied(), []);
    let boards = standard_boards().unwrap_or_else(|e| panic!("the standard boards: {e}"));
    let mut rules: Vec<Rules> = variants.iter().map(|v| v.default_rules()).collect();
    for text in option_sets {
        rules.push(
            registry
                .parse_rules(text)
                .unwrap_or_else(|e| panic!("option set {text:?}: {e}")),
        );
    }
    let mut failures = Vec::new();
    for r in &rules {
        for board in &boards {
            let row = run_games(r.variant(), r, board, &options);
            if let Some(why) = row.refused {
                failures.push(format!("{r} refused the {} board: {why}", board.name));
            }
            failures.extend(row.failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn kind_word(kind: &BoardKind) -> &'static str {
    match kind {
        BoardKind::Square => "square",
        BoardKind::Torus => "torus",
        BoardKind::Hex => "hex",
        BoardKind::Graph(_) => "graph",
    }
}

/// A variant may refuse a kind of board only if its docs name that kind.
fn refusal_documented(variant: &VariantInfo, kind: &BoardKind) -> bool {
    variant.docs.to_lowercase().contains(kind_word(kind))
}

/// Runs `f`, turning a panic into an error message.
pub(crate) fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        format!(
            "panicked: {}",
            goishi_board::panic_message(payload.as_ref())
        )
    })
}
