//! The inputs of the fuzz targets, as `proptest` strategies of bytes: structure-aware
//! generators (valid inputs built from the registry, self-play records, GTP command lists,
//! rendered boards), mutations of them (bytes inserted, deleted, replaced, duplicated,
//! truncated, and tokens of the format spliced in), and raw bytes.

use std::sync::OnceLock;

use goishi::{Board, Color, Geometry, OptionKind, Point};
use proptest::collection::vec;
use proptest::prelude::*;

/// One change to an input. Offsets are taken modulo the input's length when applied.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Insert bytes.
    Insert(usize, Vec<u8>),
    /// Insert one of the format's tokens.
    Token(usize, usize),
    /// Delete up to `n` bytes.
    Delete(usize, usize),
    /// Replace one byte.
    Replace(usize, u8),
    /// Copy a range of the input to another place (repeated structure).
    Duplicate(usize, usize, usize),
    /// Cut the input short.
    Truncate(usize),
    /// Flip one bit.
    Flip(usize, u8),
}

fn mutation(tokens: usize) -> impl Strategy<Value = Mutation> {
    let tokens = tokens.max(1);
    prop_oneof![
        (any::<usize>(), vec(any::<u8>(), 1..8)).prop_map(|(a, b)| Mutation::Insert(a, b)),
        (any::<usize>(), 0..tokens).prop_map(|(a, t)| Mutation::Token(a, t)),
        (any::<usize>(), 1usize..16).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::Replace(a, b)),
        (any::<usize>(), any::<usize>(), 1usize..64)
            .prop_map(|(a, b, n)| Mutation::Duplicate(a, b, n)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 0u8..8).prop_map(|(a, b)| Mutation::Flip(a, b)),
    ]
}

/// Applies `mutations` to `input`, using `tokens` for [`Mutation::Token`].
pub fn apply(mut input: Vec<u8>, mutations: &[Mutation], tokens: &[&str]) -> Vec<u8> {
    for m in mutations {
        let at = |a: usize, len: usize| if len == 0 { 0 } else { a % (len + 1) };
        match m {
            Mutation::Insert(a, bytes) => {
                let i = at(*a, input.len());
                input.splice(i..i, bytes.iter().copied());
            }
            Mutation::Token(a, t) => {
                if let Some(tok) = tokens.get(t % tokens.len().max(1)) {
                    let i = at(*a, input.len());
                    input.splice(i..i, tok.bytes());
                }
            }
            Mutation::Delete(a, n) => {
                if !input.is_empty() {
                    let i = a % input.len();
                    let end = (i + n).min(input.len());
                    input.drain(i..end);
                }
            }
            Mutation::Replace(a, b) => {
                if !input.is_empty() {
                    let i = a % input.len();
                    input[i] = *b;
                }
            }
            Mutation::Duplicate(a, b, n) => {
                if !input.is_empty() {
                    let from = a % input.len();
                    let end = (from + n).min(input.len());
                    let piece = input[from..end].to_vec();
                    let to = at(*b, input.len());
                    input.splice(to..to, piece);
                }
            }
            Mutation::Truncate(a) => {
                let i = at(*a, input.len());
                input.truncate(i);
            }
            Mutation::Flip(a, bit) => {
                if !input.is_empty() {
                    let i = a % input.len();
                    input[i] ^= 1 << bit;
                }
            }
        }
    }
    input
}

/// Mutations (one to six) of the inputs of `base`.
pub fn mutated(
    base: impl Strategy<Value = Vec<u8>>,
    tokens: &'static [&'static str],
) -> impl Strategy<Value = Vec<u8>> {
    (base, vec(mutation(tokens.len()), 1..7)).prop_map(move |(b, m)| apply(b, &m, tokens))
}

/// Raw bytes, up to `max` of them.
pub fn raw(max: usize) -> impl Strategy<Value = Vec<u8>> {
    vec(any::<u8>(), 0..max)
}

/// Picks from a list by an index.
fn pick<T: Clone>(list: &[T], i: usize) -> T {
    list[i % list.len()].clone()
}

