//! The GTP engines of a match: a child process spoken to over its standard input and output
//! ([`Child`]), or goishi's own engine in this process ([`InProcess`], the default referee),
//! both behind [`Client`].
//!
//! Commands to a child are numbered (`7 genmove b`) and an answer whose id is not the
//! command's is dropped; an answer without an id is taken as it comes. A thread reads the
//! child's output answer by answer, each at most [`MAX_LINE`] bytes (the longest command
//! line goishi's GTP engine reads), so that a silent engine times out and an endless one is
//! stopped instead of filling the memory. A child that answers nothing in time, ends or
//! answers more than that is stopped and asked nothing more: every later command fails at
//! once, saying what it did.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

use crate::gtp::{Engine, MAX_LINE};

/// Why a command got no `=` answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The engine answered `?` with this message.
    Refused(String),
    /// The engine gave no answer in time (`no answer within 600 s`).
    TimedOut(String),
    /// The engine itself failed otherwise (the engine ended, an answer that is not GTP or
    /// too long): what it did, without its label or the command.
    Failed(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Refused(m) | Failure::TimedOut(m) | Failure::Failed(m) => f.write_str(m),
        }
    }
}

/// A GTP engine: one command in, its answer out (`Ok` for `=`).
pub trait Client {
    /// Sends `command` (one line) and waits at most `timeout` for its answer.
    fn send(&mut self, command: &str, timeout: Duration) -> Result<String, Failure>;

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
    fn send(&mut self, command: &str, _: Duration) -> Result<String, Failure> {
        let words: Vec<&str> = command.split_whitespace().collect();
        let Some((name, args)) = words.split_first() else {
            return Err(Failure::Refused("empty command".to_owned()));
        };
        self.engine.run(name, args).map_err(Failure::Refused)
    }

    fn label(&self) -> &str {
        &self.label
    }

    fn points(&self) -> Option<usize> {
        Some(self.engine.position().geometry().num_points())
    }
}

/// An answer longer than [`MAX_LINE`] bytes: the reader stopped there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TooLong;

/// What an engine that answered too much did.
fn too_long() -> String {
    format!("answered more than {MAX_LINE} characters")
}

/// Reads the next answer from `input`: its lines up to the empty line that ends it (empty
/// lines before it skipped, `\r` dropped), joined by `\n`; `Ok(None)` at the end of the
/// input (an unfinished answer is dropped). `Err` as soon as the answer, the empty lines
/// before it included, passes [`MAX_LINE`] bytes: nothing past that is read.
fn read_answer(input: &mut impl BufRead) -> Result<Option<String>, TooLong> {
    let mut answer: Vec<u8> = Vec::new();
    let mut line: Vec<u8> = Vec::new();
    let mut taken = 0;
    loop {
        line.clear();
        // One byte more than the room left, to tell a full answer from a longer one.
        let room = (MAX_LINE - taken + 1) as u64;
        let Ok(n) = input.by_ref().take(room).read_until(b'\n', &mut line) else {
            return Ok(None);
        };
        taken += n;
        if taken > MAX_LINE {
            return Err(TooLong);
        }
        if line.pop() != Some(b'\n') {
            // The end of the input.
            return Ok(None);
        }
        while line.last() == Some(&b'\r') {
            line.pop();
        }
        if line.is_empty() {
            if answer.is_empty() {
                continue;
            }
            return Ok(Some(String::from_utf8_lossy(&answer).into_owned()));
        }
        if !answer.is_empty() {
            answer.push(b'\n');
        }
        answer.extend_from_slice(&line);
    }
}

/// How many answers the reader thread keeps ahead of the match; past that it waits, and
/// the engine with it.
const ANSWERS_AHEAD: usize = 4;

