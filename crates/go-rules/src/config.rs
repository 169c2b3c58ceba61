//! The rule options of Go, declared as data, and their typed form ([`GoConfig`]), converted
//! from rules and back in one place.

use goishi_board::{
    format_halves, option_choices, OptionKind, OptionSpec, Rules, RulesError, SetupError,
    VariantInfo,
};

option_choices! {
    /// What happens to a play whose Step 3 (self-capture) would remove the mover's stones.
    pub enum Suicide {
        /// Illegal if Step 3 would remove any stone (Optional Rule 7A).
        Forbidden = "forbidden",
        /// Legal only if Step 3 removes two or more stones.
        MultiStone = "multi-stone",
        /// Every self-capture is legal.
        Allowed = "allowed",
    }
}

option_choices! {
    /// The repetition rule.
    pub enum Ko {
        /// No repetition check.
        None = "none",
        /// The ko recapture rule: no play may recreate the board as it stood before the
        /// opponent's last play (unless it removes some of the mover's own stones).
        Simple = "simple",
        /// Positional superko: no play may recreate any earlier board.
        Positional = "positional",
        /// Situational superko: no play may recreate an earlier (board, side to move).
        Situational = "situational",
        /// Natural situational superko: a play by C may not recreate a board that an earlier
        /// board play of C created.
        NaturalSituational = "natural-situational",
        /// Spight's rule: positional superko with the history cleared by every pass, and the
        /// game ending when a player passes again from a state they passed from before.
        Spight = "spight",
    }
}

option_choices! {
    /// Whether long cycles end the game with no result.
    pub enum Cycles {
        /// Cycles are allowed to go on.
        Ignore = "ignore",
        /// A whole-board position (the stones, whoever is to move) that occurs for the third
        /// time with no pass in between ends the game with no result.
        NoResult = "no-result",
    }
}

option_choices! {
    /// How a finished game is counted.
    pub enum Scoring {
        /// Stones plus empty points reaching only the player's colour.
        Area = "area",
        /// Empty points reaching only the player's colour, plus prisoners.
        Territory = "territory",
        /// Stones on the board only.
        Stones = "stones",
    }
}

option_choices! {
    /// Points not counted.
    pub enum Tax {
        /// Everything counts.
        None = "none",
        /// Territory in seki does not count.
        Seki = "seki",
        /// Every group pays two points (the ancient rules).
        All = "all",
    }
}

option_choices! {
    /// The points White receives under area scoring for N handicap stones.
    pub enum HandicapBonus {
        /// None.
        Zero = "0",
        /// N points.
        N = "n",
        /// N - 1 points.
        NMinusOne = "n-1",
    }
}

/// Every rule option of Go, typed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoConfig {
    /// Whether self-capture is legal (`suicide=`).
    pub suicide: Suicide,
    /// The repetition rule (`ko=`).
    pub ko: Ko,
    /// Whether long cycles end the game with no result (`cycles=`).
    pub cycles: Cycles,
    /// How a finished game is counted (`scoring=`).
    pub scoring: Scoring,
    /// The points not counted: territory in seki, or two points a group (`tax=`).
    pub tax: Tax,
    /// Komi in half points (7.5 is 15).
    pub komi_halves: i32,
    /// The points White receives under area scoring for the handicap stones
    /// (`handicap-bonus=`).
    pub handicap_bonus: HandicapBonus,
    /// The AGA rule: each pass hands a prisoner to the opponent, and the game ends only on
    /// White's pass (`pass-stones=`).
    pub pass_stones: bool,
    /// The first pass of the game takes the button, worth half a point (`button=`).
    pub button: bool,
}

impl GoConfig {
    /// Komi in points.
    pub fn komi(&self) -> f64 {
        f64::from(self.komi_halves) / 2.0
    }

