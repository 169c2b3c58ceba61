//! Dead stones: which stones of a Go position that has ended (or of any position) are alive,
//! dead or in seki, for the count of a finished game ([`estimate_dead`]).
//!
//! # How the stones are judged
//!
//! 1. **Certain.** Benson's algorithm (`goishi::go::benson`, valid under every suicide rule)
//!    on the board as it stands: the pass-alive chains of each colour are alive, and the
//!    opponent stones inside a colour's pass-alive territory are dead, whatever the playouts
//!    say. Their points get ownership +1 or -1 exactly.
//! 2. **Playouts.** The other stones are judged from the ownership of `playouts` random games
//!    played from the position with the family's own playout policy
//!    ([`PlayoutPosition::playout_move`]: a random legal point that does not fill one of the
//!    mover's own eyes ([`goishi::playout::is_own_eye`]), a pass when none is left), each to its end or
//!    3 x points moves. A playout's owner of a point is the colour of its stone, or for an
//!    empty point whose neighbours are all stones of one colour, that colour
//!    ([`PlayoutPosition::add_ownership`]). A game ended by passes is played on from before
//!    those passes; the playouts alternate who moves first (the side to move, then the other
//!    after a pass), so that neither side gets the first move in every playout. A chain is
//!    dead, unless it is in seki, when the opponent's average ownership of its points is
//!    more than `threshold`.
//! 3. **Seki**, decided before the playouts' verdict. On the board with the certain dead
//!    stones taken off, a chain that is not pass-alive is in seki when it has at least two
//!    liberties, shares one with a chain of the opponent that is also in seki, the opponent
//!    cannot approach it (a stone of the opponent on any of its liberties would capture
//!    nothing and be left with at most one liberty: atari or suicide), and the opponent
//!    does not own it on average by more than 0.5 in the playouts (random playouts break a
//!    seki by whoever fills a shared liberty first, which leaves a seki chain near 0 when
//!    the first mover alternates; a dead chain is owned by the opponent in nearly every
//!    playout). Seki stones are alive for the count (their shared liberties are dame).
//!
//! The estimate is deterministic for a given position, seed and budget. Only families that
//! count a finished game with dead stones taken off (Go:
//! [`PlayoutPosition::counts_dead_stones`]) are judged: in contact capture and capture Go,
//! whose games end by a capture goal or count every stone on the board, no stone is dead and
//! no playout is run (the ownership is then the board's: each stone's colour, and in capture
//! Go the single-point eyes).
//!
//! ```
//! use goishi::go::GoPosition;
//! use goishi::{Color, FromSetup, Move, Position, Rules};
//! use goishi_play::{estimate_dead, DeadConfig};
//!
//! let rules = Rules::parse("go/chinese").unwrap();
//! let mut game = GoPosition::from_rules(&rules, Some((5, 5))).unwrap();
//! game.play(Move::Pass).unwrap();
//! game.play(Move::Pass).unwrap();
//! let judgement = estimate_dead(&game, &DeadConfig::default());
//! assert!(judgement.dead_points().is_empty());
//! assert_eq!(judgement.score(&game), game.score(&[]));
//! ```

use goishi::{
    Board, Color, Move, PlayoutPosition, Point, Position, PositionVisitor, Score, VariantPosition,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The settings of [`estimate_dead`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeadConfig {
    /// How many random playouts to run (0: none, then only Benson's algorithm judges and
    /// every other stone is alive). Default 1,000.
    pub playouts: usize,
    /// The seed of the playouts. Default 0.
    pub seed: u64,
    /// A chain is dead when the opponent's average ownership of its points (from -1 to 1)
    /// is more than this. Default 0.0: the opponent owns its points in most playouts.
    pub threshold: f32,
}

impl DeadConfig {
    /// The default number of playouts.
    pub const DEFAULT_PLAYOUTS: usize = 1000;
    /// The most playouts a front end should ask for (a thousand times the default: beyond
    /// it, the estimate takes hours on a big board and is no better). Front ends that take
    /// the budget from a user refuse more.
    pub const MAX_PLAYOUTS: usize = 1_000_000;
}

impl Default for DeadConfig {
    fn default() -> Self {
        DeadConfig {
            playouts: Self::DEFAULT_PLAYOUTS,
            seed: 0,
            threshold: 0.0,
        }
    }
}

/// The status of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StoneStatus {
    /// Alive: counted as it stands.
    Alive,
    /// Dead: taken off before counting (a prisoner of the opponent under territory scoring).
    Dead,
    /// Alive in seki with a chain of the opponent (counted as alive; the shared liberties are
    /// dame).
    Seki,
}

/// The judgement of every stone of a position (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// Per point: the status of its stone, `None` for an empty point.
    status: Vec<Option<StoneStatus>>,
    /// Per point: whether Benson's algorithm decided it.
    certain: Vec<bool>,
    /// Per point: the average owner, +1 Black, -1 White.
    ownership: Vec<f32>,
    /// Playouts run.
    playouts: usize,
}

