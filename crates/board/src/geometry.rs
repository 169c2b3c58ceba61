//! Geometries: the points of a board, their names and their adjacency relations.
//!
//! A [`Geometry`] is built once and shared (`Arc`) by every board and position on it. Points
//! are small integer indices ([`Point`]); the neighbour lists of every adjacency relation the
//! geometry offers are precomputed into flat tables and handed out as slices, so iterating
//! the neighbours of a point allocates nothing.
//!
//! Grid geometries (square, rectangular, torus, hex) number their points row by row from the
//! bottom: `index = y * width + x`, where `x = 0` is the left column (`A`) and `y = 0` the
//! bottom row (`1`).

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::point::Point;

/// The largest width or height of a grid geometry.
pub const MAX_SIDE: u32 = 52;
/// The most points a graph geometry may have.
pub const MAX_GRAPH_POINTS: usize = 4096;
/// The largest graph file read, in bytes.
pub const MAX_GRAPH_FILE_BYTES: u64 = 16 << 20;

/// Column letters of GTP vertices: `A` to `Z` without `I`.
const GTP_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
/// Letters of SGF coordinates: `a` to `z`, then `A` to `Z`.
const SGF_LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The shape of a board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Topology {
    /// A rectangular grid with edges (square when width equals height).
    Rect,
    /// A rectangular grid whose opposite edges are joined.
    Torus,
    /// A rhombus of hexagons, `width` x `height`.
    Hex,
    /// Points and edges read from a graph description.
    Graph,
}

/// An adjacency relation: which points touch which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Adjacency {
    /// The four neighbours along the grid lines (grids and tori).
    Orthogonal,
    /// The four diagonal neighbours (grids and tori).
    Diagonal,
    /// The eight surrounding points: orthogonal and diagonal (grids and tori).
    King,
    /// The six neighbours of a hexagon (hex boards).
    Hex,
    /// The edges of a graph board.
    Graph,
}

impl Adjacency {
    /// Every adjacency relation, in a fixed order.
    pub const ALL: [Adjacency; 5] = [
        Adjacency::Orthogonal,
        Adjacency::Diagonal,
        Adjacency::King,
        Adjacency::Hex,
        Adjacency::Graph,
    ];

    /// The name used in rules strings.
    pub const fn name(self) -> &'static str {
        match self {
            Adjacency::Orthogonal => "orthogonal",
            Adjacency::Diagonal => "diagonal",
            Adjacency::King => "king",
            Adjacency::Hex => "hex",
            Adjacency::Graph => "graph",
        }
    }
}

impl fmt::Display for Adjacency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What went wrong building a geometry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    #[error(
        "board size {width}x{height} is out of range; width and height must be 1 to {MAX_SIDE}"
    )]
    SizeOutOfRange { width: u64, height: u64 },
    #[error("invalid board size {0:?}; expected N or WxH, for example 19 or 19x13")]
    BadSize(String),
    #[error("graph {source_name}, line {line}: {message}")]
    Graph {
        source_name: String,
        line: usize,
        message: String,
    },
    #[error("cannot read graph file {path}: {message}")]
    GraphFile { path: String, message: String },
    #[error("a {topology} board has no {adjacency} adjacency; available: {available}")]
    NoSuchAdjacency {
        topology: &'static str,
        adjacency: Adjacency,
        available: String,
    },
}

/// A point name that does not name a point of the geometry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointError {
    #[error("invalid vertex {0:?}; expected a column letter (A to Z without I, then AA, AB, ...) and a row number, like D4")]
    BadVertex(String),
    #[error("vertex {text} is off the {width}x{height} board")]
    OffBoard {
        text: String,
        width: u32,
        height: u32,
    },
    #[error("unknown point {0:?} on this graph board")]
    UnknownGraphPoint(String),
    #[error("invalid SGF coordinate {0:?}; expected two letters a-z or A-Z")]
    BadSgf(String),
}

