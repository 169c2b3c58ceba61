//! The board as a graph and its symmetries, for networks: `Game.neighbors()`,
//! `VectorEnv.adjacency` and `goishi.symmetries(rules, size)`.
//!
//! The neighbours are the geometry's own adjacency table (`Geometry::default_neighbors`),
//! never worked out again here. The symmetries are the maps of the grid's coordinates a
//! square, a rectangle, a torus or a hex rhombus may have (the dihedral group's eight, and on
//! a torus each composed with every translation), each kept only when the geometry's own
//! adjacency table says that it maps every point's neighbours onto the neighbours of its
//! image: what comes out is the board's automorphisms among those maps, checked, whatever the
//! board.

use std::collections::HashSet;

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;

use goishi::{Geometry, Point, Topology};

use crate::args;

/// `(points, max_degree)` int32, the neighbours of each point, padded with -1.
pub(crate) fn neighbors<'py>(py: Python<'py>, geometry: &Geometry) -> PyResult<Bound<'py, PyAny>> {
    let table = geometry.default_neighbors();
    let points = geometry.num_points();
    let degree = table.max_degree();
    let mut out = vec![-1i32; points * degree];
    for p in geometry.points() {
        for (slot, q) in out[p.index() * degree..].iter_mut().zip(table.of(p)) {
            *slot = q.index() as i32;
        }
    }
    Ok(PyArray1::from_vec(py, out)
        .reshape([points, degree])?
        .into_any())
}

/// The permutations of the points (`perm[p]` the image of point `p`) that map the board onto
/// itself, the identity first, each once.
pub(crate) fn automorphisms(geometry: &Geometry) -> Vec<Vec<usize>> {
    let n = geometry.num_points();
    let identity: Vec<usize> = (0..n).collect();
    if *geometry.topology() == Topology::Graph {
        return vec![identity];
    }
    let (w, h) = (geometry.width() as i64, geometry.height() as i64);
    // The dihedral maps of the coordinates that keep a w x h box (the four that turn a
    // quarter or reflect across a diagonal only when it is square).
    type Map = fn(i64, i64, i64, i64) -> (i64, i64);
    let mut maps: Vec<Map> = vec![
        |x, y, _, _| (x, y),
        |x, y, w, _| (w - 1 - x, y),
        |x, y, _, h| (x, h - 1 - y),
        |x, y, w, h| (w - 1 - x, h - 1 - y),
    ];
    if w == h {
        maps.extend([
            (|x, y, _, _| (y, x)) as Map,
            |x, y, w, _| (w - 1 - y, w - 1 - x),
            |x, y, w, _| (w - 1 - y, x),
            |x, y, w, _| (y, w - 1 - x),
        ]);
    }
    let shifts: Vec<(i64, i64)> = if *geometry.topology() == Topology::Torus {
        (0..h)
            .flat_map(|dy| (0..w).map(move |dx| (dx, dy)))
            .collect()
    } else {
        vec![(0, 0)]
    };
    let mut seen = HashSet::from([identity.clone()]);
    let mut found = vec![identity];
    for &(dx, dy) in &shifts {
        for map in &maps {
            let perm: Vec<usize> = geometry
                .points()
                .map(|p| {
                    let (x, y) = geometry.coords(p);
                    let (x, y) = map(i64::from(x), i64::from(y), w, h);
                    let (x, y) = ((x + dx).rem_euclid(w), (y + dy).rem_euclid(h));
                    (y * w + x) as usize
                })
                .collect();
            if !seen.contains(&perm) && keeps_adjacency(geometry, &perm) {
                seen.insert(perm.clone());
                found.push(perm);
            }
        }
    }
    found
}

/// Whether `perm`, a permutation of the points, maps the neighbours of every point onto the
/// neighbours of its image.
fn keeps_adjacency(geometry: &Geometry, perm: &[usize]) -> bool {
    let table = geometry.default_neighbors();
    let mut mapped = Vec::new();
    let mut theirs = Vec::new();
    geometry.points().all(|p| {
        mapped.clear();
        mapped.extend(table.of(p).iter().map(|q| perm[q.index()]));
        theirs.clear();
        theirs.extend(
            table
                .of(Point::new(perm[p.index()]))
                .iter()
                .map(|q| q.index()),
        );
        mapped.sort_unstable();
        theirs.sort_unstable();
        mapped == theirs
    })
}

/// `symmetries(rules, size=None)`: the board's symmetries as permutations of the action
/// indices, numpy int32 of shape `(n_sym, num_actions)`: row `s` maps action `a` to
/// `perm[a]` (pass, the last action, to itself); the identity is row 0, and the rows are a
/// group (closed under composition and inverse). Eight on a square, four on a rectangle,
/// those of a torus (its translations composed with the square's or the rectangle's), four on
/// a square hex rhombus and two on another; a graph board has the identity only (its
/// automorphisms are not searched). To transform a policy `pi` or a board's points `x`:
/// `y = numpy.empty_like(x); y[perm] = x`.
#[pyfunction]
#[pyo3(signature = (rules, size = None))]
pub(crate) fn symmetries<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    size: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = args::rules("rules", rules)?;
    let size = args::size(size)?;
    let game = crate::game::new_position(rules, size)?;
    let geometry = game.geometry().clone();
    let n = geometry.num_points();
    let found = py.detach(|| automorphisms(&geometry));
    let rows = found.len();
    let mut out = Vec::with_capacity(rows * (n + 1));
    for perm in &found {
        out.extend(perm.iter().map(|&p| p as i32));
        out.push(n as i32);
    }
    Ok(PyArray1::from_vec(py, out)
        .reshape([rows, n + 1])?
        .into_any())
}
