//! SGF (FF\[4\]) game records, read and written with the `sgf-parse` crate.
//!
//! Only the main line of the first game tree is read. Setup stones (`AB` `AW` `AE`) and `PL`
//! are accepted in the nodes before the first move; `SZ` (square and `W:H`), `RU` (a rules
//! string), `KM`, `HA` and `RE` in the root. Every other property of the main line is kept
//! and written back by [`write_game`] while the game written follows the game read.
//! Variants other than Go are written as `GM[1]` with their rules string in `RU`.

use std::fmt;

use goishi::{
    Board, Color, Geometry, IllegalMove, Move, PlayError, Point, Position, Rules, Setup, Turn,
};
use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::{GameTree, SgfNode, SimpleText};

/// The most nodes a file may have (the parser and its tree are recursive).
pub const MAX_NODES: usize = 50_000;
/// The largest file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// What is wrong with a record: a message, and the main-line node it is about (the root is
/// node 0) when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    pub node: Option<usize>,
    pub message: String,
}

impl SgfError {
    fn at(node: usize, message: impl Into<String>) -> SgfError {
        SgfError {
            node: Some(node),
            message: message.into(),
        }
    }

    fn general(message: impl Into<String>) -> SgfError {
        SgfError {
            node: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.node {
            Some(0) => write!(f, "root node: {}", self.message),
            Some(n) => write!(f, "node {n}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for SgfError {}

/// A move of a record, before it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    pub color: Color,
    /// The move, or why its point is not on the board.
    pub mv: Result<Move, String>,
    /// The main-line node holding it (the root is node 0).
    pub node: usize,
    /// The property as written: `B[cc]`.
    pub text: String,
}

impl RecordMove {
    /// The turn, when the point is on the board.
    pub fn turn(&self) -> Option<Turn> {
        self.mv.as_ref().ok().map(|&mv| Turn {
            color: self.color,
            mv,
        })
    }
}

/// A main-line node after the root, with the properties the reader does not interpret.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeExtras {
    /// The index of the node's move in [`Record::moves`], if it has one.
    pub move_index: Option<usize>,
    /// The node's move, if it is on the board.
    pub turn: Option<Turn>,
    /// Every other property, in file order.
    pub props: Vec<Prop>,
}

/// The properties of a record that are written back unchanged.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Extras {
    /// Root properties other than those the writer generates.
    pub root: Vec<Prop>,
    /// The nodes after the root, in main-line order.
    pub nodes: Vec<NodeExtras>,
    /// The record's `RE`, written back when the game written is the whole record.
    pub result: Option<String>,
}

/// A game record: the setup, the moves, the stated result.
#[derive(Clone, Debug)]
pub struct Record {
    pub setup: Setup,
    pub moves: Vec<RecordMove>,
    /// The `RE` property, if any.
    pub result: Option<String>,
    pub extras: Extras,
    /// How many game trees the file holds (only the first is read).
    pub games: usize,
}

/// A move of a record that the rules refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalRecordMove {
    /// The move number, from 1.
    pub number: usize,
    /// The main-line node (the root is node 0).
    pub node: usize,
    /// The property as written: `B[cc]`.
    pub text: String,
    /// The GTP vertex, when the point is on the board.
    pub vertex: Option<String>,
    pub reason: IllegalMove,
    /// Why, in words.
    pub detail: String,
}

impl fmt::Display for IllegalRecordMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node {}: move {} {}", self.node, self.number, self.text)?;
        if let Some(v) = &self.vertex {
            write!(f, " ({v})")?;
        }
        write!(f, " is illegal: {}", self.detail)
    }
}

/// How the rules of a record are chosen.
#[derive(Clone, Debug)]
pub struct RulesChoice {
    /// Rules that replace the record's `RU`.
    pub force: Option<Forced>,
    /// The rules of a record without `RU`.
    pub fallback: Rules,
}

/// Rules given instead of a record's `RU` (`--rules`).
#[derive(Clone, Debug)]
pub struct Forced {
    /// The rules.
    pub rules: Rules,
    /// Whether the rules string named a komi: then the record's `KM` does not replace it.
    pub names_komi: bool,
}

impl Forced {
    /// Parses rules given on the command line.
    pub fn parse(text: &str) -> Result<Forced, goishi::RulesError> {
        let rules = crate::common::parse_rules(text)?;
        Ok(Forced {
            names_komi: rules.is_explicit("komi"),
            rules,
        })
    }
}

/// Identifiers the writer generates in the root; the reader does not keep them as extras.
const GENERATED_ROOT: &[&str] = &[
    "FF", "GM", "CA", "AP", "SZ", "RU", "KM", "HA", "PL", "AB", "AW", "AE", "RE",
];

