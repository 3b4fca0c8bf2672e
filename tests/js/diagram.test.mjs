// Sensei's Library diagrams (www/lib/diagram.js): the header, edges and where the part shown lies
// on the board, every point character, numbered moves, pasted text, errors, and the SGF they
// become, read back by a small SGF reader of this file and replayed by the engine.
//
//   cd /work/main && . .tools/env.sh && node --test tests/js/diagram.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDiagram, parseDiagram, diagramToSgf } from '../../www/lib/diagram.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PKG = path.join(ROOT, 'www', 'pkg');

/** Diagram text from its lines. */
const lines = (...rows) => rows.join('\n');

/** A rows x cols block of empty points, with optional characters at [x, y]: { 'x,y': 'X' }. */
function block(cols, rows, at = {}, { left = true, right = true } = {}) {
  const out = [];
  for (let y = 0; y < rows; y++) {
    const cells = [];
    for (let x = 0; x < cols; x++) cells.push(at[`${x},${y}`] ?? '.');
    out.push(`$$ ${left ? '| ' : ''}${cells.join(' ')}${right ? ' |' : ''}`);
  }
  return out;
}
const EDGE = '$$ +' + '-'.repeat(20) + '+';

// ---- a small SGF reader, for these tests only --------------------------------------------------

/**
 * Reads one game tree's main line: [{ ID: [values] }, ...] (the first child at every branch).
 * Strict about what diagramToSgf must write: upper-case identifiers, escaped ] and \.
 */
function readSgf(text) {
  let i = 0;
  const s = String(text);
  const ws = () => { while (i < s.length && /\s/.test(s[i])) i++; };
  const expect = (c) => { ws(); assert.equal(s[i], c, `SGF: "${c}" expected at ${i} in ${s}`); i++; };
  function tree() {
    expect('(');
    const nodes = [];
    ws();
    while (s[i] === ';') {
      i++;
      const node = {};
      ws();
      while (/[A-Z]/.test(s[i] ?? '')) {
        let id = '';
        while (/[A-Z]/.test(s[i])) id += s[i++];
        assert.ok(!(id in node), `SGF: property ${id} twice in a node`);
        node[id] = [];
        ws();
        while (s[i] === '[') {
          i++;
          let v = '';
          while (s[i] !== ']') {
            assert.ok(i < s.length, 'SGF: a value without its ]');
            if (s[i] === '\\') i++;
            v += s[i++];
          }
          i++;
          node[id].push(v);
          ws();
        }
        assert.ok(node[id].length > 0, `SGF: ${id} without a value`);
      }
      nodes.push(node);
      ws();
    }
    const variations = [];
    while (s[i] === '(') variations.push(tree());
    expect(')');
    return [...nodes, ...(variations[0] ?? [])];
  }
  const nodes = tree();
  ws();
  assert.equal(i, s.length, 'SGF: text after the game tree');
  return nodes;
}

const SGF_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** [x, y] of an SGF point, checked to be on a width x height board. */
function point(v, width, height) {
  assert.match(v, /^[a-zA-Z]{2}$/, `SGF point ${v}`);
  const p = [SGF_LETTERS.indexOf(v[0]), SGF_LETTERS.indexOf(v[1])];
  assert.ok(p[0] < width && p[1] < height, `SGF point ${v} off a ${width}x${height} board`);
  return p;
}

// ---- the header ---------------------------------------------------------------------------------

