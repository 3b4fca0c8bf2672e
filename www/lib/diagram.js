// Sensei's Library diagrams ("How Diagrams Work", https://senseis.xmp.net/?HowDiagramsWork) read
// and turned into SGF, so that a teacher can paste one into <tengen-board>. Plain JavaScript, no
// DOM and no imports: it runs in browsers and in Node 20+.
//
//   $$Wcm26 Ko (35 at 29)        header: $$, then optional B or W (who plays the odd numbers;
//   $$ +-----------------          default B), c (coordinates), the board size (a number),
//   $$ | . . X O , . 1 .           m and a number (the game number of the move labelled 1),
//   $$ | . B a . 2 . . .           then the title
//   $$ | . . . . . . . .         board rows between edges: | left and right, a line of -
//   $$ [a|SomePage]                (+ at the corners) top and bottom; spaces between points
//   $$ {AR 1:1 3:3}                are optional; links and arrows after the board are ignored
//
// API
//
//   isDiagram(text) -> boolean
//     Whether the first non-blank line of text starts with $$ (after optional > quote marks).
//
//   parseDiagram(text) -> {
//     width, height,            the whole board
//     region,                   { x0, y0, x1, y1 } (inclusive) the part shown, or null when the
//                               diagram shows the whole board
//     firstPlayer,              'black' | 'white': who plays the odd-numbered moves
//     coordinates,              boolean: the header's c
//     firstMoveNumber,          the game number of the move labelled 1 (the header's m, else 1)
//     title,                    string ('' if none)
//     stones: { black, white }, [[x, y], ...] the stones before the numbered moves
//     moves,                    [{ number, player, point }] the numbered moves in order; number
//                               as labelled (1-9, 0 is 10; see "N at M" below for more)
//     marks: { circles, squares, triangles, crosses },   [[x, y], ...]
//     labels,                   [{ point: [x, y], text }] the letters a-z
//   }
//     Points are [x, y] on the whole board, 0-based, x the column from the left and y the row
//     from the top; every list is in reading order (row by row, left to right).
//     Throws an Error with code 'diagram', a message 'diagram: ... (line N)' and `line` (the
//     1-based line of the text, where there is one) for what is not a diagram: no $$ line, no
//     board rows, rows of different lengths, an edge line between rows or an edge inside a row,
//     a character that is not a point, a number used twice, a board larger than 52.
//
//   diagramToSgf(diagram or text, { moves = 'play' }) -> SGF text (FF[4])
//     The root: FF, GM, CA[UTF-8], SZ (w, or w:h), GN (the title), VW (the region, when the
//     diagram shows a part), AB/AW (the stones), PL (who plays first: the player of the first
//     numbered move, else the header's player), CR/SQ/TR/MA (the marks) and LB (the letters).
//     moves 'play': one node per numbered move, in order (;B[..] or ;W[..]), each with MN (its
//       game number: m + number - 1, so a viewer numbers the stones as the diagram does); the
//       last node repeats the root's marks and letters, which belong to the position the
//       diagram shows, at the end of its moves (SGF markup holds only in its own node).
//     moves 'setup': a static diagram, one node: the numbered stones are set up with AB/AW and
//       labelled with their game numbers (LB), and PL is the player after the last move.
//     Points are two letters, column then row: a-z then A-Z (boards up to 52); ] and \ in text
//     are escaped.
//
// The format, as Sensei's Library's own renderer (sltxt2png.php) reads it, and the choices made
// where it leaves room:
//
// - Lines: every line of a diagram starts with $$ (leading spaces and > quote marks allowed,
//   CRLF or CR line ends). The first $$ line is the header; the diagram runs on to the first line
//   that neither starts with $$ nor is blank (blank lines are skipped: pages copied from a
//   browser often have them). $$ lines with nothing after them are skipped. Lines after $$ that
//   start with [ (a link, [a|Page]) or { (arrows and lines, {AR 1:1 3:3}), or with AR or LN, are
//   ignored. Text before the first $$ line is ignored, and so is a second diagram after a gap.
// - Header: $$ immediately followed by B|W, c, digits, m+digits in that order, then the title
//   (trimmed). As on the wiki, the flags must come in that order: in $$cW the W is the title.
//   A first line that is a board row or an edge ($$ | . . or $$ +---) is read as one, with an
//   empty header before it (a header the author left out). The size must be 1 to 52; m0 is read
//   as m1, as on the wiki.
// - Points: X black, O white, . empty, , star point, 1-9 and 0 (10) numbered moves (odd numbers
//   by the header's player), B W black/white stone with a circle, # @ with a square, Y Q with a
//   triangle, Z P with a cross, C S T M a circle, square, triangle, cross on an empty point, a-z
//   a letter on an empty point, _ a point outside the board (read as empty: SGF cannot leave a
//   point out), and the wiki's pattern-search marks ? (any point), A (black or empty), V (white
//   or empty), * (black or white), read as empty points. Any other character is an error (with
//   its line and column) rather than a guess, so that a typo does not silently change the
//   position.
// - Edges: | + - are all edge characters (the wiki treats them alike). A line made only of them
//   (with at least one -) above the first row is the top edge, below the last row the bottom
//   edge; one between rows is an error. An edge character at the start of a row is the left
//   edge, at its end the right edge (a row that lacks it, where the others have it, is accepted);
//   one inside a row is an error. Rows must have the same number of points.
// - Board and placement: all four edges: the diagram is the whole board. Otherwise a side with
//   both its edges is as long as the diagram; the other is the header's size, or if the header
//   has none, the length of the bounded side (a square board: the top half of a 9x9 shows its
//   left and right edges) or 19 when neither side is bounded; in any case at least as long as
//   the diagram (as on the wiki). The part shown lies against the edges it has; on an axis with
//   no edge it is centred, rounding towards the top and left (as the wiki's SGF export does).
//   So a diagram without edges is the middle of a 19x19.
// - Numbers: 1-9 and 0 (10), each at most once; odd ones are the header's player's. With m, the
//   move labelled 1 is game move m. The wiki's way to show a move played where an earlier one
//   stood (a ko retaken) is the title, "Ko (5 at 1)": such "N at M" (game numbers; M on the
//   board, N not) adds move N at M's point, as the wiki's SGF export does. In 'setup' SGF such a
//   move is left out (its point shows the earlier stone, as in the drawing).

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MAX_SIZE = 52;

