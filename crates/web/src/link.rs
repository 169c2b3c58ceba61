//! The link of a game, what the page's address holds
//! (`#rules=...&setup=...&moves=...&graph=...`, see docs/playground.md), which reopens exactly the game it was made from: the rules with
//! the board's size and kind when they are not the variant's default (a record's `SZ` is not
//! in its rules: [`link_rules`]), the setup's stones, first player and handicap
//! ([`setup_text`], read back by [`parse_setup`]), and the moves, each with its colour when it
//! was played out of turn ([`link_moves`]). [`crate::session::Session::from_link`] opens one.

use goishi::{BoardKind, Color, Geometry, Move, Position, Rules, Setup, Topology};

/// The rules of a link: the position's, with the board's size (and kind) written in when
/// the rules leave them out and the board is not the variant's default, so that the rules
/// string alone rebuilds the board (a record's `SZ[9]` is not in its rules).
pub fn link_rules(position: &dyn Position) -> Rules {
    let mut rules = position.rules().clone();
    let geometry = position.geometry();
    let topology = geometry.topology();
    if *topology == Topology::Graph {
        return rules;
    }
    if !rules.sets_board() {
        match topology {
            Topology::Torus => rules.set_board(Some(BoardKind::Torus)),
            Topology::Hex => rules.set_board(Some(BoardKind::Hex)),
            _ => {}
        }
    }
    let size = (geometry.width(), geometry.height());
    if rules.size().is_none() && size != rules.variant().default_size {
        rules.set_size(Some(size));
    }
    rules
}

/// The setup of a link, when the game does not start from an empty board with Black to
/// move: `black:D4,Q16;white:C3;first:white;handicap:2` (each part only when it is not the
/// default: no stones of a colour, Black first, no handicap). [`parse_setup`] reads it back.
pub fn setup_text(position: &dyn Position) -> Option<String> {
    let setup = position.setup();
    let geometry = setup.board.geometry();
    let mut parts = Vec::new();
    for color in [Color::Black, Color::White] {
        let points: Vec<String> = geometry
            .points()
            .filter(|&p| setup.board.get(p) == Some(color))
            .map(|p| geometry.point_name(p))
            .collect();
        if !points.is_empty() {
            parts.push(format!(
                "{}:{}",
                crate::session::color_name(Some(color)),
                points.join(",")
            ));
        }
    }
    if setup.to_move != Color::Black {
        parts.push(format!(
            "first:{}",
            crate::session::color_name(Some(setup.to_move))
        ));
    }
    if setup.handicap != 0 {
        parts.push(format!("handicap:{}", setup.handicap));
    }
    (!parts.is_empty()).then(|| parts.join(";"))
}

/// Reads a link's setup (the form [`setup_text`] writes) on `geometry` under `rules`. Every
/// part is checked: a known key (`black`, `white`, `first`, `handicap`) given once, a point
/// of the board given once, `black` or `white` first, a number of handicap stones; the
/// variant then validates the setup as it does any other (a chain without liberty, more
/// handicap stones than black stones).
pub fn parse_setup(text: &str, rules: Rules, geometry: Geometry) -> Result<Setup, String> {
    let mut setup = Setup::new(rules, geometry.clone());
    if text.trim().is_empty() {
        return Err("the setup is empty; expected black:D4,Q16;white:C3;first:white".into());
    }
    let mut seen: Vec<&str> = Vec::new();
    for part in text.split(';') {
        let (key, value) = part.split_once(':').ok_or_else(|| {
            format!("setup part {part:?} is not key:value (black, white, first or handicap)")
        })?;
        if seen.contains(&key) {
            return Err(format!("setup part {key:?} is given twice"));
        }
        seen.push(key);
        match key {
            "black" | "white" => {
                let color = if key == "black" {
                    Color::Black
                } else {
                    Color::White
                };
                for name in value.split(',') {
                    let p = geometry
                        .parse_point(name)
                        .map_err(|e| format!("setup {key} stone {name:?}: {e}"))?;
                    if setup.board.get(p).is_some() {
                        return Err(format!("setup point {name} is given twice"));
                    }
                    setup.board.set(p, Some(color));
                }
            }
            "first" => {
                setup.to_move = match value {
                    "black" => Color::Black,
                    "white" => Color::White,
                    _ => return Err(format!("setup first:{value}: expected black or white")),
                };
            }
            "handicap" => {
                setup.handicap = value
                    .parse()
                    .ok()
                    .filter(|_| value.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| {
                        format!("setup handicap:{value}: expected a number of stones")
                    })?;
            }
            _ => {
                return Err(format!(
                    "unknown setup part {key:?}; expected black, white, first or handicap"
                ))
            }
        }
    }
    Ok(setup)
}