/// Checks the tree structure of an SGF text without building it: the node count (the parser
/// and its tree are recursive, so very long files are refused), brackets, parentheses.
/// Returns the text from the first `(` on.
fn prescan(text: &str) -> Result<&str, SgfError> {
    let Some(start) = text.find('(') else {
        return Err(SgfError::general(
            "not an SGF game record: no game tree (no '(') found",
        ));
    };
    let body = &text[start..];
    let mut depth = 0usize;
    let mut nodes = 0usize;
    let mut in_value = false;
    let mut escaped = false;
    let mut closed_all = false;
    // After '(' the next thing must be a node: a tree of nothing but parentheses (millions
    // of them cost the parser hundreds of megabytes) is refused here.
    let mut need_node = false;
    let mut end = body.len();
    for (at, c) in body.char_indices() {
        if need_node && !in_value {
            if c.is_whitespace() {
                continue;
            }
            if c == '(' || c == ')' {
                return Err(SgfError::general(format!(
                    "not valid SGF: a game tree must start with a node (';'), found {c:?} at byte {}",
                    start + at
                )));
            }
            need_node = false;
        }
        if in_value {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == ']' {
                in_value = false;
            }
            continue;
        }
        if closed_all {
            // After a game tree: another tree, white space, or trailing text that is ignored.
            match c {
                '(' => {
                    closed_all = false;
                    depth = 1;
                    need_node = true;
                }
                ')' => {
                    return Err(SgfError::general(format!(
                        "not valid SGF: unmatched ')' after node {}",
                        nodes.saturating_sub(1)
                    )))
                }
                _ => {}
            }
            continue;
        }
        match c {
            '(' => {
                depth += 1;
                need_node = true;
            }
            ')' => {
                if depth == 0 {
                    return Err(SgfError::general(format!(
                        "not valid SGF: unmatched ')' after node {}",
                        nodes.saturating_sub(1)
                    )));
                }
                depth -= 1;
                if depth == 0 {
                    closed_all = true;
                    end = at + 1;
                }
            }
            ';' => {
                nodes += 1;
                if nodes > MAX_NODES {
                    return Err(SgfError::general(format!(
                        "the record has more than {MAX_NODES} nodes; goishi reads at most {MAX_NODES}"
                    )));
                }
            }
            '[' => {
                if nodes == 0 {
                    return Err(SgfError::general(
                        "not valid SGF: a property value before the first node",
                    ));
                }
                in_value = true;
            }
            _ => {}
        }
    }
    let last = nodes.saturating_sub(1);
    if closed_all {
        return Ok(&body[..end]);
    }
    if in_value {
        return Err(SgfError::general(format!(
            "not valid SGF: the file ends inside a property value of node {last} (truncated?)"
        )));
    }
    if depth > 0 && !closed_all {
        return Err(SgfError::general(format!(
            "not valid SGF: the file ends after node {last} with {depth} game tree(s) left open (truncated?)"
        )));
    }
    if nodes == 0 {
        return Err(SgfError::general(
            "not valid SGF: the game tree has no node",
        ));
    }
    Ok(body)
}