// Stone and mark of each marked point character.
const MARKED = {
  B: ['black', 'circles'], W: ['white', 'circles'], C: [null, 'circles'],
  '#': ['black', 'squares'], '@': ['white', 'squares'], S: [null, 'squares'],
  Y: ['black', 'triangles'], Q: ['white', 'triangles'], T: [null, 'triangles'],
  Z: ['black', 'crosses'], P: ['white', 'crosses'], M: [null, 'crosses'],
};
const EMPTY = new Set(['.', ',', '_', '?', 'A', 'V', '*']);
const EDGE = new Set(['|', '+', '-']);
const SGF_MARKS = [['circles', 'CR'], ['squares', 'SQ'], ['triangles', 'TR'], ['crosses', 'MA']];

// $$, after optional spaces and > quote marks (a diagram quoted in a wiki page).
const PREFIX = /^\s*(?:>\s*)*\$\$/;
const HEADER = /^([BW])?(c)?(\d+)?(?:m(\d+))?(.*)$/s;

function diagramError(message, line, column) {
  const where = line ? ` (line ${line}${column ? `, column ${column}` : ''})` : '';
  const e = new Error(`diagram: ${message}${where}`);
  e.code = 'diagram';
  if (line) e.line = line;
  return e;
}

/** Whether `text` is a Sensei's Library diagram: its first non-blank line starts with $$. */
export function isDiagram(text) {
  const first = String(text ?? '').split(/\r\n|\r|\n/).find((l) => l.trim() !== '');
  return first !== undefined && PREFIX.test(first);
}

/** The $$ lines of the first diagram in `text`: { rest (after $$), col (of rest, 1-based), n }. */
function diagramLines(text) {
  const out = [];
  String(text ?? '').split(/\r\n|\r|\n/).some((line, i) => {
    const m = PREFIX.exec(line);
    if (m) out.push({ rest: line.slice(m[0].length), col: m[0].length + 1, n: i + 1 });
    // Blank lines inside the diagram are skipped; another line ends it.
    return !m && out.length > 0 && line.trim() !== '';
  });
  return out;
}

