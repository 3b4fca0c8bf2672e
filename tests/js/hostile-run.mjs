// A long run of the JS API under hostile use: random calls of every method and getter
// with arguments drawn from a pool of bad values (throwing getters, Proxies, revoked Proxies,
// lying typed arrays, NaN, fractions, huge numbers, strings, symbols, BigInts, objects), across
// several games at once, some freed and used again, some never freed. Every error must carry a
// documented code, nothing may trap, and after every call each live game must still answer.
//
//   node tests/js/hostile-run.mjs [calls=1000000] [seed=1]
//
// tests/js/hostile.test.mjs runs a short one in `make test`.
import { fileURLToPath } from 'node:url';
import { load } from './load.mjs';

export const CODES = new Set(['offBoard', 'occupied', 'suicide', 'ko', 'superko', 'notPlaying', 'notStopped',
  'notAllowed', 'noStone', 'invalidOptions', 'sgf', 'illegalMove', 'freed', 'busy', 'outOfMemory']);

function rng(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s % n;
  };
}

/** Bad and good values, made fresh (a revoked Proxy stays revoked). */
function pool(r) {
  const thrower = () => { throw new Error('hostile getter'); };
  const values = [
    undefined, null, 0, 1, 2, 3, 4, 8, 18, 19, -1, 0.5, NaN, Infinity, -Infinity, 2 ** 31, 2 ** 53, 1e300,
    '3', '', 'black', 'white', 'japanese-1989', 'free', true, false, Symbol('s'), 10n, [], [0], [0, 0], [1, 2, 3],
    { size: 9 }, { size: 52 }, { size: { width: 3, height: 5 } }, { rules: 'chinese', komi: 7.5 },
    { handicap: 4 }, { handicap: 2, handicapPlacement: 'free' }, { setup: { black: [[0, 0]], white: [[1, 1]] } },
    { playouts: 5, seed: 3 }, { lenient: true }, 'triangle', 'label', 'dim', 'line', 'arrow', 'tesuji', 'doubtful',
    'hotspot', 'A', 'a\nb', [2, 2], [9, 0],
    '(;SZ[9];B[ee];W[cc])', '(;SZ[5]', new TextEncoder().encode('(;SZ[9];B[aa])'), new Uint16Array(3),
  ];
  const hostile = [
    () => new Proxy({}, { get: thrower, has: thrower, ownKeys: thrower, getPrototypeOf: thrower }),
    () => { const p = Proxy.revocable([], {}); p.revoke(); return p.proxy; },
    () => Object.defineProperty({}, 'size', { get: thrower, enumerable: true }),
    () => Object.defineProperty([0], 0, { get: thrower }),
    () => ({ get lenient() { throw 1; } }),
    () => ({ setup: { black: new Proxy([[0, 0]], { get: thrower }) } }),
    () => { const a = []; a.length = 2 ** 32 - 1; return a; },
    () => { class L extends Uint8Array { get length() { return 2 ** 32 - 1; } } return new L(4); },
    () => ({ valueOf: thrower, toString: thrower }),
  ];
  return () => (r(4) === 0 ? hostile[r(hostile.length)]() : values[r(values.length)]);
}

const METHODS = ['place', 'pass', 'resume', 'markDead', 'setDead', 'score', 'undo', 'resign', 'finish',
  'declareNoResult', 'legality', 'playoutMoves', 'board', 'lastCaptured', 'toSgf', 'next', 'previous', 'goTo',
  'variations', 'estimate', 'autoMark', 'genmove', 'genmoveDetails', 'setStone', 'setToMove', 'setMark', 'setLine',
  'setComment', 'setName', 'setAnnotation', 'deleteNode', 'moveVariation', 'makeMainLine', 'redo', 'analyze',
  'setAnalysis', 'analysisAt'];
const GETTERS = ['width', 'height', 'toMove', 'phase', 'captures', 'moveNumber', 'lastMove', 'koPoint', 'repetition', 'handicapLeft', 'outcome',
  'path', 'comment', 'markup', 'info', 'warnings', 'recordedResult', 'recordedResultAgrees', 'annotations', 'canRedo'];

/**
 * `calls` random calls; returns the counts. Throws (with what happened) on an uncoded error, a
 * trap, or a game that stops answering.
 */
export function run(Game, calls, seed = 1) {
  const r = rng(seed);
  const arg = pool(r);
  const games = [];
  const freed = [];
  const leaked = [];
  const n = { calls: 0, errors: 0, byCode: {} };
  const check = (e, what) => {
    if (e instanceof WebAssembly.RuntimeError) throw new Error(`a trap in ${what}: ${e.message}`);
    if (!(e instanceof Error) || !CODES.has(e.code)) throw new Error(`an uncoded error in ${what}: ${e?.message ?? e}`);
    n.errors++;
    n.byCode[e.code] = (n.byCode[e.code] || 0) + 1;
  };
  const make = () => {
    try {
      return r(3) === 0 ? Game.fromSgf(arg(), arg()) : new Game(r(2) ? arg() : { size: [5, 9, 13, 19][r(4)] });
    } catch (e) {
      check(e, 'making a game');
      return null;
    }
  };
  for (let i = 0; i < calls; i++) {
    n.calls++;
    const k = r(100);
    if (k < 3 || games.length === 0) {
      const g = make();
      if (g) games.push(g);
      continue;
    }
    if (k < 5) {
      // Free a game, or forget it (a page that never frees its games).
      const g = games.splice(r(games.length), 1)[0];
      if (r(4) === 0) leaked.push(g);
      else {
        g.free();
        freed.push(g);
      }
      continue;
    }
    const useFreed = k < 7 && freed.length;
    const g = useFreed ? freed[r(freed.length)] : games[r(games.length)];
    const what = r(4) === 0 ? GETTERS[r(GETTERS.length)] : METHODS[r(METHODS.length)];
    try {
      if (GETTERS.includes(what)) void g[what];
      // The estimator's default playouts take milliseconds: few of them, so that the run is of calls.
      else if (what === 'estimate') g.estimate(r(8) ? { playouts: 1 + r(8), seed: r(9) } : arg() ?? { playouts: 2 });
      // The player's default is 10,000 playouts: a budget of a few, like the estimator's.
      else if (what === 'genmove' || what === 'genmoveDetails' || what === 'analyze') g[what](r(8) ? { playouts: 1 + r(8), seed: r(9) } : arg() ?? { playouts: 2 });
      // A review written into a node: a good value as often as a bad one.
      else if (what === 'setAnalysis') g.setAnalysis(r(2) ? [] : arg(), r(2) ? { winRate: r(3) / 2, scoreLead: arg(), visits: r(9), best: arg() } : arg());
      else if (what === 'autoMark' && r(8)) continue;
      else g[what](arg(), arg(), arg(), arg());
      if (useFreed) throw new Error(`a freed game answered ${what}`);
    } catch (e) {
      check(e, what);
    }
    // Every live game still answers.
    if (i % 97 === 0) {
      for (const h of games) {
        void h.moveNumber;
        h.board();
      }
    }
    if (games.length > 40) games.splice(0, 1)[0].free();
    if (leaked.length > 200) leaked.length = 0; // dropped: the finalizer frees them
  }
  for (const g of games) g.free();
  return n;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const calls = Number(process.argv[2] || 1_000_000);
  const seed = Number(process.argv[3] || 1);
  const { Game } = await load();
  const t0 = performance.now();
  const n = run(Game, calls, seed);
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`${n.calls} calls in ${s} s: ${n.errors} errors, every one coded (${JSON.stringify(n.byCode)}); no trap, no poisoned game`);
}
