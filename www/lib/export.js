// The board as it is shown, exported: a vector diagram for print (SVG, sized in points, black and
// white, with move numbers the way books print them), a picture (PNG), Sensei's Library's
// diagram text, and the <tengen-board> snippet of a record. The app and <tengen-board> call it;
// SVG and PNG are drawn by the board renderer itself (lib/render.js: the SVG through
// lib/svg.js's context), so that what is exported is what the board draws.
//
//   exportSVG(game, view, { width, coordinates, region, moveNumbers: { from, to }, words })
//   exportPNG(game, view, { size, density, theme })   -> Promise<Blob> (image/png)
//   exportDiagram(game, view, { moveNumbers })        -> '$$B19 ...' text
//   embedSnippet(sgf, { mode, region, ...attributes }) -> '<tengen-board ...>SGF</tengen-board>'
//
// `view` is what lib/view.js's gameView builds (the region, markup, coordinates the board
// shows); what only a screen shows (the pointer's ghost stone, the cursor, the last move's ring,
// the ko square, variation letters) is left out.
import { drawView, viewLayout, shownRegion, starPoints, pointName, DEFAULT_THEME, columnLabel } from './render.js';
import { SvgContext, escapeXml } from './svg.js';

/**
 * Black and white, for print: a white board, black lines, flat stones with thin black outlines,
 * no shadows.
 */
export const PRINT_THEME = {
  ...DEFAULT_THEME,
  wood: '#ffffff',
  woodEdge: '#ffffff',
  line: '#000000',
  label: '#000000',
  black: ['#000000', '#000000', '#000000'],
  white: ['#ffffff', '#ffffff', '#ffffff'],
  whiteEdge: '#000000',
  shadow: '',
  accent: '#000000',
  dame: '#000000',
  seki: '#000000',
  variation: '#000000',
  font: '"Helvetica Neue", Helvetica, Arial, "Liberation Sans", sans-serif',
};

/** SVG drawing units per point (the geometry rounds to whole units: finer than print needs). */
const UNITS = 4;

/** The view for an export: the screen's extras left out, `options` (coordinates, region) over it. */
export function exportView(view, { coordinates, region } = {}) {
  return {
    ...view,
    ghost: null, cursor: null, lastMove: null, koPoint: null, variations: null, attention: null, loupe: false,
    coordinates: coordinates ?? view.coordinates,
    region: region === undefined ? view.region : region,
  };
}

/** The move number of each node on the path to the current node (MN renumbers), null without a move. */
function pathMoves(game) {
  const path = game.path;
  const out = [];
  let n = 0;
  for (let k = 1; k <= path.length; k++) {
    const node = game.node(path.slice(0, k));
    const mv = node?.move;
    if (!mv?.player) continue;
    const mn = Number(node.properties?.MN?.[0]);
    n = Number.isInteger(mn) && mn > 0 ? mn : n + 1;
    out.push({ depth: k, number: n, player: mv.player, point: mv.point ?? null });
  }
  return out;
}

/**
 * A book's diagram of moves `from` to `to` of the path to the current node: the position before
 * `from`, with each move of the range drawn as a numbered stone on its point; a move played
 * where a stone of the drawing already stands (a ko retaken, a point played again after a
 * capture) is not drawn but noted ("7 at 3", or at a point's name when the stone there has no
 * number), as is a pass. The stones captured in the range stay drawn, as in books.
 * Returns { stones: Int8Array, labels: [{ point, text }], notes: [{ number, at, pass }], first }
 * (`first`: the player of the first move numbered, or null).
 */
export function bookDiagram(game, { from = 1, to = Infinity } = {}) {
  const w = game.width;
  const moves = pathMoves(game).filter((m) => m.number >= from && m.number <= to);
  let stones;
  if (!moves.length) return { stones: game.board(), labels: [], notes: [], first: null };
  // The position before the first move of the range, read on a copy of the record (the game
  // itself stays where it is, with whatever was done at its node).
  const copy = game.constructor.fromSgf(game.toSgf(), { lenient: true });
  try {
    copy.goTo(game.path.slice(0, moves[0].depth - 1));
    stones = copy.board();
  } finally {
    copy.free();
  }
  const numbers = new Map(); // point index -> the number drawn there
  const labels = [];
  const notes = [];
  for (const m of moves) {
    if (!m.point) {
      notes.push({ number: m.number, pass: true });
      continue;
    }
    const i = m.point[1] * w + m.point[0];
    if (stones[i]) {
      notes.push({ number: m.number, at: numbers.get(i) ?? pointName(m.point[0], m.point[1], game.height) });
      continue;
    }
    stones[i] = m.player === 'black' ? 1 : -1;
    numbers.set(i, m.number);
    labels.push({ point: m.point, text: String(m.number) });
  }
  // Set-up stones of the range's nodes: drawn as they are at the end.
  const now = game.board();
  for (let i = 0; i < now.length; i++) if (now[i] && !stones[i]) stones[i] = now[i];
  return { stones, labels, notes, first: moves[0].player };
}