/// Judges the stones of `position` (see the module docs): Benson's algorithm, then seki and
/// the ownership of `config.playouts` random playouts. Deterministic for a position,
/// a seed and a budget; nothing is dead in families that are not Go.
pub fn estimate_dead<P: PlayoutPosition>(position: &P, config: &DeadConfig) -> Judgement {
    if !position.counts_dead_stones() {
        return Judgement::all_alive(position);
    }
    let (ownership, playouts) = playout_ownership(position, config);
    let mut judgement = Judgement::from_ownership(position, &ownership, config);
    judgement.playouts = playouts;
    judgement
}

/// [`estimate_dead`] through the object-safe trait: Go, contact capture and capture Go run on
/// their concrete types (no dynamic dispatch per playout move), any other variant on a boxed
/// copy.
pub fn estimate_dead_dyn(position: &dyn Position, config: &DeadConfig) -> Judgement {
    struct Estimate<'a>(&'a DeadConfig);
    impl PositionVisitor for Estimate<'_> {
        type Output = Judgement;
        fn visit<P: PlayoutPosition>(self, position: &P) -> Judgement {
            estimate_dead(position, self.0)
        }
    }
    VariantPosition::from_position(position).visit(Estimate(config))
}

impl Judgement {
    /// The status of the stone on `p`: `None` for an empty point or a point off the board.
    pub fn status(&self, p: Point) -> Option<StoneStatus> {
        self.status.get(p.index()).copied().flatten()
    }

    /// The status of every point, in point order (`None` for an empty point).
    pub fn statuses(&self) -> &[Option<StoneStatus>] {
        &self.status
    }

    /// Whether Benson's algorithm decided the stone on `p` (a pass-alive chain, or a stone
    /// inside the opponent's pass-alive territory).
    pub fn is_certain(&self, p: Point) -> bool {
        self.certain.get(p.index()).copied().unwrap_or(false)
    }

    /// The average owner of every point, in point order: +1 Black, -1 White; exactly +1 or
    /// -1 on the points Benson's algorithm decided.
    pub fn ownership(&self) -> &[f32] {
        &self.ownership
    }

    /// How many playouts were run.
    pub fn playouts(&self) -> usize {
        self.playouts
    }

    /// The points whose stone has `status`, in point order.
    pub fn points_with(&self, status: StoneStatus) -> Vec<Point> {
        self.status
            .iter()
            .enumerate()
            .filter(|(_, s)| **s == Some(status))
            .map(|(i, _)| Point::new(i))
            .collect()
    }

    /// The dead stones, in point order.
    pub fn dead_points(&self) -> Vec<Point> {
        self.points_with(StoneStatus::Dead)
    }

    /// The stones in seki, in point order.
    pub fn seki_points(&self) -> Vec<Point> {
        self.points_with(StoneStatus::Seki)
    }

    /// The stones alive (seki excluded), in point order.
    pub fn alive_points(&self) -> Vec<Point> {
        self.points_with(StoneStatus::Alive)
    }

    /// The count of `position` (the position judged) with the dead stones taken off:
    /// `position.score(&self.dead_points())`.
    pub fn score(&self, position: &dyn Position) -> Score {
        position.score(&self.dead_points())
    }

    /// Every stone alive, the ownership read from the board (families that count no dead
    /// stones).
    fn all_alive<P: PlayoutPosition>(position: &P) -> Judgement {
        let board = position.as_position().board();
        let mut sums = vec![0; position.num_points()];
        position.add_ownership(&mut sums);
        Judgement {
            status: board
                .cells()
                .iter()
                .enumerate()
                .map(|(i, _)| board.get(Point::new(i)).map(|_| StoneStatus::Alive))
                .collect(),
            certain: vec![false; sums.len()],
            ownership: sums.iter().map(|&s| s as f32).collect(),
            playouts: 0,
        }
    }

