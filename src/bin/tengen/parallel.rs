//! Running a command's work over its inputs on a pool of threads (rayon), results in the
//! inputs' order whatever order they finish in.

use crate::inputs::Input;
use crate::progress::Progress;
use rayon::prelude::*;

/// `work` on every input with `threads` threads (0: one per core), a progress bar on a
/// terminal unless `quiet`; the results in the order of `inputs`.
pub fn run<R: Send>(
    inputs: &[Input],
    threads: usize,
    quiet: bool,
    work: impl Fn(&Input) -> R + Sync,
) -> Vec<R> {
    let progress = Progress::new(inputs.len(), !quiet);
    let each = |i: &Input| {
        let r = work(i);
        progress.tick();
        r
    };
    let out = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| inputs.par_iter().map(each).collect()),
        // No threads could be started: the work is done on this one.
        Err(_) => inputs.iter().map(each).collect(),
    };
    progress.finish();
    out
}