// ---- rules strings ------------------------------------------------------------------

/// Values offered for an option: every valid one, boundary and out-of-range numbers, and
/// near misses.
fn option_values(kind: &OptionKind) -> Vec<String> {
    let mut v: Vec<String> = match kind {
        OptionKind::Choice(c) => {
            let mut v: Vec<String> = c.iter().map(|s| (*s).to_owned()).collect();
            v.extend(c.iter().map(|s| s.to_uppercase()));
            v.extend(c.iter().filter_map(|s| s.get(..2).map(str::to_owned)));
            v
        }
        OptionKind::Bool => ["true", "false", "yes", "no", "on", "off", "1", "0", "2"]
            .map(str::to_owned)
            .to_vec(),
        OptionKind::Int { min, max } | OptionKind::IntOrAuto { min, max } => {
            let mut v: Vec<String> = [*min, *max, min - 1, max + 1, (min + max) / 2]
                .iter()
                .map(i64::to_string)
                .collect();
            v.push("auto".to_owned());
            v
        }
        OptionKind::Half { min, max } => [
            min.to_string(),
            max.to_string(),
            "0.5".to_owned(),
            "-0.5".to_owned(),
            "7.25".to_owned(),
            format!("{}.5", max),
        ]
        .to_vec(),
    };
    v.extend(
        [
            "",
            "=",
            "nan",
            "inf",
            "-inf",
            "1e308",
            "99999999999999999999",
            "-9223372036854775808",
            "+1",
            " ",
            "é",
        ]
        .map(str::to_owned),
    );
    v
}

/// Every variant's names (id and aliases) and, per variant, its options with their values.
struct RulesPool {
    names: Vec<(usize, String)>,
    options: Vec<Vec<(String, Vec<String>)>>,
}

fn rules_pool() -> &'static RulesPool {
    static POOL: OnceLock<RulesPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let mut names = Vec::new();
        let mut options = Vec::new();
        for (i, v) in goishi::registry().variants().enumerate() {
            names.push((i, v.id.to_owned()));
            names.extend(v.aliases.iter().map(|a| (i, (*a).to_owned())));
            let mut opts: Vec<(String, Vec<String>)> = v
                .options
                .iter()
                .map(|o| (o.name.to_owned(), option_values(&o.kind)))
                .collect();
            opts.push((
                "board".to_owned(),
                [
                    "square",
                    "torus",
                    "hex",
                    "graph",
                    "graph:",
                    "graph:/nonexistent/goishi.graph",
                    "graph:.",
                    "sq",
                ]
                .map(str::to_owned)
                .to_vec(),
            ));
            opts.push((
                "size".to_owned(),
                [
                    "1",
                    "2",
                    "9",
                    "19",
                    "52",
                    "53",
                    "0",
                    "19x13",
                    "52x1",
                    "1x52",
                    "7x",
                    "x7",
                    "1000000000",
                    "-1",
                    "4294967297",
                ]
                .map(str::to_owned)
                .to_vec(),
            ));
            options.push(opts);
        }
        names.push((0, "no-such-variant".to_owned()));
        RulesPool { names, options }
    })
}

/// A goishi rules string: a name, then `:` and overrides chosen from the variant's options.
fn goishi_rules() -> impl Strategy<Value = String> {
    (
        any::<usize>(),
        vec((any::<usize>(), any::<usize>()), 0..5),
        any::<bool>(),
    )
        .prop_map(|(n, overrides, spaces)| {
            let pool = rules_pool();
            let (variant, name) = pick(&pool.names, n);
            let opts = &pool.options[variant % pool.options.len()];
            let mut text = name;
            if !overrides.is_empty() {
                text.push(':');
                let sep = if spaces { " , " } else { "," };
                let parts: Vec<String> = overrides
                    .iter()
                    .map(|&(o, v)| {
                        let (key, values) = pick(opts, o);
                        format!("{key}={}", pick(&values, v))
                    })
                    .collect();
                text.push_str(&parts.join(sep));
            }
            text
        })
}

