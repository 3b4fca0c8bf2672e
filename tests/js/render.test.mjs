// The board renderer (www/lib/render.js) drawing into a recording 2D context, in Node: what it
// draws on a dead stone of the count (its rim and a cross, no territory square) against a point
// of territory, and a mark on a numbered stone (larger than elsewhere, with the number drawn
// after it over a halo of the stone's colour).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoardRenderer, OVERLAY } from '../../www/lib/render.js';

/**
 * A 2D context that records every call (with the style in force) and every property set; `ops`
 * is the list, in order: ['set', name, value] or [method, ...args, state].
 */
function recordingContext() {
  const ops = [];
  const state = {};
  const ctx = new Proxy({}, {
    get(_, k) {
      if (k in state) return state[k];
      if (k === 'measureText') return (s) => ({ width: String(s).length * 6 });
      if (k === 'createRadialGradient') return () => ({ addColorStop() {} });
      return (...args) => { ops.push([k, ...args, { ...state }]); };
    },
    set(_, k, v) {
      state[k] = v;
      ops.push(['set', k, v]);
      return true;
    },
  });
  return { ctx, ops };
}

const SIZE = 190; // CSS pixels, at a device pixel ratio of 1

/** A renderer on a fake canvas of SIZE x SIZE, with the drawing calls recorded. */
function renderer() {
  globalThis.window ??= { addEventListener() {}, devicePixelRatio: 1 };
  const { ctx, ops } = recordingContext();
  const canvas = {
    width: 0, height: 0, style: {},
    getContext: () => ctx,
    addEventListener() {},
    getBoundingClientRect: () => ({ left: 0, top: 0, width: SIZE, height: SIZE }),
  };
  const r = new BoardRenderer(canvas);
  return { r, ops };
}

/** A 5x5 view without coordinates: `stones` as [x, y, colour], the rest as given. */
function view(stones, rest = {}) {
  const v = {
    width: 5, height: 5, stones: new Int8Array(25), lastMove: null, koPoint: null, overlay: null, owner: null,
    ownership: null, faded: null, attention: null, ghost: null, cursor: null, coordinates: false, markup: null,
    variations: null, region: null, ...rest,
  };
  for (const [x, y, c] of stones) v.stones[y * 5 + x] = c;
  return v;
}

/**
 * The shapes drawn: each path (from beginPath to its stroke or fill) with the points and arcs
 * it holds and the style in force, and each rectangle and text drawn directly.
 */
function shapes(ops) {
  const out = [];
  let path = null;
  ops.forEach((op, index) => {
    const [name, ...args] = op;
    const st = args[args.length - 1];
    if (name === 'beginPath') path = { points: [], arcs: [], rects: [] };
    else if (path && (name === 'moveTo' || name === 'lineTo')) path.points.push(args.slice(0, 2));
    else if (path && name === 'arc') path.arcs.push(args.slice(0, 3));
    else if (path && name === 'rect') path.rects.push(args.slice(0, 4));
    else if (path && (name === 'stroke' || name === 'fill')) {
      out.push({ kind: name, ...path, style: name === 'stroke' ? st.strokeStyle : st.fillStyle, lineWidth: st.lineWidth, index });
    } else if (name === 'fillRect' || name === 'strokeRect') out.push({ kind: name, rect: args.slice(0, 4), style: name === 'fillRect' ? st.fillStyle : st.strokeStyle, index });
    else if (name === 'fillText' || name === 'strokeText') out.push({ kind: name, text: args[0], at: args.slice(1, 3), style: name === 'fillText' ? st.fillStyle : st.strokeStyle, lineWidth: st.lineWidth, font: st.font, index });
  });
  return out;
}

/** Whether a shape lies around (cx, cy), within `d` pixels. */
function near(s, cx, cy, d) {
  const pts = [...(s.points || []), ...(s.arcs || []).map((a) => a.slice(0, 2)), ...(s.at ? [s.at] : [])];
  const rects = [...(s.rects || []), ...(s.rect ? [s.rect] : [])].map(([x, y, w, h]) => [x + w / 2, y + h / 2]);
  const all = [...pts, ...rects];
  return all.length > 0 && all.every(([x, y]) => Math.abs(x - cx) <= d && Math.abs(y - cy) <= d);
}

/** An X: two strokes through the centre, corner to corner. */
function isCross(s, cx, cy) {
  if (s.kind !== 'stroke' || s.points.length !== 4 || s.arcs.length) return false;
  const [a, b, c, d] = s.points;
  const through = (p, q) => Math.abs((p[0] + q[0]) / 2 - cx) < 0.5 && Math.abs((p[1] + q[1]) / 2 - cy) < 0.5;
  return through(a, b) && through(c, d) && a[0] !== b[0] && a[1] !== b[1];
}

