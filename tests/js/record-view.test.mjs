// What a page shows of a record, from the engine: moveNumbers(), setInfo() and node(path), in the
// full package and in the core package (which has the game tree but no SGF text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { load, loadPackage, throwsCode, ROOT } from './load.mjs';

const { Game } = await load();

const loadCore = () => loadPackage(path.join(ROOT, 'pkg-core'));

test('moveNumbers: the stones on the board with their move numbers, MN honoured, captured stones left out', () => {
  const g = Game.fromSgf('(;SZ[5];B[ab];W[aa];B[dd]MN[10];W[ee];B[ba])');
  assert.deepEqual(g.moveNumbers(), [
    { point: [1, 0], number: 12 },
    { point: [0, 1], number: 1 },
    { point: [3, 3], number: 10 },
    { point: [4, 4], number: 11 },
  ]);
  g.goTo([0, 0]);
  assert.deepEqual(g.moveNumbers(), [{ point: [0, 0], number: 2 }, { point: [0, 1], number: 1 }]);
  g.free();
});

test('moveNumbers: moves played on a new game, and undo', () => {
  const g = new Game({ size: 9 });
  g.place(2, 2);
  g.pass();
  g.place(6, 6);
  assert.deepEqual(g.moveNumbers().map((m) => m.number), [1, 3]);
  g.undo();
  assert.deepEqual(g.moveNumbers(), [{ point: [2, 2], number: 1 }]);
  g.free();
});

test('setInfo: written in the record, refused whole for what the game owns or bad values', () => {
  const g = Game.fromSgf('(;SZ[9]PB[Alice]KM[6.5];B[cc];W[gg])');
  g.setInfo({ white: 'Bob', whiteRank: '2d', date: '2026-11-28', black: null });
  assert.equal(g.info.white, 'Bob');
  assert.equal(g.info.black, null);
  const back = Game.fromSgf(g.toSgf());
  assert.deepEqual([back.info.white, back.info.whiteRank, back.info.date, back.info.black], ['Bob', '2d', '2026-11-28', null]);
  assert.deepEqual(back.path, [0, 0]);
  const before = g.toSgf();
  for (const bad of [{ komi: '7' }, { result: 'B+R' }, { rules: 'Chinese' }, { nickname: 'x' }, { black: 3 }, 'Alice', null, [1]]) {
    throwsCode(() => g.setInfo(bad), 'invalidOptions');
    assert.equal(g.toSgf(), before, JSON.stringify(bad));
  }
  // A value refused after a good one changes nothing either.
  throwsCode(() => g.setInfo({ event: 'Cup', komi: '7' }), 'invalidOptions');
  assert.equal(g.toSgf(), before);
  g.free();
  back.free();
});

test('node(path): any node read without moving, null for a path naming none', () => {
  const g = Game.fromSgf('(;SZ[9]C[root]VW[aa:ee];B[cc]TE[1](;W[gg]C[Correct\\] here]TR[cc])(;W[cg]BM[1]))');
  const at = g.path;
  const root = g.node([]);
  assert.equal(root.comment, 'root');
  assert.equal(root.children, 1);
  assert.equal(root.move, null);
  assert.deepEqual(root.properties.VW, ['aa:ee']);
  const right = g.node([0, 0]);
  assert.deepEqual(right.move, { player: 'white', point: [6, 6] });
  assert.equal(right.comment, 'Correct] here');
  assert.deepEqual(right.markup.triangles, [[2, 2]]);
  assert.deepEqual(g.node([0, 1]).properties.BM, ['1']);
  assert.equal(g.node([0, 2]), null);
  assert.deepEqual(g.node().move, g.node(g.path).move);
  assert.deepEqual(g.path, at, 'the game did not move');
  throwsCode(() => g.node(['0']), 'invalidOptions');
  throwsCode(() => g.node([1.5]), 'invalidOptions');
  g.free();
});

test('the core package has the game tree too: navigation, move numbers and node look-ups, no SGF text', async () => {
  const core = await loadCore();
  assert.equal(core.Game.fromSgf, undefined);
  const g = new core.Game({ size: 9 });
  g.place(2, 2);
  g.place(6, 6);
  assert.deepEqual(g.path, [0, 0]);
  assert.equal(g.previous(), true);
  assert.deepEqual(g.variations(), [{ player: 'white', point: [6, 6] }]);
  assert.equal(g.next(), true);
  assert.deepEqual(g.moveNumbers().map((m) => m.number), [1, 2]);
  assert.deepEqual(g.node([0]).move, { player: 'black', point: [2, 2] });
  g.setInfo({ black: 'Alice' });
  assert.equal(g.info.black, 'Alice');
  g.free();
});
