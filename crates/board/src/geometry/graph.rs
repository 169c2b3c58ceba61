//! The graph file format: a graph board read from a text file of edges, one per line, its
//! points named by the file and numbered in the order their names first appear.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use super::{Adjacency, Geometry, GeometryError, Inner, NeighborTable, Topology};
use crate::point::Point;

/// The most points a graph geometry may have.
pub const MAX_GRAPH_POINTS: usize = 4096;
/// The largest graph file read, in bytes.
pub const MAX_GRAPH_FILE_BYTES: u64 = 16 << 20;

impl Geometry {
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
            keys: super::zobrist::zobrist_keys(n),
            graph_names: names,
            graph_index: index,
            graph_source: Some(source_name.to_owned()),
        })))
    }
}
