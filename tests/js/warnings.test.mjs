// The count's warnings (dead marks that contradict J89 Art. 7) and the point kinds of seki
// liberties and protective fills, through the built package: the false eyes, seki and unmarked stones of the life-and-death cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, FAMILY_3, diagramSgf as sgf } from './load.mjs';

const { Game } = await load();

/** The diagram's position with play stopped (two passes) and the lower-case x and o marked dead. */
function stopped(rows, rules = 'japanese-1989') {
  const g = Game.fromSgf(sgf(rows), { rules });
  g.pass();
  assert.equal(g.pass(), true, 'two passes stop play');
  rows.forEach((row, y) => [...row.replace(/ /g, '')].forEach((c, x) => {
    if ((c === 'x' || c === 'o') && !g.score().dead.some(([a, b]) => a === x && b === y)) g.markDead(x, y);
  }));
  return g;
}

const kindAt = (s, width, x, y) => s.kindNames[s.kinds[y * width + x]];

// The white stone `c` of FAMILY_3 (J6), which nobody marked.
const C = [8, 3];
// The points whose count marking `c` may change: the stone and the empty points of its region.
const C_REGION = [[8, 3], [7, 3], [7, 4], [8, 4]];

// False eyes; the points marked `a` must be filled by Black.
const FAMILY_1 = [
  '. . . . . . . . .',
  'X X X X a X X . .',
  '. O X O X O X . .',
  'O . O O . O X . .',
  '. . O O O O X . X',
  '. . . O . X a X a',
  '. . . . O O X O X',
  '. . . O . O . O X',
  '. . . . . O O O .',
];

// A seki with one shared liberty, (2, 0), above two independently alive groups.
const SEKI = ['.O.X.', 'OOOXX', 'XXXOO', '.XXO.', 'XXXOO', '.XXO.'];

test('warnings: an unmarked white stone in Black\'s area is capturable (family 3)', () => {
  const g = stopped(FAMILY_3);
  const s = g.score();
  assert.ok(Array.isArray(s.warnings));
  const w = s.warnings.find((x) => x.points.some(([a, b]) => a === C[0] && b === C[1]));
  assert.deepEqual(w, { code: 'capturable', points: [C] }, 'plain objects and arrays');
  assert.equal(Object.getPrototypeOf(w), Object.prototype);
  assert.ok(Array.isArray(w.points[0]));
  assert.ok(s.warnings.every((x) => x.code === 'capturable' && x.points.length > 0));
  // Warnings are in row-major order of their first stone.
  const first = s.warnings.map((x) => x.points[0][1] * 9 + x.points[0][0]);
  assert.deepEqual(first, [...first].sort((a, b) => a - b));
  // Counted as the marks say: the stone stays alive and its region is nobody's (B4 W5 territory).
  assert.equal(kindAt(s, 9, ...C), 'stone');
  assert.equal(s.black.territory, 4);
  assert.equal(s.white.territory, 5);
  g.free();
});

test('warnings: marking the capturable stone dead removes its warning and changes the count only there', () => {
  const g = stopped(FAMILY_3);
  const before = g.score();
  assert.deepEqual(g.markDead(...C), [C]);
  const after = g.score();
  const has = (s) => s.warnings.some((x) => x.points.some(([a, b]) => a === C[0] && b === C[1]));
  assert.equal(has(before), true);
  assert.equal(has(after), false, 'the warning is gone');
  assert.deepEqual(after.warnings, before.warnings.filter((x) => !x.points.some(([a, b]) => a === C[0] && b === C[1])),
    'the other warnings stay as they were');
  const local = new Set(C_REGION.map(([x, y]) => y * 9 + x));
  for (let i = 0; i < 81; i++) {
    if (local.has(i)) continue;
    assert.equal(after.kinds[i], before.kinds[i], `kind of (${i % 9}, ${Math.floor(i / 9)})`);
    assert.equal(after.countsFor[i], before.countsFor[i], `countsFor of (${i % 9}, ${Math.floor(i / 9)})`);
  }
  assert.equal(kindAt(after, 9, ...C), 'dead');
  for (const [x, y] of C_REGION.slice(1)) assert.equal(kindAt(after, 9, x, y), 'territory');
  // Black gains the stone's region (3 points and the dead stone's point) and one prisoner.
  assert.equal(after.black.territory, before.black.territory + 4);
  assert.equal(after.black.prisoners, before.black.prisoners + 1);
  assert.deepEqual(after.white, { ...before.white, stones: before.white.stones - 1 }, 'White\'s count: one live stone less');
  // Toggling it back brings the warning back.
  g.markDead(...C);
  assert.deepEqual(g.score().warnings, before.warnings);
  g.free();
});

test('warnings: under chinese (area) the same capturable stone is reported, and marking it is local', () => {
  const g = stopped(FAMILY_3, 'chinese');
  const before = g.score();
  assert.equal(before.scoring, 'area');
  assert.deepEqual(before.warnings.find((x) => x.points[0][0] === C[0] && x.points[0][1] === C[1]),
    { code: 'capturable', points: [C] });
  g.markDead(...C);
  const after = g.score();
  assert.ok(!after.warnings.some((x) => x.points.some(([a, b]) => a === C[0] && b === C[1])));
  assert.equal(after.black.total, before.black.total + 4);
  assert.equal(after.white.total, before.white.total - 1, 'White loses the stone counted as alive');
  g.free();
});

