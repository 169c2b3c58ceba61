//! The wire of GTP: lines read with a bound ([`MAX_LINE`]), GTP's preprocessing (control
//! characters, comments, tabs), responses formatted as `=id result` / `?id message` ended
//! by an empty line, and [`serve`], the loop that reads commands until `quit` or the end of
//! the input and answers each.
//!
//! A streaming command (`kata-analyze`, `lz-genmove_analyze`...) writes its response as it
//! goes through a [`Session`]: its header `=id` on a line of its own at once, then lines of
//! analysis, then its end. Analysis runs until the controller's next line (GTP's convention
//! of analysis, Leela Zero's and KataGo's: any line, a blank one too, ends it): while it
//! runs, a thread of the session reads that line, and [`serve`] runs it next.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use super::engine::{Answer, Engine};

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

/// What a streaming command has of the session: the output it writes its response to as it
/// goes, and the controller's next line, which ends an analysis.
pub struct Session<'a> {
    out: &'a mut dyn Write,
    /// The controller's input; `None` when there is none to wait for (a command run on its
    /// own, [`Engine::execute_line`]): an analysis then ends at once.
    input: Option<&'a mut (dyn BufRead + Send)>,
    /// The line read while a command ran (its bytes and how the read went), run next.
    next: Option<(Vec<u8>, Read)>,
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
    /// A session writing to `out` and waiting on `input` (none: analysis ends at once).
    pub fn new(out: &'a mut dyn Write, input: Option<&'a mut (dyn BufRead + Send)>) -> Self {
        Session {
            out,
            input,
            next: None,
            id: None,
            started: false,
        }
    }

    /// Writes the response's header (`=id` and a newline) unless it is written already:
    /// from then on the command's answer is streamed.
    pub fn start(&mut self) -> io::Result<()> {
        if !self.started {
            self.started = true;
            let id = self.id.as_deref().unwrap_or("");
            writeln!(self.out, "={id}")?;
            self.out.flush()?;
        }
        Ok(())
    }

    /// Whether the response's header is written.
    pub fn started(&self) -> bool {
        self.started
    }

    /// Writes one line of the response (a newline is added) and flushes it.
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.start()?;
        self.out.write_all(text.as_bytes())?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }

    /// Runs `work` until the controller sends its next line (or the input ends): a thread
    /// reads that line meanwhile, and sets `stop` when it has it; `work` must end soon after
    /// `stop` is set. The line is kept to be run next. Without an input, `stop` is set
    /// before `work` starts.
    pub fn until_next_line<R>(
        &mut self,
        stop: &AtomicBool,
        work: impl FnOnce(&mut Session<'a>) -> R,
    ) -> R {
        let Some(input) = self.input.take() else {
            stop.store(true, Ordering::SeqCst);
            return work(self);
        };
        let (result, input, next) = std::thread::scope(|s| {
            let reader = s.spawn(move || {
                let mut buf = Vec::with_capacity(256);
                let read = read_line(input, &mut buf);
                stop.store(true, Ordering::SeqCst);
                (input, buf, read)
            });
            let result = work(self);
            // The reader thread ends with the next line; a panic in it is a bug of
            // `read_line`, answered as an input error.
            match reader.join() {
                Ok((input, buf, read)) => (result, Some(input), Some((buf, read))),
                Err(_) => (
                    result,
                    None,
                    Some((
                        Vec::new(),
                        Err(io::Error::other("the input reader panicked")),
                    )),
                ),
            }
        });
        self.input = input;
        self.next = next;
        result
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

/// Serves GTP: reads commands from `input` until `quit` or the end of the input, answering
/// each on `output`. A closed output ends the session quietly.
pub fn serve(
    engine: &mut Engine,
    mut input: impl BufRead + Send,
    mut output: impl Write,
) -> io::Result<()> {
    let mut session = Session::new(&mut output, Some(&mut input));
    let mut raw = Vec::with_capacity(256);
    loop {
        let read = match session.next.take() {
            Some((buf, read)) => {
                raw = buf;
                read
            }
            None => match session.input.as_mut() {
                Some(input) => read_line(input, &mut raw),
                None => Ok(None),
            },
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
