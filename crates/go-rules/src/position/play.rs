//! Move application and undo: the undo record ([`Undo`]), plays and passes made on the
//! chains and the history, and taken back exactly.

use goishi_board::{cell_of, Color, Move, MoveEffect, Turn};

use super::end::End;
use super::judge::{Analysis, NOT_COUNTED};
use super::{point, side_key, GoPosition};
use crate::config::{Cycles, Ko};

/// Everything needed to take a move back, but the move itself, which is the history's entry
/// of the same index (the two are pushed and popped together), the board's hash, which the
/// stones taken off and put back restore, and what a play leaves as it can be told: a play
/// pushes a key in the repetition tables its rules keep, sets the count of passes to 0,
/// changes no floor and no button, and adds the stones it removed (`groups` from
/// `groups_start`) to the captures. What else a move changes (a pass, a resignation, a play
/// after a pass or once the game ended) is kept in a [`MoveExtra`] of its own, pushed on
/// `extras` (`extra` set). 12 bytes: a vector of environments holds thousands of games'
/// records.
#[derive(Clone, Copy, Debug)]
pub(super) struct Undo {
    pub(super) groups_start: u32,
    pub(super) merges_start: u32,
    /// Where the point played sat in the empty-point list (plays only).
    pub(super) empty_index: u16,
    pub(super) prev_side: Color,
    /// Whether the move pushed a [`MoveExtra`].
    pub(super) extra: bool,
}

/// What a move changed beyond what its [`Undo`] record tells: the state before it, and which
/// tables it pushed on.
#[derive(Clone, Copy, Debug)]
pub(super) struct MoveExtra {
    pub(super) prev_passes: u32,
    pub(super) prev_captures: [u32; 2],
    pub(super) prev_superko_floor: u32,
    pub(super) prev_cycles_floor: u32,
    pub(super) prev_button: Option<Color>,
    pub(super) prev_end: Option<End>,
    pub(super) superko_pushed: bool,
    pub(super) cycles_pushed: bool,
    pub(super) pass_state_pushed: bool,
}

impl GoPosition {
    /// The record of a play, whose undo needs no [`MoveExtra`] unless the play comes after
    /// a pass or once the game ended ([`GoPosition::push_play_extra`]).
    #[inline(always)]
    pub(super) fn begin_undo(&self) -> Undo {
        Undo {
            groups_start: self.chains.groups.len() as u32,
            merges_start: self.chains.merges.len() as u32,
            empty_index: 0,
            prev_side: self.side,
            extra: false,
        }
    }

    /// The state a move other than a play may change, as it is before the move.
    pub(super) fn begin_extra(&self) -> MoveExtra {
        MoveExtra {
            prev_passes: self.passes,
            prev_captures: self.captures,
            prev_superko_floor: self.superko.floor,
            prev_cycles_floor: self.cycles.floor,
            prev_button: self.button,
            prev_end: self.end,
            superko_pushed: false,
            cycles_pushed: false,
            pass_state_pushed: false,
        }
    }

    /// Pushes the [`MoveExtra`] of a play made after a pass or once the game ended (the
    /// count of passes and the end are not those a play's undo assumes), marking `rec`.
    #[cold]
    #[inline(never)]
    fn push_play_extra(&mut self, rec: &mut Undo) {
        let mut extra = self.begin_extra();
        extra.superko_pushed = !self.local_ko;
        extra.cycles_pushed = self.config.cycles == Cycles::NoResult;
        self.extras.push(extra);
        rec.extra = true;
    }

    /// Plays a legal play (already judged), out of line: the superko paths.
    pub(super) fn do_play(&mut self, p: usize, color: Color, a: &Analysis) -> MoveEffect {
        self.do_play_inline(p, color, a)
    }

    /// [`GoPosition::do_play`], always inline: the simple-ko path of
    /// [`GoPosition::play_checked`].
    #[inline(always)]
    pub(super) fn do_play_inline(&mut self, p: usize, color: Color, a: &Analysis) -> MoveEffect {
        // The record goes in first: it holds what the move changes, and written at once it
        // is not kept in registers (or spilled) across the play.
        let mut rec = self.begin_undo();
        rec.empty_index = self.chains.empty_pos[p];
        if self.passes != 0 || self.end.is_some() {
            self.push_play_extra(&mut rec);
        }
        self.undo.push(rec);
        let lay = &*self.layout;
        let chains = &mut self.chains;
        let mut dead = chains.put_stone(lay, p, color);
        let mut captured = 0;
        // Most plays capture nothing: the neighbour list only for those that do.
        if dead != 0 {
            let opp = cell_of(color.opponent());
            let nb = lay.of(p);
            if nb.len() > 64 {
                // More neighbours than bits (graph boards): look at every one.
                dead = u64::MAX;
            }
            while dead != 0 {
                let k = dead.trailing_zeros() as usize;
                dead &= dead - 1;
                for &q in nb.iter().skip(k).step_by(64) {
                    let q = q as usize;
                    // A chain touching the point on several sides is removed at the first.
                    if chains.cell[q] == opp {
                        let r = chains.chain_id[q] as usize;
                        if chains.stats[r].libs == 0 {
                            captured += chains.remove_chain(lay, r, color.opponent());
                        }
                    }
                }
            }
        }
        let mut self_captured = 0;
        if a.suicide() {
            let root = chains.chain_id[p] as usize;
            self_captured = chains.remove_chain(lay, root, color);
        }
        debug_assert!(a.captured == NOT_COUNTED || captured == a.captured);
        debug_assert!(a.captured == NOT_COUNTED || self.chains.board.hash() == a.hash_after);
        self.captures[color.index()] += captured;
        self.captures[color.opponent().index()] += self_captured;
        self.passes = 0;
        self.side = color.opponent();
        if !self.local_ko {
            // The judge looked the key up already: push where it found its place.
            let key = self.superko_key(color, self.chains.board.hash());
            self.superko
                .push_probed(key, self.undo.len() as u32, a.probe);
        }
        self.finish_move(Turn {
            color,
            mv: Move::Place(point(p)),
        });
        MoveEffect {
            captured,
            self_captured,
            ended: self.end.is_some(),
        }
    }