/// A move of a link: a vertex (`E5`, `pass`, `resign`) played by the side to move, or one
/// with its colour (`B:E5`, `W:resign`) played out of turn.
pub(crate) fn link_move(geometry: &Geometry, text: &str) -> Result<(Option<Color>, Move), String> {
    let (color, vertex) = match text.split_once(':') {
        Some(("B", v)) => (Some(Color::Black), v),
        Some(("W", v)) => (Some(Color::White), v),
        Some(_) => return Err("expected B: or W: before a move of a given colour".into()),
        None => (None, text),
    };
    let mv = Move::parse(geometry, vertex.trim()).map_err(|e| e.to_string())?;
    Ok((color, mv))
}

/// The moves of a game's link: each turn's vertex, with its colour (`B:E5`) when it was not
/// the turn of that colour (the other colour moves after each move).
pub fn link_moves(position: &dyn Position) -> Vec<String> {
    let geometry = position.geometry();
    let mut turn_of = position.setup().to_move;
    let mut moves = Vec::new();
    for t in position.history() {
        let name = t.mv.name(geometry);
        moves.push(if t.color == turn_of {
            name
        } else {
            format!("{}:{name}", t.color.letter())
        });
        turn_of = t.color.opponent();
    }
    moves
}

#[cfg(test)]
mod tests {
    use crate::session::{parse_rules, Session};
    use serde_json::{json, Value};

    /// The game a session's link opens (what the page reads from its address).
    fn reopen(session: &Session) -> Result<Session, String> {
        let state = session.state();
        let moves: Vec<&str> = state["link_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        Session::from_link(
            state["rules"].as_str().unwrap(),
            session.graph(),
            state["setup"].as_str(),
            &moves,
        )
    }

    /// What makes two games the same game, as the page shows them.
    fn game(session: &Session) -> Value {
        let state = session.state();
        let keys = [
            "rules",
            "setup",
            "link_moves",
            "board",
            "moves",
            "stones",
            "to_move",
            "captures",
            "result",
            "outcome",
            "over",
            "legal",
        ];
        keys.iter()
            .map(|&k| (k.to_owned(), state[k].clone()))
            .collect()
    }

    fn check_link(sgf: &str, rules: &str, setup: Option<&str>, moves: &[&str]) {
        let session = Session::from_sgf(sgf).unwrap();
        let state = session.state();
        assert_eq!(state["rules"], rules, "{sgf}");
        assert_eq!(state["setup"].as_str(), setup, "{sgf}");
        assert_eq!(state["link_moves"], json!(moves), "{sgf}");
        let back = reopen(&session).unwrap();
        assert_eq!(game(&back), game(&session), "{sgf}");
        // And the record the page writes of the reopened game reads back to it too.
        let again = Session::from_sgf(&back.sgf().unwrap()).unwrap();
        assert_eq!(game(&again), game(&session), "{sgf}");
    }

