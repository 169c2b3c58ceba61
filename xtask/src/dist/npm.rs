//! The npm package `goishi-wasm`: the module of `crates/web` (its release build, Cargo's
//! profile `web`, the one the playground ships) through `wasm-bindgen --target web` with its
//! TypeScript types, plus a Node.js entry (`crates/web/npm/node.js`: the module compiled from
//! its file at import), the package's README (`crates/web/npm/README.md`), the two licence
//! files, and a `package.json` written from the crate's manifest (its version, licence,
//! repository, homepage, keywords; the npm name and description of
//! `[package.metadata.npm]`). `npm pack` makes the tarball, `target/dist/npm/NAME-VERSION.tgz`.
//!
//! The check installs that tarball into an empty Node.js project (`npm init`, then `npm
//! install` of the file, offline: it has no dependencies) under `target/dist-check/npm/`,
//! and there runs `crates/web/npm/tests/goishi-wasm.test.mjs` with `node --test` (a game,
//! an illegal move refused with the engine's sentence, SGF out and in, the end and the
//! score, a search; the README's example), type-checks `usage.mts` against the installed
//! types with the pinned TypeScript (`npm ci` of `crates/web/npm/tests/package-lock.json`),
//! holds the module to [`GZIP_LIMIT`], and loads the package's browser entry in headless
//! Chromium (`web/tests/dist.mjs`).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

use super::{empty_folder as fresh_dir, files_ending, node, npm, output, status, Dist, Part};
use crate::web::{self, root, Bindgen};

/// The largest gzipped `.wasm` the package may ship (issue #31's target).
pub const GZIP_LIMIT: u64 = 600 * 1024;

/// The files' name of the module in the package: `goishi_wasm.js`, `goishi_wasm_bg.wasm`,
/// `goishi_wasm.d.ts`.
pub const MODULE: &str = "goishi_wasm";

/// Where the package's own files live in the repository.
fn sources() -> PathBuf {
    root().join("crates/web/npm")
}

/// The `goishi-web` package of the workspace's `cargo metadata`.
fn crate_metadata(dist: &Dist) -> Result<Value, String> {
    dist.metadata["packages"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["name"] == "goishi-web"))
        .cloned()
        .ok_or_else(|| "cargo metadata lists no goishi-web".to_owned())
}

/// The files the package ships besides `package.json` (npm adds it), in this order.
pub fn files() -> Vec<String> {
    vec![
        format!("{MODULE}.js"),
        format!("{MODULE}.d.ts"),
        format!("{MODULE}_bg.wasm"),
        format!("{MODULE}_bg.wasm.d.ts"),
        "node.js".to_owned(),
        "README.md".to_owned(),
        "LICENSE-MIT".to_owned(),
        "LICENSE-APACHE".to_owned(),
    ]
}

/// The `package.json` of the package, from the crate's `cargo metadata` entry. Written as
/// text, field by field: the order of an export's conditions is its meaning (the first that
/// applies wins: `types`, then `node`, then `default`), and a JSON map would sort them.
pub fn package_json(krate: &Value) -> Result<String, String> {
    let npm = &krate["metadata"]["npm"];
    let field = |v: &Value, what: &str| {
        v.as_str()
            .map(str::to_owned)
            .ok_or_else(|| format!("crates/web/Cargo.toml has no {what}"))
    };
    let name = field(&npm["name"], "[package.metadata.npm] name")?;
    let repository = field(&krate["repository"], "repository")?;
    let mut keywords: Vec<Value> = krate["keywords"].as_array().cloned().unwrap_or_default();
    keywords.extend(npm["keywords"].as_array().cloned().unwrap_or_default());
    let text = |v: &str| Value::from(v).to_string();
    Ok(format!(
        r#"{{
  "name": {name},
  "version": {version},
  "description": {description},
  "license": {license},
  "author": {author},
  "homepage": {homepage},
  "repository": {{
    "type": "git",
    "url": {url},
    "directory": "crates/web"
  }},
  "bugs": {{
    "url": {bugs}
  }},
  "keywords": {keywords},
  "type": "module",
  "exports": {{
    ".": {{
      "types": "./{MODULE}.d.ts",
      "node": "./node.js",
      "default": "./{MODULE}.js"
    }},
    "./{MODULE}_bg.wasm": "./{MODULE}_bg.wasm",
    "./package.json": "./package.json"
  }},
  "main": "./node.js",
  "module": "./{MODULE}.js",
  "types": "./{MODULE}.d.ts",
  "files": {files},
  "sideEffects": [
    "./node.js"
  ],
  "engines": {{
    "node": ">=20"
  }}
}}
"#,
        name = text(&name),
        version = text(&field(&krate["version"], "version")?),
        description = text(&field(
            &npm["description"],
            "[package.metadata.npm] description"
        )?),
        license = text(&field(&krate["license"], "license")?),
        author = krate["authors"].get(0).cloned().unwrap_or(Value::Null),
        homepage = text(&field(&krate["homepage"], "homepage")?),
        url = text(&format!("git+{repository}.git")),
        bugs = text(&format!("{repository}/issues")),
        keywords = Value::from(keywords),
        files = Value::from(files()),
    ))
}

