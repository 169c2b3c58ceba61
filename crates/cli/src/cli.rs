//! The command line: arguments (clap), dispatch, exit statuses, error messages.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use goishi_play::DeadConfig;

use crate::common::{parse_board_size, parse_rules, DEFAULT_RULES};

/// Exit status: success.
pub const EXIT_OK: i32 = 0;
/// Exit status: a record has an illegal move (`replay`, `show`).
pub const EXIT_ILLEGAL: i32 = 1;
/// Exit status: a file could not be read, or the command line is wrong.
pub const EXIT_ERROR: i32 = 2;
/// Exit status: an internal error (a bug).
pub const EXIT_INTERNAL: i32 = 70;

/// The stack of the main thread: SGF trees are recursive structures.
const MAIN_STACK: usize = 256 << 20;

#[derive(Debug, Parser)]
#[command(
    name = "goishi",
    version,
    about = "goishi: a rules engine for Go and Go-like capture games",
    long_about = None,
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

fn size_arg(text: &str) -> Result<(u32, u32), String> {
    parse_board_size(text)
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List every registered variant: id, family, summary, options and their defaults.
    Variants(VariantsArgs),
    /// Run a GTP engine on standard input and output.
    Gtp(GtpArgs),
    /// Run KataGo's JSON analysis engine on standard input and output, for every variant: one
    /// query a line, one response a line (see docs/cli.md).
    Analysis(AnalysisArgs),
    /// Replay SGF records under their rules and report the first illegal move or the final
    /// position and result of each.
    Replay(ReplayArgs),
    /// Play random legal games (each family's random playout policy) and write them as SGF.
    Selfplay(SelfplayArgs),
    /// Play two GTP engines against each other under a referee, as gogui-twogtp does: the
    /// records and a results table.
    Match(MatchArgs),
    /// Show the position of an SGF record as a text diagram.
    Show(ShowArgs),
}

// The arguments of `goishi variants` (no doc comment: the command's help is its variant's).
#[derive(Debug, clap::Args)]
struct VariantsArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

// The arguments of `goishi gtp` (no doc comment: the command's help is its variant's).
#[derive(Debug, clap::Args)]
struct GtpArgs {
    /// The rules (a variant id or alias, with overrides); default go/chinese.
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// The board size: N or WxH; default the variant's.
    #[arg(long, value_name = "N|WxH", value_parser = size_arg, allow_hyphen_values = true)]
    size: Option<(u32, u32)>,
    /// The seed of genmove's random choices and of the dead-stone estimate; default 0.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    seed: u64,
    /// Switch off the commands that read or write files (loadsgf, printsgf FILE), for
    /// controllers that are not trusted with the file system.
    #[arg(long)]
    no_files: bool,
    /// How final_score, final_status_list, gogui-rules_final_result and printsgf's RE
    /// judge the dead stones when none are marked with goishi-dead: `estimate` them (Go:
    /// Benson's algorithm, seki, then random playouts seeded with --seed), or `none` (every
    /// stone alive, the plain Tromp-Taylor count).
    #[arg(long, value_enum, default_value_t = crate::gtp::DeadStones::Estimate)]
    dead: crate::gtp::DeadStones,
    /// How many random playouts the dead-stone estimate runs: fewer answer sooner, more
    /// judge close cases more steadily; 0 judges only Benson's pass-alive chains and seki.
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        default_value_t = DeadConfig::DEFAULT_PLAYOUTS as u32,
        value_parser = clap::value_parser!(u32).range(0..=DeadConfig::MAX_PLAYOUTS as i64)
    )]
    dead_playouts: u32,
    /// After each move it searched, write a summary of the search on standard error as
    /// KataGo does for OGS (`CHAT:Visits N Winrate W% ScoreLead L ScoreStdev S PV ...`),
    /// which gtp2ogs forwards to the game's chat as a variation.
    #[arg(long)]
    chat: bool,
    #[command(flatten)]
    player: PlayerArgs,
}

