// One of the computer player's workers (pool.js makes one per core): a wasm instance off the
// page's thread, so that the board and the buttons stay responsive while it thinks. An ES module
// worker: new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' })
//
// Every request names the game by `game` (the options of `new Game`) and `actions` (the page's
// actions, actions.js): the worker rebuilds it by the page's own replay (so rules, komi,
// handicap and the superko history agree), and keeps it for the next request, which only plays
// the new actions when the old ones are its start. Requests, answered in order with their id:
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
import { applyAction } from './actions.js';

const ready = init({ module_or_path: new URL('../pkg/tengen_bg.wasm', import.meta.url) });

/** A slice of search between two reads of the message queue, in ms (and in playouts). */
const SLICE_MS = 40;
const SLICE_PLAYOUTS = 500;

let seed = 1;
let held = null; // { key, actions, game }: the game of the last request
let searcher = null; // the tree kept between requests
let generation = 0; // a request or a stop ends the loop of an older generation
let queue = Promise.resolve();

/** The game of `options` after `actions`, the held one grown when it is their start. */
function gameOf(options, actions) {
  const key = JSON.stringify(options);
  const list = (actions ?? []).map((a) => JSON.stringify(a));
  const grows = held && held.key === key && held.actions.length <= list.length
    && held.actions.every((a, i) => a === list[i]);
  if (!grows) {
    drop();
    held = { key, actions: [], game: new Game(options) };
  }
  try {
    for (let i = held.actions.length; i < list.length; i++) {
      applyAction(held.game, actions[i]);
      held.actions.push(list[i]);
    }
  } catch (e) {
    drop(); // half replayed: rebuilt next time
    throw e;
  }
  return held.game;
}

function drop() {
  try { held?.game.free(); } catch { /* freed with the instance */ }
  held = null;
}

/** Lets the worker read its messages (a stop) before the next slice. */
const breathe = () => new Promise((resolve) => {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => { ch.port1.close(); resolve(); };
  ch.port2.postMessage(null);
});

async function search({ game: options, actions, timeMs, ponder }, gen) {
  const game = gameOf(options, actions);
  searcher ??= new Searcher(seed);
  const t0 = performance.now();
  // One simulation moves the root to this position (the tree kept when the line continues).
  let simulations = searcher.run(game, { playouts: 1 });
  const reused = simulations - 1;
  for (;;) {
    const left = timeMs - (performance.now() - t0);
    if (left <= 0 || gen !== generation) break;
    simulations = searcher.run(game, { timeMs: Math.max(1, Math.min(SLICE_MS, Math.ceil(left))) });
    await breathe();
  }
  return { stats: ponder ? null : searcher.rootStats(), ponder: !!ponder, reused, simulations, stopped: gen !== generation };
}

async function playouts({ game: options, actions, playouts: budget, seed: moveSeed }, gen) {
  const game = gameOf(options, actions);
  const s = new Searcher(moveSeed);
  try {
    let simulations = 0;
    let done = 0;
    while (done < budget) {
      if (gen !== generation) throw Object.assign(new Error('the search was stopped'), { code: 'cancelled' });
      const n = Math.min(SLICE_PLAYOUTS, budget - done);
      simulations = s.run(game, { playouts: n });
      done += n;
      if (done < budget) await breathe();
    }
    const details = s.decide(game, [], { seed: moveSeed, playouts: budget });
    return { move: details.move, details, simulations };
  } finally {
    s.free();
  }
}

function decide({ game: options, actions, others, seed: moveSeed, timeMs }) {
  const game = gameOf(options, actions);
  if (!searcher) throw Object.assign(new Error('no search to decide from'), { code: 'engine' });
  // The check of a pass searches with the move's own time (a slice's would be too little).
  const details = searcher.decide(game, others ?? [], { seed: moveSeed, timeMs });
  return { move: details.move, details };
}

function genmove({ game: options, actions, options: budget, details }) {
  const game = gameOf(options, actions);
  const t0 = performance.now();
  const d = details ? game.genmoveDetails(budget) : null;
  const move = d ? d.move : game.genmove(budget);
  const ms = performance.now() - t0;
  return d ? { move, details: d, ms } : { move, ms };
}

async function handle(msg, gen) {
  const { id } = msg;
  try {
    await ready;
    let r;
    switch (msg.type) {
      case 'search': r = await search(msg, gen); break;
      case 'playouts': r = await playouts(msg, gen); break;
      case 'decide': r = decide(msg); break;
      default: r = genmove(msg); break;
    }
    if (r.stats) self.postMessage({ id, ...r }, [r.stats.buffer]);
    else self.postMessage({ id, ...r });
  } catch (e) {
    const error = { code: typeof e?.code === 'string' ? e.code : 'engine', message: String(e?.message ?? e) };
    self.postMessage({ id, error });
    if (error.code === 'engine') {
      // The tree or the game may be broken: both made again for the next request.
      try { searcher?.free(); } catch { /* freed with the instance */ }
      searcher = null;
      drop();
    }
    // A trap leaves the instance unusable: the pool makes a new worker for the next request.
    if (e instanceof WebAssembly.RuntimeError) self.close();
  }
}

self.addEventListener('message', (event) => {
  const msg = event.data ?? {};
  if (msg.type === 'init') {
    if (Number.isSafeInteger(msg.seed)) seed = msg.seed;
    return;
  }
  generation++;
  if (msg.type === 'stop') return;
  const gen = generation;
  queue = queue.then(() => handle(msg, gen));
});