/// Escapes a raw property value for writing.
fn escape_value(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

/// The text of a property as written.
fn prop_text(prop: &Prop) -> String {
    match prop {
        // Written here, not by `sgf-parse`, whose writer maps columns past `z` to `{`, `|`,
        // ... instead of `A` to `Z` (boards wider than 26).
        Prop::B(m) | Prop::W(m) => {
            let id = if matches!(prop, Prop::B(_)) { "B" } else { "W" };
            match m {
                SgfMove::Pass => format!("{id}[]"),
                SgfMove::Move(p) => format!("{id}[{}]", sgf_point_name(p)),
            }
        }
        Prop::Unknown(id, values) | Prop::Invalid(id, values) => {
            let mut s = id.clone();
            for v in values {
                s.push('[');
                s.push_str(&escape_value(v));
                s.push(']');
            }
            if values.is_empty() {
                s.push_str("[]");
            }
            s
        }
        other => other.to_string(),
    }
}

/// The SGF point name of a parsed point: `cc`.
fn sgf_point_name(p: &SgfPoint) -> String {
    const LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let letter = |v: u8| LETTERS.get(v as usize).map_or('?', |&b| b as char);
    format!("{}{}", letter(p.x), letter(p.y))
}

/// The point of a parsed SGF point on `geometry`.
fn point_on(geometry: &Geometry, p: &SgfPoint) -> Result<Point, String> {
    let name = sgf_point_name(p);
    geometry.parse_sgf_coord(&name).map_err(|e| e.to_string())
}

/// Whether `[tt]` means a pass on this board (boards up to 19x19).
fn tt_is_pass(geometry: &Geometry) -> bool {
    geometry.width() <= 19 && geometry.height() <= 19
}

fn color_of(c: &sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

fn sorted_points(set: &std::collections::HashSet<SgfPoint>) -> Vec<SgfPoint> {
    let mut v: Vec<SgfPoint> = set.iter().copied().collect();
    v.sort_by_key(|p| (p.y, p.x));
    v
}

/// Parses the text of an SGF file into a record: its first game tree.
pub fn parse_record(text: &str, choice: &RulesChoice) -> Result<Record, SgfError> {
    parse_collection(text, choice)?
        .into_iter()
        .next()
        .unwrap_or_else(|| Err(SgfError::general("not valid SGF: no game tree")))
}

/// Parses every game tree of an SGF file (a collection). A syntax error fails the whole
/// file; a record that is not valid fails on its own.
pub fn parse_collection(
    text: &str,
    choice: &RulesChoice,
) -> Result<Vec<Result<Record, SgfError>>, SgfError> {
    let body = prescan(text)?;
    let trees = sgf_parse::parse(body).map_err(|e| {
        SgfError::general(match e {
            sgf_parse::SgfParseError::UnexpectedProperty => {
                "not valid SGF: GM given twice in a root node, or a property before the `;` of a node".to_owned()
            }
            e => format!("not valid SGF: {e}"),
        })
    })?;
    let games = trees.len();
    Ok(trees
        .into_iter()
        .map(|tree| match tree {
            GameTree::GoGame(root) => {
                let result = build_record(&root, choice, games);
                dismantle(root);
                result
            }
            GameTree::Unknown(root) => {
                let gm = root
                    .get_property("GM")
                    .map_or_else(|| "GM[?]".to_owned(), |p| p.to_string());
                dismantle(root);
                Err(SgfError::at(
                    0,
                    if gm == "GM[1]" {
                        // The SGF parser takes a game type of Go from the exact text `1`.
                        "GM[1] written with a sign or leading zeros; write it GM[1]".to_owned()
                    } else {
                        format!("{gm}: not a Go-family record (goishi reads GM[1] records, every variant included)")
                    },
                ))
            }
        })
        .collect())
}

/// Drops a tree without recursion (a long main line would overflow the stack).
fn dismantle<P: sgf_parse::SgfProp>(root: SgfNode<P>) {
    let mut stack = vec![root];
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

fn build_record(
    root: &SgfNode<Prop>,
    choice: &RulesChoice,
    games: usize,
) -> Result<Record, SgfError> {
    let nodes: Vec<&SgfNode<Prop>> = root.main_variation().collect();

    // Rules, size and komi from the root.
    let mut size = None;
    let mut ru = None;
    let mut km = None;
    let mut handicap = 0u32;
    let mut result = None;
    for prop in &root.properties {
        match prop {
            Prop::SZ((w, h)) => size = Some((u32::from(*w), u32::from(*h))),
            Prop::RU(t) => ru = Some(t.text.clone()),
            Prop::KM(k) => km = Some(*k),
            Prop::HA(h) => handicap = u32::try_from(*h).unwrap_or(0),
            Prop::RE(t) => result = Some(t.text.trim().to_owned()),
            Prop::GM(g) if *g != 1 => {
                return Err(SgfError::at(0, format!("GM[{g}]: not a Go-family record")))
            }
            Prop::Invalid(id, values) if matches!(id.as_str(), "SZ" | "KM" | "RU" | "GM") => {
                return Err(SgfError::at(
                    0,
                    format!("invalid {id}[{}]", values.join("][")),
                ))
            }
            _ => {}
        }
    }
    let mut rules = match (&choice.force, &ru) {
        (Some(f), _) => f.rules.clone(),
        (None, Some(text)) => crate::common::parse_rules(text)
            .map_err(|e| SgfError::at(0, format!("RU[{text}]: {e}")))?,
        (None, None) => choice.fallback.clone(),
    };
    let rules_size = crate::common::take_size(&mut rules);
    let komi_forced = choice.force.as_ref().is_some_and(|f| f.names_komi);
    if let Some(k) = km.filter(|_| !komi_forced) {
        if rules.get("komi").is_some() {
            let text = format!("{k}");
            rules
                .set("komi", &text)
                .map_err(|e| SgfError::at(0, format!("KM[{text}]: {e}")))?;
        }
    }
    let size = size.or(rules_size);
    let geometry = rules.geometry(size).map_err(|e| {
        // A graph board comes from the rules (its file is read relative to the current
        // folder); any other from SZ or the variant's default size.
        let from = if matches!(rules.board_kind(), goishi::BoardKind::Graph(_)) {
            "the rules' graph board"
        } else {
            "SZ"
        };
        SgfError::at(0, format!("{from}: {e}"))
    })?;

    let mut board = Board::new(geometry.clone());
    let mut to_move = None;
    let mut moves: Vec<RecordMove> = Vec::new();
    let mut extras = Extras::default();

    for (i, node) in nodes.iter().enumerate() {
        let mut move_prop: Option<(Color, &SgfMove, &str)> = None;
        let mut setup_ids: Vec<&str> = Vec::new();
        let mut kept: Vec<Prop> = Vec::new();
        for prop in &node.properties {
            // `sgf-parse` takes any ASCII text before '[' as an identifier; written back, a
            // text such as "" or ":13]" would make the values join another property.
            if let Prop::Unknown(id, _) | Prop::Invalid(id, _) = prop {
                if id.is_empty() {
                    // The parser keeps the upper-case letters of an identifier (FF[3]'s
                    // `AddBlack` is `AB`): one written in lower case only has none left.
                    return Err(SgfError::at(
                        i,
                        "not valid SGF: a property identifier in lower case (such as ff or b); FF[4] identifiers are upper case",
                    ));
                }
                if !id.bytes().all(|b| b.is_ascii_alphabetic()) {
                    return Err(SgfError::at(
                        i,
                        format!(
                            "not valid SGF: property identifier {:?}; expected letters (upper case in FF[4])",
                            id.chars().take(24).collect::<String>()
                        ),
                    ));
                }
            }
            match prop {
                Prop::B(m) | Prop::W(m) => {
                    let (color, id) = if matches!(prop, Prop::B(_)) {
                        (Color::Black, "B")
                    } else {
                        (Color::White, "W")
                    };
                    if let Some((_, _, other)) = move_prop {
                        return Err(SgfError::at(
                            i,
                            format!("two moves ({other} and {id}) in one node"),
                        ));
                    }
                    move_prop = Some((color, m, id));
                }
                Prop::Invalid(id, values) if id == "B" || id == "W" => {
                    return Err(SgfError::at(
                        i,
                        format!(
                            "invalid move {id}[{}]; expected two letters a-z or A-Z, or [] for a pass",
                            values.join("][")
                        ),
                    ));
                }
                Prop::Invalid(id, values) if matches!(id.as_str(), "AB" | "AW" | "AE" | "PL") => {
                    return Err(SgfError::at(
                        i,
                        format!("invalid setup property {id}[{}]", values.join("][")),
                    ));
                }
                Prop::AB(_) | Prop::AW(_) | Prop::AE(_) | Prop::PL(_) => {
                    setup_ids.push(match prop {
                        Prop::AB(_) => "AB",
                        Prop::AW(_) => "AW",
                        Prop::AE(_) => "AE",
                        _ => "PL",
                    });
                }
                _ => {
                    if i == 0 {
                        let id = prop.to_string();
                        let id = id.split('[').next().unwrap_or("");
                        if !GENERATED_ROOT.contains(&id) {
                            kept.push(prop.clone());
                        }
                    } else if !matches!(
                        prop,
                        Prop::SZ(_) | Prop::RU(_) | Prop::KM(_) | Prop::GM(_) | Prop::FF(_)
                    ) {
                        kept.push(prop.clone());
                    } else {
                        return Err(SgfError::at(
                            i,
                            format!("root property {} outside the root node", prop_text(prop)),
                        ));
                    }
                }
            }
        }
        if let (Some((_, _, id)), Some(setup)) = (move_prop, setup_ids.first()) {
            return Err(SgfError::at(
                i,
                format!("setup property {setup} on a move node ({id}); setup and moves must be in separate nodes"),
            ));
        }
        if !setup_ids.is_empty() && !moves.is_empty() {
            return Err(SgfError::at(
                i,
                format!(
                    "setup property {} after the first move; goishi replays setups before the first move only",
                    setup_ids[0]
                ),
            ));
        }
        // Setup stones, in file order of the properties.
        for prop in &node.properties {
            let (points, stone) = match prop {
                Prop::AB(p) => (p, Some(Color::Black)),
                Prop::AW(p) => (p, Some(Color::White)),
                Prop::AE(p) => (p, None),
                Prop::PL(c) => {
                    to_move = Some(color_of(c));
                    continue;
                }
                _ => continue,
            };
            let id = match stone {
                Some(Color::Black) => "AB",
                Some(Color::White) => "AW",
                None => "AE",
            };
            for sp in sorted_points(points) {
                let p = point_on(&geometry, &sp)
                    .map_err(|e| SgfError::at(i, format!("{id}[{}]: {e}", sgf_point_name(&sp))))?;
                board.set(p, stone);
            }
        }
        let mut node_extras = NodeExtras {
            move_index: None,
            turn: None,
            props: kept,
        };
        if let Some((color, m, id)) = move_prop {
            let (mv, text) = match m {
                SgfMove::Pass => (Ok(Move::Pass), format!("{id}[]")),
                SgfMove::Move(sp) => {
                    let text = format!("{id}[{}]", sgf_point_name(sp));
                    if sp.x == 19 && sp.y == 19 && tt_is_pass(&geometry) {
                        (Ok(Move::Pass), text)
                    } else {
                        (point_on(&geometry, sp).map(Move::Place), text)
                    }
                }
            };
            let record_move = RecordMove {
                color,
                mv,
                node: i,
                text,
            };
            node_extras.move_index = Some(moves.len());
            node_extras.turn = record_move.turn();
            moves.push(record_move);
        }
        if i == 0 {
            extras.root = node_extras.props;
            if node_extras.move_index.is_some() {
                // A move in the root node: written back in a node of its own.
                extras.nodes.push(NodeExtras {
                    move_index: node_extras.move_index,
                    turn: node_extras.turn,
                    props: Vec::new(),
                });
            }
        } else {
            extras.nodes.push(node_extras);
        }
    }

    extras.result = result.clone();
    handicap_moves_as_setup(handicap, &mut board, &mut moves, &mut extras);
    // Without `PL`: the colour of the first move, else White after handicap stones (most
    // programs write no `PL` in a handicap game), else Black.
    let to_move = to_move
        .or_else(|| moves.first().map(|m| m.color))
        .unwrap_or(if handicap >= 2 {
            Color::White
        } else {
            Color::Black
        });
    let setup = Setup {
        rules,
        board,
        to_move,
        handicap: if handicap >= 2 { handicap } else { 0 },
    };
    Ok(Record {
        setup,
        moves,
        result,
        extras,
        games,
    })
}

/// Handicap stones written as Black's first moves rather than as `AB` (some programs write them
/// so): with `HA[N]`, fewer than N black setup stones and no white one, Black's first
/// placements before any other move make up the rest, on distinct empty points, and become
/// setup stones (their nodes keep their other properties). Anything else is left as it is,
/// for the variant to judge.
fn handicap_moves_as_setup(
    handicap: u32,
    board: &mut Board,
    moves: &mut Vec<RecordMove>,
    extras: &mut Extras,
) {
    let black = board.count(Color::Black);
    if handicap < 2 || black >= handicap || board.count(Color::White) > 0 {
        return;
    }
    let missing = (handicap - black) as usize;
    let mut points = Vec::with_capacity(missing);
    for m in moves.iter().take(missing) {
        match (m.color, &m.mv) {
            (Color::Black, Ok(Move::Place(p))) if board.is_empty_at(*p) && !points.contains(p) => {
                points.push(*p);
            }
            _ => return,
        }
    }
    if points.len() < missing {
        return;
    }
    for &p in &points {
        board.set(p, Some(Color::Black));
    }
    moves.drain(..missing);
    for node in &mut extras.nodes {
        node.move_index = match node.move_index {
            Some(i) if i < missing => {
                node.turn = None;
                None
            }
            other => other.map(|i| i - missing),
        };
    }
}

impl Record {
    /// The position at the setup (the variant validates the setup stones).
    pub fn start(&self) -> Result<Box<dyn Position>, SgfError> {
        self.setup
            .clone()
            .into_position()
            .map_err(|e| SgfError::at(0, format!("invalid setup: {e}")))
    }

    /// Plays the first `count` moves (all of them when `count` is larger) on `position`,
    /// which must be at the record's setup.
    pub fn play(&self, position: &mut dyn Position, count: usize) -> Result<(), IllegalRecordMove> {
        for (i, m) in self.moves.iter().take(count).enumerate() {
            let illegal =
                |reason: IllegalMove, vertex: Option<String>, detail: String| IllegalRecordMove {
                    number: i + 1,
                    node: m.node,
                    text: m.text.clone(),
                    vertex,
                    reason,
                    detail,
                };
            match &m.mv {
                Err(why) => {
                    return Err(illegal(IllegalMove::OffBoard, None, why.clone()));
                }
                Ok(mv) => {
                    let vertex = mv.name(position.geometry());
                    if let Err(PlayError { reason, .. }) = position.play_as(m.color, *mv) {
                        return Err(illegal(reason, Some(vertex), reason.name().to_owned()));
                    }
                }
            }
        }
        Ok(())
    }

    /// The position after the first `count` moves.
    pub fn replay(&self, count: usize) -> Result<Box<dyn Position>, ReplayError> {
        let mut position = self.start().map_err(ReplayError::Setup)?;
        self.play(position.as_mut(), count)
            .map_err(ReplayError::Illegal)?;
        Ok(position)
    }
}

/// Why a record does not replay.
#[derive(Clone, Debug)]
pub enum ReplayError {
    /// The setup is not a valid position of the variant.
    Setup(SgfError),
    /// A move was refused.
    Illegal(IllegalRecordMove),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Setup(e) => e.fmt(f),
            ReplayError::Illegal(e) => e.fmt(f),
        }
    }
}

/// Reads and parses an SGF file: its first game tree. I/O errors and files too large are
/// reported as [`SgfError`]s without a node.
pub fn read_record(path: &std::path::Path, choice: &RulesChoice) -> Result<Record, SgfError> {
    read_collection(path, choice)?
        .into_iter()
        .next()
        .unwrap_or_else(|| Err(SgfError::general("not valid SGF: no game tree")))
}

/// Reads and parses every game tree of an SGF file.
pub fn read_collection(
    path: &std::path::Path,
    choice: &RulesChoice,
) -> Result<Vec<Result<Record, SgfError>>, SgfError> {
    let meta = std::fs::metadata(path)
        .map_err(|e| SgfError::general(format!("cannot read: {}", io_message(&e))))?;
    if meta.is_dir() {
        return Err(SgfError::general("is a directory, not an SGF file"));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(SgfError::general(format!(
            "the file has {} bytes; goishi reads SGF files of at most {MAX_FILE_BYTES} bytes",
            meta.len()
        )));
    }
    // The length from the metadata is 0 for devices and pipes (`/dev/zero`): the read itself
    // stops past the limit.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| {
            std::io::Read::read_to_end(&mut std::io::Read::take(f, MAX_FILE_BYTES + 1), &mut bytes)
        })
        .map_err(|e| SgfError::general(format!("cannot read: {}", io_message(&e))))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(SgfError::general(format!(
            "the file has more than {MAX_FILE_BYTES} bytes; goishi reads SGF files of at most {MAX_FILE_BYTES} bytes"
        )));
    }
    parse_collection(&decode(&bytes)?, choice)
}

