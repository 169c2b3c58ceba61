//! goishi's own commands: the rules of any variant (`goishi-rules`), the variant list
//! (`goishi-variants`), and marking dead stones for the score (`goishi-dead`).

use crate::common::{parse_rules, take_size};
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
        let text = a.join(" ");
        let mut rules = parse_rules(&text).map_err(|e| e.to_string())?;
        let size = take_size(&mut rules).unwrap_or(self.size);
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
                return Err(format!("{text} is empty; only stones can be marked dead"));
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