// The arguments of `goishi analysis` (no doc comment: the command's help is its variant's).
#[derive(Debug, clap::Args)]
struct AnalysisArgs {
    /// How many queries are analysed at once (one search thread each); default the
    /// number of processors.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS), allow_hyphen_values = true)]
    threads: Option<u16>,
    /// The seed of the searches; a query's answer depends on it and the query only.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    seed: u64,
    /// Playouts a turn when a query names no maxVisits.
    #[arg(long, value_name = "N", default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..=crate::analysis::query::MAX_VISITS as i64), allow_hyphen_values = true)]
    visits: u32,
    /// Whose side win rates, scores and ownership are reported from, unless a query sets
    /// overrideSettings.reportAnalysisWinratesAs (KataGo's reportAnalysisWinratesAs):
    /// side-to-move (KataGo's default), black (KaTrain's) or white.
    #[arg(long, value_name = "black|white|side-to-move", default_value = "side-to-move", value_parser = perspective)]
    report_as: crate::analysis::respond::Perspective,
    /// Refuse queries on graph boards, whose rules name a file to read.
    #[arg(long)]
    no_files: bool,
}

// The arguments of `goishi replay` (no doc comment: the command's help is its variant's).
#[derive(Debug, clap::Args)]
struct ReplayArgs {
    /// The SGF files; `-` reads standard input, record by record as it comes.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Replay under these rules instead of each record's RU.
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// How many files to replay at once; default the number of processors.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS), allow_hyphen_values = true)]
    jobs: Option<u16>,
    /// Print one JSON object per file instead of text.
    #[arg(long)]
    json: bool,
}

// The arguments of `goishi selfplay` (no doc comment: the command's help is its variant's).
#[derive(Debug, clap::Args)]
struct SelfplayArgs {
    /// The rules (a variant id or alias, with overrides).
    #[arg(long, value_name = "RULES")]
    rules: String,
    /// The board size: N or WxH; default the variant's.
    #[arg(long, value_name = "N|WxH", value_parser = size_arg, allow_hyphen_values = true)]
    size: Option<(u32, u32)>,
    /// How many games.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    games: u64,
    /// The seed; the same seed gives the same games; default random (printed).
    #[arg(long, allow_hyphen_values = true)]
    seed: Option<u64>,
    /// How many threads play games; the games are the same for any N; default the
    /// number of processors.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS), allow_hyphen_values = true)]
    jobs: Option<u16>,
    /// Write the games to this file (one collection) instead of standard output (`-`:
    /// standard output).
    #[arg(long, value_name = "FILE.sgf", conflicts_with = "out_dir")]
    out: Option<PathBuf>,
    /// Write each game to a file of its own in this folder (game-N.sgf), made if missing.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Print a JSON Lines summary of each game on standard output (the SGF then goes
    /// only where --out or --out-dir says, if anywhere).
    #[arg(long)]
    json: bool,
}

// The arguments of `goishi match` (no doc comment: the command's help is its variant's).
#[derive(Debug, clap::Args)]
struct MatchArgs {
    /// The command of the engine that plays Black (in the first game with --alternate).
    #[arg(long, value_name = "CMD")]
    black: String,
    /// The command of the engine that plays White.
    #[arg(long, value_name = "CMD")]
    white: String,
    /// The referee's command; default goishi's own GTP engine under --rules, in this
    /// process.
    #[arg(long, value_name = "CMD")]
    referee: Option<String>,
    /// How many games.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        allow_hyphen_values = true
    )]
    games: usize,
    /// The board size: N or WxH; default the variant's.
    #[arg(long, value_name = "N|WxH", value_parser = size_arg, allow_hyphen_values = true)]
    size: Option<(u32, u32)>,
    /// The referee's rules (a variant id or alias, with overrides); default go/chinese.
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// Swap colours every other game.
    #[arg(long)]
    alternate: bool,
    /// Write each game's record to DIR/game-NNN.sgf.
    #[arg(long, value_name = "DIR")]
    sgf_dir: Option<PathBuf>,
    /// Komi, sent to the engines and the referee.
    #[arg(long, value_name = "KOMI", allow_hyphen_values = true)]
    komi: Option<String>,
    /// Seconds a move, sent as time_settings 0 SECONDS 1.
    #[arg(long, value_name = "SECONDS", value_parser = whole_seconds, allow_hyphen_values = true)]
    time: Option<u64>,
    /// Random legal moves at the start of each game (so that deterministic engines play
    /// different games).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0,
        allow_hyphen_values = true
    )]
    openings: usize,
    /// The seed of the opening moves; default 0.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    seed: u64,
}

