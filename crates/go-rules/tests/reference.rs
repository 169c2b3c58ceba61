//! The engine against a plain reference implementation written straight from the spec
//! (flood fills, whole boards kept in the history), on seeded random games under every ko
//! and suicide rule and on every kind of geometry. After every move both must agree on the
//! board, the legal moves (with the reason for each illegal point), the end of the game and
//! the captures; undo must give back exactly the earlier position.
//!
//! `GOISHI_SLOW=1` plays many more games. A failure prints the seed and the moves.

use goishi_board::{
    cell_of, color_of, Adjacency, Board, Color, FromSetup, Geometry, IllegalMove, Move, Point,
    Position, Rules, Setup, EMPTY,
};
use goishi_go_rules::{Cycles, GoConfig, GoPosition, Ko, Suicide};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone)]
struct State {
    cells: Vec<u8>,
    to_move: Color,
}

/// Go by the letter of the spec: no incremental anything.
struct Reference {
    geometry: Geometry,
    adjacency: Adjacency,
    config: GoConfig,
    cells: Vec<u8>,
    side: Color,
    /// (turn, board before it, board after it)
    moves: Vec<(Color, Move, Vec<u8>)>,
    initial: State,
    passes: u32,
    button: Option<Color>,
    over: bool,
    captures: [u32; 2],
}

impl Reference {
    fn new(setup: &Setup, config: GoConfig) -> Reference {
        let g = setup.board.geometry().clone();
        let cells = setup.board.cells().to_vec();
        Reference {
            adjacency: g.default_adjacency(),
            geometry: g,
            config,
            initial: State {
                cells: cells.clone(),
                to_move: setup.to_move,
            },
            cells,
            side: setup.to_move,
            moves: Vec::new(),
            passes: 0,
            button: None,
            over: false,
            captures: [0; 2],
        }
    }

    fn chain_and_libs(&self, cells: &[u8], p: usize) -> (Vec<usize>, usize) {
        let nb = self.geometry.neighbors(self.adjacency).unwrap();
        let color = cells[p];
        let mut chain = vec![p];
        let mut seen = vec![false; cells.len()];
        seen[p] = true;
        let mut libs = vec![false; cells.len()];
        let mut i = 0;
        while i < chain.len() {
            for q in nb.of(Point::new(chain[i])) {
                let q = q.index();
                if cells[q] == EMPTY {
                    libs[q] = true;
                } else if cells[q] == color && !seen[q] {
                    seen[q] = true;
                    chain.push(q);
                }
            }
            i += 1;
        }
        (chain, libs.iter().filter(|&&l| l).count())
    }

    /// Removes every chain of `color` without a liberty; returns how many stones.
    fn remove_dead(&self, cells: &mut [u8], color: Color) -> u32 {
        let mut removed = 0;
        for p in 0..cells.len() {
            if cells[p] == cell_of(color) {
                let (chain, libs) = self.chain_and_libs(cells, p);
                if libs == 0 {
                    for s in chain {
                        cells[s] = EMPTY;
                        removed += 1;
                    }
                }
            }
        }
        removed
    }

    /// Every (board, side to move) the game has been in, oldest first.
    fn states(&self) -> Vec<State> {
        let mut out = vec![self.initial.clone()];
        for (color, _, after) in &self.moves {
            out.push(State {
                cells: after.clone(),
                to_move: color.opponent(),
            });
        }
        out
    }