test('a dead stone of the count: its rim and a cross, not the territory square of the point beside it', () => {
  const { r, ops } = renderer();
  // A black stone dead in White's territory at (2, 2); White's territory at (3, 3).
  const v = view([[2, 2, 1], [1, 1, -1]]);
  v.overlay = new Int8Array(25);
  v.owner = new Int8Array(25);
  v.overlay[2 * 5 + 2] = OVERLAY.DEAD;
  v.owner[2 * 5 + 2] = -1;
  v.overlay[3 * 5 + 3] = OVERLAY.TERRITORY;
  v.owner[3 * 5 + 3] = -1;
  r.draw(v);
  const g = r.geo;
  assert.ok(g, 'laid out');
  const R = g.cell * 0.48;
  const all = shapes(ops);
  const at = (x, y) => {
    const c = r.pointCenter(x, y);
    return all.filter((s) => near(s, c.x, c.y, g.cell / 2));
  };
  const dead = at(2, 2);
  const territory = at(3, 3);
  const c = r.pointCenter(2, 2);

  // The territory point: a filled square (the mark of territory).
  assert.ok(territory.some((s) => s.kind === 'fillRect'), 'territory: a filled square');
  // The dead stone: no such square, but a full rim and a cross.
  assert.ok(!dead.some((s) => s.kind === 'fillRect'), 'a dead stone is not marked as territory is');
  const rim = dead.find((s) => s.kind === 'stroke' && s.arcs.length === 1 && s.arcs[0][2] > R * 0.8);
  assert.ok(rim, 'a dead stone keeps its rim');
  const cross = dead.find((s) => isCross(s, c.x, c.y));
  assert.ok(cross, 'a dead stone is crossed out');
  assert.equal(cross.style, '#fff', 'on a (faded) black stone the cross is white');
  const arm = Math.abs(cross.points[1][0] - cross.points[0][0]) / 2;
  assert.ok(arm >= R * 0.35, `the cross spans most of the stone (${arm} of ${R})`);
  // And the cross comes after the stone, so that it shows on it.
  const stoneFill = dead.find((s) => s.kind === 'fill' && s.arcs.some((a) => Math.abs(a[2] - R) < 0.01));
  assert.ok(stoneFill && stoneFill.index < cross.index);
});

test('a dead white stone is crossed out in black; one that stays on the board, in red', () => {
  const { r, ops } = renderer();
  const v = view([[1, 1, -1], [3, 3, -1]]);
  v.overlay = new Int8Array(25);
  v.owner = new Int8Array(25);
  v.overlay[1 * 5 + 1] = OVERLAY.DEAD;
  v.owner[1 * 5 + 1] = 1;
  v.overlay[3 * 5 + 3] = OVERLAY.DEAD_STAYS;
  r.draw(v);
  const all = shapes(ops);
  const crossAt = (x, y) => {
    const c = r.pointCenter(x, y);
    return all.find((s) => isCross(s, c.x, c.y));
  };
  assert.equal(crossAt(1, 1)?.style, '#000');
  assert.equal(crossAt(3, 3)?.style, '#b3261e');
});

for (const [kind, mark] of [['triangles', 'triangle'], ['squares', 'square'], ['circles', 'circle'], ['crosses', 'cross']]) {
  test(`a ${mark} on a numbered stone: the number after it, over a halo, and the ${mark} around it`, () => {
    const { r, ops } = renderer();
    // A black stone numbered 7 with the mark, and an unnumbered white stone with the same mark.
    const v = view([[2, 2, 1], [0, 0, -1]], {
      markup: { triangles: [], squares: [], circles: [], crosses: [], [kind]: [[2, 2], [0, 0]], labels: [{ point: [2, 2], text: '7' }] },
    });
    r.draw(v);
    const g = r.geo;
    const all = shapes(ops);
    const c = r.pointCenter(2, 2);
    const c0 = r.pointCenter(0, 0);
    // A mark is stroked in black or white (a white stone's own edge is grey).
    const markOn = (p) => all.find((s) => s.kind === 'stroke' && ['#000000', '#ffffff'].includes(s.style) && near(s, p.x, p.y, g.cell / 2));
    const numbered = markOn(c);
    const plain = markOn(c0);
    const fill = all.find((s) => s.kind === 'fillText' && s.text === '7');
    const halo = all.find((s) => s.kind === 'strokeText' && s.text === '7');
    assert.ok(numbered && plain && fill, 'both marks and the number are drawn');
    assert.ok(fill.index > numbered.index, 'the number is drawn after the mark');
    assert.equal(fill.style, '#ffffff', 'white on the black stone');
    // The halo: the number stroked in the stone's colour just before it is filled, wide enough
    // to cut the mark's lines away from its strokes.
    assert.ok(halo && halo.index < fill.index && halo.index > numbered.index, 'a halo between the mark and the number');
    assert.equal(halo.style, '#151515', 'the halo is the black stone\'s colour');
    assert.ok(halo.lineWidth >= numbered.lineWidth * 1.5, `the halo (${halo.lineWidth}) is wider than the mark's line (${numbered.lineWidth})`);
    // The mark rings the number: larger than the same mark on a stone without a number.
    const extent = (s, p) => Math.max(...[...s.points, ...s.arcs.map((a) => [a[0] + a[2], a[1]]),
      ...s.rects.map(([x, y]) => [x, y])].map(([x, y]) => Math.max(Math.abs(x - p.x), Math.abs(y - p.y))));
    assert.ok(extent(numbered, c) > extent(plain, c0) * 1.3, `the mark is larger around a number (${extent(numbered, c)} against ${extent(plain, c0)})`);
  });
}

