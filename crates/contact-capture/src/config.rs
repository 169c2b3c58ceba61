//! The options of the contact-capture family, declared as data, and their typed form.
//!
//! Every variant of the family has the same options ([`OPTIONS`]); the eight named variants
//! are presets of them (see [`crate::variants`]). [`ContactConfig::from_rules`] reads a rules
//! value into typed options, [`ContactConfig::to_rules`] writes them back; [`CaptureParams::resolve`] checks the capture parameters
//! against a geometry and yields the [`Model`] the engine runs.

use std::fmt;

use goishi_board::{
    format_halves, option_choices, parse_halves, Adjacency, Geometry, OptionKind, OptionSpec,
    Rules, RulesError, Topology, VariantInfo, MAX_GRAPH_POINTS,
};

/// The largest value `k` and `t` may be given in a rules string; the real bound depends on
/// the geometry and is checked by [`CaptureParams::resolve`].
const MAX_PARAM: i64 = MAX_GRAPH_POINTS as i64;

/// The options of every contact-capture variant, with the family defaults.
pub static OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "k",
        kind: OptionKind::Int {
            min: 1,
            max: MAX_PARAM,
        },
        default: "1",
        help: "threshold: how many of the mover's stones must touch an opponent stone to remove it (1 up to the largest number of contact neighbours)",
    },
    OptionSpec {
        name: "protection",
        kind: OptionKind::Choice(Protection::NAMES),
        default: "a",
        help: "a: any k touching stones remove; b: a stone touched by t or more opponent stones cannot take part; c: the k stones must not touch each other; b+c: both",
    },
    OptionSpec {
        name: "t",
        kind: OptionKind::IntOrAuto {
            min: 1,
            max: MAX_PARAM,
        },
        default: "auto",
        help: "protection b: a stone touched by t or more opponent stones cannot take part in a removal; auto is max(k, 2)",
    },
    OptionSpec {
        name: "contact",
        kind: OptionKind::Choice(ContactKind::NAMES),
        default: "auto",
        help: "which points touch: auto (king on square and torus boards, hex on hex boards, the edges of a graph board), king (8), orthogonal (4), hex (6), graph",
    },
    OptionSpec {
        name: "scope",
        kind: OptionKind::Choice(Scope::NAMES),
        default: "global",
        help: "global: every opponent stone is tested and any of the mover's stones may take part; local: only stones touching the placed stone, which must take part",
    },
    OptionSpec {
        name: "threshold",
        kind: OptionKind::Choice(Threshold::NAMES),
        default: "absolute",
        help: "absolute: k stones always; capped: min(k, number of contact neighbours of the stone), so that edge and corner stones can be removed",
    },
    OptionSpec {
        name: "ko",
        kind: OptionKind::Choice(Ko::NAMES),
        default: "positional",
        help: "repetition rule, as in Go: none, simple ko, or positional, situational or natural-situational superko",
    },
    OptionSpec {
        name: "komi",
        kind: OptionKind::Half {
            min: -500,
            max: 500,
        },
        default: "0",
        help: "points added to White's score (stones on the board), a multiple of 0.5",
    },
    OptionSpec {
        name: "capture-goal",
        kind: OptionKind::Int {
            min: 0,
            max: 1_000_000,
        },
        default: "0",
        help: "if N > 0: the first player to have captured N stones wins at once (0: off)",
    },
    OptionSpec {
        name: "min-stones",
        kind: OptionKind::Int {
            min: 0,
            max: 1_000_000,
        },
        default: "0",
        help: "if N > 0: a player whose stones are removed and who is left with fewer than N stones on the board loses at once (0: off)",
    },
];

option_choices! {
    /// Which mover stones may take part in a removal, and how they must stand.
    pub enum Protection {
        /// Every mover stone touching the target may take part.
        A = "a",
        /// A mover stone touched by `t` or more opponent stones may not take part.
        B = "b",
        /// The `k` stones must not touch each other.
        C = "c",
        /// Both B and C.
        BC = "b+c",
    }
}

impl Protection {
    /// Whether B's eligibility rule applies.
    pub const fn has_b(self) -> bool {
        matches!(self, Protection::B | Protection::BC)
    }

    /// Whether C's independence rule applies.
    pub const fn has_c(self) -> bool {
        matches!(self, Protection::C | Protection::BC)
    }
}