test('the header: player, coordinates, size, first move number and title, in the wiki\'s order', () => {
  const body = ['$$ +---', '$$ | . .'];
  const cases = [
    ['$$', { firstPlayer: 'black', coordinates: false, width: 19, firstMoveNumber: 1, title: '' }],
    ['$$B', { firstPlayer: 'black', coordinates: false, width: 19, firstMoveNumber: 1, title: '' }],
    ['$$W', { firstPlayer: 'white', coordinates: false, width: 19, firstMoveNumber: 1, title: '' }],
    ['$$Bc', { firstPlayer: 'black', coordinates: true, width: 19, firstMoveNumber: 1, title: '' }],
    ['$$c', { firstPlayer: 'black', coordinates: true, width: 19, firstMoveNumber: 1, title: '' }],
    ['$$B13', { firstPlayer: 'black', coordinates: false, width: 13, firstMoveNumber: 1, title: '' }],
    ['$$Wc9m26 Ko fight', { firstPlayer: 'white', coordinates: true, width: 9, firstMoveNumber: 26, title: 'Ko fight' }],
    ['$$Bcm67', { firstPlayer: 'black', coordinates: true, width: 19, firstMoveNumber: 67, title: '' }],
    ['$$m5', { firstPlayer: 'black', coordinates: false, width: 19, firstMoveNumber: 5, title: '' }],
    ['$$m0', { firstPlayer: 'black', coordinates: false, width: 19, firstMoveNumber: 1, title: '' }],
    ['$$   Two eyes  ', { firstPlayer: 'black', coordinates: false, width: 19, firstMoveNumber: 1, title: 'Two eyes' }],
    // The flags only in the wiki's order: after the title has begun, letters are the title.
    ['$$cW', { firstPlayer: 'black', coordinates: true, width: 19, firstMoveNumber: 1, title: 'W' }],
    ['$$Bcorner', { firstPlayer: 'black', coordinates: true, width: 19, firstMoveNumber: 1, title: 'orner' }],
    ['$$ W to play', { firstPlayer: 'black', coordinates: false, width: 19, firstMoveNumber: 1, title: 'W to play' }],
    ['$$ 19 lines', { firstPlayer: 'black', coordinates: false, width: 19, firstMoveNumber: 1, title: '19 lines' }],
  ];
  for (const [header, want] of cases) {
    const d = parseDiagram(lines(header, ...body));
    const got = { firstPlayer: d.firstPlayer, coordinates: d.coordinates, width: d.width, firstMoveNumber: d.firstMoveNumber, title: d.title };
    assert.deepEqual(got, want, header);
  }
});

test('a first line that is a board line is read as the board, after an empty header', () => {
  const d = parseDiagram(lines('$$ +-------+', '$$ | X . O |', '$$ | . . . |', '$$ | . . . |', '$$ +-------+'));
  assert.deepEqual([d.width, d.height, d.region, d.title], [3, 3, null, '']);
  assert.deepEqual(d.stones, { black: [[0, 0]], white: [[2, 0]] });
  const e = parseDiagram(lines('$$ | . X', '$$ | . .', '$$ +----'));
  assert.deepEqual(e.region, { x0: 0, y0: 17, x1: 1, y1: 18 });
});

// ---- placement ------------------------------------------------------------------------------

test('a whole 9x9 board: all four edges, stones, star points', () => {
  const d = parseDiagram(lines(
    '$$B A 9x9 game',
    '$$ +-------------------+',
    '$$ | . . . . . . . . . |',
    '$$ | . . X . . . O . . |',
    '$$ | . . , . . . , . . |',
    '$$ | . . . . . . . . . |',
    '$$ | . . . . , . . . . |',
    '$$ | . . . . . . . . . |',
    '$$ | . . , . . . X . . |',
    '$$ | . . O . . . . . . |',
    '$$ | . . . . . . . . X |',
    '$$ +-------------------+',
  ));
  assert.equal(d.width, 9);
  assert.equal(d.height, 9);
  assert.equal(d.region, null);
  assert.equal(d.title, 'A 9x9 game');
  assert.deepEqual(d.stones.black, [[2, 1], [6, 6], [8, 8]]);
  assert.deepEqual(d.stones.white, [[6, 1], [2, 7]]);
  assert.deepEqual(d.moves, []);
  assert.deepEqual(d.labels, []);
  assert.deepEqual(d.marks, { circles: [], squares: [], triangles: [], crosses: [] });
});

test('placement: corners, sides and the middle of a 19x19, by the edges the diagram shows', () => {
  // 4 columns x 3 rows with a black stone at the diagram's top-left point.
  const at = { '0,0': 'X' };
  const top = [EDGE];
  const cases = [
    ['top-left corner', [...top, ...block(4, 3, at, { right: false })], { x0: 0, y0: 0, x1: 3, y1: 2 }],
    ['top-right corner', [...top, ...block(4, 3, at, { left: false })], { x0: 15, y0: 0, x1: 18, y1: 2 }],
    ['bottom-left corner', [...block(4, 3, at, { right: false }), EDGE], { x0: 0, y0: 16, x1: 3, y1: 18 }],
    ['bottom-right corner', [...block(4, 3, at, { left: false }), EDGE], { x0: 15, y0: 16, x1: 18, y1: 18 }],
    ['top side, centred', [...top, ...block(4, 3, at, { left: false, right: false })], { x0: 7, y0: 0, x1: 10, y1: 2 }],
    ['bottom side, centred', [...block(4, 3, at, { left: false, right: false }), EDGE], { x0: 7, y0: 16, x1: 10, y1: 18 }],
    ['left side, centred', block(4, 3, at, { right: false }), { x0: 0, y0: 8, x1: 3, y1: 10 }],
    ['right side, centred', block(4, 3, at, { left: false }), { x0: 15, y0: 8, x1: 18, y1: 10 }],
    ['no edge: the middle', block(4, 3, at, { left: false, right: false }), { x0: 7, y0: 8, x1: 10, y1: 10 }],
  ];
  for (const [name, rows, region] of cases) {
    const d = parseDiagram(lines('$$', ...rows));
    assert.deepEqual([d.width, d.height], [19, 19], name);
    assert.deepEqual(d.region, region, name);
    assert.deepEqual(d.stones.black, [[region.x0, region.y0]], name);
  }
});

