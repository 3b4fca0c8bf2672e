// Sensei's Library diagrams (the wiki's "How Diagrams Work"), read for <tengen-board>:
//
//   $$Bcm26 Title          header: B or W plays the odd-numbered moves (default B), c shows
//   $$ +---------------      coordinates, a number is the board size, m26 numbers the first
//   $$ | . . X O , . 1 .     move 26; then the title
//   $$ | . B a . 2 . . .   rows between edges: | left/right, a line of - (+ at corners)
//
// Points: X black, O white, . empty, , star point (empty), 1-9 and 0 (10) the numbered moves
// (odd by the header's player), B / W a black / white stone with a circle, # / @ with a square,
// Y / Q with a triangle, Z / P with a cross, C / S / T / M a circle, square, triangle or cross
// on an empty point, a-z a letter on an empty point, _ a point left blank (shown empty).
// Lines after the board ($$ [link], arrows, ...) are ignored.
//
// Choices where the wiki leaves it open: a diagram with all four edges is the whole board;
// otherwise the board is the header's size, or the size of the bounded side (left and right
// edges: that many columns), else 19, and the part shown sits against its edges (no edge on a
// side: centred on that axis). Any other character is an error, so that a typo does not silently
// change the position.
//
//   parseDiagram(text)                -> diagram (see below); throws Error with code 'diagram'
//   diagramToSgf(d, { moves })        -> SGF: set-up and marks on the root, then one node per
//                                        numbered move (moves: 'play') or the numbered stones
//                                        set up and labelled (moves: 'setup')
//   isDiagram(text)                   -> whether the text is a diagram ($$ first)
import { fromPoint } from './sgf.js';

const MARKS = {
  B: ['black', 'circles'], W: ['white', 'circles'], '#': ['black', 'squares'], '@': ['white', 'squares'],
  Y: ['black', 'triangles'], Q: ['white', 'triangles'], Z: ['black', 'crosses'], P: ['white', 'crosses'],
  C: [null, 'circles'], S: [null, 'squares'], T: [null, 'triangles'], M: [null, 'crosses'],
};
const SGF_MARK = { circles: 'CR', squares: 'SQ', triangles: 'TR', crosses: 'MA' };

function diagramError(message, line) {
  const e = new Error(`diagram: ${message}${line ? ` (line ${line})` : ''}`);
  e.code = 'diagram';
  return e;
}

/** Whether `text` is a Sensei's Library diagram: its first non-blank line starts with $$. */
export function isDiagram(text) {
  return /^\s*\$\$/.test(String(text ?? ''));
}

/**
 * Reads a diagram: { width, height, region ({ x0, y0, x1, y1 } or null for the whole board),
 * firstPlayer, coordinates, firstMoveNumber, title, stones: { black, white }, moves: [{ number,
 * player, point }], marks: { circles, squares, triangles, crosses }, labels: [{ point, text }] }.
 * Points are [x, y] on the whole board, from the top-left corner.
 */
