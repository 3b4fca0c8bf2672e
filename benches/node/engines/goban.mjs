// OGS goban's GobanEngine (the rules engine behind online-go.com), loaded with a few DOM stand-ins
// because its bundle touches window and document when it loads.
import { createRequire } from 'node:module';

const noop = () => {};
const element = () => new Proxy(function stub() {}, {
  get: (_t, k) => (k === Symbol.toPrimitive ? () => '' : ['style', 'classList', 'dataset'].includes(k) ? new Proxy({}, { get: () => noop }) : element()),
  apply: () => element(),
  set: () => true,
});
globalThis.window ??= globalThis;
globalThis.self ??= globalThis;
globalThis.addEventListener ??= noop;
globalThis.removeEventListener ??= noop;
globalThis.document ??= {
  body: { appendChild: noop }, head: { appendChild: noop }, createElement: element,
  addEventListener: noop, removeEventListener: noop, querySelector: () => null, getElementById: () => null,
};
globalThis.localStorage ??= { getItem: () => null, setItem: noop, removeItem: noop };

const { GobanEngine } = createRequire(import.meta.url)('goban');
export const name = 'goban (OGS)';
export const features = { superko: true, score: true };

export function newGame(size, { superko = false } = {}) {
  const e = new GobanEngine({ width: size, height: size, rules: 'chinese', komi: 0 });
  return {
    play(x, y) {
      try { e.place(x, y, true, superko, !superko, false, true); } catch { return false; }
      return true;
    },
    pass() { e.place(-1, -1, false, false, true, false, true); },
    stones() {
      const out = new Int8Array(size * size);
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
        const v = e.board[y][x];
        out[y * size + x] = v === 1 ? 1 : v === 2 ? -1 : 0;
      }
      return out;
    },
    areaScore() {
      const s = e.computeScore(false);
      return s.black.stones + s.black.territory - s.white.stones - s.white.territory;
    },
  };
}
