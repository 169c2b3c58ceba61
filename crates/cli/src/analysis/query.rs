//! A line of the JSON analysis engine read into what it asks for: a query (its game, checked
//! move by move, and one job a turn to analyse) or an action (`query_version`, `clear_cache`,
//! `terminate`, `terminate_all`). Everything is checked here, before any search starts: a
//! query that cannot run is refused with the field at fault, as KataGo names it.

use std::time::Duration;

use goishi::{shorten, BoardKind, Color, Geometry, Move, Position, Rules, Setup, Turn};
use serde_json::{Map, Value};

pub use super::fields::parse_move;
use super::fields::{
    color, count, flag, number, read_rules, read_stones, restrictions, side, turn_list, turn_text,
    turns_of,
};
use super::respond::Perspective;
use crate::common::set_komi;

/// The most moves a query may give (a 52x52 game reaches the move cap, 3 x 2,704 points,
/// first).
pub const MAX_MOVES: usize = 10_000;
/// The most playouts a search runs, whatever `maxVisits` asks (the tree's memory is capped
/// apart, by the search's node limit).
pub const MAX_VISITS: u32 = 100_000;
/// The longest search a query may ask for (`overrideSettings.maxTime`), in seconds.
pub const MAX_SECONDS: f64 = 86_400.0;

/// The fields of a query that the engine reads; any other gets a warning.
const KNOWN: &[&str] = &[
    "id",
    "moves",
    "initialStones",
    "initialPlayer",
    "rules",
    "komi",
    "boardXSize",
    "boardYSize",
    "analyzeTurns",
    "maxVisits",
    "rootPolicyTemperature",
    "includeOwnership",
    "includeOwnershipStdev",
    "includeMovesOwnership",
    "includePolicy",
    "includePVVisits",
    "avoidMoves",
    "allowMoves",
    "overrideSettings",
    "reportDuringSearchEvery",
    "priority",
    "priorities",
    "whiteHandicapBonus",
];

/// A problem with a line: its message, and the field of the query it is about.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// What is wrong, in words.
    pub message: String,
    /// The query's field it is about (KataGo's `field` of an error or a warning).
    pub field: Option<String>,
}

impl Problem {
    pub(super) fn at(field: &str, message: impl Into<String>) -> Problem {
        Problem {
            message: message.into(),
            field: Some(field.to_owned()),
        }
    }

    fn general(message: impl Into<String>) -> Problem {
        Problem {
            message: message.into(),
            field: None,
        }
    }
}

/// A line refused: the query's id when it could be read, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Refused {
    /// The line's `id`, when one could be read in it.
    pub id: Option<Value>,
    /// Why the line was refused.
    pub problem: Problem,
}

/// The engine's settings from its command line, which queries may override.
#[derive(Clone, Debug)]
pub struct Defaults {
    /// Playouts a turn when a query names no `maxVisits`.
    pub visits: u32,
    /// Whether a query may name a graph board (a file the engine reads).
    pub files: bool,
}

/// Which of the extra outputs a query asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Includes {
    /// `includeOwnership`: the ownership of every point.
    pub ownership: bool,
    /// `includeOwnershipStdev`: its standard deviation.
    pub ownership_stdev: bool,
    /// `includeMovesOwnership`: the ownership of the playouts through each move.
    pub moves_ownership: bool,
    /// `includePolicy`: the search's prior of every point and the pass.
    pub policy: bool,
    /// `includePVVisits`: the visits of each move of a principal variation.
    pub pv_visits: bool,
}

/// Moves a player may (`allowMoves`) or may not (`avoidMoves`) play in the first
/// `until_depth` plies of the search.
#[derive(Clone, Debug, PartialEq)]
pub struct Restriction {
    /// The player whose moves are restricted (`player`).
    pub color: Color,
    /// The moves (`moves`).
    pub moves: Vec<Move>,
    /// For how many plies from the root (`untilDepth`, 1: the root's moves only).
    pub until_depth: u32,
    /// `allowMoves` (only these) rather than `avoidMoves`.
    pub allow: bool,
}

