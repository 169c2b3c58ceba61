//! goishi's own commands: the rules of any variant (`goishi-rules`), the variant list
//! (`goishi-variants`), marking dead stones for the score (`goishi-dead`), and what the last
//! search of `genmove` saw, as GoGui draws it (`goishi-ownership`, `goishi-top_moves`:
//! read-only, so GoGui's analyze menu lists them).

use goishi::{Move, Topology};

use crate::gtp::args::vertex_list;
use crate::gtp::engine::{Answer, Controller, Engine};

pub(crate) fn variants(_: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok(crate::common::registry()
        .variants()
        .map(|v| format!("{} {}", v.id, v.summary))
        .collect::<Vec<_>>()
        .join("\n"))
}

pub(crate) fn rules(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    if a.is_empty() {
        return Ok(e.rules.to_string());
    }
    let mut rules = e.rules_of_command("goishi-rules", &a.join(" "), false)?;
    // R's size, else the board's; a graph's size is its own, not kept for the next
    // board (which gets the variant's default size).
    let kept = (*e.geometry().topology() != Topology::Graph).then_some(e.size);
    let size = rules.take_size().or(kept);
    e.new_game(rules, size)?;
    Ok(e.rules.to_string())
}

pub(crate) fn dead(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let mut dead = Vec::new();
    let board = e.position.board();
    let adjacency = e.geometry().default_adjacency();
    for text in a {
        let p = e.parse_point(text)?;
        if board.get(p).is_none() {
            return Err(format!(
                "{} is empty; only stones can be marked dead",
                e.geometry().point_name(p)
            ));
        }
        for q in board.chain_at(adjacency, p) {
            if !dead.contains(&q) {
                dead.push(q);
            }
        }
    }
    dead.sort();
    e.dead = dead;
    Ok(vertex_list(e.geometry(), e.dead.iter().copied()))
}

/// The most moves `goishi-top_moves` labels.
const TOP_MOVES: usize = 10;

/// The ownership map of the last search as GoGui's `INFLUENCE` (from -1, White's, to +1,
/// Black's, every point); empty before a search of this game.
pub(crate) fn ownership(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    let Some(search) = e.player.last_search() else {
        return Ok(String::new());
    };
    let g = e.geometry();
    let values: Vec<String> = g
        .points()
        .filter_map(|p| {
            let v = search.ownership.get(p.index())?;
            Some(format!("{} {v:.2}", g.point_name(p)))
        })
        .collect();
    Ok(format!("INFLUENCE {}", values.join(" ")))
}

/// The most visited moves of the last search, labelled with their visit counts (GoGui's
/// `LABEL`; a pass is named in a `TEXT` line); empty before a search of this game.
pub(crate) fn top_moves(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    let Some(search) = e.player.last_search() else {
        return Ok(String::new());
    };
    let g = e.geometry();
    let mut labels = Vec::new();
    let mut pass = None;
    for m in search.moves.iter().take(TOP_MOVES) {
        match m.mv {
            Move::Place(p) => labels.push(format!("{} {}", g.point_name(p), m.visits)),
            _ => pass = Some(m.visits),
        }
    }
    let mut out = Vec::new();
    if !labels.is_empty() {
        out.push(format!("LABEL {}", labels.join(" ")));
    }
    out.push(format!(
        "TEXT {} playouts, best {} at {:.0}%{}",
        search.playouts,
        search.mv.name(g),
        100.0 * search.win_rate,
        pass.map_or_else(String::new, |v| format!(", pass {v} visits"))
    ));
    Ok(out.join("\n"))
}
