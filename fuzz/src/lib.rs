//! What the fuzz targets of `fuzz_targets/` share: a reader that turns the input bytes into
//! choices, the filters that keep a target off the file system, and a few moves of play
//! that check the position's hash.
//!
//! A target panics on a broken property (libFuzzer then saves the input as a crash); an
//! input the code under test refuses with an error is fine.

use goishi::Position;

/// The input bytes read as a stream of choices; past the end every choice is 0.
#[derive(Debug)]
pub struct Choices<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Choices<'a> {
    /// Choices read from `bytes`.
    pub fn new(bytes: &'a [u8]) -> Choices<'a> {
        Choices { bytes, at: 0 }
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.at >= self.bytes.len()
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    /// A number below `n` (which must be at least 1), from one byte, or two when `n` is
    /// over 256.
    pub fn below(&mut self, n: usize) -> usize {
        let raw = if n > 256 {
            usize::from(self.byte()) << 8 | usize::from(self.byte())
        } else {
            usize::from(self.byte())
        };
        raw % n
    }

    /// One of `items`.
    pub fn pick<'b, T>(&mut self, items: &'b [T]) -> &'b T {
        &items[self.below(items.len())]
    }
}

/// Whether a text might name a graph board file (`board=graph:FILE`), which the code under
/// test would read: such inputs are skipped. Conservative: ASCII case, white space and SGF's
/// backslash escapes are ignored, so that no spelling of `graph:` gets through.
pub fn may_name_a_graph_file(input: &[u8]) -> bool {
    let squeezed: Vec<u8> = input
        .iter()
        .filter(|b| !b.is_ascii_whitespace() && **b != b'\\')
        .map(u8::to_ascii_lowercase)
        .collect();
    squeezed.windows(6).any(|w| w == b"graph:")
}

/// Whether a raw GTP line would touch the file system: `loadsgf` reads a file, `printsgf
/// FILE` writes one. The line is preprocessed as the GTP loop does it.
pub fn gtp_touches_files(raw: &[u8]) -> bool {
    let line = goishi_cli::gtp::preprocess(raw);
    let mut words = line.split_whitespace();
    let mut first = words.next();
    if first.is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit())) {
        first = words.next();
    }
    match first {
        Some("loadsgf") => true,
        Some("printsgf") => words.next().is_some(),
        _ => false,
    }
}

/// Plays up to `n` moves (a listed legal move chosen by `choices`) and checks that each is
/// accepted and keeps the incremental hash right.
pub fn play_some(position: &mut dyn Position, choices: &mut Choices<'_>, n: usize) {
    let mut legal = Vec::new();
    for _ in 0..n {
        if position.is_over() {
            break;
        }
        position.legal_moves(&mut legal);
        assert!(!legal.is_empty(), "no legal move while the game goes on");
        let mv = *choices.pick(&legal);
        if let Err(e) = position.play(mv) {
            panic!(
                "the listed move {} was refused: {e}",
                mv.name(position.geometry())
            );
        }
        assert_eq!(
            position.board().hash(),
            position.board().recompute_hash(),
            "the incremental hash is wrong"
        );
    }
}