/// wasm-bindgen's types give each class `[Symbol.dispose]()` (for `using`), which
/// TypeScript knows from its library `esnext.disposable` only: the types name that library
/// themselves (`/// <reference lib=...>`), so that a project compiles against them whatever
/// its own `lib` (and `skipLibCheck` off).
fn disposable_types(types: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(types)
        .map_err(|e| format!("cannot read {}: {e}", types.display()))?;
    if text.contains("Symbol.dispose") && !text.contains("esnext.disposable") {
        std::fs::write(
            types,
            format!("/// <reference lib=\"esnext.disposable\" />\n{text}"),
        )
        .map_err(|e| format!("cannot write {}: {e}", types.display()))?;
    }
    Ok(())
}

/// Copies `from` to `to`, naming both on failure.
fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

/// The part of `cargo xtask dist`.
pub const PART: Part = Part {
    name: "npm",
    what: "the npm package goishi-wasm (npm pack tarball) in target/dist/npm/",
    build: |dist| build(dist).map(|_| ()),
    check,
};

/// Builds the package: the tarball `target/dist/npm/NAME-VERSION.tgz`.
pub fn build(dist: &Dist) -> Result<PathBuf, String> {
    let started = Instant::now();
    let manifest = package_json(&crate_metadata(dist)?)?;
    let module = web::cargo_build("release")?;
    let out = dist.out("npm");
    fresh_dir(&out)?;
    let stage = out.join("package");
    let wasm = web::bindgen(
        &module,
        &stage,
        Bindgen {
            name: MODULE,
            typescript: true,
            strip_names: true,
        },
    )?;
    disposable_types(&stage.join(format!("{MODULE}.d.ts")))?;
    copy(&sources().join("node.js"), &stage.join("node.js"))?;
    copy(&sources().join("README.md"), &stage.join("README.md"))?;
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        copy(&root().join(licence), &stage.join(licence))?;
    }
    std::fs::write(stage.join("package.json"), manifest)
        .map_err(|e| format!("cannot write the package.json: {e}"))?;
    let packed = output(
        Command::new(npm())
            .args(["pack", "--json", "--pack-destination"])
            .arg(&out)
            .current_dir(&stage),
        "npm pack (Node.js's npm is needed: apt-get install npm)",
    )?;
    let packed: Value =
        serde_json::from_str(&packed).map_err(|e| format!("npm pack's output: {e}"))?;
    let file = packed[0]["filename"]
        .as_str()
        .ok_or("npm pack named no file")?;
    let tarball = out.join(file);
    let size = std::fs::metadata(&tarball).map(|m| m.len()).unwrap_or(0);
    println!(
        "dist: npm: {} ({} KB, {} files); module {}; in {:.0} s",
        tarball.display(),
        size / 1024,
        packed[0]["entryCount"],
        web::size_note(&wasm),
        started.elapsed().as_secs_f64()
    );
    Ok(tarball)
}

/// The ids of every registered variant (the native registry), for the test to compare with.
fn variant_ids() -> String {
    goishi::registry()
        .variants()
        .map(|v| v.id)
        .collect::<Vec<_>>()
        .join(",")
}

