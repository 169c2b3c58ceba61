//! Writing: a game (a position's setup and moves) to SGF text, node by node, without
//! building a tree of properties. The root gets `FF`, `GM[1]`, `CA[UTF-8]`, `AP`, `SZ`, `RU`
//! (the rules without their size and komi), `KM`, `HA`, `PL` and the setup stones; each move
//! a node of its own. While the game follows the record it was read from, the record's other
//! properties are written back in their nodes ([`WriteOptions::extras`]), and its `RE` when
//! the game is the whole record.
//!
//! [`GameWriter`] is the one writer: it computes the root's setup part and the SGF name of
//! every point once, then writes any number of games of that setup ([`GameWriter::game`],
//! then [`GameText::turn`] per move) straight into a `String`. [`write_game`] writes one
//! position through it; `goishi selfplay` keeps one writer for a whole run.

use goishi::{Color, Geometry, Move, Point, Position, Turn};
use sgf_parse::go::Prop;
use sgf_parse::SimpleText;

use crate::error::WriteError;
use crate::props::{prop_id, prop_text};
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

/// `ID[aa][bb]...` for setup stones (the board is at most 52 points a side: checked first).
fn point_list(geometry: &Geometry, id: &str, points: &[Point]) -> Result<Prop, WriteError> {
    let names = points
        .iter()
        .map(|&p| {
            geometry
                .sgf_coord(p)
                .ok_or_else(|| WriteError::NoCoordinate {
                    point: geometry.point_name(p),
                })
        })
        .collect::<Result<_, _>>()?;
    Ok(Prop::Unknown(id.to_owned(), names))
}

fn simple(text: &str) -> SimpleText {
    SimpleText {
        text: text.to_owned(),
    }
}

/// The length of a move node's text: `;B[cd]`.
const MOVE_TEXT: usize = 6;

/// A writer of SGF games of one setup: the root's properties that the setup decides
/// (`FF` ... `AW`) and the text of every move, computed once by [`GameWriter::new`]; then
/// each game is written node by node by [`GameWriter::game`], with no property tree built.
#[derive(Clone, Debug)]
pub struct GameWriter {
    /// `(;FF[4]GM[1]...` up to the setup stones.
    head: String,
    /// The node of every move of each colour, point by point: `;B[aa];B[ba]...` and
    /// `;W[aa];W[ba]...` ([`MOVE_TEXT`] bytes a point; `;B[??]` for a point without a name).
    moves: [String; 2],
    /// Why a point has no SGF name, for the points that have none.
    unnamed: Vec<Option<WriteError>>,
    /// Whether every point has a name.
    all_named: bool,
    /// The bytes of `moves`, a node's text an entry (for [`GameText::turns`]).
    nodes: [Vec<[u8; MOVE_TEXT]>; 2],
}

impl GameWriter {
    /// A writer for games from the setup of `position` (its rules, board and player to
    /// move; its moves are not read).
    ///
    /// # Errors
    ///
    /// [`WriteError::BoardTooLarge`] for boards over 52 points a side; the others for setup
    /// stones without an SGF name or rules whose komi cannot be written.
    pub fn new(position: &dyn Position) -> Result<GameWriter, WriteError> {
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
        let mut head = String::from("(;");
        for p in &root {
            head.push_str(&prop_text(p));
        }
        let points = geometry.num_points();
        let mut moves = [
            String::with_capacity(MOVE_TEXT * points),
            String::with_capacity(MOVE_TEXT * points),
        ];
        let mut unnamed = Vec::with_capacity(points);
        for i in 0..points {
            // Two ASCII letters (`?` past the 52nd), written without a string a point.
            let p = Point::new(i);
            let letters = match geometry.sgf_letters(p) {
                Some(letters) => {
                    unnamed.push(None);
                    letters
                }
                None => {
                    unnamed.push(Some(WriteError::NoCoordinate {
                        point: geometry.point_name(p),
                    }));
                    *b"??"
                }
            };
            for (text, id) in moves.iter_mut().zip([";B", ";W"]) {
                text.push_str(id);
                text.push('[');
                text.push(char::from(letters[0]));
                text.push(char::from(letters[1]));
                text.push(']');
            }
        }
        let nodes = moves.each_ref().map(|text| {
            text.as_bytes()
                .chunks_exact(MOVE_TEXT)
                .filter_map(|node| node.try_into().ok())
                .collect()
        });
        Ok(GameWriter {
            head,
            all_named: unnamed.iter().all(Option::is_none),
            moves,
            unnamed,
            nodes,
        })
    }