const KATAGO_KEYS: &[&str] = &[
    "ko",
    "scoring",
    "score",
    "tax",
    "suicide",
    "hasButton",
    "whiteHandicapBonus",
    "friendlyPassOk",
    "komi",
    "cycles",
    "passStones",
    "bogus",
];

const KATAGO_VALUES: &[&str] = &[
    "\"SIMPLE\"",
    "\"POSITIONAL\"",
    "\"SITUATIONAL\"",
    "\"SPIGHT\"",
    "\"NONE\"",
    "\"NATURAL-SITUATIONAL\"",
    "\"AREA\"",
    "\"TERRITORY\"",
    "\"STONES\"",
    "\"SEKI\"",
    "\"ALL\"",
    "\"MULTI-STONE\"",
    "\"N\"",
    "\"N-1\"",
    "\"0\"",
    "\"IGNORE\"",
    "\"NO-RESULT\"",
    "true",
    "false",
    "null",
    "0",
    "1",
    "7.5",
    "-500",
    "500.5",
    "1e400",
    "6.25",
    "[]",
    "{}",
    "[[[[[[[[]]]]]]]]",
    "\"\\u0000\"",
];

/// KataGo's JSON form: an object of known (and unknown) keys with values of every type.
fn katago_json() -> impl Strategy<Value = String> {
    vec((any::<usize>(), any::<usize>()), 0..8).prop_map(|pairs| {
        let body: Vec<String> = pairs
            .iter()
            .map(|&(k, v)| format!("\"{}\":{}", pick(KATAGO_KEYS, k), pick(KATAGO_VALUES, v)))
            .collect();
        format!("{{{}}}", body.join(","))
    })
}

const COMPACT_PARTS: &[&str] = &[
    "koSIMPLE",
    "koPOSITIONAL",
    "koSITUATIONAL",
    "koSPIGHT",
    "koNONE",
    "scoreAREA",
    "scoreTERRITORY",
    "scoringSTONES",
    "taxNONE",
    "taxSEKI",
    "taxALL",
    "sui0",
    "sui1",
    "sui2",
    "button1",
    "button0",
    "whbN",
    "whbN-1",
    "whb0",
    "fpok1",
    "komi7.5",
    "komi-3",
    "komi1e9",
    "komi",
    "cyclesNO-RESULT",
    "passStones1",
    "ko",
];

/// KataGo's compact form: keys and values run together.
fn katago_compact() -> impl Strategy<Value = String> {
    vec(any::<usize>(), 1..9).prop_map(|parts| {
        parts
            .iter()
            .map(|&i| pick(COMPACT_PARTS, i))
            .collect::<Vec<_>>()
            .concat()
    })
}

/// Tokens spliced into rules strings.
pub const RULES_TOKENS: &[&str] = &[
    ":", ",", "=", "{", "}", "\"", "\\", "ko", "komi", "size=", "board=", "graph:", "x", "-", ".5",
    "\u{0}", "é", "\u{202e}", "  ", "\n",
];

/// Rules strings: goishi's form, KataGo's JSON and compact forms, their mutations, raw bytes.
pub fn rules_input() -> impl Strategy<Value = Vec<u8>> {
    let valid = prop_oneof![
        3 => goishi_rules(),
        2 => katago_json(),
        2 => katago_compact(),
    ]
    .prop_map(String::into_bytes);
    let valid2 = valid.clone();
    prop_oneof![
        4 => valid,
        4 => mutated(valid2, RULES_TOKENS),
        2 => raw(64),
    ]
}

// ---- SGF ------------------------------------------------------------------------------