option_choices! {
    /// The `contact` option: which adjacency relation "touch" means.
    pub enum ContactKind {
        /// King on square, rectangular and torus boards, hex on hex boards, edges on graphs.
        Auto = "auto",
        /// The eight surrounding points.
        King = "king",
        /// The four orthogonal neighbours.
        Orthogonal = "orthogonal",
        /// The six neighbours of a hexagon.
        Hex = "hex",
        /// The edges of a graph board.
        Graph = "graph",
    }
}

impl ContactKind {
    /// The adjacency this kind means on `geometry`, if the geometry has it.
    pub fn adjacency(self, geometry: &Geometry) -> Option<Adjacency> {
        let topology = geometry.topology();
        let adjacency = match self {
            ContactKind::Auto => match topology {
                Topology::Rect | Topology::Torus => Adjacency::King,
                Topology::Hex => Adjacency::Hex,
                Topology::Graph => Adjacency::Graph,
            },
            ContactKind::King => Adjacency::King,
            ContactKind::Orthogonal => Adjacency::Orthogonal,
            ContactKind::Hex => Adjacency::Hex,
            ContactKind::Graph => Adjacency::Graph,
        };
        geometry.neighbors(adjacency).is_ok().then_some(adjacency)
    }

    /// The values of the option that `geometry` accepts.
    pub fn available(geometry: &Geometry) -> Vec<ContactKind> {
        ContactKind::ALL
            .into_iter()
            .filter(|k| k.adjacency(geometry).is_some())
            .collect()
    }
}

impl fmt::Display for ContactKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

option_choices! {
    /// Which opponent stones are tested after a placement.
    pub enum Scope {
        /// Every opponent stone; any of the mover's stones may take part.
        Global = "global",
        /// Only opponent stones touching the placed stone, which must take part.
        Local = "local",
    }
}

option_choices! {
    /// How many stones a removal needs.
    pub enum Threshold {
        /// Always `k`.
        Absolute = "absolute",
        /// `min(k, number of contact neighbours of the target)` (at least 1).
        Capped = "capped",
    }
}

// Go's ko words again, without Spight's: contact capture and Go know nothing of each other.
option_choices! {
    /// The repetition rule (the meanings of docs/rules/go.md#ko-repetition).
    pub enum Ko {
        /// No repetition check.
        None = "none",
        /// A play may not recreate the board as it stood just before the opponent's last
        /// move, when that move was a play.
        Simple = "simple",
        /// A play may not recreate any earlier board (the initial one included).
        Positional = "positional",
        /// A play may not recreate an earlier (board, side to move next).
        Situational = "situational",
        /// A play by C may not recreate a board that an earlier play of C created.
        NaturalSituational = "natural-situational",
    }
}

/// The capture parameters as given, before they are checked against a geometry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CaptureParams {
    /// The threshold: how many mover stones a removal needs.
    pub k: u32,
    /// Which stones may take part and how they must stand.
    pub protection: Protection,
    /// B's limit; `None` is `auto`, `max(k, 2)`.
    pub t: Option<u32>,
    /// Which points touch.
    pub contact: ContactKind,
    /// Which stones are tested.
    pub scope: Scope,
    /// Absolute or capped threshold.
    pub threshold: Threshold,
}

impl CaptureParams {
    /// CC 1A's parameters: k = 1, protection A, automatic contact, global scope, absolute
    /// threshold.
    pub const fn new(k: u32, protection: Protection) -> CaptureParams {
        CaptureParams {
            k,
            protection,
            t: None,
            contact: ContactKind::Auto,
            scope: Scope::Global,
            threshold: Threshold::Absolute,
        }
    }

    /// B's limit as used: the given `t`, or `max(k, 2)`.
    pub fn effective_t(&self) -> u32 {
        self.t.unwrap_or(self.k.max(2))
    }

