//! The wire of GTP: lines read with a bound ([`MAX_LINE`]), GTP's preprocessing (control
//! characters, comments, tabs), responses formatted as `=id result` / `?id message` ended
//! by an empty line, and [`serve`], the loop that reads commands until `quit` or the end of
//! the input and answers each.
//!
//! The controller's lines are read ahead by a thread of the session ([`serve`]), so that a
//! command that searches can be stopped by what comes next: an analysis (`kata-analyze`,
//! `lz-analyze`) by the next line (GTP's convention of analysis, Leela Zero's and KataGo's:
//! any line, a blank one too), a `genmove` by GoGui's `# interrupt` (the stop button of a
//! program that lists `gogui-interrupt`). A streaming command writes its response as it goes
//! through a [`Session`]: its header `=id` on a line of its own at once, then lines of
//! analysis, then its end.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Arc;

use super::engine::{Answer, Controller, Engine};

/// The longest command line read; longer lines are answered with an error and skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// Formats a response: `=id result` or `?id message`, ended by an empty line. A result
/// never holds an empty line (it would end the response early): blank lines get a space.
pub fn format_response(id: Option<&str>, answer: &Answer) -> String {
    let (mark, text) = match answer {
        Ok(t) => ('=', t.as_str()),
        Err(t) => ('?', t.as_str()),
    };
    let text = text.trim_end();
    let id = id.unwrap_or("");
    let mut out = String::with_capacity(text.len() + id.len() + 4);
    out.push(mark);
    out.push_str(id);
    out.push(' ');
    if text.contains(['\r', '\n']) {
        let mut body = text.replace('\r', "");
        while body.contains("\n\n") {
            body = body.replace("\n\n", "\n \n");
        }
        out.push_str(&body);
    } else {
        // One line (every answer of `play`): no copy of the text.
        out.push_str(text);
    }
    out.push_str("\n\n");
    out
}

/// Preprocesses a raw line as GTP says: control characters other than HT dropped, the
/// comment from `#` on removed, HT turned into a space; the result is trimmed.
pub fn preprocess(raw: &[u8]) -> String {
    let cleaned: Vec<u8> = raw
        .iter()
        .copied()
        .filter(|&b| b == b'\t' || !(b < 32 || b == 127))
        .map(|b| if b == b'\t' { b' ' } else { b })
        .take_while(|&b| b != b'#')
        .collect();
    String::from_utf8_lossy(&cleaned).trim().to_owned()
}

/// Reads one line (without its LF) into `buf`, keeping at most [`MAX_LINE`] bytes of it.
/// Returns `None` at the end of the input, `Some(true)` when the line was longer.
pub fn read_line<R: BufRead + ?Sized>(
    input: &mut R,
    buf: &mut Vec<u8>,
) -> io::Result<Option<bool>> {
    read_line_within(input, buf, MAX_LINE)
}

/// [`read_line`] with another bound: at most `max` bytes of the line are kept (the JSON
/// analysis engine reads whole games on one line).
pub fn read_line_within<R: BufRead + ?Sized>(
    input: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<Option<bool>> {
    buf.clear();
    let mut any = false;
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], i + 1, true),
            None => (available, available.len(), false),
        };
        let room = max - buf.len();
        if chunk.len() > room {
            buf.extend_from_slice(&chunk[..room]);
            too_long = true;
        } else {
            buf.extend_from_slice(chunk);
        }
        input.consume(used);
        if done {
            return Ok(Some(too_long));
        }
    }
}

/// A line read from the controller: `None` at the end of the input, `Some(true)` when it was
/// longer than [`MAX_LINE`] (its start is kept).
type Read = io::Result<Option<bool>>;

/// How many lines the reader thread reads ahead of the engine.
const READ_AHEAD: usize = 1024;

/// The controller's lines, read ahead by a thread of their own.
struct Lines {
    queue: Receiver<(Vec<u8>, Read)>,
    /// Lines read and not yet taken.
    queued: Arc<AtomicUsize>,
    /// Set when a line (or the end of the input) arrives: what stops an analysis.
    arrived: Arc<AtomicBool>,
    /// Set when GoGui's `# interrupt` arrives: what stops a search.
    interrupt: Arc<AtomicBool>,
}

