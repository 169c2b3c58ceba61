//! The figures computed from one run's results: the targets as ratios, and
//! superko's cost to goishi.

use std::collections::BTreeMap;

use super::{CommandRuns, Measure, SELFPLAY_RULES};
use crate::{Workload, GOBAN, GOISHI, GO_GAME_BOARD, GO_GAME_BOARD_SAMPLER, SIZES};

/// One of the targets, checked on one run's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub what: String,
    pub wanted: String,
    /// The measured ratio, if both figures are there.
    pub measured: Option<f64>,
    pub met: Option<bool>,
}

pub(super) fn get(
    results: &BTreeMap<String, Measure>,
    w: Workload,
    size: u32,
    engine: &str,
) -> Option<Measure> {
    results.get(&w.id(size, engine)).copied()
}

/// Superko's cost to goishi on the same games at one size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SuperkoCost {
    pub simple: Measure,
    pub superko: Measure,
    /// Time per move under superko over time per move under simple ko.
    pub ratio: f64,
}

/// Superko's cost at `size`, from the [`crate::superko_cost_group`] results.
pub fn superko_cost(results: &BTreeMap<String, Measure>, size: u32) -> Option<SuperkoCost> {
    let group = crate::superko_cost_group(size);
    let simple = *results.get(&format!("{group}/{}", crate::KO_SIMPLE))?;
    let superko = *results.get(&format!("{group}/{}", crate::KO_SUPERKO))?;
    let ratio = simple.rate()? / superko.rate()?;
    Some(SuperkoCost {
        simple,
        superko,
        ratio,
    })
}

/// The targets, as ratios within one run. goishi against go_game_board on the
/// playouts is the paired measure's median where the run took it (`extra["paired"]`, see
/// [`crate::paired`]: both engines see the same drift of the machine), the ratio of the
/// criterion medians otherwise. `goishi selfplay` against the engines' loops is the median of
/// the rounds' ratios of `commands`, where the run measured them.
pub fn targets(
    results: &BTreeMap<String, Measure>,
    extra: &serde_json::Value,
    commands: Option<&CommandRuns>,
) -> Vec<Target> {
    let mut out = Vec::new();
    let rate = |w, s, e| get(results, w, s, e).and_then(|m| m.rate());
    for size in SIZES {
        let goishi = rate(Workload::PlayoutSimple, size, GOISHI);
        for (peer, factor) in [(GO_GAME_BOARD, 2.0), (GOBAN, 10.0)] {
            let paired = (peer == GO_GAME_BOARD)
                .then(|| paired_median(extra, size))
                .flatten();
            let (r, how) = match paired {
                Some(m) => (Some(m), "paired median of alternated rounds"),
                None => (
                    goishi
                        .zip(rate(Workload::PlayoutSimple, size, peer))
                        .map(|(g, p)| g / p),
                    "moves per second",
                ),
            };
            out.push(Target {
                what: format!("random playouts, simple ko, {size}x{size}: goishi / {peer} ({how})"),
                wanted: format!(">= {factor}"),
                measured: r,
                met: r.map(|r| r >= factor),
            });
        }
    }
    for size in SIZES {
        let r = superko_cost(results, size).map(|c| c.ratio);
        out.push(Target {
            what: format!(
                "positional superko's cost to goishi, {size}x{size}: time per move, superko / simple ko, the same games"
            ),
            wanted: "<= 1.25".to_owned(),
            measured: r,
            met: r.map(|r| r <= 1.25),
        });
    }
    for size in SIZES {
        let t = |e| get(results, Workload::LegalMoves, size, e).map(|m| m.ns_per_element());
        let r = t(GO_GAME_BOARD).zip(t(GOISHI)).map(|(p, g)| p / g);
        out.push(Target {
            what: format!("legal-move list, {size}x{size}: go_game_board's time / goishi's"),
            wanted: ">= 2".to_owned(),
            measured: r,
            met: r.map(|r| r >= 2.0),
        });
    }
    for size in SIZES {
        // Both play the same number of playouts an iteration: the ratio of playouts a
        // second is the inverse ratio of the times.
        let t = |e| get(results, Workload::PlayoutNative, size, e).map(|m| m.median_ns);
        let r = t(GO_GAME_BOARD).zip(t(GOISHI)).map(|(p, g)| p / g);
        out.push(Target {
            what: format!(
                "second harness, each engine its own eye test, {size}x{size}: goishi / go_game_board (playouts per second)"
            ),
            wanted: ">= 1.5".to_owned(),
            measured: r,
            met: r.map(|r| r >= 1.5),
        });
    }
    selfplay_targets(&mut out, commands);
    out
}

/// `goishi selfplay --jobs 1` against goishi's native harness (>= 0.9) and go_game_board's own
/// playout loop (>= 1.8), moves per CPU second, process against process.
fn selfplay_targets(out: &mut Vec<Target>, commands: Option<&CommandRuns>) {
    for (engine, against, factor) in [
        (GOISHI, "goishi's native harness", 0.9),
        (
            GO_GAME_BOARD_SAMPLER,
            "go_game_board's own playout loop",
            1.8,
        ),
    ] {
        for size in SIZES {
            for rules in SELFPLAY_RULES {
                let r = commands
                    .and_then(|c| c.board(size))
                    .and_then(|b| b.selfplay_ratio(rules, engine))
                    .map(|s| s.median);
                out.push(Target {
                    what: format!(
                        "`goishi selfplay --jobs 1`, `{rules}`, {size}x{size}: moves per CPU \
                         second, selfplay / {against} (whole processes, one core, median of \
                         alternated rounds)"
                    ),
                    wanted: format!(">= {factor}"),
                    measured: r,
                    met: r.map(|r| r >= factor),
                });
            }
        }
    }
}

/// The paired measure's median ratio at `size`, if the run took it.
fn paired_median(extra: &serde_json::Value, size: u32) -> Option<f64> {
    let board = format!("{size}x{size}");
    extra["paired"]
        .as_array()?
        .iter()
        .find(|r| r["board"].as_str() == Some(board.as_str()))?["median"]
        .as_f64()
}
