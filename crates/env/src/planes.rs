//! The observation: the AlphaGo Zero planes of one environment, written from its stone
//! history, as bytes (one 0/1 byte per plane and point) or bit-packed.
//!
//! An environment keeps, for each point, two words whose bit `k` says whether a black (a
//! white) stone stood there `k` positions ago ([`push_board`] shifts them once per move).
//! From them the planes of a point are written in channel order: channel `2k` is the mover's
//! stone `k` positions ago, channel `2k + 1` the opponent's, and channel `2 * history` is 1
//! when White is to move. A variant whose end depends on the capture counts (capture Go's
//! `captures=N`, contact capture's `capture-goal`: [`goishi::Position::capture_goal`]) has
//! constant channels after it, the mover's captures and the opponent's in binary
//! ([`Counts`]); every other variant's layout ends at the colour. The points follow in point order (row-major from A1 on a grid), each
//! with its channels together: the `(H, W, C)` layout of pgx and PettingZoo, or `(points, C)`
//! on a board that is not a rectangle.
//!
//! The packed form holds the same bits in the same order, eight a byte, the first in the
//! most significant bit (`numpy.packbits` on the flattened planes of one environment), the
//! last byte padded with zeros.
//!
//! [`write_position`] writes the same planes for one game outside a batch, from the
//! position and its past (`goishi.Game.observation` in Python).

use goishi::{Color, Geometry, Position, BLACK, WHITE};

use crate::{EnvError, ObsKind};

/// The longest history the planes keep: one bit of a `u32` a position.
pub const MAX_HISTORY: usize = 32;

/// Byte `2k + odd` of entry `x` is bit `k` of `x`: eight history bits spread over the even
/// bytes of sixteen (the mover's planes), or over the odd bytes (the opponent's).
const fn spread_table(odd: u32) -> [u128; 256] {
    let mut table = [0u128; 256];
    let mut x = 0;
    while x < 256 {
        let mut k = 0;
        while k < 8 {
            if x >> k & 1 == 1 {
                table[x] |= 1 << (16 * k + 8 * odd);
            }
            k += 1;
        }
        x += 1;
    }
    table
}

/// The mover's eight history bits at the even bytes of sixteen.
const EVEN: [u128; 256] = spread_table(0);
/// The opponent's eight history bits at the odd bytes of sixteen.
const ODD: [u128; 256] = spread_table(1);

/// Bit `15 - 2k` of entry `x` is bit `k` of `x`: eight history bits at the even channels of
/// sixteen, the first channel in the most significant bit (packbits order).
const REVERSE: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut x = 0;
    while x < 256 {
        let mut k = 0;
        while k < 8 {
            if x >> k & 1 == 1 {
                table[x] |= 1 << (15 - 2 * k);
            }
            k += 1;
        }
        x += 1;
    }
    table
};

/// The positions an observation asked for with `history` keeps: `history`, with 0 read as 1
/// (the current position only: its two planes, then the colour plane, as with 1); more than
/// [`MAX_HISTORY`] is [`EnvError::HistoryTooLong`].
pub fn positions(history: usize) -> Result<usize, EnvError> {
    if history > MAX_HISTORY {
        return Err(EnvError::HistoryTooLong {
            history,
            max: MAX_HISTORY,
        });
    }
    Ok(history.max(1))
}

/// The shape of one observation of `channels` planes ([`channels`]) on `geometry`:
/// `[H, W, channels]` on a rectangle, `[points, channels]` on another board, `[bytes]`
/// packed, `[]` with none.
pub fn shape(geometry: &Geometry, channels: usize, obs: ObsKind) -> Vec<usize> {
    let points = geometry.num_points();
    match obs {
        ObsKind::None => Vec::new(),
        ObsKind::Packed => vec![obs_bytes(points, channels, obs)],
        ObsKind::Bool if geometry.is_rect() => vec![
            geometry.height() as usize,
            geometry.width() as usize,
            channels,
        ],
        ObsKind::Bool => vec![points, channels],
    }
}