test('warnings: a black stone marked dead in Black\'s own area is uncapturable', () => {
  // Black's wall on column C, White's on column E; a lone black stone on A3 inside Black's area.
  const rows = ['..X.O..', '..X.O..', 'X.X.O..', '..X.O..', '..X.O..'];
  for (const rules of ['japanese-1989', 'chinese']) {
    const g = stopped(rows, rules);
    const alive = g.score();
    assert.deepEqual(alive.warnings, [], `${rules}: no warning while the stone is alive`);
    assert.deepEqual(g.markDead(0, 2), [[0, 2]]);
    const s = g.score();
    assert.deepEqual(s.warnings, [{ code: 'uncapturable', points: [[0, 2]] }], rules);
    assert.deepEqual(s.dead, [[0, 2]], `${rules}: counted as marked`);
    assert.equal(s.white.territory, alive.white.territory, `${rules}: White's area is not touched`);
    assert.equal(s.white.stones, alive.white.stones);
    g.markDead(0, 2);
    assert.deepEqual(g.score().warnings, [], `${rules}: marked alive again, no warning`);
    g.free();
  }
});

test('warnings: none in an ordinary game, nor where the board is counted as it stands', () => {
  // Black's wall on column B, White's on column D, a white stone inside Black's area (A3).
  const moves = [[1, 0], [3, 0], [1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3], [1, 4], [3, 4], [2, 2], [0, 2]];
  for (const rules of ['japanese-1989', 'wagc-1979', 'basic', 'chinese', 'aga', 'new-zealand']) {
    const g = new Game({ size: 5, rules });
    assert.deepEqual(g.score().warnings, [], `${rules}: an empty board`);
    for (const [x, y] of moves) g.place(x, y);
    g.pass();
    g.pass();
    assert.deepEqual(g.score().warnings, [{ code: 'capturable', points: [[0, 2]] }], `${rules}: before marking`);
    g.markDead(0, 2);
    assert.deepEqual(g.score().warnings, [], `${rules}: the dead stone marked`);
    g.finish();
    assert.equal(g.phase, 'finished');
    assert.deepEqual(g.score().warnings, [], `${rules}: finished`);
    g.free();
  }
  for (const rules of ['simple', 'tromp-taylor']) {
    const g = new Game({ size: 5, rules });
    for (const [x, y] of moves) g.place(x, y);
    g.pass();
    g.pass();
    assert.equal(g.phase, 'finished', `${rules}: two passes end the game`);
    assert.deepEqual(g.score().warnings, [], `${rules}: no dead marks, no warnings`);
    g.free();
  }
});

test('kinds: the new kind names come after the old ones in kindNames', () => {
  const s = new Game({ size: 9 }).score();
  assert.deepEqual(s.kindNames, ['dame', 'territory', 'sekiEye', 'stone', 'sekiStone', 'dead', 'deadStays', 'sekiLiberty', 'protectiveFill']);
});

test('kinds: the shared liberty of a seki is sekiLiberty (territory counting)', () => {
  const g = stopped(SEKI);
  const s = g.score();
  assert.equal(kindAt(s, 5, 2, 0), 'sekiLiberty');
  assert.equal(s.countsFor[2], 0, 'counts for nobody');
  assert.equal(s.kinds.filter((k) => s.kindNames[k] === 'sekiLiberty').length, 1, 'the only one');
  assert.equal(kindAt(s, 5, 0, 0), 'sekiEye');
  assert.equal(kindAt(s, 5, 4, 0), 'sekiEye');
  for (const [x, y] of [[1, 0], [0, 1], [1, 1], [2, 1], [3, 0], [3, 1], [4, 1]]) {
    assert.equal(kindAt(s, 5, x, y), 'sekiStone', `(${x}, ${y})`);
  }
  for (const [x, y, c] of [[0, 3, 1], [0, 5, 1], [4, 3, -1], [4, 5, -1]]) {
    assert.equal(kindAt(s, 5, x, y), 'territory', `the eyes below the seki are territory: (${x}, ${y})`);
    assert.equal(s.countsFor[y * 5 + x], c);
  }
  assert.deepEqual(s.warnings, []);
  g.free();
});

test('kinds: the false eyes of family 1 are protectiveFill, Black\'s but counted for nobody', () => {
  const g = stopped(FAMILY_1);
  const s = g.score();
  const fills = [];
  for (let i = 0; i < 81; i++) if (s.kindNames[s.kinds[i]] === 'protectiveFill') fills.push([i % 9, Math.floor(i / 9)]);
  assert.deepEqual(fills, [[4, 1], [6, 5], [8, 5]], 'exactly the points marked a');
  for (const [x, y] of fills) {
    assert.equal(s.ownership[y * 9 + x], 1, `(${x}, ${y}) is inside Black's area`);
    assert.equal(s.countsFor[y * 9 + x], 0, `(${x}, ${y}) counts for nobody`);
  }
  assert.deepEqual(s.warnings, []);
  // Under area counting filling one's own point costs nothing: they are territory there.
  const area = stopped(FAMILY_1, 'chinese').score();
  for (const [x, y] of fills) assert.equal(kindAt(area, 9, x, y), 'territory');
  g.free();
});