// The arguments of `goishi show` (no doc comment: the command's help is its variant's).
#[derive(Debug, clap::Args)]
struct ShowArgs {
    /// The SGF file.
    #[arg(value_name = "FILE.sgf")]
    file: PathBuf,
    /// Show the position after this many moves (0: the setup); default all.
    #[arg(long = "move", value_name = "N", allow_hyphen_values = true)]
    move_number: Option<usize>,
    /// Replay under these rules instead of the record's RU.
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
}

/// The player of `genmove` (`goishi gtp`).
#[derive(Debug, clap::Args)]
struct PlayerArgs {
    /// Who answers genmove: mcts (tree search, the default) or random.
    #[arg(long, value_name = "mcts|random", default_value = "mcts", value_parser = player_kind)]
    player: crate::gtp::PlayerKind,
    /// At most N playouts a move (with --time: whichever comes first); default 10,000 or 1 s.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), allow_hyphen_values = true)]
    playouts: Option<u32>,
    /// At most SECONDS a move (a time_settings clock lowers it further).
    #[arg(long, value_name = "SECONDS", value_parser = seconds, allow_hyphen_values = true)]
    time: Option<std::time::Duration>,
    /// Search threads on one tree.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256), allow_hyphen_values = true)]
    threads: u16,
    /// Resign when the best move's win rate is below X (0 never resigns).
    #[arg(
        long,
        value_name = "X",
        default_value_t = 0.05,
        value_parser = resign_rate,
        allow_hyphen_values = true
    )]
    resign: f64,
    /// What the search knows of Go: heavy (the default: playouts that answer the last moves
    /// with captures, escapes, ladders and shape patterns, and priors for the tree's moves) or
    /// light (uniformly random playouts, no priors). Other families play their light policy.
    #[arg(long, value_name = "heavy|light", default_value = "heavy", value_parser = playout_policy)]
    playout_policy: goishi_play::mcts::PlayoutPolicy,
}

fn playout_policy(text: &str) -> Result<goishi_play::mcts::PlayoutPolicy, String> {
    text.parse::<goishi_play::mcts::PlayoutPolicy>()
        .map_err(|_| "expected heavy or light".to_owned())
}

fn perspective(text: &str) -> Result<crate::analysis::respond::Perspective, String> {
    text.parse()
}

fn player_kind(text: &str) -> Result<crate::gtp::PlayerKind, String> {
    match text {
        "mcts" => Ok(crate::gtp::PlayerKind::Mcts),
        "random" => Ok(crate::gtp::PlayerKind::Random),
        _ => Err("expected mcts or random".to_owned()),
    }
}

/// A resignation threshold, checked by the search's own rule
/// ([`goishi_play::mcts::MctsConfig::check_resign_threshold`]) here so that the message names
/// `--resign`.
fn resign_rate(text: &str) -> Result<f64, String> {
    let x = text
        .trim()
        .parse::<f64>()
        .map_err(|_| "expected a win rate from 0 (never) to below 1".to_owned())?;
    goishi_play::mcts::MctsConfig::check_resign_threshold(x).map_err(|e| e.to_string())
}

/// The most seconds a move may be given (a day).
const MAX_SECONDS: f64 = 86_400.0;

/// A whole number of seconds from 1 to a day (`match --time`, sent as GTP's
/// `time_settings`, which takes whole seconds).
fn whole_seconds(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(s) if (1..=MAX_SECONDS as u64).contains(&s) => Ok(s),
        _ => Err(format!(
            "expected a whole number of seconds from 1 to {MAX_SECONDS} (GTP's time_settings takes whole seconds)"
        )),
    }
}

