// One-line boards through the JS API: `{ width: 1, height: N }` and `{ width: N, height: 1 }`
// (J89 commentary on Art. 3 (1): other boards by agreement), and errors that name the bad side.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsCode } from './load.mjs';

const { Game } = await load();

test('a 1x9 game: captures, ko, two passes and an area count', () => {
  const g = new Game({ size: { width: 1, height: 9 }, rules: 'chinese' });
  assert.equal(g.width, 1);
  assert.equal(g.height, 9);
  assert.equal(g.board().length, 9);
  assert.equal(g.place(0, 1), 0);
  assert.equal(g.place(0, 2), 0);
  assert.equal(g.place(0, 3), 1, 'the white stone between two black stones is taken');
  assert.deepEqual(g.lastCaptured(), [[0, 2]]);
  g.place(0, 6); g.place(0, 2); g.place(0, 4);
  assert.equal(g.place(0, 5), 1);
  assert.deepEqual(g.koPoint, [0, 4]);
  assert.equal(g.legality(0, 4), 'ko');
  assert.equal(g.legality(1, 0), 'offBoard');
  assert.equal(g.legality(0, 9), 'offBoard');
  assert.throws(() => g.place(0, 4), (e) => e.code === 'ko');
  assert.equal(g.pass(), false);
  assert.equal(g.pass(), true);
  assert.equal(g.phase, 'stopped');
  assert.deepEqual(Array.from(g.board()), [0, 1, 1, 1, 0, 1, -1, 0, 0]);
  assert.deepEqual(g.captures, { black: 2, white: 0 });
  const s = g.score();
  assert.equal(s.scoring, 'area');
  assert.equal(s.black.total, 6);
  assert.equal(s.white.total, 10.5);
  assert.equal(s.result, 'W+4.5');
  assert.deepEqual(Array.from(s.ownership), [1, 1, 1, 1, 1, 1, -1, -1, -1]);
  g.finish();
  assert.equal(g.phase, 'finished');
});

test('a 9x1 game: suicide refused, then allowed where the rules allow it', () => {
  const g = new Game({ size: { width: 9, height: 1 }, rules: 'simple' });
  assert.equal(g.width, 9);
  assert.equal(g.height, 1);
  g.place(1, 0); g.pass(); g.place(3, 0);
  assert.equal(g.legality(2, 0), 'suicide');
  assert.equal(g.legality(0, 0), 'suicide');
  assert.throws(() => g.place(2, 0), (e) => e.code === 'suicide');
  const nz = new Game({ size: { width: 6, height: 1 }, rules: 'new-zealand' });
  nz.place(1, 0); nz.place(2, 0); nz.place(4, 0);
  assert.equal(nz.place(3, 0), 0, 'the white chain of two removes itself');
  assert.deepEqual(nz.captures, { black: 2, white: 0 });
  assert.deepEqual(Array.from(nz.board()), [0, 1, 0, 0, 1, 0]);
});

test('1x2, the smallest board; undo and playoutMoves on one-line boards', () => {
  const g = new Game({ size: { width: 1, height: 2 } });
  g.place(0, 0);
  assert.equal(g.place(0, 1), 1);
  assert.equal(g.legality(0, 0), 'ko');
  g.undo(); g.undo();
  assert.equal(g.moveNumber, 0);
  assert.deepEqual(Array.from(g.board()), [0, 0]);
  const h = new Game({ size: { width: 2, height: 1 }, rules: 'tromp-taylor' });
  assert.deepEqual(Array.from(h.playoutMoves()), [0, 1]);
  h.place(0, 0);
  assert.deepEqual(Array.from(h.playoutMoves()), [1]);
  assert.equal(h.place(1, 0), 1);
  h.pass();
  assert.equal(h.pass(), true);
  assert.equal(h.phase, 'finished');
  assert.equal(h.score().result, 'W+9.5', 'White 2 points and komi 7.5');
});

test('SGF: SZ[1:9] is read, and a 9x1 game is written as SZ[9:1]', () => {
  const g = Game.fromSgf('(;FF[4]GM[1]SZ[1:9]RU[Chinese];B[ab];W[ac];B[ad])');
  assert.equal(g.width, 1);
  assert.equal(g.height, 9);
  assert.deepEqual(g.captures, { black: 1, white: 0 });
  assert.match(g.toSgf(), /SZ\[1:9\]/);
  const e = throwsCode(() => Game.fromSgf('(;FF[4]SZ[0:9])'), 'sgf');
  assert.match(e.message, /width/);
  const w = new Game({ size: { width: 9, height: 1 } });
  w.place(4, 0);
  assert.match(w.toSgf(), /SZ\[9:1\]/);
  assert.equal(Game.fromSgf(w.toSgf()).board()[4], 1);
});

test('a bad { width, height } names the bad side', () => {
  for (const [size, side, other] of [
    [{ width: 0, height: 9 }, 'width', 'height'],
    [{ width: 53, height: 9 }, 'width', 'height'],
    [{ width: 1.5, height: 9 }, 'width', 'height'],
    [{ width: '1', height: 9 }, 'width', 'height'],
    [{ height: 9 }, 'width', 'height'],
    [{ width: 9, height: 0 }, 'height', 'width'],
    [{ width: 1, height: 53 }, 'height', 'width'],
    [{ width: 9, height: NaN }, 'height', 'width'],
    [{ width: 9 }, 'height', 'width'],
  ]) {
    const e = throwsCode(() => new Game({ size }), 'invalidOptions');
    assert.match(e.message, new RegExp(side), JSON.stringify(size));
    assert.doesNotMatch(e.message, new RegExp(other), JSON.stringify(size));
  }
  const one = throwsCode(() => new Game({ size: { width: 1, height: 1 } }), 'invalidOptions');
  assert.match(one.message, /1x1/);
  for (const size of [1, 0, 53]) throwsCode(() => new Game({ size }), 'invalidOptions');
});

test('handicap on one-line boards: fixed is refused, free is placed', () => {
  for (const size of [{ width: 1, height: 19 }, { width: 19, height: 1 }]) {
    for (let handicap = 2; handicap <= 9; handicap++) {
      throwsCode(() => new Game({ size, handicap }), 'invalidOptions');
    }
  }
  const f = new Game({ size: { width: 1, height: 9 }, handicap: 2, handicapPlacement: 'free', rules: 'chinese' });
  f.place(0, 1); f.place(0, 7);
  assert.equal(f.toMove, 'white');
  throwsCode(() => new Game({ size: { width: 1, height: 2 }, handicap: 2, handicapPlacement: 'free' }), 'invalidOptions');
});