    fn result_of(&self, color: Color, p: usize) -> Result<(Vec<u8>, u32, u32), IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        if self.cells[p] != EMPTY {
            return Err(IllegalMove::Occupied);
        }
        let mut cells = self.cells.clone();
        cells[p] = cell_of(color);
        let captured = self.remove_dead(&mut cells, color.opponent());
        let own = self.remove_dead(&mut cells, color);
        match self.config.suicide {
            Suicide::Forbidden if own > 0 => return Err(IllegalMove::Suicide),
            Suicide::MultiStone if own == 1 => return Err(IllegalMove::Suicide),
            _ => {}
        }
        let states = self.states();
        let repeated = match self.config.ko {
            Ko::None => None,
            Ko::Simple => match self.moves.last() {
                Some((c, Move::Place(_), _)) if *c != color && own == 0 => {
                    let before_last = &states[states.len() - 2].cells;
                    (*before_last == cells).then_some(IllegalMove::Ko)
                }
                _ => None,
            },
            Ko::Positional => states
                .iter()
                .any(|s| s.cells == cells)
                .then_some(IllegalMove::Superko),
            Ko::Situational => states
                .iter()
                .any(|s| s.cells == cells && s.to_move == color.opponent())
                .then_some(IllegalMove::Superko),
            Ko::NaturalSituational => self
                .moves
                .iter()
                .any(|(c, m, after)| *c == color && matches!(m, Move::Place(_)) && *after == cells)
                .then_some(IllegalMove::Superko),
            Ko::Spight => {
                let last_pass = self.moves.iter().rposition(|(_, m, _)| *m == Move::Pass);
                let since = last_pass.map_or(0, |i| i + 1);
                states[since..]
                    .iter()
                    .any(|s| s.cells == cells)
                    .then_some(IllegalMove::Superko)
            }
        };
        match repeated {
            Some(reason) => Err(reason),
            None => Ok((cells, captured, own)),
        }
    }

    fn play(&mut self, color: Color, mv: Move) {
        match mv {
            Move::Place(p) => {
                let (cells, captured, own) = self.result_of(color, p.index()).unwrap();
                self.captures[color.index()] += captured;
                self.captures[color.opponent().index()] += own;
                self.cells = cells.clone();
                self.moves.push((color, mv, cells));
                self.passes = 0;
                self.side = color.opponent();
                if self.config.cycles == Cycles::NoResult {
                    let last_pass = self.moves.iter().rposition(|(_, m, _)| *m == Move::Pass);
                    let states = self.states();
                    let from = last_pass.map_or(0, |i| i + 1);
                    let now = states.last().unwrap().clone();
                    let count = states[from..]
                        .iter()
                        .filter(|s| s.cells == now.cells)
                        .count();
                    if count >= 3 {
                        self.over = true;
                    }
                }
            }
            Move::Pass => {
                if self.config.pass_stones {
                    self.captures[color.opponent().index()] += 1;
                }
                let from_state = (self.cells.clone(), color);
                let spight_repeat = self.moves.iter().enumerate().any(|(i, (c, m, _))| {
                    *m == Move::Pass && *c == color && {
                        let before = if i == 0 {
                            &self.initial.cells
                        } else {
                            &self.moves[i - 1].2
                        };
                        *before == from_state.0
                    }
                });
                if self.config.button && self.button.is_none() {
                    self.button = Some(color);
                } else {
                    self.passes += 1;
                }
                self.moves.push((color, mv, self.cells.clone()));
                self.side = color.opponent();
                if self.config.ko == Ko::Spight {
                    self.over = spight_repeat;
                } else if self.passes >= 2 && (!self.config.pass_stones || color == Color::White) {
                    self.over = true;
                }
            }
            Move::Resign => unreachable!("the random games never resign"),
        }
    }

    fn legal(&self, color: Color) -> Vec<(usize, Result<(), IllegalMove>)> {
        (0..self.cells.len())
            .map(|p| (p, self.result_of(color, p).map(|_| ())))
            .collect()
    }
}

fn geometries() -> Vec<Geometry> {
    vec![
        Geometry::square(3).unwrap(),
        Geometry::square(4).unwrap(),
        Geometry::rect(5, 3).unwrap(),
        Geometry::square(7).unwrap(),
        Geometry::torus(4, 4).unwrap(),
        Geometry::torus(3, 5).unwrap(),
        Geometry::hex(4, 4).unwrap(),
        Geometry::parse_graph("a b\nb c\nc d\nd a\na c\nd e\ne f\nf g\ng e\nh\n", "test").unwrap(),
        Geometry::square(1).unwrap(),
        Geometry::square(2).unwrap(),
        wheel(70),
    ]
}

/// A hub joined to `spokes` points that form a ring: a point with more neighbours than the
/// engine's mask of captured neighbours has bits.
fn wheel(spokes: usize) -> Geometry {
    let text: String = (0..spokes)
        .map(|i| format!("hub s{i}\ns{i} s{}\n", (i + 1) % spokes))
        .collect();
    Geometry::parse_graph(&text, "wheel").unwrap()
}

