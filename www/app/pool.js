// The computer's workers: a pool of engine-worker.js instances, one per core (capped), that
// search a move together and merge their root statistics (root parallelism: no memory shared,
// so the page needs no SharedArrayBuffer and any static host serves it), and that keep
// searching on the player's time (pondering) so that the next move starts from a grown tree.
// A search is stopped by a message, answered between two of the worker's short slices.

/** Workers in the pool: one per core the browser reports, at least 1, at most 4. */
export function poolSize(cores = globalThis.navigator?.hardwareConcurrency) {
  return Math.max(1, Math.min(4, Number.isInteger(cores) ? cores : 1));
}

/** How long past its time a worker may take to answer before it counts as hung and is ended. */
export const GRACE_MS = 10000;

/** An Error with a code, as the engine's are. */
function coded(code, message) {
  const e = new Error(`${code}: ${message}`);
  e.code = code;
  return e;
}

/**
 * The pool. `genmove(game, actions, options)` resolves with { move, details, ms, workers,
 * reused, simulations } or rejects with a coded Error: `options` { playouts, seed } (one
 * worker, a new tree: the same move for the same seed) or { timeMs, seed } (every worker for
 * that time, their statistics merged by the first). `ponder(game, actions, capMs)` searches
 * the position on every worker until the next request, `stopPonder()` or the cap. `stop()`
 * stops whatever runs; what was asked rejects with code 'cancelled'.
 *
 * makeWorker(i) makes worker i (a Worker, or in tests any object with postMessage,
 * addEventListener('message' | 'error') and terminate); a worker that fails is ended and made
 * again for the next request, and the others play the move without it.
 */
export class Engine {
  constructor({ size = poolSize(), makeWorker = null, url = null, grace = GRACE_MS } = {}) {
    const src = url ?? new URL('./engine-worker.js', import.meta.url);
    this.makeWorker = makeWorker ?? (() => new Worker(src, { type: 'module' }));
    this.grace = grace;
    this.slots = Array.from({ length: size }, (_, i) => ({ i, w: null, pending: new Map() }));
    this.next = 1;
    this.pondering = false;
    // For the tests and the page's hook: what the last move used.
    this.last = null;
    this.ponders = 0;
    this.ponderEnds = 0;
    this.stopsAnswered = 0;
  }

  get size() { return this.slots.length; }

  /** Slot i's worker, made when first needed (or after it failed). */
  worker(slot) {
    if (slot.w) return slot.w;
    const w = this.makeWorker(slot.i);
    w.addEventListener('message', (e) => {
      if (slot.w === w) this.answer(slot, e.data);
    });
    // The script or the wasm could not load, or the instance trapped and closed.
    w.addEventListener('error', (e) => {
      e?.preventDefault?.();
      if (slot.w === w) this.fail(slot, coded('engine', e?.message || 'the engine could not start'));
    });
    slot.w = w;
    // The searches of different workers differ by their seeds.
    w.postMessage({ type: 'init', seed: 0x9e3779b9 * (slot.i + 1) % 2 ** 32 });
    return w;
  }

  /** Ends slot's worker (failed or hung); what it was asked rejects with `error`. */
  fail(slot, error) {
    const w = slot.w;
    slot.w = null;
    try { w?.terminate(); } catch { /* gone already */ }
    const pending = [...slot.pending.values()];
    slot.pending.clear();
    for (const p of pending) p.reject(error);
  }

  answer(slot, data) {
    if (data?.ponder) {
      this.ponderEnds++; // a worker's pondering ended (stopped, or at its cap)
      return;
    }
    const p = slot.pending.get(data?.id);
    if (!p) {
      if (data?.stopped) this.stopsAnswered++; // a search stopped by a message, not its time
      return;
    }
    slot.pending.delete(data.id);
    clearTimeout(p.timer);
    if (!data.error) {
      p.resolve(data);
      return;
    }
    const e = coded(data.error.code, data.error.message);
    if (data.error.code === 'engine') this.fail(slot, e); // the instance may be broken: a new one
    p.reject(e);
  }

  /** Asks slot's worker; rejects when it fails, or after `timeout` ms (then it is ended as hung). */
  ask(slot, msg, timeout = 0) {
    return new Promise((resolve, reject) => {
      const id = this.next++;
      let w;
      try {
        w = this.worker(slot);
      } catch (e) {
        reject(coded('engine', e?.message || String(e)));
        return;
      }
      const p = { resolve, reject, timer: 0 };
      if (timeout > 0) {
        p.timer = setTimeout(() => {
          if (slot.pending.get(id) === p) this.fail(slot, coded('engine', 'the worker did not answer'));
        }, timeout);
      }
      slot.pending.set(id, p);
      w.postMessage({ ...msg, id });
    });
  }

  /** A move for the game of these options and actions. */
  async genmove(game, actions, options) {
    this.stopPonder();
    const t0 = Date.now();
    if (options?.timeMs === undefined) {
      const r = await this.ask(this.slots[0], { type: 'playouts', game, actions, playouts: options?.playouts, seed: options?.seed });
      this.last = { workers: 1, reused: 0, simulations: r.simulations ?? 0 };
      return { move: r.move, details: r.details, ms: Date.now() - t0, ...this.last };
    }
    const msg = { type: 'search', game, actions, timeMs: options.timeMs };
    const settled = await Promise.allSettled(this.slots.map((s) => this.ask(s, msg, options.timeMs + this.grace)));
    const done = [];
    settled.forEach((r, i) => { if (r.status === 'fulfilled') done.push({ slot: this.slots[i], ...r.value }); });
    if (!done.length) throw settled[0].reason;
    // The first that searched decides with the others' statistics; should it fail, the next.
    let error = null;
    for (const d of done) {
      const others = done.filter((o) => o !== d).map((o) => o.stats);
      try {
        const r = await this.ask(d.slot, { type: 'decide', game, actions, others, seed: options.seed, timeMs: options.timeMs });
        this.last = {
          workers: done.length,
          reused: done.reduce((n, o) => n + o.reused, 0),
          simulations: done.reduce((n, o) => n + o.simulations, 0),
        };
        return { move: r.move, details: r.details, ms: Date.now() - t0, ...this.last };
      } catch (e) {
        if (e?.code !== 'engine') throw e; // the engine's refusal, the same on every worker
        error = e;
      }
    }
    throw error;
  }

  /** Every worker searches this position (the player to move) until stopped or `capMs`. */
  ponder(game, actions, capMs) {
    this.stopPonder();
    this.pondering = true;
    this.ponders++;
    for (const slot of this.slots) {
      try {
        this.worker(slot).postMessage({ type: 'search', ponder: true, id: 0, game, actions, timeMs: capMs });
      } catch { /* a worker that cannot start: the others ponder */ }
    }
  }

  /** Stops pondering (the workers stop within a slice; nothing waits for them). */
  stopPonder() {
    if (!this.pondering) return;
    this.pondering = false;
    for (const slot of this.slots) slot.w?.postMessage({ type: 'stop' });
  }

  /** Stops a search in progress: the workers are told, what was asked rejects with `error`. */
  stop(error = coded('cancelled', 'the search was stopped')) {
    this.pondering = false;
    for (const slot of this.slots) {
      slot.w?.postMessage({ type: 'stop' });
      const pending = [...slot.pending.values()];
      slot.pending.clear();
      for (const p of pending) {
        clearTimeout(p.timer);
        p.reject(error);
      }
    }
  }
}