    #[test]
    fn the_link_of_a_record_reopens_the_same_game() {
        check_link(
            "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[dd];B[cc])",
            "go/chinese:komi=6.5,size=9",
            None,
            &["E5", "D6", "C7"],
        );
        check_link(
            "(;GM[1]FF[4]SZ[13:9]RU[japanese]KM[6.5];B[ee];W[dd])",
            "go/japanese:size=13x9",
            None,
            &["E5", "D6"],
        );
        check_link(
            "(;GM[1]FF[4]SZ[19]KM[7.5];B[pd])",
            "go/chinese",
            None,
            &["Q16"],
        );
        // Handicap stones: the setup, White first, the handicap (which the score counts).
        check_link(
            "(;GM[1]FF[4]SZ[19]HA[2]AB[dp][pd];W[qp];B[dd])",
            "go/chinese",
            Some("black:D4,Q16;first:white;handicap:2"),
            &["R4", "D16"],
        );
        check_link(
            "(;GM[1]FF[4]SZ[9]AB[ee]AW[dd][cc]PL[W];W[ff];B[gg];W[];B[])",
            "go/chinese:size=9",
            Some("black:E5;white:D6,C7;first:white"),
            &["F4", "G3", "pass", "pass"],
        );
        // Moves out of turn keep their colour; so does a resignation out of turn.
        check_link(
            "(;GM[1]FF[4]SZ[9];B[ee];B[dd];W[cc])",
            "go/chinese:size=9",
            None,
            &["E5", "B:D6", "C7"],
        );
        check_link(
            "(;GM[1]FF[4]SZ[9]RE[W+R];B[ee])",
            "go/chinese:size=9",
            None,
            &["E5", "B:resign"],
        );
    }

    #[test]
    fn the_link_of_a_game_started_on_the_page_reopens_it() {
        for (rules, graph, moves) in [
            ("go/chinese", None, &["E5", "D4", "pass"][..]),
            ("go/japanese:size=7x5", None, &["C3", "D3", "resign"][..]),
            ("contact/2b:board=hex,size=7x7", None, &["D4", "E4"][..]),
            (
                "capture/atari-go:board=torus,size=7x7",
                None,
                &["B1", "A1"][..],
            ),
            (
                "go/chinese",
                Some("a b\nb c\nc a\nlonely\n"),
                &["a", "b"][..],
            ),
        ] {
            let session = Session::from_link(rules, graph, None, moves).unwrap();
            assert_eq!(
                session.state()["rules"],
                parse_rules(rules).unwrap().to_string()
            );
            assert_eq!(session.state()["setup"], Value::Null);
            assert_eq!(session.state()["link_moves"], json!(moves));
            assert_eq!(game(&reopen(&session).unwrap()), game(&session), "{rules}");
        }
    }

    #[test]
    fn a_bad_setup_in_a_link_is_refused_with_its_reason() {
        let open = |setup: &str| {
            Session::from_link("go/chinese:size=9", None, Some(setup), &[]).unwrap_err()
        };
        for (setup, why) in [
            // Every refusal says it is the link's setup.
            ("", "the setup of the link: the setup is empty"),
            ("black", "setup part \"black\" is not key:value"),
            ("black:E5;black:D4", "setup part \"black\" is given twice"),
            ("black:E5;white:E5", "setup point E5 is given twice"),
            ("black:E5,,D4", "setup black stone \"\""),
            ("black:Z99", "setup black stone \"Z99\""),
            ("black:E5;", "setup part \"\" is not key:value"),
            ("colour:E5", "unknown setup part \"colour\""),
            ("first:B", "setup first:B: expected black or white"),
            ("handicap:2x", "setup handicap:2x: expected a number"),
            ("handicap:+2", "setup handicap:+2: expected a number"),
            (
                "black:E5;handicap:2",
                "handicap 2 is more than the 1 black stones",
            ),
            ("black:A1;white:A2,B1", "the chain at A1 has no liberty"),
        ] {
            let e = open(setup);
            assert!(
                e.starts_with("the setup of the link: ") && e.contains(why),
                "{setup:?}: {e}"
            );
        }
        let e = Session::from_link("go/chinese", None, None, &["E5", "X:D4"]).unwrap_err();
        assert!(
            e.starts_with("move 2 (X:D4) of the link: expected B: or W:"),
            "{e}"
        );
        let s = Session::from_link("go/chinese:size=9", None, Some("first:white"), &["E5"]);
        assert_eq!(s.unwrap().state()["stones"]["E5"], "white");
    }
}