    /// Checks the parameters against a geometry, reporting every problem.
    pub fn resolve(&self, geometry: &Geometry) -> Result<Model, Vec<ConfigError>> {
        let mut errors = Vec::new();
        let adjacency = self.contact.adjacency(geometry);
        if adjacency.is_none() {
            errors.push(ConfigError::NoSuchContact {
                contact: self.contact,
                board: geometry.topology_name(),
                available: ContactKind::available(geometry)
                    .iter()
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        let max_degree = adjacency.map(|a| {
            geometry
                .neighbors(a)
                .map(|t| t.max_degree() as u32)
                .unwrap_or(0)
        });
        if self.k == 0 {
            errors.push(ConfigError::ZeroThreshold);
        }
        if let (Some(a), Some(max)) = (adjacency, max_degree) {
            if max == 0 {
                errors.push(ConfigError::NoContacts {
                    contact: a,
                    board: geometry.describe(),
                });
            } else if self.k > max {
                errors.push(ConfigError::ThresholdTooLarge {
                    k: self.k,
                    max,
                    contact: a,
                    board: geometry.describe(),
                });
            }
        }
        if let Some(t) = self.t {
            if !self.protection.has_b() {
                errors.push(ConfigError::LimitWithoutB {
                    t,
                    protection: self.protection,
                });
            } else if t == 0 {
                errors.push(ConfigError::LimitOutOfRange { t, max: None });
            } else if let Some(max) = max_degree {
                if t > max + 1 {
                    errors.push(ConfigError::LimitOutOfRange {
                        t,
                        max: Some(max + 1),
                    });
                }
            }
        }
        match (adjacency, errors.is_empty()) {
            (Some(adjacency), true) => Ok(Model {
                k: self.k,
                protection: self.protection,
                t: self.effective_t(),
                adjacency,
                scope: self.scope,
                threshold: self.threshold,
            }),
            _ => Err(errors),
        }
    }
}

/// Capture parameters checked against a geometry: what the engine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Model {
    /// The threshold (1 to the largest number of contact neighbours).
    pub k: u32,
    /// The protection kind.
    pub protection: Protection,
    /// B's limit (used only with B): eligible when fewer than `t` opponent stones touch.
    pub t: u32,
    /// The contact relation.
    pub adjacency: Adjacency,
    /// Which stones are tested.
    pub scope: Scope,
    /// Absolute or capped threshold.
    pub threshold: Threshold,
}

/// Every option of the family, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContactConfig {
    /// The capture parameters.
    pub capture: CaptureParams,
    /// The repetition rule.
    pub ko: Ko,
    /// Komi in half points (7.5 is 15).
    pub komi_halves: i32,
    /// First to capture this many stones wins (0: off).
    pub capture_goal: u32,
    /// A player whose stones are removed and who is left with fewer than this many loses
    /// (0: off).
    pub min_stones: u32,
}

impl ContactConfig {
    /// Komi in points.
    pub fn komi(&self) -> f64 {
        f64::from(self.komi_halves) / 2.0
    }

    /// Reads the options of a contact-capture rules value.
    pub fn from_rules(rules: &Rules) -> Result<ContactConfig, ConfigError> {
        let get = |option: &'static str| {
            rules.get(option).ok_or_else(|| ConfigError::NotContact {
                variant: rules.variant().id,
                option,
            })
        };
        let bad = |option: &'static str, value: &str| {
            let expected = OPTIONS
                .iter()
                .find(|o| o.name == option)
                .map_or_else(String::new, |o| o.kind.describe());
            ConfigError::BadValue {
                option,
                value: value.to_owned(),
                expected,
            }
        };
        let int = |option: &'static str| -> Result<u32, ConfigError> {
            let v = get(option)?;
            v.parse::<u32>().map_err(|_| bad(option, v))
        };
        let t = match get("t")? {
            "auto" => None,
            v => Some(v.parse::<u32>().map_err(|_| bad("t", v))?),
        };
        let protection = get("protection")?;
        let protection =
            Protection::from_name(protection).ok_or_else(|| bad("protection", protection))?;
        let contact = get("contact")?;
        let contact = ContactKind::from_name(contact).ok_or_else(|| bad("contact", contact))?;
        let scope = get("scope")?;
        let scope = Scope::from_name(scope).ok_or_else(|| bad("scope", scope))?;
        let threshold = get("threshold")?;
        let threshold =
            Threshold::from_name(threshold).ok_or_else(|| bad("threshold", threshold))?;
        let ko = get("ko")?;
        let ko = Ko::from_name(ko).ok_or_else(|| bad("ko", ko))?;
        let komi = get("komi")?;
        let komi_halves = parse_halves(komi)
            .and_then(|h| i32::try_from(h).ok())
            .ok_or_else(|| bad("komi", komi))?;
        Ok(ContactConfig {
            capture: CaptureParams {
                k: int("k")?,
                protection,
                t,
                contact,
                scope,
                threshold,
            },
            ko,
            komi_halves,
            capture_goal: int("capture-goal")?,
            min_stones: int("min-stones")?,
        })
    }
}

