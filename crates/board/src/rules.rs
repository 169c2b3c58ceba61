//! Variants, the registry that collects them, and rules strings.
//!
//! A rule crate describes each variant as plain data ([`VariantInfo`]) and submits it with
//! [`register_variant!`](crate::register_variant). The registry collects the submissions once,
//! sorted by id; a duplicate id or alias is reported as a problem and never resolved by
//! "last one wins". A rules string names a variant (by id or alias) and may override its
//! options: `japanese:komi=0,ko=positional`, `contact/2b:contact=orth,board=torus`.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::geometry::{
    parse_size, size_text, BoardKind, Geometry, GeometryError, ParseBoardKindError,
};
use crate::options::{BadValue, OptionSpec};
use crate::position::Position;
use crate::setup::{FamilyError, Setup, SetupErrors};
use crate::suggest::{closest, Hint};

/// A registered variant: everything about it is data, except its constructor.
#[derive(Debug)]
pub struct VariantInfo {
    /// `family/name`, lower case: `go/chinese`, `contact/2b`.
    pub id: &'static str,
    /// The family id: `go`, `contact`.
    pub family: &'static str,
    /// The family's name in words: `Go`, `Contact capture`.
    pub family_title: &'static str,
    /// Other names users type (`chinese`, `cc-2b`, `CC 2B`); case, spaces, hyphens and
    /// underscores are not significant.
    pub aliases: &'static [&'static str],
    /// One line.
    pub summary: &'static str,
    /// The documentation (Markdown): what it is, the rules, an example, where it comes from.
    pub docs: &'static str,
    /// The options of the variant's family, with the family's defaults.
    pub options: &'static [OptionSpec],
    /// This variant's defaults where they differ from the family's: `(option, value)`.
    pub preset: &'static [(&'static str, &'static str)],
    /// The board size when none is given.
    pub default_size: (u32, u32),
    /// The words of the family's own illegal-move reasons ([`IllegalMove::Family`]), beyond
    /// the core's; case files name them (see [`IllegalMove::parse_among`]).
    ///
    /// [`IllegalMove::Family`]: crate::IllegalMove::Family
    /// [`IllegalMove::parse_among`]: crate::IllegalMove::parse_among
    pub reasons: &'static [&'static str],
    /// Validates a setup into a position, reporting every problem: `new_boxed::<P>` of the
    /// family's position type `P` (see [`FromSetup`](crate::FromSetup)).
    pub new_position: fn(Setup) -> Result<Box<dyn Position>, SetupErrors>,
    /// What players and front ends need to know of the family, declared with it.
    pub capabilities: Capabilities,
}

/// What players and front ends need to know of a family, declared with its variants
/// (`declare_variants!`'s `capabilities:`), so that no code outside the family tests its
/// name. A family that declares none gets [`Capabilities::NONE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// Random play never fills one of the mover's own single-point eyes (an empty point
    /// whose neighbours are all the mover's stones, none of whose chains is in atari): Go
    /// and capture Go, where filling one's own eye only helps the opponent.
    pub avoids_own_eyes: bool,
    /// A finished game is counted with the dead stones taken off (Go): players judge dead
    /// stones before they pass to end a game.
    pub counts_dead_stones: bool,
    /// Other Go software knows the game as Go (Go on any board): GoGui's game id `Go` on a
    /// flat board, KataGo's rules strings and rules commands, GTP's `fixed_handicap`; front
    /// ends offer those programs' Go commands for it.
    pub go_interop: bool,
}

impl Capabilities {
    /// Nothing declared: random play fills any point, every stone counts as it stands.
    pub const NONE: Capabilities = Capabilities {
        avoids_own_eyes: false,
        counts_dead_stones: false,
        go_interop: false,
    };
}

