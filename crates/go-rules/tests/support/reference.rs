//! The plain reference model of Go, written straight from the spec (flood fills, whole
//! boards kept in the history): shared by the reference test (`tests/it/reference.rs`) and the
//! differential fuzz target (`fuzz/fuzz_targets/go_reference.rs`), which include this file
//! with `#[path]`.

use goishi_board::{
    cell_of, Adjacency, Color, Geometry, IllegalMove, Move, Point, Position, Setup, EMPTY,
};
use goishi_go_rules::{Cycles, GoConfig, GoPosition, Ko, Suicide};

/// A point, the model's judgement of a play there, and the board the play makes when legal.
pub type Judged = (usize, Result<(), IllegalMove>, Option<Vec<u8>>);

#[derive(Clone)]
pub struct State {
    pub cells: Vec<u8>,
    pub to_move: Color,
}

/// Go by the letter of the spec: no incremental anything.
pub struct Reference {
    pub geometry: Geometry,
    pub adjacency: Adjacency,
    pub config: GoConfig,
    pub cells: Vec<u8>,
    pub side: Color,
    /// (turn, board before it, board after it)
    pub moves: Vec<(Color, Move, Vec<u8>)>,
    pub initial: State,
    pub passes: u32,
    pub button: Option<Color>,
    pub over: bool,
    pub captures: [u32; 2],
}

impl Reference {
    pub fn new(setup: &Setup, config: GoConfig) -> Reference {
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

    /// The stones of the chain through the stone at `p` (`p` first) and its liberties, in
    /// point order, by a flood fill.
    fn chain_and_liberties(&self, cells: &[u8], p: usize) -> (Vec<usize>, Vec<usize>) {
        let nb = self.geometry.neighbors(self.adjacency).unwrap();
        let color = cells[p];
        let mut chain = vec![p];
        let mut seen = vec![false; cells.len()];
        seen[p] = true;
        let mut libs = Vec::new();
        let mut i = 0;
        while i < chain.len() {
            for q in nb.of(Point::new(chain[i])) {
                let q = q.index();
                if cells[q] == EMPTY {
                    if !seen[q] {
                        seen[q] = true;
                        libs.push(q);
                    }
                } else if cells[q] == color && !seen[q] {
                    seen[q] = true;
                    chain.push(q);
                }
            }
            i += 1;
        }
        libs.sort_unstable();
        (chain, libs)
    }

    /// Whether the chain through the stone at `p` has no liberty, with the stones of it the
    /// flood fill met: a flood fill that stops at the first liberty it meets (all the chain's
    /// stones when it met none). `seen` is all false, and is left so.
    fn dead_chain(&self, cells: &[u8], p: usize, seen: &mut [bool]) -> (bool, Vec<usize>) {
        let nb = self.geometry.neighbors(self.adjacency).unwrap();
        let color = cells[p];
        let mut chain = vec![p];
        seen[p] = true;
        let mut i = 0;
        let mut alive = false;
        'flood: while i < chain.len() {
            for q in nb.of(Point::new(chain[i])) {
                let q = q.index();
                if cells[q] == EMPTY {
                    alive = true;
                    break 'flood;
                } else if cells[q] == color && !seen[q] {
                    seen[q] = true;
                    chain.push(q);
                }
            }
            i += 1;
        }
        for &s in &chain {
            seen[s] = false;
        }
        (!alive, chain)
    }

    /// Checks the engine's chain reads at every point (and one off the board) against flood
    /// fills of the board now: `chain_size`, `chain_points`, `liberties`, `same_chain`,
    /// `atari_liberty`, and `chain_liberties` with room for 0 to 3 liberties (the count to one
    /// more than fits, distinct liberties of the chain). The position must hold this model's
    /// board.
    pub fn check_chain_reads(&self, game: &GoPosition, context: &str) {
        let n = self.cells.len();
        self.check_chain_reads_at(game, 0..n, context);
        let off = Point::new(n);
        assert_eq!(game.chain_size(off), 0, "{context}: off the board");
        assert_eq!(game.liberties(off), 0, "{context}: off the board");
        assert!(
            game.chain_points(off).is_empty(),
            "{context}: off the board"
        );
        assert_eq!(
            game.chain_liberties(off, &mut [Point::new(0); 2]),
            0,
            "{context}"
        );
    }

    /// The checks of [`Reference::check_chain_reads`] at the given points only.
    pub fn check_chain_reads_at(
        &self,
        game: &GoPosition,
        points: impl IntoIterator<Item = usize>,
        context: &str,
    ) {
        for p in points {
            let at = Point::new(p);
            let (chain, libs) = if self.cells[p] == EMPTY {
                (Vec::new(), Vec::new())
            } else {
                self.chain_and_liberties(&self.cells, p)
            };
            assert_eq!(
                game.chain_size(at),
                chain.len(),
                "{context}: chain size at {p}"
            );
            for &s in &chain {
                assert!(game.same_chain(at, Point::new(s)), "{context}: {p} and {s}");
            }
            assert_eq!(
                game.liberties(at),
                libs.len(),
                "{context}: liberties of {p}"
            );
            let mut points: Vec<usize> = game.chain_points(at).iter().map(|q| q.index()).collect();
            points.sort_unstable();
            let mut stones = chain.clone();
            stones.sort_unstable();
            assert_eq!(points, stones, "{context}: the chain through {p}");
            let atari = (libs.len() == 1).then(|| Point::new(libs[0]));
            assert_eq!(game.atari_liberty(at), atari, "{context}: atari at {p}");
            for room in 0..4 {
                let mut out = [Point::new(0); 3];
                let found = game.chain_liberties(at, &mut out[..room]);
                let want = if chain.is_empty() {
                    0
                } else {
                    libs.len().min(room + 1)
                };
                assert_eq!(found, want, "{context}: liberties at {p}, room {room}");
                let listed = &out[..found.min(room)];
                for (k, q) in listed.iter().enumerate() {
                    assert!(
                        libs.contains(&q.index()),
                        "{context}: {q:?} is no liberty of {p}"
                    );
                    assert!(!listed[..k].contains(q), "{context}: {q:?} listed twice");
                }
            }
        }
    }

