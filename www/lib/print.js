// A print view of a set of problems (an SGF collection: each game tree a problem): numbered
// diagrams with the problem's comment, five to an A4 page, for the browser's print dialog. Each
// diagram is lib/export.js's SVG of the problem's start (its root: set-up stones and marks), cut
// to the root's VW, else to the corner or side its stones are in.
//
//   const sheet = printSheet(document, Game, sgfText, { title, words });
//   document.body.append(sheet); print();
import { exportSVG } from './export.js';
import { gameView } from './view.js';

/** Diagrams on an A4 page. */
export const PER_PAGE = 5;

const SGF_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

// The page: A4 with margins, each page a block of five rows (the number, the diagram, the
// comment); the same layout on screen, a sheet under another, so that what is seen is what prints.
const STYLE = `
@page { size: A4; margin: 12mm 15mm; }
.tengen-print { color: #000; background: #fff; font: 11pt/1.4 Georgia, "Times New Roman", serif; }
.tengen-print .page { box-sizing: border-box; width: 180mm; height: 272mm; display: flex; flex-direction: column;
  break-after: page; page-break-after: always; overflow: hidden; }
.tengen-print .page:last-child { break-after: auto; page-break-after: auto; }
.tengen-print h2 { font-size: 12pt; margin: 0 0 2mm; height: 6mm; font-weight: 600; }
.tengen-print figure { flex: 0 0 52mm; margin: 0; display: grid; grid-template-columns: 9mm auto 1fr; gap: 4mm;
  align-items: start; border-top: 0.4pt solid #888; padding-top: 2mm; box-sizing: border-box; break-inside: avoid; }
.tengen-print .number { font-size: 14pt; font-weight: 700; text-align: right; }
.tengen-print .diagram svg { display: block; }
.tengen-print figcaption { white-space: pre-wrap; overflow: hidden; max-height: 47mm; }
@media screen { .tengen-print .page { margin: 0 auto 8mm; padding: 12mm 15mm; width: 210mm; height: 297mm;
  box-shadow: 0 0 0 1px #bbb; } }
`;

/** The root's VW (points and rectangles) as a region, or null. */
function vwRegion(values, w, h) {
  const pts = [];
  for (const v of values || []) {
    for (const p of v.split(':')) {
      const x = SGF_LETTERS.indexOf(p[0]);
      const y = SGF_LETTERS.indexOf(p[1]);
      if (p.length === 2 && x >= 0 && y >= 0 && x < w && y < h) pts.push([x, y]);
    }
  }
  if (!pts.length) return null;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/**
 * The part of the board a problem needs: the stones and marks with two lines of room, run on
 * to an edge that is near (within four lines), at least 5 lines each way; null for the whole
 * board (no stones, or most of it).
 */
export function problemRegion(stones, w, h, marked = []) {
  const pts = [...marked];
  for (let i = 0; i < stones.length; i++) if (stones[i]) pts.push([i % w, Math.floor(i / w)]);
  if (!pts.length || w < 9 || h < 9) return null;
  const span = (vals, n) => {
    let lo = Math.max(0, Math.min(...vals) - 2);
    let hi = Math.min(n - 1, Math.max(...vals) + 2);
    if (lo <= 4) lo = 0;
    if (hi >= n - 5) hi = n - 1;
    while (hi - lo < 4) {
      if (lo > 0) lo--;
      if (hi < n - 1 && hi - lo < 4) hi++;
    }
    return [lo, hi];
  };
  const [x0, x1] = span(pts.map((p) => p[0]), w);
  const [y0, y1] = span(pts.map((p) => p[1]), h);
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > 0.75 * w * h) return null;
  return { x0, y0, x1, y1 };
}

/** The points a markup marks (so that a crop keeps them). */
function markedPoints(m) {
  const out = [];
  for (const k of ['triangles', 'squares', 'circles', 'crosses', 'selected', 'dimmed']) out.push(...(m[k] || []));
  for (const l of m.labels || []) out.push(l.point);
  for (const k of ['lines', 'arrows']) for (const l of m[k] || []) out.push(l.from, l.to);
  return out;
}

/** Sizes an SVG string's <svg> to fit `maxW` x `maxH` millimetres, keeping its proportions. */
function fitted(doc, svgText, maxW, maxH, label) {
  const holder = doc.createElement('div');
  holder.className = 'diagram';
  holder.innerHTML = svgText.replace(/^<\?xml[^>]*>\s*/, '');
  const svg = holder.querySelector('svg');
  const [, , vw, vh] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
  const scale = Math.min(maxW / vw, maxH / vh);
  svg.setAttribute('width', `${(vw * scale).toFixed(2)}mm`);
  svg.setAttribute('height', `${(vh * scale).toFixed(2)}mm`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  return holder;
}

/**
 * The print view of the problems of `sgfText` (read with `Game`, the engine's class): an element
 * holding pages of PER_PAGE numbered diagrams, each with the comment of the problem's root (or
 * of its first node). Options: `title` (a heading on each page), `words` (a translator: the
 * diagram's label 'print.problem' with { n }), `first` (the first problem's number, default 1).
 */
export function printSheet(doc, Game, sgfText, options = {}) {
  const { title = '', words = null, first = 1 } = options;
  const count = Game.sgfGames(sgfText, { lenient: true }).length;
  const root = doc.createElement('section');
  root.className = 'tengen-print';
  const style = doc.createElement('style');
  style.textContent = STYLE;
  root.append(style);
  let page = null;
  for (let i = 0; i < count; i++) {
    if (i % PER_PAGE === 0) {
      page = doc.createElement('div');
      page.className = 'page';
      if (title) {
        const h = doc.createElement('h2');
        h.textContent = title;
        page.append(h);
      }
      root.append(page);
    }
    const n = first + i;
    const g = Game.fromSgf(sgfText, { game: i, lenient: true });
    try {
      g.goTo([]);
      const comment = (g.comment ?? g.node([0])?.comment ?? '').trim();
      const markup = g.markup;
      const board = g.board();
      const region = vwRegion(g.node([]).properties.VW, g.width, g.height)
        ?? problemRegion(board, g.width, g.height, markedPoints(markup));
      const view = gameView(g, { markup, region, coordinates: false });
      const label = words ? words.t('print.problem', { n }) : `Problem ${n}`;
      const figure = doc.createElement('figure');
      const number = doc.createElement('div');
      number.className = 'number';
      number.textContent = `${n}.`;
      const caption = doc.createElement('figcaption');
      caption.textContent = comment;
      figure.append(number, fitted(doc, exportSVG(g, view, { width: 216, title: label }), 76, 47, label), caption);
      page.append(figure);
    } finally {
      g.free();
    }
  }
  return root;
}
