// The review's workers (analysis-worker.js): the positions of a record analysed in parallel,
// one worker per core (at most 4, at least 1: review-data.js's workerCount), each given a share
// of the positions (splitPositions) and, once done, the rest of the longest share left (steal).
// Ending the pool ends the workers, and with them any search in progress.
import { splitPositions, steal } from './review-data.js';

/** An Error with a code, as the engine's are. */
function coded(code, message) {
  const e = new Error(`${code}: ${message}`);
  e.code = code;
  return e;
}

/** One worker and its requests: ask(message) resolves with its answer or rejects with a coded Error. */
class Analyst {
  constructor(url) {
    this.worker = new Worker(url, { type: 'module' });
    this.next = 1;
    this.pending = new Map();
    this.worker.addEventListener('message', (e) => {
      const p = this.pending.get(e.data?.id);
      if (!p) return;
      this.pending.delete(e.data.id);
      if (e.data.error) p.reject(coded(e.data.error.code, e.data.error.message));
      else p.resolve(e.data);
    });
    // The script or the wasm could not load, or the instance trapped and closed.
    this.worker.addEventListener('error', (e) => {
      e.preventDefault();
      this.end(coded('engine', e.message || 'the analysis could not start'));
    });
  }

  ask(message) {
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  end(error = coded('cancelled', 'the analysis was stopped')) {
    this.worker.terminate();
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(error);
  }
}

export class AnalysisPool {
  /** count: the workers to start; url: the worker's script. */
  constructor(count, url = new URL('./analysis-worker.js', import.meta.url)) {
    this.count = count;
    this.url = url;
    this.analysts = [];
    this.stopped = false;
  }

  /**
   * Analyses positions of the record `load` ({ sgf, game }): todo is [{ index, path }], options(index)
   * the options of analyze for one. Each result is given to done(index, result) as it comes.
   * Resolves when every position is done; rejects with the first error (the other workers are
   * ended), or with code 'cancelled' when stop() is called.
   */
  async run(load, todo, options, done) {
    if (this.stopped) throw coded('cancelled', 'the analysis was stopped');
    const shares = splitPositions(todo, Math.min(this.count, Math.max(1, todo.length)));
    const work = async (share) => {
      const a = new Analyst(this.url);
      this.analysts.push(a);
      await a.ask({ load });
      for (;;) {
        const p = share.length ? share.shift() : steal(shares);
        if (p === undefined) break;
        const { result } = await a.ask({ path: p.path, options: options(p.index) });
        if (this.stopped) throw coded('cancelled', 'the analysis was stopped');
        done(p.index, result);
      }
    };
    try {
      await Promise.all(shares.map(work));
    } catch (e) {
      this.stop(e);
      throw e;
    } finally {
      this.end();
    }
  }

  /** Ends every worker; a run in progress rejects with `error` (code 'cancelled' by default). */
  stop(error) {
    this.stopped = true;
    this.end(error);
  }

  end(error) {
    const list = this.analysts;
    this.analysts = [];
    for (const a of list) a.end(error);
  }
}
