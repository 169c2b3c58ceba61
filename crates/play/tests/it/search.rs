//! The search's contract: determinism for a seed with one thread, tree reuse, budgets
//! (zero, unbounded, absurd), bad settings, the game over, positions with only a pass,
//! passing to win, resigning, ownership, threads and the playout policy; the analysis of a
//! running search (reports, the stop flag, score statistics, priors, each move's principal
//! variation and ownership, the root limited to some moves).

use crate::common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use goishi::{Color, Geometry, Move, Point, Position, Setup};
use goishi_play::mcts::{
    Budget, ConfigError, Decision, MctsConfig, MctsPlayer, MoveFilter, PlayoutPolicy, SearchError,
    SearchResult, TreeSettings, Watch,
};

fn player(config: MctsConfig) -> MctsPlayer {
    MctsPlayer::new(config).unwrap()
}

fn at(game: &dyn Position, name: &str) -> Point {
    game.geometry().parse_point(name).unwrap()
}

/// Everything of a result but its time.
fn untimed(r: &SearchResult) -> SearchResult {
    SearchResult {
        elapsed: Duration::ZERO,
        ..r.clone()
    }
}

#[test]
fn one_thread_is_deterministic_for_a_seed() {
    let seed = common::seed();
    for rules in ["go/chinese", "contact/2b", "capture/atari-go"] {
        let mut game = common::game(rules, Some((6, 6)));
        let mut a = player(common::config(150, seed));
        let mut b = player(common::config(150, seed));
        let mut c = player(common::config(150, seed.wrapping_add(1)));
        let mut differs = false;
        for _ in 0..6 {
            if game.is_over() {
                break;
            }
            let color = game.side_to_move();
            let ra = a.search_dyn(&*game, color).unwrap();
            let rb = b.search_dyn(&*game, color).unwrap();
            let rc = c.search_dyn(&*game, color).unwrap();
            assert_eq!(untimed(&ra), untimed(&rb), "{rules}");
            differs |= untimed(&ra) != untimed(&rc);
            game.play_as(color, ra.mv).unwrap();
        }
        assert!(differs, "{rules}: another seed searched exactly the same");
    }
}

#[test]
fn the_tree_is_kept_between_moves() {
    let seed = common::seed();
    let mut game = common::game("go/chinese", Some((7, 7)));
    let mut p = player(common::config(400, seed));
    let first = p.search_dyn(&*game, Color::Black).unwrap();
    assert_eq!(first.reused_visits, 0);
    assert_eq!(first.visits, 400);
    let (mine, reply) = (first.pv[0], first.pv[1]);
    let kept = first.moves[0].visits;
    // Black plays, White answers with the move the tree expected: the next search starts
    // from that node's statistics (found through the history: both players' moves).
    game.play_as(Color::Black, mine).unwrap();
    game.play_as(Color::White, reply).unwrap();
    let second = p.search_dyn(&*game, Color::Black).unwrap();
    assert!(second.reused_visits > 0 && second.reused_visits < kept);
    assert_eq!(second.visits, second.reused_visits + 400);

    // The same through `played`.
    let mut q = player(common::config(400, seed));
    let mut fresh = common::game("go/chinese", Some((7, 7)));
    assert_eq!(
        untimed(&q.search_dyn(&*fresh, Color::Black).unwrap()),
        untimed(&first)
    );
    q.played(Color::Black, mine);
    q.played(Color::White, reply);
    fresh.play_as(Color::Black, mine).unwrap();
    fresh.play_as(Color::White, reply).unwrap();
    let again = q.search_dyn(&*fresh, Color::Black).unwrap();
    assert_eq!(again.reused_visits, second.reused_visits);

    // Another game (a move taken back and another played) starts a new tree.
    game.undo();
    let other = goishi::Move::Place(
        (0..49)
            .map(Point::new)
            .find(|&q| Move::Place(q) != reply && game.board().is_empty_at(q))
            .unwrap(),
    );
    game.play_as(Color::White, other).unwrap();
    game.undo();
    game.undo();
    let third = p.search_dyn(&*game, Color::Black).unwrap();
    assert_eq!(third.reused_visits, 0);
    // A search for the other colour of the same position does not reuse either.
    let fourth = p.search_dyn(&*game, Color::White).unwrap();
    assert_eq!(fourth.reused_visits, 0);
}