/// Checks the tarball of `target/dist/npm/` as npm serves it: installed into an empty
/// project (see the module docs).
pub fn check(dist: &Dist) -> Result<(), String> {
    let started = Instant::now();
    let tarballs = files_ending(&dist.out("npm"), ".tgz")?;
    let [tarball] = tarballs.as_slice() else {
        return Err(format!(
            "expected one npm tarball in {}, found {}: run `cargo xtask dist --only npm`",
            dist.out("npm").display(),
            tarballs.len()
        ));
    };
    let dir = dist.scratch("npm");
    fresh_dir(&dir)?;
    let project = dir.join("project");
    fresh_dir(&project)?;
    output(
        Command::new(npm())
            .args(["init", "-y"])
            .current_dir(&project),
        "npm init -y",
    )?;
    output(
        Command::new(npm())
            .args(["install", "--offline", "--no-audit", "--no-fund"])
            .arg(tarball)
            .current_dir(&project),
        "npm install of the tarball",
    )?;
    let installed = project.join("node_modules/goishi-wasm");
    for file in files().iter().map(String::as_str).chain(["package.json"]) {
        if !installed.join(file).is_file() {
            return Err(format!("the installed package has no {file}"));
        }
    }
    let wasm = installed.join(format!("{MODULE}_bg.wasm"));
    let gz = web::gzipped_size(&wasm).ok_or("gzip could not measure the module")?;
    if gz > GZIP_LIMIT {
        return Err(format!(
            "the module is {} KB gzipped, over the package's limit of {} KB",
            gz / 1024,
            GZIP_LIMIT / 1024
        ));
    }
    println!("dist: npm: module {}", web::size_note(&wasm));
    let tests = sources().join("tests");
    copy(
        &tests.join("goishi-wasm.test.mjs"),
        &project.join("goishi-wasm.test.mjs"),
    )?;
    status(
        Command::new(node())
            .args(["--test", "goishi-wasm.test.mjs"])
            .env("GOISHI_VARIANTS", variant_ids())
            .current_dir(&project),
        "node --test of the installed package",
    )?;
    // The types, as a TypeScript user compiles against them (strict, node's module rules).
    let tools = dir.join("tools");
    fresh_dir(&tools)?;
    crate::npm::ci("crates/web/npm/tests", &tools)?;
    for file in ["usage.mts", "tsconfig.json"] {
        copy(&tests.join(file), &project.join(file))?;
    }
    status(
        Command::new(node())
            .arg(tools.join("node_modules/typescript/bin/tsc"))
            .args(["-p", "tsconfig.json"])
            .current_dir(&project),
        "tsc --noEmit of usage.mts against the installed types",
    )?;
    println!("dist: npm: usage.mts type-checks against the installed types");
    // The browser's entry (the web target's module, `init()` fetching the .wasm beside it)
    // in headless Chromium, served as a CDN or a bundler's output would serve it.
    let listener = TcpListener::bind(("127.0.0.1", 0))
        .map_err(|e| format!("cannot listen on 127.0.0.1: {e}"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let served = installed.clone();
    std::thread::spawn(move || web::serve_under(listener, served, "/goishi-wasm/"));
    super::site::chromium_check(
        "npm",
        &format!("http://127.0.0.1:{port}/goishi-wasm/"),
        &dir,
    )?;
    println!(
        "dist: npm: the installed package passed in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_package_json_comes_from_the_crate() {
        let krate = crate_metadata(&Dist::new().unwrap()).unwrap();
        let text = package_json(&krate).unwrap();
        let manifest: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(manifest["name"], "goishi-wasm");
        assert_eq!(manifest["version"], env!("CARGO_PKG_VERSION"));
        assert_eq!(manifest["license"], "MIT OR Apache-2.0");
        assert_eq!(manifest["types"], "./goishi_wasm.d.ts");
        assert_eq!(manifest["exports"]["."]["node"], "./node.js");
        // The conditions in the order that gives them their meaning.
        let at = |key: &str| text.find(&format!("\"{key}\": \"./")).unwrap();
        assert!(
            at("types") < at("node") && at("node") < at("default"),
            "{text}"
        );
        assert!(manifest["keywords"]
            .as_array()
            .unwrap()
            .contains(&Value::from("go")));
        assert_eq!(
            manifest["repository"]["url"],
            "git+https://github.com/goishi-go/goishi.git"
        );
        // Every file the package ships is written by the build or lives in the repository.
        for file in [
            "node.js",
            "README.md",
            "tests/goishi-wasm.test.mjs",
            "tests/usage.mts",
        ] {
            assert!(sources().join(file).is_file(), "{file}");
        }
        let mut no_npm = krate.clone();
        no_npm["metadata"] = Value::Null;
        assert!(package_json(&no_npm).unwrap_err().contains("metadata.npm"));
    }
}
