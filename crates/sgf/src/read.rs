//! Reading: SGF text to [`Record`]s. The text is checked first without building a tree
//! (brackets, parentheses, the node limit: `sgf-parse` is recursive), then parsed by
//! `sgf-parse`, then interpreted: `SZ` (square and `W:H`), `RU` (a rules string of any form
//! the registry reads), `KM`, `HA` and `RE` in the root; setup stones (`AB` `AW` `AE`, point
//! rectangles included) and `PL` in the nodes before the first move; handicap stones
//! written as Black's first moves become setup stones. Every other property of the main line
//! is kept, in file order, for the writer.

use goishi::{Board, Color, Geometry, Move, Point, PointError, Setup};
use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::{GameTree, SgfNode};

use crate::error::{ErrorKind, SgfError};
use crate::main_line::{plain_main_line, MainLine, Node, Nodes};
use crate::props::{prop_id, prop_text, sgf_point_letters, sgf_point_name};
use crate::raw;
use crate::record::{Extras, MoveText, NodeExtras, Record, RecordMove, RulesChoice};

/// The most nodes a file may have (the parser and its tree are recursive).
pub const MAX_NODES: usize = 50_000;

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
            ErrorKind::Syntax,
            "not an SGF game record: no game tree (no '(') found",
        ));
    };
    let body = &text[start..];
    if body.is_ascii() {
        // Each byte a character: the same scan without decoding UTF-8.
        let chars = body.bytes().enumerate().map(|(at, b)| (at, char::from(b)));
        prescan_chars(body, start, chars)
    } else {
        prescan_chars(body, start, body.char_indices())
    }
}

