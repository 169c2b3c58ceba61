//! `cargo xtask docs [--check]`: writes the reference pages generated from the registry and
//! the case files (`docs/variants.md`, `docs/variants/*.md`), or with `--check` fails when
//! they are stale. The generation is `goishi_conformance::docs`, which a test also runs.

use std::process::ExitCode;

use goishi_conformance::{docs, Layout};

/// Parses the options of `docs`: whether to only check.
pub fn parse(args: &[String]) -> Result<bool, String> {
    match args {
        [] => Ok(false),
        [flag] if flag == "--check" => Ok(true),
        [other, ..] if other != "--check" => Err(format!("unknown option {other:?}")),
        _ => Err("docs takes at most one option, --check".to_owned()),
    }
}

pub fn run(check: bool) -> ExitCode {
    let (registry, layout) = (goishi::registry(), Layout::workspace());
    let result = if check {
        docs::stale(registry, &layout)
    } else {
        docs::write(registry, &layout)
    };
    match result {
        Err(message) => {
            eprintln!("docs: {message}");
            ExitCode::FAILURE
        }
        Ok(files) if check && !files.is_empty() => {
            eprintln!("docs: stale generated pages (run `{}`):", docs::COMMAND);
            for f in files {
                eprintln!("  {f}");
            }
            ExitCode::FAILURE
        }
        Ok(files) => {
            if check {
                println!("docs: the generated pages are up to date");
            } else if files.is_empty() {
                println!("docs: nothing to change");
            } else {
                for f in files {
                    println!("wrote {f}");
                }
            }
            ExitCode::SUCCESS
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn options() {
        assert_eq!(parse(&args(&[])), Ok(false));
        assert_eq!(parse(&args(&["--check"])), Ok(true));
        assert_eq!(
            parse(&args(&["--fix"])),
            Err("unknown option \"--fix\"".to_owned())
        );
        assert!(parse(&args(&["--check", "--check"])).is_err());
    }
}
