// The review's analysis worker: one wasm instance, off the page's thread, so that the board
// stays responsive while a record is reviewed. An ES module worker:
//   new Worker(new URL('./analysis-worker.js', import.meta.url), { type: 'module' })
//
// The page first sends { id, load: { sgf, game } }: the record as the page saves it (the SGF of
// its tree and the index of the game in the file), read here once (Game.fromSgf, leniently, as
// the page reads its saves). Then { id, path, options }: the worker goes to node `path` and
// answers { id, result } with game.analyze(options) there ({ winRate, scoreLead, playouts,
// ownership, candidates }, for the player to move, who is `result.toMove`), or
// { id, error: { code, message } }. Requests are answered in order; the page ends the worker to
// stop an analysis.
import init, { Game } from '../pkg/tengen.js';

const ready = init({ module_or_path: new URL('../pkg/tengen_bg.wasm', import.meta.url) });
let game = null;

self.addEventListener('message', async (event) => {
  const { id, load, path, options } = event.data ?? {};
  try {
    await ready;
    if (load) {
      try { game?.free(); } catch { /* freed with the instance */ }
      game = null;
      game = Game.fromSgf(load.sgf, { lenient: true, game: load.game });
      self.postMessage({ id, loaded: true });
      return;
    }
    if (!game) throw Object.assign(new Error('no record loaded'), { code: 'notAllowed' });
    game.goTo(path);
    const r = game.analyze(options);
    const result = { ...r, toMove: game.toMove };
    const transfer = r.ownership?.buffer ? [r.ownership.buffer] : [];
    self.postMessage({ id, result }, transfer);
  } catch (e) {
    const error = { code: typeof e?.code === 'string' ? e.code : 'engine', message: String(e?.message ?? e) };
    self.postMessage({ id, error });
    // A trap leaves the instance unusable: the page makes a new worker for the next request.
    if (e instanceof WebAssembly.RuntimeError) self.close();
  }
});