/// Writes the observation of one game into `out`, as a batch writes it for an environment
/// that reached `position` by the same moves: the planes of the last `history` positions
/// ([`positions`]: 0 is read as 1), the setup the oldest (positions before it are empty),
/// seen by `observer` (the mover's channels are `observer`'s stones; the colour plane is
/// ones when `observer` is White). Every turn of the position's history is a position, a
/// pass or a resignation included. `out` holds [`obs_bytes`] bytes (of
/// `positions(history)`), else [`EnvError::Length`]; with [`ObsKind::None`] none.
///
/// A clone of the position is taken back, move by move, to read the past boards: this
/// allocates, and is meant for one game, not a batch's hot loop.
pub fn write_position(
    position: &dyn Position,
    observer: Color,
    history: usize,
    obs: ObsKind,
    out: &mut [u8],
) -> Result<(), EnvError> {
    let history = positions(history)?;
    let points = position.geometry().num_points();
    let counts = Counts::of(position, observer);
    let expected = obs_bytes(points, channels(history, counts.bits), obs);
    if out.len() != expected {
        return Err(EnvError::Length {
            name: "obs",
            got: out.len(),
            expected,
        });
    }
    if obs == ObsKind::None {
        return Ok(());
    }
    // The boards from now back to the oldest kept, then the history words built from the
    // oldest forward, as a batch builds them move by move.
    let mut boards = vec![position.board().cells().to_vec()];
    let mut past = position.clone_box();
    while boards.len() < history && past.undo().is_some() {
        boards.push(past.board().cells().to_vec());
    }
    let mut black = vec![0u32; points];
    let mut white = vec![0u32; points];
    let mut older = boards.iter().rev();
    if let Some(oldest) = older.next() {
        start_board(oldest, &mut black, &mut white);
    }
    let keep = keep_mask(history);
    for cells in older {
        push_board(cells, &mut black, &mut white, keep);
    }
    let white_to_move = observer == Color::White;
    if obs == ObsKind::Packed {
        write_packed(out, &black, &white, history, white_to_move, &counts);
    } else {
        write_bytes(out, &black, &white, history, white_to_move, &counts);
    }
    Ok(())
}

/// The stone and colour planes of an observation of `history` positions: two a position,
/// then the colour.
pub fn planes(history: usize) -> usize {
    2 * history + 1
}

/// Every plane of an observation: the stone and colour planes of `history` positions, then
/// `count_bits` planes for each player's captures ([`Counts`]).
pub fn channels(history: usize, count_bits: usize) -> usize {
    planes(history) + 2 * count_bits
}

/// The planes a player's captures take when the game ends at `goal` captures
/// ([`goishi::Position::capture_goal`]): the bits of the counts a running game can have, 0
/// to `goal - 1` (none without a goal, and none for a goal of 1: the first capture ends the
/// game, and the count is 0 until then).
pub fn count_bits(goal: Option<u32>) -> usize {
    goal.map_or(0, |g| {
        (u32::BITS - g.saturating_sub(1).leading_zeros()) as usize
    })
}

/// The capture counts an observation shows, where the variant's end depends on them
/// (capture Go's `captures=N`, contact capture's `capture-goal`): after the colour plane,
/// `bits` constant planes (every point the same) with the observer's captures in binary, the
/// least significant bit first, then `bits` with the opponent's; each count saturates at
/// `goal - 1` (the final observation of a game won by captures shows `goal - 1`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// The planes of each count ([`count_bits`]); 0 for none.
    pub bits: usize,
    /// The observer's captures.
    pub mover: u32,
    /// The opponent's captures.
    pub opponent: u32,
}

impl Counts {
    /// No count planes.
    pub const NONE: Counts = Counts {
        bits: 0,
        mover: 0,
        opponent: 0,
    };

    /// The counts of `position` seen by `observer`.
    pub fn of(position: &dyn Position, observer: Color) -> Counts {
        let goal = position.capture_goal();
        let bits = count_bits(goal);
        if bits == 0 {
            return Counts::NONE;
        }
        let top = goal.unwrap_or(1) - 1;
        Counts {
            bits,
            mover: position.captures(observer).min(top),
            opponent: position.captures(observer.opponent()).min(top),
        }
    }

    /// The count channels as bytes (0 or 1): the first `2 * bits` of the array.
    fn bytes(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        for j in 0..self.bits {
            out[j] = (self.mover >> j & 1) as u8;
            out[self.bits + j] = (self.opponent >> j & 1) as u8;
        }
        out
    }

    /// A count's bits in channel order for a packed push (the first channel the most
    /// significant bit).
    fn packed(&self, count: u32) -> u64 {
        u64::from(count.reverse_bits() >> (32 - self.bits))
    }
}

