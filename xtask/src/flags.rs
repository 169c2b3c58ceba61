//! The command-line words of the xtask's subcommands: `--flag value`, `--flag=value` and bare
//! switches, with errors that name the flag.

use std::str::FromStr;

/// A walk over the words of a command line.
pub struct Flags<'a> {
    words: std::slice::Iter<'a, String>,
}

/// One flag: its name, the word it came from, and the value written after `=`, if any.
pub struct Flag<'a> {
    pub name: &'a str,
    word: &'a str,
    inline: Option<&'a str>,
}

impl<'a> Flags<'a> {
    pub fn new(args: &'a [String]) -> Flags<'a> {
        Flags { words: args.iter() }
    }

    /// The next flag, if any word is left.
    pub fn next_flag(&mut self) -> Option<Flag<'a>> {
        let word = self.words.next()?;
        let (name, inline) = match word.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (word.as_str(), None),
        };
        Some(Flag { name, word, inline })
    }

    /// The flag's value: after `=`, or else the next word.
    pub fn value(&mut self, flag: &Flag<'a>) -> Result<String, String> {
        flag.inline
            .map(str::to_owned)
            .or_else(|| self.words.next().cloned())
            .ok_or_else(|| format!("{} needs a value", flag.name))
    }

    /// The flag's value as a whole number.
    pub fn number<T: FromStr>(&mut self, flag: &Flag<'a>) -> Result<T, String> {
        let v = self.value(flag)?;
        v.parse()
            .map_err(|_| format!("{} {v:?}: expected a whole number", flag.name))
    }
}

/// The options of a subcommand that takes one switch and nothing else (`test --quick`,
/// `python --ray`): whether it was given.
pub fn lone_switch(args: &[String], name: &str) -> Result<bool, String> {
    let mut given = false;
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next_flag() {
        if flag.name == name && flag.is_switch() {
            given = true;
        } else {
            return Err(flag.unknown());
        }
    }
    Ok(given)
}

impl Flag<'_> {
    /// Whether the flag was written without `=value` (a switch).
    pub fn is_switch(&self) -> bool {
        self.inline.is_none()
    }

    /// The error for a flag the subcommand does not take.
    pub fn unknown(&self) -> String {
        format!("unknown option {:?}", self.word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_inline_next_and_missing() {
        let args: Vec<String> = ["--a=1", "--b", "2", "--c", "--n", "x"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        let mut flags = Flags::new(&args);
        let a = flags.next_flag().unwrap();
        assert_eq!((a.name, a.is_switch()), ("--a", false));
        assert_eq!(flags.number::<u32>(&a), Ok(1));
        let b = flags.next_flag().unwrap();
        assert_eq!(flags.value(&b).as_deref(), Ok("2"));
        let c = flags.next_flag().unwrap();
        assert!(c.is_switch());
        assert_eq!(c.unknown(), "unknown option \"--c\"");
        let n = flags.next_flag().unwrap();
        assert_eq!(
            flags.number::<u32>(&n),
            Err("--n \"x\": expected a whole number".to_owned())
        );
        assert!(flags.next_flag().is_none());
        let last: Vec<String> = vec!["--d".to_owned()];
        let mut flags = Flags::new(&last);
        let d = flags.next_flag().unwrap();
        assert_eq!(flags.value(&d), Err("--d needs a value".to_owned()));
    }
}