#[test]
fn bad_settings_are_refused_with_what_is_allowed() {
    let ok = MctsConfig::default();
    let cases: Vec<(MctsConfig, ConfigError)> = vec![
        (
            ok.with_budget(Budget {
                playouts: None,
                time: None,
            }),
            ConfigError::Unbounded,
        ),
        (ok.with_threads(0), ConfigError::Threads(0)),
        (ok.with_threads(257), ConfigError::Threads(257)),
        (
            MctsConfig {
                resign_threshold: 1.0,
                ..ok
            },
            ConfigError::ResignThreshold(1.0),
        ),
        (
            MctsConfig {
                resign_threshold: -0.5,
                ..ok
            },
            ConfigError::ResignThreshold(-0.5),
        ),
        (
            MctsConfig {
                exploration: Some(-1.0),
                ..ok
            },
            ConfigError::Exploration(-1.0),
        ),
        (
            MctsConfig {
                rave_equivalence: Some(0.0),
                ..ok
            },
            ConfigError::RaveEquivalence(0.0),
        ),
        (
            MctsConfig {
                first_play_urgency: f32::INFINITY,
                ..ok
            },
            ConfigError::FirstPlayUrgency(f32::INFINITY),
        ),
        (
            MctsConfig {
                expand_after: Some(0),
                ..ok
            },
            ConfigError::ExpandAfter,
        ),
        (MctsConfig { max_nodes: 0, ..ok }, ConfigError::MaxNodes),
    ];
    for (config, error) in cases {
        assert_eq!(MctsPlayer::new(config).unwrap_err(), error);
    }
    let nan = MctsConfig {
        resign_threshold: f64::NAN,
        ..ok
    };
    assert!(matches!(
        MctsPlayer::new(nan),
        Err(ConfigError::ResignThreshold(_))
    ));
    assert_eq!(
        ConfigError::Unbounded.to_string(),
        "the search budget has no limit: give a number of playouts or a time per move"
    );
    assert_eq!(
        ConfigError::Threads(0).to_string(),
        "invalid number of search threads 0; expected 1 to 256"
    );
    // A budget for one move is checked too, and so is a new default budget.
    let game = common::game("go/chinese", Some((5, 5)));
    let mut p = player(common::config(10, 1));
    let unbounded = Budget {
        playouts: None,
        time: None,
    };
    assert_eq!(
        p.search_with(&game, Color::Black, unbounded).unwrap_err(),
        SearchError::Config(ConfigError::Unbounded)
    );
    assert_eq!(p.set_budget(unbounded), Err(ConfigError::Unbounded));
}

#[test]
fn a_zero_budget_answers_at_once_with_a_legal_move() {
    for rules in ["go/chinese", "contact/2b", "capture/atari-go"] {
        let game = common::game(rules, Some((5, 5)));
        for budget in [Budget::playouts(0), Budget::time(Duration::ZERO)] {
            let mut p = player(common::config(10, 7).with_budget(budget));
            let r = p.search_dyn(&*game, Color::Black).unwrap();
            assert_eq!(r.decision, Decision::NoBudget, "{rules}");
            assert_eq!(r.playouts, 0);
            assert!(matches!(r.mv, Move::Place(_)), "{rules}: {:?}", r.mv);
            game.check_move(Color::Black, r.mv).unwrap();
            assert!(r.ownership.iter().all(|&o| o == 0.0));
        }
        // With a tree kept from an earlier search, the tree's most visited move.
        let mut p = player(common::config(200, 7));
        let searched = p.search_dyn(&*game, Color::Black).unwrap();
        let r = p
            .search_with(&game, Color::Black, Budget::playouts(0))
            .unwrap();
        assert_eq!(r.mv, searched.moves[0].mv, "{rules}");
        assert_eq!(r.reused_visits, 200);
    }
}

