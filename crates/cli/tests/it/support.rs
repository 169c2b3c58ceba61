//! A GTP client over a child process's standard input and output, for the tests.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};

/// One response: success or failure, and the text after `=id ` / `?id `.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    pub ok: bool,
    pub text: String,
    /// The whole response as received, without the final empty line.
    pub full: String,
}

/// A running GTP engine.
pub struct Gtp {
    pub name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Gtp {
    /// Starts `program` with `args` in `dir` (the current directory if `None`).
    pub fn start(name: &str, program: &Path, args: &[&str], dir: Option<&Path>) -> Gtp {
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if let Some(d) = dir {
            command.current_dir(d);
        }
        let mut child = command
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        Gtp {
            name: name.to_owned(),
            child,
            stdin,
            stdout,
        }
    }

    /// The goishi binary under test.
    pub fn goishi(args: &[&str], dir: Option<&Path>) -> Gtp {
        let mut all = vec!["gtp"];
        all.extend_from_slice(args);
        Gtp::start("goishi", Path::new(env!("CARGO_BIN_EXE_goishi")), &all, dir)
    }

    /// Sends raw bytes (one or more lines).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush to engine");
    }

    /// Reads one line of output without its end; `None` at the end of the output.
    pub fn read_line(&mut self) -> Option<String> {
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).expect("read from engine");
        (n > 0).then(|| line.trim_end_matches(['\n', '\r']).to_owned())
    }

    /// Reads one response (up to its empty line); `None` at the end of the output.
    pub fn read_response(&mut self) -> Option<Response> {
        let mut lines: Vec<String> = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read from engine");
            if n == 0 {
                return None;
            }
            let line = line.trim_end_matches(['\n', '\r']).to_owned();
            if line.is_empty() {
                if lines.is_empty() {
                    continue;
                }
                break;
            }
            lines.push(line);
        }
        let full = lines.join("\n");
        let ok = full.starts_with('=');
        assert!(
            ok || full.starts_with('?'),
            "{}: response starts with neither = nor ?: {full:?}",
            self.name
        );
        let text = match full.find(' ') {
            Some(i) => full[i..].trim().to_owned(),
            None => String::new(),
        };
        Some(Response { ok, text, full })
    }

    /// Sends one command and reads its response.
    pub fn send(&mut self, command: &str) -> Response {
        self.send_raw(format!("{command}\n").as_bytes());
        self.read_response()
            .unwrap_or_else(|| panic!("{}: no response to {command:?}", self.name))
    }

    /// Sends a command that must succeed; returns its text.
    pub fn ok(&mut self, command: &str) -> String {
        let r = self.send(command);
        assert!(r.ok, "{}: {command:?} failed: {}", self.name, r.full);
        r.text
    }

    /// Closes the engine's input.
    pub fn close_input(&mut self) {
        drop(self.stdin.take());
    }

    /// Closes the input and waits for the engine to exit.
    pub fn finish(mut self) -> ExitStatus {
        drop(self.stdin.take());
        self.child.wait().expect("wait for engine")
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        drop(self.stdin.take());
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