    /// Starts a game in `out` (appended to what it holds): the root, with `RE` when a
    /// result is given and `GC` when a comment is. Its moves follow through the
    /// [`GameText`] returned, which closes the game when finished.
    pub fn game<'w>(
        &'w self,
        out: &'w mut String,
        result: Option<&str>,
        comment: Option<&str>,
    ) -> GameText<'w> {
        out.push_str(&self.head);
        if let Some(re) = result {
            push_text_prop(out, "RE", re, || Prop::RE(simple(re)));
        }
        if let Some(c) = comment {
            push_text_prop(out, "GC", c, || {
                Prop::GC(sgf_parse::Text { text: c.to_owned() })
            });
        }
        GameText {
            writer: self,
            out,
            nodes: 0,
            in_root: true,
        }
    }
}

/// A game being written by a [`GameWriter`]: more root properties, then its nodes, then
/// [`GameText::finish`].
#[derive(Debug)]
pub struct GameText<'w> {
    writer: &'w GameWriter,
    out: &'w mut String,
    /// The nodes written after the root.
    nodes: usize,
    /// Whether the root is still open (no node written yet).
    in_root: bool,
}

impl GameText<'_> {
    /// Adds a property to the root (before the first node).
    fn root_prop(&mut self, prop: &Prop) {
        debug_assert!(self.in_root, "a root property after the first node");
        self.out.push_str(&prop_text(prop));
    }

    /// Ends the root's line before the first node, and every tenth node's.
    #[inline]
    fn line_break(&mut self) {
        if self.in_root {
            self.out.push('\n');
            self.in_root = false;
        } else if self.nodes % 10 == 0 {
            self.out.push('\n');
        }
        self.nodes += 1;
    }

    /// Opens a node of properties.
    fn open_node(&mut self) {
        self.line_break();
        self.out.push(';');
    }

    /// `B[cd]`, `W[]` for a pass, `;` before it when `node`; nothing for a resignation
    /// (written as the result).
    #[inline]
    fn move_prop(&mut self, turn: Turn, node: bool) -> Result<(), WriteError> {
        let moves = &self.writer.moves[match turn.color {
            Color::Black => 0,
            Color::White => 1,
        }];
        let skip = usize::from(!node);
        match turn.mv {
            Move::Place(p) => {
                let i = p.index();
                match self.writer.unnamed.get(i) {
                    Some(None) => {
                        let text = &moves[MOVE_TEXT * i..MOVE_TEXT * (i + 1)];
                        self.out.push_str(&text[skip..]);
                    }
                    Some(Some(e)) => return Err(e.clone()),
                    None => {
                        return Err(WriteError::NoCoordinate {
                            point: format!("point {i}"),
                        })
                    }
                }
            }
            Move::Pass => {
                // `;B[]`: the node's text up to the bracket, closed at once.
                self.out.push_str(&moves[skip..3]);
                self.out.push(']');
            }
            Move::Resign => {}
        }
        Ok(())
    }

    /// Writes a node holding the move `turn` (a resignation writes no node: it is the
    /// result).
    ///
    /// # Errors
    ///
    /// [`WriteError::NoCoordinate`] for a point without an SGF name.
    #[inline]
    pub fn turn(&mut self, turn: Turn) -> Result<(), WriteError> {
        if turn.mv == Move::Resign {
            return Ok(());
        }
        self.line_break();
        self.move_prop(turn, true)
    }

    /// Writes a node for each of `turns`, in order: the text [`GameText::turn`] writes for
    /// each, made as bytes and appended at once (a game of self-play is written this way:
    /// a fixed-size copy a move instead of a string's).
    ///
    /// # Errors
    ///
    /// [`WriteError::NoCoordinate`] for a point without an SGF name: the moves before it
    /// are written, as they are by [`GameText::turn`].
    pub fn turns(&mut self, turns: &[Turn]) -> Result<(), WriteError> {
        // The root's line break and one every ten nodes, and a node's text a move.
        let mut bytes: Vec<u8> = Vec::with_capacity(2 + (MOVE_TEXT + 1) * turns.len());
        let [black, white] = &self.writer.nodes;
        // Nodes written until the next line break (the root's ends its line at once).
        let mut until_break = if self.in_root {
            0
        } else {
            (10 - self.nodes % 10) % 10
        };
        let mut nodes = self.nodes;
        let mut written = Ok(());
        for &turn in turns {
            let place = match turn.mv {
                Move::Resign => continue,
                Move::Place(p) => Some(p.index()),
                Move::Pass => None,
            };
            if until_break == 0 {
                bytes.push(b'\n');
                until_break = 10;
            }
            until_break -= 1;
            nodes += 1;
            let table = match turn.color {
                Color::Black => black,
                Color::White => white,
            };
            let Some(i) = place else {
                // `;B[]`: the node's text up to the bracket, closed at once.
                bytes.extend_from_slice(&table[0][..3]);
                bytes.push(b']');
                continue;
            };
            match table.get(i) {
                Some(text) if self.writer.all_named || self.writer.unnamed[i].is_none() => {
                    bytes.extend_from_slice(text)
                }
                _ => {
                    written = Err(match self.writer.unnamed.get(i) {
                        Some(Some(e)) => e.clone(),
                        _ => WriteError::NoCoordinate {
                            point: format!("point {i}"),
                        },
                    });
                    break;
                }
            }
        }
        if nodes > self.nodes {
            self.in_root = false;
        }
        self.nodes = nodes;
        // Whole node texts of a string: always UTF-8.
        match std::str::from_utf8(&bytes) {
            Ok(text) => self.out.push_str(text),
            Err(_) => self.out.push_str(&String::from_utf8_lossy(&bytes)),
        }
        written
    }

    /// Writes a node with the move `turn`, if any, then `props` (a record's node: written
    /// even when it holds only a resignation, so that its other nodes keep their places).
    fn node(&mut self, turn: Option<Turn>, props: &[Prop]) -> Result<(), WriteError> {
        self.open_node();
        if let Some(t) = turn {
            self.move_prop(t, false)?;
        }
        for p in props {
            self.out.push_str(&prop_text(p));
        }
        Ok(())
    }

    /// Closes the game: `)` and a line break.
    pub fn finish(self) {
        if !self.out.ends_with('\n') {
            self.out.push('\n');
        }
        self.out.push_str(")\n");
    }
}