/// Valid records: self-play games of every variant on small boards of several kinds, and
/// hand-written records with setup stones, variations and unusual properties.
fn sgf_pool() -> &'static [String] {
    static POOL: OnceLock<Vec<String>> = OnceLock::new();
    POOL.get_or_init(|| {
        let mut pool = vec![
            "(;FF[4]GM[1]SZ[9]KM[6.5]RU[japanese];B[ee];W[dc](;B[cc];W[dd])(;B[dd]C[var]))"
                .to_owned(),
            "(;GM[1]FF[4]SZ[5]AB[aa][bb:cc]AW[ee]PL[W];W[dd];B[tt];W[])".to_owned(),
            "(;GM[1]SZ[19:13]HA[2]AB[dd][pp]RU[chinese];W[jj];B[];W[])".to_owned(),
            "(;GM[1]SZ[7]RU[contact/2b:scope=local];B[dd];W[de];B[ee])".to_owned(),
            "(;GM[1]SZ[52];B[ZZ];W[aa];B[zA])".to_owned(),
            "(;GM[1]SZ[3];B[aa];W[ba];B[ab];W[bb];B[ca];W[cb])(;GM[1];B[aa])".to_owned(),
            "(;GM[1]SZ[9]RU[{\"ko\":\"SIMPLE\",\"scoring\":\"TERRITORY\"}]KM[0];B[ee])".to_owned(),
            "(;GM[1]SZ[9]RU[koPOSITIONALscoreAREAtaxNONEsui1komi7.5];B[aa]RE[B+R])".to_owned(),
            "(;GM[1]SZ[6]RU[chinese:board=torus];B[aa];W[ff];B[af])".to_owned(),
            "(;GM[1]SZ[5]RU[go/tromp-taylor:board=hex];B[cc];W[bb])".to_owned(),
        ];
        let sizes = [(5, 5), (7, 5)];
        for (i, v) in goishi::registry().variants().enumerate() {
            for (j, board) in ["", ":board=torus", ":board=hex"].iter().enumerate() {
                let Ok(rules) = goishi::Rules::parse(&format!("{}{board}", v.id)) else {
                    continue;
                };
                let size = sizes[(i + j) % sizes.len()];
                let seed = (i * 3 + j) as u64;
                if let Ok(game) = goishi_play::play_game(&rules, Some(size), seed, 0) {
                    let options = goishi_sgf::WriteOptions {
                        result: game.position.outcome().map(|r| r.to_string()),
                        comment: Some(format!("goishi selfplay, seed {seed}, game 0")),
                        ..goishi_sgf::WriteOptions::default()
                    };
                    if let Ok(text) = goishi_sgf::write_game(game.position.as_ref(), &options) {
                        pool.push(text);
                    }
                }
            }
        }
        pool
    })
}

// ---- a worst case ---------------------------------------------------------------------

/// An SGF file of about `bytes` bytes: a few moves, then comment nodes nested as deep
/// variations (each level a node whose first child goes deeper and whose second child is a
/// side line): 40,005 nodes, 20,000 levels deep.
pub fn deep_sgf(bytes: usize) -> String {
    let levels = 20_000usize;
    // Each level is about 2 x pad + 23 bytes.
    let pad = (bytes / levels / 2).saturating_sub(12).max(1);
    let comment = "x".repeat(pad);
    let mut s = String::with_capacity(bytes + 1024);
    s.push_str("(;GM[1]FF[4]SZ[19]RU[go/chinese]KM[7.5];B[pd];W[dp];B[pp];W[dd]");
    for i in 0..levels {
        s.push_str("(;C[");
        s.push_str(&comment);
        s.push_str(&format!(" {i}]"));
    }
    for i in 0..levels {
        s.push(')');
        s.push_str(&format!(
            "(;W[{}{}]C[{comment}])",
            (b'a' + (i % 19) as u8) as char,
            'a'
        ));
    }
    s.push(')');
    s
}

/// Tokens spliced into SGF.
pub const SGF_TOKENS: &[&str] = &[
    "(",
    ")",
    ";",
    "[",
    "]",
    "\\",
    "(;",
    ")(",
    ";B[aa]",
    ";W[tt]",
    ";B[]",
    "AB[aa:ss]",
    "AW[zz]",
    "AE[aa]",
    "SZ[0]",
    "SZ[1]",
    "SZ[52]",
    "SZ[53]",
    "SZ[1000000000]",
    "SZ[3:400]",
    "SZ[abc]",
    "KM[abc]",
    "KM[1e999]",
    "KM[-0.5]",
    "HA[99]",
    "HA[-1]",
    "PL[X]",
    "RU[]",
    "RU[contact/1a]",
    "RU[{]",
    "GM[2]",
    "GM[1]",
    "FF[3]",
    "CA[latin1]",
    "RE[W+R]",
    "C[\\]]",
    "B[ZZ]",
    "W[aZ]",
    ";;;;",
    "((((",
    "))))",
    "\u{0}",
    "é",
];

