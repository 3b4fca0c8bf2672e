// One of the computer player's workers (pool.js makes one per core): a wasm instance off the
// page's thread, so that the board and the buttons stay responsive while it thinks. An ES module
// worker: new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' })
//
// Every request names the game by `game` (the options of `new Game`) and `actions` (the page's
// actions, actions.js); the worker keeps the game and its search tree between requests
// (thinker.js). Requests, answered in order with their id:
//   { type: 'init', seed }                  this worker's seed (its search differs from the others')
//   { id, type: 'search', timeMs, ponder? } its search tree grown for `timeMs` in slices, the tree
//       kept from the last request when the game continues its line; answers { id, stats
//       (rootStats; null when pondering), ponder, reused (the simulations behind the root
//       before), simulations (after), stopped (by a message, not the time) }
//   { id, type: 'decide', others, seed, timeMs } the move from its tree merged with the others'
//       stats, a pass checked with searches of that time: { id, move, details } (as genmoveDetails)
//   { id, type: 'playouts', playouts, seed } a new tree of that many playouts, then its move:
//       { id, move, details, simulations } (the same for the same seed)
//   { type: 'stop' }                        stops the search in progress within a slice
//   { id, options, details? } (no type)     game.genmove(options) as one call: { id, move, ms,
//       details? }
// An error answers { id, error: { code, message } }. Any request stops a search in progress
// (between two slices: the worker reads its messages there), so stopping needs no terminate().
import init, { Game, Searcher } from '../pkg/tengen.js';
import { Thinker } from './thinker.js';

const ready = init({ module_or_path: new URL('../pkg/tengen_bg.wasm', import.meta.url) });

const thinker = new Thinker({ Game, Searcher });
let generation = 0; // a request or a stop ends the loop of an older generation
let queue = Promise.resolve();

/** Lets the worker read its messages (a stop) before the next slice. */
const breathe = () => new Promise((resolve) => {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => { ch.port1.close(); resolve(); };
  ch.port2.postMessage(null);
});

async function handle(msg, gen) {
  const { id } = msg;
  const stale = () => gen !== generation;
  try {
    await ready;
    let r;
    switch (msg.type) {
      case 'search': r = await thinker.search(msg, stale, breathe); break;
      case 'playouts': r = await thinker.playouts(msg, stale, breathe); break;
      case 'decide': r = thinker.decide(msg); break;
      default: r = thinker.genmove(msg); break;
    }
    if (r.stats) self.postMessage({ id, ...r }, [r.stats.buffer]);
    else self.postMessage({ id, ...r });
  } catch (e) {
    const error = { code: typeof e?.code === 'string' ? e.code : 'engine', message: String(e?.message ?? e) };
    self.postMessage({ id, error });
    if (error.code === 'engine') thinker.reset(); // the tree or the game may be broken
    // A trap leaves the instance unusable: the pool makes a new worker for the next request.
    if (e instanceof WebAssembly.RuntimeError) self.close();
  }
}

self.addEventListener('message', (event) => {
  const msg = event.data ?? {};
  if (msg.type === 'init') {
    if (Number.isSafeInteger(msg.seed)) thinker.seed = msg.seed;
    return;
  }
  generation++;
  if (msg.type === 'stop') return;
  const gen = generation;
  queue = queue.then(() => handle(msg, gen));
});