    /// Reads the options of a Go rules value: the one place where Go's rules become typed
    /// options ([`GoConfig::option_values`] and [`GoConfig::to_rules`] go back). Rules of
    /// another family are [`SetupError::NotThisFamily`], naming the first option they lack.
    pub fn from_rules(rules: &Rules) -> Result<GoConfig, SetupError> {
        let bad = |option: &'static str| SetupError::NotThisFamily {
            variant: rules.variant().id,
            family: "Go",
            option,
        };
        let get = |name: &'static str| rules.get(name).ok_or_else(|| bad(name));
        let flag = |name: &'static str| match get(name)? {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(bad(name)),
        };
        Ok(GoConfig {
            suicide: Suicide::from_name(get("suicide")?).ok_or_else(|| bad("suicide"))?,
            ko: Ko::from_name(get("ko")?).ok_or_else(|| bad("ko"))?,
            cycles: Cycles::from_name(get("cycles")?).ok_or_else(|| bad("cycles"))?,
            scoring: Scoring::from_name(get("scoring")?).ok_or_else(|| bad("scoring"))?,
            tax: Tax::from_name(get("tax")?).ok_or_else(|| bad("tax"))?,
            komi_halves: goishi_board::parse_halves(get("komi")?)
                .and_then(|h| i32::try_from(h).ok())
                .ok_or_else(|| bad("komi"))?,
            handicap_bonus: HandicapBonus::from_name(get("handicap-bonus")?)
                .ok_or_else(|| bad("handicap-bonus"))?,
            pass_stones: flag("pass-stones")?,
            button: flag("button")?,
        })
    }

    /// Every option as `(name, canonical value)`, in the order of [`OPTIONS`]: what
    /// [`GoConfig::from_rules`] reads back.
    pub fn option_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("ko", self.ko.name().to_owned()),
            ("suicide", self.suicide.name().to_owned()),
            ("cycles", self.cycles.name().to_owned()),
            ("scoring", self.scoring.name().to_owned()),
            ("tax", self.tax.name().to_owned()),
            ("komi", format_halves(i64::from(self.komi_halves))),
            ("handicap-bonus", self.handicap_bonus.name().to_owned()),
            ("pass-stones", self.pass_stones.to_string()),
            ("button", self.button.to_string()),
        ]
    }

    /// The rules of the Go variant `variant` with every option set to this configuration
    /// (its `board=` and `size=` unset). `variant` must be a Go variant: for another family's
    /// the first option it lacks is the error.
    pub fn to_rules(&self, variant: &'static VariantInfo) -> Result<Rules, RulesError> {
        variant.rules_with(self.option_values())
    }
}

/// The options of every Go variant, with the family defaults (those of Tromp-Taylor).
pub static OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "ko",
        kind: OptionKind::Choice(Ko::NAMES),
        default: "positional",
        help: "repetition rule: none, simple ko, or positional, situational, natural-situational or Spight superko",
    },
    OptionSpec {
        name: "suicide",
        kind: OptionKind::Choice(Suicide::NAMES),
        default: "allowed",
        help: "self-capture: forbidden, legal only when it removes two or more stones, or allowed",
    },
    OptionSpec {
        name: "cycles",
        kind: OptionKind::Choice(Cycles::NAMES),
        default: "ignore",
        help: "no-result: a position repeated for the third time with no pass in between ends the game with no result",
    },
    OptionSpec {
        name: "scoring",
        kind: OptionKind::Choice(Scoring::NAMES),
        default: "area",
        help: "area (stones and surrounded points), territory (surrounded points and prisoners) or stones (stones on the board)",
    },
    OptionSpec {
        name: "tax",
        kind: OptionKind::Choice(Tax::NAMES),
        default: "none",
        help: "seki: territory in seki does not count; all: every group pays two points",
    },
    OptionSpec {
        name: "komi",
        kind: OptionKind::Half { min: -500, max: 500 },
        default: "7.5",
        help: "points added to White's score, a multiple of 0.5",
    },
    OptionSpec {
        name: "handicap-bonus",
        kind: OptionKind::Choice(HandicapBonus::NAMES),
        default: "0",
        help: "points White receives under area scoring for N handicap stones: 0, N or N-1",
    },
    OptionSpec {
        name: "pass-stones",
        kind: OptionKind::Bool,
        default: "false",
        help: "AGA: each pass hands one prisoner to the opponent, and the game ends only on White's pass",
    },
    OptionSpec {
        name: "button",
        kind: OptionKind::Bool,
        default: "false",
        help: "the first pass of the game takes the button, worth 0.5 point, and does not count toward ending the game",
    },
];