impl ContactConfig {
    /// Every option as `(name, canonical value)`, in the order of [`OPTIONS`]: what
    /// [`ContactConfig::from_rules`] reads back.
    pub fn option_values(&self) -> Vec<(&'static str, String)> {
        let c = &self.capture;
        vec![
            ("k", c.k.to_string()),
            ("protection", c.protection.name().to_owned()),
            (
                "t",
                c.t.map_or_else(|| "auto".to_owned(), |t| t.to_string()),
            ),
            ("contact", c.contact.name().to_owned()),
            ("scope", c.scope.name().to_owned()),
            ("threshold", c.threshold.name().to_owned()),
            ("ko", self.ko.name().to_owned()),
            ("komi", format_halves(i64::from(self.komi_halves))),
            ("capture-goal", self.capture_goal.to_string()),
            ("min-stones", self.min_stones.to_string()),
        ]
    }

    /// The rules of the contact-capture variant `variant` with every option set to this
    /// configuration (the options that differ from the variant's defaults are overrides).
    pub fn to_rules(&self, variant: &'static VariantInfo) -> Result<Rules, RulesError> {
        variant.rules_with(self.option_values())
    }
}

/// A problem with the options of a contact-capture game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// `k = 0`: every stone would be removable by nothing at all.
    #[error("k = 0 is not a threshold; expected k from 1 to the largest number of contact neighbours (8 for king, 4 for orthogonal, 6 for hex contact)")]
    ZeroThreshold,
    /// `k` above the largest number of contact neighbours any point has.
    #[error("k = {k} is more than any point of the {board} board has {contact} neighbours ({max}); expected k from 1 to {max}")]
    ThresholdTooLarge {
        /// The threshold given.
        k: u32,
        /// The most contact neighbours a point of the board has.
        max: u32,
        /// The contact relation.
        contact: Adjacency,
        /// The board, as [`Geometry::describe`](goishi_board::Geometry::describe) names it.
        board: String,
    },
    /// A board where no point touches another (1x1, a graph without edges).
    #[error("no point of the {board} board has a {contact} neighbour: contact capture needs points that touch")]
    NoContacts {
        /// The contact relation.
        contact: Adjacency,
        /// The board, as [`Geometry::describe`](goishi_board::Geometry::describe) names it.
        board: String,
    },
    /// A contact kind the geometry does not have.
    #[error("contact={contact} does not exist on a {board} board; expected one of: {available}")]
    NoSuchContact {
        /// The contact kind given.
        contact: ContactKind,
        /// The board's topology (`square`, `torus`, `hex`, `graph`, ...).
        board: &'static str,
        /// The contact kinds the board has, comma-separated.
        available: String,
    },
    /// `t` given while the protection has no B part.
    #[error("t = {t} applies only to protection b or b+c, and the protection is {}; remove t or set protection=b", protection.name())]
    LimitWithoutB {
        /// The limit given.
        t: u32,
        /// The protection, which has no B part.
        protection: Protection,
    },
    /// `t` out of range.
    #[error("t = {t} is out of range; expected auto or a whole number from 1 to {}", max.map_or_else(|| "the number of contact neighbours plus one".to_owned(), |m| m.to_string()))]
    LimitOutOfRange {
        /// The limit given.
        t: u32,
        /// The largest limit the board allows (its most contact neighbours plus one); `None`
        /// for `t = 0`, which no board allows.
        max: Option<u32>,
    },
    /// An option value that is not one of the allowed ones.
    #[error("invalid {option} {value:?}; expected {expected}")]
    BadValue {
        /// The option's name.
        option: &'static str,
        /// The value given.
        value: String,
        /// The values the option accepts.
        expected: String,
    },
    /// The rules are not those of a contact-capture variant (a setup reports it as the
    /// core's `SetupError::NotThisFamily`).
    #[error("{variant} is not a contact-capture variant (it has no {option} option)")]
    NotContact {
        /// The variant's id.
        variant: &'static str,
        /// The contact-capture option its rules lack.
        option: &'static str,
    },
}