/// Branches the main line of a record into nested variations, `depth` deep.
fn with_variations(base: &str, depth: usize, width: usize) -> String {
    let Some(end) = base.rfind(')') else {
        return base.to_owned();
    };
    let mut tail = String::new();
    for d in 0..depth {
        tail.push_str(&format!("(;B[{}{}]", (b'a' + (d % 19) as u8) as char, 'a'));
        for w in 1..width {
            tail.push_str(&format!("(;W[{}b])", (b'a' + (w % 19) as u8) as char));
        }
    }
    tail.push_str(&")".repeat(depth));
    format!("{}{}{}", &base[..end], tail, &base[end..])
}

/// SGF inputs: valid records, records with variations, their mutations, raw bytes.
pub fn sgf_input() -> impl Strategy<Value = Vec<u8>> {
    let pool = sgf_pool();
    let valid = (0..pool.len(), 0usize..40, 1usize..4).prop_map(move |(i, depth, width)| {
        let base = &pool[i];
        if depth < 30 {
            base.clone().into_bytes()
        } else {
            with_variations(base, depth, width).into_bytes()
        }
    });
    let valid2 = valid.clone();
    prop_oneof![
        3 => valid,
        6 => mutated(valid2, SGF_TOKENS),
        1 => raw(256),
    ]
}

// ---- GTP ------------------------------------------------------------------------------

const GTP_COLORS: &[&str] = &["b", "w", "B", "white", "BLACK", "x", "", "bw"];

const GTP_VERTICES: &[&str] = &[
    "A1",
    "a1",
    "E5",
    "D4",
    "J9",
    "T19",
    "Z25",
    "AA1",
    "pass",
    "PASS",
    "resign",
    "A0",
    "I5",
    "A99",
    "AAAA1",
    "1A",
    "-",
    "zz",
    "E5E5",
    "A4294967297",
];

const GTP_NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "4",
    "5",
    "9",
    "13",
    "19",
    "25",
    "52",
    "53",
    "-1",
    "1000000000",
    "99999999999999999999",
    "7.5",
    "0.25",
    "-500",
    "500.5",
    "nan",
    "inf",
    "1e9",
    "+3",
    "",
];

const GTP_RULES: &[&str] = &[
    "chinese",
    "japanese",
    "go/tromp-taylor:ko=situational",
    "aga",
    "cc-2b",
    "contact/1a:scope=local",
    "contact/4a",
    "go/chinese:board=torus",
    "go/chinese:board=hex,size=5",
    "{\"ko\":\"SIMPLE\",\"scoring\":\"TERRITORY\",\"komi\":0.5}",
    "koSITUATIONALscoreAREAtaxALLsui0komi1",
    "new_zealand",
    "bogus",
    "chinese:komi=abc",
];

/// A command line with a name from `list_commands` (or not) and arguments of plausible
/// kinds. `loadsgf` reads only the target's own records (`@SGFn`), and `printsgf FILE` is
/// left out: the target must not write files.
fn gtp_line(names: std::sync::Arc<Vec<String>>) -> impl Strategy<Value = String> {
    (
        any::<usize>(),
        vec((0usize..4, any::<usize>()), 0..4),
        proptest::option::of(0u32..1000),
    )
        .prop_map(move |(c, args, id)| {
            let name = pick(&names, c);
            let mut line = match id {
                Some(id) => format!("{id} {name}"),
                None => name,
            };
            for (kind, i) in args {
                let word = match kind {
                    0 => pick(GTP_COLORS, i),
                    1 => pick(GTP_VERTICES, i),
                    2 => pick(GTP_NUMBERS, i),
                    _ => pick(GTP_RULES, i),
                };
                line.push(' ');
                line.push_str(word);
            }
            line
        })
}