/// The bytes of one environment's observation of `channels` planes ([`channels`]): one a
/// plane and point, or packed, eight planes' bits a byte; none with [`ObsKind::None`].
pub fn obs_bytes(points: usize, channels: usize, obs: ObsKind) -> usize {
    let bits = points * channels;
    match obs {
        ObsKind::Bool => bits,
        ObsKind::Packed => bits.div_ceil(8),
        ObsKind::None => 0,
    }
}

/// The mask that keeps the bits of the last `history` positions.
pub fn keep_mask(history: usize) -> u32 {
    if history >= 32 {
        u32::MAX
    } else {
        (1u32 << history) - 1
    }
}

/// A point's history word: bit `k` says whether a stone of one colour stood there `k`
/// positions ago. A `u8` holds eight positions (the usual history: a vector instruction then
/// pushes sixteen points at once), a `u32` up to [`MAX_HISTORY`].
pub trait Word: Copy + Default + std::fmt::Debug + Send + Sync + 'static {
    /// The word of a history that starts now: `bit` now, nothing before.
    fn start(bit: bool) -> Self;
    /// The word one position later: `bit` now, the rest one position older, the positions
    /// beyond `keep` ([`keep_mask`]) forgotten.
    fn push(self, bit: bool, keep: u32) -> Self;
    /// The bits.
    fn bits(self) -> u32;
}

impl Word for u8 {
    #[inline(always)]
    fn start(bit: bool) -> u8 {
        u8::from(bit)
    }

    #[inline(always)]
    fn push(self, bit: bool, keep: u32) -> u8 {
        ((self << 1) | u8::from(bit)) & keep as u8
    }

    #[inline(always)]
    fn bits(self) -> u32 {
        u32::from(self)
    }
}

impl Word for u32 {
    #[inline(always)]
    fn start(bit: bool) -> u32 {
        u32::from(bit)
    }

    #[inline(always)]
    fn push(self, bit: bool, keep: u32) -> u32 {
        ((self << 1) | u32::from(bit)) & keep
    }

    #[inline(always)]
    fn bits(self) -> u32 {
        self
    }
}

/// Starts a history at `cells`: the current position only, nothing before it.
pub fn start_board<W: Word>(cells: &[u8], black: &mut [W], white: &mut [W]) {
    for ((&c, b), w) in cells.iter().zip(black.iter_mut()).zip(white.iter_mut()) {
        *b = W::start(c == BLACK);
        *w = W::start(c == WHITE);
    }
}

/// Adds the position `cells` to the history: every point's words shift by one position,
/// the oldest beyond `keep` forgotten.
pub fn push_board<W: Word>(cells: &[u8], black: &mut [W], white: &mut [W], keep: u32) {
    for ((&c, b), w) in cells.iter().zip(black.iter_mut()).zip(white.iter_mut()) {
        *b = b.push(c == BLACK, keep);
        *w = w.push(c == WHITE, keep);
    }
}

/// The stone history of one environment of a batch: a word a point and colour ([`Word`]),
/// a byte when the history is at most eight positions.
#[derive(Debug)]
pub(crate) enum History {
    /// Black's words, then White's, of at most eight positions.
    Narrow([Vec<u8>; 2]),
    /// Black's words, then White's.
    Wide([Vec<u32>; 2]),
}

impl History {
    /// The history of `history` positions of a board of `points` points, all empty.
    pub(crate) fn new(points: usize, history: usize) -> History {
        if history <= 8 {
            History::Narrow([vec![0; points], vec![0; points]])
        } else {
            History::Wide([vec![0; points], vec![0; points]])
        }
    }

    /// [`start_board`].
    pub(crate) fn start(&mut self, cells: &[u8]) {
        match self {
            History::Narrow([b, w]) => start_board(cells, b, w),
            History::Wide([b, w]) => start_board(cells, b, w),
        }
    }

    /// [`push_board`].
    pub(crate) fn push(&mut self, cells: &[u8], keep: u32) {
        match self {
            History::Narrow([b, w]) => push_board(cells, b, w, keep),
            History::Wide([b, w]) => push_board(cells, b, w, keep),
        }
    }

