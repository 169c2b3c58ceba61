//! The options of capture Go, typed: the goal and the Go game underneath, as a [`GoConfig`].
//! The one place where capture-go rules become options and options become rules again.

use goishi_board::{format_halves, Rules, RulesError, SetupError, VariantInfo};
use goishi_go_rules::{GoConfig, Ko, Suicide, TROMP_TAYLOR};

/// Every option of a capture-go variant, typed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CaptureConfig {
    /// The number of prisoners that wins (1 or more).
    pub goal: u32,
    /// The rules of the Go game underneath: Tromp-Taylor's (area scoring, no pass stones, no
    /// button, cycles ignored, no handicap bonus) with this variant's `ko`, `suicide` and
    /// `komi`.
    pub go: GoConfig,
}

impl CaptureConfig {
    /// Reads the options of a capture-go rules value. Rules of another family are
    /// [`SetupError::NotThisFamily`], naming the first option they lack.
    pub fn from_rules(rules: &Rules) -> Result<CaptureConfig, SetupError> {
        let bad = |option: &'static str| SetupError::NotThisFamily {
            variant: rules.variant().id,
            family: "capture-go",
            option,
        };
        let get = |name: &'static str| rules.get(name).ok_or_else(|| bad(name));
        let goal = get("captures")?
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| bad("captures"))?;
        let mut go = GoConfig::from_rules(&TROMP_TAYLOR.default_rules())?;
        go.ko = Ko::from_name(get("ko")?).ok_or_else(|| bad("ko"))?;
        go.suicide = Suicide::from_name(get("suicide")?).ok_or_else(|| bad("suicide"))?;
        go.komi_halves = goishi_board::parse_halves(get("komi")?)
            .and_then(|h| i32::try_from(h).ok())
            .ok_or_else(|| bad("komi"))?;
        Ok(CaptureConfig { goal, go })
    }

    /// Every option of the variant as `(name, canonical value)`: what
    /// [`CaptureConfig::from_rules`] reads back.
    pub fn option_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("captures", self.goal.to_string()),
            ("ko", self.go.ko.name().to_owned()),
            ("suicide", self.go.suicide.name().to_owned()),
            ("komi", format_halves(i64::from(self.go.komi_halves))),
        ]
    }

    /// The rules of the capture-go variant `variant` with every option set to this
    /// configuration.
    pub fn to_rules(&self, variant: &'static VariantInfo) -> Result<Rules, RulesError> {
        variant.rules_with(self.option_values())
    }

    /// The Go rules of the game underneath (a Go variant's rules: Tromp-Taylor's with this
    /// configuration's Go options).
    pub fn go_rules(&self) -> Result<Rules, RulesError> {
        self.go.to_rules(&TROMP_TAYLOR)
    }
}