/// A time in seconds: a number above 0 and at most a day.
pub(crate) fn seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= MAX_SECONDS => {
            Ok(std::time::Duration::from_secs_f64(s))
        }
        _ => Err(format!(
            "expected a number of seconds above 0 and at most {MAX_SECONDS}"
        )),
    }
}

impl PlayerArgs {
    fn options(&self, seed: u64) -> crate::gtp::PlayerOptions {
        crate::gtp::PlayerOptions {
            kind: self.player,
            playouts: self.playouts,
            time: self.time,
            threads: usize::from(self.threads),
            resign: self.resign,
            playout_policy: self.playout_policy,
            seed,
        }
    }
}

/// Prints a one-line error to standard error.
fn fail(message: &str, status: i32) -> i32 {
    eprintln!("goishi: {message}");
    status
}

/// Runs the tool with these arguments (the first is the program name) and returns the exit
/// status. Never panics out: a bug is reported in one line with status 70.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    std::panic::set_hook(Box::new(|info| {
        let message = goishi::panic_message(info.payload());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!("goishi: internal error{place}: {message} (a bug in goishi; please report it)");
    }));
    let args: Vec<OsString> = args.into_iter().collect();
    let fallback_args = args.clone();
    let worker = std::thread::Builder::new()
        .name("goishi".to_owned())
        .stack_size(MAIN_STACK)
        .spawn(move || run_command(args));
    match worker {
        Ok(handle) => handle.join().unwrap_or(EXIT_INTERNAL),
        Err(_) => run_command(fallback_args),
    }
}

fn run_command(args: Vec<OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return report_usage_error(&e),
    };
    match cli.command {
        Command::Variants(args) => list_variants(&args),
        Command::Gtp(args) => serve_gtp(args),
        Command::Analysis(args) => serve_analysis(&args),
        Command::Replay(args) => replay_records(args),
        Command::Selfplay(args) => play_selfplay(args),
        Command::Match(args) => play_match(args),
        Command::Show(args) => show_record(&args),
    }
}

/// What a command line clap refused comes to: the help or the version printed as clap prints
/// them, or clap's message on one line, and the exit status.
fn report_usage_error(e: &clap::Error) -> i32 {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            EXIT_OK
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            EXIT_ERROR
        }
        _ => {
            // clap's message, on one line: its first line, and the lines it
            // introduces with a colon (the missing arguments).
            let rendered = e.to_string();
            let mut lines = rendered.lines().map(str::trim).filter(|l| !l.is_empty());
            let mut message = lines.next().unwrap_or("invalid arguments").to_owned();
            if message.ends_with(':') {
                message.pop();
                let items: Vec<&str> = lines
                    .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("tip:"))
                    .collect();
                message = format!("{message}: {}", items.join(", "));
            }
            // The values an option takes, which clap gives as a tip on a line of
            // its own.
            if let Some(ContextValue::Strings(values)) = e.get(ContextKind::ValidValue) {
                if !values.is_empty() {
                    message = format!("{message}; expected one of {}", values.join(", "));
                }
            }
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            fail(&format!("{message}; see goishi --help"), EXIT_ERROR)
        }
    }
}

/// `goishi variants`.
fn list_variants(args: &VariantsArgs) -> i32 {
    let text = if args.json {
        crate::variants::json() + "\n"
    } else {
        crate::variants::text()
    };
    let _ = std::io::stdout().write_all(text.as_bytes());
    // A registry problem (two variants claiming a name) is the designer's to know.
    for problem in crate::common::registry().problems() {
        eprintln!("goishi: warning: the registry: {problem}");
    }
    EXIT_OK
}

