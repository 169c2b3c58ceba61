//! GNU Go's commands that controllers and tools rely on: `is_legal`, `all_legal`,
//! `list_stones`, `captures`, `color`, `move_history`.

use goishi::{Color, Move, PointError};

use crate::gtp::args::{parse_color, vertex_list};
use crate::gtp::engine::{Answer, Controller, Engine};

pub(crate) fn captures(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let c = parse_color(a[0])?;
    Ok(e.position.captures(c).to_string())
}

pub(crate) fn is_legal(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let color = parse_color(a[0])?;
    let mv = match Move::parse(e.geometry(), a[1]) {
        Ok(mv) => mv,
        Err(PointError::OffBoard { .. }) => return Ok("0".to_owned()),
        Err(e) => return Err(format!("syntax error: {e}")),
    };
    let legal = e.position.check_move(color, mv).is_ok();
    Ok(if legal { "1" } else { "0" }.to_owned())
}

pub(crate) fn all_legal(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let color = parse_color(a[0])?;
    e.position.legal_moves_as(color, &mut e.scratch);
    let points = e.scratch.iter().filter_map(|m| m.point());
    Ok(vertex_list(e.position.geometry(), points))
}

pub(crate) fn list_stones(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let color = parse_color(a[0])?;
    let board = e.position.board();
    Ok(vertex_list(e.geometry(), board.stones(color)))
}

pub(crate) fn color(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let p = e.parse_point(a[0])?;
    Ok(e.position
        .board()
        .get(p)
        .map_or("empty", Color::name)
        .to_owned())
}

pub(crate) fn move_history(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    let g = e.geometry();
    let after_end = e.after_end.iter().map(|&color| goishi::Turn {
        color,
        mv: Move::Pass,
    });
    Ok(e.position
        .history()
        .iter()
        .copied()
        .chain(after_end)
        .rev()
        .map(|t| format!("{} {}", t.color.name(), t.mv.name(g)))
        .collect::<Vec<_>>()
        .join("\n"))
}