    /// Judges the stones of a Go `position` from an ownership map (+1 Black, -1 White per
    /// point; a missing entry counts 0): Benson's algorithm first, then seki, then
    /// `config.threshold`. The one judge of dead stones: [`estimate_dead`] gives it the ownership of
    /// its playouts, the tree search the ownership of its own (before it passes to end a
    /// game).
    pub(crate) fn from_ownership<P: PlayoutPosition>(
        position: &P,
        ownership: &[f32],
        config: &DeadConfig,
    ) -> Judgement {
        let board = position.as_position().board();
        let g = board.geometry();
        let n = g.num_points();
        let mut own: Vec<f32> = (0..n)
            .map(|i| ownership.get(i).copied().unwrap_or(0.0))
            .collect();
        let mut certain = vec![false; n];
        // Benson: pass-alive chains and territory, each colour's.
        let mut status: Vec<Option<StoneStatus>> = vec![None; n];
        for color in Color::ALL {
            let safe = position.pass_alive(color).unwrap_or_default();
            let value = sign(color);
            for &p in &safe.chains {
                status[p.index()] = Some(StoneStatus::Alive);
                certain[p.index()] = true;
                own[p.index()] = value;
            }
            for &p in &safe.territory {
                own[p.index()] = value;
                if board.get(p) == Some(color.opponent()) {
                    status[p.index()] = Some(StoneStatus::Dead);
                    certain[p.index()] = true;
                }
            }
        }
        // Seki, on the board with the certain dead stones off; then the other chains by
        // their average ownership.
        let adjacency = g.default_adjacency();
        let mut chains: Vec<(Color, Vec<Point>, f32)> = Vec::new();
        let mut seen = vec![false; n];
        for p in g.points() {
            let Some(color) = board.get(p) else { continue };
            if seen[p.index()] {
                continue;
            }
            let chain = board.chain_at(adjacency, p);
            let mean =
                chain.iter().map(|q| own[q.index()]).sum::<f32>() / chain.len().max(1) as f32;
            for q in &chain {
                seen[q.index()] = true;
            }
            // The opponent's average ownership of the chain.
            chains.push((color, chain, -sign(color) * mean));
        }
        mark_seki(board, &chains, &certain, &mut status);
        for (_, chain, against) in &chains {
            if status[chain[0].index()].is_some() {
                continue;
            }
            let verdict = if *against > config.threshold {
                StoneStatus::Dead
            } else {
                StoneStatus::Alive
            };
            for q in chain {
                status[q.index()] = Some(verdict);
            }
        }
        Judgement {
            status,
            certain,
            ownership: own,
            playouts: 0,
        }
    }
}

/// +1.0 for Black, -1.0 for White.
fn sign(color: Color) -> f32 {
    match color {
        Color::Black => 1.0,
        Color::White => -1.0,
    }
}

