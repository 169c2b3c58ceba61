//! Reading criterion's files: the estimates and id of every benchmark under its home
//! directory, and the bench binary's extra file.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::SystemTime;

use serde_json::Value;

use super::Measure;

/// The median point estimate from criterion's `estimates.json`.
pub fn parse_estimates(text: &str) -> Result<f64, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("estimates.json: {e}"))?;
    v["median"]["point_estimate"]
        .as_f64()
        .ok_or_else(|| "estimates.json has no median.point_estimate".to_owned())
}

/// The full id and the element count from criterion's `benchmark.json`.
pub fn parse_benchmark(text: &str) -> Result<(String, Option<u64>), String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("benchmark.json: {e}"))?;
    let id = v["full_id"]
        .as_str()
        .ok_or_else(|| "benchmark.json has no full_id".to_owned())?
        .to_owned();
    let elements = v["throughput"]["Elements"].as_u64();
    Ok((id, elements))
}

/// Every result under criterion's home directory, by full id. With `since`, results whose
/// estimates are older are left out (a benchmark that did not run this time).
pub fn read_results(
    home: &Path,
    since: Option<SystemTime>,
) -> Result<BTreeMap<String, Measure>, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![home.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if dir == home => return Err(format!("{}: {e}", home.display())),
            Err(_) => continue,
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if !path.is_dir() {
                continue;
            }
            if path.file_name().is_some_and(|n| n == "new") {
                let bench = path.join("benchmark.json");
                let estimates = path.join("estimates.json");
                let (Ok(b), Ok(e)) = (
                    std::fs::read_to_string(&bench),
                    std::fs::read_to_string(&estimates),
                ) else {
                    continue;
                };
                if let Some(since) = since {
                    let fresh = std::fs::metadata(&estimates)
                        .and_then(|m| m.modified())
                        .is_ok_and(|t| t >= since);
                    if !fresh {
                        continue;
                    }
                }
                let (id, elements) = parse_benchmark(&b)?;
                let median_ns = parse_estimates(&e)?;
                out.insert(
                    id,
                    Measure {
                        median_ns,
                        elements,
                    },
                );
            } else {
                stack.push(path);
            }
        }
    }
    Ok(out)
}

/// The bench binary's extra file under criterion's home; `Value::Null` when it is missing
/// or unreadable.
pub fn read_extra(home: &Path) -> Value {
    std::fs::read_to_string(home.join(crate::EXTRA_FILE))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null)
}
