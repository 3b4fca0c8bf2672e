// tengen through its JS API (the wasm package in www/pkg, the same files the page loads).
import { load } from '../../../tests/js/load.mjs';

const { Game } = await load();
export const name = 'tengen';
export const features = { superko: true, score: true };

export function newGame(size, { superko = false } = {}) {
  const g = new Game({ size, rules: superko ? 'chinese' : 'japanese-1989', komi: 0 });
  return {
    // legality() answers without throwing, so an illegal pick costs no exception.
    play(x, y) {
      if (g.legality(x, y) !== null) return false;
      g.place(x, y);
      return true;
    },
    pass() { g.pass(); },
    stones() { return g.board(); },
    playoutMoves() { return g.playoutMoves(); },
    areaScore() {
      const s = g.score();
      return s.black.total - s.white.total;
    },
    free() { g.free(); },
  };
}