/// Neighbour lists of one adjacency relation, packed into one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeighborTable {
    offsets: Vec<u32>,
    items: Vec<Point>,
    max_degree: usize,
}

impl NeighborTable {
    fn build(n: usize, mut neighbors_of: impl FnMut(usize, &mut Vec<Point>)) -> NeighborTable {
        let mut offsets = Vec::with_capacity(n + 1);
        let mut items = Vec::new();
        let mut scratch = Vec::new();
        let mut max_degree = 0;
        offsets.push(0);
        for p in 0..n {
            scratch.clear();
            neighbors_of(p, &mut scratch);
            // No self-loops and no repeated neighbour, whatever the size (a 2-wide torus
            // reaches the same point both ways round).
            let mut seen: Vec<Point> = Vec::with_capacity(scratch.len());
            for &q in &scratch {
                if q.index() != p && !seen.contains(&q) {
                    seen.push(q);
                }
            }
            max_degree = max_degree.max(seen.len());
            items.extend_from_slice(&seen);
            offsets.push(items.len() as u32);
        }
        NeighborTable {
            offsets,
            items,
            max_degree,
        }
    }

    /// The neighbours of `p` (a point of the board: panics for one off it, as slice indexing).
    #[inline]
    pub fn of(&self, p: Point) -> &[Point] {
        let i = p.index();
        &self.items[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The largest number of neighbours any point has.
    pub fn max_degree(&self) -> usize {
        self.max_degree
    }
}

#[derive(Debug)]
struct Inner {
    topology: Topology,
    width: u32,
    height: u32,
    num_points: usize,
    tables: [Option<NeighborTable>; 5],
    keys: Vec<u64>,
    graph_names: Vec<String>,
    graph_index: HashMap<String, Point>,
    graph_source: Option<String>,
}

/// The points of a board and how they touch; cheap to clone (shared).
#[derive(Clone)]
pub struct Geometry(Arc<Inner>);

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({})", self.describe())
    }
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.topology == other.0.topology
                && self.0.width == other.0.width
                && self.0.height == other.0.height
                && self.0.graph_names == other.0.graph_names
                && self.0.tables == other.0.tables)
    }
}

impl Eq for Geometry {}

fn check_side(width: u32, height: u32) -> Result<(), GeometryError> {
    if (1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height) {
        Ok(())
    } else {
        Err(GeometryError::SizeOutOfRange {
            width: width.into(),
            height: height.into(),
        })
    }
}

/// splitmix64: deterministic, well-mixed Zobrist keys without a random number generator.
fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn zobrist_keys(n: usize) -> Vec<u64> {
    (0..2 * n as u64)
        .map(|i| splitmix64(i ^ 0x676F_6973_6869_0000))
        .collect()
}

/// The Zobrist key of the side to move (XORed in by rules that hash situations).
pub const SIDE_TO_MOVE_KEY: u64 = 0x5DEE_CE66_D1CE_4E5B;

impl Geometry {
    /// A square board, `size` x `size`.
    pub fn square(size: u32) -> Result<Geometry, GeometryError> {
        Geometry::rect(size, size)
    }

    /// A rectangular board with edges.
    pub fn rect(width: u32, height: u32) -> Result<Geometry, GeometryError> {
        check_side(width, height)?;
        Ok(Geometry::grid(Topology::Rect, width, height))
    }

    /// A rectangular board whose opposite edges are joined.
    pub fn torus(width: u32, height: u32) -> Result<Geometry, GeometryError> {
        check_side(width, height)?;
        Ok(Geometry::grid(Topology::Torus, width, height))
    }

    /// A rhombus of hexagons, `width` x `height` (usually square).
    ///
    /// The point at column `x`, row `y` touches `(x±1, y)`, `(x, y±1)`, `(x+1, y+1)` and
    /// `(x-1, y-1)`: the neighbours GoGui draws for an `N hex` board, whose top row is
    /// leftmost and each row below shifted half a cell to the right.
    pub fn hex(width: u32, height: u32) -> Result<Geometry, GeometryError> {
        check_side(width, height)?;
        Ok(Geometry::grid(Topology::Hex, width, height))
    }