impl Lines {
    /// Starts the thread that reads `input` line by line ahead of the engine. It ends at the
    /// end of the input, at an error, or when the session is gone; a session that ends
    /// before its input (`quit`) leaves it waiting on its read, which ends with the process.
    fn start(mut input: impl BufRead + Send + 'static) -> Lines {
        let (sender, queue) = sync_channel(READ_AHEAD);
        let queued = Arc::new(AtomicUsize::new(0));
        let arrived = Arc::new(AtomicBool::new(false));
        let interrupt = Arc::new(AtomicBool::new(false));
        let (q, a, i) = (queued.clone(), arrived.clone(), interrupt.clone());
        std::thread::spawn(move || loop {
            let mut buf = Vec::with_capacity(64);
            let read = read_line(&mut input, &mut buf);
            let last = !matches!(read, Ok(Some(_)));
            if !last && is_interrupt(&buf) {
                // Not a command: it stops a search, then is gone.
                i.store(true, Ordering::SeqCst);
                a.store(true, Ordering::SeqCst);
                continue;
            }
            // Counted and flagged before it is sent: the engine, which clears the flag after
            // it takes a line, never sees a line's flag come after the line itself.
            q.fetch_add(1, Ordering::SeqCst);
            a.store(true, Ordering::SeqCst);
            if sender.send((buf, read)).is_err() {
                return;
            }
            if last {
                return;
            }
        });
        Lines {
            queue,
            queued,
            arrived,
            interrupt,
        }
    }

    /// The next line; the end of the input once the reader is gone.
    fn next(&mut self, buf: &mut Vec<u8>) -> Read {
        match self.queue.recv() {
            Ok((line, read)) => {
                self.queued.fetch_sub(1, Ordering::SeqCst);
                *buf = line;
                read
            }
            Err(_) => Ok(None),
        }
    }
}

/// Whether a raw line is GoGui's `# interrupt`.
fn is_interrupt(raw: &[u8]) -> bool {
    let text = String::from_utf8_lossy(raw);
    let text = text.trim();
    text.strip_prefix('#')
        .is_some_and(|rest| rest.trim() == "interrupt")
}

/// What a command has of the session: the output it writes its response to as it goes, and
/// the flags by which the controller's next lines stop a search.
pub struct Session<'a> {
    out: &'a mut dyn Write,
    /// The controller's lines; `None` when there is no input to wait for (a command run on
    /// its own, [`Engine::execute_line`]): an analysis then ends at once.
    lines: Option<Lines>,
    id: Option<String>,
    /// Whether the header `=id` has been written.
    started: bool,
}

impl std::fmt::Debug for Session<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("id", &self.id)
            .field("started", &self.started)
            .finish_non_exhaustive()
    }
}

impl<'a> Session<'a> {
    /// A session writing to `out` with no input: an analysis ends at once, nothing
    /// interrupts a search.
    pub fn new(out: &'a mut dyn Write) -> Self {
        Session {
            out,
            lines: None,
            id: None,
            started: false,
        }
    }

    /// A session writing to `out` and reading `input` on a thread of its own.
    pub fn reading(out: &'a mut dyn Write, input: impl BufRead + Send + 'static) -> Self {
        Session {
            lines: Some(Lines::start(input)),
            ..Session::new(out)
        }
    }

    /// Writes the end of the response: after a streamed header, the answer's text (if any)
    /// and the empty line that ends a GTP response, an error going to standard error (the
    /// header already said `=`); else the whole response.
    fn finish(&mut self, answer: &Answer) -> io::Result<()> {
        if !self.started {
            let response = format_response(self.id.as_deref(), answer);
            self.out.write_all(response.as_bytes())?;
            return self.out.flush();
        }
        self.started = false;
        match answer {
            Ok(text) if !text.trim_end().is_empty() => {
                let response = format_response(None, answer);
                // Without the `= ` of a response's first line.
                self.out.write_all(&response.as_bytes()[2..])?;
            }
            Ok(_) => self.out.write_all(b"\n")?,
            Err(message) => {
                eprintln!("{message}");
                self.out.write_all(b"\n")?;
            }
        }
        self.out.flush()
    }
}

