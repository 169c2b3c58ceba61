//! goishi behind the [`Engine`] adapter: Go through its concrete type, any other registered
//! variant through the `Position` trait.

use goishi::go::GoPosition;
use goishi::{Color, FromSetup, Move, Point, Position, Setup, EMPTY};

use crate::engine::{Coord, Engine, KoRule};

/// The goishi rules string that matches a workload's rules.
pub const fn go_rules(ko: KoRule) -> &'static str {
    match ko {
        KoRule::Simple => "go/chinese",
        KoRule::Positional => "go/chinese-ogs",
    }
}

/// A goishi Go game, used through its concrete type (no dynamic dispatch in the hot loop).
#[derive(Debug)]
pub struct Goishi(pub GoPosition);

/// `clone_from` goes through to `GoPosition::clone_from`, which reuses the target's buffers
/// (a derived `Clone` would make a fresh copy on every reset of a playout loop).
impl Clone for Goishi {
    fn clone(&self) -> Self {
        Goishi(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl Goishi {
    /// A new game under any Go rules string (`go/chinese`, `go/chinese:board=torus`, ...) on
    /// a `size` x `size` board.
    pub fn new(rules: &str, size: u32) -> Result<Goishi, String> {
        let rules = goishi::registry()
            .parse_rules(rules)
            .map_err(|e| e.to_string())?;
        let geometry = rules
            .geometry(Some((size, size)))
            .map_err(|e| e.to_string())?;
        GoPosition::from_setup(Setup::new(rules, geometry))
            .map(Goishi)
            .map_err(|e| e.to_string())
    }

    /// A new game under the goishi preset that matches `ko` (suicide forbidden).
    pub fn with_ko(ko: KoRule, size: u32) -> Goishi {
        Goishi::new(go_rules(ko), size).expect("the Go presets exist")
    }
}

impl Engine for Goishi {
    type Point = Point;
    type Legal = Move;

    #[inline]
    fn side_to_move(&self) -> Color {
        self.0.side_to_move()
    }

    #[inline]
    fn empty_points(&self, out: &mut Vec<Point>) {
        out.clear();
        out.extend_from_slice(self.0.empty_points());
    }

    #[inline]
    fn is_own_eye(&self, p: Point, color: Color) -> bool {
        self.0.is_own_eye(p, color)
    }

    #[inline]
    fn try_play(&mut self, color: Color, p: Point) -> bool {
        self.0.try_place(color, p)
    }

    #[inline]
    fn pass(&mut self, color: Color) {
        // A pass is refused only once the game is over, which the policy never reaches.
        let _ = self.0.play_as(color, Move::Pass);
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.0.legal_moves(out);
    }

    fn legal_coord(&self, m: Move) -> Option<Coord> {
        m.point().map(|p| self.0.geometry().coords(p))
    }

    fn point(&self, (x, y): Coord) -> Point {
        self.0.geometry().at(x, y).expect("a point on the board")
    }

    fn coord(&self, p: Point) -> Coord {
        self.0.geometry().coords(p)
    }

    fn stone_at(&self, (x, y): Coord) -> Option<Color> {
        self.0
            .geometry()
            .at(x, y)
            .and_then(|p| self.0.board().get(p))
    }

    fn size(&self) -> (u32, u32) {
        let g = self.0.geometry();
        (g.width(), g.height())
    }
}

/// Any registered goishi variant, through the `Position` trait (for the variants measured by
/// goishi alone: contact capture). The empty points come from a scan of the board; no point
/// counts as an eye (`genmove`'s policy outside Go).
#[derive(Clone, Debug)]
pub struct AnyVariant(pub Box<dyn Position>);

impl AnyVariant {
    /// A new game under any rules string on a `size` x `size` board.
    pub fn new(rules: &str, size: u32) -> Result<AnyVariant, String> {
        let rules = goishi::registry()
            .parse_rules(rules)
            .map_err(|e| e.to_string())?;
        rules
            .new_game(Some((size, size)))
            .map(AnyVariant)
            .map_err(|e| e.to_string())
    }
}

impl Engine for AnyVariant {
    type Point = Point;
    type Legal = Move;

    fn side_to_move(&self) -> Color {
        self.0.side_to_move()
    }

    fn empty_points(&self, out: &mut Vec<Point>) {
        out.clear();
        out.extend(
            self.0
                .board()
                .cells()
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c == EMPTY)
                .map(|(i, _)| Point::new(i)),
        );
    }

    fn is_own_eye(&self, _p: Point, _color: Color) -> bool {
        false
    }

    fn try_play(&mut self, color: Color, p: Point) -> bool {
        self.0.play_as(color, Move::Place(p)).is_ok()
    }

    fn pass(&mut self, color: Color) {
        let _ = self.0.play_as(color, Move::Pass);
    }

    fn game_over(&self) -> bool {
        self.0.is_over()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.0.legal_moves(out);
    }

    fn legal_coord(&self, m: Move) -> Option<Coord> {
        m.point().map(|p| self.0.geometry().coords(p))
    }

    fn point(&self, (x, y): Coord) -> Point {
        self.0.geometry().at(x, y).expect("a point on the board")
    }

    fn coord(&self, p: Point) -> Coord {
        self.0.geometry().coords(p)
    }

    fn stone_at(&self, (x, y): Coord) -> Option<Color> {
        self.0
            .geometry()
            .at(x, y)
            .and_then(|p| self.0.board().get(p))
    }

    fn size(&self) -> (u32, u32) {
        let g = self.0.geometry();
        (g.width(), g.height())
    }
}
