// From a Game to the renderer's view (lib/render.js): the stones, the last move, the ko point,
// the count's overlay, the ghost stone under the pointer and the keyboard cursor. The app and
// <tengen-board> build their views here and add what only they show.
import { OVERLAY } from './render.js';

const KIND_OVERLAY = {
  dame: OVERLAY.DAME, territory: OVERLAY.TERRITORY, sekiEye: OVERLAY.SEKI_EYE, stone: OVERLAY.NONE,
  sekiStone: OVERLAY.SEKI_STONE, dead: OVERLAY.DEAD, deadStays: OVERLAY.DEAD_STAYS,
  sekiLiberty: OVERLAY.SEKI_LIBERTY, protectiveFill: OVERLAY.PROTECTIVE_FILL,
};

/** The count drawn on the board: an overlay code and whom it counts for, per point. */
export function countOverlay(score, size) {
  const map = score.kindNames.map((n) => KIND_OVERLAY[n] ?? OVERLAY.NONE);
  const overlay = new Int8Array(size);
  // Whom a point counts for; a protective fill counts for nobody and is drawn in the colour of
  // the player who must fill it.
  const owner = Int8Array.from(score.countsFor);
  for (let i = 0; i < size; i++) {
    overlay[i] = map[score.kinds[i]] ?? 0;
    if (overlay[i] === OVERLAY.PROTECTIVE_FILL) owner[i] = score.ownership[i];
  }
  return { overlay, owner };
}

/**
 * The view of a game.
 * @param game the engine's Game
 * @param o { score: the count to draw or null, input: a BoardInput's state ({ hover, pending,
 *   cursor }) or null, ...: any other view field (markup, variations, region, coordinates, ...) }
 */
export function gameView(game, { score = null, input = null, ...rest } = {}) {
  const w = game.width;
  const h = game.height;
  const playing = game.phase === 'playing';
  const count = score ? countOverlay(score, w * h) : { overlay: null, owner: null };
  const color = game.toMove === 'black' ? 1 : -1;
  let ghost = null;
  if (playing && input?.pending) ghost = { ...input.pending, color, confirm: true };
  else if (playing && input?.hover) ghost = { ...input.hover, color, confirm: false };
  return {
    width: w,
    height: h,
    stones: game.board(),
    lastMove: game.lastMove?.point ?? null,
    koPoint: playing ? game.koPoint : null,
    overlay: count.overlay,
    owner: count.owner,
    ownership: null,
    faded: null,
    attention: null,
    ghost,
    cursor: input?.cursor ?? null,
    coordinates: true,
    markup: null,
    variations: null,
    region: null,
    ...rest,
  };
}

/** The kinds of marks on points, as the engine's `markup` names them. */
const POINT_MARKS = ['triangles', 'squares', 'circles', 'crosses', 'selected', 'dimmed'];

/** No markup: the shape the engine's `markup` has. */
export const NO_MARKUP = Object.freeze({
  triangles: [], squares: [], circles: [], crosses: [], selected: [], dimmed: [], labels: [], lines: [], arrows: [],
});

/**
 * The marks of several nodes' `markup` together (a diagram's root and last node), each mark
 * once (a diagram repeats its marks on its last node); a list a markup lacks counts as empty.
 */
export function mergeMarkup(list) {
  const m = { triangles: [], squares: [], circles: [], crosses: [], selected: [], dimmed: [], labels: [], lines: [], arrows: [] };
  const seen = new Set();
  const add = (kind, key, item) => {
    if (seen.has(`${kind}:${key}`)) return;
    seen.add(`${kind}:${key}`);
    m[kind].push(item);
  };
  for (const mk of list) {
    for (const kind of POINT_MARKS) for (const p of mk[kind] || []) add(kind, p, p);
    for (const l of mk.labels || []) add('labels', l.point, { point: l.point, text: l.text });
    for (const kind of ['lines', 'arrows']) for (const l of mk[kind] || []) add(kind, [l.from, l.to], l);
  }
  return m;
}

/**
 * The move numbers of the stones (the engine's `game.moveNumbers()`) as labels over `markup`: a
 * point the markup already labels keeps its label.
 */
export function withMoveNumbers(markup, numbers) {
  const m = markup ?? NO_MARKUP;
  const taken = new Set((m.labels || []).map((l) => l.point.join()));
  const labels = numbers.filter((n) => !taken.has(n.point.join())).map((n) => ({ point: n.point, text: String(n.number) }));
  return { ...m, labels: [...(m.labels || []), ...labels] };
}

/** The letter of variation `i` (A, B, ... Z, then A again), on the board and on its button. */
export function variationLetter(i) {
  return String.fromCharCode(65 + (i % 26));
}

/** The lettered points of a node's variations (game.variations()), for the view; null without a choice. */
export function variationMarks(variations) {
  if (variations.length < 2) return null;
  return variations.map((v, i) => v.point && { x: v.point[0], y: v.point[1], label: variationLetter(i) }).filter(Boolean);
}

/**
 * The number of the current node's move where a node on the way sets MN (SGF FF[4]): that number
 * and the moves after it (else the count of moves from the root, as `game.moveNumber` gives it).
 */
export function renumberedMove(game) {
  const path = game.path;
  let after = 0;
  for (let k = path.length; k >= 0; k--) {
    const node = game.node(path.slice(0, k));
    if (!node?.move?.player) continue;
    const mn = Number(node.properties.MN?.[0]);
    if (Number.isInteger(mn) && mn > 0) return mn + after;
    after++;
  }
  return after;
}
