//! GoGui's rules-engine commands (`gogui-rules_*`: GoGui's "Game > Rules" attaches goishi as
//! a ruler through them) and its analyze menu (`gogui-analyze_commands`).

use goishi::{Color, Topology};

use crate::common::game_id as family_game_id;
use crate::gtp::engine::{Answer, Controller, Engine};

/// The analyze commands GoGui offers in its menu (`type/label/command`).
const ANALYZE_COMMANDS: &[&str] = &[
    "string/Rules/goishi-rules",
    "string/Variants/goishi-variants",
    "plist/Legal moves/all_legal %m",
    "plist/Dead stones/final_status_list dead",
    "none/Mark dead stones.../goishi-dead %P",
    "string/Final score/final_score",
    "string/Final result/gogui-rules_final_result",
    "string/Captured count/gogui-rules_captured_count",
    "string/KataGo rules/kata-get-rules",
    "string/Move history/move_history",
    "string/Show board/showboard",
    "gfx/Ownership (last search)/goishi-ownership",
    "gfx/Most visited moves (last search)/goishi-top_moves",
];

pub(crate) fn game_id(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok(family_game_id(&e.rules, e.geometry().topology()))
}

pub(crate) fn board(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok(e.position.board().diagram().trim_end().to_owned())
}

pub(crate) fn side_to_move(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok(e.position.side_to_move().name().to_owned())
}

pub(crate) fn final_result(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok(e.result()
        .map_or_else(|| "unknown".to_owned(), |r| r.to_string()))
}

pub(crate) fn captured_count(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok(format!(
        "{} {}",
        e.position.captures(Color::Black),
        e.position.captures(Color::White)
    ))
}

pub(crate) fn analyze_commands(_: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok(ANALYZE_COMMANDS.join("\n"))
}

pub(crate) fn board_size(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    let g = e.geometry();
    let (w, h) = (g.width(), g.height());
    let dims = if w == h {
        w.to_string()
    } else {
        format!("{w} {h}")
    };
    Ok(match g.topology() {
        Topology::Hex => format!("{dims} hex"),
        _ => dims,
    })
}

pub(crate) fn legal_moves(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    e.position.legal_moves(&mut e.scratch);
    let g = e.position.geometry();
    Ok(e.scratch
        .iter()
        .map(|m| m.name(g))
        .collect::<Vec<_>>()
        .join(" "))
}
