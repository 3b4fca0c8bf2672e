//! `tengen`: the command line for collections of Go records (SGF): `check`, `score`,
//! `convert --utf8` and `stats` over files, folders (recursively) and `.zip` / `.tar.gz`
//! archives, on all cores (rayon), with a progress bar on a terminal and `--json` output.
//! Every command's options and JSON shape, and the exit codes, are in `tengen --help`, each
//! command's `--help` and the README's section "The command line".
//!
//! Bad inputs (a missing file, an unreadable one, text that is not SGF, a broken archive) are
//! reported in their place and the others are still read; the exit code says what was found.
#![forbid(unsafe_code)]

mod archive;
mod args;
mod check;
mod convert;
mod inputs;
mod json;
mod parallel;
mod progress;
mod report;
mod score;
mod source;
mod stats;

use args::{Command, Parsed};
use report::exit;
use std::io::Write;

fn main() {
    let argv: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let args = match args::parse(&argv) {
        Ok(Parsed::Run(a)) => a,
        Ok(Parsed::Help(text)) => {
            print!("{text}");
            std::process::exit(exit::OK);
        }
        Ok(Parsed::Version) => {
            println!("tengen {}", env!("CARGO_PKG_VERSION"));
            std::process::exit(exit::OK);
        }
        Err(message) => {
            eprintln!("tengen: {message}");
            std::process::exit(exit::USAGE);
        }
    };
    if let Some(dir) = &args.output {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!(
                "tengen: cannot create the output folder {}: {e}",
                dir.display()
            );
            std::process::exit(exit::IO);
        }
    }
    let inputs = inputs::collect(&args.paths);
    let report = match args.command {
        Command::Check => check::run(&args, &inputs),
        Command::Score => score::run(&args, &inputs),
        Command::Convert => convert::run(&args, &inputs),
        Command::Stats => stats::run(&args, &inputs),
    };
    let mut out = std::io::stdout().lock();
    let printed = if args.json {
        writeln!(out, "{}", report.json.to_text())
    } else {
        write!(out, "{}", report.text)
    };
    // A closed pipe (`tengen check . | head`) is not an error of the records.
    let _ = printed.and_then(|()| out.flush());
    std::process::exit(report.exit_code());
}