impl VariantInfo {
    /// The default value of an option for this variant, if the option exists.
    pub fn default_of(&self, name: &str) -> Option<&'static str> {
        let spec = self.options.iter().find(|o| o.name == name)?;
        Some(
            self.preset
                .iter()
                .find(|(k, _)| *k == name)
                .map_or(spec.default, |(_, v)| *v),
        )
    }

    /// The rules of this variant with every option at its default.
    pub fn default_rules(&'static self) -> Rules {
        Rules {
            variant: self,
            values: self
                .options
                .iter()
                .map(|o| self.default_of(o.name).unwrap_or(o.default).to_owned())
                .collect(),
            explicit: 0,
            board: None,
            size: None,
        }
    }

    /// The rules of this variant with the given option values (a family's configuration
    /// written back): those that differ from the variant's defaults become overrides, each
    /// checked. An option the variant lacks is the error.
    pub fn rules_with<V: AsRef<str>>(
        &'static self,
        values: impl IntoIterator<Item = (&'static str, V)>,
    ) -> Result<Rules, RulesError> {
        let mut rules = self.default_rules();
        for (name, value) in values {
            let value = value.as_ref();
            if self.default_of(name) != Some(value) {
                rules.set(name, value)?;
            }
        }
        Ok(rules)
    }
}

inventory::collect!(VariantInfo);

/// Another way of writing rules that a family accepts (KataGo's JSON and compact forms for
/// Go). `parse` returns `None` when the text is not of this form, so the next form is tried.
#[derive(Debug)]
pub struct RulesSyntax {
    /// A name for error messages and docs: `katago-json`.
    pub name: &'static str,
    /// Reads the text into a variant id and overrides; the error is the syntax's own, typed
    /// (see [`FamilyError::downcast_ref`]).
    pub parse: fn(&str) -> Option<Result<ForeignRules, FamilyError>>,
}

inventory::collect!(RulesSyntax);

/// What a [`RulesSyntax`] read: a variant id and option overrides to apply to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForeignRules {
    /// The variant's id.
    pub variant: &'static str,
    /// The options the text names, with their values (set explicitly, see
    /// [`Rules::is_explicit`]).
    pub overrides: Vec<(String, String)>,
    /// The values the syntax fills in where the text is silent (set, but not explicitly).
    pub implied: Vec<(String, String)>,
}

/// Registers a variant: `register_variant!(INFO)` where `INFO` is a `VariantInfo` constant
/// expression. Each rule crate registers its own variants.
#[macro_export]
macro_rules! register_variant {
    ($info:expr) => {
        $crate::inventory::submit! { $info }
    };
}

/// Registers another syntax for rules strings (see [`RulesSyntax`]).
#[macro_export]
macro_rules! register_rules_syntax {
    ($syntax:expr) => {
        $crate::inventory::submit! { $syntax }
    };
}