    fn grid(topology: Topology, width: u32, height: u32) -> Geometry {
        let (w, h) = (width as i64, height as i64);
        let n = (width * height) as usize;
        let wrap = topology == Topology::Torus;
        let at = |x: i64, y: i64| -> Option<Point> {
            let (x, y) = if wrap {
                (x.rem_euclid(w), y.rem_euclid(h))
            } else {
                (x, y)
            };
            ((0..w).contains(&x) && (0..h).contains(&y)).then(|| Point::new((y * w + x) as usize))
        };
        let table = |dirs: &[(i64, i64)]| {
            NeighborTable::build(n, |p, out| {
                let (x, y) = ((p as i64) % w, (p as i64) / w);
                out.extend(dirs.iter().filter_map(|&(dx, dy)| at(x + dx, y + dy)));
            })
        };
        const ORTH: [(i64, i64); 4] = [(0, 1), (-1, 0), (1, 0), (0, -1)];
        const DIAG: [(i64, i64); 4] = [(-1, 1), (1, 1), (-1, -1), (1, -1)];
        const KING: [(i64, i64); 8] = [
            (-1, 1),
            (0, 1),
            (1, 1),
            (-1, 0),
            (1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ];
        const HEX: [(i64, i64); 6] = [(0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1)];
        let mut tables: [Option<NeighborTable>; 5] = Default::default();
        if topology == Topology::Hex {
            tables[Adjacency::Hex as usize] = Some(table(&HEX));
        } else {
            tables[Adjacency::Orthogonal as usize] = Some(table(&ORTH));
            tables[Adjacency::Diagonal as usize] = Some(table(&DIAG));
            tables[Adjacency::King as usize] = Some(table(&KING));
        }
        Geometry(Arc::new(Inner {
            topology,
            width,
            height,
            num_points: n,
            tables,
            keys: zobrist_keys(n),
            graph_names: Vec::new(),
            graph_index: HashMap::new(),
            graph_source: None,
        }))
    }

    /// A graph board read from a file (see [`Geometry::parse_graph`] for the format).
    pub fn graph_file(path: &Path) -> Result<Geometry, GeometryError> {
        use std::io::Read as _;
        let error = |message: String| GeometryError::GraphFile {
            path: path.display().to_string(),
            message,
        };
        // Read through a limit: a device or a pipe (`/dev/zero`) has no length to check first.
        let mut text = String::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_GRAPH_FILE_BYTES + 1).read_to_string(&mut text))
            .map_err(|e| error(e.to_string()))?;
        if text.len() as u64 > MAX_GRAPH_FILE_BYTES {
            return Err(error(format!(
                "larger than {MAX_GRAPH_FILE_BYTES} bytes, the most a graph file may have"
            )));
        }
        Geometry::parse_graph(&text, &path.display().to_string())
    }

    /// A graph board from its text description.
    ///
    /// The format: one edge per line, two point names separated by white space (`a b`); a
    /// line with a single name declares a point with no edge yet; `#` starts a comment; blank
    /// lines are skipped. Names are 1 to 16 characters of letters, digits, `_`, `.` and `-`.
    /// Points are numbered in the order their names first appear. Edges are undirected; a
    /// repeated edge counts once; a self-loop is an error.
    pub fn parse_graph(text: &str, source_name: &str) -> Result<Geometry, GeometryError> {
        let err = |line: usize, message: String| GeometryError::Graph {
            source_name: source_name.to_owned(),
            line,
            message,
        };
        let mut names: Vec<String> = Vec::new();
        let mut index: HashMap<String, Point> = HashMap::new();
        let mut edges: Vec<(Point, Point)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() > 2 {
                return Err(err(
                    line_no,
                    format!(
                        "expected one edge (two point names) or one point name, found {} words",
                        words.len()
                    ),
                ));
            }
            let mut ids = Vec::with_capacity(2);
            for word in words {
                let valid = !word.is_empty()
                    && word.len() <= 16
                    && word
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'));
                if !valid {
                    return Err(err(
                        line_no,
                        format!("invalid point name {word:?}; names are 1 to 16 letters, digits, '_', '.' or '-'"),
                    ));
                }
                if word.eq_ignore_ascii_case("pass") || word.eq_ignore_ascii_case("resign") {
                    return Err(err(
                        line_no,
                        format!("point name {word:?} is a move word (moves name points, or pass or resign)"),
                    ));
                }
                let id = match index.get(word) {
                    Some(&p) => p,
                    None => {
                        if names.len() >= MAX_GRAPH_POINTS {
                            return Err(err(
                                line_no,
                                format!(
                                    "too many points; a graph board has at most {MAX_GRAPH_POINTS}"
                                ),
                            ));
                        }
                        let p = Point::new(names.len());
                        names.push(word.to_owned());
                        index.insert(word.to_owned(), p);
                        p
                    }
                };
                ids.push(id);
            }
            if let [a, b] = ids[..] {
                if a == b {
                    return Err(err(line_no, format!("self-loop at {:?}", names[a.index()])));
                }
                edges.push((a, b));
            }
        }
        if names.is_empty() {
            return Err(err(0, "the graph has no point".to_owned()));
        }
        let n = names.len();
        let mut lists: Vec<Vec<Point>> = vec![Vec::new(); n];
        for (a, b) in edges {
            lists[a.index()].push(b);
            lists[b.index()].push(a);
        }
        let table = NeighborTable::build(n, |p, out| out.extend_from_slice(&lists[p]));
        let mut tables: [Option<NeighborTable>; 5] = Default::default();
        tables[Adjacency::Graph as usize] = Some(table);
        Ok(Geometry(Arc::new(Inner {
            topology: Topology::Graph,
            width: n as u32,
            height: 1,
            num_points: n,
            tables,
            keys: zobrist_keys(n),
            graph_names: names,
            graph_index: index,
            graph_source: Some(source_name.to_owned()),
        })))
    }

    /// The shape of the board.
    pub fn topology(&self) -> &Topology {
        &self.0.topology
    }

    /// Whether this is a plain rectangular (or square) board with edges.
    pub fn is_rect(&self) -> bool {
        self.0.topology == Topology::Rect
    }

    /// The number of columns (a graph board is one row of all its points).
    pub fn width(&self) -> u32 {
        self.0.width
    }

    /// The number of rows.
    pub fn height(&self) -> u32 {
        self.0.height
    }

    /// The number of points.
    #[inline]
    pub fn num_points(&self) -> usize {
        self.0.num_points
    }

    /// Every point, in index order.
    pub fn points(&self) -> impl ExactSizeIterator<Item = Point> + Clone {
        (0..self.0.num_points).map(Point::new)
    }

    /// Where a graph board was read from (its file name), if it is a graph.
    pub fn graph_source(&self) -> Option<&str> {
        self.0.graph_source.as_deref()
    }

    /// The adjacency relations this geometry offers.
    pub fn adjacencies(&self) -> Vec<Adjacency> {
        Adjacency::ALL
            .into_iter()
            .filter(|a| self.0.tables[*a as usize].is_some())
            .collect()
    }

    /// The adjacency Go uses here: orthogonal on grids and tori, hex on hex, the edges of a
    /// graph.
    #[inline]
    pub fn default_adjacency(&self) -> Adjacency {
        match self.0.topology {
            Topology::Rect | Topology::Torus => Adjacency::Orthogonal,
            Topology::Hex => Adjacency::Hex,
            Topology::Graph => Adjacency::Graph,
        }
    }

    /// The neighbour table of an adjacency relation, or an error naming the ones available.
    #[inline]
    pub fn neighbors(&self, adjacency: Adjacency) -> Result<&NeighborTable, GeometryError> {
        self.0.tables[adjacency as usize]
            .as_ref()
            .ok_or_else(|| GeometryError::NoSuchAdjacency {
                topology: self.topology_name(),
                adjacency,
                available: self
                    .adjacencies()
                    .iter()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The neighbours of `p` under the default adjacency.
    #[inline]
    pub fn default_neighbors(&self) -> &NeighborTable {
        self.0.tables[self.default_adjacency() as usize]
            .as_ref()
            .expect("every geometry has its default adjacency")
    }

    /// `square`, `rect`, `torus`, `hex` or `graph`.
    pub fn topology_name(&self) -> &'static str {
        match self.0.topology {
            Topology::Rect if self.0.width == self.0.height => "square",
            Topology::Rect => "rectangular",
            Topology::Torus => "torus",
            Topology::Hex => "hex",
            Topology::Graph => "graph",
        }
    }

    /// A short description: `9x9`, `torus 9x9`, `hex 11x11`, `graph (12 points)`.
    pub fn describe(&self) -> String {
        let (w, h) = (self.0.width, self.0.height);
        match self.0.topology {
            Topology::Rect => format!("{w}x{h}"),
            Topology::Torus => format!("torus {w}x{h}"),
            Topology::Hex => format!("hex {w}x{h}"),
            Topology::Graph => format!("graph ({} points)", self.0.num_points),
        }
    }

    /// The Zobrist key of a stone of colour index `color` (0 black, 1 white) at `p`; panics
    /// for a point off the board or another colour index, as the table lookup it is.
    #[inline]
    pub fn key(&self, p: Point, color: usize) -> u64 {
        self.0.keys[2 * p.index() + color]
    }

    /// The whole key table: `keys[2 * point + color]`.
    #[inline]
    pub fn keys(&self) -> &[u64] {
        &self.0.keys
    }

    /// The column and row of a grid point (`(0, 0)` is `A1`, bottom left).
    pub fn coords(&self, p: Point) -> (u32, u32) {
        let i = p.index() as u32;
        (i % self.0.width, i / self.0.width)
    }

    /// The grid point at column `x`, row `y`, if on the board.
    pub fn at(&self, x: u32, y: u32) -> Option<Point> {
        (self.0.topology != Topology::Graph && x < self.0.width && y < self.0.height)
            .then(|| Point::new((y * self.0.width + x) as usize))
    }

    /// The GTP name of a point: `D4`, `AB12` past column Z; a graph point's own name; `#N` for
    /// a point off the board (index N), so that a message refusing it can name it.
    pub fn point_name(&self, p: Point) -> String {
        if p.index() >= self.num_points() {
            // Off the board (in the message that refuses it): its index.
            return format!("#{}", p.index());
        }
        if self.0.topology == Topology::Graph {
            return self.0.graph_names[p.index()].clone();
        }
        let (x, y) = self.coords(p);
        format!("{}{}", column_name(x), y + 1)
    }

    /// Parses a GTP vertex (case-insensitive) or a graph point name.
    pub fn parse_point(&self, text: &str) -> Result<Point, PointError> {
        if self.0.topology == Topology::Graph {
            return self
                .0
                .graph_index
                .get(text)
                .copied()
                .ok_or_else(|| PointError::UnknownGraphPoint(text.to_owned()));
        }
        let bad = || PointError::BadVertex(text.to_owned());
        let split = text
            .find(|c: char| !c.is_ascii_alphabetic())
            .ok_or_else(bad)?;
        let (letters, digits) = text.split_at(split);
        let x = parse_column(letters).ok_or_else(bad)?;
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: u32 = digits.parse().map_err(|_| bad())?;
        if row == 0 {
            return Err(bad());
        }
        self.at(x, row - 1).ok_or_else(|| PointError::OffBoard {
            text: text.to_owned(),
            width: self.0.width,
            height: self.0.height,
        })
    }

    /// The SGF coordinate of a grid point (`aa` is the top-left corner), or of a graph point
    /// by its index in the single row; `None` for a point off the board or past the 52
    /// letters SGF has (a graph of more than 52 points).
    pub fn sgf_coord(&self, p: Point) -> Option<String> {
        if p.index() >= self.num_points() {
            return None;
        }
        let (x, y) = self.coords(p);
        let sy = self.0.height - 1 - y;
        let letter = |i: u32| SGF_LETTERS.get(i as usize).map(|&b| char::from(b));
        Some([letter(x)?, letter(sy)?].into_iter().collect())
    }

    /// Parses an SGF coordinate; `None` is not returned for `tt`: the caller decides whether
    /// `tt` means a pass.
    pub fn parse_sgf_coord(&self, text: &str) -> Result<Point, PointError> {
        let bad = || PointError::BadSgf(text.to_owned());
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(bad());
        }
        let pos = |b: u8| SGF_LETTERS.iter().position(|&l| l == b).map(|i| i as u32);
        let (x, sy) = (
            pos(bytes[0]).ok_or_else(bad)?,
            pos(bytes[1]).ok_or_else(bad)?,
        );
        if x >= self.0.width || sy >= self.0.height {
            return Err(PointError::OffBoard {
                text: text.to_owned(),
                width: self.0.width,
                height: self.0.height,
            });
        }
        Ok(Point::new(
            ((self.0.height - 1 - sy) * self.0.width + x) as usize,
        ))
    }
}

