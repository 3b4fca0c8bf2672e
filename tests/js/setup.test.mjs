// What embeds need from the JS API: a set-up position in the options of new Game,
// and legality(x, y, player) for either player.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsCode } from './load.mjs';

const { Game } = await load();

test('new Game({ setup }): the starting position, the player to move, the captures; undo returns to it', () => {
  const g = new Game({ size: 5, rules: 'japanese-1989', komi: 0, setup: { black: [[0, 0], [1, 1]], white: [[4, 4]], toMove: 'white', captures: { black: 2, white: 1 } } });
  assert.equal(g.toMove, 'white');
  assert.deepEqual(g.captures, { black: 2, white: 1 });
  assert.equal(g.moveNumber, 0);
  const b = g.board();
  assert.deepEqual([b[0], b[6], b[24]], [1, 1, -1]);
  g.place(2, 2);
  assert.equal(g.toMove, 'black');
  g.undo();
  assert.equal(g.toMove, 'white');
  assert.deepEqual(Array.from(g.board()), Array.from(b));
  assert.deepEqual(g.captures, { black: 2, white: 1 });
  // The captures are prisoners in a territory count: 2 - 1 points besides the board.
  g.pass();
  g.pass();
  const s = g.score();
  assert.equal(s.black.prisoners, 2);
  assert.equal(s.white.prisoners, 1);
  g.free();
  const d = new Game({ size: 9, setup: {} });
  assert.equal(d.toMove, 'black');
  assert.equal(d.board().filter(Boolean).length, 0);
  d.free();
});

test('new Game({ setup }) refuses bad positions with invalidOptions, and makes no game', () => {
  const bad = [
    { black: [[9, 0]] },
    { black: [[0.5, 0]] },
    { black: [['a', 0]] },
    { black: [[0, 0, 0]] },
    { black: 'aa' },
    { black: [[1, 1]], white: [[1, 1]] },
    { black: [[2, 2], [2, 2]] },
    { black: [[1, 0], [0, 1]], white: [[0, 0]] },
    { toMove: 'red' },
    { captures: { black: -1 } },
    { captures: { white: 1.5 } },
    { captures: 3 },
  ];
  for (const setup of bad) throwsCode(() => new Game({ size: 9, setup }), 'invalidOptions');
  throwsCode(() => new Game({ size: 9, setup: 'X' }), 'invalidOptions');
});

test('legality for either player: the ko ban is the side to move\'s only; suicide and occupied for both', () => {
  // Black captures at C8 (2, 1) in a ko; White may not retake at once at B8 (1, 1).
  const g = new Game({ size: 5, setup: { black: [[1, 0], [0, 1], [1, 2]], white: [[2, 0], [1, 1], [3, 1], [2, 2]] } });
  g.place(2, 1);
  assert.equal(g.legality(1, 1), 'ko');
  assert.equal(g.legality(1, 1, 'white'), 'ko');
  assert.equal(g.legality(1, 1, 'black'), null, 'Black could fill the ko');
  assert.equal(g.legality(0, 0, 'white'), 'suicide', 'the corner is suicide for White');
  assert.equal(g.legality(0, 0, 'black'), null);
  assert.equal(g.legality(2, 1, 'black'), 'occupied');
  assert.equal(g.legality(1, 1, 'red'), 'invalidOptions');
  assert.equal(g.legality(1, 1, 5), 'invalidOptions');
  assert.equal(g.legality(9, 9, 'black'), 'offBoard');
  g.free();
  // Free handicap placement: only Black places stones.
  const h = new Game({ size: 9, handicap: 2, handicapPlacement: 'free' });
  assert.equal(h.legality(4, 4, 'black'), null);
  assert.equal(h.legality(4, 4, 'white'), 'notAllowed');
  h.free();
});