export function parseDiagram(text) {
  const lines = String(text ?? '').split(/\r\n|\r|\n/).map((l, i) => ({ s: l.trim(), n: i + 1 }))
    .filter((l) => l.s.startsWith('$$'));
  if (!lines.length) throw diagramError('no $$ lines');
  const head = /^\$\$([BW])?(c)?(\d+)?(?:m(\d+))?\s*(.*)$/.exec(lines[0].s);
  if (!head) throw diagramError('the header cannot be read', lines[0].n);
  const [, who, coords, sizeText, mText, title] = head;
  const size = sizeText ? Number(sizeText) : null;
  if (size !== null && (size < 2 || size > 52)) throw diagramError(`a board size from 2 to 52, not ${size}`, lines[0].n);

  // The board: the lines after the header up to the first that is neither a row nor an edge.
  const body = [];
  for (const l of lines.slice(1)) {
    const s = l.s.slice(2).trim();
    if (s === '' && !body.length) continue;
    if (/^[+-][-+\s]*$/.test(s) && s.includes('-')) body.push({ edge: true, n: l.n });
    else if (/^\|?[^[\]]*$/.test(s) && s !== '' && !/^(AR|LN)\b/.test(s)) body.push({ row: s, n: l.n });
    else break;
  }
  const top = body[0]?.edge ?? false;
  const bottom = body.length > 1 && body[body.length - 1].edge;
  const rows = body.filter((b) => !b.edge);
  if (!rows.length) throw diagramError('no board rows');
  if (body.slice(top ? 1 : 0, bottom ? -1 : undefined).some((b) => b.edge)) {
    throw diagramError('an edge line between rows', body.find((b, i) => b.edge && i > 0 && i < body.length - 1).n);
  }
  let left = true;
  let right = true;
  const cells = rows.map(({ row, n }) => {
    const l = row.startsWith('|');
    const r = row.length > 1 && row.endsWith('|');
    left &&= l;
    right &&= r;
    const inner = row.slice(l ? 1 : 0, r ? -1 : undefined).replace(/\s+/g, '');
    if (inner.includes('|')) throw diagramError('an edge inside a row', n);
    return { chars: [...inner], n };
  });
  if (cells.some((c) => c.chars.length !== cells[0].chars.length)) {
    const bad = cells.find((c) => c.chars.length !== cells[0].chars.length);
    throw diagramError(`rows of different lengths (${bad.chars.length} points, not ${cells[0].chars.length})`, bad.n);
  }
  const cols = cells[0].chars.length;
  const nrows = cells.length;
  if (!cols) throw diagramError('empty rows');

  const whole = top && bottom && left && right;
  const side = (bounded, n) => (bounded ? n : null);
  let width = whole ? cols : size ?? side(left && right, cols) ?? side(top && bottom, nrows) ?? 19;
  let height = whole ? nrows : size ?? side(top && bottom, nrows) ?? side(left && right, cols) ?? 19;
  if (left && right) width = cols;
  if (top && bottom) height = nrows;
  if (width > 52 || height > 52 || cols > width || nrows > height) {
    throw diagramError(`${cols}x${nrows} points do not fit a ${width}x${height} board`, lines[0].n);
  }
  const x0 = left ? 0 : right ? width - cols : (width - cols) >> 1;
  const y0 = top ? 0 : bottom ? height - nrows : (height - nrows) >> 1;
  const region = whole || (cols === width && nrows === height) ? null : { x0, y0, x1: x0 + cols - 1, y1: y0 + nrows - 1 };

  const firstPlayer = who === 'W' ? 'white' : 'black';
  const other = firstPlayer === 'black' ? 'white' : 'black';
  const d = {
    width, height, region, firstPlayer, coordinates: !!coords, firstMoveNumber: mText ? Number(mText) : 1,
    title: title.trim(), stones: { black: [], white: [] }, moves: [],
    marks: { circles: [], squares: [], triangles: [], crosses: [] }, labels: [],
  };
  const numbers = new Set();
  cells.forEach(({ chars, n }, y) => chars.forEach((ch, x) => {
    const p = [x0 + x, y0 + y];
    if (ch === 'X') d.stones.black.push(p);
    else if (ch === 'O') d.stones.white.push(p);
    else if (ch === '.' || ch === ',' || ch === '_' || ch === '+') { /* empty */ } else if (/[0-9]/.test(ch)) {
      const k = ch === '0' ? 10 : Number(ch);
      if (numbers.has(k)) throw diagramError(`move ${k} twice`, n);
      numbers.add(k);
      d.moves.push({ number: k, player: k % 2 ? firstPlayer : other, point: p });
    } else if (MARKS[ch]) {
      const [stone, kind] = MARKS[ch];
      if (stone) d.stones[stone].push(p);
      d.marks[kind].push(p);
    } else if (/[a-z]/.test(ch)) {
      d.labels.push({ point: p, text: ch });
    } else {
      throw diagramError(`unknown point character "${ch}"`, n);
    }
  }));
  d.moves.sort((a, b) => a.number - b.number);
  return d;
}

const list = (points) => points.map((p) => `[${fromPoint(p)}]`).join('');
const esc = (s) => String(s).replace(/[\\\]]/g, (m) => `\\${m}`);

/** The diagram as SGF (see the top of the file). */
export function diagramToSgf(d, { moves = 'play' } = {}) {
  const root = ['GM[1]FF[4]', `SZ[${d.width === d.height ? d.width : `${d.width}:${d.height}`}]`];
  if (d.title) root.push(`GN[${esc(d.title)}]`);
  if (d.region) root.push(`VW[${fromPoint([d.region.x0, d.region.y0])}:${fromPoint([d.region.x1, d.region.y1])}]`);
  const black = [...d.stones.black];
  const white = [...d.stones.white];
  const labels = d.labels.map((l) => `[${fromPoint(l.point)}:${esc(l.text)}]`);
  if (moves === 'setup') {
    for (const m of d.moves) {
      (m.player === 'black' ? black : white).push(m.point);
      labels.push(`[${fromPoint(m.point)}:${d.firstMoveNumber + m.number - 1}]`);
    }
  }
  if (black.length) root.push(`AB${list(black)}`);
  if (white.length) root.push(`AW${list(white)}`);
  root.push(`PL[${(moves === 'play' && d.moves[0] ? d.moves[0].player : d.firstPlayer) === 'black' ? 'B' : 'W'}]`);
  for (const [kind, id] of Object.entries(SGF_MARK)) if (d.marks[kind].length) root.push(`${id}${list(d.marks[kind])}`);
  if (labels.length) root.push(`LB${labels.join('')}`);
  const nodes = [`;${root.join('')}`];
  if (moves === 'play') {
    // MN where the numbering does not simply go on (the first move of an m diagram, a gap).
    let last = 0;
    for (const m of d.moves) {
      const n = d.firstMoveNumber + m.number - 1;
      nodes.push(`;${m.player === 'black' ? 'B' : 'W'}[${fromPoint(m.point)}]${n !== last + 1 ? `MN[${n}]` : ''}`);
      last = n;
    }
  }
  return `(${nodes.join('')})`;
}