#[test]
fn an_absurd_time_limit_is_no_limit() {
    let game = common::game("go/chinese", Some((5, 5)));
    let budget = Budget {
        playouts: Some(50),
        time: Some(Duration::MAX),
    };
    let mut p = player(common::config(10, 3).with_budget(budget));
    let r = p.search(&game, Color::Black).unwrap();
    assert_eq!(r.playouts, 50);
}

#[test]
fn a_time_limit_ends_the_search() {
    let game = common::game("go/chinese", Some((9, 9)));
    let mut p = player(MctsConfig::default().with_budget(Budget::time(Duration::from_millis(50))));
    let r = p.search(&game, Color::Black).unwrap();
    // Playouts ran, unless the machine held the search up past its 50 ms before the first.
    assert!(
        r.playouts > 0 || r.elapsed >= Duration::from_millis(50),
        "{r:?}"
    );
    assert!(game.check_move(Color::Black, r.mv).is_ok());
    // Generous: the machine may be loaded, and a debug build's playout is slow.
    assert!(r.elapsed < Duration::from_secs(5), "{:?}", r.elapsed);
}

#[test]
fn after_the_end_of_the_game_there_is_no_move() {
    for rules in ["go/chinese", "contact/2b", "capture/atari-go"] {
        let mut game = common::game(rules, Some((5, 5)));
        game.play(Move::Pass).unwrap();
        game.play(Move::Pass).unwrap();
        assert!(game.is_over());
        let mut p = player(common::config(10, 1));
        for color in Color::ALL {
            assert_eq!(
                p.search_dyn(&*game, color).unwrap_err(),
                SearchError::GameOver
            );
        }
        assert_eq!(SearchError::GameOver.to_string(), "the game is over");
    }
}

#[test]
fn a_position_with_nothing_but_a_pass_passes() {
    // Go on a graph board of one point: a stone there has no liberty.
    let geometry = Geometry::parse_graph("a\n", "one point").unwrap();
    let rules = goishi::registry().parse_rules("go/chinese").unwrap();
    let game = Setup::new(rules, geometry).into_position().unwrap();
    let mut p = player(common::config(100, 1));
    for color in Color::ALL {
        let r = p.search_dyn(&*game, color).unwrap();
        assert_eq!((r.mv, r.decision), (Move::Pass, Decision::OnlyMove));
    }
    // 3x3, Black everywhere but two eyes: Black passes (it would fill its own eyes), White
    // too (each point is suicide).
    let mut setup = Setup::new(
        goishi::registry().parse_rules("go/chinese").unwrap(),
        Geometry::square(3).unwrap(),
    );
    for p in setup.board.geometry().points().collect::<Vec<_>>() {
        let name = setup.board.geometry().point_name(p);
        if name != "A1" && name != "C3" {
            setup.board.place(p, Color::Black);
        }
    }
    let game = setup.into_position().unwrap();
    for color in Color::ALL {
        let r = p.search_dyn(&*game, color).unwrap();
        assert_eq!(
            (r.mv, r.decision),
            (Move::Pass, Decision::OnlyMove),
            "{color}"
        );
    }
}

/// A 7x7 Go position: Black's wall on columns A and B with eyes at A2, A4, A6, White's on F
/// and G with eyes at G2, G4, G6; both alive, the middle open.
fn two_walls(rules: &str) -> Box<dyn Position> {
    let mut setup = Setup::new(
        goishi::registry().parse_rules(rules).unwrap(),
        Geometry::square(7).unwrap(),
    );
    let g = setup.board.geometry().clone();
    for p in g.points() {
        let name = g.point_name(p);
        let (col, row) = name.split_at(1);
        let eye = matches!(row, "2" | "4" | "6");
        match col {
            "A" if !eye => setup.board.place(p, Color::Black),
            "B" => setup.board.place(p, Color::Black),
            "F" => setup.board.place(p, Color::White),
            "G" if !eye => setup.board.place(p, Color::White),
            _ => {}
        }
    }
    setup.into_position().unwrap()
}