    pub(super) fn do_pass(&mut self, color: Color) -> MoveEffect {
        let mut rec = self.begin_undo();
        rec.extra = true;
        let mut extra = self.begin_extra();
        let moves_after = self.undo.len() as u32 + 1;
        if self.config.pass_stones {
            self.captures[color.opponent().index()] += 1;
        }
        let takes_button = self.config.button && self.button.is_none();
        if takes_button {
            self.button = Some(color);
        } else {
            self.passes += 1;
        }
        let hash = self.chains.board.hash();
        self.side = color.opponent();
        match self.config.ko {
            Ko::Spight => {
                // The state is the board and the side to move (the passer's, unless it
                // passed out of turn); the same player must have passed from it before.
                let from = (hash, rec.prev_side, color);
                let repeated = self
                    .pass_states
                    .iter()
                    .any(|&(h, s, c, at)| (h, s, c) == from && self.current_repeats(at));
                self.pass_states
                    .push((hash, rec.prev_side, color, moves_after - 1));
                extra.pass_state_pushed = true;
                self.superko.floor = self.superko.len();
                self.superko.push(hash, moves_after);
                extra.superko_pushed = true;
                if repeated {
                    self.end = Some(End::Passes);
                }
            }
            Ko::Situational => {
                self.superko.push(hash ^ side_key(self.side), moves_after);
                extra.superko_pushed = true;
            }
            _ => {}
        }
        if self.config.ko != Ko::Spight
            && self.passes >= 2
            && (!self.config.pass_stones || color == Color::White)
        {
            self.end = Some(End::Passes);
        }
        if self.config.cycles == Cycles::NoResult {
            self.cycles.floor = self.cycles.len();
            // finish_move pushes the state.
            extra.cycles_pushed = true;
        }
        self.extras.push(extra);
        self.undo.push(rec);
        self.finish_move(Turn {
            color,
            mv: Move::Pass,
        });
        MoveEffect {
            ended: self.end.is_some(),
            ..MoveEffect::default()
        }
    }

    /// Bookkeeping shared by plays and passes, once the move's undo record is pushed:
    /// history, cycle counting. Inlined into both.
    #[inline(always)]
    pub(super) fn finish_move(&mut self, turn: Turn) {
        let moves_after = self.undo.len() as u32;
        let pushed = self.config.cycles == Cycles::NoResult;
        if pushed {
            self.cycles.push(self.chains.board.hash(), moves_after);
        }
        self.history.push(turn);
        if let (true, None) = (pushed, self.end) {
            // The state just pushed, and two earlier ones confirmed on the board: read from
            // the entry just pushed, which keeps the latest earlier entry with its key (no
            // second lookup of the key; most states have no earlier entry).
            let earlier = self
                .cycles
                .earlier_than_last()
                .filter(|&m| self.current_repeats(m))
                .take(2)
                .count();
            if earlier >= 2 {
                self.end = Some(End::NoResult);
            }
        }
    }

    pub(super) fn undo_move(&mut self) -> Option<Turn> {
        let rec = self.undo.pop()?;
        // The history and the records are pushed and popped together.
        let turn = self.history.pop()?;
        let extra = if rec.extra { self.extras.pop() } else { None };
        let (cycles_pushed, superko_pushed) = match extra {
            Some(e) => (e.cycles_pushed, e.superko_pushed),
            // A play (its MoveExtra, had it one, would say the same).
            None => (self.config.cycles == Cycles::NoResult, !self.local_ko),
        };
        if cycles_pushed {
            self.cycles.pop();
        }
        if superko_pushed {
            self.superko.pop();
        }
        if let Some(e) = extra {
            if e.pass_state_pushed {
                self.pass_states.pop();
            }
            self.superko.floor = e.prev_superko_floor;
            self.cycles.floor = e.prev_cycles_floor;
        }
        if let Move::Place(p) = turn.mv {
            let lay = &*self.layout;
            let chains = &mut self.chains;
            while chains.groups.len() > rec.groups_start as usize {
                if let Some(g) = chains.groups.pop() {
                    // The stones a play removed are its captures (the opponent's for the
                    // mover, the mover's own for the opponent).
                    self.captures[g.color.opponent().index()] -= g.size;
                    chains.restore_chain(lay, g);
                }
            }
            while chains.merges.len() > rec.merges_start as usize {
                if let Some(m) = chains.merges.pop() {
                    chains.unmerge(lay, m);
                }
            }
            chains.take_stone(lay, p.index(), turn.color, rec.empty_index);
        }
        self.side = rec.prev_side;
        match extra {
            Some(e) => {
                self.passes = e.prev_passes;
                self.button = e.prev_button;
                self.captures = e.prev_captures;
                self.end = e.prev_end;
            }
            // A play with no MoveExtra: made with no pass before it, in a game going on.
            None => {
                self.passes = 0;
                self.end = None;
            }
        }
        Some(turn)
    }
}