/// The GTP column name of column `x` (0-based): `A`..`Z` without `I`, then `AA`, `AB`, ...
pub fn column_name(x: u32) -> String {
    let x = x as usize;
    if x < 25 {
        (GTP_LETTERS[x] as char).to_string()
    } else {
        let mut s = String::with_capacity(2);
        s.push(GTP_LETTERS[(x / 25 - 1) % 25] as char);
        s.push(GTP_LETTERS[x % 25] as char);
        s
    }
}

fn parse_column(letters: &str) -> Option<u32> {
    let pos = |b: u8| {
        GTP_LETTERS
            .iter()
            .position(|&l| l == b.to_ascii_uppercase())
            .map(|i| i as u32)
    };
    match letters.as_bytes() {
        [a] => pos(*a),
        [a, b] => Some((pos(*a)? + 1) * 25 + pos(*b)?),
        _ => None,
    }
}

/// Parses a board size: `19` or `19x13` (width x height).
pub fn parse_size(text: &str) -> Result<(u32, u32), GeometryError> {
    let bad = || GeometryError::BadSize(text.to_owned());
    let t = text.trim();
    let (w, h) = match t.split_once(['x', 'X', ':']) {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (t, t),
    };
    let num = |s: &str| -> Result<u64, GeometryError> {
        if s.is_empty() || s.len() > 12 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<u64>().map_err(|_| bad())
    };
    let (w, h) = (num(w)?, num(h)?);
    if !(1..=u64::from(MAX_SIDE)).contains(&w) || !(1..=u64::from(MAX_SIDE)).contains(&h) {
        return Err(GeometryError::SizeOutOfRange {
            width: w,
            height: h,
        });
    }
    Ok((w as u32, h as u32))
}

