//! goishi's own commands: the rules of any variant (`goishi-rules`), the variant list
//! (`goishi-variants`), marking dead stones for the score (`goishi-dead`), and what the last
//! search of `genmove` saw, as GoGui draws it (`goishi-ownership`, `goishi-top_moves`:
//! read-only, so GoGui's analyze menu lists them).

use goishi::{Move, Topology};

use crate::gtp::args::vertex_list;
use crate::gtp::engine::{Answer, Engine};

pub(crate) fn variants(_: &mut Engine, _: &[&str]) -> Answer {
    Ok(crate::common::registry()
        .variants()
        .map(|v| format!("{} {}", v.id, v.summary))
        .collect::<Vec<_>>()
        .join("\n"))
}

impl Engine {
    // ---- goishi's commands ---------------------------------------------------------

    pub(in crate::gtp) fn goishi_rules(&mut self, a: &[&str]) -> Answer {
        if a.is_empty() {
            return Ok(self.rules.to_string());
        }
        let mut rules = self.rules_of_command("goishi-rules", &a.join(" "), false)?;
        // R's size, else the board's; a graph's size is its own, not kept for the next
        // board (which gets the variant's default size).
        let kept = (*self.geometry().topology() != Topology::Graph).then_some(self.size);
        let size = rules.take_size().or(kept);
        self.new_game(rules, size)?;
        Ok(self.rules.to_string())
    }

    pub(in crate::gtp) fn goishi_dead(&mut self, a: &[&str]) -> Answer {
        let mut dead = Vec::new();
        let board = self.position.board();
        let adjacency = self.geometry().default_adjacency();
        for text in a {
            let p = self.parse_point(text)?;
            if board.get(p).is_none() {
                return Err(format!(
                    "{} is empty; only stones can be marked dead",
                    self.geometry().point_name(p)
                ));
            }
            for q in board.chain_at(adjacency, p) {
                if !dead.contains(&q) {
                    dead.push(q);
                }
            }
        }
        dead.sort();
        self.dead = dead;
        Ok(vertex_list(self.geometry(), self.dead.iter().copied()))
    }
}

/// The most moves `goishi-top_moves` labels.
const TOP_MOVES: usize = 10;

impl Engine {
    /// The ownership map of the last search as GoGui's `INFLUENCE` (from -1, White's, to +1,
    /// Black's, every point); empty before a search of this game.
    pub(in crate::gtp) fn goishi_ownership(&mut self, _: &[&str]) -> Answer {
        let Some(search) = self.player.last_search() else {
            return Ok(String::new());
        };
        let g = self.geometry();
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
    pub(in crate::gtp) fn goishi_top_moves(&mut self, _: &[&str]) -> Answer {
        let Some(search) = self.player.last_search() else {
            return Ok(String::new());
        };
        let g = self.geometry();
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
}
