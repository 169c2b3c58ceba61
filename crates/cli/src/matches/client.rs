//! The GTP engines of a match: a child process spoken to over its standard input and output
//! ([`Child`]), or goishi's own engine in this process ([`InProcess`], the default referee),
//! both behind [`Client`].
//!
//! Commands to a child are numbered (`7 genmove b`) and an answer whose id is not the
//! command's is dropped: the late answer to a command that timed out is never taken for the
//! answer to the next one. An answer without an id is taken as it comes.

use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::gtp::Engine;

/// A GTP engine: one command in, its answer out (`Ok` for `=`, `Err` for `?` or a failure of
/// the engine itself, which names the engine).
pub trait Client {
    /// Sends `command` (one line) and waits at most `timeout` for its answer.
    fn send(&mut self, command: &str, timeout: Duration) -> Result<String, String>;

    /// The engine's name for tables and records.
    fn label(&self) -> &str;

    /// The number of points of the engine's board, when known (an engine in this process).
    fn points(&self) -> Option<usize> {
        None
    }
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

    fn points(&self) -> Option<usize> {
        Some(self.engine.position().geometry().num_points())
    }
}

/// A GTP engine run as a child process: its command line split at white space.
#[derive(Debug)]
pub struct Child {
    child: std::process::Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    label: String,
    /// The id of the last command sent.
    last_id: u64,
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
            last_id: 0,
        })
    }
}

impl Child {
    /// The next answer's text (its lines up to the empty line that ends it), waiting until
    /// `deadline`.
    fn read_answer(
        &self,
        command: &str,
        timeout: Duration,
        deadline: Instant,
    ) -> Result<String, String> {
        let label = &self.label;
        let mut answer: Vec<String> = Vec::new();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(wait) {
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
                return Ok(answer.join("\n"));
            }
            answer.push(line);
        }
    }
}

impl Client for Child {
    fn send(&mut self, command: &str, timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        self.last_id += 1;
        let id = self.last_id;
        let label = &self.label;
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| format!("{label}: the engine's input is closed"))?;
        writeln!(stdin, "{id} {command}")
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("{label}: cannot send {command:?}: {e}"))?;
        loop {
            let text = self.read_answer(command, timeout, deadline)?;
            let label = &self.label;
            let (ok, rest) = match text.chars().next() {
                Some('=') => (true, &text[1..]),
                Some('?') => (false, &text[1..]),
                _ => {
                    return Err(format!(
                        "{label}: not a GTP answer to {command:?}: {text:?}"
                    ))
                }
            };
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits > 0 && rest[..digits].parse::<u64>().ok() != Some(id) {
                // The late answer to an earlier command (one that timed out).
                continue;
            }
            // Skip the id, then one space.
            let rest = &rest[digits..];
            let rest = rest.strip_prefix(' ').unwrap_or(rest).to_owned();
            return if ok { Ok(rest) } else { Err(rest) };
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

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A GTP engine in `sh` that takes 2 s over `genmove` and answers other commands with
    /// their name; it echoes ids when given them.
    const SLOW_ENGINE: &str = r#"while read -r first rest; do
  case "$first" in
    [0-9]*) id="$first"; line="$rest";;
    *) id=""; line="$first $rest";;
  esac
  set -- $line
  case "$1" in
    genmove) sleep 2; printf '=%s C3\n\n' "$id";;
    quit) printf '=%s\n\n' "$id"; exit 0;;
    *) printf '=%s %s\n\n' "$id" "$1";;
  esac
done
"#;

    #[test]
    fn a_late_answer_is_not_taken_for_the_next_one() {
        let path =
            std::env::temp_dir().join(format!("goishi-slow-engine-{}.sh", std::process::id()));
        std::fs::write(&path, SLOW_ENGINE).unwrap();
        let mut engine = Child::start(&format!("sh {}", path.display()), "slow").unwrap();
        // The engine sleeps 2 s before it answers: this times out however loaded the machine.
        let late = engine.send("genmove b", Duration::from_millis(50));
        assert!(late.is_err(), "{late:?}");
        // The next command gets its own answer, not the late "C3".
        assert_eq!(
            engine.send("name", Duration::from_secs(600)),
            Ok("name".to_owned())
        );
        assert_eq!(
            engine.send("version", Duration::from_secs(600)),
            Ok("version".to_owned())
        );
        drop(engine);
        let _ = std::fs::remove_file(&path);
    }
}