/// Normalizes a variant name: lower case, without spaces, hyphens or underscores.
pub fn normalize_name(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '\t'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Every variant and rules syntax, collected once.
#[derive(Debug)]
pub struct Registry {
    variants: BTreeMap<&'static str, &'static VariantInfo>,
    names: HashMap<String, &'static VariantInfo>,
    /// Names two variants claim (compared as [`normalize_name`] does), which neither has.
    conflicts: HashMap<String, (&'static str, &'static str)>,
    syntaxes: Vec<&'static RulesSyntax>,
    problems: Vec<String>,
}

impl Registry {
    /// A registry of the given variants and syntaxes (the explicit fallback for targets where
    /// `inventory` collects nothing).
    pub fn from_parts(
        variants: impl IntoIterator<Item = &'static VariantInfo>,
        syntaxes: impl IntoIterator<Item = &'static RulesSyntax>,
    ) -> Registry {
        let mut all: Vec<&'static VariantInfo> = variants.into_iter().collect();
        all.sort_by_key(|v| v.id);
        let mut problems = Vec::new();
        let mut variants = BTreeMap::new();
        let mut names: HashMap<String, &'static VariantInfo> = HashMap::new();
        let mut claimed: HashMap<String, (&'static str, &'static str)> = HashMap::new();
        let mut conflicts: HashMap<String, (&'static str, &'static str)> = HashMap::new();
        for v in &all {
            if variants.insert(v.id, *v).is_some() {
                problems.push(format!("variant id {:?} is registered twice", v.id));
            }
            if !v.id.starts_with(&format!("{}/", v.family)) {
                problems.push(format!(
                    "variant id {:?} does not start with its family {:?}",
                    v.id, v.family
                ));
            }
            for o in v.options {
                if let Err(e) = o.normalize(v.default_of(o.name).unwrap_or(o.default)) {
                    problems.push(format!("variant {}: bad default: {e}", v.id));
                }
            }
            if v.options.len() > 64 {
                problems.push(format!(
                    "variant {}: {} options, more than the 64 a rules value tracks",
                    v.id,
                    v.options.len()
                ));
            }
            for (k, _) in v.preset {
                if !v.options.iter().any(|o| o.name == *k) {
                    problems.push(format!(
                        "variant {}: preset names unknown option {k:?}",
                        v.id
                    ));
                }
            }
            // (the name compared, the name as written)
            let mut own: Vec<(String, &'static str)> = vec![(normalize_name(v.id), v.id)];
            own.extend(v.aliases.iter().map(|a| (normalize_name(a), *a)));
            own.sort();
            own.dedup_by(|a, b| a.0 == b.0);
            for (name, written) in own {
                if let Some(&(other, other_written)) = claimed.get(&name) {
                    if other != v.id {
                        problems.push(format!(
                            "the name {written:?} of {} is also the name {other_written:?} of \
                             {other} (names are compared without case, spaces, hyphens and \
                             underscores); neither variant has it until one gives it up",
                            v.id
                        ));
                        conflicts.insert(name.clone(), (other, v.id));
                    }
                    names.remove(&name);
                    continue;
                }
                claimed.insert(name.clone(), (v.id, written));
                names.insert(name, v);
            }
        }
        let mut syntaxes: Vec<&'static RulesSyntax> = syntaxes.into_iter().collect();
        syntaxes.sort_by_key(|s| s.name);
        Registry {
            variants,
            names,
            conflicts,
            syntaxes,
            problems,
        }
    }

    /// The registry of everything the rule crates linked into this program submitted.
    pub fn collect() -> Registry {
        Registry::from_parts(
            inventory::iter::<VariantInfo>,
            inventory::iter::<RulesSyntax>,
        )
    }

    /// Every variant, sorted by id.
    pub fn variants(&self) -> impl Iterator<Item = &'static VariantInfo> + '_ {
        self.variants.values().copied()
    }

    /// The variant with this exact id.
    pub fn get(&self, id: &str) -> Option<&'static VariantInfo> {
        self.variants.get(id).copied()
    }

    /// The variant with this id or alias (case, spaces, hyphens, underscores ignored).
    pub fn find(&self, name: &str) -> Option<&'static VariantInfo> {
        self.names.get(&normalize_name(name)).copied()
    }

    /// The variant with this id or alias, as [`Registry::find`]; or the error that says why
    /// none: an unknown name (with the id or alias most like it), or a name two variants
    /// claim.
    pub fn lookup(&self, name: &str) -> Result<&'static VariantInfo, RulesError> {
        self.find(name)
            .ok_or_else(|| match self.conflicts.get(&normalize_name(name)) {
                Some(&(a, b)) => RulesError::ClaimedTwice {
                    name: shorten(name),
                    first: a,
                    second: b,
                },
                None => self.unknown_variant(name),
            })
    }

    /// Registration problems (duplicate ids or aliases, bad defaults); empty when all is well.
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Parses a rules string against this registry.
    pub fn parse_rules(&self, text: &str) -> Result<Rules, RulesError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(RulesError::Empty);
        }
        for syntax in &self.syntaxes {
            if let Some(found) = (syntax.parse)(text) {
                let found = found.map_err(|error| RulesError::Foreign {
                    syntax: syntax.name,
                    error,
                })?;
                let variant = self
                    .get(found.variant)
                    .ok_or_else(|| self.unknown_variant(found.variant))?;
                let mut rules = variant.default_rules();
                for (k, v) in &found.implied {
                    rules.set(k, v)?;
                }
                rules.explicit = 0;
                for (k, v) in &found.overrides {
                    rules.set(k, v)?;
                }
                return Ok(rules);
            }
        }
        let (name, overrides) = match text.split_once(':') {
            Some((n, o)) => (n.trim(), Some(o)),
            None => (text, None),
        };
        let variant = self.lookup(name)?;
        let mut rules = variant.default_rules();
        if let Some(overrides) = overrides {
            // Each option once: `ko=simple,ko=positional` is a slip, not a choice (keys
            // compared as `Rules::set` reads them).
            let mut given: Vec<String> = Vec::new();
            for part in overrides.split(',') {
                let part = part.trim();
                if part.is_empty() {
                    continue;
                }
                let (k, v) = part
                    .split_once('=')
                    .ok_or_else(|| RulesError::MissingValue(part.to_owned()))?;
                let k = k.trim();
                if given.contains(&option_key(k)) {
                    return Err(RulesError::Repeated(k.to_owned()));
                }
                given.push(option_key(k));
                rules.set(k, v.trim())?;
            }
        }
        Ok(rules)
    }

    /// The error for a rules name no variant has: the ids, and the id or alias most like it.
    fn unknown_variant(&self, name: &str) -> RulesError {
        let names = self
            .variants
            .values()
            .flat_map(|v| std::iter::once(v.id).chain(v.aliases.iter().copied()));
        RulesError::UnknownVariant {
            name: shorten(name),
            known: self.variants.keys().copied().collect::<Vec<_>>().join(", "),
            suggestion: closest(name, names).map(str::to_owned),
        }
    }
}

