//! The static site: the playground's release build (`cargo xtask web`,
//! `target/web/site/release/`) copied into `target/dist/site/`, with an empty `.nojekyll`
//! (GitHub Pages then publishes the folder as it is). It works from any host and any
//! sub-path: every address in it is relative and nothing runs on a server.
//!
//! The check reads the site's pages, scripts and styles for an address that is not
//! relative ([`absolute_urls`]: a path from the host's root, or another host's file, which a
//! sub-path or an offline copy would break), then serves the folder from the sub-path
//! `/goishi/` on loopback (as GitHub Pages serves a project, nothing outside it) and opens
//! it in headless Chromium (`web/tests/dist.mjs`): the page loads with no error, the board is
//! drawn, a click plays a stone, and every request stayed under `/goishi/`.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use super::{empty_folder as fresh_dir, node, status, Dist, Part};
use crate::web::{self, root};

/// The sub-path the check serves the site from, as GitHub Pages serves a project's site.
pub const PREFIX: &str = "/goishi/";

/// Copies the folder `from` into `to`, file by file.
fn copy_tree(from: &Path, to: &Path) -> Result<u64, String> {
    std::fs::create_dir_all(to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    let mut bytes = 0;
    for entry in
        std::fs::read_dir(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?
    {
        let path = entry.map_err(|e| e.to_string())?.path();
        let target = to.join(path.file_name().expect("an entry has a name"));
        if path.is_dir() {
            bytes += copy_tree(&path, &target)?;
        } else {
            bytes += std::fs::copy(&path, &target)
                .map_err(|e| format!("cannot copy {}: {e}", path.display()))?;
        }
    }
    Ok(bytes)
}

/// The files under `dir`, every level.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    for entry in
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?
    {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

/// The places in a page, script or style (`text`) that load something from an address that
/// is not relative: an attribute `src=` or `action=`, CSS's `url(`, or an `import`, `from`,
/// `fetch`, `new URL` or `importScripts` of a string, whose address starts with `/` (the
/// host's root, which a sub-path breaks) or names a scheme (`https://...`: another host's
/// file; `data:` and `blob:` stay inside the page); and an `href=` that starts with `/` (a
/// link may lead to another site). Each is returned as its keyword and address.
pub fn absolute_urls(text: &str) -> Vec<String> {
    const KEYS: [&str; 10] = [
        "src=",
        "href=",
        "action=",
        "url(",
        "import(",
        "from ",
        "fetch(",
        "new URL(",
        "importScripts(",
        "import ",
    ];
    let mut found = Vec::new();
    for key in KEYS {
        let mut rest = text;
        while let Some(at) = rest.find(key) {
            rest = &rest[at + key.len()..];
            let value = rest.trim_start_matches(' ');
            // A string's address (or CSS's bare one), never a variable or an expression.
            let address = match value.chars().next() {
                Some(q @ ('"' | '\'' | '`')) => value[1..].split(q).next().unwrap_or(""),
                Some(_) if key == "url(" => value.split(')').next().unwrap_or("").trim(),
                _ => continue,
            };
            let scheme = address
                .split_once(':')
                .is_some_and(|(s, _)| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphabetic()));
            let inside = address.starts_with("data:") || address.starts_with("blob:");
            let from_root = address.starts_with('/');
            if from_root || (scheme && !inside && key != "href=") {
                found.push(format!("{key}{address}"));
            }
        }
    }
    found
}

/// Every address of the site at `site` that is not relative, with its file.
fn site_absolute_urls(site: &Path) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    walk(site, &mut files)?;
    let mut found = Vec::new();
    for file in files {
        let kind = file.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(kind, "html" | "js" | "mjs" | "css") {
            continue;
        }
        let text = std::fs::read_to_string(&file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let name = file
            .strip_prefix(site)
            .unwrap_or(&file)
            .display()
            .to_string();
        found.extend(
            absolute_urls(&text)
                .into_iter()
                .map(|u| format!("{name}: {u}")),
        );
    }
    Ok(found)
}

/// The part of `cargo xtask dist`.
pub const PART: Part = Part {
    name: "site",
    what: "the playground as a static site in target/dist/site/",
    build: |dist| build(dist).map(|_| ()),
    check,
};

/// Builds the site into `target/dist/site/`.
pub fn build(dist: &Dist) -> Result<PathBuf, String> {
    let started = Instant::now();
    let built = web::build("release")?;
    let site = dist.out("site");
    fresh_dir(&site)?;
    let bytes = copy_tree(&built, &site)?;
    std::fs::write(site.join(".nojekyll"), "")
        .map_err(|e| format!("cannot write {}: {e}", site.join(".nojekyll").display()))?;
    let found = site_absolute_urls(&site)?;
    if !found.is_empty() {
        return Err(format!(
            "the site has addresses that are not relative (a sub-path would break them): {}",
            found.join("; ")
        ));
    }
    println!(
        "dist: site: {} ({} KB) in {:.0} s",
        site.display(),
        bytes / 1024,
        started.elapsed().as_secs_f64()
    );
    Ok(site)
}

/// Runs `web/tests/dist.mjs` in `mode` (`site` or `npm`) on `url` in headless Chromium,
/// with playwright-core from the playground tests' pinned packages; its screenshot goes to
/// `out`.
pub fn chromium_check(mode: &str, url: &str, out: &Path) -> Result<(), String> {
    let modules = crate::web_test::npm_ci()?;
    status(
        Command::new(node())
            .arg(root().join("web/tests/dist.mjs"))
            .env("GOISHI_CHECK", mode)
            .env("GOISHI_URL", url)
            .env("GOISHI_NODE_MODULES", &modules)
            .env("GOISHI_OUT", out)
            .env(
                "CHROMIUM",
                std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned()),
            ),
        &format!("web/tests/dist.mjs ({mode}) in headless Chromium"),
    )
}

/// Checks the site of `target/dist/site/`: no address that is not relative, and the page
/// works from `/goishi/`.
pub fn check(dist: &Dist) -> Result<(), String> {
    let started = Instant::now();
    let site_folder = dist.out("site");
    let site = site_folder.as_path();
    let found = site_absolute_urls(site)?;
    if !found.is_empty() {
        return Err(format!(
            "addresses that are not relative: {}",
            found.join("; ")
        ));
    }
    let out = dist.scratch("site");
    fresh_dir(&out)?;
    let listener = TcpListener::bind(("127.0.0.1", 0))
        .map_err(|e| format!("cannot listen on 127.0.0.1: {e}"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let served = site.to_path_buf();
    std::thread::spawn(move || web::serve_under(listener, served, PREFIX));
    chromium_check("site", &format!("http://127.0.0.1:{port}{PREFIX}"), &out)?;
    println!(
        "dist: site: works from {PREFIX} in headless Chromium ({:.0} s)",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_that_are_not_relative_are_found() {
        let page = r#"<link rel="stylesheet" href="style.css"><script type="module" src="main.js"></script>
<link rel="icon" href="data:,"><script src="/main.js"></script><img src='https://cdn.example/x.png'>"#;
        assert_eq!(
            absolute_urls(page),
            ["src=/main.js", "src=https://cdn.example/x.png"]
        );
        let script = r#"import init, { Game } from "./pkg/goishi_web.js";
import { x } from "/abs.js";
const w = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
const r = await fetch(new URL("./rules-pages.json", import.meta.url));
fetch("/api/x"); a.href = URL.createObjectURL(blob); const m = await import("https://esm.sh/x");"#;
        assert_eq!(
            absolute_urls(script),
            ["import(https://esm.sh/x", "from /abs.js", "fetch(/api/x"]
        );
        assert_eq!(
            absolute_urls("body { background: url(/bg.png) }"),
            ["url(/bg.png"]
        );
        assert!(absolute_urls("a { b: url(img/x.png) } c { d: url(\"data:x\") }").is_empty());
    }

    #[test]
    fn the_page_has_only_relative_addresses() {
        let mut files = Vec::new();
        walk(&root().join("web"), &mut files).unwrap();
        for file in files {
            if file.components().any(|c| c.as_os_str() == "tests") {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            assert_eq!(
                absolute_urls(&text),
                Vec::<String>::new(),
                "{}",
                file.display()
            );
        }
    }
}
