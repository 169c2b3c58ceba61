//! The case file format (see `conformance/README.md`) and how one case is run.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use goishi_board::{
    parse_size, BoardKind, Color, Diagram, GameResult, Geometry, IllegalMove, Move, Point,
    PointError, Position, Registry, Setup, Turn,
};
use serde::Deserialize;

use crate::snapshot::{indent, moves, outcome, Snapshot};

/// A case file: a list of `[[case]]` tables.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    #[serde(default)]
    case: Vec<Case>,
}

/// One case, exactly as written in the file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Unique in the file, kebab-case.
    pub name: String,
    /// Where the case comes from.
    #[serde(default)]
    pub source: Option<String>,
    /// A rules string or a list of them; default: the folder's variant id.
    #[serde(default)]
    pub rules: Option<OneOrMany>,
    /// `N`, `WxH` (or a bare number); default: the size of `board`, else the variant's.
    #[serde(default)]
    pub size: Option<SizeSpec>,
    /// The setup stones, top row first.
    #[serde(default)]
    pub board: Option<String>,
    /// Who moves first (default B).
    #[serde(default)]
    pub to_move: Option<String>,
    /// How many of Black's setup stones are handicap stones.
    #[serde(default)]
    pub handicap: u32,
    /// `COLOR MOVE` each.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The reason the last move must be refused with.
    #[serde(default)]
    pub illegal: Option<String>,
    /// The board after the moves.
    #[serde(default)]
    pub after: Option<String>,
    /// The points whose stones the last move removed.
    #[serde(default)]
    pub removed: Option<Vec<String>>,
    /// Prisoners taken by [Black, White].
    #[serde(default)]
    pub captures: Option<[u32; 2]>,
    /// Whose turn it is after the moves.
    #[serde(default)]
    pub to_move_after: Option<String>,
    /// Whether the game is over.
    #[serde(default)]
    pub over: Option<bool>,
    /// The outcome, SGF `RE` form.
    #[serde(default)]
    pub result: Option<String>,
    /// Stones marked dead for `score`.
    #[serde(default)]
    pub dead: Option<Vec<String>>,
    /// `Position::score(dead)` as [Black, White].
    #[serde(default)]
    pub score: Option<[f64; 2]>,
    /// The exact legal move list of the side to move.
    #[serde(default)]
    pub legal: Option<Vec<String>>,
    /// `COLOR MOVE: legal` or `COLOR MOVE: REASON`.
    #[serde(default)]
    pub probe: Option<Vec<String>>,
}

/// A rules string or a list of them.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

/// A board size: `9`, `"9"`, `"7x5"`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum SizeSpec {
    Number(u32),
    Text(String),
}

/// Parses the text of a case file: the cases, or what is wrong with the file (a TOML or
/// field error, a duplicate or badly formed case name, no case at all).
pub fn parse_cases(text: &str) -> Result<Vec<Case>, String> {
    let file: CaseFile = toml::from_str(text).map_err(|e| e.to_string().trim().to_owned())?;
    if file.case.is_empty() {
        return Err("the file has no [[case]]".to_owned());
    }
    let mut seen = BTreeSet::new();
    for case in &file.case {
        if !is_kebab(&case.name) {
            return Err(format!(
                "case name {:?} is not kebab-case (lower-case letters, digits, single hyphens)",
                case.name
            ));
        }
        if !seen.insert(case.name.as_str()) {
            return Err(format!("case name {:?} is used twice", case.name));
        }
    }
    Ok(file.case)
}

