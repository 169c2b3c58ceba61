//! The record of a main line: the root's facts (the rules, the board, the komi, the handicap,
//! the result), then node by node the setup stones, the moves and the properties kept for the
//! writer, then the handicap stones written as Black's first moves turned into setup stones.
//! The nodes come from either reader of [`crate::read`] (`sgf-parse`'s tree or the plain main
//! line), through [`Nodes`].

use goishi::{Board, Color, Geometry, Move, Point, PointError, Rules, Setup};
use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};

use crate::error::{ErrorKind, SgfError};
use crate::main_line::{Node, Nodes};
use crate::props::{prop_id, prop_text, sgf_point_letters, sgf_point_name};
use crate::raw;
use crate::record::{Extras, MoveText, NodeExtras, Record, RecordMove, RulesChoice};

/// Identifiers the writer generates in the root; the reader does not keep them as extras.
const GENERATED_ROOT: &[&str] = &[
    "FF", "GM", "CA", "AP", "SZ", "RU", "KM", "HA", "PL", "AB", "AW", "AE", "RE",
];

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
pub(crate) fn build_record<N: Nodes + ?Sized>(
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
    let facts = RootFacts::read(root)?;
    let mut rules = record_rules_with_komi(&facts, choice, source)?;
    let geometry = record_board(&rules, facts.size, source)?;
    // The size is held apart from the rules (in the geometry).
    rules.take_size();
    let mut line = MainLineRecord::new(geometry, nodes.count());
    for i in 0..nodes.count() {
        match nodes.node(i) {
            Node::Props(props) => line.read_node(i, props)?,
            Node::Move(color, m) => line.push_lone_move(i, color, &m),
        }
    }
    Ok(line.finish(rules, facts, games))
}

/// What the root says of the whole record: `SZ`, `RU`, `KM`, `HA` and `RE`.
struct RootFacts<'a> {
    size: Option<(u32, u32)>,
    ru: Option<&'a str>,
    km: Option<f64>,
    handicap: u32,
    result: Option<String>,
}

impl<'a> RootFacts<'a> {
    /// Reads the root's properties; a `GM` other than 1 and a value of `SZ`, `KM`, `RU`,
    /// `GM` or `HA` that `sgf-parse` could not read are errors (the first in file order).
    fn read(root: &'a [Prop]) -> Result<RootFacts<'a>, SgfError> {
        let mut facts = RootFacts {
            size: None,
            ru: None,
            km: None,
            handicap: 0,
            result: None,
        };
        for prop in root {
            match prop {
                Prop::SZ((w, h)) => facts.size = Some((u32::from(*w), u32::from(*h))),
                Prop::RU(t) => facts.ru = Some(&t.text),
                Prop::KM(k) => facts.km = Some(*k),
                Prop::HA(h) => facts.handicap = u32::try_from(*h).unwrap_or(0),
                // sgf-parse reads only HA[2] and more: HA[0] and HA[1] (no handicap, as many
                // servers write) are kept as no handicap; anything else is refused below.
                Prop::Invalid(id, values)
                    if id == "HA"
                        && matches!(values.as_slice(), [v] if matches!(v.trim(), "0" | "1")) => {}
                Prop::RE(t) => facts.result = Some(t.text.trim().to_owned()),
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
                    return Err(invalid_root_value(id, values));
                }
                _ => {}
            }
        }
        Ok(facts)
    }
}

/// The error of a root property whose value `sgf-parse` could not read.
fn invalid_root_value(id: &str, values: &[String]) -> SgfError {
    let text = values.join("][");
    // A size too large for sgf-parse's reader is out of range, as one it reads.
    let message = match goishi::parse_size(&text) {
        Err(e @ goishi::GeometryError::SizeOutOfRange { .. }) if id == "SZ" => {
            format!("SZ: {e}")
        }
        _ => format!("invalid {id}[{}]", goishi::shorten(&text)),
    };
    SgfError::in_property(ErrorKind::BadValue, 0, id, message)
}

