// WGo.js 3: Game.play returns the new position, or false for an illegal move; Repeating.NONE forbids any
// repetition of a position (positional superko), Repeating.KO only the basic ko.
import WGo from 'wgo';

export const name = 'wgo';
export const features = { superko: true, score: false };

export function newGame(size, { superko = false } = {}) {
  const rules = { ...WGo.JAPANESE_RULES, repeating: superko ? WGo.Repeating.NONE : WGo.Repeating.KO };
  const g = new WGo.Game(size, rules);
  return {
    play(x, y) { return g.play(x, y) !== false; },
    pass() { g.pass(); },
    stones() {
      const out = new Int8Array(size * size);
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) out[y * size + x] = g.getStone(x, y);
      return out;
    },
  };
}