static REGISTRY: OnceLock<Registry> = OnceLock::new();

/// Builds the program's registry in place of [`Registry::collect`]: the facade crate
/// (`goishi`) submits one with `inventory`, beside its explicit lists of variants, so that a
/// program that links those lists gets them in its registry even where the linker dropped
/// some rule crate's own registrations (a debug build for `wasm32-unknown-unknown`).
#[derive(Debug)]
pub struct RegistryHook {
    /// The crate that submits it: `goishi`.
    pub by: &'static str,
    /// Builds the registry (called once, by the first use of [`registry`]).
    pub build: fn() -> Registry,
}

inventory::collect!(RegistryHook);

/// The registry of this program, built on first use: by the [`RegistryHook`] that was
/// submitted (the facade's: its explicit lists and what `inventory` collected), else from
/// what `inventory` collected, unless a registry was installed before with
/// [`install_registry`]. [`Rules::parse`], setups and game records read rules strings
/// through it.
pub fn registry() -> &'static Registry {
    REGISTRY.get_or_init(initial_registry)
}

/// The registry built by the first use of [`registry`]. Two hooks (two facades linked) are a
/// registration problem; the one of the first crate by name builds the registry.
fn initial_registry() -> Registry {
    let mut hooks: Vec<&'static RegistryHook> =
        inventory::iter::<RegistryHook>.into_iter().collect();
    hooks.sort_by_key(|h| h.by);
    let Some((first, others)) = hooks.split_first() else {
        return Registry::collect();
    };
    let mut registry = (first.build)();
    if !others.is_empty() {
        let by: Vec<&str> = hooks.iter().map(|h| h.by).collect();
        registry.problems.push(format!(
            "registry hooks are submitted by {}; the one of {} was used",
            by.join(", "),
            first.by
        ));
    }
    registry
}

/// Installs the program's registry explicitly, in place of the one [`registry`] would build
/// (the facade crate installs its own on the first call of `goishi::registry()`, for the
/// case where no registration ran at all). It must come before the first use of
/// [`registry`]; returns `false` (and changes nothing) when the registry is already set.
pub fn install_registry(registry: Registry) -> bool {
    REGISTRY.set(registry).is_ok()
}

/// Whether `inventory` collected no variant at all in this program (a target where its
/// registrations do not run, or no rule crate linked).
pub fn inventory_is_empty() -> bool {
    inventory::iter::<VariantInfo>.into_iter().next().is_none()
}