/// `goishi gtp`: the engine set up as the options say, then serving standard input.
fn serve_gtp(args: GtpArgs) -> i32 {
    let GtpArgs {
        rules,
        size,
        seed,
        no_files,
        dead,
        dead_playouts,
        chat,
        player,
    } = args;
    let text = rules.as_deref().unwrap_or(DEFAULT_RULES);
    let rules = match parse_rules(text) {
        Ok(r) => r,
        Err(e) => return fail(&format!("--rules: {e}"), EXIT_ERROR),
    };
    let mut engine = match crate::gtp::Engine::new(rules, size, seed) {
        Ok(e) => e,
        Err(e) => return fail(&format!("--rules/--size: {e}"), EXIT_ERROR),
    };
    if let Err(e) = engine.set_player(player.options(seed)) {
        return fail(&format!("--player: {e}"), EXIT_ERROR);
    }
    if no_files {
        engine.set_file_access(crate::gtp::FileAccess::Off);
    }
    engine.set_dead_stones(dead);
    engine.set_chat(chat);
    if chat {
        // OGS's bridge gtp2ogs reads an engine's summaries by the format its first
        // lines of standard error name; this line names KataGo's.
        eprintln!(
            "goishi {} GTP engine: search summaries as CHAT lines in KataGo's format",
            env!("CARGO_PKG_VERSION")
        );
    }
    if let Err(e) = engine.set_dead_playouts(dead_playouts as usize) {
        return fail(&format!("--dead-playouts: {e}"), EXIT_ERROR);
    }
    // Standard input itself (its lock cannot cross threads): an analysis reads the
    // controller's next line on a thread of its own while it searches.
    let stdin = std::io::BufReader::new(std::io::stdin());
    let stdout = std::io::stdout();
    match crate::gtp::serve(&mut engine, stdin, stdout.lock()) {
        Ok(()) => EXIT_OK,
        Err(e) => fail(&format!("GTP input/output failed: {e}"), EXIT_ERROR),
    }
}

/// `goishi analysis`: KataGo's JSON analysis engine on standard input.
fn serve_analysis(args: &AnalysisArgs) -> i32 {
    let options = crate::analysis::Options {
        threads: args.threads.map_or_else(processors, usize::from),
        seed: args.seed,
        visits: args.visits,
        perspective: args.report_as,
        files: !args.no_files,
    };
    exit_with_parent();
    let stdin = std::io::stdin();
    match crate::analysis::run(&options, stdin.lock(), std::io::stdout()) {
        Ok(()) => EXIT_OK,
        Err(e) => fail(&format!("analysis input/output failed: {e}"), EXIT_ERROR),
    }
}