/// A command's lines written as they come: the header `=id` on a line of its own when the
/// command is accepted, then each line, flushed.
impl Controller for Session<'_> {
    fn accept(&mut self) -> io::Result<()> {
        if !self.started {
            self.started = true;
            let id = self.id.as_deref().unwrap_or("");
            writeln!(self.out, "={id}")?;
            self.out.flush()?;
        }
        Ok(())
    }

    fn send_line(&mut self, line: &str) -> io::Result<()> {
        self.accept()?;
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }

    fn next_line(&self) -> Arc<AtomicBool> {
        let Some(lines) = &self.lines else {
            return Arc::new(AtomicBool::new(true));
        };
        // Cleared, then set again if a line came meanwhile: the reader counts a line before
        // it sets the flag.
        lines.arrived.store(false, Ordering::SeqCst);
        if lines.queued.load(Ordering::SeqCst) > 0 {
            lines.arrived.store(true, Ordering::SeqCst);
        }
        lines.arrived.clone()
    }

    fn interrupt(&self) -> Arc<AtomicBool> {
        let Some(lines) = &self.lines else {
            return Arc::new(AtomicBool::new(false));
        };
        lines.interrupt.store(false, Ordering::SeqCst);
        lines.interrupt.clone()
    }
}

/// Serves GTP: reads commands from `input` (on a thread of its own, ahead of the engine)
/// until `quit` or the end of the input, answering each on `output`. A closed output ends
/// the session quietly.
pub fn serve(
    engine: &mut Engine,
    input: impl BufRead + Send + 'static,
    mut output: impl Write,
) -> io::Result<()> {
    let mut session = Session::reading(&mut output, input);
    let mut raw = Vec::with_capacity(256);
    loop {
        let read = match session.lines.as_mut() {
            Some(lines) => lines.next(&mut raw),
            None => Ok(None),
        };
        let Some(too_long) = read? else {
            break;
        };
        let line = preprocess(&raw);
        if line.is_empty() {
            continue;
        }
        let written = if too_long {
            let id = line
                .split_whitespace()
                .next()
                .filter(|w| w.bytes().all(|b| b.is_ascii_digit()));
            session.id = id.map(str::to_owned);
            let answer = Err(format!(
                "line too long: commands are at most {MAX_LINE} characters"
            ));
            session.finish(&answer)
        } else {
            engine.execute_in(&line, &mut session)
        };
        match written {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
            Err(e) => return Err(e),
        }
        if engine.has_quit() {
            break;
        }
    }
    Ok(())
}

impl Engine {
    /// Runs one preprocessed command line (no comment, no control character); `None` for a
    /// blank line. The answer is the full response, ended by an empty line; a streaming
    /// command's response whole, its analysis ended at once (there is no next line to wait
    /// for).
    pub fn execute_line(&mut self, line: &str) -> Option<String> {
        if line.trim().is_empty() {
            return None;
        }
        let mut out = Vec::new();
        let mut session = Session::new(&mut out);
        // Writing into memory does not fail.
        self.execute_in(line, &mut session).ok()?;
        Some(String::from_utf8_lossy(&out).into_owned())
    }

    /// Runs one preprocessed, non-blank command line in `session`, writing its response.
    pub fn execute_in(&mut self, line: &str, session: &mut Session<'_>) -> io::Result<()> {
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
            (Some(first), words.next())
        } else {
            (None, Some(first))
        };
        session.id = id.map(str::to_owned);
        let args: Vec<&str> = words.collect();
        let answer = match name {
            None => Err("syntax error: no command after the id".to_owned()),
            Some(name) => self.run_in(name, &args, session),
        };
        session.finish(&answer)
    }
}
