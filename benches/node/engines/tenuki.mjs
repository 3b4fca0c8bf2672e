// tenuki: a game without a renderer; playAt(row, column) returns false for an illegal move.
import tenuki from 'tenuki';

export const name = 'tenuki';
export const features = { superko: true, score: true };
const quiet = { render: false };

export function newGame(size, { superko = false } = {}) {
  const g = new tenuki.Game({ boardSize: size, koRule: superko ? 'positional-superko' : 'simple', scoring: 'area' });
  return {
    play(x, y) { return g.playAt(y, x, quiet); },
    pass() { g.pass(quiet); },
    stones() {
      const out = new Int8Array(size * size);
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
        const v = g.intersectionAt(y, x).value;
        out[y * size + x] = v === 'black' ? 1 : v === 'white' ? -1 : 0;
      }
      return out;
    },
    areaScore() {
      if (!g.isOver()) { g.pass(quiet); g.pass(quiet); }
      const s = g.score();
      return s.black - s.white;
    },
  };
}
