// TEMPORARY: the page's (www/app.js) own SGF reading, until it switches to the engine's
// `game.moveNumbers()` (the numbers on the stones) and `game.setInfo()` (the game information in
// the root). Only app.js may import this module; <tengen-board> reads every record with the
// engine (Game.fromSgf, game.node) and imports none of it. Delete it, and lib/record.js, once
// app.js no longer imports them.
//
//   parseSgf(text)      -> [root, ...]: a node is { props: { ID: [values] }, children: [node] }
//   setRootProps(text, { PB: 'name', EV: null }, index?) -> text with a root's properties set
//   numberLabels(nodes, board, w, h) -> [{ point, text }]: the move numbers on the stones

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** An error of the reader: code 'sgf', with the offset in the text. */
function sgfError(message, offset) {
  const e = new Error(`sgf: ${message} (at character ${offset})`);
  e.code = 'sgf';
  e.offset = offset;
  return e;
}

/**
 * Reads SGF text into its game trees. Lenient where records in the wild are: text before the
 * first '(' is skipped, property identifiers in lower case letters (FF[3]) keep only their
 * capitals, a missing final ')' is accepted. A value without its closing ']' is an error.
 */
export function parseSgf(text) {
  const s = String(text);
  const n = s.length;
  let i = s.indexOf('(');
  if (i < 0) throw sgfError('no game tree (a record starts with "(;")', 0);
  const roots = [];
  // stack of { node (last node of the current sequence), parentOfSeq }
  const stack = [];
  let current = null; // the last node read in the current sequence
  let owner = null; // where the next node goes: a parent node, or null for a new root
  while (i < n) {
    const c = s[i];
    if (c === '(') {
      stack.push({ current, owner });
      owner = current;
      current = null;
      i++;
    } else if (c === ')') {
      if (!stack.length) break;
      ({ current, owner } = stack.pop());
      i++;
    } else if (c === ';') {
      if (!stack.length) {
        i++; // a node after the last game tree: ignored
        continue;
      }
      const node = { props: Object.create(null), children: [] };
      if (current) current.children.push(node);
      else if (owner) owner.children.push(node);
      else if (stack.length === 1) roots.push(node);
      else throw sgfError('a node outside a game tree', i);
      current = node;
      i++;
      // Properties of the node.
      for (;;) {
        while (i < n && /\s/.test(s[i])) i++;
        const start = i;
        let id = '';
        while (i < n && /[A-Za-z]/.test(s[i])) {
          if (s[i] >= 'A' && s[i] <= 'Z') id += s[i];
          i++;
        }
        if (i === start) break;
        while (i < n && /\s/.test(s[i])) i++;
        if (s[i] !== '[') throw sgfError(`property ${id || s.slice(start, i)} without a value`, i);
        const values = node.props[id] || [];
        while (s[i] === '[') {
          i++;
          let v = '';
          for (;;) {
            if (i >= n) throw sgfError('a value without its closing "]"', i);
            const d = s[i];
            if (d === '\\') {
              // An escaped character; a backslash before a line break joins the lines (soft break).
              const e = s[i + 1];
              if (e === '\r' || e === '\n') {
                i += 2;
                if ((s[i] === '\n' || s[i] === '\r') && s[i] !== e) i++;
              } else {
                v += e ?? '';
                i += 2;
              }
            } else if (d === ']') {
              i++;
              break;
            } else {
              v += d;
              i++;
            }
          }
          values.push(v);
          while (i < n && /\s/.test(s[i])) i++;
        }
        if (id) node.props[id] = values;
      }
    } else {
      i++;
    }
  }
  if (!roots.length) throw sgfError('no node (a record starts with "(;")', 0);
  return roots;
}

const escape = (v) => String(v).replace(/[\\\]]/g, (m) => `\\${m}`);

