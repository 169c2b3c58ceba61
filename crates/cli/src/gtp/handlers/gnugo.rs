//! GNU Go's commands that controllers and tools rely on: `is_legal`, `all_legal`,
//! `list_stones`, `captures`, `color`, `move_history`.

use goishi::{Color, Move, PointError};

use crate::gtp::args::{parse_color, vertex_list};
use crate::gtp::engine::{Answer, Engine};

pub(crate) fn captures(e: &mut Engine, a: &[&str]) -> Answer {
    let c = parse_color(a[0])?;
    Ok(e.position.captures(c).to_string())
}

impl Engine {
    pub(in crate::gtp) fn is_legal(&mut self, a: &[&str]) -> Answer {
        let color = parse_color(a[0])?;
        let mv = match Move::parse(self.geometry(), a[1]) {
            Ok(mv) => mv,
            Err(PointError::OffBoard { .. }) => return Ok("0".to_owned()),
            Err(e) => return Err(format!("syntax error: {e}")),
        };
        let legal = self.position.check_move(color, mv).is_ok();
        Ok(if legal { "1" } else { "0" }.to_owned())
    }

    pub(in crate::gtp) fn all_legal(&mut self, a: &[&str]) -> Answer {
        let color = parse_color(a[0])?;
        self.position.legal_moves_as(color, &mut self.scratch);
        let points = self.scratch.iter().filter_map(|m| m.point());
        Ok(vertex_list(self.position.geometry(), points))
    }

    pub(in crate::gtp) fn list_stones(&mut self, a: &[&str]) -> Answer {
        let color = parse_color(a[0])?;
        let board = self.position.board();
        Ok(vertex_list(self.geometry(), board.stones(color)))
    }

    pub(in crate::gtp) fn color(&mut self, a: &[&str]) -> Answer {
        let p = self.parse_point(a[0])?;
        Ok(self
            .position
            .board()
            .get(p)
            .map_or("empty", Color::name)
            .to_owned())
    }

    pub(in crate::gtp) fn move_history(&mut self, _: &[&str]) -> Answer {
        let g = self.geometry();
        let after_end = self.after_end.iter().map(|&color| goishi::Turn {
            color,
            mv: Move::Pass,
        });
        Ok(self
            .position
            .history()
            .iter()
            .copied()
            .chain(after_end)
            .rev()
            .map(|t| format!("{} {}", t.color.name(), t.mv.name(g)))
            .collect::<Vec<_>>()
            .join("\n"))
    }
}