    /// Removes every chain of `color` without a liberty; returns how many stones. A flood
    /// fill from each stone in point order not yet known alive or removed, which stops at the
    /// first liberty: the stones it met are alive (they belong to a chain with a liberty),
    /// or, when it met none, the whole chain goes.
    fn remove_dead(&self, cells: &mut [u8], color: Color) -> u32 {
        let mut removed = 0;
        let mut known = vec![false; cells.len()];
        let mut seen = vec![false; cells.len()];
        for p in 0..cells.len() {
            if cells[p] == cell_of(color) && !known[p] {
                let (dead, stones) = self.dead_chain(cells, p, &mut seen);
                for s in stones {
                    known[s] = true;
                    if dead {
                        cells[s] = EMPTY;
                        removed += 1;
                    }
                }
            }
        }
        removed
    }

    /// Every (board, side to move) the game has been in, oldest first (borrowed: a copy of
    /// every board of the game for every point tried was most of the model's time).
    fn states(&self) -> Vec<(&[u8], Color)> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        out.push((self.initial.cells.as_slice(), self.initial.to_move));
        for (color, _, after) in &self.moves {
            out.push((after.as_slice(), color.opponent()));
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
                    let before_last = states[states.len() - 2].0;
                    (before_last == cells.as_slice()).then_some(IllegalMove::Ko)
                }
                _ => None,
            },
            Ko::Positional => states
                .iter()
                .any(|&(board, _)| board == cells.as_slice())
                .then_some(IllegalMove::Superko),
            Ko::Situational => states
                .iter()
                .any(|&(board, to_move)| board == cells.as_slice() && to_move == color.opponent())
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
                    .any(|&(board, _)| board == cells.as_slice())
                    .then_some(IllegalMove::Superko)
            }
        };
        match repeated {
            Some(reason) => Err(reason),
            None => Ok((cells, captured, own)),
        }
    }

    pub fn play(&mut self, color: Color, mv: Move) {
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
                    let now = states.last().unwrap().0;
                    let count = states[from..]
                        .iter()
                        .filter(|&&(board, _)| board == now)
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

    /// Every point with the model's judgement of a play of `color` there, and the board
    /// that play makes when it is legal (judged once, for `check_move`, `play_as` and
    /// `try_place` alike).
    pub fn legal(&self, color: Color) -> Vec<Judged> {
        (0..self.cells.len())
            .map(|p| self.judge(color, p))
            .collect()
    }

    /// The model's judgement of a play of `color` at `p`, and the board it makes when legal.
    pub fn judge(&self, color: Color, p: usize) -> Judged {
        match self.result_of(color, p) {
            Ok((cells, _, _)) => (p, Ok(()), Some(cells)),
            Err(e) => (p, Err(e), None),
        }
    }
}

/// Checks the engine's bit set of actions (`Position::legal_action_bits`: the legal points,
/// then pass as the last bit) against `moves`, the legal list (empty once the game is over):
/// the same moves, their count, and every other bit cleared, a word too many included.
/// Checks `GoPosition::try_place` of `color` at `p` (the playouts' entry, with quick answers of
/// its own) against the model's `expected` board after the play (`None`: illegal, see
/// [`Reference::legal`]): played exactly when legal, making that board, and, once taken back
/// or refused, the game as it was (board and history).
pub fn check_try_place(
    game: &mut GoPosition,
    color: Color,
    p: usize,
    expected: Option<&[u8]>,
    context: &str,
) {
    let (board, moves) = (game.board().clone(), game.history().len());
    if game.try_place(color, Point::new(p)) {
        assert!(
            Some(game.board().cells()) == expected,
            "{context}: try_place {p} played, the model says {}",
            if expected.is_some() {
                "another board"
            } else {
                "illegal"
            }
        );
        game.undo().expect("a move to undo");
    } else {
        assert!(
            expected.is_none(),
            "{context}: try_place {p} refused a legal play"
        );
    }
    assert!(
        game.board() == &board && game.history().len() == moves,
        "{context}: try_place {p} changed the game"
    );
}

pub fn check_action_bits(game: &GoPosition, moves: &[Move], context: &str) {
    let pass = game.geometry().num_points();
    let mut bits = vec![u64::MAX; (pass + 1).div_ceil(64) + 1];
    let count = game.legal_action_bits(&mut bits, &mut Vec::new());
    let from_bits: Vec<Move> = (0..64 * bits.len())
        .filter(|&i| bits[i / 64] >> (i % 64) & 1 == 1)
        .map(|i| {
            if i == pass {
                Move::Pass
            } else {
                Move::Place(Point::new(i))
            }
        })
        .collect();
    assert_eq!(from_bits, moves, "{context}: legal bits");
    assert_eq!(count, moves.len(), "{context}: legal bits");
}
