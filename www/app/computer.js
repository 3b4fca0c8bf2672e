// The computer opponent: its levels (a strength per board size), the check of its saved settings,
// and the options of each move. The workers that think are pool.js's (engine-worker.js each).

/**
 * The levels, each a budget per class of board size (sizeClass: 9, 13 or 19). The weak levels
 * count playouts, searched by one worker with a seed per move: the same moves, so the same
 * strength, on every device. The strong ones are a time a move, searched by the whole pool of
 * workers (and on the player's time: pondering): the most a device gives in that time.
 */
export const LEVELS = Object.freeze({
  beginner: Object.freeze({ playouts: Object.freeze({ 9: 300, 13: 600, 19: 1200 }) }),
  casual: Object.freeze({ playouts: Object.freeze({ 9: 2000, 13: 4000, 19: 8000 }) }),
  strong: Object.freeze({ timeMs: Object.freeze({ 9: 1000, 13: 2000, 19: 3000 }) }),
  strongest: Object.freeze({ timeMs: Object.freeze({ 9: 3000, 13: 5000, 19: 8000 }) }),
});
export const LEVEL_NAMES = Object.freeze(Object.keys(LEVELS));
export const DEFAULT_LEVEL = 'casual';

/** Saved opponent settings: { computer: 'black' | 'white', level, seed } (seed a whole number). */
export function isOpponent(o) {
  return !!o && typeof o === 'object' && !Array.isArray(o)
    && (o.computer === 'black' || o.computer === 'white') && LEVEL_NAMES.includes(o.level)
    && Number.isSafeInteger(o.seed) && o.seed >= 0;
}

/**
 * The class of a board (the options of `new Game`: `size` a number or { width, height }) by its
 * points: up to 11x11 plays as 9x9, up to 16x16 as 13x13, larger as 19x19.
 */
export function sizeClass(options) {
  const s = options?.size ?? 19;
  const points = typeof s === 'number' ? s * s : (s?.width ?? 19) * (s?.height ?? 19);
  if (points <= 121) return 9;
  if (points <= 256) return 13;
  return 19;
}

/** A level's budget on a board: { playouts } or { timeMs }. */
export function budget(level, options) {
  const l = LEVELS[level] ?? LEVELS[DEFAULT_LEVEL];
  const c = sizeClass(options);
  return l.playouts ? { playouts: l.playouts[c] } : { timeMs: l.timeMs[c] };
}

/** Whether a level searches for a time (the pool, pondering) rather than a count of playouts. */
export const timed = (level) => !!LEVELS[level]?.timeMs;

/**
 * The options of the move after `actions` actions on a board of `options`: the level's budget
 * and a seed (the same seed for the same move of the same game, so a level by playouts replays).
 */
export function moveOptions(opponent, actions, options) {
  return { ...budget(opponent.level, options), seed: (opponent.seed + actions) % 2 ** 53 };
}

export { Engine, poolSize } from './pool.js';