/// The `board=` value of a rules string: which kind of geometry to build.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// A grid with edges (square or rectangular).
    Square,
    /// A grid whose opposite edges are joined.
    Torus,
    /// A rhombus of hexagons.
    Hex,
    /// A graph read from a file (whose path has no comma: a rules string could not hold it).
    Graph(PathBuf),
}

impl BoardKind {
    /// The choices, for error messages.
    pub const CHOICES: &'static str = "square, torus, hex, graph:FILE";

    /// Builds the geometry of this kind at the given size (ignored by graphs).
    pub fn build(&self, width: u32, height: u32) -> Result<Geometry, GeometryError> {
        match self {
            BoardKind::Square => Geometry::rect(width, height),
            BoardKind::Torus => Geometry::torus(width, height),
            BoardKind::Hex => Geometry::hex(width, height),
            BoardKind::Graph(path) => Geometry::graph_file(path),
        }
    }

    /// The kind of an existing geometry.
    pub fn of(geometry: &Geometry) -> BoardKind {
        match geometry.topology() {
            Topology::Rect => BoardKind::Square,
            Topology::Torus => BoardKind::Torus,
            Topology::Hex => BoardKind::Hex,
            Topology::Graph => {
                BoardKind::Graph(PathBuf::from(geometry.graph_source().unwrap_or("")))
            }
        }
    }
}