test('a bottom-right corner in the wiki\'s usual drawing', () => {
  const d = parseDiagram(lines(
    '$$W Bottom right',
    '$$ . . . . . . |',
    '$$ . . O . . . |',
    '$$ . . . X , . |',
    '$$ . . . . . . |',
    '$$ . . . 1 . . |',
    '$$ . . . . . . |',
    '$$ -------------+',
  ));
  assert.deepEqual([d.width, d.height], [19, 19]);
  assert.deepEqual(d.region, { x0: 13, y0: 13, x1: 18, y1: 18 });
  assert.deepEqual(d.stones, { black: [[16, 15]], white: [[15, 14]] });
  assert.deepEqual(d.moves, [{ number: 1, player: 'white', point: [16, 17] }]);
});

test('board sizes: the header\'s, a square board from one bounded side, rectangles, growing to fit', () => {
  const cases = [
    // [name, header, rows, width, height, region]
    ['13x13 bottom-left', '$$13', [...block(3, 2, {}, { right: false }), EDGE], 13, 13, { x0: 0, y0: 11, x1: 2, y1: 12 }],
    ['9x9 top half: left and right edges give 9', '$$', [EDGE, ...block(9, 4)], 9, 9, { x0: 0, y0: 0, x1: 8, y1: 3 }],
    ['left and right edges win over the header', '$$13', [EDGE, ...block(9, 4)], 9, 13, { x0: 0, y0: 0, x1: 8, y1: 3 }],
    ['top and bottom edges, no sides: a square board', '$$', [EDGE, ...block(3, 5, {}, { left: false, right: false }), EDGE], 5, 5, { x0: 1, y0: 0, x1: 3, y1: 4 }],
    ['a 7x5 board', '$$', [EDGE, ...block(7, 5), EDGE], 7, 5, null],
    ['a 9x9 without edges but with the header\'s size', '$$9', block(9, 9, {}, { left: false, right: false }), 9, 9, null],
    ['a corner larger than the header\'s size grows the board', '$$5', [EDGE, ...block(7, 2, {}, { right: false })], 7, 5, { x0: 0, y0: 0, x1: 6, y1: 1 }],
    ['a 1x1 board', '$$', [EDGE, '$$ | X |', EDGE], 1, 1, null],
  ];
  for (const [name, header, rows, width, height, region] of cases) {
    const d = parseDiagram(lines(header, ...rows));
    assert.deepEqual([d.width, d.height, d.region], [width, height, region], name);
  }
});

test('spaces between points are optional; corners may be + or -', () => {
  const spaced = parseDiagram(lines('$$', '$$ +-----------', '$$ | . X O . .', '$$ | . . 1 . a'));
  const tight = parseDiagram(lines('$$', '$$+-----', '$$|.XO..', '$$|..1.a'));
  const dashes = parseDiagram(lines('$$', '$$ ------------', '$$ | .  X O . .', '$$ |. . 1 .a'));
  assert.deepEqual(tight, spaced);
  assert.deepEqual(dashes, spaced);
});

// ---- points -------------------------------------------------------------------------------------

