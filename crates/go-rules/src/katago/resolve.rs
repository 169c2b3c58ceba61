//! The resolver: the options as read ([`Partial`]) with KataGo's defaults filling the
//! gaps, and the goishi preset they match, as [`KataGoRules`] (a variant and its overrides).

use std::sync::OnceLock;

use goishi_board::VariantInfo;

use super::KataGoRules;
use crate::config::{Cycles, GoConfig, HandicapBonus, Ko, Scoring, Suicide, Tax};

/// A suicide value as read: KataGo's flag, or a goishi option named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SuicideValue {
    /// KataGo's `multiStoneSuicideLegal`.
    Flag(bool),
    /// `"MULTI-STONE"` or `"ALLOWED"`.
    Named(Suicide),
}

impl SuicideValue {
    /// The option under `ko`: the flag `true` is `multi-stone`, or `allowed` where the two
    /// cannot differ (a single-stone self-capture recreates the board, which positional
    /// superko and Spight's rule forbid).
    pub(super) fn resolve(self, ko: Ko) -> Suicide {
        match self {
            SuicideValue::Flag(false) => Suicide::Forbidden,
            SuicideValue::Flag(true) if matches!(ko, Ko::Positional | Ko::Spight) => {
                Suicide::Allowed
            }
            SuicideValue::Flag(true) => Suicide::MultiStone,
            SuicideValue::Named(s) => s,
        }
    }

    /// How `suicide` is written under `ko` so that it reads back the same: KataGo's flag where
    /// it says it, else goishi's name.
    pub(super) fn written(suicide: Suicide, ko: Ko) -> SuicideValue {
        [SuicideValue::Flag(false), SuicideValue::Flag(true)]
            .into_iter()
            .find(|v| v.resolve(ko) == suicide)
            .unwrap_or(SuicideValue::Named(suicide))
    }
}

/// Options as read, before the defaults fill the gaps.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Partial {
    pub(super) ko: Option<Ko>,
    pub(super) suicide: Option<SuicideValue>,
    pub(super) scoring: Option<Scoring>,
    pub(super) tax: Option<Tax>,
    pub(super) button: Option<bool>,
    pub(super) whb: Option<HandicapBonus>,
    pub(super) komi_halves: Option<i32>,
    pub(super) cycles: Option<Cycles>,
    pub(super) pass_stones: Option<bool>,
    pub(super) friendly_pass_ok: Option<bool>,
}

/// The options of each Go preset, from the crate's own list ([`crate::VARIANTS`], in order of
/// preference: its declaration order, Tromp-Taylor first).
pub(super) fn presets() -> &'static [(&'static str, GoConfig)] {
    static PRESET_CONFIGS: OnceLock<Vec<(&'static str, GoConfig)>> = OnceLock::new();
    PRESET_CONFIGS.get_or_init(|| {
        crate::VARIANTS
            .iter()
            .filter_map(|info: &&'static VariantInfo| {
                let config = GoConfig::from_rules(&info.default_rules()).ok()?;
                Some((info.id, config))
            })
            .collect()
    })
}

/// Fills the gaps of what was read, as KataGo does, and picks the variant.
pub(super) fn resolve(p: Partial) -> KataGoRules {
    // The options the text named, in the order of `GoConfig::option_values`.
    let named = [
        p.ko.is_some(),
        p.suicide.is_some(),
        p.cycles.is_some(),
        p.scoring.is_some(),
        p.tax.is_some(),
        p.komi_halves.is_some(),
        p.whb.is_some(),
        p.pass_stones.is_some(),
        p.button.is_some(),
    ]
    .iter()
    .enumerate()
    .fold(0u16, |bits, (i, &n)| bits | (u16::from(n) << i));
    let ko = p.ko.unwrap_or(Ko::Positional);
    let suicide = p.suicide.unwrap_or(SuicideValue::Flag(true)).resolve(ko);
    let scoring = p.scoring.unwrap_or(Scoring::Area);
    let tax = p.tax.unwrap_or(if scoring == Scoring::Territory {
        Tax::Seki
    } else {
        Tax::None
    });
    let button = p.button.unwrap_or(false);
    let handicap_bonus = p.whb.unwrap_or(HandicapBonus::Zero);
    let komi_halves = p.komi_halves.unwrap_or(if scoring == Scoring::Territory {
        13
    } else if button {
        14
    } else {
        15
    });
    let mut order: Vec<&(&'static str, GoConfig)> = presets().iter().collect();
    if p.friendly_pass_ok == Some(true) {
        // go/ing before go/tromp-taylor: KataGo's `ing` is Tromp-Taylor with friendly passes.
        order.sort_by_key(|(id, _)| *id != "go/ing");
    }
    let found = order.into_iter().find(|(_, c)| {
        c.ko == ko
            && c.suicide == suicide
            && c.scoring == scoring
            && c.tax == tax
            && c.button == button
            && c.handicap_bonus == handicap_bonus
            && p.cycles.is_none_or(|v| v == c.cycles)
            && p.pass_stones.is_none_or(|v| v == c.pass_stones)
    });
    let (variant, cycles, pass_stones) = match found {
        Some((id, c)) => (
            *id,
            p.cycles.unwrap_or(c.cycles),
            p.pass_stones.unwrap_or(c.pass_stones),
        ),
        None => (
            "go/tromp-taylor",
            p.cycles.unwrap_or(if ko == Ko::Simple {
                Cycles::NoResult
            } else {
                Cycles::Ignore
            }),
            p.pass_stones.unwrap_or(false),
        ),
    };
    KataGoRules {
        variant,
        named,
        config: GoConfig {
            suicide,
            ko,
            cycles,
            scoring,
            tax,
            komi_halves,
            handicap_bonus,
            pass_stones,
            button,
        },
    }
}