/** The offset of the '(' of game tree `index` of SGF text (values skipped), or -1. */
function gameTreeStart(s, index) {
  let depth = 0;
  let n = -1;
  for (let j = 0; j < s.length; j++) {
    const c = s[j];
    if (c === '[') {
      j++;
      while (j < s.length && s[j] !== ']') j += s[j] === '\\' ? 2 : 1;
    } else if (c === '(') {
      if (depth === 0 && ++n === index) return j;
      depth++;
    } else if (c === ')') {
      depth = Math.max(0, depth - 1);
    }
  }
  return -1;
}

/**
 * The text of a record with properties of a root node set (of game tree `index` of a
 * collection, the first by default): `props` maps identifiers to a value (a string, written
 * escaped) or to null or '' (the property removed). The rest of the text is kept as it is, byte
 * for byte, so that this costs one pass over the text before that root node and over the node.
 * The app keeps the game information (PB PW BR WR DT EV) this way, on top of what the engine
 * writes. Text with no such root node is returned as it is.
 */
export function setRootProps(text, props, index = 0) {
  const s = String(text);
  const open = index === 0 ? s.indexOf('(') : gameTreeStart(s, index);
  const semi = open < 0 ? -1 : s.indexOf(';', open);
  if (semi < 0 || s.slice(open + 1, semi).trim()) return s;
  const kept = [];
  let i = semi + 1;
  for (;;) {
    let j = i;
    while (j < s.length && /\s/.test(s[j])) j++;
    const start = j;
    let id = '';
    while (j < s.length && /[A-Za-z]/.test(s[j])) {
      if (s[j] >= 'A' && s[j] <= 'Z') id += s[j];
      j++;
    }
    if (j === start) break;
    while (j < s.length && /\s/.test(s[j])) j++;
    if (s[j] !== '[') return s; // not a record this can edit safely
    while (s[j] === '[') {
      j++;
      while (j < s.length && s[j] !== ']') j += s[j] === '\\' ? 2 : 1;
      if (j >= s.length) return s;
      j++;
      const k = j;
      while (j < s.length && /\s/.test(s[j])) j++;
      if (s[j] !== '[') j = k;
    }
    if (!Object.hasOwn(props, id)) kept.push(s.slice(start, j));
    i = j;
  }
  for (const [id, v] of Object.entries(props)) {
    if (v != null && v !== '') kept.push(`${id}[${escape(v)}]`);
  }
  return `${s.slice(0, semi + 1)}${kept.join('')}${s.slice(i)}`;
}

/** A point 'cd' as [x, y]; null for a pass ('' or 'tt' on boards up to 19x19) or a bad value. */
function toPoint(v, width, height) {
  if (v === '' || (v === 'tt' && width <= 19 && height <= 19)) return null;
  if (v.length !== 2) return undefined;
  const x = LETTERS.indexOf(v[0]);
  const y = LETTERS.indexOf(v[1]);
  if (x < 0 || y < 0 || x >= width || y >= height) return undefined;
  return [x, y];
}

/** The move of a node: { player, point } (point null for a pass), or null. */
function nodeMove(node, width, height) {
  for (const [id, player] of [['B', 'black'], ['W', 'white']]) {
    const v = node.props[id];
    if (v) {
      const point = toPoint(v[0] ?? '', width, height);
      if (point === undefined) return null;
      return { player, point };
    }
  }
  return null;
}

/**
 * The move numbers to draw: for each point whose stone is still the one a move of `nodes` (a
 * path from the root) put there, that move's number (MN sets a node's number, SGF FF[4]).
 */
export function numberLabels(nodes, board, width, height) {
  const at = new Map();
  let n = 0;
  for (const node of nodes) {
    const m = nodeMove(node, width, height);
    if (!m) continue;
    const mn = Number(node.props.MN?.[0]);
    n = Number.isInteger(mn) && mn > 0 ? mn : n + 1;
    if (m.point) at.set(m.point[1] * width + m.point[0], { n, color: m.player === 'black' ? 1 : -1 });
  }
  const labels = [];
  for (const [i, { n: k, color }] of at) {
    if (board[i] === color) labels.push({ point: [i % width, Math.floor(i / width)], text: String(k) });
  }
  return labels;
}