/// What is wrong with a rules string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A rules string with nothing in it but white space.
    #[error("empty rules string; expected a variant id or alias, like go/chinese or contact/2b")]
    Empty,
    /// A name that is no variant's id or alias.
    #[error("unknown rules {name:?}{}; expected a variant id or alias, one of: {known}", Hint(.suggestion))]
    UnknownVariant {
        /// The name given (cut short when it is long).
        name: String,
        /// The registered ids, comma-separated.
        known: String,
        /// The id or alias most like `name`, if one is like it ([`closest`]).
        suggestion: Option<String>,
    },
    /// A name that two variants claim: a problem of the registry, so the name belongs to
    /// neither.
    #[error(
        "rules {name:?} name two variants, {first} and {second}: a problem of the registry \
         (each name belongs to one variant), which `cargo xtask conformance` reports"
    )]
    ClaimedTwice {
        /// The id or alias given.
        name: String,
        /// The id of one variant that claims it.
        first: &'static str,
        /// The id of the other.
        second: &'static str,
    },
    /// An override whose key is none of the variant's options.
    #[error("unknown option {key:?} for {variant}{}; expected one of: {valid}", Hint(.suggestion))]
    UnknownOption {
        /// The variant's id.
        variant: &'static str,
        /// The key given.
        key: String,
        /// The variant's options, comma-separated.
        valid: String,
        /// The option most like `key`, if one is like it ([`closest`]).
        suggestion: Option<String>,
    },
    /// An override without `=value` (the override as written).
    #[error("override {0:?} has no value; write key=value")]
    MissingValue(String),
    /// An option given twice in one rules string (its name).
    #[error("option {0:?} is given twice; give each option once")]
    Repeated(String),
    /// A value the option does not accept.
    #[error(transparent)]
    BadValue(#[from] BadValue),
    /// A `board=` value that names no kind of board.
    #[error(transparent)]
    Board(#[from] ParseBoardKindError),
    /// A size or board that gives no geometry (`size=` out of range, a graph file that
    /// cannot be read, a size given with a graph board, ...).
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    /// Another syntax's error ([`RulesSyntax`]): the syntax's name, and its own typed error.
    #[error("{syntax} rules: {error}")]
    Foreign {
        /// The syntax's name (`katago-json`, ...).
        syntax: &'static str,
        /// Its error, downcast to the syntax's own type to read it.
        error: FamilyError,
    },
}

/// A variant and the values of all its options; written out as a rules string that parses
/// back to the same thing.
#[derive(Clone)]
pub struct Rules {
    variant: &'static VariantInfo,
    values: Vec<String>,
    /// Bit `i`: option `i` was set explicitly (by the rules string or [`Rules::set`]).
    explicit: u64,
    board: Option<BoardKind>,
    size: Option<(u32, u32)>,
}

/// Equality is of the values: whether an option was set explicitly does not count (the text
/// `japanese:komi=6.5` and `japanese` are the same rules), nor whether the board and size were
/// named when they are the defaults (`chinese:size=19,board=square` and `chinese` are too).
impl PartialEq for Rules {
    fn eq(&self, other: &Self) -> bool {
        self.variant.id == other.variant.id
            && self.values == other.values
            && self.board_kind() == other.board_kind()
            && self.size_or_default() == other.size_or_default()
    }
}

impl Eq for Rules {}

impl Rules {
    /// Equal and written the same way (the same options set explicitly, the same board and
    /// size named): a position's copy carries rules that print as the caller's.
    pub(crate) fn identical(&self, other: &Rules) -> bool {
        std::ptr::eq(self.variant, other.variant)
            && self.values == other.values
            && self.explicit == other.explicit
            && self.board == other.board
            && self.size == other.size
    }
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({self})")
    }
}

impl Rules {
    /// Parses a rules string against the program's registry.
    pub fn parse(text: &str) -> Result<Rules, RulesError> {
        registry().parse_rules(text)
    }