    /// [`write_bytes`] or [`write_packed`] as `obs` says (nothing with none).
    pub(crate) fn write(
        &self,
        obs: ObsKind,
        out: &mut [u8],
        history: usize,
        white_to_move: bool,
        counts: &Counts,
    ) {
        match (self, obs) {
            (_, ObsKind::None) => {}
            (History::Narrow([b, w]), ObsKind::Bool) => {
                write_bytes(out, b, w, history, white_to_move, counts)
            }
            (History::Wide([b, w]), ObsKind::Bool) => {
                write_bytes(out, b, w, history, white_to_move, counts)
            }
            (History::Narrow([b, w]), ObsKind::Packed) => {
                write_packed(out, b, w, history, white_to_move, counts)
            }
            (History::Wide([b, w]), ObsKind::Packed) => {
                write_packed(out, b, w, history, white_to_move, counts)
            }
        }
    }
}

/// Writes the planes as bytes (0 or 1) into `out` (`points x channels(history,
/// counts.bits)` bytes), from the history words, for the mover `white_to_move` says, then
/// the count planes of `counts`.
pub fn write_bytes<W: Word>(
    out: &mut [u8],
    black: &[W],
    white: &[W],
    history: usize,
    white_to_move: bool,
    counts: &Counts,
) {
    let base = planes(history);
    let (mine, theirs) = if white_to_move {
        (white, black)
    } else {
        (black, white)
    };
    let colour = u8::from(white_to_move);
    if history == 8 && counts.bits == 0 {
        // The usual case (17 planes), in one store of sixteen bytes and one of one.
        for ((chunk, &m), &o) in out.chunks_exact_mut(17).zip(mine).zip(theirs) {
            let (m, o) = (m.bits(), o.bits());
            chunk[..16].copy_from_slice(&spread(m, o));
            chunk[16] = colour;
        }
        return;
    }
    let extra = counts.bytes();
    let extra = &extra[..2 * counts.bits];
    let full = history / 8;
    let tail = 2 * (history % 8);
    let stride = base + extra.len();
    for ((chunk, &m), &o) in out.chunks_exact_mut(stride).zip(mine).zip(theirs) {
        let (m, o) = (m.bits(), o.bits());
        let (chunk, count_planes) = chunk.split_at_mut(base);
        // Eight positions (sixteen channels) at a time, in stores of a constant length.
        let (blocks, rest) = chunk.split_at_mut(16 * full);
        for (j, block) in blocks.chunks_exact_mut(16).enumerate() {
            block.copy_from_slice(&spread(m >> (8 * j), o >> (8 * j)));
        }
        let (partial, last) = rest.split_at_mut(tail);
        if tail > 0 {
            partial.copy_from_slice(&spread(m >> (8 * full), o >> (8 * full))[..tail]);
        }
        last[0] = colour;
        count_planes.copy_from_slice(extra);
    }
}

/// The sixteen channel bytes of eight positions: the mover's bits `m` at the even bytes,
/// the opponent's `o` at the odd ones.
#[inline(always)]
fn spread(m: u32, o: u32) -> [u8; 16] {
    (EVEN[(m & 0xFF) as usize] | ODD[(o & 0xFF) as usize]).to_le_bytes()
}

/// Bits written big-endian into a byte buffer, 32 at a time: the bits not yet written are
/// the `len` low bits of `acc` (bits above them are stale and never written); a whole 32-bit
/// word goes out as soon as it is complete.
#[derive(Default)]
struct BitWriter {
    acc: u64,
    len: u32,
    at: usize,
}

impl BitWriter {
    /// Appends the `n` low bits of `value` (`n` at most 32).
    #[inline(always)]
    fn push(&mut self, out: &mut [u8], value: u64, n: u32) {
        self.acc = (self.acc << n) | value;
        self.len += n;
        if self.len >= 32 {
            self.len -= 32;
            let word = (self.acc >> self.len) as u32;
            out[self.at..self.at + 4].copy_from_slice(&word.to_be_bytes());
            self.at += 4;
        }
    }

    /// Writes the last bits, padded with zeros to whole bytes.
    fn finish(self, out: &mut [u8]) {
        let rest = (self.acc << (32 - self.len)) as u32;
        let bytes = self.len.div_ceil(8) as usize;
        out[self.at..self.at + bytes].copy_from_slice(&rest.to_be_bytes()[..bytes]);
    }
}