fn run(seed: u64, geometry: &Geometry, rules: &Rules, moves_cap: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let setup = Setup::new(rules.clone(), geometry.clone());
    let config = GoConfig::from_rules(rules).unwrap();
    let mut game = GoPosition::from_setup(setup.clone()).unwrap();
    let mut reference = Reference::new(&setup, config);
    let mut snapshots: Vec<(Board, Vec<Move>, [u32; 2])> = Vec::new();
    let mut moves = Vec::new();
    let mut played: Vec<String> = Vec::new();
    let context = |played: &[String]| {
        format!(
            "seed {seed}, {} on {}, moves: {}",
            rules,
            geometry.describe(),
            played.join(" ")
        )
    };
    for _ in 0..moves_cap {
        let side = game.side_to_move();
        // Legality, point by point, with the reasons.
        for (p, expected) in reference.legal(side) {
            let got = game.check_move(side, Move::Place(Point::new(p)));
            assert_eq!(
                got,
                expected,
                "{}: {} at {}",
                context(&played),
                side,
                geometry.point_name(Point::new(p))
            );
            // Playing it agrees (the engine plays superko candidates and takes them back),
            // and a refused play leaves everything as it was.
            let before = (
                game.board().clone(),
                game.history().len(),
                [game.captures(Color::Black), game.captures(Color::White)],
                game.empty_points().to_vec(),
            );
            match game.play_as(side, Move::Place(Point::new(p))) {
                Ok(_) => {
                    assert!(expected.is_ok(), "{}: played {p}", context(&played));
                    game.undo().unwrap();
                }
                Err(e) => assert_eq!(Err(e.reason), expected, "{}", context(&played)),
            }
            let after = (
                game.board().clone(),
                game.history().len(),
                [game.captures(Color::Black), game.captures(Color::White)],
                game.empty_points().to_vec(),
            );
            assert_eq!(after, before, "{}: tried {p}", context(&played));
            assert_eq!(game.side_to_move(), side, "{}", context(&played));
        }
        assert_eq!(game.is_over(), reference.over, "{}", context(&played));
        if game.is_over() {
            break;
        }
        game.legal_moves(&mut moves);
        // The list is the points `check_move` allows, in point order, then a pass.
        let allowed: Vec<Move> = geometry
            .points()
            .map(Move::Place)
            .filter(|&mv| game.check_move(side, mv).is_ok())
            .chain([Move::Pass])
            .collect();
        assert_eq!(moves, allowed, "{}: legal list", context(&played));
        snapshots.push((
            game.board().clone(),
            moves.clone(),
            [game.captures(Color::Black), game.captures(Color::White)],
        ));
        // Pass now and then, more often when few moves are left.
        let mv = if rng.random_range(0..moves.len().max(2) + 3) < 2 {
            Move::Pass
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        played.push(format!("{} {}", side, mv.name(geometry)));
        game.play(mv).unwrap();
        reference.play(side, mv);
        assert_eq!(
            game.board().cells(),
            reference.cells.as_slice(),
            "{}",
            context(&played)
        );
        assert_eq!(
            game.board().hash(),
            game.board().recompute_hash(),
            "{}",
            context(&played)
        );
        assert_eq!(
            [game.captures(Color::Black), game.captures(Color::White)],
            reference.captures,
            "{}",
            context(&played)
        );
        // Undo and redo now and then: everything must come back.
        if rng.random_range(0..4) == 0 {
            let turn = game.undo().unwrap();
            let (board, legal, captures) = snapshots.last().unwrap();
            assert_eq!(game.board(), board, "{} (after undo)", context(&played));
            assert_eq!(game.board().hash(), board.hash(), "{}", context(&played));
            let mut again = Vec::new();
            game.legal_moves(&mut again);
            assert_eq!(
                &again,
                legal,
                "{} (legal moves after undo)",
                context(&played)
            );
            assert_eq!(
                [game.captures(Color::Black), game.captures(Color::White)],
                *captures
            );
            game.play_as(turn.color, turn.mv).unwrap();
        }
    }
    // Undo the whole game: back to the setup.
    while game.undo().is_some() {}
    assert_eq!(game.board(), &setup.board, "{}", context(&played));
    let _ = color_of(0);
}

fn games() -> u64 {
    if std::env::var_os("GOISHI_SLOW").is_some() {
        40
    } else {
        3
    }
}

/// Games per rule on a geometry: fewer on the large wheel, whose flood fills make the
/// reference slow.
fn games_on(g: &Geometry) -> u64 {
    if g.num_points() > 64 {
        games().div_ceil(10)
    } else {
        games()
    }
}

#[test]
fn engine_matches_reference_under_every_ko_and_suicide_rule() {
    let geometries = geometries();
    let mut seed = 0;
    for ko in Ko::NAMES {
        for suicide in Suicide::NAMES {
            let rules =
                Rules::parse(&format!("go/tromp-taylor:ko={ko},suicide={suicide}")).unwrap();
            for g in &geometries {
                for _ in 0..games_on(g) {
                    seed += 1;
                    run(seed, g, &rules, 3 * g.num_points() + 20);
                }
            }
        }
    }
}

#[test]
fn engine_matches_reference_with_cycles_button_and_pass_stones() {
    let geometries = geometries();
    let mut seed = 10_000;
    for extra in [
        "ko=simple,cycles=no-result",
        "ko=positional,cycles=no-result",
        "ko=none,cycles=no-result,suicide=allowed",
        "button=true",
        "pass-stones=true,ko=situational",
        "button=true,ko=spight",
    ] {
        let rules = Rules::parse(&format!("go/tromp-taylor:{extra}")).unwrap();
        for g in &geometries {
            for _ in 0..games_on(g) {
                seed += 1;
                run(seed, g, &rules, 3 * g.num_points() + 20);
            }
        }
    }
}
