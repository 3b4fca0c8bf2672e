// What one of the computer's workers does (engine-worker.js is its message shell): it keeps the
// game (rebuilt from the page's options and actions by the page's own replay, grown by the new
// actions only when the old ones are its start) and a search tree between requests (the
// engine's Searcher, kept along the game's line), and searches in short slices, between which
// `breathe` lets the worker read its messages: a request or a stop makes `stale()` true and the
// loop ends within a slice. No DOM and no worker globals: tested in Node with the real engine.
import { applyAction } from './actions.js';

/** A slice of search between two reads of the message queue, in ms (and in playouts). */
export const SLICE_MS = 40;
export const SLICE_PLAYOUTS = 500;

const coded = (code, message) => Object.assign(new Error(`${code}: ${message}`), { code });

export class Thinker {
  /** engine: { Game, Searcher } (the wasm package); seed: this worker's search seed. */
  constructor(engine, seed = 1) {
    this.engine = engine;
    this.seed = seed;
    this.held = null; // { key, actions, game }: the game of the last request
    this.searcher = null; // the tree kept between requests
  }

  /** The game of `options` after `actions`, the held one grown when it is their start. */
  gameOf(options, actions) {
    const key = JSON.stringify(options);
    const list = (actions ?? []).map((a) => JSON.stringify(a));
    const h = this.held;
    const grows = h && h.key === key && h.actions.length <= list.length && h.actions.every((a, i) => a === list[i]);
    if (!grows) {
      this.drop();
      this.held = { key, actions: [], game: new this.engine.Game(options) };
    }
    const held = this.held;
    try {
      for (let i = held.actions.length; i < list.length; i++) {
        applyAction(held.game, actions[i]);
        held.actions.push(list[i]);
      }
    } catch (e) {
      this.drop(); // half replayed: rebuilt next time
      throw e;
    }
    return held.game;
  }

  drop() {
    try { this.held?.game.free(); } catch { /* freed with the instance */ }
    this.held = null;
  }

  /** After an engine failure: the tree and the game made again for the next request. */
  reset() {
    try { this.searcher?.free(); } catch { /* freed with the instance */ }
    this.searcher = null;
    this.drop();
  }

  /**
   * The kept tree grown for `timeMs` in slices, until then or `stale()`: { stats (rootStats, null
   * when pondering), ponder, reused (the simulations behind the root before), simulations (after),
   * stopped (by stale(), not the time) }.
   */
  async search({ game: options, actions, timeMs, ponder }, stale, breathe) {
    const game = this.gameOf(options, actions);
    this.searcher ??= new this.engine.Searcher(this.seed);
    const t0 = performance.now();
    // One simulation moves the root to this position (the tree kept when the line continues).
    let simulations = this.searcher.run(game, { playouts: 1 });
    const reused = simulations - 1;
    for (;;) {
      const left = timeMs - (performance.now() - t0);
      if (left <= 0 || stale()) break;
      simulations = this.searcher.run(game, { timeMs: Math.max(1, Math.min(SLICE_MS, Math.ceil(left))) });
      await breathe();
    }
    const stats = ponder ? null : this.searcher.rootStats();
    return { stats, ponder: !!ponder, reused, simulations, stopped: stale() };
  }

  /**
   * A new tree of `playouts` simulations (in slices) and its move, the pass checked with that
   * budget: the same move for the same seed. { move, details, simulations }; a stop rejects
   * with code 'cancelled'.
   */
  async playouts({ game: options, actions, playouts: budget, seed }, stale, breathe) {
    const game = this.gameOf(options, actions);
    const s = new this.engine.Searcher(seed);
    try {
      let simulations = 0;
      let done = 0;
      while (done < budget) {
        if (stale()) throw coded('cancelled', 'the search was stopped');
        const n = Math.min(SLICE_PLAYOUTS, budget - done);
        simulations = s.run(game, { playouts: n });
        done += n;
        if (done < budget) await breathe();
      }
      const details = s.decide(game, [], { seed, playouts: budget });
      return { move: details.move, details, simulations };
    } finally {
      s.free();
    }
  }

  /** The move from the kept tree merged with `others` (rootStats), a pass checked for `timeMs`. */
  decide({ game: options, actions, others, seed, timeMs }) {
    const game = this.gameOf(options, actions);
    if (!this.searcher) throw coded('engine', 'no search to decide from');
    // The check of a pass searches with the move's own time (decide's default, the last run's
    // budget, would be a slice's).
    const details = this.searcher.decide(game, others ?? [], { seed, timeMs });
    return { move: details.move, details };
  }

  /** game.genmove(budget) as one call: { move, ms, details? }. */
  genmove({ game: options, actions, options: budget, details }) {
    const game = this.gameOf(options, actions);
    const t0 = performance.now();
    const d = details ? game.genmoveDetails(budget) : null;
    const move = d ? d.move : game.genmove(budget);
    const ms = performance.now() - t0;
    return d ? { move, details: d, ms } : { move, ms };
  }
}