#[test]
fn ownership_follows_the_playouts() {
    let game = two_walls("go/chinese");
    let mut p = player(common::config(300, 5));
    let r = p.search_dyn(&*game, Color::Black).unwrap();
    assert_eq!(r.ownership.len(), 49);
    assert!(r.ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
    let own = |name: &str| r.ownership[at(&*game, name).index()];
    // Living stones and their eyes are their owner's in every playout.
    assert_eq!(own("A1"), 1.0);
    assert_eq!(own("A2"), 1.0);
    assert_eq!(own("G7"), -1.0);
    assert_eq!(own("G4"), -1.0);
    assert_eq!(p.last_search().unwrap().ownership, r.ownership);
    // The most visited moves are listed with their visits, most visited first.
    assert!(r.moves.windows(2).all(|w| w[0].visits >= w[1].visits));
    assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u32>(), 300);
}

/// 5x5: Black's walls on B and D, White's lone stone at D4 (dead), White to move; White
/// passes.
fn dead_stone(komi: &str) -> Box<dyn Position> {
    let mut setup = Setup::new(
        goishi::registry()
            .parse_rules(&format!("go/chinese:komi={komi}"))
            .unwrap(),
        Geometry::square(5).unwrap(),
    );
    let g = setup.board.geometry().clone();
    for name in ["B1", "B2", "B3", "B4", "B5", "D1", "D2", "D3", "D5"] {
        setup
            .board
            .place(g.parse_point(name).unwrap(), Color::Black);
    }
    setup
        .board
        .place(g.parse_point("D4").unwrap(), Color::White);
    setup.to_move = Color::White;
    let mut game = setup.into_position().unwrap();
    game.play(Move::Pass).unwrap();
    game
}

#[test]
fn a_pass_that_wins_the_game_is_played() {
    // Komi 0.5: Black wins by the plain count (14 to 1.5, D4 alive) and with D4 off the board.
    let mut game = dead_stone("0.5");
    let mut p = player(common::config(300, 9));
    let r = p.search_dyn(&*game, Color::Black).unwrap();
    assert_eq!(r.mv, Move::Pass, "{r:?}");
    // Black owns D4 at the end of most playouts.
    assert!(r.ownership[at(&*game, "D4").index()] >= 0.5);
    game.play(r.mv).unwrap();
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::Black));

    // Komi 14.5: the plain count gives White the game (14 to 15.5), the count with D4 dead
    // gives it to Black (25 to 14.5): the search does not pass on a count a referee might not
    // make; it plays on (taking D4 off, or turning dame into stones) until both counts agree.
    let mut game = dead_stone("14.5");
    let mut p = player(common::config(300, 9));
    for _ in 0..12 {
        if game.is_over() {
            break;
        }
        let color = game.side_to_move();
        let mv = if color == Color::Black {
            p.genmove_dyn(&*game, color).unwrap()
        } else {
            Move::Pass
        };
        game.play(mv).unwrap();
    }
    assert!(game.is_over());
    assert_ne!(game.history()[1].mv, Move::Pass, "Black passed at once");
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::Black));

    // Without the opponent's pass, the search plays on.
    let mut p = player(common::config(300, 9));
    let mut game = common::game("go/chinese:komi=0.5", Some((5, 5)));
    game.play(Move::Place(at(&*game, "C3"))).unwrap();
    let r = p.search_dyn(&*game, Color::White).unwrap();
    assert_ne!(r.mv, Move::Pass);
}