/// The text of an SGF file: UTF-8; or, when the bytes are not UTF-8, ISO-8859-1 (the
/// character set of FF\[4\] without `CA`, and what older programs write), each byte a
/// character, if the file's `CA` names it or no character set. A file that is not UTF-8 and
/// names another (`CA[GB2312]`) is refused by name rather than read wrong.
fn decode(bytes: &[u8]) -> Result<String, SgfError> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) || bytes.contains(&0) {
        return Err(SgfError::general(
            "the file is UTF-16 or has NUL bytes; goishi reads SGF in UTF-8 or ISO-8859-1",
        ));
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text.to_owned());
    }
    let charset = declared_charset(bytes);
    let latin_1 = charset.as_deref().is_none_or(|c| {
        matches!(
            c.replace(['-', '_', ' '], "").as_str(),
            "ISO88591" | "LATIN1" | "L1" | "ISOLATIN1" | "CP819" | "IBM819"
        )
    });
    if !latin_1 {
        return Err(SgfError::general(format!(
            "the file is in {} (its CA) and not UTF-8; goishi reads SGF in UTF-8 or ISO-8859-1 (convert it to UTF-8 first)",
            charset.unwrap_or_default()
        )));
    }
    Ok(bytes.iter().map(|&b| char::from(b)).collect())
}