/// Writes the planes bit-packed into `out` (`obs_bytes(points, channels(history,
/// counts.bits), ObsKind::Packed)` bytes): the bits [`write_bytes`] would write as bytes, in
/// `numpy.packbits` order.
pub fn write_packed<W: Word>(
    out: &mut [u8],
    black: &[W],
    white: &[W],
    history: usize,
    white_to_move: bool,
    counts: &Counts,
) {
    if counts.bits > 0 {
        write_packed_counts(out, black, white, history, white_to_move, counts);
        return;
    }
    let (mine, theirs) = if white_to_move {
        (white, black)
    } else {
        (black, white)
    };
    let colour = u64::from(white_to_move);
    let blocks = history.div_ceil(8);
    let mut bits = BitWriter::default();
    if history == 8 {
        // The usual case (17 planes): seventeen bits a point; eight points are seventeen
        // bytes, written at once, and the last points pushed one by one.
        let point = |m: W, o: W| {
            let (m, o) = (m.bits(), o.bits());
            let bits = REVERSE[(m & 0xFF) as usize] | (REVERSE[(o & 0xFF) as usize] >> 1);
            (u64::from(bits) << 1) | colour
        };
        let eights = mine.chunks_exact(8).zip(theirs.chunks_exact(8));
        let whole = 17 * (mine.len() / 8);
        for ((m8, o8), bytes) in eights.zip(out[..whole].chunks_exact_mut(17)) {
            let mut acc = 0u128;
            for i in 0..7 {
                acc |= u128::from(point(m8[i], o8[i])) << (111 - 17 * i);
            }
            let last = point(m8[7], o8[7]);
            acc |= u128::from(last >> 8);
            bytes[..16].copy_from_slice(&acc.to_be_bytes());
            bytes[16] = last as u8;
        }
        bits.at = whole;
        let rest = mine.len() / 8 * 8;
        for (&m, &o) in mine[rest..].iter().zip(&theirs[rest..]) {
            bits.push(out, point(m, o), 17);
        }
    } else {
        let mut push = |value: u64, n: u32, out: &mut [u8]| bits.push(out, value, n);
        for (&m, &o) in mine.iter().zip(theirs) {
            let (m, o) = (m.bits(), o.bits());
            packed_point(m, o, history, blocks, colour, &mut |v, n| push(v, n, out));
        }
    }
    bits.finish(out);
}

/// [`write_packed`] with count planes: each point's bits, then the counts' (a push of at
/// most 32 bits at a time, as the accumulator needs).
fn write_packed_counts<W: Word>(
    out: &mut [u8],
    black: &[W],
    white: &[W],
    history: usize,
    white_to_move: bool,
    counts: &Counts,
) {
    let (mine, theirs) = if white_to_move {
        (white, black)
    } else {
        (black, white)
    };
    let colour = u64::from(white_to_move);
    let blocks = history.div_ceil(8);
    let mut bits = BitWriter::default();
    let mut push = |value: u64, n: u32, out: &mut [u8]| bits.push(out, value, n);
    let n = counts.bits as u32;
    let (mover, opponent) = (counts.packed(counts.mover), counts.packed(counts.opponent));
    for (&m, &o) in mine.iter().zip(theirs) {
        let (m, o) = (m.bits(), o.bits());
        packed_point(m, o, history, blocks, colour, &mut |v, n| push(v, n, out));
        push(mover, n, out);
        push(opponent, n, out);
    }
    bits.finish(out);
}

