//! The run a report describes: the machine it ran on and the time it started.

use std::time::SystemTime;

/// A time as `YYYY-MM-DD HH:MM UTC`.
pub fn utc_text(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3_600,
        rest % 3_600 / 60
    )
}

/// The machine a report was made on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Machine {
    pub cpu: String,
    pub cores: usize,
    pub rustc: String,
    pub os: String,
}

impl Machine {
    /// From the text of `/proc/cpuinfo` (model name, processor count), `rustc --version`
    /// and an OS description.
    pub fn from_parts(cpuinfo: &str, rustc: &str, os: &str) -> Machine {
        let field = |line: &str| line.split_once(':').map(|(_, v)| v.trim().to_owned());
        let cpu = cpuinfo
            .lines()
            .find(|l| l.starts_with("model name"))
            .and_then(field)
            .unwrap_or_else(|| "unknown CPU".to_owned());
        let cores = cpuinfo
            .lines()
            .filter(|l| l.starts_with("processor"))
            .count();
        Machine {
            cpu,
            cores,
            rustc: rustc.trim().to_owned(),
            os: os.trim().to_owned(),
        }
    }
}