/// The average ownership of `config.playouts` playouts from `position`, and how many ran.
/// With no playout (a budget of 0, or a position that cannot be played on), the board's own
/// ownership.
fn playout_ownership<P: PlayoutPosition>(position: &P, config: &DeadConfig) -> (Vec<f32>, usize) {
    let n = position.num_points();
    let starts = starts(position);
    let mut sums = vec![0i32; n];
    if starts.is_empty() || config.playouts == 0 {
        position.add_ownership(&mut sums);
        return (sums.iter().map(|&s| s as f32).collect(), 0);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let mut local = starts[0].clone();
    let mut buf: Vec<Point> = Vec::with_capacity(n);
    let cap = 3 * n;
    for i in 0..config.playouts {
        local.reset_from(&starts[i % starts.len()]);
        let mut played = 0;
        while played < cap && !local.is_over() {
            local.playout_move(&mut rng, &mut buf);
            played += 1;
        }
        local.add_ownership(&mut sums);
    }
    let total = config.playouts as f32;
    (
        sums.iter().map(|&s| s as f32 / total).collect(),
        config.playouts,
    )
}

/// The positions the playouts start from: `position` with the passes (and a resignation)
/// that ended it taken back, then the same with the side to move passing (so that the other
/// side moves first). Empty when the game is over and cannot be taken back.
fn starts<P: PlayoutPosition>(position: &P) -> Vec<P> {
    let mut base = position.clone();
    loop {
        let game = base.as_position();
        let trailing = matches!(
            game.history().last().map(|t| t.mv),
            Some(Move::Pass | Move::Resign)
        );
        if !(game.is_over() || trailing) || base.as_position_mut().undo().is_none() {
            break;
        }
    }
    if base.is_over() {
        return Vec::new();
    }
    let mut other = base.clone();
    let color = other.side_to_move();
    let mut starts = vec![base];
    if other.play(color, Move::Pass) && !other.is_over() {
        starts.push(other);
    }
    starts
}

/// The liberties of the chain holding `p` (default adjacency), and the chain.
fn chain_liberties(board: &Board, p: Point) -> (Vec<Point>, Vec<Point>) {
    let g = board.geometry();
    let table = g.default_neighbors();
    let chain = board.chain_at(g.default_adjacency(), p);
    let mut liberties: Vec<Point> = Vec::new();
    for &q in &chain {
        for &r in table.of(q) {
            if board.is_empty_at(r) && !liberties.contains(&r) {
                liberties.push(r);
            }
        }
    }
    (chain, liberties)
}

/// Whether a stone of `color` on the empty point `p` would capture nothing and be left with
/// at most one liberty (self-atari or suicide): `color` cannot approach there.
fn cannot_approach(board: &Board, color: Color, p: Point) -> bool {
    let table = board.geometry().default_neighbors();
    let mut liberties: Vec<Point> = Vec::new();
    for &q in table.of(p) {
        match board.get(q) {
            None => {
                if !liberties.contains(&q) {
                    liberties.push(q);
                }
            }
            Some(c) => {
                let (_, libs) = chain_liberties(board, q);
                if c != color {
                    if libs.len() == 1 {
                        return false; // captures
                    }
                } else {
                    for l in libs {
                        if l != p && !liberties.contains(&l) {
                            liberties.push(l);
                        }
                    }
                }
            }
        }
        if liberties.len() > 1 {
            return false;
        }
    }
    true
}

/// A chain whose opponent owns it on average by more than this is not in seki, whatever
/// its liberties (random playouts break a seki by whoever fills a shared liberty first,
/// which leaves a seki chain near 0 over playouts that alternate the first mover).
const SEKI_MARGIN: f32 = 0.5;

/// Marks the chains in seki (see the module docs): `chains` are every chain of the board with
/// its colour and the opponent's average ownership of it; those Benson's algorithm decided
/// are left as they are.
fn mark_seki(
    board: &Board,
    chains: &[(Color, Vec<Point>, f32)],
    certain: &[bool],
    status: &mut [Option<StoneStatus>],
) {
    let g = board.geometry();
    let n = g.num_points();
    let mut open = board.clone();
    for p in g.points() {
        if let (Some(c), Some(StoneStatus::Dead)) = (board.get(p), status[p.index()]) {
            open.remove(p, c);
        }
    }
    // Candidates: chains the opponent cannot approach, with their liberties.
    let mut candidate = vec![false; n];
    let mut found: Vec<(Color, &[Point], Vec<Point>)> = Vec::new();
    for (color, chain, against) in chains {
        let color = *color;
        if certain[chain[0].index()] || *against > SEKI_MARGIN {
            continue;
        }
        let (_, liberties) = chain_liberties(&open, chain[0]);
        if liberties.len() >= 2
            && liberties
                .iter()
                .all(|&l| cannot_approach(&open, color.opponent(), l))
        {
            for q in chain {
                candidate[q.index()] = true;
            }
            found.push((color, chain, liberties));
        }
    }
    // Seki: a candidate that shares a liberty with a candidate of the opponent.
    let table = g.default_neighbors();
    for (color, chain, liberties) in &found {
        let shares = liberties.iter().any(|&l| {
            table
                .of(l)
                .iter()
                .any(|&q| open.get(q) == Some(color.opponent()) && candidate[q.index()])
        });
        if shares {
            for &q in *chain {
                status[q.index()] = Some(StoneStatus::Seki);
            }
        }
    }
}