/** A note in words: "7 at 3", "12: pass" (`words`: a translator with export.at and export.pass, or English). */
function noteText(note, words) {
  if (note.pass) return words ? words.t('export.pass', { n: note.number }) : `${note.number}: pass`;
  return words ? words.t('export.at', { n: note.number, at: note.at }) : `${note.number} at ${note.at}`;
}

/** The view with a book's diagram of `moveNumbers` in it (its stones and numbers), and the notes. */
function numberedView(game, v, moveNumbers, words) {
  if (!moveNumbers) return { v, notes: [] };
  const book = bookDiagram(game, moveNumbers);
  const m = v.markup ?? {};
  const taken = new Set(book.labels.map((l) => `${l.point}`));
  const labels = [...(m.labels ?? []).filter((l) => !taken.has(`${l.point}`)), ...book.labels];
  return {
    v: { ...v, stones: book.stones, overlay: null, owner: null, faded: null, markup: { ...m, labels } },
    notes: book.notes.map((n) => noteText(n, words)),
  };
}

/**
 * The board as a standalone SVG document, `width` points wide (default 288, four inches), in
 * black and white; each stone a <circle class="stone black|white">. Options: `coordinates`,
 * `region` (over the view's), `moveNumbers` ({ from, to }: a book's diagram of those moves, with
 * its notes below the board), `words` (a translator for the notes), `title` (the SVG's title).
 */
export function exportSVG(game, view, options = {}) {
  const { width = 288, moveNumbers = null, words = null, title = '' } = options;
  const { v, notes } = numberedView(game, exportView(view, options), moveNumbers, words);
  // A surface far taller than the board: the width alone decides the geometry.
  const size = { width, height: width * 10, scale: UNITS };
  const g = viewLayout(v, size);
  if (!g) throw Object.assign(new Error('invalidOptions: the width is too small for a board'), { code: 'invalidOptions' });
  const ctx = new SvgContext();
  ctx.fontFamily = PRINT_THEME.font;
  drawView(ctx, v, { ...size, theme: PRINT_THEME });
  const { box } = g;
  const boxW = box.x1 - box.x0;
  let boxH = box.y1 - box.y0;
  // The notes, under the board, in lines of what fits.
  if (notes.length) {
    const font = Math.max(9, Math.min(12, width / 28)) * UNITS;
    const perLine = Math.max(1, Math.floor(boxW / (font * 0.55 * 8)));
    ctx.font = `${font}px ${PRINT_THEME.font}`;
    ctx.fillStyle = '#000000';
    ctx.textAlign = 'start';
    ctx.textBaseline = 'alphabetic';
    for (let i = 0; i < notes.length; i += perLine) {
      boxH += font * 1.4;
      ctx.classify('note');
      ctx.fillText(notes.slice(i, i + perLine).join(', '), box.x0 + g.L + g.cell * 0.1, box.y0 + boxH - font * 0.3);
    }
    boxH += font * 0.3;
  }
  const pt = (n) => `${Math.round((n / UNITS) * 100) / 100}pt`;
  return ctx.toSvg({ viewBox: [box.x0, box.y0, boxW, boxH], width: pt(boxW), height: pt(boxH), title });
}

/**
 * The board as a PNG picture: `size` CSS pixels along its longer side (default 600), at
 * `density` device pixels each (default 1), in the screen's colours (`theme`: 'print' for black
 * and white). Needs a browser (a canvas). Options as exportSVG's (coordinates, region, moveNumbers).
 */
