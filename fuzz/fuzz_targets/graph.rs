//! Graph board files (`Geometry::parse_graph`, the format of `board=graph:FILE`): an error
//! naming its line, or a graph of at most `MAX_GRAPH_POINTS` points whose neighbour table is
//! symmetric, without self-loops or repeated neighbours; each point's name parses back to the
//! point; the graph written back as a file of edges parses to the same names and
//! neighbours; and a Go game and a contact-capture game play on it.
#![no_main]

use goishi::{Adjacency, Geometry, GeometryError, Rules, Setup, MAX_GRAPH_POINTS};
use goishi_fuzz::{play_some, Choices};
use libfuzzer_sys::fuzz_target;

/// The graph as a file: each point declared on its own line, then each edge once.
fn write_graph(g: &Geometry) -> String {
    let table = g
        .neighbors(Adjacency::Graph)
        .expect("a graph has graph neighbours");
    let mut text = String::new();
    for p in g.points() {
        text.push_str(&g.point_name(p));
        text.push('\n');
    }
    for p in g.points() {
        for &q in table.of(p) {
            if p < q {
                text.push_str(&format!("{} {}\n", g.point_name(p), g.point_name(q)));
            }
        }
    }
    text
}

fn neighbour_lists(g: &Geometry) -> Vec<Vec<usize>> {
    let table = g
        .neighbors(Adjacency::Graph)
        .expect("a graph has graph neighbours");
    g.points()
        .map(|p| {
            let mut l: Vec<usize> = table.of(p).iter().map(|q| q.index()).collect();
            l.sort_unstable();
            l
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let g = match Geometry::parse_graph(&text, "fuzz") {
        Ok(g) => g,
        Err(e) => {
            assert!(
                matches!(e, GeometryError::Graph { .. }),
                "a graph error of another kind: {e}"
            );
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let n = g.num_points();
    assert!((1..=MAX_GRAPH_POINTS).contains(&n), "{n} points");
    let lists = neighbour_lists(&g);
    for (p, l) in lists.iter().enumerate() {
        assert!(!l.contains(&p), "a self-loop at point {p}");
        assert!(
            l.windows(2).all(|w| w[0] < w[1]),
            "a repeated neighbour of {p}"
        );
        for &q in l {
            assert!(
                lists[q].contains(&p),
                "{q} is a neighbour of {p}, not the reverse"
            );
        }
        let name = g.point_name(goishi::Point::new(p));
        assert_eq!(
            g.parse_point(&name).map(|q| q.index()),
            Ok(p),
            "point {p} is named {name:?}, which does not parse back to it"
        );
    }
    let written = write_graph(&g);
    let again = Geometry::parse_graph(&written, "written")
        .unwrap_or_else(|e| panic!("the graph written back does not parse: {e}\n{written}"));
    assert_eq!(again.num_points(), n, "the graph written back\n{written}");
    assert!(
        g.points().all(|p| again.point_name(p) == g.point_name(p)),
        "the graph written back names its points otherwise\n{written}"
    );
    assert!(
        neighbour_lists(&again) == lists,
        "the graph written back has other edges\n{written}"
    );
    if n > 400 {
        return;
    }
    let mut choices = Choices::new(data);
    for rules in ["go/tromp-taylor", "contact/1a"] {
        let rules = Rules::parse(rules).expect("registered");
        if let Ok(mut position) = Setup::new(rules, g.clone()).into_position() {
            play_some(position.as_mut(), &mut choices, 8);
        }
    }
});
