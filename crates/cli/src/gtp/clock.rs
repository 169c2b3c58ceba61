//! The game clock of a GTP session and its time-management rule: what `time_settings`,
//! `kgs-time_settings` and `time_left` say ([`Clock`]), and how much of it one move may take
//! ([`Clock::allowance`]).
//!
//! # The time-management rule
//!
//! With no time settings (or `none`, or GTP's "no limit": byo-yomi time and no stones), the
//! clock sets nothing and the command line's budget applies, unless the controller says with
//! `time_left` how much time a player has: that time is then absolute time (a main time and
//! nothing after it, whatever its stone count), which bounds the budget of the player's moves
//! as below, until the game ends. Otherwise a move gets:
//!
//! - in main time, `main / max(10, empty / 3)` (the remaining main time over an estimate of
//!   the moves still to play: a third of the empty points, at least 10), or, with byo-yomi to
//!   come, at least 0.8 of one byo-yomi stone's share (`period / stones`, Canadian; the
//!   period, Japanese), since the main time runs out into a full period;
//! - in a Canadian period, 0.8 of the period's time left over its stones left;
//! - in a Japanese period, 0.8 of the period;
//!
//! and never more than the time left before the flag falls minus a margin: 90% of it,
//! less 50 ms (the answer's way back to the controller). The search stops starting playouts
//! at its limit (an overrun of one playout per thread), so a move never takes longer than the
//! time the controller says is left. The engine counts its own time between `time_left`
//! commands, and `time_left` corrects it.

use std::time::Duration;

use goishi::Color;

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// No time limit.
    None,
    /// A main time and nothing after it.
    Absolute {
        /// The main time, in seconds.
        main: f64,
    },
    /// A main time, then periods of `time` seconds for `stones` stones each.
    Canadian {
        /// The main time, in seconds.
        main: f64,
        /// The seconds of a period.
        time: f64,
        /// The stones to play in a period.
        stones: u32,
    },
    /// A main time, then `periods` periods of `time` seconds for one move each.
    Byoyomi {
        /// The main time, in seconds.
        main: f64,
        /// The seconds of a period.
        time: f64,
        /// How many periods.
        periods: u32,
    },
}

/// One player's clock: the main time left, or the time left in the current period and the
/// stones (Canadian) or periods (Japanese) left.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Side {
    /// Infinite under no time control until `time_left` says how much is left.
    left: f64,
    /// 0 in main time; in a period, the stones (Canadian) or periods (Japanese) left.
    stones: u32,
}

/// The clock of a session: the time control and both players' time left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    control: TimeControl,
    sides: [Side; 2],
}

/// The longest a move is allowed, whatever the clock says (an absurd main time is not an
/// unbounded search).
const MAX_MOVE: f64 = 3600.0;
/// What a move keeps back for the answer's way to the controller.
const MARGIN: f64 = 0.05;

impl Default for Clock {
    fn default() -> Clock {
        Clock::new(TimeControl::None)
    }
}

impl Clock {
    /// A clock at the start of the game under `control`. Periods that allow no move (a
    /// byo-yomi of 0 periods, a Canadian period of 0 stones) are no periods: the control is
    /// absolute time.
    pub fn new(control: TimeControl) -> Clock {
        let control = match control {
            TimeControl::Byoyomi {
                main, periods: 0, ..
            }
            | TimeControl::Canadian {
                main, stones: 0, ..
            } => TimeControl::Absolute { main },
            other => other,
        };
        let main = match control {
            TimeControl::None => f64::INFINITY,
            TimeControl::Absolute { main }
            | TimeControl::Canadian { main, .. }
            | TimeControl::Byoyomi { main, .. } => main,
        };
        let side = Side {
            left: main,
            stones: 0,
        };
        let mut clock = Clock {
            control,
            sides: [side; 2],
        };
        for s in &mut clock.sides {
            clock.control.enter_period_if_spent(s);
        }
        clock
    }

