//! `goishi`: the command-line tool (see `goishi --help` and docs/cli.md).

fn main() {
    std::process::exit(goishi_cli::run(std::env::args_os()));
}
