//! `cargo xtask web [--profile debug|release] [--serve [--port N]] [--test]`: builds the
//! browser playground (crates/web for wasm32-unknown-unknown, then `wasm-bindgen --target
//! web`, then the page's files of `web/` beside it, and the variants' rules pages rendered as
//! HTML, `rules-pages.json`) into `target/web/site/<profile>/`, serves it on 127.0.0.1 with a
//! small static server, or runs its end-to-end tests in headless Chromium (`web_test`).
//!
//! `wasm-bindgen-cli` must be at the version of the `wasm-bindgen` crate in Cargo.lock; a
//! missing or different one is installed with `cargo install wasm-bindgen-cli --version X`
//! (without `--locked`: its locked dependencies are not all on the registry). `wasm-opt` runs
//! when `WASM_OPT` names one (npm's `binaryen`; Debian's is too old and breaks the module);
//! otherwise it is skipped. Nothing is written outside `target/`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use crate::flags::Flags;
pub(crate) use crate::test::root;
use crate::wasm_check::{target_dir, TARGET};

/// What `cargo xtask web` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The profiles to build (`debug`, `release`).
    pub profiles: Vec<String>,
    /// Serve the (first) build on 127.0.0.1.
    pub serve: bool,
    /// The port to serve on (0: any free port).
    pub port: u16,
    /// Run the end-to-end tests (both profiles unless `--profile` names one).
    pub test: bool,
}

/// Parses the options of `web`.
pub fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        profiles: Vec::new(),
        serve: false,
        port: 8000,
        test: false,
    };
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next_flag() {
        match flag.name {
            "--profile" => match flags.value(&flag)?.as_str() {
                p @ ("debug" | "release") => options.profiles.push(p.to_owned()),
                other => return Err(format!("--profile {other:?}: expected debug or release")),
            },
            "--serve" if flag.is_switch() => options.serve = true,
            "--test" if flag.is_switch() => options.test = true,
            "--port" => options.port = flags.number(&flag)?,
            _ => return Err(flag.unknown()),
        }
    }
    if options.serve && options.test {
        return Err("--serve and --test do not go together".to_owned());
    }
    if options.profiles.is_empty() {
        options.profiles = if options.test {
            vec!["debug".to_owned(), "release".to_owned()]
        } else {
            vec!["release".to_owned()]
        };
    }
    Ok(options)
}

/// Runs `cargo xtask web`.
pub fn run(options: &Options) -> ExitCode {
    let result = (|| -> Result<(), String> {
        for profile in &options.profiles {
            let site = build(profile)?;
            println!("web: {profile} build in {}", site.display());
        }
        if options.serve {
            let site = site_dir().join(&options.profiles[0]);
            let listener = TcpListener::bind(("127.0.0.1", options.port))
                .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", options.port))?;
            let port = listener.local_addr().map_err(|e| e.to_string())?.port();
            println!(
                "web: serving {} at http://127.0.0.1:{port}/ (Ctrl-C stops)",
                site.display()
            );
            serve(listener, site);
        }
        if options.test {
            crate::web_test::run(&options.profiles)?;
        }
        Ok(())
    })();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("web: FAILED: {why}");
            ExitCode::FAILURE
        }
    }
}

/// Where the sites are built: `target/web/site/<profile>/`.
pub fn site_dir() -> PathBuf {
    target_dir().join("web").join("site")
}

/// The version of the `wasm-bindgen` crate in a Cargo.lock text.
pub fn locked_version(lock: &str, name: &str) -> Option<String> {
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == format!("name = \"{name}\"") {
            let version = lines.next()?.trim().strip_prefix("version = \"")?;
            return Some(version.trim_end_matches('"').to_owned());
        }
    }
    None
}