    /// GTP's `time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES`: byo-yomi time with no stones
    /// means no time limit; no byo-yomi time, absolute time; otherwise Canadian.
    pub fn from_gtp(main: u64, time: u64, stones: u64) -> Clock {
        let (main, time) = (main as f64, time as f64);
        let control = if time > 0.0 && stones == 0 {
            TimeControl::None
        } else if time == 0.0 {
            TimeControl::Absolute { main }
        } else {
            TimeControl::Canadian {
                main,
                time,
                stones: stones.min(u64::from(u32::MAX)) as u32,
            }
        };
        Clock::new(control)
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// GTP's `time_left COLOR TIME STONES`: `time` seconds left, in main time when `stones`
    /// is 0, else in a period with `stones` stones (Canadian) or periods (Japanese) left;
    /// under no time control, `time` seconds of absolute time.
    pub fn set_left(&mut self, color: Color, time: u64, stones: u64) {
        self.sides[color.index()] = Side {
            left: time as f64,
            stones: stones.min(u64::from(u32::MAX)) as u32,
        };
    }

    /// Counts `used` seconds of a move of `color` (until the controller's next `time_left`).
    pub fn spend(&mut self, color: Color, used: Duration) {
        let control = self.control;
        let side = &mut self.sides[color.index()];
        let used = used.as_secs_f64();
        match control {
            // Infinite under no time control, until `time_left` says otherwise.
            TimeControl::None | TimeControl::Absolute { .. } => {
                side.left = (side.left - used).max(0.0);
            }
            TimeControl::Canadian { time, stones, .. } => {
                let mut used = used;
                if side.stones == 0 {
                    let spent = used.min(side.left);
                    side.left -= spent;
                    used -= spent;
                    control.enter_period_if_spent(side);
                    if side.stones == 0 {
                        // Still in main time.
                        return;
                    }
                }
                side.left = (side.left - used).max(0.0);
                side.stones -= 1;
                if side.stones == 0 {
                    side.left = time;
                    side.stones = stones;
                }
            }
            TimeControl::Byoyomi { time, .. } => {
                if side.stones == 0 {
                    side.left = (side.left - used).max(0.0);
                    control.enter_period_if_spent(side);
                } else {
                    // A period overrun costs a period; the next move has a full one.
                    if used > side.left && side.stones > 1 {
                        side.stones -= 1;
                    }
                    side.left = time;
                }
            }
        }
    }

    /// Whether time settings say how the game is timed (then the clock sets the time of a
    /// move, not only bounds it).
    pub fn is_timed(&self) -> bool {
        self.control != TimeControl::None
    }

    /// How long the next move of `color` may take, with `empty` empty points on the board;
    /// `None` when the game is not timed and the controller has not said how much time
    /// `color` has left (see the module docs for the rule).
    pub fn allowance(&self, color: Color, empty: usize) -> Option<Duration> {
        let side = self.sides[color.index()];
        let moves_to_go = (empty as f64 / 3.0).max(10.0);
        let (share, until_flag) = match self.control {
            TimeControl::None if side.left.is_infinite() => return None,
            // Under no time control, the time `time_left` gave is absolute time.
            TimeControl::None | TimeControl::Absolute { .. } => {
                (side.left / moves_to_go, side.left)
            }
            TimeControl::Canadian { time, stones, .. } if side.stones == 0 => {
                let period = 0.8 * time / f64::from(stones.max(1));
                (
                    (side.left / moves_to_go).max(period),
                    side.left + time.max(0.0),
                )
            }
            TimeControl::Canadian { .. } => (0.8 * side.left / f64::from(side.stones), side.left),
            TimeControl::Byoyomi { time, .. } if side.stones == 0 => {
                ((side.left / moves_to_go).max(0.8 * time), side.left + time)
            }
            TimeControl::Byoyomi { .. } => (0.8 * side.left, side.left),
        };
        let cap = (0.9 * until_flag - MARGIN).max(0.0);
        let secs = share.min(cap).clamp(0.0, MAX_MOVE);
        Some(Duration::from_secs_f64(secs))
    }
}

impl TimeControl {
    /// Moves a side whose main time is spent into its first period (if the control has
    /// periods and it is not in one already).
    fn enter_period_if_spent(self, side: &mut Side) {
        if side.stones > 0 || side.left > 0.0 {
            return;
        }
        match self {
            TimeControl::Canadian { time, stones, .. } if stones > 0 => {
                *side = Side { left: time, stones };
            }
            TimeControl::Byoyomi { time, periods, .. } if periods > 0 => {
                *side = Side {
                    left: time,
                    stones: periods,
                };
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(d: Option<Duration>) -> f64 {
        d.map_or(-1.0, |d| d.as_secs_f64())
    }

    #[test]
    fn no_settings_set_no_budget() {
        assert_eq!(Clock::default().allowance(Color::Black, 81), None);
        // GTP's "no time limit": byo-yomi time and no stones.
        assert_eq!(Clock::from_gtp(0, 5, 0).allowance(Color::Black, 81), None);
    }

    #[test]
    fn time_left_alone_is_absolute_time() {
        for mut clock in [Clock::default(), Clock::from_gtp(0, 5, 0)] {
            clock.set_left(Color::Black, 60, 0);
            // 60 s of absolute time over 27 moves to go; White has not been told.
            assert!((secs(clock.allowance(Color::Black, 81)) - 60.0 / 27.0).abs() < 1e-9);
            assert_eq!(clock.allowance(Color::White, 81), None);
            assert!(!clock.is_timed());
            // The engine counts its own time until the next time_left.
            clock.spend(Color::Black, Duration::from_secs(33));
            assert!((secs(clock.allowance(Color::Black, 81)) - 27.0 / 27.0).abs() < 1e-9);
            // Whatever its stone count: 2 s over 10 moves to go.
            clock.set_left(Color::Black, 2, 5);
            assert!((secs(clock.allowance(Color::Black, 3)) - 0.2).abs() < 1e-9);
            clock.set_left(Color::Black, 0, 0);
            assert_eq!(secs(clock.allowance(Color::Black, 81)), 0.0);
            // A new game under the same settings: untold again.
            let next = Clock::new(clock.control());
            assert_eq!(next.allowance(Color::Black, 81), None);
        }
    }

    #[test]
    fn absolute_time_is_shared_over_the_moves_to_go() {
        let clock = Clock::from_gtp(60, 0, 0);
        // 81 empty points: 27 moves to go.
        assert!((secs(clock.allowance(Color::White, 81)) - 60.0 / 27.0).abs() < 1e-9);
        // Few empty points: at least 10 moves to go.
        assert!((secs(clock.allowance(Color::White, 3)) - 6.0).abs() < 1e-9);
    }

    #[test]
    fn a_move_never_takes_the_time_left() {
        // No time settings: time_left alone, absolute time.
        let mut clocks = vec![(Clock::default(), 0.0)];
        for (main, time, stones) in [(0, 0, 0), (1, 0, 0), (0, 10, 1), (0, 1, 25), (3, 30, 1)] {
            clocks.push((Clock::from_gtp(main, time, stones), time as f64));
        }
        for (main, time, periods) in [(60, 30, 0), (0, 30, 0), (5, 10, 1), (0, 5, 3)] {
            let control = TimeControl::Byoyomi {
                main: f64::from(main),
                time: f64::from(time),
                periods,
            };
            // With no periods, the flag falls when the main time is gone.
            clocks.push((
                Clock::new(control),
                if periods > 0 { f64::from(time) } else { 0.0 },
            ));
        }
        for (mut clock, time) in clocks {
            for left in [0u64, 1, 2, 10] {
                for period_stones in [0u64, 1, 5] {
                    clock.set_left(Color::Black, left, period_stones);
                    let allowed = secs(clock.allowance(Color::Black, 81));
                    let until_flag = if period_stones > 0 {
                        left as f64
                    } else {
                        left as f64 + time
                    };
                    assert!(allowed >= 0.0);
                    assert!(
                        allowed <= (0.9 * until_flag - MARGIN).max(0.0),
                        "{:?}, left {left} {period_stones}: {allowed}",
                        clock.control()
                    );
                }
            }
        }
    }

    #[test]
    fn canadian_periods_count_their_stones() {
        let mut clock = Clock::from_gtp(0, 10, 2);
        // No main time: straight into a period of 10 s for 2 stones.
        assert!((secs(clock.allowance(Color::Black, 81)) - 4.0).abs() < 1e-9);
        clock.spend(Color::Black, Duration::from_secs(3));
        // One stone left in the period: 0.8 of the 7 s left.
        assert!((secs(clock.allowance(Color::Black, 81)) - 5.6).abs() < 1e-9);
        clock.spend(Color::Black, Duration::from_secs(1));
        // A new period.
        assert!((secs(clock.allowance(Color::Black, 81)) - 4.0).abs() < 1e-9);
    }

    #[test]
    fn japanese_periods_renew_each_move() {
        let mut clock = Clock::new(TimeControl::Byoyomi {
            main: 1.0,
            time: 5.0,
            periods: 3,
        });
        // In main time with a period to come: at least 0.8 of a period.
        assert!((secs(clock.allowance(Color::White, 81)) - 4.0).abs() < 1e-9);
        clock.spend(Color::White, Duration::from_secs(2));
        clock.spend(Color::White, Duration::from_secs(2));
        assert!((secs(clock.allowance(Color::White, 81)) - 4.0).abs() < 1e-9);
        // Black's clock is its own.
        assert!((secs(clock.allowance(Color::Black, 81)) - 4.0).abs() < 1e-9);
    }

    #[test]
    fn an_absurd_main_time_is_capped() {
        let clock = Clock::from_gtp(999_999_999_999, 0, 0);
        assert_eq!(secs(clock.allowance(Color::Black, 81)), MAX_MOVE);
    }
}
