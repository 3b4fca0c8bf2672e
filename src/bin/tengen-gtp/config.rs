//! The command line of `tengen-gtp`.

use tengen::player;
use tengen::Rules;

/// The options of the command line.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Config {
    /// Playouts per move (0: the budget is time).
    pub(crate) playouts: u32,
    /// Milliseconds per move (0: none given).
    pub(crate) time_ms: u32,
    /// The seed of the first move.
    pub(crate) seed: u64,
    /// The rule preset.
    pub(crate) rules: String,
    /// Whether to say on standard error what each search saw.
    pub(crate) verbose: bool,
    /// Threads searching each move (on one tree unless `root_parallel`).
    pub(crate) threads: usize,
    /// Whether each thread searches a tree of its own, their root statistics merged.
    pub(crate) root_parallel: bool,
    /// Whether the trees are kept between moves (`--no-reuse`: every move starts afresh).
    pub(crate) reuse: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            playouts: 0,
            time_ms: 0,
            seed: 1,
            rules: "japanese-1989".to_string(),
            verbose: false,
            threads: 1,
            root_parallel: false,
            reuse: true,
        }
    }
}

/// The most threads `--threads` accepts.
pub(crate) const MAX_THREADS: usize = 64;

/// The usage text.
pub(crate) const USAGE: &str = "usage: tengen-gtp [--playouts N] [--time-ms N] [--seed N] [--rules PRESET] \
[--threads N] [--root-parallel] [--no-reuse] [--verbose]\n  PRESET: japanese-1989 (default), wagc-1979, simple, basic, chinese, aga, \
new-zealand, tromp-taylor\n  without --playouts, --time-ms or GTP time settings a move gets 1000 ms";

/// Reads the command line (without the program's name).
pub(crate) fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut config = Config::default();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (flag.as_str(), None),
        };
        if name == "--verbose" {
            config.verbose = true;
            continue;
        }
        if name == "--root-parallel" {
            config.root_parallel = true;
            continue;
        }
        if name == "--no-reuse" {
            config.reuse = false;
            continue;
        }
        if name == "--help" || name == "-h" {
            return Err(String::new());
        }
        let mut value = || -> Result<String, String> {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match name {
            "--playouts" => {
                let v = value()?;
                config.playouts = parse_playouts(&v)?;
            }
            "--time-ms" => {
                let v = value()?;
                config.time_ms = v
                    .parse()
                    .ok()
                    .filter(|&t| t <= player::MAX_TIME_MS)
                    .ok_or_else(|| format!("--time-ms: not a number of ms up to 600000: {v}"))?;
            }
            "--seed" => {
                let v = value()?;
                config.seed = v
                    .parse()
                    .map_err(|_| format!("--seed: not a whole number: {v}"))?;
            }
            "--threads" => {
                let v = value()?;
                config.threads = v
                    .parse()
                    .ok()
                    .filter(|t| (1..=MAX_THREADS).contains(t))
                    .ok_or_else(|| format!("--threads: not a number from 1 to 64: {v}"))?;
            }
            "--rules" => {
                let v = value()?;
                Rules::preset(&v).map_err(|_| format!("--rules: unknown preset: {v}"))?;
                config.rules = v;
            }
            _ => return Err(format!("unknown option: {flag}")),
        }
    }
    Ok(config)
}

/// A number of playouts, 0 to [`player::MAX_PLAYOUTS`].
pub(crate) fn parse_playouts(s: &str) -> Result<u32, String> {
    s.parse()
        .ok()
        .filter(|&n| n <= player::MAX_PLAYOUTS)
        .ok_or_else(|| format!("not a number of playouts from 0 to 5000000: {s}"))
}