/// The record's rules: the forced ones, else `RU`'s, else the fallback; with `KM` as their
/// komi (when they have one) unless the forced rules name their own.
fn record_rules_with_komi(
    facts: &RootFacts<'_>,
    choice: &RulesChoice,
    source: (&str, usize),
) -> Result<Rules, SgfError> {
    let mut rules = match (&choice.force, facts.ru) {
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
    if let Some(k) = facts.km.filter(|_| !komi_forced) {
        if rules.get("komi").is_some() {
            // Quoted as written when refused: `sgf-parse` reads `KM[1e999]` as infinity.
            rules
                .set("komi", &format!("{k}"))
                .map_err(|e| raw::komi_error(e, source, k))?;
        }
    }
    Ok(rules)
}

/// The record's board: `SZ`'s, else the rules' `size=`, else the variant's default; `SZ` is
/// the record's fact, and rules naming another size (`RU`, or `--rules`) contradict it. A
/// graph board is the rules' graph, and a record of another board (its `SZ`) is not its game.
fn record_board(
    rules: &Rules,
    size: Option<(u32, u32)>,
    source: (&str, usize),
) -> Result<Geometry, SgfError> {
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
    if let Some(asked) = size.filter(|_| *geometry.topology() == goishi::Topology::Graph) {
        check_graph_size(&geometry, asked, source)?;
    }
    Ok(geometry)
}

/// `Ok` when `asked` (the record's `SZ`) is the size of the rules' graph board.
fn check_graph_size(
    geometry: &Geometry,
    asked: (u32, u32),
    source: (&str, usize),
) -> Result<(), SgfError> {
    let graph = (geometry.width(), geometry.height());
    if asked == graph {
        return Ok(());
    }
    let sz = |(w, h): (u32, u32)| {
        if w == h {
            w.to_string()
        } else {
            format!("{w}:{h}")
        }
    };
    let written =
        raw::root_value(source.0, source.1, "SZ").map_or_else(|| sz(asked), goishi::shorten);
    Err(SgfError::in_property(
        ErrorKind::Rules,
        0,
        "SZ",
        format!(
            "SZ[{written}] is not the rules' graph board of {} points (SZ[{}]): \
             the record is of another board",
            geometry.num_points(),
            sz(graph)
        ),
    ))
}

/// A record being read node by node: the board of its setup stones, the side to move its
/// `PL` names, its moves and what the writer writes back.
struct MainLineRecord {
    geometry: Geometry,
    grid: Grid,
    board: Board,
    to_move: Option<Color>,
    moves: Vec<RecordMove>,
    extras: Extras,
}

/// The properties of one node, sorted: its move property (colour, move, identifier), the
/// identifiers of its setup properties, and the others, kept for the writer.
struct SortedNode<'p> {
    mv: Option<(Color, &'p SgfMove, &'static str)>,
    setup_ids: Vec<&'static str>,
    kept: Vec<Prop>,
}

impl MainLineRecord {
    fn new(geometry: Geometry, nodes: usize) -> MainLineRecord {
        MainLineRecord {
            board: Board::new(geometry.clone()),
            grid: Grid::of(&geometry),
            geometry,
            to_move: None,
            // Most nodes of a record hold a move.
            moves: Vec::with_capacity(nodes),
            extras: Extras {
                nodes: Vec::with_capacity(nodes),
                ..Extras::default()
            },
        }
    }

    /// A node after the root holding one move property and nothing else: what
    /// [`MainLineRecord::read_node`] does with it, without the properties.
    fn push_lone_move(&mut self, i: usize, color: Color, m: &SgfMove) {
        let id = match color {
            Color::Black => "B",
            Color::White => "W",
        };
        let (mv, text) = match m {
            SgfMove::Move(sp) => match self.grid.place(sp) {
                Some(p) => (
                    Ok(Move::Place(p)),
                    MoveText::new(id, &sgf_point_letters(sp)),
                ),
                None => record_move(id, m, &self.geometry, self.grid),
            },
            SgfMove::Pass => record_move(id, m, &self.geometry, self.grid),
        };
        let record_move = RecordMove {
            color,
            mv,
            node: i,
            text,
        };
        self.extras.nodes.push(NodeExtras {
            move_index: Some(self.moves.len()),
            turn: record_move.turn(),
            props: Vec::new(),
        });
        self.moves.push(record_move);
    }

    /// Node `i` (the root is node 0): its setup stones and `PL`, its move, and its other
    /// properties kept for the writer.
    fn read_node(&mut self, i: usize, node: &[Prop]) -> Result<(), SgfError> {
        let sorted = sort_node(i, node)?;
        if let (Some((_, _, id)), Some(setup)) = (sorted.mv, sorted.setup_ids.first()) {
            return Err(SgfError::in_property(
                ErrorKind::Misplaced,
                i,
                setup,
                format!("setup property {setup} on a move node ({id}); setup and moves must be in separate nodes"),
            ));
        }
        if !sorted.setup_ids.is_empty() && !self.moves.is_empty() {
            return Err(SgfError::in_property(
                ErrorKind::Misplaced,
                i,
                sorted.setup_ids[0],
                format!(
                    "setup property {} after the first move; goishi replays setups before the first move only",
                    sorted.setup_ids[0]
                ),
            ));
        }
        self.place_setup(i, node)?;
        let mut node_extras = NodeExtras {
            move_index: None,
            turn: None,
            props: sorted.kept,
        };
        if let Some((color, m, id)) = sorted.mv {
            let (mv, text) = record_move(id, m, &self.geometry, self.grid);
            let record_move = RecordMove {
                color,
                mv,
                node: i,
                text,
            };
            node_extras.move_index = Some(self.moves.len());
            node_extras.turn = record_move.turn();
            self.moves.push(record_move);
        }
        if i == 0 {
            self.extras.root = node_extras.props;
            if node_extras.move_index.is_some() {
                // A move in the root node: written back in a node of its own.
                self.extras.nodes.push(NodeExtras {
                    move_index: node_extras.move_index,
                    turn: node_extras.turn,
                    props: Vec::new(),
                });
            }
        } else {
            self.extras.nodes.push(node_extras);
        }
        Ok(())
    }

