//! The GTP engines of a match: a child process spoken to over its standard input and output
//! ([`Child`]), or goishi's own engine in this process ([`InProcess`], the default referee),
//! both behind [`Client`].

use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::gtp::Engine;

/// A GTP engine: one command in, its answer out (`Ok` for `=`, `Err` for `?` or a failure of
/// the engine itself, which names the engine).
pub trait Client {
    /// Sends `command` (one line) and waits at most `timeout` for its answer.
    fn send(&mut self, command: &str, timeout: Duration) -> Result<String, String>;

    /// The engine's name for tables and records.
    fn label(&self) -> &str;
}

/// goishi's GTP engine, in this process.
#[derive(Debug)]
pub struct InProcess {
    engine: Engine,
    label: String,
}

impl InProcess {
    /// The engine, called `label` in messages.
    pub fn new(engine: Engine, label: &str) -> InProcess {
        InProcess {
            engine,
            label: label.to_owned(),
        }
    }
}

impl Client for InProcess {
    fn send(&mut self, command: &str, _: Duration) -> Result<String, String> {
        let words: Vec<&str> = command.split_whitespace().collect();
        let Some((name, args)) = words.split_first() else {
            return Err("empty command".to_owned());
        };
        self.engine.run(name, args)
    }

    fn label(&self) -> &str {
        &self.label
    }
}

/// A GTP engine run as a child process: its command line split at white space.
#[derive(Debug)]
pub struct Child {
    child: std::process::Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    label: String,
}

impl Child {
    /// Starts `command_line` (the program and its arguments, separated by white space).
    pub fn start(command_line: &str, label: &str) -> Result<Child, String> {
        let mut words = command_line.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| format!("{label}: the engine command is empty"))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{label}: cannot start {command_line:?}: {e}"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| format!("{label}: no standard output"))?;
        let (tx, lines) = std::sync::mpsc::channel();
        // A thread reads the engine's lines, so that a silent engine times out instead of
        // hanging the match.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Child {
            stdin: child.stdin.take(),
            child,
            lines,
            label: label.to_owned(),
        })
    }
}

impl Client for Child {
    fn send(&mut self, command: &str, timeout: Duration) -> Result<String, String> {
        let label = &self.label;
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| format!("{label}: the engine's input is closed"))?;
        writeln!(stdin, "{command}")
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("{label}: cannot send {command:?}: {e}"))?;
        let mut answer: Vec<String> = Vec::new();
        loop {
            let line = match self.lines.recv_timeout(timeout) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "{label}: no answer to {command:?} within {} s",
                        timeout.as_secs()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{label}: the engine ended during {command:?}"))
                }
            };
            let line = line.trim_end_matches('\r').to_owned();
            if line.is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push(line);
        }
        let text = answer.join("\n");
        let (ok, rest) = match text.chars().next() {
            Some('=') => (true, &text[1..]),
            Some('?') => (false, &text[1..]),
            _ => {
                return Err(format!(
                    "{label}: not a GTP answer to {command:?}: {text:?}"
                ))
            }
        };
        // Skip an id, then one space.
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let rest = rest.strip_prefix(' ').unwrap_or(rest).to_owned();
        if ok {
            Ok(rest)
        } else {
            Err(rest)
        }
    }

    fn label(&self) -> &str {
        &self.label
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit");
        }
        // Give the engine a moment to quit by itself, then stop it.
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