/// A query checked: the game and how to analyse it.
#[derive(Clone, Debug)]
pub struct Query {
    /// The query's `id`.
    pub id: String,
    /// The rules, the board and the `initialStones`, with the first player.
    pub setup: Setup,
    /// The `moves`, checked legal under the rules.
    pub moves: Vec<Turn>,
    /// The turns to analyse, each with the colour to move there and its priority.
    pub turns: Vec<TurnJob>,
    /// Playouts a turn (`maxVisits`, capped).
    pub visits: u32,
    /// The time a turn (`overrideSettings.maxTime`), if given.
    pub time: Option<Duration>,
    /// The extra outputs asked for.
    pub includes: Includes,
    /// `avoidMoves` and `allowMoves`.
    pub filters: Vec<Restriction>,
    /// `reportDuringSearchEvery`: how often a turn reports while it is searched.
    pub report_every: Option<Duration>,
    /// `overrideSettings.reportAnalysisWinratesAs`, if given.
    pub perspective: Option<Perspective>,
}

/// One turn of a query to analyse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnJob {
    /// The turn: the position after this many moves.
    pub turn: usize,
    /// The colour to move there.
    pub color: Color,
    /// Its priority (`priority`, or its entry of `priorities`).
    pub priority: i64,
}

impl Query {
    /// The position at `turn` (the setup and the first `turn` moves, which were checked).
    pub fn position_at(&self, turn: usize) -> Result<Box<dyn Position>, String> {
        let mut position = self
            .setup
            .clone()
            .into_position()
            .map_err(|e| e.to_string())?;
        for t in &self.moves[..turn.min(self.moves.len())] {
            position.play_as(t.color, t.mv).map_err(|e| e.to_string())?;
        }
        Ok(position)
    }
}

/// What a line asks for.
#[derive(Clone, Debug)]
pub enum Request {
    /// A query to analyse, with the warnings it got.
    Query(Box<Query>, Vec<Problem>),
    /// `query_version` and `clear_cache`: answered with the line's own fields and these.
    Echo(Map<String, Value>),
    /// `terminate` (an id) or `terminate_all` (no id): the queries to stop, the turns (all
    /// when `None`), and the line to echo.
    Terminate {
        /// The query to stop (`terminateId`); `None` for every query.
        id: Option<String>,
        /// Its turns to stop (`turnNumbers`); `None` for all of them.
        turns: Option<Vec<usize>>,
        /// The line's own fields, written back in the answer.
        echo: Map<String, Value>,
    },
}

/// Reads one line of input.
pub fn parse_line(bytes: &[u8], defaults: &Defaults) -> Result<Request, Refused> {
    let refuse = |message: String| Refused {
        id: guess_id(bytes),
        problem: Problem::general(message),
    };
    let text = std::str::from_utf8(bytes).map_err(|e| {
        refuse(format!(
            "the line is not UTF-8 (invalid byte at {}); expected one JSON object a line",
            e.valid_up_to()
        ))
    })?;
    let value: Value = serde_json::from_str(text)
        .map_err(|e| refuse(format!("could not parse the line as JSON: {e}")))?;
    let Value::Object(object) = value else {
        return Err(refuse(
            "expected a JSON object a line (a query or an action)".to_owned(),
        ));
    };
    let id_value = object.get("id").cloned();
    let refuse_at = |problem: Problem| Refused {
        id: id_value.clone(),
        problem,
    };
    let id = match object.get("id") {
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(refuse_at(Problem::at("id", "expected a string"))),
        None => {
            return Err(refuse_at(Problem::at(
                "id",
                "every query and action needs an \"id\" string",
            )))
        }
    };
    if let Some(action) = object.get("action") {
        return parse_action(&id, action, object.clone()).map_err(refuse_at);
    }
    let mut warnings = Vec::new();
    let query = parse_query(id, &object, defaults, &mut warnings).map_err(refuse_at)?;
    Ok(Request::Query(Box::new(query), warnings))
}

/// The id of a line that is not JSON, when it holds one (`"id":"..."`): so that a client
/// that keeps its queries by id (KaTrain) can tell which query failed.
pub fn guess_id(bytes: &[u8]) -> Option<Value> {
    let text = String::from_utf8_lossy(bytes);
    let mut rest = &text[..];
    while let Some(at) = rest.find("\"id\"") {
        rest = &rest[at + 4..];
        let after = rest.trim_start();
        let Some(value) = after.strip_prefix(':').map(str::trim_start) else {
            continue;
        };
        // A JSON string from its opening quote: the first unescaped quote ends it.
        let mut escaped = false;
        let end = value.char_indices().skip(1).find(|&(_, c)| {
            let closes = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            closes
        });
        if let (true, Some((end, _))) = (value.starts_with('"'), end) {
            if let Ok(id) = serde_json::from_str::<String>(&value[..=end]) {
                return Some(Value::String(id));
            }
        }
    }
    None
}