test('every point character: its stone and its mark', () => {
  const cases = [
    // [character, stone, mark]
    ['X', 'black', null], ['O', 'white', null], ['.', null, null], [',', null, null],
    ['B', 'black', 'circles'], ['W', 'white', 'circles'], ['C', null, 'circles'],
    ['#', 'black', 'squares'], ['@', 'white', 'squares'], ['S', null, 'squares'],
    ['Y', 'black', 'triangles'], ['Q', 'white', 'triangles'], ['T', null, 'triangles'],
    ['Z', 'black', 'crosses'], ['P', 'white', 'crosses'], ['M', null, 'crosses'],
    // A point outside the board, and the wiki's pattern-search marks: empty points here.
    ['_', null, null], ['?', null, null], ['A', null, null], ['V', null, null], ['*', null, null],
  ];
  for (const [ch, stone, mark] of cases) {
    const d = parseDiagram(lines('$$', '$$ +-------', `$$ | . . .`, `$$ | . ${ch} .`));
    const p = [[1, 1]];
    assert.deepEqual(d.stones, { black: stone === 'black' ? p : [], white: stone === 'white' ? p : [] }, ch);
    for (const kind of ['circles', 'squares', 'triangles', 'crosses']) {
      assert.deepEqual(d.marks[kind], kind === mark ? p : [], `${ch} ${kind}`);
    }
    assert.deepEqual([d.moves, d.labels], [[], []], ch);
  }
});

test('all the marks in one diagram, in reading order', () => {
  const d = parseDiagram(lines('$$', '$$ +-------------', '$$ | B W # @ Y Q', '$$ | Z P C S T M'));
  assert.deepEqual(d.stones.black, [[0, 0], [2, 0], [4, 0], [0, 1]]);
  assert.deepEqual(d.stones.white, [[1, 0], [3, 0], [5, 0], [1, 1]]);
  assert.deepEqual(d.marks.circles, [[0, 0], [1, 0], [2, 1]]);
  assert.deepEqual(d.marks.squares, [[2, 0], [3, 0], [3, 1]]);
  assert.deepEqual(d.marks.triangles, [[4, 0], [5, 0], [4, 1]]);
  assert.deepEqual(d.marks.crosses, [[0, 1], [1, 1], [5, 1]]);
});

test('letters a-z are labels on empty points', () => {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const d = parseDiagram(lines('$$', '$$ +' + '-'.repeat(53), `$$ | ${[...letters].join(' ')}`));
  assert.deepEqual(d.labels, [...letters].map((text, x) => ({ point: [x, 0], text })));
  assert.deepEqual(d.stones, { black: [], white: [] });
});