    /// The variant.
    pub fn variant(&self) -> &'static VariantInfo {
        self.variant
    }

    /// The value of an option, in canonical form; `None` if the variant has no such option.
    pub fn get(&self, name: &str) -> Option<&str> {
        let i = self.variant.options.iter().position(|o| o.name == name)?;
        Some(&self.values[i])
    }

    /// The value of an option that the variant's own code declared (a missing one is a bug in
    /// that code, caught by the registry tests; it reads as the empty string).
    pub fn value(&self, name: &str) -> &str {
        self.get(name).unwrap_or("")
    }

    /// Sets an option (or `board` or `size`), checking the value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let key = option_key(key);
        match key.as_str() {
            "board" => {
                let board = value.parse()?;
                check_graph_size(Some(&board), self.size)?;
                self.board = Some(board);
                return Ok(());
            }
            "size" => {
                let size = parse_size(value)?;
                check_graph_size(self.board.as_ref(), Some(size))?;
                self.size = Some(size);
                return Ok(());
            }
            _ => {}
        }
        let Some(i) = self.variant.options.iter().position(|o| o.name == key) else {
            let mut valid: Vec<&str> = self.variant.options.iter().map(|o| o.name).collect();
            valid.extend(["board", "size"]);
            return Err(RulesError::UnknownOption {
                variant: self.variant.id,
                suggestion: closest(&key, valid.iter().copied()).map(str::to_owned),
                key,
                valid: valid.join(", "),
            });
        };
        self.values[i] = self.variant.options[i].normalize(value)?;
        if i < 64 {
            self.explicit |= 1 << i;
        }
        Ok(())
    }

    /// Whether the option `name` was set explicitly: named by the rules string it was parsed
    /// from, or set since with [`Rules::set`] (a value equal to the default counts). An option
    /// at its variant's default, or one that another syntax filled in where its text is
    /// silent, was not. A rules string's komi, for instance, wins over a record's `KM` only
    /// when it names one.
    pub fn is_explicit(&self, name: &str) -> bool {
        self.variant
            .options
            .iter()
            .position(|o| o.name == name)
            .is_some_and(|i| i < 64 && self.explicit & (1 << i) != 0)
    }

    /// The options set explicitly (see [`Rules::is_explicit`]), with their values, in
    /// declaration order.
    pub fn explicit(&self) -> impl Iterator<Item = (&'static str, &str)> + '_ {
        self.values()
            .enumerate()
            .filter(|(i, _)| *i < 64 && self.explicit & (1 << i) != 0)
            .map(|(_, (o, v))| (o.name, v))
    }

    /// The `board=` kind (square unless set).
    pub fn board_kind(&self) -> BoardKind {
        self.board.clone().unwrap_or(BoardKind::Square)
    }

    /// Whether the rules set the board kind explicitly.
    pub fn sets_board(&self) -> bool {
        self.board.is_some()
    }

    /// The `size=` override, if any.
    pub fn size(&self) -> Option<(u32, u32)> {
        self.size
    }

    /// Moves the `size=` override out (the front ends that hold the board size apart from
    /// the rules: GTP's engine, SGF records with their `SZ`, self-play).
    pub fn take_size(&mut self) -> Option<(u32, u32)> {
        self.size.take()
    }

    /// The `size=` override, or the variant's default size.
    fn size_or_default(&self) -> (u32, u32) {
        self.size.unwrap_or(self.variant.default_size)
    }

    /// Sets or clears the `size=` override.
    pub fn set_size(&mut self, size: Option<(u32, u32)>) {
        self.size = size;
    }

    /// Sets or clears the `board=` override.
    pub fn set_board(&mut self, board: Option<BoardKind>) {
        self.board = board;
    }

    /// The board size of a game of these rules asked for at `size`: the `size=` of the rules
    /// or `size` (an error when both are given and differ: which one was meant cannot be
    /// told), else the variant's default. A graph board has its graph's size: a size given
    /// with it is an error ([`GeometryError::GraphSize`]), and its board size is the
    /// variant's default, which its geometry ignores.
    pub fn board_size(&self, size: Option<(u32, u32)>) -> Result<(u32, u32), GeometryError> {
        check_graph_size(self.board.as_ref(), size.or(self.size))?;
        match (self.size, size) {
            (Some(named), Some(asked)) if named != asked => Err(GeometryError::SizeConflict {
                named: size_text(named),
                asked: size_text(asked),
            }),
            (named, asked) => Ok(named.or(asked).unwrap_or(self.variant.default_size)),
        }
    }

    /// Builds the geometry at [`Rules::board_size`]. On a graph board `size` is not asked
    /// for: the size of a graph game carried back here (a setup's, a record's `SZ`) is its
    /// graph's, and the geometry is the graph.
    pub fn geometry(&self, size: Option<(u32, u32)>) -> Result<Geometry, GeometryError> {
        let kind = self.board_kind();
        let asked = size.filter(|_| !matches!(kind, BoardKind::Graph(_)));
        let (w, h) = self.board_size(asked)?;
        kind.build(w, h)
    }

    /// A new game on an empty board of the rules' geometry, Black to move (a copy of the
    /// last one this thread built for the same rules and board: [`Setup::into_position`]).
    pub fn new_game(&self, size: Option<(u32, u32)>) -> Result<Box<dyn Position>, SetupErrors> {
        let geometry = self.geometry(size).map_err(SetupErrors::from)?;
        Setup::new(self.clone(), geometry).into_position()
    }

    /// The options whose value differs from the variant's default, in declaration order.
    pub fn overrides(&self) -> impl Iterator<Item = (&'static str, &str)> + '_ {
        self.variant
            .options
            .iter()
            .zip(&self.values)
            .filter(|(o, v)| self.variant.default_of(o.name) != Some(v.as_str()))
            .map(|(o, v)| (o.name, v.as_str()))
    }

    /// Every option with its value, in declaration order.
    pub fn values(&self) -> impl Iterator<Item = (&'static OptionSpec, &str)> + '_ {
        self.variant
            .options
            .iter()
            .zip(&self.values)
            .map(|(o, v)| (o, v.as_str()))
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant.id)?;
        let mut parts: Vec<String> = self.overrides().map(|(k, v)| format!("{k}={v}")).collect();
        // The board and the size as the options: written when they are not the defaults.
        if let Some(b) = self.board.as_ref().filter(|&b| *b != BoardKind::Square) {
            parts.push(format!("board={b}"));
        }
        if let Some(size) = self.size.filter(|&s| s != self.variant.default_size) {
            parts.push(format!("size={}", size_text(size)));
        }
        if !parts.is_empty() {
            write!(f, ":{}", parts.join(","))?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rules::parse(s)
    }
}

impl serde::Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Rules {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A size given with a graph board is an error: a graph's size is fixed, its points are the
/// file's.
fn check_graph_size(
    board: Option<&BoardKind>,
    size: Option<(u32, u32)>,
) -> Result<(), GeometryError> {
    match (board, size) {
        (Some(board @ BoardKind::Graph(_)), Some(size)) => Err(GeometryError::GraphSize {
            board: board.to_string(),
            size: size_text(size),
        }),
        _ => Ok(()),
    }
}

/// An option's key as the rules read it: case and `_` for `-` not significant.
fn option_key(key: &str) -> String {
    key.trim().to_ascii_lowercase().replace('_', "-")
}

/// The message of a panic's payload (`std::panic::catch_unwind`'s error, a panic hook's
/// `payload()`): the text given to `panic!`, or "a panic without a message" when the payload
/// is not text. The one way every front end and harness reports a caught panic.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic without a message")
}

/// At most 40 characters of user input, for messages (`...` after the cut): an error names
/// what was wrong without echoing a whole pasted file.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod panic_message_tests {
    use super::panic_message;

    #[test]
    fn a_panics_text_is_its_message() {
        let caught = |f: fn()| std::panic::catch_unwind(f).unwrap_err();
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let literal = caught(|| panic!("a literal"));
        let formatted = caught(|| panic!("formatted {}", 7));
        let other = caught(|| std::panic::panic_any(42_u8));
        std::panic::set_hook(hook);
        assert_eq!(panic_message(literal.as_ref()), "a literal");
        assert_eq!(panic_message(formatted.as_ref()), "formatted 7");
        assert_eq!(panic_message(other.as_ref()), "a panic without a message");
    }
}