/// The `wasm-bindgen` program at the locked version, installed if missing.
fn wasm_bindgen() -> Result<PathBuf, String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let version = locked_version(&lock, "wasm-bindgen")
        .ok_or("Cargo.lock holds no wasm-bindgen crate (crates/web depends on it)")?;
    let cargo_bin = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .map(|h| h.join("bin").join("wasm-bindgen"));
    let candidates: Vec<PathBuf> = std::env::var_os("WASM_BINDGEN")
        .map(PathBuf::from)
        .into_iter()
        .chain(cargo_bin)
        .chain(std::iter::once(PathBuf::from("wasm-bindgen")))
        .collect();
    let at_version = |p: &PathBuf| {
        Command::new(p).arg("--version").output().is_ok_and(|o| {
            String::from_utf8_lossy(&o.stdout).trim() == format!("wasm-bindgen {version}")
        })
    };
    if let Some(found) = candidates.iter().find(|p| at_version(p)) {
        return Ok(found.clone());
    }
    println!("web: cargo install wasm-bindgen-cli --version {version} (the version of Cargo.lock)");
    let status = Command::new(crate::dist::cargo())
        .args(["install", "wasm-bindgen-cli", "--version", &version])
        .status()
        .map_err(|e| format!("cannot run cargo install: {e}"))?;
    if !status.success() {
        return Err(format!(
            "cargo install wasm-bindgen-cli --version {version} failed"
        ));
    }
    candidates
        .into_iter()
        .find(at_version)
        .ok_or_else(|| format!("wasm-bindgen {version} is still not found after cargo install"))
}

/// The file of the site that holds the variants' rules pages (`web/main.js` reads it).
pub const RULES_PAGES: &str = "rules-pages.json";

/// Builds `crates/web` for wasm32 in `profile` (`debug`, or `release`: Cargo's profile
/// `web`); returns the module cargo wrote (`target/wasm32-unknown-unknown/<dir>/goishi_web.wasm`).
pub fn cargo_build(profile: &str) -> Result<PathBuf, String> {
    let mut cmd = Command::new(crate::dist::cargo());
    cmd.args(["build", "--quiet", "-p", "goishi-web", "--target", TARGET])
        .current_dir(root());
    // The page's release build is Cargo's profile `web` (release, sized: see Cargo.toml), and
    // the folder of Cargo's output.
    let (cargo_profile, out) = if profile == "release" {
        ("web", "web")
    } else {
        ("dev", "debug")
    };
    cmd.args(["--profile", cargo_profile]);
    let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!(
            "cargo build -p goishi-web --target {TARGET} ({profile}) failed (is the target \
             installed? rustup target add {TARGET})"
        ));
    }
    Ok(target_dir().join(TARGET).join(out).join("goishi_web.wasm"))
}

/// How [`bindgen`] writes a module's JavaScript.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bindgen<'a> {
    /// The files' name: `<name>.js`, `<name>_bg.wasm` (and `<name>.d.ts`).
    pub name: &'a str,
    /// Write the TypeScript types (`<name>.d.ts`).
    pub typescript: bool,
    /// Drop the function names (a release build: a third of the gzipped module, which serve
    /// only stack traces).
    pub strip_names: bool,
}

