//! The progress bar: on standard error, only when it is a terminal (never in pipes, logs or
//! tests), redrawn at most ten times a second, and erased when the work is done.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A counter of inputs done, drawn as a bar.
pub struct Progress {
    total: usize,
    done: AtomicUsize,
    /// `None` when standard error is not a terminal; else when the bar was last drawn.
    last: Option<Mutex<Instant>>,
}

const WIDTH: usize = 30;

impl Progress {
    /// A bar for `total` inputs, drawn if standard error is a terminal and `enabled`.
    pub fn new(total: usize, enabled: bool) -> Progress {
        let draw = enabled && std::io::stderr().is_terminal();
        Progress {
            total,
            done: AtomicUsize::new(0),
            last: draw.then(|| Mutex::new(Instant::now() - Duration::from_secs(1))),
        }
    }

    /// One more input done.
    pub fn tick(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let Some(last) = &self.last else { return };
        let Ok(mut last) = last.try_lock() else {
            return;
        };
        if last.elapsed() < Duration::from_millis(100) && done < self.total {
            return;
        }
        *last = Instant::now();
        let filled = (done * WIDTH).checked_div(self.total).unwrap_or(WIDTH);
        let bar: String = "#".repeat(filled) + &"-".repeat(WIDTH - filled.min(WIDTH));
        let _ = write!(std::io::stderr(), "\r[{bar}] {done}/{}", self.total);
    }

    /// Erases the bar.
    pub fn finish(&self) {
        if self.last.is_some() {
            let _ = write!(std::io::stderr(), "\r{}\r", " ".repeat(WIDTH + 30));
        }
    }
}