/// A pass the opponent answers with a pass that wins it is a lost game, not a quiet move:
/// the playouts after a pass of the tree start with that answer. Without it, the random
/// playouts (which never pass while a point is left) valued a pass as any other move, and in
/// games that two passes end on a count the search passed behind and lost (contact capture:
/// White passed after Black's first stone, Black passed, `B+1`).
#[test]
fn a_pass_the_opponent_answers_with_a_winning_pass_is_not_played() {
    // (Go's passes: `a_pass_that_wins_the_game_is_played`.)
    for rules in ["contact/1a", "capture/atari-go"] {
        let mut behind = 0;
        for seed in 1..=4 {
            // One player for both sides, as `goishi gtp` plays both (its tree kept between
            // the moves), for four moves each.
            let mut game = common::game(rules, Some((9, 9)));
            let mut p = player(common::config(500, seed));
            for _ in 0..8 {
                let color = game.side_to_move();
                let mv = p.genmove_dyn(&*game, color).unwrap();
                if mv == Move::Pass {
                    // A pass that lets the opponent end the game and win by passing too
                    // (or that ends it, lost, after the opponent's pass).
                    let mut after = game.clone_box();
                    after.play(Move::Pass).unwrap();
                    if !after.is_over() {
                        after.play(Move::Pass).unwrap();
                    }
                    if after.outcome().and_then(|r| r.winner()) == Some(color.opponent()) {
                        behind += 1;
                    }
                }
                game.play(mv).unwrap();
                if game.is_over() {
                    break;
                }
            }
        }
        assert_eq!(behind, 0, "{rules}: passes that lose");
    }
}

#[test]
fn a_lost_game_is_resigned_and_never_with_the_threshold_at_zero() {
    // White gives 30 points of komi on 5x5 (25 points): lost whatever it plays.
    let game = common::game("go/chinese:komi=-30", Some((5, 5)));
    let lost = MctsConfig {
        resign_min_moves: 0,
        resign_min_visits: 100,
        ..common::config(300, 11)
    };
    let r = player(lost).search_dyn(&*game, Color::White).unwrap();
    assert_eq!((r.mv, r.decision), (Move::Resign, Decision::Resign));
    game.check_move(Color::White, r.mv).unwrap();
    let never = MctsConfig {
        resign_threshold: 0.0,
        ..lost
    };
    let r = player(never).search_dyn(&*game, Color::White).unwrap();
    assert_ne!(r.mv, Move::Resign);
    // Not in the first moves of a game, by default.
    let r = player(common::config(300, 11))
        .search_dyn(&*game, Color::White)
        .unwrap();
    assert_ne!(r.mv, Move::Resign);
}

#[test]
fn two_threads_share_the_budget_and_the_tree() {
    for rules in ["go/chinese", "contact/2b", "capture/atari-go"] {
        let mut game = common::game(rules, Some((7, 7)));
        let mut p = player(common::config(300, 13).with_threads(2));
        for _ in 0..4 {
            // Two searchers are not deterministic: their moves may end a game early (a
            // capture in Atari Go, two passes).
            if game.is_over() {
                break;
            }
            let color = game.side_to_move();
            let r = p.search_dyn(&*game, color).unwrap();
            assert_eq!(r.playouts, 300, "{rules}");
            assert_eq!(r.visits, r.reused_visits + 300, "{rules}");
            // A node's first visits, before it was expanded, are in no child: fewer than
            // its expansion threshold (the larger, with Go's knowledge), and one a thread
            // that raced it.
            let below: u32 = r.moves.iter().map(|m| m.visits).sum();
            let unexpanded = TreeSettings::KNOWLEDGE.expand_after + 2;
            assert!(
                below <= r.visits && r.visits - below <= unexpanded,
                "{below} {}",
                r.visits
            );
            game.check_move(color, r.mv).unwrap();
            game.play_as(color, r.mv).unwrap();
        }
    }
}

#[test]
fn a_tree_at_its_node_limit_still_searches() {
    let game = common::game("go/chinese", Some((7, 7)));
    let config = MctsConfig {
        max_nodes: 1,
        ..common::config(200, 17)
    };
    let r = player(config).search(&game, Color::Black).unwrap();
    assert_eq!(r.playouts, 200);
    // The root and its children: nothing below.
    assert_eq!(r.nodes, 1 + 49 + 1);
    assert_eq!(r.pv.len(), 1);
}