/// The character set a file's `CA` property names, in upper case (the first `CA[...]` in the
/// bytes: the root's, where FF\[4\] puts it).
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let at = bytes.windows(3).position(|w| w == b"CA[")?;
    let value = &bytes[at + 3..];
    let end = value.iter().position(|&b| b == b']')?;
    let name = String::from_utf8_lossy(&value[..end])
        .trim()
        .to_ascii_uppercase();
    (!name.is_empty()).then_some(name)
}

/// An I/O error as words, without the OS error code: `no such file or directory`.
pub fn io_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    let text = match text.find(" (os error") {
        Some(i) => &text[..i],
        None => &text,
    };
    text.to_lowercase()
}

/// How a game is written.
#[derive(Clone, Debug, Default)]
pub struct WriteOptions<'a> {
    /// Properties of the record the game was read from, written back while the game follows
    /// it.
    pub extras: Option<&'a Extras>,
    /// The `RE` value, if any.
    pub result: Option<String>,
    /// A game comment (`GC`) for the root.
    pub comment: Option<String>,
}

/// Converts a point to a parsed SGF point.
fn sgf_point(geometry: &Geometry, p: Point) -> Result<SgfPoint, String> {
    if geometry.width() > 52 || geometry.height() > 52 {
        return Err(format!(
            "a {} board cannot be written as SGF (at most 52 points a side)",
            geometry.describe()
        ));
    }
    geometry
        .sgf_coord(p)
        .and_then(|c| c.parse::<SgfPoint>().ok())
        .ok_or_else(|| format!("point {} has no SGF coordinate", geometry.point_name(p)))
}

fn move_prop(geometry: &Geometry, turn: Turn) -> Result<Option<Prop>, String> {
    let mv = match turn.mv {
        Move::Place(p) => SgfMove::Move(sgf_point(geometry, p)?),
        Move::Pass => SgfMove::Pass,
        // Resignation is written as the result, not as a move.
        Move::Resign => return Ok(None),
    };
    Ok(Some(match turn.color {
        Color::Black => Prop::B(mv),
        Color::White => Prop::W(mv),
    }))
}

fn point_list(geometry: &Geometry, id: &str, points: &[Point]) -> Result<Prop, String> {
    let mut names = Vec::with_capacity(points.len());
    for &p in points {
        let sp = sgf_point(geometry, p)?;
        names.push(sgf_point_name(&sp));
    }
    Ok(Prop::Unknown(id.to_owned(), names))
}

fn simple(text: &str) -> SimpleText {
    SimpleText {
        text: text.to_owned(),
    }
}