/// `goishi replay`.
fn replay_records(args: ReplayArgs) -> i32 {
    let options = crate::replay::ReplayOptions {
        files: args.files,
        rules: args.rules,
        jobs: args.jobs.map_or_else(processors, usize::from),
        json: args.json,
        progress: std::io::stderr().is_terminal(),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    crate::replay::run(&options, &mut out)
}

/// `goishi selfplay`: the games to the file, the folder or standard output that the options
/// name, the summaries (`--json`) to standard output.
fn play_selfplay(args: SelfplayArgs) -> i32 {
    let rules = match parse_rules(&args.rules) {
        Ok(r) => r,
        Err(e) => return fail(&format!("--rules: {e}"), EXIT_ERROR),
    };
    let seed = args.seed.unwrap_or_else(random_seed);
    let json = args.json;
    let mut options = crate::selfplay::SelfplayOptions::new(rules, args.games, seed);
    options.size = args.size;
    options.jobs = args.jobs.map_or_else(processors, usize::from);
    options.json = json;
    options.progress = std::io::stderr().is_terminal();
    // `--out -` is standard output, as `-` is standard input to `replay`.
    let out = match args.out {
        Some(path) if path.as_os_str() == crate::replay::STDIN => {
            if json {
                return fail(
                    "--out -: --json writes its summaries to standard output; \
                     give the games a file (--out FILE.sgf) or a folder (--out-dir)",
                    EXIT_ERROR,
                );
            }
            None
        }
        other => other,
    };
    options.sgf = match (&args.out_dir, &out, json) {
        (Some(dir), _, _) => crate::selfplay::SgfOut::Folder(dir.clone()),
        (None, None, true) => crate::selfplay::SgfOut::Nowhere,
        _ => crate::selfplay::SgfOut::Collection,
    };
    let stdout = std::io::stdout();
    let mut stdout = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = match &out {
        Some(path) => {
            let file = match std::fs::File::create(path) {
                Ok(f) => f,
                Err(e) => {
                    return fail(
                        &format!(
                            "--out {}: cannot create the file: {}",
                            path.display(),
                            crate::common::io_message(&e)
                        ),
                        EXIT_ERROR,
                    )
                }
            };
            let mut w = std::io::BufWriter::with_capacity(1 << 16, file);
            crate::selfplay::run(&options, &mut w, &mut stdout)
        }
        None => {
            let mut sink = std::io::sink();
            if json {
                crate::selfplay::run(&options, &mut sink, &mut stdout)
            } else {
                crate::selfplay::run(&options, &mut stdout, &mut sink)
            }
        }
    };
    match result {
        Ok(_) => EXIT_OK,
        Err(e) => fail(&e, EXIT_ERROR),
    }
}

/// `goishi match`: the rules, the size and the komi checked before any engine starts.
fn play_match(args: MatchArgs) -> i32 {
    let text = args.rules.as_deref().unwrap_or(DEFAULT_RULES);
    let mut rules = match parse_rules(text) {
        Ok(r) => r,
        Err(e) => return fail(&format!("--rules: {e}"), EXIT_ERROR),
    };
    let size = match rules.board_size(args.size) {
        Ok(s) => s,
        Err(e) => return fail(&format!("--rules/--size: {e}"), EXIT_ERROR),
    };
    rules.take_size();
    // Komi is checked as the referee will take it, before any engine starts.
    if let Some(k) = &args.komi {
        if let Err(e) = crate::common::set_komi(&mut rules.clone(), k) {
            return fail(&format!("--komi: {e}"), EXIT_ERROR);
        }
    }
    let options = crate::matches::MatchOptions {
        black: args.black,
        white: args.white,
        referee: args.referee,
        rules,
        games: args.games,
        size,
        komi: args.komi,
        time: args.time,
        alternate: args.alternate,
        openings: args.openings,
        seed: args.seed,
        sgf_dir: args.sgf_dir,
        progress: std::io::stderr().is_terminal(),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    crate::matches::run(&options, &mut out)
}

/// `goishi show`: an illegal move gives status 1, an unreadable file or a bad `--move` 2.
fn show_record(args: &ShowArgs) -> i32 {
    let rules = match args
        .rules
        .as_deref()
        .map(goishi_sgf::Forced::parse)
        .transpose()
    {
        Ok(r) => r,
        Err(e) => return fail(&format!("--rules: {e}"), EXIT_ERROR),
    };
    match crate::show::show(&args.file, args.move_number, rules.as_ref()) {
        Ok(text) => {
            let _ = std::io::stdout().write_all(text.as_bytes());
            EXIT_OK
        }
        Err(crate::show::ShowError::Illegal(e)) => fail(&e, EXIT_ILLEGAL),
        Err(crate::show::ShowError::Usage(e) | crate::show::ShowError::Unreadable(e)) => {
            fail(&e, EXIT_ERROR)
        }
    }
}

/// Ends the process when its parent process ends, unless standard input is a file: a client
/// that starts the analysis engine behind a shell (KaTrain runs its custom command with `sh
/// -c`, and dash forks it) stops the shell, not the engine, and keeps the engine's pipes
/// open, so the engine would search on for nobody (and the client would wait for it).
/// Checked four times a second; a no-op outside Unix.
fn exit_with_parent() {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let from_file = std::io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .and_then(|fd| std::fs::File::from(fd).metadata())
            .is_ok_and(|m| m.is_file());
        if from_file {
            return;
        }
        let parent = std::os::unix::process::parent_id();
        let _ = std::thread::Builder::new()
            .name("parent-watch".to_owned())
            .spawn(move || loop {
                std::thread::sleep(std::time::Duration::from_millis(250));
                if std::os::unix::process::parent_id() != parent {
                    std::process::exit(EXIT_OK);
                }
            });
    }
}

/// The most threads `--jobs` starts: more than the work can use on any machine these commands
/// run on, and few enough that each gets its stack (tens of thousands of threads made the
/// runtime abort where it could not map their guard pages).
const MAX_JOBS: i64 = 256;

/// The number of processors, the default of `--jobs`.
fn processors() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// A seed from the clock, for runs that name none.
fn random_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64 ^ u64::from(std::process::id()))
}
