//! Writing: a game (a position's setup and moves) to SGF text. The root gets `FF`, `GM[1]`,
//! `CA[UTF-8]`, `AP`, `SZ`, `RU` (the rules without their size and komi), `KM`, `HA`, `PL`
//! and the setup stones; each move a node of its own. While the game follows the record it
//! was read from, the record's other properties are written back in their nodes
//! ([`WriteOptions::extras`]), and its `RE` when the game is the whole record.

use goishi::{Color, Geometry, Move, Point, Position, Turn};
use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::SimpleText;

use crate::error::WriteError;
use crate::props::{prop_id, prop_text, sgf_point_name};
use crate::record::Extras;

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
    /// Passes played after the end of the game, in order (game controllers forward a pass
    /// after the end: go-rules.md section 4): written as moves after the game's own, as
    /// [`Record::replay_game`](crate::Record::replay_game) reads them back.
    pub after_end: &'a [Color],
}

/// Converts a point to a parsed SGF point.
fn sgf_point(geometry: &Geometry, p: Point) -> Result<SgfPoint, WriteError> {
    if geometry.width() > 52 || geometry.height() > 52 {
        return Err(WriteError::BoardTooLarge {
            board: geometry.describe(),
        });
    }
    geometry
        .sgf_coord(p)
        .and_then(|c| c.parse::<SgfPoint>().ok())
        .ok_or_else(|| WriteError::NoCoordinate {
            point: geometry.point_name(p),
        })
}

fn move_prop(geometry: &Geometry, turn: Turn) -> Result<Option<Prop>, WriteError> {
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

fn point_list(geometry: &Geometry, id: &str, points: &[Point]) -> Result<Prop, WriteError> {
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
///
/// # Errors
///
/// [`WriteError::BoardTooLarge`] for boards over 52 points a side; the others only for
/// points without an SGF name or rules whose komi cannot be written.
pub fn write_game(
    position: &dyn Position,
    options: &WriteOptions<'_>,
) -> Result<String, WriteError> {
    let setup = position.setup();
    let geometry = position.geometry();
    let rules = position.rules();
    let (w, h) = (geometry.width(), geometry.height());
    if w > 52 || h > 52 {
        return Err(WriteError::BoardTooLarge {
            board: geometry.describe(),
        });
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
            ru.set("komi", default)?;
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
    // the rest of the game, then the passes after its end.
    let mut history = position.history().to_vec();
    history.extend(options.after_end.iter().map(|&color| Turn {
        color,
        mv: Move::Pass,
    }));
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
            if !(matches!(p, Prop::GC(_)) && options.comment.is_some()) && prop_id(p) != "RE" {
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
