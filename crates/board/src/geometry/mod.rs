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
//!
//! This module owns [`Geometry`] itself: its shape ([`Topology`]), its constructors for grids,
//! its accessors and the errors of building one. The layers live in submodules: the
//! neighbour tables (`adjacency`), the Zobrist keys (`zobrist`), the graph file format
//! (`graph`), the GTP and SGF names of points (`notation`) and the `board=` value of a rules
//! string (`kind`).

mod adjacency;
mod graph;
mod kind;
mod notation;
#[cfg(test)]
mod tests;
mod zobrist;

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::point::Point;

pub use adjacency::{Adjacency, NeighborTable};
pub use graph::MAX_GRAPH_POINTS;
pub use kind::{BoardKind, ParseBoardKindError};
pub(crate) use notation::column_letters;
pub use notation::{column_name, parse_size, size_text, PointError, SGF_LETTERS};
pub use zobrist::SIDE_TO_MOVE_KEY;

/// The largest width or height of a grid geometry.
pub const MAX_SIDE: u32 = 52;

/// How many grid geometries each thread keeps to share with the next board of the same shape.
const RECENT_GRIDS: usize = 4;

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

/// Why a geometry cannot be built, or a relation or size cannot be had from one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// A width or height of 0, or over the largest side a grid may have.
    #[error(
        "board size {width}x{height} is out of range; width and height must be 1 to {MAX_SIDE}"
    )]
    SizeOutOfRange {
        /// The width asked for.
        width: u64,
        /// The height asked for.
        height: u64,
    },
    /// A board size that is not written `N` or `WxH` (the text as given).
    #[error("invalid board size {0:?}; expected N or WxH, for example 19 or 19x13")]
    BadSize(String),
    /// The rules string names one size (`size=`) and the caller asks for another.
    #[error("the rules name size={named} and the size asked for is {asked}; give one of them")]
    SizeConflict {
        /// The size the rules name, `WxH`.
        named: String,
        /// The size asked for, `WxH`.
        asked: String,
    },
    /// A size given for a graph board, whose size is its graph's.
    #[error(
        "size {size} given with board={board}, whose size is fixed (the graph's); give no size"
    )]
    GraphSize {
        /// The rules string's `board=` value.
        board: String,
        /// The size given, `WxH`.
        size: String,
    },
    /// A graph file's error: at a line (from 1), or about the whole file (line 0).
    #[error("graph {source_name}{}: {message}", at_line(*line))]
    Graph {
        /// The name the graph was read under (its file's path, for a graph file).
        source_name: String,
        /// The line of the error, from 1; 0 for an error about the whole file.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A graph file that cannot be read from disk.
    #[error("cannot read graph file {path}: {message}")]
    GraphFile {
        /// The file's path, as given.
        path: String,
        /// The system's reason.
        message: String,
    },
    /// An adjacency relation that the board's topology does not define (diagonals on a hex
    /// board, say).
    #[error("a {topology} board has no {adjacency} adjacency; available: {available}")]
    NoSuchAdjacency {
        /// The board's topology (`square`, `torus`, `hex`, `graph`, ...).
        topology: &'static str,
        /// The relation asked for.
        adjacency: Adjacency,
        /// The relations the board has, by name, comma-separated.
        available: String,
    },
}

/// `, line N` for a line of a graph file; nothing for the whole file (line 0).
fn at_line(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(", line {line}")
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

    /// The grid of `topology` at `width` x `height`: one of the last [`RECENT_GRIDS`] this
    /// thread built for the same shape, shared, else built. A geometry is immutable, and
    /// building one (its neighbour tables and keys: 45 µs on 19x19) costs more than a new
    /// game on it, which GTP's `clear_board`, a stream of records, or a Python `Game` pay each.
    fn grid(topology: Topology, width: u32, height: u32) -> Geometry {
        thread_local! {
            static RECENT: std::cell::RefCell<Vec<Geometry>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        let shape =
            |g: &Geometry| g.0.topology == topology && g.0.width == width && g.0.height == height;
        if let Some(g) = RECENT.with_borrow_mut(|recent| {
            let i = recent.iter().position(shape)?;
            let g = recent.remove(i);
            recent.insert(0, g.clone());
            Some(g)
        }) {
            return g;
        }
        let g = Geometry::build_grid(topology, width, height);
        RECENT.with_borrow_mut(|recent| {
            recent.truncate(RECENT_GRIDS - 1);
            recent.insert(0, g.clone());
        });
        g
    }

    fn build_grid(topology: Topology, width: u32, height: u32) -> Geometry {
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
            keys: zobrist::zobrist_keys(n),
            graph_names: Vec::new(),
            graph_index: HashMap::new(),
            graph_source: None,
        }))
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
}