/// The names the lines are made of: the engine's commands (`list_commands`) but the file
/// commands, the common ones again, and the target's own file commands.
fn gtp_names(commands: &[&str]) -> Vec<String> {
    {
        let mut v: Vec<String> = commands
            .iter()
            .filter(|n| **n != "loadsgf" && **n != "printsgf")
            .map(|n| (*n).to_owned())
            .collect();
        // The common ones again, so that games get played.
        for n in [
            "play",
            "play",
            "play",
            "genmove",
            "undo",
            "undo",
            "showboard",
        ] {
            v.push(n.to_owned());
        }
        v.extend(
            [
                "printsgf",
                "loadsgf @SGF0",
                "loadsgf @SGF0 3",
                "loadsgf @SGF1",
                "loadsgf @SGF2 2",
                "PLAY",
                "nonsense",
                "",
            ]
            .map(str::to_owned),
        );
        v
    }
}

/// Tokens spliced into GTP input.
pub const GTP_TOKENS: &[&str] = &[
    "\n",
    "\r\n",
    "\t",
    "#",
    " ",
    "\u{0}",
    "\u{7f}",
    "\u{ff}",
    "play b ",
    "undo\n",
    "boardsize 52\n",
    "genmove w\n",
    "123 ",
    "quit\n",
    "é",
    "loadsgf @SGF1\n",
];

/// GTP sessions of an engine whose commands are `commands` (the CLI's `command_names()`):
/// command lists, their mutations, raw bytes.
pub fn gtp_input(commands: &[&str]) -> impl Strategy<Value = Vec<u8>> {
    let names = std::sync::Arc::new(gtp_names(commands));
    let session = move || {
        vec(gtp_line(names.clone()), 0..40).prop_map(|lines| {
            let mut s = lines.join("\n");
            s.push('\n');
            s.into_bytes()
        })
    };
    prop_oneof![
        4 => session(),
        4 => mutated(session(), GTP_TOKENS),
        2 => raw(256),
    ]
}

// ---- diagrams -------------------------------------------------------------------------

/// A board of `width` x `height` with stones from `cells` (0 empty, 1 black, 2 white).
pub fn board_from(width: u32, height: u32, cells: &[u8]) -> Option<Board> {
    let g = Geometry::rect(width, height).ok()?;
    let mut b = Board::new(g.clone());
    for (i, p) in g.points().enumerate() {
        let stone = match cells.get(i).copied().unwrap_or(0) % 3 {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        };
        b.set(p, stone);
    }
    Some(b)
}

/// Rendered boards (with and without coordinates), sizes 1 to 52 on a side.
fn diagram_text() -> impl Strategy<Value = String> {
    (
        prop_oneof![1u32..=12, Just(19), Just(25), Just(52)],
        prop_oneof![1u32..=12, Just(19), Just(52)],
        vec(any::<u8>(), 0..200),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(w, h, cells, coords, star)| {
            let Some(b) = board_from(w, h, &cells) else {
                return String::new();
            };
            let mut text = if coords {
                b.diagram_with_coordinates()
            } else {
                b.diagram()
            };
            if star {
                if let Some(i) = text.find('.') {
                    text.replace_range(i..=i, "*");
                }
            }
            text
        })
}

/// Tokens spliced into diagrams.
pub const DIAGRAM_TOKENS: &[&str] = &[
    "X",
    "O",
    ".",
    "+",
    "*",
    " ",
    "\n",
    "\r\n",
    "\t",
    "A B C",
    "19",
    "1",
    "ABCDEFGH",
    "Ｘ",
    "é",
    "\u{0}",
    "XOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXOXO",
];

/// Diagram inputs: rendered boards, their mutations, raw bytes.
pub fn diagram_input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => diagram_text().prop_map(String::into_bytes),
        5 => mutated(diagram_text().prop_map(String::into_bytes), DIAGRAM_TOKENS),
        2 => raw(128),
    ]
}

/// A point of a geometry from an index.
pub fn point_of(geometry: &Geometry, i: usize) -> Point {
    Point::new(i % geometry.num_points().max(1))
}