/// The search behind the `Player` trait, on the trait object and on the concrete type: the
/// same seed and budget give the same move, and a finished game gives a pass.
#[test]
fn the_search_is_a_player() {
    use goishi::go::GoPosition;
    use goishi::FromSetup;
    use goishi_play::Player;
    let rules = goishi::Rules::parse("go/chinese").unwrap();
    let game = GoPosition::from_rules(&rules, Some((5, 5))).unwrap();
    let config = || {
        goishi_play::mcts::MctsConfig::default()
            .with_budget(goishi_play::mcts::Budget::playouts(64))
            .with_seed(3)
    };
    let mut a = goishi_play::MctsPlayer::new(config()).unwrap();
    let mut b = goishi_play::MctsPlayer::new(config()).unwrap();
    let by_dyn = Player::<dyn goishi::Position>::choose(&mut a, &game, goishi::Color::Black);
    let by_type = Player::<GoPosition>::choose(&mut b, &game, goishi::Color::Black);
    assert_eq!(by_dyn, by_type);
    assert!(game.is_legal(by_dyn), "{by_dyn:?}");
    let mut over = game.clone();
    over.play(goishi::Move::Pass).unwrap();
    over.play(goishi::Move::Pass).unwrap();
    assert!(over.is_over());
    assert_eq!(
        Player::<GoPosition>::choose(&mut a, &over, goishi::Color::Black),
        goishi::Move::Pass
    );
}

/// The playout moves of a one-thread search of `rules`' empty board with `policy`.
fn playout_moves(rules: &str, size: u32, policy: PlayoutPolicy) -> u64 {
    let game = common::game(rules, Some((size, size)));
    let config = common::config(100, 7).with_playout_policy(policy);
    let r = player(config).search_dyn(&*game, Color::Black).unwrap();
    assert_eq!(r.playouts, 100);
    r.playout_moves
}

#[test]
fn the_heavy_policy_changes_go_playouts_only() {
    // Go: the heavy policy answers ataris and captures, so its random games end a little
    // sooner (about 434 moves a 19x19 playout, the light ones about 446).
    let light = playout_moves("go/chinese", 19, PlayoutPolicy::Light);
    let heavy = playout_moves("go/chinese", 19, PlayoutPolicy::Heavy);
    assert!(heavy < light, "heavy {heavy}, light {light}");
    // The other families have no heavy policy: the same playouts for the same seed.
    for rules in ["contact/2b", "capture/atari-go"] {
        assert_eq!(
            playout_moves(rules, 9, PlayoutPolicy::Heavy),
            playout_moves(rules, 9, PlayoutPolicy::Light),
            "{rules}"
        );
    }
}

