//! Tests of the geometries: neighbours, names, sizes, graphs and keys.

use super::*;
use crate::point::Point;

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

/// Grids are shared with the next one of the same shape a thread asks for: never with
/// another shape, whatever came between (more shapes than are kept, in every order).
#[test]
fn a_shared_grid_is_one_of_the_same_shape() {
    type Build = fn(u32, u32) -> Result<Geometry, GeometryError>;
    let shapes: Vec<(Build, Topology, u32, u32)> = vec![
        (Geometry::rect, Topology::Rect, 5, 5),
        (Geometry::torus, Topology::Torus, 5, 5),
        (Geometry::hex, Topology::Hex, 5, 5),
        (Geometry::rect, Topology::Rect, 5, 4),
        (Geometry::rect, Topology::Rect, 4, 5),
        (Geometry::torus, Topology::Torus, 4, 5),
    ];
    // The corner's neighbours: the adjacency and its count, which tell the shapes apart.
    let corner = |t: &Topology| match t {
        Topology::Torus => (Adjacency::Orthogonal, 4),
        Topology::Hex => (Adjacency::Hex, 3),
        _ => (Adjacency::Orthogonal, 2),
    };
    for round in 0..3 {
        for (i, (build, topology, w, h)) in shapes
            .iter()
            .enumerate()
            .cycle()
            .skip(round)
            .take(2 * shapes.len())
        {
            let g = build(*w, *h).unwrap();
            assert_eq!(
                (g.topology(), g.width(), g.height()),
                (topology, *w, *h),
                "shape {i}"
            );
            let (adjacency, degree) = corner(topology);
            let table = g.neighbors(adjacency).unwrap();
            assert_eq!(table.of(Point::new(0)).len(), degree, "shape {i}");
            assert_eq!(g, build(*w, *h).unwrap(), "shape {i}");
        }
    }
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
    // Named as vertices are written: upper case, the row without leading zeros.
    assert_eq!(
        g.parse_point("ab010").unwrap_err().to_string(),
        "vertex AB10 is off the 9x9 board"
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
    // An empty graph's error is about the whole file: no line 0.
    assert_eq!(
        Geometry::parse_graph("", "t").unwrap_err().to_string(),
        "graph t: the graph has no point"
    );
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
