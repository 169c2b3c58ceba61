//! The page's opponents and its speed measurement, from `goishi-play`: the random player and
//! the MCTS player (one searcher thread: a Web Worker runs it, off the page's thread), each
//! seeded by the page, and the random playouts of `goishi selfplay` timed in the page.

use goishi_play::mcts::{Budget, MctsConfig, SearchResult};
use goishi_play::{MctsPlayer, Player, RandomPlayer};
use serde_json::{json, Value};
use std::time::Duration;

use crate::session::{parse_rules, Session};

/// The random player's move for the side to move (`pass` when nothing else is left).
pub fn random_move(session: &Session, seed: u64) -> String {
    let position = session.position();
    let mut player = RandomPlayer::new(seed);
    let mv = Player::<dyn goishi::Position>::choose(&mut player, position, position.side_to_move());
    mv.name(position.geometry())
}

/// The MCTS player's move for the side to move, within `playouts` playouts and `millis`
/// milliseconds (0: no limit of that kind; one of them must be given), with the search's
/// ownership map (one value a point in [`Session::point_names`] order, +1 Black, -1 White).
pub fn mcts_move(
    session: &Session,
    playouts: u32,
    millis: u32,
    seed: u64,
) -> Result<Value, String> {
    let budget = Budget {
        playouts: (playouts > 0).then_some(playouts),
        time: (millis > 0).then(|| Duration::from_millis(u64::from(millis))),
    };
    let result = search(session, budget, seed)?;
    let position = session.position();
    Ok(json!({
        "move": result.mv.name(position.geometry()),
        "playouts": result.playouts,
        "win_rate": result.win_rate,
        "elapsed_ms": result.elapsed.as_secs_f64() * 1000.0,
        "points": session.point_names(),
        "ownership": result.ownership,
    }))
}

/// The MCTS player's move for the side to move within `playouts` playouts (seeded by
/// `seed`), played: GTP's `genmove`. Returns the move's name (`D4`, `pass`, `resign`).
pub fn genmove(session: &mut Session, playouts: u32, seed: u64) -> Result<String, String> {
    if playouts == 0 {
        return Err("genmove needs a budget of at least one playout".to_owned());
    }
    let mv = search(session, Budget::playouts(playouts), seed)?.mv;
    let name = mv.name(session.position().geometry());
    session.play_move(mv)?;
    Ok(name)
}

/// The MCTS player's search for the side to move within `budget`, seeded by `seed`.
fn search(session: &Session, budget: Budget, seed: u64) -> Result<SearchResult, String> {
    let config = MctsConfig::default().with_budget(budget).with_seed(seed);
    let mut player = MctsPlayer::new(config).map_err(|e| e.to_string())?;
    let position = session.position();
    player
        .search_dyn(position, position.side_to_move())
        .map_err(|e| e.to_string())
}

/// Plays `games` random games (game `g` of seed `seed`, as `goishi selfplay` does) under
/// `rules`; returns the moves played, for a playouts-per-second figure timed by the caller.
pub fn random_playouts(rules: &str, games: u32, seed: u64) -> Result<u64, String> {
    let rules = parse_rules(rules)?;
    // One start position for every game, as `goishi selfplay` plays them: building a board's
    // tables again for each game cost a quarter of the time on 19x19.
    let mut games_of = goishi_play::Selfplay::new(&rules, None).map_err(|e| e.to_string())?;
    let mut moves = 0u64;
    for g in 0..games {
        moves += games_of.play(seed, u64::from(g)).position.history().len() as u64;
    }
    Ok(moves)
}