test('selected points: the cell tinted and framed just outside the stone, on either colour', () => {
  const { r, ops } = renderer();
  r.draw(view([[1, 1, 1], [3, 3, -1]], { markup: { selected: [[1, 1], [3, 3], [2, 4]] } }));
  const g = r.geo;
  const all = shapes(ops);
  for (const [x, y] of [[1, 1], [3, 3], [2, 4]]) {
    const c = r.pointCenter(x, y);
    const frame = all.find((s) => s.kind === 'strokeRect' && near(s, c.x, c.y, 1));
    assert.ok(frame, `a frame at ${x},${y}`);
    assert.ok(frame.rect[2] > g.cell * 0.9 && frame.rect[2] <= g.cell, `it frames the cell (${frame.rect[2]} of ${g.cell})`);
    assert.ok(all.some((s) => s.kind === 'fillRect' && near(s, c.x, c.y, 1) && s.index < frame.index), 'and a tint under it');
  }
});

test('dimmed points: a stone drawn faded, an empty point veiled in the board\'s colour', () => {
  const { r, ops } = renderer();
  r.draw(view([[1, 1, 1], [3, 3, 1]], { markup: { dimmed: [[1, 1], [2, 2]] } }));
  const R = r.geo.cell * 0.48;
  // The alpha in force when each stone is filled.
  const fills = ops.filter((op) => op[0] === 'arc' && Math.abs(op[3] - R) < 0.01).map((op) => [op[1], op[2]]);
  const alphaAt = (x, y) => {
    const c = r.pointCenter(x, y);
    const i = ops.findIndex((op) => op[0] === 'arc' && Math.abs(op[1] - c.x) < 0.01 && Math.abs(op[2] - c.y) < 0.01 && Math.abs(op[3] - R) < 0.01);
    return ops.slice(0, i).filter((op) => op[0] === 'set' && op[1] === 'globalAlpha').pop()?.[2];
  };
  assert.ok(fills.length >= 2);
  assert.ok(alphaAt(1, 1) < 0.6, `the dimmed stone is faded (${alphaAt(1, 1)})`);
  assert.equal(alphaAt(3, 3), 1, 'the other stone is not');
  const c = r.pointCenter(2, 2);
  const veil = ops.findIndex((op) => op[0] === 'fillRect' && Math.abs(op[1] + op[3] / 2 - c.x) < 0.5 && Math.abs(op[2] + op[4] / 2 - c.y) < 0.5);
  assert.ok(veil >= 0, 'the empty dimmed point is veiled');
  assert.ok(ops[veil].at(-1).globalAlpha < 1 && ops[veil].at(-1).fillStyle === '#dcb468', 'translucent, in the board\'s colour');
});

test('lines and arrows: from centre to centre, dark over a halo of the board; an arrow has a head at its end', () => {
  const { r, ops } = renderer();
  r.draw(view([[2, 2, 1]], { markup: { lines: [{ from: [0, 0], to: [4, 0] }], arrows: [{ from: [0, 4], to: [4, 4] }] } }));
  const all = shapes(ops);
  const a = r.pointCenter(0, 0);
  const b = r.pointCenter(4, 0);
  const line = all.filter((s) => s.kind === 'stroke' && s.points.length === 2 && near(s, (a.x + b.x) / 2, a.y, (b.x - a.x) / 2 + 0.5));
  assert.equal(line.length, 2, 'the line: a halo, then the line');
  assert.ok(line[0].lineWidth > line[1].lineWidth && line[0].style === '#dcb468' && line[1].style === '#2b2112');
  const from = r.pointCenter(0, 4);
  const to = r.pointCenter(4, 4);
  const heads = all.filter((s) => s.kind === 'fill' && s.points.some(([x, y]) => Math.abs(x - to.x) < 0.01 && Math.abs(y - to.y) < 0.01));
  assert.equal(heads.length, 2, 'the arrow\'s head, filled over its halo');
  const shaft = heads[1].points.slice(0, 2);
  assert.deepEqual(shaft[0], [from.x, from.y], 'the shaft starts at the centre of its first point');
  assert.ok(shaft[1][0] < to.x, 'and stops at the head');
});