    /// The setup stones of node `i`, in file order of its properties, and its `PL`; FF[4]
    /// gives a point one setup property a node (`AB[ee]AW[ee]` is refused, not read as the
    /// last one).
    fn place_setup(&mut self, i: usize, node: &[Prop]) -> Result<(), SgfError> {
        let mut set_by: Vec<Option<&'static str>> = Vec::new();
        for prop in node {
            let (points, stone) = match prop {
                Prop::AB(p) => (p, Some(Color::Black)),
                Prop::AW(p) => (p, Some(Color::White)),
                Prop::AE(p) => (p, None),
                Prop::PL(c) => {
                    self.to_move = Some(color_of(c));
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
                let p = point_on(&self.geometry, &sp).map_err(|e| {
                    SgfError::in_property(
                        ErrorKind::BadValue,
                        i,
                        id,
                        format!("{id}[{}]: {e}", sgf_point_name(&sp)),
                    )
                })?;
                if set_by.is_empty() {
                    set_by.resize(self.geometry.num_points(), None);
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
                self.board.set(p, stone);
            }
        }
        Ok(())
    }

    /// The record: the handicap stones written as moves made setup stones, and the side to
    /// move without `PL`: the colour of the first move, else White after handicap stones (most
    /// programs write no `PL` in a handicap game), else Black.
    fn finish(mut self, rules: Rules, facts: RootFacts<'_>, games: usize) -> Record {
        let handicap = facts.handicap;
        self.extras.result = facts.result.clone();
        handicap_moves_as_setup(handicap, &mut self.board, &mut self.moves, &mut self.extras);
        let to_move = self
            .to_move
            .or_else(|| self.moves.first().map(|m| m.color))
            .unwrap_or(if handicap >= 2 {
                Color::White
            } else {
                Color::Black
            });
        let setup = Setup {
            rules,
            board: self.board,
            to_move,
            handicap: if handicap >= 2 { handicap } else { 0 },
        };
        Record {
            setup,
            moves: self.moves,
            result: facts.result,
            extras: self.extras,
            games,
        }
    }
}

/// The properties of node `i` sorted out ([`SortedNode`]); an identifier that is not
/// letters, two moves, a move or setup value that `sgf-parse` could not read and a root
/// property outside the root are errors.
fn sort_node(i: usize, node: &[Prop]) -> Result<SortedNode<'_>, SgfError> {
    let mut sorted = SortedNode {
        mv: None,
        setup_ids: Vec::new(),
        kept: Vec::new(),
    };
    for prop in node {
        check_identifier(i, prop)?;
        match prop {
            Prop::B(m) | Prop::W(m) => {
                let (color, id) = if matches!(prop, Prop::B(_)) {
                    (Color::Black, "B")
                } else {
                    (Color::White, "W")
                };
                if let Some((_, _, other)) = sorted.mv {
                    return Err(SgfError::in_property(
                        ErrorKind::Misplaced,
                        i,
                        id,
                        format!("two moves ({other} and {id}) in one node"),
                    ));
                }
                sorted.mv = Some((color, m, id));
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
                sorted.setup_ids.push(match prop {
                    Prop::AB(_) => "AB",
                    Prop::AW(_) => "AW",
                    Prop::AE(_) => "AE",
                    _ => "PL",
                });
            }
            _ => {
                if i == 0 {
                    if !generated_in_root(prop) {
                        sorted.kept.push(prop.clone());
                    }
                } else if !matches!(
                    prop,
                    Prop::SZ(_) | Prop::RU(_) | Prop::KM(_) | Prop::GM(_) | Prop::FF(_)
                ) {
                    sorted.kept.push(prop.clone());
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
    Ok(sorted)
}

/// `Ok` unless `prop` of node `i` has an identifier that would not write back as itself:
/// `sgf-parse` takes any ASCII text before '[' as an identifier, and written back, a text
/// such as "" or ":13]" would make the values join another property.
fn check_identifier(i: usize, prop: &Prop) -> Result<(), SgfError> {
    let (Prop::Unknown(id, _) | Prop::Invalid(id, _)) = prop else {
        return Ok(());
    };
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
    Ok(())
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