test('numbered moves: 1 to 9 and 0 (10), odd ones by Black under $$B, in order', () => {
  const d = parseDiagram(lines('$$B', '$$ +-----------', '$$ | 0 9 8 7 6', '$$ | 1 2 3 4 5'));
  assert.deepEqual(d.moves.map((m) => m.number), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual(d.moves.map((m) => m.player), Array.from({ length: 10 }, (_, i) => (i % 2 ? 'white' : 'black')));
  assert.deepEqual(d.moves[9], { number: 10, player: 'white', point: [0, 0] });
  assert.deepEqual(d.moves[0], { number: 1, player: 'black', point: [0, 1] });
  assert.deepEqual(d.stones, { black: [], white: [] }, 'numbered stones are moves, not set-up stones');
});

test('$$W: White plays the odd numbers', () => {
  const d = parseDiagram(lines('$$W White to play', '$$ +-------', '$$ | . 1 3', '$$ | 2 . 0'));
  assert.deepEqual(d.moves, [
    { number: 1, player: 'white', point: [1, 0] },
    { number: 2, player: 'black', point: [0, 1] },
    { number: 3, player: 'white', point: [2, 0] },
    { number: 10, player: 'black', point: [2, 1] },
  ]);
});

test('m: the move labelled 1 is move m, still by the header\'s player', () => {
  const d = parseDiagram(lines('$$Bm26', '$$ +-----', '$$ | 1 2 .'));
  assert.equal(d.firstMoveNumber, 26);
  assert.deepEqual(d.moves.map((m) => [m.number, m.player]), [[1, 'black'], [2, 'white']]);
  const nodes = readSgf(diagramToSgf(d));
  assert.deepEqual(nodes.slice(1).map((n) => [n.B?.[0] ?? n.W?.[0], n.MN[0]]), [['aa', '26'], ['ba', '27']]);
});

test('"N at M" in the title: a move played where an earlier one stood (a ko), as the wiki exports it', () => {
  const d = parseDiagram(lines('$$B Ko (5 at 1, 8 at 2)', '$$ +-------', '$$ | 1 2 3', '$$ | 4 6 7'));
  assert.deepEqual(d.moves.map((m) => [m.number, m.player, m.point]), [
    [1, 'black', [0, 0]], [2, 'white', [1, 0]], [3, 'black', [2, 0]], [4, 'white', [0, 1]],
    [5, 'black', [0, 0]], [6, 'white', [1, 1]], [7, 'black', [2, 1]], [8, 'white', [1, 0]],
  ]);
  // With m the title has game numbers; a number on the board, or one at a missing move, is ignored.
  const m = parseDiagram(lines('$$Wm30 34 at 30, 31 at 32, 40 at 39', '$$ +-----', '$$ | 1 2 3'));
  assert.deepEqual(m.moves.map((x) => [x.number, x.player, x.point]), [
    [1, 'white', [0, 0]], [2, 'black', [1, 0]], [3, 'white', [2, 0]], [5, 'white', [0, 0]],
  ]);
});

// ---- pasted text --------------------------------------------------------------------------------

test('pasted from a page: CRLF, CR, indentation, tabs, non-breaking spaces, blank lines, quotes', () => {
  const want = parseDiagram(lines('$$B Net', '$$ +---', '$$ | X O', '$$ | . 1'));
  const variants = [
    '\r\n   $$B Net\r\n   $$ +---\r\n   $$ | X O\r\n   $$ | . 1\r\n\r\n',
    '$$B Net\r$$ +---\r$$ | X O\r$$ | . 1\r',
    '\t$$B Net\n\t$$\t+---\n\t$$\t|\tX\tO\n\t$$\t|\t.\t1',
    '$$B Net\n$$\u00a0+---\n$$\u00a0|\u00a0X\u00a0O\n$$\u00a0|\u00a0.\u00a01',
    '$$B Net\n\n$$ +---\n\n$$ | X O\n   \n$$ | . 1\n',
    '> $$B Net\n> $$ +---\n> $$ | X O\n> $$ | . 1',
    '\ufeff$$B Net\n$$\n$$ +---\n$$ | X O\n$$\n$$ | . 1\n$$',
    'Diagram 1, from the page:\n\n$$B Net\n$$ +---\n$$ | X O\n$$ | . 1\n\nBlack 1 nets the stone.\n$$ | O O',
  ];
  for (const text of variants) assert.deepEqual(parseDiagram(text), want, JSON.stringify(text));
});

test('link, arrow and line lines after the board are ignored', () => {
  const d = parseDiagram(lines(
    '$$B', '$$ +-------', '$$ | . a 1 .', '$$ | . . X .',
    '$$ [a|ShapeOfTheDay]', '$$ [1 | http://example.com/x]', '$$ {AR 1:1 3:2}', '$$ {LN D17 E16}',
    '$$ AR 1:1 2:2', '$$ LN 1:2 2:2',
  ));
  assert.deepEqual(d.region, { x0: 0, y0: 0, x1: 3, y1: 1 });
  assert.deepEqual(d.labels, [{ point: [1, 0], text: 'a' }]);
  assert.deepEqual(d.moves, [{ number: 1, player: 'black', point: [2, 0] }]);
});

test('isDiagram: the first non-blank line starts with $$', () => {
  const cases = [
    ['$$B\n$$ | . |', true], ['\n\n   $$\n$$ | . |', true], ['\r\n$$W Title', true], ['> $$B', true],
    ['(;GM[1]SZ[9])', false], ['', false], ['   \n  ', false], [null, false], [undefined, false],
    ['Diagram:\n$$B', false], ['$ $B', false], ['text $$B', false],
  ];
  for (const [text, want] of cases) assert.equal(isDiagram(text), want, JSON.stringify(text));
});

// ---- errors -------------------------------------------------------------------------------------

test('what is not a diagram throws code "diagram", saying what and where', () => {
  const cases = [
    ['no diagram here', /no \$\$ lines/],
    ['', /no \$\$ lines/],
    ['$$B Title only', /no board rows.*line 1/],
    [lines('$$B', '$$ +-----+', '$$ +-----+'), /no board rows/],
    [lines('$$', '$$ | . . . |', '$$ | . . |'), /row of 2 points where the first row \(line 2\) has 3.*line 3/],
    [lines('$$', '$$ | . Q K |'), /"K" is not a point.*line 2, column 10/],
    [lines('$$', '$$ | . N |'), /"N" is not a point/],
    [lines('$$', '$$ | . & |'), /"&" is not a point/],
    [lines('$$', '$$ | 1 . |', '$$ | . 1 |'), /move 1 is on the board twice.*line 3/],
    [lines('$$', '$$ | 0 . 0 |'), /move 0 is on the board twice/],
    [lines('$$B0', '$$ | . |'), /board size is 0.*line 1/],
    [lines('$$B99', '$$ | . |'), /board size is 99; it must be from 1 to 52/],
    [lines('$$', '$$ +---+', '$$ | . |', '$$ +---+', '$$ | . |'), /edge line between board rows.*line 4/],
    [lines('$$', '$$ | . | . |'), /edge character "\|" inside a row.*line 2/],
    [lines('$$', '$$ | . + . |'), /edge character "\+" inside a row/],
    [lines('$$', '$$ +---', '$$ |'), /row without points.*line 3/],
    [lines('$$', '$$ +', '$$ | . |'), /row without points.*line 2/],
    [lines('$$', EDGE, ...block(53, 1)), /53x53 is larger than 52x52/],
    [lines('$$', ...block(2, 60, {}, { left: false, right: false })), /19x60 is larger than 52x52/],
  ];
  for (const [text, re] of cases) {
    assert.throws(() => parseDiagram(text), (e) => {
      assert.ok(e instanceof Error);
      assert.equal(e.code, 'diagram', e.message);
      assert.match(e.message, /^diagram: /);
      assert.match(e.message, re);
      return true;
    }, text);
  }
});

test('an error carries its line number as a property too', () => {
  try {
    parseDiagram('\n\n$$\n$$ | . |\n$$ | . . |');
    assert.fail('no error');
  } catch (e) {
    assert.equal(e.code, 'diagram');
    assert.equal(e.line, 5);
  }
});

// ---- SGF ----------------------------------------------------------------------------------------

test('SGF of a whole board: FF, GM, SZ, set-up stones, no VW, PL of the header', () => {
  const d = parseDiagram(lines('$$W', '$$ +-----------+', ...block(5, 5, { '1,0': 'X', '4,4': 'O', '2,2': ',' }), '$$ +-----------+'));
  const sgf = diagramToSgf(d);
  const nodes = readSgf(sgf);
  assert.equal(nodes.length, 1);
  assert.deepEqual(nodes[0], { FF: ['4'], GM: ['1'], CA: ['UTF-8'], SZ: ['5'], AB: ['ba'], AW: ['ee'], PL: ['W'] });
});

test('SGF of a corner with moves: VW, set-up, marks and letters on the root, one node per move with MN', () => {
  const d = parseDiagram(lines(
    '$$Wm5 Title',
    '$$ +-------',
    '$$ | X O 1 B',
    '$$ | a C 2 .',
    '$$ | Y @ M 3',
  ));
  const [root, ...moves] = readSgf(diagramToSgf(d));
  assert.deepEqual(root, {
    FF: ['4'], GM: ['1'], CA: ['UTF-8'], SZ: ['19'], GN: ['Title'], VW: ['aa:dc'],
    AB: ['aa', 'da', 'ac'], AW: ['ba', 'bc'], PL: ['W'],
    CR: ['da', 'bb'], SQ: ['bc'], TR: ['ac'], MA: ['cc'], LB: ['ab:a'],
  });
  assert.deepEqual(moves, [
    { W: ['ca'], MN: ['5'] },
    { B: ['cb'], MN: ['6'] },
    // The last node shows the diagram's position: it carries the diagram's markup again.
    { W: ['dc'], MN: ['7'], CR: ['da', 'bb'], SQ: ['bc'], TR: ['ac'], MA: ['cc'], LB: ['ab:a'] },
  ]);
});

test('SGF as a static diagram (moves: setup): numbered stones set up and labelled with their numbers', () => {
  const d = parseDiagram(lines('$$Bm10 Ko (13 at 10)', '$$ +-------', '$$ | X 1 a', '$$ | 2 3 O'));
  const nodes = readSgf(diagramToSgf(d, { moves: 'setup' }));
  assert.equal(nodes.length, 1);
  assert.deepEqual(nodes[0], {
    FF: ['4'], GM: ['1'], CA: ['UTF-8'], SZ: ['19'], GN: ['Ko (13 at 10)'], VW: ['aa:cb'],
    // 1 and 3 black, 2 white; "13 at 10" (move 4) shows as 1 there, as in the drawing.
    AB: ['aa', 'ba', 'bb'], AW: ['cb', 'ab'],
    PL: ['B'], // after move 4 (White's), Black plays
    LB: ['ca:a', 'ba:10', 'ab:11', 'bb:12'],
  });
  // Played, the same diagram has four move nodes, the fourth at the first one's point.
  const played = readSgf(diagramToSgf(d)).slice(1);
  assert.deepEqual(played.map((n) => [n.B?.[0] ?? `W ${n.W[0]}`, n.MN[0]]), [['ba', '10'], ['W ab', '11'], ['bb', '12'], ['W ba', '13']]);
});

test('SGF PL: the player of the first numbered move, else the header\'s player', () => {
  const cases = [
    [lines('$$B', '$$ | . . |'), 'B'],
    [lines('$$W', '$$ | . . |'), 'W'],
    [lines('$$W', '$$ | 1 . |'), 'W'],
    [lines('$$B', '$$ | 2 3 |'), 'W'], // 1 is not shown: White's 2 comes first
  ];
  for (const [text, pl] of cases) assert.deepEqual(readSgf(diagramToSgf(parseDiagram(text)))[0].PL, [pl], text);
});

test('SGF text values: ] and \\ escaped in the title', () => {
  const title = 'A [tricky] \\ title] (with brackets)';
  const sgf = diagramToSgf(parseDiagram(lines(`$$B ${title}`, '$$ | . |')));
  assert.ok(sgf.includes('GN[A [tricky\\] \\\\ title\\] (with brackets)]'), sgf);
  assert.deepEqual(readSgf(sgf)[0].GN, [title]);
});

test('SGF points on large boards: a-z, then A-Z up to 52', () => {
  const d = parseDiagram(lines('$$', '$$ +-+', ...block(52, 52, { '0,0': 'X', '26,27': 'O', '51,51': 'X', '25,0': 'B' }), '$$ +-+'));
  const root = readSgf(diagramToSgf(d))[0];
  assert.deepEqual(root.SZ, ['52']);
  assert.deepEqual(root.AB, ['aa', 'za', 'ZZ']);
  assert.deepEqual(root.AW, ['AB']);
  assert.deepEqual(root.CR, ['za']);
  const corner = parseDiagram(lines('$$30', ...block(3, 2, { '2,1': 'X' }, { right: false }), '$$ -----'));
  assert.deepEqual(readSgf(diagramToSgf(corner))[0].VW, ['aC:cD']);
  assert.deepEqual(readSgf(diagramToSgf(corner))[0].AB, ['cD']);
});

test('SGF of a rectangular board: SZ[w:h]', () => {
  const d = parseDiagram(lines('$$', EDGE, ...block(7, 3, { '6,2': 'O' }), EDGE));
  const root = readSgf(diagramToSgf(d))[0];
  assert.deepEqual(root.SZ, ['7:3']);
  assert.equal(root.VW, undefined);
  assert.deepEqual(root.AW, ['gc']);
});

test('SGF round trip: every point of the SGF is the diagram\'s, on the board, in VW', () => {
  const texts = [
    lines('$$Bc', '$$ +-------------', '$$ | . X O B W # @', '$$ | Y Q Z P C S T', '$$ | M a b 1 2 3 ,'),
    lines('$$W13m40', '$$ . . X O . |', '$$ . 0 9 8 7 |', '$$ 1 2 3 4 5 |', '$$ . b a 6 , |', '$$ ----------+'),
    lines('$$', '$$ . . .', '$$ . X 1', '$$ . 2 O'),
  ];
  for (const text of texts) {
    const d = parseDiagram(text);
    const nodes = readSgf(diagramToSgf(d));
    const [root] = nodes;
    const [w, h] = root.SZ[0].split(':').map(Number);
    assert.deepEqual([w, h ?? w], [d.width, d.height], text);
    const pts = (vs) => (vs ?? []).map((v) => point(v, d.width, d.height));
    assert.deepEqual(pts(root.AB), d.stones.black, text);
    assert.deepEqual(pts(root.AW), d.stones.white, text);
    assert.deepEqual(pts(root.CR), d.marks.circles, text);
    assert.deepEqual(pts(root.SQ), d.marks.squares, text);
    assert.deepEqual(pts(root.TR), d.marks.triangles, text);
    assert.deepEqual(pts(root.MA), d.marks.crosses, text);
    assert.deepEqual((root.LB ?? []).map((v) => ({ point: point(v.slice(0, 2), d.width, d.height), text: v.slice(3) })), d.labels, text);
    const moves = nodes.slice(1).map((n) => ({
      player: n.B ? 'black' : 'white', point: point((n.B ?? n.W)[0], d.width, d.height), mn: Number(n.MN[0]),
    }));
    assert.deepEqual(moves, d.moves.map((m) => ({ player: m.player, point: m.point, mn: d.firstMoveNumber + m.number - 1 })), text);
    // Everything lies inside the region shown.
    if (d.region) {
      const [a, b] = root.VW[0].split(':').map((v) => point(v, d.width, d.height));
      assert.deepEqual({ x0: a[0], y0: a[1], x1: b[0], y1: b[1] }, d.region);
      for (const p of [...pts(root.AB), ...pts(root.AW), ...moves.map((m) => m.point)]) {
        assert.ok(p[0] >= a[0] && p[0] <= b[0] && p[1] >= a[1] && p[1] <= b[1], `${p} outside ${root.VW}`);
      }
    } else assert.equal(root.VW, undefined);
  }
});

test('diagramToSgf takes diagram text too, and refuses an unknown moves option', () => {
  const text = lines('$$B', '$$ +---', '$$ | 1 .');
  assert.equal(diagramToSgf(text), diagramToSgf(parseDiagram(text)));
  assert.throws(() => diagramToSgf(text, { moves: 'animate' }), TypeError);
  assert.throws(() => diagramToSgf('not a diagram'), (e) => e.code === 'diagram');
});

// ---- what a Go program makes of the SGF: the engine replays it --------------------------------

const built = fs.existsSync(path.join(PKG, 'tengen_bg.wasm'));
let enginePromise = null;
async function engine() {
  enginePromise ??= (async () => {
    const mod = await import(path.join(PKG, 'tengen.js'));
    mod.initSync({ module: fs.readFileSync(path.join(PKG, 'tengen_bg.wasm')) });
    return mod.Game;
  })();
  return enginePromise;
}
const boardAt = (g, [x, y]) => g.board()[y * g.width + x];

test('the engine replays a diagram: captures by numbered moves, the player to move, markup at the end', { skip: !built && 'www/pkg is not built (make build)' }, async () => {
  const Game = await engine();
  // Black 1 and 3 capture White's stone in the corner; 2 is White's answer elsewhere.
  const d = parseDiagram(lines('$$B Capture', '$$ +---------', '$$ | O 1 . a', '$$ | 3 X . .', '$$ | . . 2 B'));
  const g = Game.fromSgf(diagramToSgf(d));
  try {
    assert.equal(g.width, 19);
    assert.equal(g.info.gameName, 'Capture');
    assert.deepEqual(g.warnings, []);
    assert.equal(boardAt(g, [0, 0]), 0, 'the white stone was captured');
    assert.equal(boardAt(g, [1, 0]), 1);
    assert.equal(boardAt(g, [0, 1]), 1);
    assert.equal(boardAt(g, [2, 2]), -1);
    assert.deepEqual(g.captures, { black: 1, white: 0 });
    assert.equal(g.toMove, 'white');
    assert.deepEqual(g.lastMove, { player: 'black', point: [0, 1] });
    assert.deepEqual(g.markup.labels, [{ point: [3, 0], text: 'a' }]);
    assert.deepEqual(g.markup.circles, [[3, 2]]);
  } finally {
    g.free();
  }
});

test('the engine replays a ko from "N at M" in the title', { skip: !built && 'www/pkg is not built (make build)' }, async () => {
  const Game = await engine();
  // Black 1 fills a ko point, White 2 captures it (the ko), Black 3 is a threat that White 4
  // answers, and Black 5 retakes where 1 stood: "5 at 1".
  const d = parseDiagram(lines(
    '$$B Ko (5 at 1)',
    '$$ +-------------',
    '$$ | . X O . . . .',
    '$$ | X 2 1 O . . .',
    '$$ | . X O . . . .',
    '$$ | . . . . . 3 .',
    '$$ | . . . . . 4 .',
  ));
  assert.deepEqual(d.moves.at(-1), { number: 5, player: 'black', point: [2, 1] });
  const sgf = diagramToSgf(d);
  assert.deepEqual(readSgf(sgf).at(-1), { B: ['cb'], MN: ['5'] });
  const g = Game.fromSgf(sgf);
  try {
    assert.deepEqual(g.warnings, []);
    assert.equal(g.path.length, 5, 'all five moves played');
    assert.equal(boardAt(g, [2, 1]), 1, 'Black retook the ko');
    assert.equal(boardAt(g, [1, 1]), 0, "White's 2 was captured");
    assert.deepEqual(g.captures, { black: 1, white: 1 });
    assert.equal(g.toMove, 'white');
  } finally {
    g.free();
  }
  // As a static diagram, the point shows 1 (the drawing), and 2 beside it.
  const root = readSgf(diagramToSgf(d, { moves: 'setup' }))[0];
  assert.deepEqual(root.LB, ['cb:1', 'bb:2', 'fd:3', 'fe:4']);
});