/// [`prescan`] of `body` (the text from its first `(`, at byte `start`), given as its
/// characters and their byte offsets.
fn prescan_chars(
    body: &str,
    start: usize,
    chars: impl Iterator<Item = (usize, char)>,
) -> Result<&str, SgfError> {
    let mut depth = 0usize;
    let mut nodes = 0usize;
    let mut in_value = false;
    let mut escaped = false;
    let mut closed_all = false;
    // After '(' the next thing must be a node: a tree of nothing but parentheses (millions
    // of them cost the parser hundreds of megabytes) is refused here.
    let mut need_node = false;
    let mut end = body.len();
    for (at, c) in chars {
        if need_node && !in_value {
            if c.is_whitespace() {
                continue;
            }
            if c == '(' || c == ')' {
                return Err(SgfError::general(ErrorKind::Syntax, format!(
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
                    return Err(SgfError::general(
                        ErrorKind::Syntax,
                        format!(
                            "not valid SGF: unmatched ')' after node {}",
                            nodes.saturating_sub(1)
                        ),
                    ))
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
                    return Err(SgfError::general(
                        ErrorKind::Syntax,
                        format!(
                            "not valid SGF: unmatched ')' after node {}",
                            nodes.saturating_sub(1)
                        ),
                    ));
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
                    return Err(SgfError::general(ErrorKind::Limit, format!(
                        "the record has more than {MAX_NODES} nodes; goishi reads at most {MAX_NODES}"
                    )));
                }
            }
            '[' => {
                if nodes == 0 {
                    return Err(SgfError::general(
                        ErrorKind::Syntax,
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
        return Err(SgfError::general(
            ErrorKind::Syntax,
            format!(
                "not valid SGF: the file ends inside a property value of node {last} (truncated?)"
            ),
        ));
    }
    if depth > 0 && !closed_all {
        return Err(SgfError::general(ErrorKind::Syntax, format!(
            "not valid SGF: the file ends after node {last} with {depth} game tree(s) left open (truncated?)"
        )));
    }
    if nodes == 0 {
        return Err(SgfError::general(
            ErrorKind::Syntax,
            "not valid SGF: the game tree has no node",
        ));
    }
    Ok(body)
}

/// The points of a grid board by their SGF coordinates, the board's shape read once per
/// record ([`point_on`] reads it per point).
#[derive(Clone, Copy)]
struct Grid {
    width: u32,
    height: u32,
    /// Whether the board is a grid (not a graph), where `Geometry::at` finds points.
    grid: bool,
    /// Whether `[tt]` is a pass ([`tt_is_pass`]).
    tt_pass: bool,
}

impl Grid {
    fn of(geometry: &Geometry) -> Grid {
        Grid {
            width: geometry.width(),
            height: geometry.height(),
            grid: geometry.at(0, 0).is_some(),
            tt_pass: tt_is_pass(geometry),
        }
    }

    /// The point a move at `p` is placed on, when `p` is on a grid board and not `[tt]` as
    /// a pass: what [`record_move`] makes of it, `None` when it makes something else.
    #[inline]
    fn place(self, p: &SgfPoint) -> Option<Point> {
        let (x, y) = (u32::from(p.x), u32::from(p.y));
        let tt = p.x == 19 && p.y == 19 && self.tt_pass;
        (self.grid && x < self.width && y < self.height && !tt)
            .then(|| Point::new(((self.height - 1 - y) * self.width + x) as usize))
    }

    /// [`point_on`]: the same answer, without a call for a point of a grid board.
    #[inline]
    fn point(self, geometry: &Geometry, p: &SgfPoint) -> Result<Point, PointError> {
        let (x, y) = (u32::from(p.x), u32::from(p.y));
        if self.grid && x < self.width && y < self.height {
            // As `Geometry::at` numbers them: row by row from the bottom.
            Ok(Point::new(
                ((self.height - 1 - y) * self.width + x) as usize,
            ))
        } else {
            point_on(geometry, p)
        }
    }
}

/// The point of a parsed SGF point on `geometry`.
fn point_on(geometry: &Geometry, p: &SgfPoint) -> Result<Point, PointError> {
    // A point of a grid board, without going through its name (SGF rows count from the top).
    let row = geometry.height().checked_sub(1 + u32::from(p.y));
    if let Some(point) = row.and_then(|row| geometry.at(u32::from(p.x), row)) {
        return Ok(point);
    }
    let letters = sgf_point_letters(p);
    // Two ASCII letters (or `?`), so always UTF-8.
    geometry.parse_sgf_coord(std::str::from_utf8(&letters).unwrap_or("??"))
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

/// The rules of an `RU` text: a copy of those of the last record this thread read with the
/// same text (the records of a collection or a stream mostly have one `RU`).
fn record_rules(text: &str) -> Result<goishi::Rules, goishi::RulesError> {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(String, goishi::Rules)>> =
            const { std::cell::RefCell::new(None) };
    }
    let cached = LAST.with(|last| match &*last.borrow() {
        Some((t, rules)) if t == text => Some(rules.clone()),
        _ => None,
    });
    if let Some(rules) = cached {
        return Ok(rules);
    }
    let rules = goishi::registry().parse_rules(text)?;
    // Rules naming a graph board file are read again each time, as their geometry is.
    if !matches!(rules.board_kind(), goishi::BoardKind::Graph(_)) {
        LAST.with(|last| *last.borrow_mut() = Some((text.to_owned(), rules.clone())));
    }
    Ok(rules)
}

/// Parses the text of an SGF file into a record: its first game tree.
pub fn parse_record(text: &str, choice: &RulesChoice) -> Result<Record, SgfError> {
    first_record(parse_collection(text, choice)?)
}

/// The first game tree of a collection (an error of its own, or "no game tree").
pub(crate) fn first_record(collection: Vec<Result<Record, SgfError>>) -> Result<Record, SgfError> {
    collection.into_iter().next().unwrap_or_else(|| {
        Err(SgfError::general(
            ErrorKind::Syntax,
            "not valid SGF: no game tree",
        ))
    })
}

/// Parses every game tree of an SGF file (a collection). A syntax error fails the whole
/// file; a record that is not valid fails on its own.
pub fn parse_collection(
    text: &str,
    choice: &RulesChoice,
) -> Result<Vec<Result<Record, SgfError>>, SgfError> {
    if let Some((body, line)) = plain_line(text) {
        // One tree of plain nodes: the same properties without `sgf-parse`'s tree.
        return Ok(vec![build_record(&line, (body, 0), choice, 1)]);
    }
    parse_trees(prescan(text)?, choice)
}

/// The plain main line of `text` ([`crate::main_line`]) when it has one within
/// [`MAX_NODES`] nodes, with the text from its `(`. Such a text passes [`prescan`] (one
/// tree, its values closed, a node first), so it is not scanned twice.
fn plain_line(text: &str) -> Option<(&str, MainLine)> {
    let body = &text[text.find('(')?..];
    let line = plain_main_line(body)?;
    (line.count() <= MAX_NODES).then_some((body, line))
}

/// Checks that the plain main line ([`crate::main_line`]) reads `text` as `sgf-parse`'s
/// tree does: `Ok(true)` when it applies and both give the same records or the same error,
/// `Ok(false)` when it does not apply (the text is read by `sgf-parse` alone), `Err` saying
/// how they differ. Not a way to read records ([`parse_collection`] is): the crate's tests
/// and the libFuzzer `sgf` target call it.
#[doc(hidden)]
pub fn fast_path_mismatch(text: &str, choice: &RulesChoice) -> Result<bool, String> {
    let Some((body, line)) = plain_line(text) else {
        return Ok(false);
    };
    let fast = Ok(vec![build_record(&line, (body, 0), choice, 1)]);
    let slow = prescan(text).and_then(|body| parse_trees(body, choice));
    if fast == slow {
        Ok(true)
    } else {
        Err(format!(
            "{text:?}\nthe plain main line reads {fast:?}\nsgf-parse reads {slow:?}"
        ))
    }
}

/// Reads every game tree of `body` (a prescanned text) through `sgf-parse`'s tree.
fn parse_trees(
    body: &str,
    choice: &RulesChoice,
) -> Result<Vec<Result<Record, SgfError>>, SgfError> {
    let trees = sgf_parse::parse(body).map_err(|e| {
        SgfError::general(ErrorKind::Syntax, match e {
            sgf_parse::SgfParseError::UnexpectedProperty => {
                "not valid SGF: GM given twice in a root node, or a property before the `;` of a node".to_owned()
            }
            e => format!("not valid SGF: {e}"),
        })
    })?;
    let games = trees.len();
    Ok(trees
        .into_iter()
        .enumerate()
        .map(|(i, tree)| match tree {
            GameTree::GoGame(root) => {
                let nodes: Vec<&[Prop]> = root
                    .main_variation()
                    .map(|node| node.properties.as_slice())
                    .collect();
                let result = build_record(nodes.as_slice(), (body, i), choice, games);
                dismantle(root);
                result
            }
            GameTree::Unknown(root) => {
                let gm = root
                    .get_property("GM")
                    .map_or_else(|| "GM[?]".to_owned(), |p| p.to_string());
                dismantle(root);
                Err(SgfError::in_property(
                    ErrorKind::NotGo,
                    0,
                    "GM",
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

/// Whether the record builder drops `prop` in the root (the writer generates it):
/// whether its identifier is one of [`GENERATED_ROOT`], without making the identifier.
fn generated_in_root(prop: &Prop) -> bool {
    match prop {
        Prop::Unknown(id, _) | Prop::Invalid(id, _) => GENERATED_ROOT.contains(&id.as_str()),
        Prop::FF(_)
        | Prop::GM(_)
        | Prop::CA(_)
        | Prop::AP(_)
        | Prop::SZ(_)
        | Prop::RU(_)
        | Prop::KM(_)
        | Prop::HA(_)
        | Prop::PL(_)
        | Prop::AB(_)
        | Prop::AW(_)
        | Prop::AE(_)
        | Prop::RE(_) => true,
        _ => false,
    }
}

/// A move property's move and its text as written: a pass, `[tt]` on a board up to 19x19,
/// or a point (or why it is not on the board).
#[inline(never)]
fn record_move(
    id: &str,
    m: &SgfMove,
    geometry: &Geometry,
    grid: Grid,
) -> (Result<Move, PointError>, MoveText) {
    match m {
        SgfMove::Pass => (Ok(Move::Pass), MoveText::new(id, &[])),
        SgfMove::Move(sp) => {
            let text = MoveText::new(id, &sgf_point_letters(sp));
            if sp.x == 19 && sp.y == 19 && tt_is_pass(geometry) {
                (Ok(Move::Pass), text)
            } else {
                (grid.point(geometry, sp).map(Move::Place), text)
            }
        }
    }
}

/// The record of a main line (never empty; its root a node of properties); `source` the
/// text it was read from (from its first `(`) and the tree's index there, for the errors
/// that quote a value as written.
fn build_record<N: Nodes + ?Sized>(
    nodes: &N,
    source: (&str, usize),
    choice: &RulesChoice,
    games: usize,
) -> Result<Record, SgfError> {
    let root = match nodes.node(0) {
        Node::Props(props) => props,
        // Never made (a move in the root is one of its properties).
        Node::Move(..) => &[],
    };
    // Rules, size and komi from the root.
    let mut size = None;
    let mut ru: Option<&str> = None;
    let mut km = None;
    let mut handicap = 0u32;
    let mut result = None;
    for prop in root {
        match prop {
            Prop::SZ((w, h)) => size = Some((u32::from(*w), u32::from(*h))),
            Prop::RU(t) => ru = Some(&t.text),
            Prop::KM(k) => km = Some(*k),
            Prop::HA(h) => handicap = u32::try_from(*h).unwrap_or(0),
            // sgf-parse reads only HA[2] and more: HA[0] and HA[1] (no handicap, as many
            // servers write) are kept as no handicap; anything else is refused below.
            Prop::Invalid(id, values)
                if id == "HA"
                    && matches!(values.as_slice(), [v] if matches!(v.trim(), "0" | "1")) => {}
            Prop::RE(t) => result = Some(t.text.trim().to_owned()),
            Prop::GM(g) if *g != 1 => {
                return Err(SgfError::in_property(
                    ErrorKind::NotGo,
                    0,
                    "GM",
                    format!("GM[{g}]: not a Go-family record"),
                ))
            }
            Prop::Invalid(id, values)
                if matches!(id.as_str(), "SZ" | "KM" | "RU" | "GM" | "HA") =>
            {
                let text = values.join("][");
                // A size too large for sgf-parse's reader is out of range, as one it reads.
                let message = match goishi::parse_size(&text) {
                    Err(e @ goishi::GeometryError::SizeOutOfRange { .. }) if id == "SZ" => {
                        format!("SZ: {e}")
                    }
                    _ => format!("invalid {id}[{}]", goishi::shorten(&text)),
                };
                return Err(SgfError::in_property(ErrorKind::BadValue, 0, id, message));
            }
            _ => {}
        }
    }
    let mut rules = match (&choice.force, ru) {
        (Some(f), _) => f.rules.clone(),
        (None, Some(text)) => record_rules(text).map_err(|e| {
            SgfError::in_property(ErrorKind::Rules, 0, "RU", format!("RU[{text}]: {e}"))
        })?,
        (None, None) => choice.fallback.clone(),
    };
    let komi_forced = choice
        .force
        .as_ref()
        .is_some_and(|f| f.rules.is_explicit("komi"));
    if let Some(k) = km.filter(|_| !komi_forced) {
        if rules.get("komi").is_some() {
            // Quoted as written when refused: `sgf-parse` reads `KM[1e999]` as infinity.
            rules
                .set("komi", &format!("{k}"))
                .map_err(|e| raw::komi_error(e, source, k))?;
        }
    }
    // The board is SZ's, else the rules' size=, else the variant's default; SZ is the
    // record's fact, and rules naming another size (`RU`, or `--rules`) contradict it.
    let geometry = rules.geometry(size).map_err(|e| {
        if let goishi::GeometryError::SizeConflict { named, asked } = e {
            let written = raw::root_value(source.0, source.1, "SZ").map_or(asked, goishi::shorten);
            return SgfError::in_property(
                ErrorKind::Rules,
                0,
                "SZ",
                format!(
                    "SZ[{written}] and the rules' size={named} differ: a record is played on \
                     its SZ (give the rules no size)"
                ),
            );
        }
        // A graph board comes from the rules (its file is read relative to the current
        // folder); any other from SZ or the variant's default size.
        let (from, property) = if matches!(rules.board_kind(), goishi::BoardKind::Graph(_)) {
            ("the rules' graph board", "RU")
        } else {
            ("SZ", "SZ")
        };
        SgfError::in_property(ErrorKind::BadValue, 0, property, format!("{from}: {e}"))
    })?;
    // A graph board is the rules' graph: a record of another board (its SZ) is not its game.
    if let Some(asked) = size.filter(|_| *geometry.topology() == goishi::Topology::Graph) {
        let graph = (geometry.width(), geometry.height());
        if asked != graph {
            let sz = |(w, h): (u32, u32)| {
                if w == h {
                    w.to_string()
                } else {
                    format!("{w}:{h}")
                }
            };
            let written = raw::root_value(source.0, source.1, "SZ")
                .map_or_else(|| sz(asked), goishi::shorten);
            return Err(SgfError::in_property(
                ErrorKind::Rules,
                0,
                "SZ",
                format!(
                    "SZ[{written}] is not the rules' graph board of {} points (SZ[{}]): \
                     the record is of another board",
                    geometry.num_points(),
                    sz(graph)
                ),
            ));
        }
    }
    // The size is held apart from the rules (in the geometry).
    rules.take_size();

    let mut board = Board::new(geometry.clone());
    let grid = Grid::of(&geometry);
    let mut to_move = None;
    // Most nodes of a record hold a move.
    let mut moves: Vec<RecordMove> = Vec::with_capacity(nodes.count());
    let mut extras = Extras {
        nodes: Vec::with_capacity(nodes.count()),
        ..Extras::default()
    };

    for i in 0..nodes.count() {
        let node = match nodes.node(i) {
            Node::Props(props) => props,
            Node::Move(color, m) => {
                // What the rest of this loop does with a node holding one move property and
                // nothing else, after the root.
                let id = match color {
                    Color::Black => "B",
                    Color::White => "W",
                };
                let (mv, text) = match m {
                    SgfMove::Move(sp) => match grid.place(&sp) {
                        Some(p) => (
                            Ok(Move::Place(p)),
                            MoveText::new(id, &sgf_point_letters(&sp)),
                        ),
                        None => record_move(id, &m, &geometry, grid),
                    },
                    SgfMove::Pass => record_move(id, &m, &geometry, grid),
                };
                let record_move = RecordMove {
                    color,
                    mv,
                    node: i,
                    text,
                };
                extras.nodes.push(NodeExtras {
                    move_index: Some(moves.len()),
                    turn: record_move.turn(),
                    props: Vec::new(),
                });
                moves.push(record_move);
                continue;
            }
        };
        let mut move_prop: Option<(Color, &SgfMove, &str)> = None;
        let mut setup_ids: Vec<&str> = Vec::new();
        let mut kept: Vec<Prop> = Vec::new();
        for prop in node {
            // `sgf-parse` takes any ASCII text before '[' as an identifier; written back, a
            // text such as "" or ":13]" would make the values join another property.
            if let Prop::Unknown(id, _) | Prop::Invalid(id, _) = prop {
                if id.is_empty() {
                    // The parser keeps the upper-case letters of an identifier (FF[3]'s
                    // `AddBlack` is `AB`): one written in lower case only has none left.
                    return Err(SgfError::at(
                        ErrorKind::Syntax,
                        i,
                        "not valid SGF: a property identifier in lower case (such as ff or b); FF[4] identifiers are upper case",
                    ));
                }
                if !id.bytes().all(|b| b.is_ascii_alphabetic()) {
                    return Err(SgfError::at(
                        ErrorKind::Syntax,
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
                        return Err(SgfError::in_property(
                            ErrorKind::Misplaced,
                            i,
                            id,
                            format!("two moves ({other} and {id}) in one node"),
                        ));
                    }
                    move_prop = Some((color, m, id));
                }
                Prop::Invalid(id, values) if id == "B" || id == "W" => {
                    return Err(SgfError::in_property(
                        ErrorKind::BadValue,
                        i,
                        id,
                        format!(
                            "invalid move {id}[{}]; expected two letters a-z or A-Z, or [] for a pass",
                            values.join("][")
                        ),
                    ));
                }
                Prop::Invalid(id, values) if matches!(id.as_str(), "AB" | "AW" | "AE" | "PL") => {
                    return Err(SgfError::in_property(
                        ErrorKind::BadValue,
                        i,
                        id,
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
                        if !generated_in_root(prop) {
                            kept.push(prop.clone());
                        }
                    } else if !matches!(
                        prop,
                        Prop::SZ(_) | Prop::RU(_) | Prop::KM(_) | Prop::GM(_) | Prop::FF(_)
                    ) {
                        kept.push(prop.clone());
                    } else {
                        return Err(SgfError::in_property(
                            ErrorKind::Misplaced,
                            i,
                            &prop_id(prop),
                            format!("root property {} outside the root node", prop_text(prop)),
                        ));
                    }
                }
            }
        }
        if let (Some((_, _, id)), Some(setup)) = (move_prop, setup_ids.first()) {
            return Err(SgfError::in_property(
                ErrorKind::Misplaced,
                i,
                setup,
                format!("setup property {setup} on a move node ({id}); setup and moves must be in separate nodes"),
            ));
        }
        if !setup_ids.is_empty() && !moves.is_empty() {
            return Err(SgfError::in_property(
                ErrorKind::Misplaced,
                i,
                setup_ids[0],
                format!(
                    "setup property {} after the first move; goishi replays setups before the first move only",
                    setup_ids[0]
                ),
            ));
        }
        // Setup stones, in file order of the properties; FF[4] gives a point one setup
        // property a node (`AB[ee]AW[ee]` is refused, not read as the last one).
        let mut set_by: Vec<Option<&'static str>> = Vec::new();
        for prop in node {
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
                let p = point_on(&geometry, &sp).map_err(|e| {
                    SgfError::in_property(
                        ErrorKind::BadValue,
                        i,
                        id,
                        format!("{id}[{}]: {e}", sgf_point_name(&sp)),
                    )
                })?;
                if set_by.is_empty() {
                    set_by.resize(geometry.num_points(), None);
                }
                if let Some(other) = set_by[p.index()] {
                    return Err(SgfError::in_property(
                        ErrorKind::BadValue,
                        i,
                        id,
                        format!(
                            "{id}[{}]: the point is in {other} of the same node too; a point \
                             has one setup property a node",
                            sgf_point_name(&sp)
                        ),
                    ));
                }
                set_by[p.index()] = Some(id);
                board.set(p, stone);
            }
        }
        let mut node_extras = NodeExtras {
            move_index: None,
            turn: None,
            props: kept,
        };
        if let Some((color, m, id)) = move_prop {
            let (mv, text) = record_move(id, m, &geometry, grid);
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

#[cfg(test)]
mod tests {
    use super::*;
    use sgf_parse::SgfProp;

    #[test]
    fn generated_root_properties_are_told_by_their_identifier() {
        let ids = [
            "FF", "GM", "CA", "AP", "SZ", "RU", "KM", "HA", "PL", "AB", "AW", "AE", "RE", "GC",
            "C", "PB", "DT", "XX", "TB", "MA",
        ];
        for id in ids {
            for values in [vec!["4"], vec!["x"], vec!["aa"], vec!["B"], vec!["1", "2"]] {
                let prop = Prop::new(
                    id.to_owned(),
                    values.iter().map(|v| v.to_string()).collect(),
                );
                assert_eq!(
                    generated_in_root(&prop),
                    GENERATED_ROOT.contains(&prop_id(&prop).as_str()),
                    "{prop:?}"
                );
            }
        }
    }
}
