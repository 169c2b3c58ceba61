//! The wire of GTP: lines read with a bound ([`MAX_LINE`]), GTP's preprocessing (control
//! characters, comments, tabs), responses formatted as `=id result` / `?id message` ended
//! by an empty line, and [`serve`], the loop that reads commands until `quit` or the end of
//! the input and answers each.

use std::io::{self, BufRead, Write};

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
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<bool>> {
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
        let room = MAX_LINE - buf.len();
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

/// Serves GTP: reads commands from `input` until `quit` or the end of the input, answering
/// each on `output`. A closed output ends the session quietly.
pub fn serve(
    engine: &mut Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut raw = Vec::with_capacity(256);
    while let Some(too_long) = read_line(&mut input, &mut raw)? {
        let line = preprocess(&raw);
        let response = if too_long {
            if line.is_empty() {
                continue;
            }
            let id = line
                .split_whitespace()
                .next()
                .filter(|w| w.bytes().all(|b| b.is_ascii_digit()));
            format_response(
                id,
                &Err(format!(
                    "line too long: commands are at most {MAX_LINE} characters"
                )),
            )
        } else {
            match engine.execute_line(&line) {
                Some(r) => r,
                None => continue,
            }
        };
        let written = output
            .write_all(response.as_bytes())
            .and_then(|()| output.flush());
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