#[test]
fn an_unlimited_analysis_reports_as_it_runs_and_ends_when_stopped() {
    for rules in ["go/chinese", "contact/2b", "capture/atari-go"] {
        let game = common::game(rules, Some((7, 7)));
        let mut p = player(common::config(1, 3));
        // Without a stop flag, a search must have a limit.
        assert_eq!(
            p.analyze_dyn(&*game, Color::Black, Budget::UNLIMITED, Watch::default()),
            Err(SearchError::Config(ConfigError::Unbounded))
        );
        let stop = AtomicBool::new(false);
        let mut reports: Vec<SearchResult> = Vec::new();
        let mut on_report = |r: &SearchResult| {
            reports.push(r.clone());
            // Stopped from the report itself after a few, as a controller's next line does.
            if reports.len() == 4 {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let watch = Watch {
            stop: Some(&stop),
            on_report: Some(&mut on_report),
            every: Duration::from_millis(20),
            ..Watch::default()
        };
        let last = p
            .analyze_dyn(&*game, Color::Black, Budget::UNLIMITED, watch)
            .unwrap();
        assert!(reports.len() >= 4, "{rules}: {} reports", reports.len());
        // Each report holds whole playouts, more of them each time, and the answer all.
        for w in reports.windows(2) {
            assert!(w[0].playouts <= w[1].playouts, "{rules}");
        }
        let seen = reports.last().unwrap();
        assert!(
            seen.playouts > 0 && seen.playouts <= last.playouts,
            "{rules}"
        );
        assert_eq!(last.visits as u64, last.playouts, "{rules}");
        assert_eq!(
            last.moves.iter().map(|m| u64::from(m.visits)).sum::<u64>(),
            last.playouts,
            "{rules}"
        );
        assert!(game.check_move(Color::Black, last.mv).is_ok(), "{rules}");
    }
}

#[test]
fn a_report_with_one_thread_changes_nothing_of_the_search() {
    let seed = common::seed();
    for rules in ["go/chinese", "contact/2b"] {
        let game = common::game(rules, Some((6, 6)));
        let plain = player(common::config(300, seed))
            .search_dyn(&*game, Color::Black)
            .unwrap();
        let mut reports = 0;
        let mut on_report = |_: &SearchResult| reports += 1;
        let watched = player(common::config(300, seed))
            .analyze_dyn(
                &*game,
                Color::Black,
                Budget::playouts(300),
                Watch {
                    on_report: Some(&mut on_report),
                    every: Duration::from_millis(1),
                    ..Watch::default()
                },
            )
            .unwrap();
        assert_eq!(untimed(&watched), untimed(&plain), "{rules}");
    }
}

#[test]
fn the_score_statistics_follow_the_count_from_the_movers_side() {
    // Black owns a third of the board, White a third, and the komi gives White 20 more.
    for (komi, black_ahead) in [("0", true), ("-20", true), ("20", false)] {
        let game = two_walls(&format!("go/chinese:komi={komi}"));
        for color in [Color::Black, Color::White] {
            let r = player(common::config(300, 7).with_playout_policy(PlayoutPolicy::Light))
                .search_dyn(&*game, color)
                .unwrap();
            let ahead = (color == Color::Black) == black_ahead;
            let label = format!("komi {komi}, {color:?}: {}", r.score_mean);
            if komi != "0" {
                assert_eq!(r.score_mean > 0.0, ahead, "{label}");
            }
            assert!(r.score_stdev >= 0.0 && r.score_stdev < 49.0, "{label}");
            for m in &r.moves {
                assert!(m.score_mean.abs() <= 49.0 + 20.0, "{label}");
                // The winner of a playout is the side its count favours.
                if m.win_rate == 1.0 {
                    assert!(m.score_mean > 0.0, "{label}");
                }
                if m.win_rate == 0.0 {
                    assert!(m.score_mean < 0.0, "{label}");
                }
            }
        }
    }
}

#[test]
fn each_move_has_its_prior_its_variation_and_its_ownership() {
    for (rules, policy) in [
        ("go/chinese", PlayoutPolicy::Heavy),
        ("go/chinese", PlayoutPolicy::Light),
        ("contact/2b", PlayoutPolicy::Heavy),
    ] {
        let game = common::game(rules, Some((7, 7)));
        let mut p = player(common::config(400, 11).with_playout_policy(policy));
        let r = p
            .analyze_dyn(
                &*game,
                Color::Black,
                Budget::playouts(400),
                Watch {
                    moves_ownership: true,
                    ..Watch::default()
                },
            )
            .unwrap();
        let label = format!("{rules} {policy}");
        let priors: f64 = r.moves.iter().map(|m| m.prior).sum();
        assert!(priors > 0.0 && priors <= 1.0 + 1e-9, "{label}: {priors}");
        if policy == PlayoutPolicy::Light {
            // No priors: the same for every move of the root.
            assert!(
                r.moves
                    .windows(2)
                    .all(|w| (w[0].prior - w[1].prior).abs() < 1e-12),
                "{label}"
            );
        }
        for m in &r.moves {
            assert_eq!(m.pv[0], m.mv, "{label}");
            assert_eq!(m.pv_visits[0], m.visits, "{label}");
            assert!(m.pv_visits.windows(2).all(|w| w[0] >= w[1]), "{label}");
            let own = m.ownership.as_ref().expect("asked for");
            assert_eq!(own.len(), 49, "{label}");
            assert!(own.iter().all(|o| (-1.0..=1.0).contains(o)), "{label}");
        }
        // Every playout goes through one root move: their ownership, weighed by their
        // playouts, is the root's.
        for (i, &o) in r.ownership.iter().enumerate() {
            let sum: f64 = r
                .moves
                .iter()
                .map(|m| m.ownership.as_ref().unwrap()[i] * f64::from(m.visits))
                .sum();
            assert!(
                (sum / r.playouts as f64 - o).abs() < 1e-9,
                "{label}: point {i}"
            );
        }
        assert_eq!(r.pv, r.moves[0].pv, "{label}");
        // Without asking, no ownership per move.
        let plain = player(common::config(50, 11))
            .search_dyn(&*game, Color::Black)
            .unwrap();
        assert!(plain.moves.iter().all(|m| m.ownership.is_none()), "{label}");
    }
}

#[test]
fn moves_can_be_avoided_or_allowed_near_the_root() {
    let game = common::game("go/chinese", Some((7, 7)));
    let corners: Vec<Move> = ["A1", "G7"]
        .iter()
        .map(|n| Move::Place(at(&*game, n)))
        .collect();
    let allow = [MoveFilter {
        color: Color::Black,
        moves: &corners,
        allow: true,
        until_depth: 1,
    }];
    let mut p = player(common::config(200, 1));
    // A searched tree first: the filtered search does not reuse it, nor keep its own.
    p.search_dyn(&*game, Color::Black).unwrap();
    let watch = |filters| Watch {
        filters,
        ..Watch::default()
    };
    let r = p
        .analyze_dyn(&*game, Color::Black, Budget::playouts(200), watch(&allow))
        .unwrap();
    // A pass is never filtered out (here, with a komi of 7.5 on 7x7, no worse than a corner).
    assert!(corners.contains(&r.mv) || r.mv == Move::Pass, "{r:?}");
    assert!(r
        .moves
        .iter()
        .all(|m| corners.contains(&m.mv) || m.mv == Move::Pass));
    assert_eq!(r.reused_visits, 0);
    // Deeper than the filter's plies, Black plays anywhere again (ply 2: Black's second).
    assert!(r.pv.iter().skip(2).step_by(2).any(|m| !corners.contains(m)) || r.pv.len() < 3);
    let next = p.search_dyn(&*game, Color::Black).unwrap();
    assert_eq!(next.reused_visits, 0);
    assert!(next.moves.len() > 3);

    // Avoided for three plies: neither Black's first move nor its second is a corner; the
    // filter of White's moves leaves Black's alone.
    let avoid = [
        MoveFilter {
            color: Color::Black,
            moves: &corners,
            allow: false,
            until_depth: 3,
        },
        MoveFilter {
            color: Color::White,
            moves: &corners[..1],
            allow: true,
            until_depth: 2,
        },
    ];
    let mut p = player(common::config(400, 2).with_playout_policy(PlayoutPolicy::Light));
    let r = p
        .analyze_dyn(&*game, Color::Black, Budget::playouts(400), watch(&avoid))
        .unwrap();
    assert!(r.moves.iter().all(|m| !corners.contains(&m.mv)));
    for m in &r.moves {
        if let Some(second) = m.pv.get(2) {
            assert!(!corners.contains(second), "{:?}", m.pv);
        }
        if let Some(&reply) = m.pv.get(1) {
            assert!(reply == corners[0] || reply == Move::Pass, "{:?}", m.pv);
        }
    }
    assert!(MoveFilter::keeps(&avoid, Color::Black, 3, corners[0]));
    assert!(!MoveFilter::keeps(&avoid, Color::Black, 2, corners[1]));
    assert!(MoveFilter::keeps(&avoid, Color::Black, 0, Move::Pass));

    // Forced, the only move is searched and reported.
    let occupied = {
        let mut g = common::game("go/chinese", Some((7, 7)));
        g.play_as(Color::Black, Move::Place(at(&*g, "D4"))).unwrap();
        g
    };
    let d4 = [Move::Place(at(&*occupied, "D4"))];
    let only_d4 = [MoveFilter {
        color: Color::White,
        moves: &d4,
        allow: true,
        until_depth: 1,
    }];
    let r = p
        .analyze_dyn(
            &*occupied,
            Color::White,
            Budget::playouts(20),
            Watch {
                filters: &only_d4,
                force: true,
                ..Watch::default()
            },
        )
        .unwrap();
    assert_eq!(r.mv, Move::Pass);
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.moves[0].visits, 20);
}
