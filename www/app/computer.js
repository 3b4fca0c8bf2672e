// The computer opponent: its levels, the check of its saved settings, and the engine
// worker that thinks off the page's thread (engine-worker.js).

/** The levels: a budget for game.genmove each. Playouts make a level the same on every device. */
export const LEVELS = Object.freeze({
  beginner: Object.freeze({ playouts: 300 }),
  casual: Object.freeze({ playouts: 2000 }),
  strong: Object.freeze({ playouts: 10000 }),
  strongest: Object.freeze({ timeMs: 3000 }),
});
export const LEVEL_NAMES = Object.freeze(Object.keys(LEVELS));
export const DEFAULT_LEVEL = 'casual';

/** Saved opponent settings: { computer: 'black' | 'white', level, seed } (seed a whole number). */
export function isOpponent(o) {
  return !!o && typeof o === 'object' && !Array.isArray(o)
    && (o.computer === 'black' || o.computer === 'white') && LEVEL_NAMES.includes(o.level)
    && Number.isSafeInteger(o.seed) && o.seed >= 0;
}

/** The options of genmove for the move after `actions` actions: the level's budget and a seed. */
export function moveOptions(opponent, actions) {
  return { ...LEVELS[opponent.level], seed: (opponent.seed + actions) % 2 ** 53 };
}

/** An Error with a code, as the engine's are. */
function coded(code, message) {
  const e = new Error(`${code}: ${message}`);
  e.code = code;
  return e;
}

/**
 * The worker, made when first needed. `genmove` resolves with the worker's answer
 * ({ move, ms, details? }) or rejects with a coded Error; `stop` ends the worker, and with it a
 * search in progress (its request rejects with code 'cancelled'); the next request makes a new one.
 */
export class Engine {
  constructor(url = new URL('./engine-worker.js', import.meta.url)) {
    this.url = url;
    this.worker = null;
    this.next = 1;
    this.pending = new Map();
  }

  start() {
    if (this.worker) return this.worker;
    const w = new Worker(this.url, { type: 'module' });
    w.addEventListener('message', (e) => this.answer(e.data));
    // The script or the wasm could not load (or the instance trapped and closed).
    w.addEventListener('error', (e) => {
      e.preventDefault();
      if (w === this.worker) this.stop(coded('engine', e.message || 'the engine could not start'));
    });
    this.worker = w;
    return w;
  }

  /** A move for the game of these options and actions (see engine-worker.js). */
  genmove(game, actions, options, details = false) {
    return new Promise((resolve, reject) => {
      const id = this.next++;
      let w;
      try {
        w = this.start();
      } catch (e) {
        reject(coded('engine', e?.message || String(e)));
        return;
      }
      this.pending.set(id, { resolve, reject });
      w.postMessage({ id, game, actions, options, details });
    });
  }

  answer(data) {
    const p = this.pending.get(data?.id);
    if (!p) return;
    this.pending.delete(data.id);
    if (!data.error) {
      p.resolve(data);
      return;
    }
    p.reject(coded(data.error.code, data.error.message));
    if (data.error.code === 'engine') this.stop(); // the instance may be broken: a new one next time
  }

  /** Ends the worker; whatever it was asked rejects with `error`. */
  stop(error = coded('cancelled', 'the search was stopped')) {
    this.worker?.terminate();
    this.worker = null;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(error);
  }
}
