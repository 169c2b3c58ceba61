//! KataGo's commands: rules as KataGo names them (`kata-set-rules`, `kata-get-rules`,
//! `kgs-rules`), `rectangular_boardsize` and `set_position`.

use goishi::{size_text, Board, Color, Setup, Topology};

use crate::common::is_go;
use crate::gtp::args::parse_color;
use crate::gtp::engine::{Answer, Controller, Engine};

impl Engine {
    /// Applies Go rules named by `text` keeping the game, the board and (unless `text`
    /// names one) the komi.
    pub(in crate::gtp) fn set_go_rules(&mut self, command: &str, text: &str) -> Answer {
        if !is_go(&self.rules) {
            return Err(format!(
                "{command} changes Go rules only; the current variant is {} (use goishi-rules)",
                self.rules.variant().id
            ));
        }
        let mut rules = self.rules_of_command(command, text, true)?;
        if !is_go(&rules) {
            return Err(format!(
                "{command} accepts Go rules only; {} is not Go (use goishi-rules)",
                rules.variant().id
            ));
        }
        // The game and its board stay (KataGo's rules have no size): another size is refused.
        if let Some(size) = rules.take_size() {
            if size != self.size || *self.geometry().topology() == Topology::Graph {
                return Err(format!(
                    "{command} keeps the game and its {} board; size={} is another board \
                     (boardsize or goishi-rules start a game on it)",
                    self.geometry().describe(),
                    size_text(size)
                ));
            }
        }
        if !rules.is_explicit("komi") {
            if let Some(k) = self.rules.get("komi") {
                let k = k.to_owned();
                rules.set("komi", &k).map_err(|e| e.to_string())?;
            }
        }
        if !rules.sets_board() && self.rules.sets_board() {
            rules.set_board(Some(self.rules.board_kind()));
        }
        self.change_rules(rules)?;
        Ok(String::new())
    }
}

pub(crate) fn rectangular_boardsize(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let w = Engine::parse_side(a[0])?;
    let h = Engine::parse_side(a[1])?;
    e.check_resizable()?;
    e.new_game(e.rules.clone(), Some((w, h)))
        .map_err(|e| format!("unacceptable size: {e}"))?;
    Ok(String::new())
}

pub(crate) fn kata_set_rules(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    e.set_go_rules("kata-set-rules", &a.join(" "))
}

pub(crate) fn kgs_rules(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    // KGS's Chinese rules have positional superko (KataGo reads `chinese` here so too).
    let name = if a[0].eq_ignore_ascii_case("chinese") {
        "chinese-kgs"
    } else {
        a[0]
    };
    e.set_go_rules("kgs-rules", name)
}

pub(crate) fn kata_get_rules(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    if !is_go(&e.rules) {
        return Err(format!(
            "kata-get-rules describes Go rules only; the current variant is {} (use goishi-rules)",
            e.rules.variant().id
        ));
    }
    crate::go_ext::katago_json(&e.rules)
}

pub(crate) fn set_position(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    if a.len() % 2 != 0 {
        return Err(format!(
            "syntax error: set_position takes pairs of COLOR VERTEX, got {} arguments",
            a.len()
        ));
    }
    let mut board = Board::new(e.geometry().clone());
    for pair in a.chunks(2) {
        let color = parse_color(pair[0])?;
        let p = e.parse_point(pair[1])?;
        if board.get(p).is_some() {
            return Err(format!(
                "invalid position: {} is given twice",
                e.geometry().point_name(p)
            ));
        }
        board.set(p, Some(color));
    }
    let setup = Setup {
        rules: e.rules.clone(),
        board,
        to_move: Color::Black,
        handicap: 0,
    };
    e.start_from(setup)
        .map_err(|e| format!("invalid position: {e}"))?;
    Ok(String::new())
}