fn parse_action(id: &str, action: &Value, echo: Map<String, Value>) -> Result<Request, Problem> {
    let turns = |echo: &Map<String, Value>| -> Result<Option<Vec<usize>>, Problem> {
        echo.get("turnNumbers")
            .map(|v| turn_list(v, "turnNumbers", usize::MAX))
            .transpose()
    };
    match action.as_str() {
        Some("query_version") => {
            let mut echo = echo;
            echo.insert("version".into(), env!("CARGO_PKG_VERSION").into());
            echo.insert("git_hash".into(), "<omitted>".into());
            echo.insert("engine".into(), "goishi".into());
            Ok(Request::Echo(echo))
        }
        Some("clear_cache") => Ok(Request::Echo(echo)),
        Some("terminate") => {
            let target = match echo.get("terminateId") {
                Some(Value::String(s)) => s.clone(),
                Some(_) => return Err(Problem::at("terminateId", "expected a string")),
                None => {
                    return Err(Problem::at(
                        "terminateId",
                        "terminate needs the id of the query to stop",
                    ))
                }
            };
            Ok(Request::Terminate {
                id: Some(target),
                turns: turns(&echo)?,
                echo,
            })
        }
        Some("terminate_all") => Ok(Request::Terminate {
            id: None,
            turns: turns(&echo)?,
            echo,
        }),
        _ => Err(Problem::at(
            "action",
            format!(
                "unknown action {} (id {id:?}); expected query_version, clear_cache, terminate \
                 or terminate_all",
                shorten(&action.to_string())
            ),
        )),
    }
}

/// A query's fields read in KataGo's order of checks: the first problem found refuses it, the
/// fields ignored get warnings.
fn parse_query(
    id: String,
    object: &Map<String, Value>,
    defaults: &Defaults,
    warnings: &mut Vec<Problem>,
) -> Result<Query, Problem> {
    warn_of_ignored_fields(object, warnings)?;
    let rules = query_rules(object, defaults, warnings)?;
    let game = QueryGame::read(object, rules)?;
    let turns = turn_jobs(object, &game)?;
    let limits = SearchLimits::read(object, defaults, warnings)?;
    let includes = Includes {
        ownership: flag(object, "includeOwnership")?,
        ownership_stdev: flag(object, "includeOwnershipStdev")?,
        moves_ownership: flag(object, "includeMovesOwnership")?,
        policy: flag(object, "includePolicy")?,
        pv_visits: flag(object, "includePVVisits")?,
    };
    let filters = move_filters(object, &game.geometry)?;
    let report_every = report_every(object)?;
    Ok(Query {
        id,
        setup: game.setup,
        moves: game.moves,
        turns,
        visits: limits.visits,
        time: limits.time,
        includes,
        filters,
        report_every,
        perspective: limits.perspective,
    })
}

/// A warning for each field the engine does not read, and for `rootPolicyTemperature`
/// (checked, then ignored).
fn warn_of_ignored_fields(
    object: &Map<String, Value>,
    warnings: &mut Vec<Problem>,
) -> Result<(), Problem> {
    for key in object.keys() {
        if !KNOWN.contains(&key.as_str()) {
            warnings.push(Problem::at(
                key,
                "unknown field, ignored (goishi reads KataGo's query fields)",
            ));
        }
    }
    if object.contains_key("rootPolicyTemperature") {
        number(object, "rootPolicyTemperature")?;
        warnings.push(Problem::at(
            "rootPolicyTemperature",
            "ignored: goishi's search has no policy network to widen",
        ));
    }
    Ok(())
}

/// The query's rules (`rules`) with its `komi` and `whiteHandicapBonus`; a graph board is
/// refused under `--no-files`.
fn query_rules(
    object: &Map<String, Value>,
    defaults: &Defaults,
    warnings: &mut Vec<Problem>,
) -> Result<Rules, Problem> {
    let mut rules = read_rules(object)?;
    if let Some(v) = object.get("komi") {
        let komi = v
            .as_f64()
            .ok_or_else(|| Problem::at("komi", "expected a number"))?;
        set_komi(&mut rules, &komi.to_string()).map_err(|e| Problem::at("komi", e.to_string()))?;
    }
    if let Some(v) = object.get("whiteHandicapBonus") {
        let text = v
            .as_str()
            .filter(|t| ["0", "N", "N-1"].contains(&t.to_ascii_uppercase().as_str()))
            .ok_or_else(|| Problem::at("whiteHandicapBonus", "expected \"0\", \"N\" or \"N-1\""))?;
        if rules.get("handicap-bonus").is_some() {
            rules
                .set("handicap-bonus", &text.to_ascii_lowercase())
                .map_err(|e| Problem::at("whiteHandicapBonus", e.to_string()))?;
        } else {
            warnings.push(Problem::at(
                "whiteHandicapBonus",
                format!("ignored: {} has no handicap bonus", rules.variant().id),
            ));
        }
    }
    if matches!(rules.board_kind(), BoardKind::Graph(_)) && !defaults.files {
        return Err(Problem::at(
            "rules",
            "graph boards are read from files, which this engine does not open (--no-files)",
        ));
    }
    Ok(rules)
}

