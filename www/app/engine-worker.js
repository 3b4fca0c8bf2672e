// The computer player's worker: one wasm instance, off the page's thread, so that the
// board and the buttons stay responsive while it thinks. An ES module worker:
//   new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' })
//
// The page sends { id, game, actions, options, details? }: `game` the options of `new Game`,
// `actions` the game's actions as the page keeps them (actions.js), `options` those of
// `genmove` ({ playouts, timeMs, seed }). The worker rebuilds the game (the same replay as the
// page's, so rules, komi, handicap and the superko history agree), asks for a move and answers
// { id, move } (`{ x, y }`, 'pass' or 'resign'), with `details` (genmoveDetails) and `ms` when
// asked, or { id, error: { code, message } }. Requests are answered in order; the page ignores
// an answer whose id is no longer the one it waits for, and ends the worker to stop a search.
import init, { Game } from '../pkg/tengen.js';
import { applyAction } from './actions.js';

const ready = init({ module_or_path: new URL('../pkg/tengen_bg.wasm', import.meta.url) });

self.addEventListener('message', async (event) => {
  const { id, game: gameOptions, actions, options, details } = event.data ?? {};
  let game = null;
  try {
    await ready;
    game = new Game(gameOptions);
    for (const a of actions ?? []) applyAction(game, a);
    const t0 = performance.now();
    const d = details ? game.genmoveDetails(options) : null;
    const move = d ? d.move : game.genmove(options);
    const ms = performance.now() - t0;
    self.postMessage(d ? { id, move, details: d, ms } : { id, move, ms });
  } catch (e) {
    const error = { code: typeof e?.code === 'string' ? e.code : 'engine', message: String(e?.message ?? e) };
    self.postMessage({ id, error });
    // A trap leaves the instance unusable: the page makes a new worker for the next request.
    if (e instanceof WebAssembly.RuntimeError) self.close();
  } finally {
    try { game?.free(); } catch { /* freed with the instance */ }
  }
});