/// `wasm-bindgen --target web` of `module` into `out`, then `wasm-opt -Oz` when `WASM_OPT`
/// names one; returns the `.wasm` written.
pub fn bindgen(module: &Path, out: &Path, how: Bindgen<'_>) -> Result<PathBuf, String> {
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let bindgen = wasm_bindgen()?;
    let mut cmd = Command::new(&bindgen);
    cmd.args(["--target", "web", "--out-name", how.name, "--out-dir"])
        .arg(out)
        .arg(module);
    if !how.typescript {
        cmd.arg("--no-typescript");
    }
    if how.strip_names {
        cmd.arg("--remove-name-section");
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {}: {e}", bindgen.display()))?;
    if !status.success() {
        return Err(format!("wasm-bindgen failed on {}", module.display()));
    }
    let wasm = out.join(format!("{}_bg.wasm", how.name));
    if let Some(opt) = std::env::var_os("WASM_OPT") {
        let status = Command::new(&opt)
            .args([
                "-Oz",
                "--enable-bulk-memory",
                "--enable-nontrapping-float-to-int",
                "-o",
            ])
            .arg(&wasm)
            .arg(&wasm)
            .status()
            .map_err(|e| format!("cannot run WASM_OPT={}: {e}", opt.to_string_lossy()))?;
        if !status.success() {
            return Err("wasm-opt failed".to_owned());
        }
    }
    Ok(wasm)
}

/// `FILE (N KB, M KB gzipped)`, and whether wasm-opt ran.
pub fn size_note(wasm: &Path) -> String {
    let size = std::fs::metadata(wasm).map(|m| m.len()).unwrap_or(0);
    let gz = gzipped_size(wasm)
        .map(|n| format!(", {} KB gzipped", n / 1024))
        .unwrap_or_default();
    let opt = if std::env::var_os("WASM_OPT").is_some() {
        "wasm-opt -Oz"
    } else {
        "wasm-opt skipped (set WASM_OPT)"
    };
    format!("{} ({} KB{gz}), {opt}", wasm.display(), size / 1024)
}

/// Builds the site of one profile; returns its folder.
pub fn build(profile: &str) -> Result<PathBuf, String> {
    let started = Instant::now();
    let module = cargo_build(profile)?;
    let site = site_dir().join(profile);
    let wasm = bindgen(
        &module,
        &site.join("pkg"),
        Bindgen {
            name: "goishi_web",
            typescript: false,
            strip_names: profile == "release",
        },
    )?;
    let web = root().join("web");
    for entry in
        std::fs::read_dir(&web).map_err(|e| format!("cannot read {}: {e}", web.display()))?
    {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_file() {
            let to = site.join(path.file_name().expect("a file has a name"));
            std::fs::copy(&path, &to)
                .map_err(|e| format!("cannot copy {}: {e}", path.display()))?;
        }
    }
    // The variants' rules pages as HTML, rendered here rather than in the module (see
    // goishi_web::rules_page).
    let pages = site.join(RULES_PAGES);
    std::fs::write(&pages, goishi_web::rules_page::pages().to_string())
        .map_err(|e| format!("cannot write {}: {e}", pages.display()))?;
    println!(
        "web: {profile}: {} in {:.0} s",
        size_note(&wasm),
        started.elapsed().as_secs_f64(),
    );
    Ok(site)
}

/// The size of a file compressed by `gzip -9` (the system's), if gzip runs.
pub fn gzipped_size(path: &Path) -> Option<u64> {
    let out = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(path)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status.success().then_some(out.stdout.len() as u64)
}

/// The content type of a file the site serves.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

/// The file a request path names under `root`, if it stays under it.
pub fn resolve(root: &Path, request: &str) -> Option<PathBuf> {
    let path = request.split(['?', '#']).next().unwrap_or("");
    let mut out = root.to_path_buf();
    for part in Path::new(path.trim_start_matches('/')).components() {
        match part {
            Component::Normal(p) => out.push(p),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if out.is_dir() {
        out.push("index.html");
    }
    Some(out)
}

/// What a request for `target` gets from a site served under `prefix` (`/`, or a sub-path
/// such as `/goishi/`): the file, or a redirect to the prefix itself when asked without its
/// last slash (as GitHub Pages answers), or nothing (a path outside the prefix, or off the
/// site).
#[derive(Debug, PartialEq, Eq)]
pub enum Answer {
    /// The file that answers.
    File(PathBuf),
    /// `301 Moved Permanently` to this address.
    Redirect(String),
    /// `404 Not Found`.
    NotFound,
}

/// The answer to a request for `target` under `prefix` (see [`Answer`]).
pub fn answer(root: &Path, prefix: &str, target: &str) -> Answer {
    let path = target.split(['?', '#']).next().unwrap_or("");
    if prefix.len() > 1 && path == prefix.trim_end_matches('/') {
        return Answer::Redirect(prefix.to_owned());
    }
    match path.strip_prefix(prefix) {
        Some(rest) => match resolve(root, rest).filter(|p| p.is_file()) {
            Some(file) => Answer::File(file),
            None => Answer::NotFound,
        },
        None => Answer::NotFound,
    }
}

fn respond(mut stream: TcpStream, root: &Path, prefix: &str) {
    let mut reader = BufReader::new(match stream.try_clone() {
        Ok(s) => s,
        Err(_) => return,
    });
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    // The headers are read and dropped.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let mut words = request.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or("/"));
    let mut location = String::new();
    let (status, body, kind) = match (method, answer(root, prefix, target)) {
        ("GET" | "HEAD", Answer::File(path)) => match std::fs::read(&path) {
            Ok(bytes) => ("200 OK", bytes, content_type(&path)),
            Err(_) => ("500 Internal Server Error", Vec::new(), "text/plain"),
        },
        ("GET" | "HEAD", Answer::Redirect(to)) => {
            location = format!("Location: {to}\r\n");
            ("301 Moved Permanently", Vec::new(), "text/plain")
        }
        ("GET" | "HEAD", Answer::NotFound) => {
            ("404 Not Found", b"not found".to_vec(), "text/plain")
        }
        _ => ("405 Method Not Allowed", Vec::new(), "text/plain"),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n{location}Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    if method != "HEAD" {
        let _ = stream.write_all(&body);
    }
    let _ = stream.flush();
    let mut rest = [0u8; 256];
    let _ = stream.set_read_timeout(Some(std::time::Duration::from_millis(50)));
    let _ = stream.read(&mut rest);
}

/// Serves the files under `root` on `listener`, a thread per connection, until the process
/// ends.
pub fn serve(listener: TcpListener, root: PathBuf) {
    serve_under(listener, root, "/");
}

/// Serves the files under `root` at the sub-path `prefix` (`/goishi/`: `root/index.html` is
/// `/goishi/`; nothing is served outside it), as GitHub Pages serves a project's site.
pub fn serve_under(listener: TcpListener, root: PathBuf, prefix: &str) {
    let prefix: std::sync::Arc<str> = prefix.into();
    for stream in listener.incoming().flatten() {
        let (root, prefix) = (root.clone(), prefix.clone());
        std::thread::spawn(move || respond(stream, &root, &prefix));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_parse() {
        let args = |s: &str| s.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        let o = parse(&args("--serve --port 0")).unwrap();
        assert_eq!(
            (o.serve, o.port, o.profiles.clone()),
            (true, 0, vec!["release".to_owned()])
        );
        let o = parse(&args("--test")).unwrap();
        assert_eq!(o.profiles, ["debug", "release"]);
        assert!(parse(&args("--profile fast")).unwrap_err().contains("fast"));
        assert!(parse(&args("--serve --test")).is_err());
    }

    #[test]
    fn the_locked_version_is_read_from_the_lock_file() {
        let lock = "[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.99\"\n";
        assert_eq!(
            locked_version(lock, "wasm-bindgen").as_deref(),
            Some("0.2.99")
        );
        assert_eq!(locked_version(lock, "serde"), None);
        let real = std::fs::read_to_string(root().join("Cargo.lock")).unwrap();
        assert!(locked_version(&real, "wasm-bindgen").is_some());
    }

    /// The answer of the server on `port` to `GET path`, whole.
    fn http_get(port: u16, path: &str) -> String {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        text
    }

    #[test]
    fn requests_stay_under_the_site() {
        let dir = std::env::temp_dir().join(format!("goishi-web-serve-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("pkg")).unwrap();
        std::fs::write(dir.join("index.html"), "<p>hi</p>").unwrap();
        assert_eq!(resolve(&dir, "/").unwrap(), dir.join("index.html"));
        assert_eq!(
            resolve(&dir, "/pkg/a.js?x=1").unwrap(),
            dir.join("pkg/a.js")
        );
        assert_eq!(resolve(&dir, "/../secret"), None);
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let port = listener.local_addr().unwrap().port();
        let site = dir.clone();
        std::thread::spawn(move || serve(listener, site));
        let get = |path: &str| http_get(port, path);
        let page = get("/");
        assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
        assert!(
            page.contains("text/html") && page.ends_with("<p>hi</p>"),
            "{page}"
        );
        assert!(get("/missing.js").starts_with("HTTP/1.1 404"));
        // Under a sub-path, as GitHub Pages serves a project.
        assert_eq!(
            answer(&dir, "/goishi/", "/goishi/pkg/a.js?v=2"),
            Answer::NotFound
        );
        std::fs::write(dir.join("pkg/a.js"), "1").unwrap();
        assert_eq!(
            answer(&dir, "/goishi/", "/goishi/pkg/a.js?v=2"),
            Answer::File(dir.join("pkg/a.js"))
        );
        assert_eq!(
            answer(&dir, "/goishi/", "/goishi/"),
            Answer::File(dir.join("index.html"))
        );
        assert_eq!(
            answer(&dir, "/goishi/", "/goishi"),
            Answer::Redirect("/goishi/".to_owned())
        );
        assert_eq!(answer(&dir, "/goishi/", "/pkg/a.js"), Answer::NotFound);
        assert_eq!(answer(&dir, "/goishi/", "/goishi/../x"), Answer::NotFound);
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let port = listener.local_addr().unwrap().port();
        let site = dir.clone();
        std::thread::spawn(move || serve_under(listener, site, "/goishi/"));
        let get = |path: &str| http_get(port, path);
        let moved = get("/goishi");
        assert!(
            moved.starts_with("HTTP/1.1 301") && moved.contains("Location: /goishi/\r\n"),
            "{moved}"
        );
        assert!(get("/goishi/").ends_with("<p>hi</p>"));
        assert!(get("/").starts_with("HTTP/1.1 404"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