/// The game of a query: its board, its setup (`initialStones`, the first player), its moves
/// checked legal by replaying them, and who moves after them.
struct QueryGame {
    geometry: Geometry,
    setup: Setup,
    moves: Vec<Turn>,
    /// `initialPlayer`, when given.
    initial: Option<Color>,
    /// The colour to move after the last move.
    last_to_move: Color,
}

impl QueryGame {
    fn read(object: &Map<String, Value>, mut rules: Rules) -> Result<QueryGame, Problem> {
        let size = match (side(object, "boardXSize")?, side(object, "boardYSize")?) {
            (Some(x), Some(y)) => Some((x, y)),
            (None, None) => None,
            (Some(_), None) => return Err(Problem::at("boardYSize", "missing: give both sizes")),
            (None, Some(_)) => return Err(Problem::at("boardXSize", "missing: give both sizes")),
        };
        let size = size.filter(|_| !matches!(rules.board_kind(), BoardKind::Graph(_)));
        let geometry = rules
            .geometry(size)
            .map_err(|e| Problem::at("boardXSize", e.to_string()))?;
        rules.take_size();
        let mut setup = Setup::new(rules, geometry.clone());
        read_stones(object, &geometry, &mut setup)?;
        let moves = match object.get("moves") {
            Some(v) => turns_of(v, "moves", &geometry, MAX_MOVES)?,
            None => Vec::new(),
        };
        let initial = match object.get("initialPlayer") {
            Some(v) => Some(color(v, "initialPlayer")?),
            None => None,
        };
        setup.to_move = initial
            .or(moves.first().map(|t| t.color))
            .unwrap_or(Color::Black);
        let mut position = setup
            .clone()
            .into_position()
            .map_err(|e| Problem::at("initialStones", e.to_string()))?;
        for (i, t) in moves.iter().enumerate() {
            position.play_as(t.color, t.mv).map_err(|e| {
                Problem::at(
                    "moves",
                    // KataGo's words, which KaTrain looks for.
                    format!("Illegal move {} ({}): {e}", i + 1, turn_text(&geometry, t)),
                )
            })?;
        }
        Ok(QueryGame {
            last_to_move: position.side_to_move(),
            geometry,
            setup,
            moves,
            initial,
        })
    }
}

/// The turns to analyse (`analyzeTurns`, else the last), each with the colour to move there
/// and its priority (`priorities`, else `priority`).
fn turn_jobs(object: &Map<String, Value>, game: &QueryGame) -> Result<Vec<TurnJob>, Problem> {
    let turn_numbers = match object.get("analyzeTurns") {
        Some(v) => turn_list(v, "analyzeTurns", game.moves.len())?,
        None => vec![game.moves.len()],
    };
    let priorities = match object.get("priorities") {
        Some(Value::Array(list)) if list.len() == turn_numbers.len() => list
            .iter()
            .map(|p| {
                p.as_i64()
                    .ok_or_else(|| Problem::at("priorities", "expected whole numbers"))
            })
            .collect::<Result<Vec<i64>, Problem>>()?,
        Some(_) => {
            return Err(Problem::at(
                "priorities",
                "expected a list of whole numbers, one for each of analyzeTurns",
            ))
        }
        None => {
            let p = match object.get("priority") {
                Some(v) => v
                    .as_i64()
                    .ok_or_else(|| Problem::at("priority", "expected a whole number"))?,
                None => 0,
            };
            vec![p; turn_numbers.len()]
        }
    };
    Ok(turn_numbers
        .iter()
        .zip(&priorities)
        .map(|(&turn, &priority)| TurnJob {
            turn,
            color: match game.moves.get(turn) {
                _ if turn == 0 && game.initial.is_some() => game.setup.to_move,
                Some(t) => t.color,
                None => game.last_to_move,
            },
            priority,
        })
        .collect())
}

/// How long each turn is searched and from whose side it is reported: `maxVisits` and
/// `overrideSettings`, the visits capped at [`MAX_VISITS`].
struct SearchLimits {
    visits: u32,
    time: Option<Duration>,
    perspective: Option<Perspective>,
}