/// Writes the game of `position` (its setup and every move so far) as an SGF game tree.
pub fn write_game(position: &dyn Position, options: &WriteOptions<'_>) -> Result<String, String> {
    let setup = position.setup();
    let geometry = position.geometry();
    let rules = position.rules();
    let (w, h) = (geometry.width(), geometry.height());
    if w > 52 || h > 52 {
        return Err(format!(
            "a {} board cannot be written as SGF (at most 52 points a side)",
            geometry.describe()
        ));
    }
    let mut root: Vec<Prop> = vec![
        Prop::FF(4),
        Prop::GM(1),
        Prop::CA(simple("UTF-8")),
        Prop::AP((simple("goishi"), simple(env!("CARGO_PKG_VERSION")))),
    ];
    root.push(if w == h {
        Prop::Unknown("SZ".to_owned(), vec![w.to_string()])
    } else {
        Prop::SZ((w as u8, h as u8))
    });
    let mut ru = rules.clone();
    ru.set_size(None);
    // Komi goes in KM; RU names the rules without it.
    if let Some(default) = ru.variant().default_of("komi") {
        if ru.get("komi").is_some() {
            ru.set("komi", default).map_err(|e| e.to_string())?;
        }
    }
    // Written as plain text: SGF only needs ':' escaped in composed values.
    root.push(Prop::Unknown("RU".to_owned(), vec![ru.to_string()]));
    if let Some(komi) = rules.get("komi").and_then(|k| k.parse::<f64>().ok()) {
        root.push(Prop::KM(komi));
    }
    if setup.handicap >= 2 {
        root.push(Prop::HA(i64::from(setup.handicap)));
    }
    let black: Vec<Point> = setup.board.stones(Color::Black).collect();
    let white: Vec<Point> = setup.board.stones(Color::White).collect();
    if setup.to_move == Color::White || !black.is_empty() || !white.is_empty() {
        root.push(Prop::PL(match setup.to_move {
            Color::Black => sgf_parse::Color::Black,
            Color::White => sgf_parse::Color::White,
        }));
    }
    if !black.is_empty() {
        root.push(point_list(geometry, "AB", &black)?);
    }
    if !white.is_empty() {
        root.push(point_list(geometry, "AW", &white)?);
    }
    // The nodes after the root: those of the record read while the game follows it, then
    // the rest of the game.
    let history = position.history();
    let mut nodes: Vec<Vec<Prop>> = Vec::new();
    let mut next = 0usize;
    let mut whole_record = options.extras.is_some();
    if let Some(extras) = options.extras {
        for node in &extras.nodes {
            match node.move_index {
                None if node.props.is_empty() => {}
                None => nodes.push(node.props.clone()),
                Some(_) => {
                    if next < history.len() && node.turn == Some(history[next]) {
                        let mut props = Vec::with_capacity(node.props.len() + 1);
                        if let Some(m) = move_prop(geometry, history[next])? {
                            props.push(m);
                        }
                        props.extend(node.props.iter().cloned());
                        nodes.push(props);
                        next += 1;
                    } else {
                        whole_record = false;
                        break;
                    }
                }
            }
        }
    }
    whole_record &= next == history.len();
    for &turn in &history[next..] {
        if let Some(m) = move_prop(geometry, turn)? {
            nodes.push(vec![m]);
        }
    }

    let result = match (&options.result, options.extras) {
        (Some(r), _) => Some(r.clone()),
        (None, Some(extras)) if whole_record => extras.result.clone(),
        _ => None,
    };
    if let Some(re) = &result {
        root.push(Prop::RE(simple(re)));
    }
    if let Some(c) = &options.comment {
        root.push(Prop::GC(sgf_parse::Text { text: c.clone() }));
    }
    if let Some(extras) = options.extras {
        for p in &extras.root {
            let id = prop_text(p);
            let id = id.split('[').next().unwrap_or("");
            if !(matches!(p, Prop::GC(_)) && options.comment.is_some()) && id != "RE" {
                root.push(p.clone());
            }
        }
    }

    let mut out = String::from("(;");
    for p in &root {
        out.push_str(&prop_text(p));
    }
    out.push('\n');
    for (i, props) in nodes.iter().enumerate() {
        out.push(';');
        for p in props {
            out.push_str(&prop_text(p));
        }
        if i % 10 == 9 {
            out.push('\n');
        }
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(")\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::parse_rules;

    fn choice() -> RulesChoice {
        RulesChoice {
            force: None,
            fallback: parse_rules("go/chinese").unwrap(),
        }
    }

    fn rewrite(text: &str) -> (Record, String) {
        let record = parse_record(text, &choice()).unwrap_or_else(|e| panic!("{e}: {text}"));
        let position = record.replay(usize::MAX).unwrap();
        let options = WriteOptions {
            extras: Some(&record.extras),
            ..WriteOptions::default()
        };
        let written = write_game(position.as_ref(), &options).unwrap();
        (record, written)
    }

    /// Reading what was written gives the same record, and writing it again the same text.
    fn assert_round_trip(text: &str) -> String {
        let (first, written) = rewrite(text);
        let (second, again) = rewrite(&written);
        assert_eq!(written, again, "writing is not stable");
        assert_eq!(first.setup, second.setup);
        assert_eq!(first.moves.len(), second.moves.len());
        for (a, b) in first.moves.iter().zip(&second.moves) {
            assert_eq!((a.color, &a.mv), (b.color, &b.mv));
        }
        assert_eq!(first.result, second.result);
        assert_eq!(first.extras.root, second.extras.root);
        let props = |r: &Record| -> Vec<Vec<Prop>> {
            r.extras
                .nodes
                .iter()
                .filter(|n| n.move_index.is_some() || !n.props.is_empty())
                .map(|n| n.props.clone())
                .collect()
        };
        assert_eq!(props(&first), props(&second));
        written
    }

    #[test]
    fn real_shaped_records_round_trip() {
        let game = include_str!("../tests/gtp/sgf/game.sgf");
        let written = assert_round_trip(game);
        for kept in [
            "PB[Black player]",
            "XX[kept: an unknown root property]",
            r"C[A handicap game; comments \] and \\ are escaped.]",
            "YY[an unknown move property]",
            "C[White captures A1.]",
            "RE[W+R]",
            "HA[2]",
            "PL[W]",
            "AB[cg][gc]",
            ";B[]",
        ] {
            assert!(written.contains(kept), "{kept} missing from {written}");
        }
        let rect = assert_round_trip(include_str!("../tests/gtp/sgf/rect.sgf"));
        assert!(rect.contains("SZ[13:7]"), "{rect}");
        assert_round_trip(include_str!("../tests/gtp/sgf/contact.sgf"));
        // Comment-only nodes, setup nodes before the first move, white stones, AE, a
        // multi-line comment, a composed unknown property.
        let text = "(;GM[1]FF[4]SZ[7]RU[go/tromp-taylor:ko=situational]KM[-2.5]
            ;C[a node with a comment only]
            ;AB[aa][bb]AW[cc]AE[aa]PL[B]
            ;B[dd]C[two
lines];W[tt]ZZ[a:b][c];B[ee]LB[ff:label])";
        let written = assert_round_trip(text);
        assert!(
            written.contains("RU[go/tromp-taylor:ko=situational]KM[-2.5]PL[B]AB[bb]AW[cc]\n;C["),
            "{written}"
        );
        assert!(
            written.contains(";C[a node with a comment only]"),
            "{written}"
        );
        assert!(written.contains(";W[]ZZ[a:b][c]"), "{written}");
    }

    #[test]
    fn passes_and_tt() {
        let r = parse_record("(;SZ[19];B[tt];W[];B[aa])", &choice()).unwrap();
        assert_eq!(r.moves[0].mv, Ok(Move::Pass));
        assert_eq!(r.moves[1].mv, Ok(Move::Pass));
        // On boards larger than 19x19, tt is a point.
        let r = parse_record("(;SZ[25];B[tt])", &choice()).unwrap();
        let g = r.setup.board.geometry();
        assert_eq!(
            r.moves[0].mv.clone().map(|m| m.name(g)),
            Ok("U6".to_owned())
        );
        // No SZ: the variant's default size.
        let r = parse_record("(;RU[contact/2b];B[aa])", &choice()).unwrap();
        assert_eq!(r.setup.board.geometry().describe(), "9x9");
    }

    #[test]
    fn komi_given_with_the_rules_wins_over_km() {
        let text = "(;GM[1]SZ[9]RU[Chinese]KM[7];B[ee])";
        let komi = |force: &str| {
            let choice = RulesChoice {
                force: Some(Forced::parse(force).unwrap()),
                ..choice()
            };
            let r = parse_record(text, &choice).unwrap();
            r.setup.rules.get("komi").unwrap().to_owned()
        };
        assert_eq!(komi("go/chinese:komi=0"), "0");
        assert_eq!(komi("go/japanese"), "7");
        assert_eq!(komi("koSIMPLEscoreAREAtaxNONEsui0komi2.5"), "2.5");
        // Without forced rules, KM applies on top of RU.
        let r = parse_record(text, &choice()).unwrap();
        assert_eq!(r.setup.rules.get("komi"), Some("7"));
    }

    #[test]
    fn handicap_stones_written_as_moves_are_setup_stones() {
        let r = parse_record(
            "(;GM[1]SZ[9]HA[2];B[cc]C[first stone];B[gg];W[ee])",
            &choice(),
        )
        .unwrap();
        assert_eq!(r.setup.handicap, 2);
        assert_eq!(r.setup.board.count(Color::Black), 2);
        assert_eq!(r.setup.to_move, Color::White);
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.moves[0].text, "W[ee]");
        let position = r.replay(usize::MAX).unwrap();
        assert_eq!(position.history().len(), 1);
        // Written back as setup stones; the first stone's comment keeps its node.
        let (_, written) = rewrite("(;GM[1]SZ[9]HA[2];B[cc]C[first stone];B[gg];W[ee])");
        assert!(written.contains("HA[2]PL[W]AB[gg][cc]"), "{written}");
        assert!(written.contains(";C[first stone];W[ee]"), "{written}");
        // Some stones in AB, the rest as moves.
        let r = parse_record("(;GM[1]SZ[9]HA[3]AB[cc];B[gg];B[cg];W[ee])", &choice()).unwrap();
        assert_eq!((r.setup.board.count(Color::Black), r.moves.len()), (3, 1));
        // Not handicap stones: White moves first, or a point taken twice; the setup is then
        // refused as it was.
        for text in [
            "(;GM[1]SZ[9]HA[2];B[cc];W[ee];B[gg])",
            "(;GM[1]SZ[9]HA[2];B[cc];B[cc];W[ee])",
            "(;GM[1]SZ[9]HA[2]AW[aa];B[cc];B[gg])",
        ] {
            let r = parse_record(text, &choice()).unwrap();
            assert!(r.start().is_err(), "{text}");
        }
    }

    #[test]
    fn side_to_move_without_pl() {
        let to_move = |text: &str| parse_record(text, &choice()).unwrap().setup.to_move;
        // Handicap stones and no move: White plays next, as after `fixed_handicap`.
        assert_eq!(to_move("(;GM[1]SZ[9]HA[2]AB[cc][gg])"), Color::White);
        // The first move says who starts.
        assert_eq!(to_move("(;GM[1]SZ[9]HA[2]AB[cc][gg];W[ee])"), Color::White);
        assert_eq!(to_move("(;GM[1]SZ[9];W[ee];B[cc])"), Color::White);
        assert_eq!(to_move("(;GM[1]SZ[9]AB[cc];B[ee])"), Color::Black);
        assert_eq!(to_move("(;GM[1]SZ[9])"), Color::Black);
        // PL decides when given.
        assert_eq!(to_move("(;GM[1]SZ[9]HA[2]AB[cc][gg]PL[B])"), Color::Black);
    }

    #[test]
    fn files_in_latin_1_and_utf_16() {
        let text = decode(b"(;GM[1]SZ[9]CA[ISO-8859-1]PB[J\xf6rg];B[ee])").unwrap();
        assert!(text.contains("PB[J\u{f6}rg]"), "{text}");
        let (_, written) = rewrite(&text);
        assert!(written.contains("PB[J\u{f6}rg]"), "{written}");
        assert!(written.contains("CA[UTF-8]"), "{written}");
        // UTF-8 stays UTF-8.
        let utf8 = "(;GM[1]PB[J\u{f6}rg])";
        assert_eq!(decode(utf8.as_bytes()).unwrap(), utf8);
        let utf16: Vec<u8> = "\u{feff}(;GM[1])"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let e = decode(&utf16).unwrap_err().to_string();
        assert!(e.contains("UTF-16"), "{e}");
        // Not UTF-8, in a character set other than Latin-1: refused by name.
        let e = decode(b"(;GM[1]CA[GB2312]PB[\xd5\xc5])")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the file is in GB2312 (its CA) and not UTF-8"),
            "{e}"
        );
        // Latin-1 by any of its names, or with no CA at all.
        for text in [
            &b"(;GM[1]CA[latin1]PB[J\xf6rg])"[..],
            b"(;GM[1]CA[ISO_8859-1]PB[J\xf6rg])",
            b"(;GM[1]PB[J\xf6rg])",
        ] {
            assert!(decode(text).unwrap().contains("J\u{f6}rg"));
        }
    }

    #[test]
    fn errors_name_the_node() {
        let cases: &[(&str, &str)] = &[
            (
                "(;SZ[9];B[aa]W[bb])",
                "node 1: two moves (B and W) in one node",
            ),
            (
                "(;SZ[9];B[aa];AB[cc];W[bb])",
                "node 2: setup property AB after the first move",
            ),
            (
                "(;SZ[9];B[aa]AW[cc])",
                "node 1: setup property AW on a move node (B)",
            ),
            ("(;SZ[9];B[a])", "node 1: invalid move B[a]"),
            ("(;SZ[9];W[jj])", ""),
            (
                "(;SZ[9]AB[zz])",
                "root node: AB[zz]: vertex zz is off the 9x9 board",
            ),
            ("(;SZ[0])", "root node: SZ: board size 0x0 is out of range"),
            (
                "(;SZ[99])",
                "root node: SZ: board size 99x99 is out of range",
            ),
            ("(;SZ[9]KM[abc])", "root node: invalid KM[abc]"),
            ("(;SZ[9]KM[6.25])", "root node: KM[6.25]: invalid komi"),
            (
                "(;SZ[9]RU[go/chinese:ko=x])",
                "root node: RU[go/chinese:ko=x]: unknown ko rule",
            ),
            (
                "(;SZ[9];B[aa];SZ[9])",
                "node 2: root property SZ[9:9] outside the root node",
            ),
            ("(;GM[2]SZ[8])", "root node: GM[2]: not a Go-family record"),
            ("", "not an SGF game record"),
            (
                "(;SZ[9];B[aa]",
                "ends after node 1 with 1 game tree(s) left open",
            ),
            (
                "(;SZ[9]C[oops",
                "the file ends inside a property value of node 0",
            ),
            ("(;SZ[9]))", "unmatched ')' after node 0"),
            ("([x];)", "a property value before the first node"),
            ("(()", "not valid SGF"),
            ("(;SZ[9](B[aa]))", "not valid SGF"),
            (
                "(;GM[01]SZ[9];B[ee])",
                "GM[1] written with a sign or leading zeros",
            ),
            (
                "(;GM[1]SZ[9]ff[4];B[ee])",
                "root node: not valid SGF: a property identifier in lower case",
            ),
            (
                "(;GM[1]SZ[9]GM[1];B[ee])",
                "not valid SGF: GM given twice in a root node",
            ),
        ];
        for (text, message) in cases {
            match parse_record(text, &choice()) {
                Err(e) => assert!(
                    e.to_string().contains(message),
                    "{text}: {e} does not contain {message}"
                ),
                Ok(r) => {
                    // Off-board moves are read, and refused when played.
                    let err = r.replay(usize::MAX).unwrap_err().to_string();
                    assert!(
                        err.contains(
                            "node 1: move 1 W[jj] is illegal: vertex jj is off the 9x9 board"
                        ),
                        "{text}: {err}"
                    );
                }
            }
        }
    }

    #[test]
    fn collections_and_trailing_text() {
        let text = "junk before (;SZ[5];B[aa])\n(;SZ[7];B[bb];W[cc]) trailing junk";
        let all = parse_collection(text, &choice()).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[1].as_ref().unwrap().moves.len(), 2);
        assert_eq!(all[1].as_ref().unwrap().games, 2);
    }

    #[test]
    fn long_records_within_limits() {
        // A long main line (the tree is recursive): read and dropped without recursion.
        let mut text = String::from("(;SZ[19]RU[go/tromp-taylor:ko=none]");
        for _ in 0..(MAX_NODES - 1) / 2 {
            text.push_str(";B[aa];W[ab]");
        }
        text.push(')');
        let r = parse_record(&text, &choice()).unwrap();
        assert_eq!(r.moves.len(), 2 * ((MAX_NODES - 1) / 2));
        text.insert_str(text.len() - 1, ";B[ac];W[ad]");
        let err = parse_record(&text, &choice()).unwrap_err();
        assert!(err.message.contains("more than 50000 nodes"), "{err}");
    }

    #[test]
    fn deep_invalid_record_on_a_worker_stack() {
        // sgf-parse drops its partial tree recursively when it fails deep in a long main
        // line: replay runs on threads with a large stack for that.
        let mut text = String::from("(;SZ[19]");
        for _ in 0..(MAX_NODES - 10) {
            text.push_str(";B[]");
        }
        text.push_str("(B[aa]))");
        let handle = std::thread::Builder::new()
            .stack_size(crate::replay::WORKER_STACK)
            .spawn(move || parse_record(&text, &choice()).map(|_| ()))
            .unwrap();
        let err = handle.join().unwrap().unwrap_err();
        assert!(err.message.starts_with("not valid SGF"), "{err}");
    }

    #[test]
    fn every_variant_self_play_round_trips() {
        for v in crate::common::registry().variants() {
            let rules = v.default_rules();
            for (seed, size) in [(1, (7, 7)), (2, (6, 5))] {
                let game = crate::selfplay::play_game(&rules, Some(size), seed, 0)
                    .unwrap_or_else(|e| panic!("{}: {e}", v.id));
                let text = crate::selfplay::game_sgf(&game, seed, 0).unwrap();
                let record = parse_record(&text, &choice()).unwrap();
                let replayed = record
                    .replay(usize::MAX)
                    .unwrap_or_else(|e| panic!("{}: {e}\n{text}", v.id));
                assert_eq!(replayed.board(), game.position.board(), "{}", v.id);
                assert_eq!(replayed.history(), game.position.history(), "{}", v.id);
                assert_eq!(replayed.outcome(), game.position.outcome(), "{}", v.id);
                assert_eq!(record.setup.rules, *game.position.rules(), "{}", v.id);
                let again = write_game(
                    replayed.as_ref(),
                    &WriteOptions {
                        extras: Some(&record.extras),
                        ..WriteOptions::default()
                    },
                )
                .unwrap();
                assert_eq!(again, text, "{}", v.id);
            }
        }
    }
}
