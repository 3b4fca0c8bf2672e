// What <tengen-board> is given, read and checked: the file of `src`, the position of an SGF
// error, the root's VW as a region, and the errors of content and attributes, which the board
// shows in its own language in place of the board.
import { isDiagram } from '../lib/diagram.js';

const MAX_SRC_BYTES = 4 * 1024 * 1024;

/** An error of the content or the attributes: its words are `key` of the board's language. */
export const bad = (key, params, code = 'invalidOptions') => Object.assign(new Error(key), { code, key, params });

/**
 * The file of `src` (relative to the page): its bytes (the engine decodes them, by CA or by
 * detecting the charset, as the app does with a file it opens), or its text for a diagram.
 */
export async function fetchSource(src) {
  const url = new URL(src, document.baseURI);
  // Browsers refuse fetch to pages opened from disk: the reader is told so, and what works.
  if (url.protocol === 'file:') throw bad('board.file', { src }, 'load');
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${src}: HTTP ${r.status}`);
  const bytes = new Uint8Array(await r.arrayBuffer());
  if (bytes.length > MAX_SRC_BYTES) throw new Error(`${src}: larger than 4 MB`);
  // A Sensei's Library diagram is ASCII text; anything else goes to the engine as it is.
  if (isDiagram(new TextDecoder().decode(bytes.subarray(0, 1024)))) return new TextDecoder().decode(bytes);
  return bytes;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The bounding box of the root's VW values (points and 'aa:ee' rectangles), or null (VW[] means the whole board). */
export function viewRegion(values, width, height) {
  const point = (v) => {
    const x = LETTERS.indexOf(v[0]);
    const y = LETTERS.indexOf(v[1]);
    return v.length === 2 && x >= 0 && y >= 0 && x < width && y < height ? [x, y] : null;
  };
  const pts = [];
  for (const v of values || []) {
    const [a, b = a] = v.split(':');
    const p = point(a);
    const q = point(b);
    if (p && q) pts.push(p, q);
  }
  if (!pts.length) return null;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/**
 * The line and column (from 1, the column in characters) of a byte offset in SGF input, as the
 * engine's `sgf` errors give it: in a file's bytes, or in a string's UTF-8.
 */
export function lineColumn(input, offset) {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const lines = new TextDecoder().decode(bytes.subarray(0, offset)).split(/\r\n?|\n/);
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}