impl fmt::Display for BoardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardKind::Square => f.write_str("square"),
            BoardKind::Torus => f.write_str("torus"),
            BoardKind::Hex => f.write_str("hex"),
            BoardKind::Graph(p) => write!(f, "graph:{}", p.display()),
        }
    }
}

impl std::str::FromStr for BoardKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        match lower.as_str() {
            "square" | "rect" | "rectangular" | "grid" => Ok(BoardKind::Square),
            "torus" => Ok(BoardKind::Torus),
            "hex" => Ok(BoardKind::Hex),
            _ => match s.trim().split_once(':') {
                Some((kind, path)) if kind.eq_ignore_ascii_case("graph") && path.contains(',') => {
                    // A rules string separates its overrides with commas: such a path would
                    // not read back.
                    Err(format!(
                        "graph file path {path:?} contains a comma, which separates the overrides of a rules string; rename the file"
                    ))
                }
                Some((kind, path)) if kind.eq_ignore_ascii_case("graph") && !path.is_empty() => {
                    Ok(BoardKind::Graph(PathBuf::from(path)))
                }
                _ => Err(format!(
                    "unknown board {s:?}; expected one of: {}",
                    BoardKind::CHOICES
                )),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(g: &Geometry, adj: Adjacency, p: &str) -> Vec<String> {
        let p = g.parse_point(p).unwrap();
        let mut v: Vec<String> = g
            .neighbors(adj)
            .unwrap()
            .of(p)
            .iter()
            .map(|&q| g.point_name(q))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn square_neighbours() {
        let g = Geometry::square(19).unwrap();
        assert_eq!(names(&g, Adjacency::Orthogonal, "A1"), ["A2", "B1"]);
        assert_eq!(
            names(&g, Adjacency::Orthogonal, "K10"),
            ["J10", "K11", "K9", "L10"]
        );
        assert_eq!(names(&g, Adjacency::King, "A1"), ["A2", "B1", "B2"]);
        assert_eq!(names(&g, Adjacency::Diagonal, "T19"), ["S18"]);
        assert_eq!(g.neighbors(Adjacency::King).unwrap().max_degree(), 8);
    }

    #[test]
    fn torus_wraps() {
        let g = Geometry::torus(5, 5).unwrap();
        assert_eq!(
            names(&g, Adjacency::Orthogonal, "A1"),
            ["A2", "A5", "B1", "E1"]
        );
        let tiny = Geometry::torus(2, 1).unwrap();
        assert_eq!(names(&tiny, Adjacency::Orthogonal, "A1"), ["B1"]);
    }

    #[test]
    fn hex_neighbours() {
        let g = Geometry::hex(5, 5).unwrap();
        assert_eq!(
            names(&g, Adjacency::Hex, "C3"),
            ["B2", "B3", "C2", "C4", "D3", "D4"]
        );
        assert_eq!(names(&g, Adjacency::Hex, "A1"), ["A2", "B1", "B2"]);
        assert_eq!(names(&g, Adjacency::Hex, "A5"), ["A4", "B5"]);
        assert!(g.neighbors(Adjacency::Orthogonal).is_err());
    }

    #[test]
    fn vertices_round_trip() {
        let g = Geometry::square(52).unwrap();
        for p in g.points() {
            let name = g.point_name(p);
            assert_eq!(g.parse_point(&name).unwrap(), p, "{name}");
            assert_eq!(g.parse_point(&name.to_lowercase()).unwrap(), p);
            assert_eq!(g.parse_sgf_coord(&g.sgf_coord(p).unwrap()).unwrap(), p);
        }
        // Off the board: no coordinate, and a name that says so.
        assert_eq!(g.sgf_coord(Point::new(2704)), None);
        assert_eq!(g.point_name(Point::new(2704)), "#2704");
        assert_eq!(g.point_name(Point::new(usize::MAX)), "#65535");
        // A graph has one SGF letter a point: 52 of them.
        let text: String = (0..60).map(|i| format!("p{i} p{}\n", i + 1)).collect();
        let graph = Geometry::parse_graph(&text, "path").unwrap();
        assert_eq!(graph.sgf_coord(Point::new(51)).as_deref(), Some("Za"));
        assert_eq!(graph.sgf_coord(Point::new(52)), None);
        // Move words are not point names.
        for word in ["pass", "RESIGN"] {
            let e = Geometry::parse_graph(&format!("a {word}\n"), "t").unwrap_err();
            assert!(e.to_string().contains("is a move word"), "{e}");
        }
        assert_eq!(column_name(24), "Z");
        assert_eq!(column_name(25), "AA");
        assert_eq!(column_name(51), "BB");
    }

    #[test]
    fn bad_vertices() {
        let g = Geometry::square(9).unwrap();
        for bad in ["", "I5", "A0", "A", "5", "A-1", "ZZZ1", "A1x", "AA99999999"] {
            assert!(g.parse_point(bad).is_err(), "{bad}");
        }
        assert_eq!(
            g.parse_point("K1").unwrap_err().to_string(),
            "vertex K1 is off the 9x9 board"
        );
        assert_eq!(
            g.sgf_coord(g.parse_point("A9").unwrap()).as_deref(),
            Some("aa")
        );
        assert_eq!(
            g.sgf_coord(g.parse_point("J1").unwrap()).as_deref(),
            Some("ii")
        );
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("19").unwrap(), (19, 19));
        assert_eq!(parse_size("19x13").unwrap(), (19, 13));
        assert!(matches!(
            parse_size("1000000000"),
            Err(GeometryError::SizeOutOfRange { .. })
        ));
        assert!(parse_size("0").is_err());
        assert!(parse_size("x").is_err());
        assert!(Geometry::square(53).is_err());
    }

    #[test]
    fn graph_boards() {
        let g = Geometry::parse_graph("# a triangle and a tail\na b\nb c\nc a\nc d\nb a\ne\n", "t")
            .unwrap();
        assert_eq!(g.num_points(), 5);
        assert_eq!(names(&g, Adjacency::Graph, "c"), ["a", "b", "d"]);
        assert_eq!(names(&g, Adjacency::Graph, "a"), ["b", "c"]);
        assert!(names(&g, Adjacency::Graph, "e").is_empty());
        let err = Geometry::parse_graph("a a\n", "t").unwrap_err();
        assert_eq!(err.to_string(), "graph t, line 1: self-loop at \"a\"");
        assert!(Geometry::parse_graph("a b c\n", "t").is_err());
        assert!(Geometry::parse_graph("", "t").is_err());
        assert!(Geometry::parse_graph("a* b\n", "t").is_err());
    }

    #[test]
    fn keys_are_distinct_and_deterministic() {
        let g = Geometry::square(19).unwrap();
        let mut keys = g.keys().to_vec();
        assert_eq!(keys, Geometry::square(19).unwrap().keys());
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 2 * 361);
    }
}