export function exportPNG(game, view, options = {}) {
  const { size = 600, density = 1, moveNumbers = null, words = null } = options;
  const { v } = numberedView(game, exportView(view, options), moveNumbers, words);
  const theme = options.theme === 'print' ? PRINT_THEME : DEFAULT_THEME;
  // The longer side is `size`: for a board taller than wide, the width that makes it so.
  let g = viewLayout(v, { width: size, height: size * 10, scale: density });
  if (!g) return Promise.reject(Object.assign(new Error('invalidOptions: the size is too small for a board'), { code: 'invalidOptions' }));
  let width = size;
  if (g.box.y1 - g.box.y0 > g.box.x1 - g.box.x0) {
    width = Math.max(1, Math.floor((size * (g.box.x1 - g.box.x0)) / (g.box.y1 - g.box.y0)));
    g = viewLayout(v, { width, height: size * 10, scale: density });
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(g.box.x1 - g.box.x0);
  canvas.height = Math.ceil(g.box.y1 - g.box.y0);
  drawView(canvas.getContext('2d'), v, { width, height: size * 10, scale: density, theme, origin: [g.box.x0, g.box.y0] });
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser made no PNG'))), 'image/png'));
}

// ---- Sensei's Library diagrams ----------------------------------------------------------------

// A stone's character by its mark (Sensei's Library): [black, white, empty point].
const MARK_CHARS = { circles: 'BWC', squares: '#@S', triangles: 'YQT', crosses: 'ZPM' };

/**
 * The region a diagram can show: Sensei's Library places a part with no edge on an axis in the
 * middle of that axis (lib/diagram.js), so a part that lies elsewhere is widened to the nearer
 * edge, which then pins it.
 */
function diagramRegion(v) {
  const r = { ...shownRegion(v) };
  const axis = (lo, hi, n) => {
    if (r[lo] === 0 || r[hi] === n - 1) return;
    const len = r[hi] - r[lo] + 1;
    if (r[lo] === Math.floor((n - len) / 2)) return;
    if (r[lo] <= n - 1 - r[hi]) r[lo] = 0; else r[hi] = n - 1;
  };
  axis('x0', 'x1', v.width);
  axis('y0', 'y1', v.height);
  return r;
}

/**
 * The board as Sensei's Library diagram text ($$ lines), which lib/diagram.js and
 * <tengen-board mode="diagram"> read back to the same stones and marks: stones X O, marks on
 * stones and empty points (circle, square, triangle, cross), letters a-z on empty points, star
 * points, edges where the part shown meets the board's edge, the board's size, `c` when the view
 * has coordinates. `moveNumbers` ({ from, to }): up to ten moves numbered 1-9, 0 from `from`
 * (the header's m), with "N at M" in the title for moves played where a stone is drawn.
 */
export function exportDiagram(game, view, options = {}) {
  let { v, notes } = { v: exportView(view, options), notes: [] };
  let first = null;
  let from = 1;
  const numbers = new Map();
  if (options.moveNumbers) {
    from = options.moveNumbers.from ?? 1;
    const to = Math.min(options.moveNumbers.to ?? Infinity, from + 9);
    const book = bookDiagram(game, { from, to });
    v = { ...v, stones: book.stones };
    first = book.first;
    for (const l of book.labels) numbers.set(`${l.point}`, String(Number(l.text) - from + 1).slice(-1));
    notes = book.notes.filter((n) => !n.pass && typeof n.at === 'number').map((n) => `${n.number} at ${n.at}`);
  }
  const m = v.markup ?? {};
  const marks = new Map();
  for (const kind of Object.keys(MARK_CHARS)) for (const p of m[kind] ?? []) marks.set(`${p}`, kind);
  const letters = new Map((m.labels ?? []).filter((l) => /^[a-z]$/.test(l.text)).map((l) => [`${l.point}`, l.text]));
  const stars = new Set(starPoints(v.width, v.height).map((p) => `${p}`));
  const r = diagramRegion(v);
  const w = v.width;
  const h = v.height;
  const left = r.x0 === 0;
  const right = r.x1 === w - 1;
  const header = `$$${first === 'white' ? 'W' : 'B'}${v.coordinates ? 'c' : ''}${Math.max(w, h)}`
    + `${options.moveNumbers && from > 1 ? `m${from}` : ''}${notes.length ? ` (${notes.join(', ')})` : ''}`;
  const lines = [header];
  const edge = `$$ ${left ? '+' : '-'}${'-'.repeat(2 * (r.x1 - r.x0 + 1) + 1)}${right ? '+' : '-'}`;
  if (r.y0 === 0) lines.push(edge);
  for (let y = r.y0; y <= r.y1; y++) {
    const cells = [];
    for (let x = r.x0; x <= r.x1; x++) {
      const key = `${x},${y}`;
      const s = v.stones[y * w + x];
      const mark = marks.get(key);
      let c;
      if (numbers.has(key)) c = numbers.get(key);
      else if (mark) c = MARK_CHARS[mark][s > 0 ? 0 : s < 0 ? 1 : 2];
      else if (s) c = s > 0 ? 'X' : 'O';
      else c = letters.get(key) ?? (stars.has(key) ? ',' : '.');
      cells.push(c);
    }
    lines.push(`$$ ${left ? '| ' : ''}${cells.join(' ')}${right ? ' |' : ''}`);
  }
  if (r.y1 === h - 1) lines.push(edge);
  return `${lines.join('\n')}\n`;
}

// ---- the snippet ------------------------------------------------------------------------------

const escapeText = (s) => String(s).replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' }[c]));

/** A region { x0, y0, x1, y1 } as the `region` attribute says it ("a1:j9"), on a board `height` high. */
export function regionText(r, height) {
  return `${columnLabel(r.x0)}${height - r.y1}:${columnLabel(r.x1)}${height - r.y0}`.toLowerCase();
}

/**
 * The <tengen-board> element of a record, ready to paste into a page (which loads
 * tengen-board.js once): the SGF inline as the element's text (escaped for HTML: the element reads
 * its textContent), `mode`, `region` (an attribute's "a1:j9" or a { x0, y0, x1, y1 } of the
 * record's board), and any other attribute given (true: present without a value; false, null,
 * undefined: left out).
 */
export function embedSnippet(sgf, { mode, region, ...attributes } = {}) {
  const sz = /SZ\[(\d+)(?::(\d+))?\]/.exec(sgf);
  const attrs = {
    mode,
    region: region && typeof region === 'object' ? regionText(region, Number(sz?.[2] ?? sz?.[1] ?? 19)) : region,
    ...attributes,
  };
  const list = Object.entries(attrs).filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${escapeXml(v)}"`)).join('');
  return `<tengen-board${list}>\n${escapeText(String(sgf).trim())}\n</tengen-board>`;
}