const isEdgeLine = (s) => /^[-+|]+$/.test(s) && s.includes('-');
const isMeta = (s) => /^[[{]/.test(s) || /^(AR|LN)(\s|$)/.test(s);

/** A board row: its points (edge characters at the ends taken off) and which edges it has. */
function readRow(rest, col, n) {
  const cells = [];
  let c = col;
  for (const ch of rest) {
    if (!/\s/.test(ch)) cells.push({ ch, col: c });
    c += 1;
  }
  const left = cells.length > 0 && EDGE.has(cells[0].ch);
  if (left) cells.shift();
  const right = cells.length > 0 && EDGE.has(cells[cells.length - 1].ch);
  if (right) cells.pop();
  const inner = cells.find((x) => EDGE.has(x.ch));
  if (inner) throw diagramError(`an edge character "${inner.ch}" inside a row`, n, inner.col);
  if (!cells.length) throw diagramError('a row without points', n);
  return { cells, left, right, n };
}

/**
 * Reads a Sensei's Library diagram (see the top of the file for the result and the format).
 * @param {string} text
 */
export function parseDiagram(text) {
  const lines = diagramLines(text);
  if (!lines.length) throw diagramError('no $$ lines: a diagram\'s lines start with $$');

  // The header, unless the first line is already part of the board.
  const first = lines[0];
  const firstText = first.rest.trim();
  const headerless = /^[|+]/.test(firstText) || isEdgeLine(firstText.replace(/\s+/g, ''));
  const [, who, coords, sizeText, moveText, title] = headerless ? [] : HEADER.exec(first.rest);
  const size = sizeText === undefined ? null : Number(sizeText);
  if (size !== null && !(size >= 1 && size <= MAX_SIZE)) {
    throw diagramError(`the board size is ${sizeText}; it must be from 1 to ${MAX_SIZE}`, first.n);
  }

  // The board: edge lines and rows.
  const items = [];
  for (const line of headerless ? lines : lines.slice(1)) {
    const t = line.rest.trim();
    if (t === '' || isMeta(t)) continue;
    if (isEdgeLine(t.replace(/\s+/g, ''))) items.push({ edge: true, n: line.n });
    else items.push(readRow(line.rest, line.col, line.n));
  }
  const firstRow = items.findIndex((it) => !it.edge);
  if (firstRow < 0) throw diagramError('no board rows after the header', first.n);
  let lastRow = items.length - 1;
  while (items[lastRow].edge) lastRow -= 1;
  const between = items.slice(firstRow, lastRow + 1).find((it) => it.edge);
  if (between) throw diagramError('an edge line between board rows', between.n);
  const rows = items.slice(firstRow, lastRow + 1);
  const top = firstRow > 0;
  const bottom = lastRow < items.length - 1;
  const left = rows.some((r) => r.left);
  const right = rows.some((r) => r.right);
  const cols = rows[0].cells.length;
  const ragged = rows.find((r) => r.cells.length !== cols);
  if (ragged) {
    throw diagramError(`a row of ${ragged.cells.length} points where the first row (line ${rows[0].n}) has ${cols}`, ragged.n);
  }
  const nrows = rows.length;

  // The board's size and where the diagram lies on it.
  const fixedWidth = left && right ? cols : null;
  const fixedHeight = top && bottom ? nrows : null;
  const width = fixedWidth ?? Math.max(size ?? fixedHeight ?? 19, cols);
  const height = fixedHeight ?? Math.max(size ?? fixedWidth ?? 19, nrows);
  if (width > MAX_SIZE || height > MAX_SIZE) {
    throw diagramError(`a board of ${width}x${height} is larger than ${MAX_SIZE}x${MAX_SIZE}`, rows[0].n);
  }
  const x0 = left ? 0 : right ? width - cols : Math.floor((width - cols) / 2);
  const y0 = top ? 0 : bottom ? height - nrows : Math.floor((height - nrows) / 2);
  const whole = cols === width && nrows === height;
  const firstPlayer = who === 'W' ? 'white' : 'black';
  const second = firstPlayer === 'black' ? 'white' : 'black';
  const firstMoveNumber = moveText === undefined ? 1 : Math.max(1, Number(moveText));

  const d = {
    width,
    height,
    region: whole ? null : { x0, y0, x1: x0 + cols - 1, y1: y0 + nrows - 1 },
    firstPlayer,
    coordinates: coords === 'c',
    firstMoveNumber,
    title: (title ?? '').trim(),
    stones: { black: [], white: [] },
    moves: [],
    marks: { circles: [], squares: [], triangles: [], crosses: [] },
    labels: [],
  };
  const numbered = new Map(); // number -> point
  const playerOf = (number) => (number % 2 === 1 ? firstPlayer : second);
  rows.forEach((row, y) => row.cells.forEach(({ ch, col }, x) => {
    const point = [x0 + x, y0 + y];
    if (ch === 'X') d.stones.black.push(point);
    else if (ch === 'O') d.stones.white.push(point);
    else if (EMPTY.has(ch)) { /* an empty point */ } else if (ch >= '0' && ch <= '9') {
      const number = ch === '0' ? 10 : Number(ch);
      if (numbered.has(number)) throw diagramError(`move ${ch} is on the board twice`, row.n, col);
      numbered.set(number, point);
      d.moves.push({ number, player: playerOf(number), point });
    } else if (MARKED[ch]) {
      const [stone, mark] = MARKED[ch];
      if (stone) d.stones[stone].push(point);
      d.marks[mark].push(point);
    } else if (ch >= 'a' && ch <= 'z') {
      d.labels.push({ point, text: ch });
    } else {
      throw diagramError(`"${ch}" is not a point of a diagram`, row.n, col);
    }
  }));

  // "N at M" in the title: move N played where move M was (game numbers).
  const offset = firstMoveNumber - 1;
  for (const m of d.title.matchAll(/(?<!\d)(\d{1,4})\s+at\s+[BW]?(\d{1,4})(?!\d)/g)) {
    const number = Number(m[1]) - offset;
    const at = numbered.get(Number(m[2]) - offset);
    if (number < 1 || number > 99 || numbered.has(number) || !at) continue;
    numbered.set(number, at);
    d.moves.push({ number, player: playerOf(number), point: at });
  }
  d.moves.sort((a, b) => a.number - b.number);
  return d;
}

/** The SGF point of [x, y]: column letter, then row letter. */
const sgfPoint = ([x, y]) => LETTERS[x] + LETTERS[y];
const sgfList = (points) => points.map((p) => `[${sgfPoint(p)}]`).join('');
const sgfText = (s) => String(s).replace(/[\\\]]/g, (c) => `\\${c}`);
const colour = (player) => (player === 'black' ? 'B' : 'W');

/** The marks and letters of a diagram as SGF properties (CR SQ TR MA LB), extra labels last. */
function markup(d, extraLabels = []) {
  let s = '';
  for (const [kind, id] of SGF_MARKS) if (d.marks[kind].length) s += id + sgfList(d.marks[kind]);
  const labels = [...d.labels, ...extraLabels];
  if (labels.length) s += `LB${labels.map((l) => `[${sgfPoint(l.point)}:${sgfText(l.text)}]`).join('')}`;
  return s;
}

/**
 * The diagram as SGF (see the top of the file).
 * @param {object|string} diagram a result of parseDiagram, or diagram text
 * @param {{ moves?: 'play' | 'setup' }} [options]
 */
export function diagramToSgf(diagram, { moves = 'play' } = {}) {
  if (moves !== 'play' && moves !== 'setup') throw new TypeError(`moves must be 'play' or 'setup', not ${moves}`);
  const d = typeof diagram === 'string' ? parseDiagram(diagram) : diagram;
  const gameNumber = (m) => d.firstMoveNumber + m.number - 1;
  const black = [...d.stones.black];
  const white = [...d.stones.white];
  const numberLabels = [];
  let toPlay = d.moves.length ? d.moves[0].player : d.firstPlayer;
  if (moves === 'setup') {
    const taken = new Set();
    for (const m of d.moves) {
      const key = sgfPoint(m.point);
      if (taken.has(key)) continue; // "N at M": the drawing shows M there
      taken.add(key);
      (m.player === 'black' ? black : white).push(m.point);
      numberLabels.push({ point: m.point, text: String(gameNumber(m)) });
    }
    if (d.moves.length) toPlay = d.moves[d.moves.length - 1].player === 'black' ? 'white' : 'black';
  }

  let root = `;FF[4]GM[1]CA[UTF-8]SZ[${d.width === d.height ? d.width : `${d.width}:${d.height}`}]`;
  if (d.title) root += `GN[${sgfText(d.title)}]`;
  if (d.region) root += `VW[${sgfPoint([d.region.x0, d.region.y0])}:${sgfPoint([d.region.x1, d.region.y1])}]`;
  if (black.length) root += `AB${sgfList(black)}`;
  if (white.length) root += `AW${sgfList(white)}`;
  root += `PL[${colour(toPlay)}]`;
  root += markup(d, numberLabels);

  const nodes = [root];
  if (moves === 'play') {
    d.moves.forEach((m, i) => {
      let node = `;${colour(m.player)}[${sgfPoint(m.point)}]MN[${gameNumber(m)}]`;
      if (i === d.moves.length - 1) node += markup(d);
      nodes.push(node);
    });
  }
  return `(${nodes.join('\n')})\n`;
}