impl SearchLimits {
    fn read(
        object: &Map<String, Value>,
        defaults: &Defaults,
        warnings: &mut Vec<Problem>,
    ) -> Result<SearchLimits, Problem> {
        let mut visits = match object.get("maxVisits") {
            Some(v) => Some(count(v, "maxVisits")?),
            None => None,
        };
        let mut limits = SearchLimits {
            visits: 0,
            time: None,
            perspective: None,
        };
        if let Some(v) = object.get("overrideSettings") {
            let Value::Object(settings) = v else {
                return Err(Problem::at("overrideSettings", "expected an object"));
            };
            if let Some(v) = limits.override_settings(settings, warnings)? {
                visits = Some(v);
            }
        }
        let mut visits = visits.unwrap_or(u64::from(defaults.visits));
        if visits > u64::from(MAX_VISITS) {
            warnings.push(Problem::at(
                "maxVisits",
                format!(
                    "{visits} visits asked; goishi's search runs at most {MAX_VISITS} a turn, in \
                     a tree of at most {} nodes",
                    goishi_play::mcts::MctsConfig::default().max_nodes
                ),
            ));
            visits = u64::from(MAX_VISITS);
        }
        limits.visits = visits as u32;
        Ok(limits)
    }

    /// Reads `overrideSettings` (`maxTime` and `reportAnalysisWinratesAs` into the limits),
    /// with a warning for the settings ignored; the visits it sets (`maxVisits`,
    /// `maxPlayouts`), if any.
    fn override_settings(
        &mut self,
        settings: &Map<String, Value>,
        warnings: &mut Vec<Problem>,
    ) -> Result<Option<u64>, Problem> {
        let mut visits = None;
        let mut ignored = Vec::new();
        for (key, value) in settings {
            match key.as_str() {
                "maxVisits" | "maxPlayouts" => {
                    visits = Some(count(value, "overrideSettings.maxVisits")?);
                }
                "reportAnalysisWinratesAs" => {
                    let p = value
                        .as_str()
                        .ok_or_else(|| "expected a string".to_owned())
                        .and_then(str::parse::<Perspective>)
                        .map_err(|e| {
                            Problem::at(
                                "overrideSettings",
                                format!("reportAnalysisWinratesAs: {e}"),
                            )
                        })?;
                    self.perspective = Some(p);
                }
                "maxTime" => {
                    let s = value
                        .as_f64()
                        .filter(|s| *s > 0.0 && *s <= MAX_SECONDS)
                        .ok_or_else(|| {
                            Problem::at(
                                "overrideSettings",
                                format!(
                                    "maxTime: expected seconds above 0 and at most {MAX_SECONDS}"
                                ),
                            )
                        })?;
                    self.time = Some(Duration::from_secs_f64(s));
                }
                _ => ignored.push(key.as_str()),
            }
        }
        if !ignored.is_empty() {
            warnings.push(Problem::at(
                "overrideSettings",
                format!(
                    "ignored: {} (goishi's search reads maxVisits, maxPlayouts, maxTime and \
                     reportAnalysisWinratesAs)",
                    shorten(&ignored.join(", "))
                ),
            ));
        }
        Ok(visits)
    }
}

/// `avoidMoves` and `allowMoves` (at most one entry, as KataGo's).
fn move_filters(
    object: &Map<String, Value>,
    geometry: &Geometry,
) -> Result<Vec<Restriction>, Problem> {
    let mut filters = restrictions(object, "avoidMoves", geometry, false)?;
    let allow = restrictions(object, "allowMoves", geometry, true)?;
    if allow.len() > 1 {
        return Err(Problem::at(
            "allowMoves",
            "expected at most one entry (as KataGo's allowMoves)",
        ));
    }
    filters.extend(allow);
    Ok(filters)
}

/// `reportDuringSearchEvery`, at least a centisecond.
fn report_every(object: &Map<String, Value>) -> Result<Option<Duration>, Problem> {
    let Some(v) = object.get("reportDuringSearchEvery") else {
        return Ok(None);
    };
    let s = v
        .as_f64()
        .filter(|s| *s > 0.0 && *s <= MAX_SECONDS)
        .ok_or_else(|| {
            Problem::at(
                "reportDuringSearchEvery",
                format!("expected seconds above 0 and at most {MAX_SECONDS}"),
            )
        })?;
    Ok(Some(Duration::from_secs_f64(s.max(0.01))))
}