fn is_kebab(name: &str) -> bool {
    !name.is_empty()
        && name.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

impl Case {
    /// The rules strings the case runs under.
    pub fn rules_strings(&self, variant_id: &str) -> Vec<String> {
        match &self.rules {
            None => vec![variant_id.to_owned()],
            Some(OneOrMany::One(s)) => vec![s.clone()],
            Some(OneOrMany::Many(v)) => v.clone(),
        }
    }

    /// Runs the case under each of its rules strings. `dir` is the case file's folder (a
    /// relative `board=graph:FILE` is read from there). The error lists every difference,
    /// each run headed by its rules string.
    pub fn run(&self, registry: &Registry, variant_id: &str, dir: &Path) -> Result<(), String> {
        let all = self.rules_strings(variant_id);
        if all.is_empty() {
            return Err("`rules` is an empty list".to_owned());
        }
        let mut out = String::new();
        for text in &all {
            let problems = crate::catch(|| self.run_under(registry, variant_id, dir, text))
                .unwrap_or_else(|panic| vec![panic]);
            if !problems.is_empty() {
                let _ = writeln!(out, "under rules {text:?}:");
                for p in problems {
                    for (i, line) in p.trim_end().lines().enumerate() {
                        let _ = writeln!(out, "{}{line}", if i == 0 { "  - " } else { "    " });
                    }
                }
            }
        }
        if out.is_empty() {
            Ok(())
        } else {
            Err(out)
        }
    }

    fn run_under(
        &self,
        registry: &Registry,
        variant_id: &str,
        dir: &Path,
        rules_text: &str,
    ) -> Vec<String> {
        let mut problems = Vec::new();
        match self.check(registry, variant_id, dir, rules_text, &mut problems) {
            Ok(()) => problems,
            Err(fatal) => {
                problems.push(fatal);
                problems
            }
        }
    }

    /// Builds the setup, plays the moves and checks every expectation; pushes each
    /// difference into `problems`; returns `Err` for a problem that stops the case.
    fn check(
        &self,
        registry: &Registry,
        variant_id: &str,
        dir: &Path,
        rules_text: &str,
        problems: &mut Vec<String>,
    ) -> Result<(), String> {
        let mut rules = registry
            .parse_rules(rules_text)
            .map_err(|e| format!("bad rules string: {e}"))?;
        if rules.variant().id != variant_id {
            return Err(format!(
                "the rules are variant {}, not the folder's variant {variant_id}",
                rules.variant().id
            ));
        }
        if let BoardKind::Graph(path) = rules.board_kind() {
            if path.is_relative() {
                rules.set_board(Some(BoardKind::Graph(dir.join(path))));
            }
        }
        let to_move = parse_color(self.to_move.as_deref().unwrap_or("B"), "to_move")?;
        let diagram = self
            .board
            .as_deref()
            .map(|b| Diagram::parse(b, to_move).map_err(|e| format!("board: {e}")))
            .transpose()?;
        let size = match &self.size {
            Some(SizeSpec::Number(n)) => Some((*n, *n)),
            Some(SizeSpec::Text(t)) => Some(parse_size(t).map_err(|e| format!("size: {e}"))?),
            None => diagram.as_ref().map(|d| (d.width, d.height)),
        };
        let geometry = rules.geometry(size).map_err(|e| format!("geometry: {e}"))?;
        let board = match &diagram {
            Some(d) => d.to_board(&geometry).map_err(|e| format!("board: {e}"))?,
            None => goishi_board::Board::new(geometry.clone()),
        };
        let setup = Setup {
            rules: rules.clone(),
            board,
            to_move,
            handicap: self.handicap,
        };
        let mut position = setup
            .into_position()
            .map_err(|e| format!("the variant refused the setup: {e}"))?;

        let turns = self
            .moves
            .iter()
            .map(|m| parse_turn(&geometry, m).map_err(|e| format!("moves: {e}")))
            .collect::<Result<Vec<Turn>, String>>()?;
        let expected_illegal = self
            .illegal
            .as_deref()
            .map(|r| {
                IllegalMove::parse_among(r, rules.variant().reasons)
                    .map_err(|e| format!("illegal: {e}"))
            })
            .transpose()?;
        if expected_illegal.is_some() && turns.is_empty() {
            return Err("`illegal` needs at least one move".to_owned());
        }
        let mut before_last = None;
        for (i, turn) in turns.iter().enumerate() {
            let last = i + 1 == turns.len();
            let text = &self.moves[i];
            if last {
                before_last = Some(Snapshot::of(position.as_ref()));
            }
            match position.play_as(turn.color, turn.mv) {
                Ok(_) => {
                    if let (true, Some(reason)) = (last, expected_illegal) {
                        return Err(format!(
                            "the last move {text:?} was accepted; expected it refused as {reason}; the board after it:\n{}",
                            indent(&position.board().diagram())
                        ));
                    }
                }
                Err(e) => match (last, expected_illegal) {
                    (true, Some(reason)) => {
                        if e.reason != reason {
                            problems.push(format!(
                                "the last move {text:?} was refused as {}, expected {reason}",
                                e.reason
                            ));
                        }
                        if (e.color, e.mv) != (turn.color, turn.mv) {
                            problems.push(format!(
                                "the refusal of {text:?} names another move: {} {}",
                                e.color,
                                e.mv.name(&geometry)
                            ));
                        }
                        let after = Snapshot::of(position.as_ref());
                        let before = before_last.as_ref().expect("taken before the last move");
                        let diff = before.diff(&after);
                        if !diff.is_empty() {
                            problems.push(format!(
                                "the refused move {text:?} changed the position:\n{diff}"
                            ));
                        }
                    }
                    _ => {
                        return Err(format!(
                            "move {} {text:?} was refused: {}; the board before it:\n{}",
                            i + 1,
                            e.reason,
                            indent(&position.board().diagram())
                        ))
                    }
                },
            }
        }
        let mark = turns.last().map_or(to_move, |t| t.color);
        self.check_expectations(
            position.as_ref(),
            &geometry,
            before_last.as_ref(),
            mark,
            problems,
        )
    }

    fn check_expectations(
        &self,
        position: &dyn Position,
        geometry: &Geometry,
        before_last: Option<&Snapshot>,
        mark: Color,
        problems: &mut Vec<String>,
    ) -> Result<(), String> {
        if let Some(after) = &self.after {
            let expected = Diagram::parse(after, mark)
                .and_then(|d| d.to_board(geometry))
                .map_err(|e| format!("after: {e}"))?;
            if expected.cells() != position.board().cells() {
                problems.push(format!(
                    "after: the board differs\n  expected:\n{}  actual:\n{}",
                    indent(&expected.diagram()),
                    indent(&position.board().diagram())
                ));
            }
        }
        if let Some(removed) = &self.removed {
            let before = before_last.ok_or("`removed` needs at least one move")?;
            let expected = parse_points(geometry, removed, "removed")?;
            let actual: BTreeSet<Point> = geometry
                .points()
                .filter(|&p| before.board.get(p).is_some() && position.board().is_empty_at(p))
                .collect();
            if expected != actual {
                problems.push(format!(
                    "removed: expected [{}], actual [{}]",
                    names(geometry, &expected),
                    names(geometry, &actual)
                ));
            }
        }
        if let Some(captures) = self.captures {
            let actual = [
                position.captures(Color::Black),
                position.captures(Color::White),
            ];
            if captures != actual {
                problems.push(format!(
                    "captures: expected {captures:?} [Black, White], actual {actual:?}"
                ));
            }
        }
        if let Some(who) = &self.to_move_after {
            let expected = parse_color(who, "to_move_after")?;
            if position.side_to_move() != expected {
                problems.push(format!(
                    "to_move_after: expected {expected}, actual {}",
                    position.side_to_move()
                ));
            }
        }
        if let Some(over) = self.over {
            if position.is_over() != over {
                problems.push(format!(
                    "over: expected {over}, actual {} (outcome {})",
                    position.is_over(),
                    outcome(&position.outcome())
                ));
            }
        }
        if let Some(result) = &self.result {
            let expected: GameResult = result.parse().map_err(|e| format!("result: {e}"))?;
            if position.outcome() != Some(expected) {
                problems.push(format!(
                    "result: expected {expected}, actual {}",
                    outcome(&position.outcome())
                ));
            }
        }
        match (&self.dead, self.score) {
            (Some(_), None) => return Err("`dead` needs `score`".to_owned()),
            (dead, Some([black, white])) => {
                let dead: Vec<Point> =
                    parse_points(geometry, dead.as_deref().unwrap_or(&[]), "dead")?
                        .into_iter()
                        .collect();
                let s = position.score(&dead);
                if (s.black, s.white) != (black, white) {
                    problems.push(format!(
                        "score: expected [{black}, {white}] [Black, White], actual [{}, {}]",
                        s.black, s.white
                    ));
                }
            }
            (None, None) => {}
        }
        if let Some(legal) = &self.legal {
            let mut expected = BTreeSet::new();
            for text in legal {
                let mv = Move::parse(geometry, text.trim()).map_err(|e| format!("legal: {e}"))?;
                if !expected.insert(MoveKey(mv)) {
                    return Err(format!("legal: {text:?} is listed twice"));
                }
            }
            let mut list = Vec::new();
            position.legal_moves(&mut list);
            let actual: BTreeSet<MoveKey> = list.iter().copied().map(MoveKey).collect();
            if expected != actual {
                let missing: Vec<Move> = expected.difference(&actual).map(|k| k.0).collect();
                let extra: Vec<Move> = actual.difference(&expected).map(|k| k.0).collect();
                problems.push(format!(
                    "legal: the legal moves of {} differ; missing [{}], unexpected [{}]; actual list [{}]",
                    position.side_to_move(),
                    moves(geometry, &missing),
                    moves(geometry, &extra),
                    moves(geometry, &list)
                ));
            }
        }
        for text in self.probe.iter().flatten() {
            let (turn_text, status) = text.split_once(':').ok_or_else(|| {
                format!("probe {text:?}: expected \"COLOR MOVE: legal\" or \"COLOR MOVE: REASON\"")
            })?;
            let turn = parse_turn(geometry, turn_text.trim())
                .map_err(|e| format!("probe {text:?}: {e}"))?;
            let status = status.trim();
            let expected = if status.eq_ignore_ascii_case("legal") {
                Ok(())
            } else {
                Err(
                    IllegalMove::parse_among(status, position.rules().variant().reasons)
                        .map_err(|e| format!("probe {text:?}: {e} (or legal)"))?,
                )
            };
            let actual = position.check_move(turn.color, turn.mv);
            if actual != expected {
                problems.push(format!(
                    "probe {text:?}: actual {}",
                    actual.map_or_else(|r| r.to_string(), |()| "legal".to_owned())
                ));
            }
        }
        Ok(())
    }
}

/// A move ordered by kind then point, for sets.
#[derive(Clone, Copy, PartialEq, Eq)]
struct MoveKey(Move);

impl Ord for MoveKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let key = |m: Move| match m {
            Move::Place(p) => (0, p.index()),
            Move::Pass => (1, 0),
            Move::Resign => (2, 0),
        };
        key(self.0).cmp(&key(other.0))
    }
}