/// Appends `ID[text]` for a text property: verbatim when the text needs no escaping (no
/// `\\`, `]`, `:` nor line break), else as `prop` writes it.
fn push_text_prop(out: &mut String, id: &str, text: &str, prop: impl FnOnce() -> Prop) {
    if text
        .bytes()
        .any(|b| matches!(b, b'\\' | b']' | b':' | b'\n' | b'\r'))
    {
        out.push_str(&prop_text(&prop()));
    } else {
        out.push_str(id);
        out.push('[');
        out.push_str(text);
        out.push(']');
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
    let writer = GameWriter::new(position)?;
    // The nodes of the record read while the game follows it, then the rest of the game,
    // then the passes after its end.
    let mut history = position.history().to_vec();
    history.extend(options.after_end.iter().map(|&color| Turn {
        color,
        mv: Move::Pass,
    }));
    let mut follows = 0usize;
    let mut whole_record = options.extras.is_some();
    if let Some(extras) = options.extras {
        for node in &extras.nodes {
            if node.move_index.is_some() {
                if follows < history.len() && node.turn == Some(history[follows]) {
                    follows += 1;
                } else {
                    whole_record = false;
                    break;
                }
            }
        }
    }
    whole_record &= follows == history.len();
    let result = match (&options.result, options.extras) {
        (Some(r), _) => Some(r.as_str()),
        (None, Some(extras)) if whole_record => extras.result.as_deref(),
        _ => None,
    };
    let mut out = String::new();
    let mut game = writer.game(&mut out, result, options.comment.as_deref());
    let mut next = 0usize;
    if let Some(extras) = options.extras {
        for p in &extras.root {
            if !(matches!(p, Prop::GC(_)) && options.comment.is_some()) && prop_id(p) != "RE" {
                game.root_prop(p);
            }
        }
        for node in &extras.nodes {
            match node.move_index {
                None if node.props.is_empty() => {}
                None => game.node(None, &node.props)?,
                Some(_) if next < follows => {
                    game.node(Some(history[next]), &node.props)?;
                    next += 1;
                }
                Some(_) => break,
            }
        }
    }
    game.turns(&history[next..])?;
    game.finish();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_properties_are_written_as_the_property_writer_writes_them() {
        for text in [
            "B+12.5",
            "goishi selfplay, seed 1, game 0",
            "a]b",
            "back\\slash",
            "two: parts",
            "line\nbreak",
            "tab\there",
            "",
        ] {
            let mut out = String::new();
            push_text_prop(&mut out, "GC", text, || {
                Prop::GC(sgf_parse::Text {
                    text: text.to_owned(),
                })
            });
            let expected = prop_text(&Prop::GC(sgf_parse::Text {
                text: text.to_owned(),
            }));
            assert_eq!(out, expected, "{text:?}");
            let mut out = String::new();
            push_text_prop(&mut out, "RE", text, || Prop::RE(simple(text)));
            assert_eq!(out, prop_text(&Prop::RE(simple(text))), "{text:?}");
        }
    }
}
