// Sensei's Library diagrams (www/lib/diagram.js): header, edges and placement, every point
// character, numbered moves, errors, and the SGF they become (read back by lib/sgf.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDiagram, parseDiagram, diagramToSgf } from '../../www/lib/diagram.js';
import { parseSgf } from '../../www/lib/sgf.js';

const d = (...rows) => rows.join('\n');

test('a whole 5x5 board: all four edges, stones, the first player', () => {
  const x = parseDiagram(d('$$B', '$$ +-----------+', '$$ | . X O . . |', '$$ | . . , . . |', '$$ | . . . . . |',
    '$$ | . . . . . |', '$$ | O . . . X |', '$$ +-----------+'));
  assert.equal(x.width, 5);
  assert.equal(x.height, 5);
  assert.equal(x.region, null);
  assert.equal(x.firstPlayer, 'black');
  assert.deepEqual(x.stones, { black: [[1, 0], [4, 4]], white: [[2, 0], [0, 4]] });
});

test('placement: a top-left corner, a bottom-right corner, a side, a middle part of a 19x19', () => {
  const tl = parseDiagram(d('$$', '$$ +------', '$$ | . . .', '$$ | . X .'));
  assert.deepEqual([tl.width, tl.height, tl.region], [19, 19, { x0: 0, y0: 0, x1: 2, y1: 1 }]);
  const br = parseDiagram(d('$$', '$$ . . O |', '$$ . . . |', '$$ ------+'));
  assert.deepEqual(br.region, { x0: 16, y0: 17, x1: 18, y1: 18 });
  assert.deepEqual(br.stones.white, [[18, 17]]);
  const side = parseDiagram(d('$$', '$$ ---------', '$$ . . . .', '$$ . X . .'));
  assert.deepEqual(side.region, { x0: 7, y0: 0, x1: 10, y1: 1 }, 'centred along the top edge');
  const middle = parseDiagram(d('$$', '$$ . . .', '$$ . X .', '$$ . . .'));
  assert.deepEqual(middle.region, { x0: 8, y0: 8, x1: 10, y1: 10 });
});

test('the header: W first, coordinates, a board size, the first move number, the title', () => {
  const x = parseDiagram(d('$$Wc9m26 A title [with] brackets', '$$ +-------', '$$ | 1 2 .', '$$ | . 3 .'));
  assert.equal(x.firstPlayer, 'white');
  assert.equal(x.coordinates, true);
  assert.equal(x.width, 9);
  assert.equal(x.firstMoveNumber, 26);
  assert.equal(x.title, 'A title [with] brackets');
  assert.deepEqual(x.moves.map((m) => [m.number, m.player]), [[1, 'white'], [2, 'black'], [3, 'white']]);
});

test('every mark: circles, squares, triangles and crosses on stones and empty points; letters; 0 is 10', () => {
  const x = parseDiagram(d('$$', '$$ +-------------', '$$ | B W # @ Y Q', '$$ | Z P C S T M', '$$ | a z 0 , _ .'));
  assert.deepEqual(x.stones.black, [[0, 0], [2, 0], [4, 0], [0, 1]]);
  assert.deepEqual(x.stones.white, [[1, 0], [3, 0], [5, 0], [1, 1]]);
  assert.deepEqual(x.marks.circles, [[0, 0], [1, 0], [2, 1]]);
  assert.deepEqual(x.marks.squares, [[2, 0], [3, 0], [3, 1]]);
  assert.deepEqual(x.marks.triangles, [[4, 0], [5, 0], [4, 1]]);
  assert.deepEqual(x.marks.crosses, [[0, 1], [1, 1], [5, 1]]);
  assert.deepEqual(x.labels, [{ point: [0, 2], text: 'a' }, { point: [1, 2], text: 'z' }]);
  assert.deepEqual(x.moves, [{ number: 10, player: 'white', point: [2, 2] }]);
});

test('pasted from a page: indentation, CRLF, blank lines around, link lines after the board', () => {
  const text = '\r\n   $$B Net\r\n   $$ +---\r\n   $$ | X O\r\n   $$ | . .\r\n   $$ [ref|SomePage]\r\n\r\n';
  assert.ok(isDiagram(text));
  const x = parseDiagram(text);
  assert.equal(x.title, 'Net');
  assert.deepEqual(x.region, { x0: 0, y0: 0, x1: 1, y1: 1 });
  assert.ok(!isDiagram('(;SZ[9])'));
});

test('errors have code diagram and say where', () => {
  const bad = [
    ['no diagram', /no \$\$ lines/],
    [d('$$', '$$ | . . |', '$$ | . |'), /different lengths.*line 3/],
    [d('$$', '$$ | . Q K |'), /unknown point character "K"/],
    [d('$$', '$$ | 1 1 |'), /move 1 twice/],
    [d('$$B99', '$$ | . |'), /from 2 to 52/],
    [d('$$', '$$ +---+', '$$ | . |', '$$ +---+', '$$ | . |', '$$ +---+'), /edge line between rows/],
    [d('$$5', '$$ . . . . . . .'), /do not fit/],
  ];
  for (const [text, re] of bad) {
    assert.throws(() => parseDiagram(text), (e) => e.code === 'diagram' && re.test(e.message), text);
  }
});

test('as SGF: size, crop, set-up, marks, labels, the numbered moves as nodes with MN', () => {
  const x = parseDiagram(d('$$Wm5 Title', '$$ +-------', '$$ | X O 1 B', '$$ | a C 2 .'));
  const [root] = parseSgf(diagramToSgf(x));
  assert.equal(root.props.SZ[0], '19');
  assert.equal(root.props.GN[0], 'Title');
  assert.deepEqual(root.props.VW, ['aa:db']);
  assert.deepEqual(root.props.AB, ['aa', 'da']);
  assert.deepEqual(root.props.AW, ['ba']);
  assert.deepEqual(root.props.CR, ['da', 'bb']);
  assert.deepEqual(root.props.LB, ['ab:a']);
  assert.deepEqual(root.props.PL, ['W']);
  const first = root.children[0];
  assert.deepEqual([first.props.W, first.props.MN], [['ca'], ['5']]);
  const second = first.children[0];
  assert.deepEqual([second.props.B, second.props.MN], [['cb'], undefined]);
  // As set-up: the numbered stones placed and labelled with their numbers.
  const [flat] = parseSgf(diagramToSgf(x, { moves: 'setup' }));
  assert.equal(flat.children.length, 0);
  assert.deepEqual(flat.props.AB, ['aa', 'da', 'cb']);
  assert.deepEqual(flat.props.LB, ['ab:a', 'ca:5', 'cb:6']);
});