/// Pushes the bits of one point (any history): eight positions at a time, the colour bit
/// with the last block.
#[inline]
fn packed_point(
    m: u32,
    o: u32,
    history: usize,
    blocks: usize,
    colour: u64,
    push: &mut impl FnMut(u64, u32),
) {
    {
        for j in 0..blocks {
            let n = (2 * (history - 8 * j)).min(16) as u32;
            let bits = REVERSE[(m >> (8 * j) & 0xFF) as usize]
                | (REVERSE[(o >> (8 * j) & 0xFF) as usize] >> 1);
            if j + 1 == blocks {
                // The last block carries the colour bit with it.
                push((u64::from(bits >> (16 - n)) << 1) | colour, n + 1);
            } else {
                push(u64::from(bits >> (16 - n)), n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packbits of a byte plane, written out bit by bit.
    fn packbits(bytes: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; bytes.len().div_ceil(8)];
        for (i, &b) in bytes.iter().enumerate() {
            if b != 0 {
                out[i / 8] |= 0x80 >> (i % 8);
            }
        }
        out
    }

    #[test]
    fn packed_planes_are_the_packbits_of_the_byte_planes() {
        // Words with every pattern of bits, on boards of 7 points (17 x 7 bits: padding) and
        // 19 (two runs of eight points written at once, then three).
        for points in [7, 19] {
            let black: Vec<u32> = (0..points as u32)
                .map(|i| 0x9E37_79B9u32.wrapping_mul(i + 1))
                .collect();
            let white: Vec<u32> = black.iter().map(|b| !b).collect();
            for history in [1, 2, 7, 8, 9, 16, 17, 32] {
                let keep = keep_mask(history);
                let b: Vec<u32> = black.iter().map(|w| w & keep).collect();
                let w: Vec<u32> = white.iter().map(|w| w & keep).collect();
                for white_to_move in [false, true] {
                    let mut bytes = vec![9u8; obs_bytes(points, planes(history), ObsKind::Bool)];
                    write_bytes(&mut bytes, &b, &w, history, white_to_move, &Counts::NONE);
                    let mut packed = vec![9u8; obs_bytes(points, planes(history), ObsKind::Packed)];
                    write_packed(&mut packed, &b, &w, history, white_to_move, &Counts::NONE);
                    assert_eq!(packed, packbits(&bytes), "history {history}");
                    // Channel 2k is the mover's bit k, 2k+1 the opponent's, then the colour.
                    let (m, o) = if white_to_move { (&w, &b) } else { (&b, &w) };
                    for p in 0..points {
                        let chunk = &bytes[p * planes(history)..(p + 1) * planes(history)];
                        for k in 0..history {
                            assert_eq!(u32::from(chunk[2 * k]), m[p] >> k & 1);
                            assert_eq!(u32::from(chunk[2 * k + 1]), o[p] >> k & 1);
                        }
                        assert_eq!(chunk[2 * history], u8::from(white_to_move));
                    }
                }
            }
        }
    }

    #[test]
    fn count_planes_follow_the_colour_plane() {
        let black: Vec<u32> = (0..5u32)
            .map(|i| 0x9E37_79B9u32.wrapping_mul(i + 3))
            .collect();
        let white: Vec<u32> = black.iter().map(|b| b.rotate_left(7)).collect();
        for bits in [1, 3, 20] {
            let counts = Counts {
                bits,
                mover: 0b101 & ((1 << bits) - 1),
                opponent: (1 << bits) - 2,
            };
            for history in [1, 8, 9] {
                let keep = keep_mask(history);
                let b: Vec<u32> = black.iter().map(|w| w & keep).collect();
                let w: Vec<u32> = white.iter().map(|w| w & keep).collect();
                let c = channels(history, bits);
                let mut bytes = vec![9u8; obs_bytes(5, c, ObsKind::Bool)];
                write_bytes(&mut bytes, &b, &w, history, true, &counts);
                let mut plain = vec![9u8; obs_bytes(5, planes(history), ObsKind::Bool)];
                write_bytes(&mut plain, &b, &w, history, true, &Counts::NONE);
                for p in 0..5 {
                    let chunk = &bytes[p * c..(p + 1) * c];
                    let base = planes(history);
                    assert_eq!(chunk[..base], plain[p * base..(p + 1) * base]);
                    for j in 0..bits {
                        assert_eq!(u32::from(chunk[base + j]), counts.mover >> j & 1);
                        assert_eq!(u32::from(chunk[base + bits + j]), counts.opponent >> j & 1);
                    }
                }
                let mut packed = vec![9u8; obs_bytes(5, c, ObsKind::Packed)];
                write_packed(&mut packed, &b, &w, history, true, &counts);
                assert_eq!(packed, packbits(&bytes), "bits {bits}, history {history}");
            }
        }
        assert_eq!(count_bits(None), 0);
        assert_eq!(count_bits(Some(0)), 0);
        assert_eq!(count_bits(Some(1)), 0);
        assert_eq!(count_bits(Some(2)), 1);
        assert_eq!(count_bits(Some(5)), 3);
        assert_eq!(count_bits(Some(8)), 3);
        assert_eq!(count_bits(Some(9)), 4);
        assert_eq!(count_bits(Some(1_000_000)), 20);
    }

    #[test]
    fn the_history_shifts_one_position_a_move() {
        let mut black = vec![0u32; 3];
        let mut white = vec![0u32; 3];
        start_board(&[BLACK, 0, WHITE], &mut black, &mut white);
        push_board(&[BLACK, WHITE, 0], &mut black, &mut white, keep_mask(2));
        push_board(&[0, WHITE, 0], &mut black, &mut white, keep_mask(2));
        // Bit 0 now, bit 1 a position ago; the first position is forgotten (history 2).
        assert_eq!(black, [0b10, 0, 0]);
        assert_eq!(white, [0, 0b11, 0]);
    }
}