/// A GTP engine run as a child process: its command line split at white space.
#[derive(Debug)]
pub struct Child {
    child: std::process::Child,
    stdin: Option<ChildStdin>,
    answers: Receiver<Result<String, TooLong>>,
    label: String,
    /// The id of the last command sent.
    last_id: u64,
    /// Why the engine was stopped (`"name" earlier (the engine ended)`), if it was.
    stopped: Option<String>,
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
        let (tx, answers) = std::sync::mpsc::sync_channel(ANSWERS_AHEAD);
        // A thread reads the engine's answers, so that a silent engine times out instead of
        // hanging the match; it stops at the end of the output or at an answer too long.
        std::thread::spawn(move || {
            let mut input = BufReader::new(stdout);
            while let Some(answer) = read_answer(&mut input).transpose() {
                let last = answer.is_err();
                if tx.send(answer).is_err() || last {
                    break;
                }
            }
        });
        Ok(Child {
            stdin: child.stdin.take(),
            child,
            answers,
            label: label.to_owned(),
            last_id: 0,
            stopped: None,
        })
    }

    /// Why the engine's input is closed (`e`, writing to it): the reader's word when it saw
    /// the engine end or answer too much (it stops reading then, which ends most engines).
    fn why_closed(&self, e: &io::Error) -> String {
        loop {
            match self.answers.try_recv() {
                Ok(Ok(_)) => {}
                Ok(Err(TooLong)) => return too_long(),
                Err(TryRecvError::Disconnected) => return "the engine ended".to_owned(),
                Err(TryRecvError::Empty) => return format!("cannot send it: {e}"),
            }
        }
    }

    /// Stops the engine, which failed `command` as `what` says: it is asked nothing more.
    /// Returns `what`.
    fn stop(&mut self, command: &str, what: String) -> String {
        self.stopped = Some(format!("{command:?} earlier ({what})"));
        self.stdin = None;
        let _ = self.child.kill();
        what
    }
}

impl Client for Child {
    fn send(&mut self, command: &str, timeout: Duration) -> Result<String, Failure> {
        if let Some(why) = &self.stopped {
            return Err(Failure::Failed(format!(
                "not sent: the engine failed {why}"
            )));
        }
        let deadline = Instant::now() + timeout;
        self.last_id += 1;
        let id = self.last_id;
        let sent = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{id} {command}").and_then(|()| stdin.flush()),
            None => Err(io::Error::other("the engine's input is closed")),
        };
        if let Err(e) = sent {
            let what = self.why_closed(&e);
            return Err(Failure::Failed(self.stop(command, what)));
        }
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let text = match self.answers.recv_timeout(wait) {
                Ok(Ok(text)) => text,
                Ok(Err(TooLong)) => return Err(Failure::Failed(self.stop(command, too_long()))),
                Err(RecvTimeoutError::Timeout) => {
                    let what = format!("no answer within {} s", timeout.as_secs());
                    return Err(Failure::TimedOut(self.stop(command, what)));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let what = self.stop(command, "the engine ended".to_owned());
                    return Err(Failure::Failed(what));
                }
            };
            let (ok, rest) = match text.chars().next() {
                Some('=') => (true, &text[1..]),
                Some('?') => (false, &text[1..]),
                _ => {
                    return Err(Failure::Failed(format!(
                        "not a GTP answer: {:?}",
                        goishi::shorten(&text)
                    )))
                }
            };
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits > 0 && rest[..digits].parse::<u64>().ok() != Some(id) {
                // The answer to another command.
                continue;
            }
            // Skip the id, then one space.
            let rest = &rest[digits..];
            let rest = rest.strip_prefix(' ').unwrap_or(rest).to_owned();
            return if ok {
                Ok(rest)
            } else {
                Err(Failure::Refused(rest))
            };
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A pattern repeated without end, as a reader that counts the bytes taken from it.
    struct Endless {
        pattern: &'static [u8],
        taken: usize,
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            for slot in buf.iter_mut() {
                *slot = self.pattern[self.taken % self.pattern.len()];
                self.taken += 1;
            }
            Ok(buf.len())
        }
    }

    #[test]
    fn answers_are_read_up_to_their_empty_line() {
        let mut input: &[u8] = b"\n\r\n= a\r\nb\n\n\n?2 no\n\n=3 unfinished";
        assert_eq!(read_answer(&mut input), Ok(Some("= a\nb".to_owned())));
        assert_eq!(read_answer(&mut input), Ok(Some("?2 no".to_owned())));
        assert_eq!(read_answer(&mut input), Ok(None));
    }

    #[test]
    fn an_answer_is_at_most_max_line_bytes() {
        // Exactly MAX_LINE bytes with its line breaks and its empty line: read.
        let body = "x".repeat(MAX_LINE - 5);
        let fits = format!("= \n{body}\n");
        assert_eq!(fits.len() + 1, MAX_LINE);
        let text = format!("{fits}\n");
        assert_eq!(
            read_answer(&mut text.as_bytes()),
            Ok(Some(fits.trim_end().to_owned()))
        );
        // One byte more: too long.
        let text = format!("{fits}x\n\n");
        assert_eq!(read_answer(&mut text.as_bytes()), Err(TooLong));
    }

    /// An endless line, endless short lines, endless empty lines: each is stopped after
    /// MAX_LINE bytes (and a buffer's worth read ahead), never buffered to its end.
    #[test]
    fn an_endless_output_is_stopped_without_reading_it_all() {
        for pattern in [&b"y"[..], b"y\n", b"\n"] {
            let mut endless = Endless { pattern, taken: 0 };
            let mut input = BufReader::with_capacity(8 * 1024, &mut endless);
            assert_eq!(read_answer(&mut input), Err(TooLong), "{pattern:?}");
            assert!(
                endless.taken <= MAX_LINE + 8 * 1024,
                "{pattern:?}: {}",
                endless.taken
            );
        }
    }

    /// A GTP engine in `sh` that takes 2 s over `genmove`, answers `name` after an answer
    /// with another id, and other commands with their name; it echoes ids when given them.
    #[cfg(unix)]
    const SLOW_ENGINE: &str = r#"while read -r first rest; do
  case "$first" in
    [0-9]*) id="$first"; line="$rest";;
    *) id=""; line="$first $rest";;
  esac
  set -- $line
  case "$1" in
    genmove) sleep 2; printf '=%s C3\n\n' "$id";;
    name) printf '=0 stale\n\n=%s %s\n\n' "$id" "$1";;
    quit) printf '=%s\n\n' "$id"; exit 0;;
    *) printf '=%s %s\n\n' "$id" "$1";;
  esac