impl PartialOrd for MoveKey {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

fn parse_color(text: &str, field: &str) -> Result<Color, String> {
    text.trim().parse().map_err(|e| format!("{field}: {e}"))
}

/// Parses a move of a case file: a vertex, `pass` or `resign`. A vertex off a grid board
/// becomes a point index past the last point, so that the variant's own off-board check is
/// what is tested.
pub fn parse_move(geometry: &Geometry, text: &str) -> Result<Move, String> {
    match Move::parse(geometry, text.trim()) {
        Ok(m) => Ok(m),
        Err(PointError::OffBoard { .. }) => Ok(Move::Place(Point::new(geometry.num_points()))),
        Err(e) => Err(e.to_string()),
    }
}

/// Parses `COLOR MOVE`.
pub fn parse_turn(geometry: &Geometry, text: &str) -> Result<Turn, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [color, mv] = words[..] else {
        return Err(format!(
            "{text:?}: expected a colour and a move, like \"B D4\" or \"W pass\""
        ));
    };
    let color: Color = color.parse().map_err(|e| format!("{text:?}: {e}"))?;
    let mv = parse_move(geometry, mv).map_err(|e| format!("{text:?}: {e}"))?;
    Ok(Turn { color, mv })
}

fn parse_points(
    geometry: &Geometry,
    names: &[String],
    field: &str,
) -> Result<BTreeSet<Point>, String> {
    let mut out = BTreeSet::new();
    for n in names {
        let p = geometry
            .parse_point(n.trim())
            .map_err(|e| format!("{field}: {e}"))?;
        if !out.insert(p) {
            return Err(format!("{field}: {n:?} is listed twice"));
        }
    }
    Ok(out)
}

fn names(geometry: &Geometry, points: &BTreeSet<Point>) -> String {
    points
        .iter()
        .map(|&p| geometry.point_name(p))
        .collect::<Vec<_>>()
        .join(", ")
}