// The record's size, which the memory of a vector of environments is made of.
const _: () = assert!(std::mem::size_of::<Undo>() == 12);

#[cfg(test)]
mod tests {
    use goishi_board::{FromSetup, Move, Position, Rules};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::GoPosition;

    /// A merge keeps no copy of the absorbed chain's stats: undoing it counts them again
    /// from the stones. So every chain's stats must be its stones' counts after every play
    /// and every undo (random games with captures, merges and take-backs, simple ko and
    /// superko).
    #[test]
    fn chain_stats_are_their_stones_counts_through_plays_and_undos() {
        for (text, size) in [
            ("go/chinese", 9),
            ("go/chinese-ogs", 7),
            ("go/tromp-taylor", 5),
        ] {
            let rules = Rules::parse(text).unwrap();
            let mut game = GoPosition::from_rules(&rules, Some((size, size))).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            let mut moves = Vec::new();
            for step in 0..4000 {
                let take_back = rng.random_range(0..3) == 0 || game.is_over();
                if !(take_back && game.undo().is_some()) {
                    game.legal_moves(&mut moves);
                    let mv: Move = moves[rng.random_range(0..moves.len())];
                    game.play(mv).unwrap();
                }
                assert!(
                    game.chains.stats_are_counts(&game.layout),
                    "{text}, step {step}"
                );
            }
        }
    }

    /// What a position shows and what its next moves do.
    fn state(game: &GoPosition) -> String {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        format!(
            "{:?} {:x} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
            game.board().cells(),
            game.board().hash(),
            game.history(),
            game.side_to_move(),
            game.captures,
            game.passes,
            game.button,
            game.end,
            game.outcome(),
            moves
        )
    }

    /// A restart (the game's state copied from its start, not taken back move by move) makes
    /// the position its start again: the same state, the same next moves, and the same
    /// repetition judgements in the game played after it, under every kind of ko and cycle
    /// rule, with passes, pass stones and the button.
    #[test]
    fn a_restart_is_the_start_again() {
        for (text, size) in [
            ("go/chinese", 5),
            ("go/chinese-ogs", 4),
            ("go/aga-button", 4),
            ("go/japanese:cycles=no-result", 4),
            ("go/chinese:ko=spight", 4),
            ("go/ing:ko=natural-situational", 4),
            ("go/tromp-taylor", 3),
        ] {
            let rules = Rules::parse(text).unwrap();
            let start = GoPosition::from_rules(&rules, Some((size, size))).unwrap();
            let mut game = start.clone();
            let mut rng = ChaCha8Rng::seed_from_u64(9);
            let mut moves = Vec::new();
            for round in 0..40 {
                let length = rng.random_range(0..200);
                for _ in 0..length {
                    if game.is_over() {
                        break;
                    }
                    game.legal_moves(&mut moves);
                    let mv: Move = moves[rng.random_range(0..moves.len())];
                    game.play(mv).unwrap();
                }
                goishi_board::PlayoutPosition::restart(&mut game, &start);
                let mut fresh = start.clone();
                assert_eq!(state(&game), state(&fresh), "{text}, round {round}");
                // The same game on both, compared move by move.
                let seed = rng.random();
                let (mut a, mut b) = (
                    ChaCha8Rng::seed_from_u64(seed),
                    ChaCha8Rng::seed_from_u64(seed),
                );
                for step in 0..150 {
                    if fresh.is_over() {
                        break;
                    }
                    fresh.legal_moves(&mut moves);
                    let mv: Move = moves[a.random_range(0..moves.len())];
                    fresh.play(mv).unwrap();
                    game.legal_moves(&mut moves);
                    let mv2: Move = moves[b.random_range(0..moves.len())];
                    assert_eq!(mv, mv2, "{text}, round {round}, step {step}");
                    game.play(mv).unwrap();
                    assert_eq!(state(&game), state(&fresh), "{text}, round {round}, {step}");
                }
                // Half the rounds go on from the game just compared.
                if round % 2 == 0 {
                    goishi_board::PlayoutPosition::restart(&mut game, &start);
                }
            }
        }
    }
}