done
"#;

    /// Runs `test` on [`SLOW_ENGINE`], its script in a file named after `name`.
    #[cfg(unix)]
    fn with_slow_engine(name: &str, test: impl FnOnce(&mut Child)) {
        let path = std::env::temp_dir().join(format!(
            "goishi-slow-engine-{name}-{}.sh",
            std::process::id()
        ));
        std::fs::write(&path, SLOW_ENGINE).unwrap();
        let mut engine = Child::start(&format!("sh {}", path.display()), "slow").unwrap();
        test(&mut engine);
        drop(engine);
        let _ = std::fs::remove_file(&path);
    }

    #[cfg(unix)]
    #[test]
    fn an_answer_with_another_id_is_dropped() {
        with_slow_engine("ids", |engine| {
            assert_eq!(
                engine.send("name", Duration::from_secs(600)),
                Ok("name".to_owned())
            );
            assert_eq!(
                engine.send("version", Duration::from_secs(600)),
                Ok("version".to_owned())
            );
        });
    }

    /// An engine that did not answer in time is stopped: the next command fails at once,
    /// saying why, instead of waiting for its own timeout.
    #[cfg(unix)]
    #[test]
    fn an_engine_that_answers_nothing_in_time_is_asked_nothing_more() {
        with_slow_engine("silent", |engine| {
            // The engine sleeps 2 s before it answers: this times out however loaded the
            // machine.
            let late = engine.send("genmove b", Duration::from_millis(50));
            assert_eq!(
                late,
                Err(Failure::TimedOut("no answer within 0 s".to_owned()))
            );
            assert_eq!(
                engine.send("name", Duration::from_secs(600)),
                Err(Failure::Failed(
                    "not sent: the engine failed \"genmove b\" earlier (no answer within 0 s)"
                        .to_owned()
                ))
            );
        });
    }
}
