// A game saved on this device and read back (toSgf({ played: true }), Game.fromSgf, goTo): undo
// removes the moves played before the reload as it did before it, and toSgf() never shows the mark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsCode } from './load.mjs';

const { Game } = await load();

/** The game as the page gets it back from what it saved. */
function reload(g) {
  const saved = g.toSgf({ played: true });
  const r = Game.fromSgf(saved);
  r.goTo(g.path);
  return r;
}

/** Undo on both until both refuse, the records the same after each step. */
function undoBoth(g, r) {
  for (let step = 0; ; step++) {
    assert.equal(r.toSgf(), g.toSgf(), `after ${step} undos`);
    assert.deepEqual(r.board(), g.board());
    assert.ok(!r.toSgf().includes('TH['));
    let a = null;
    let b = null;
    try { g.undo(); } catch (e) { a = e.code; }
    try { r.undo(); } catch (e) { b = e.code; }
    assert.equal(b, a, `undo ${step}`);
    if (a !== null) return step;
  }
}

test('a new game saved and read back: undo removes its moves as before', () => {
  const g = new Game({ size: 9 });
  g.place(2, 2);
  g.place(6, 6);
  g.pass();
  g.place(4, 4);
  const saved = g.toSgf({ played: true });
  assert.match(saved, /TH\[\]/);
  assert.equal(saved.replace('TH[]', ''), g.toSgf());
  const r = reload(g);
  assert.ok(!r.toSgf().includes('TH['));
  assert.equal(r.node([]).properties.TH, undefined);
  assert.equal(undoBoth(g, r), 4);
  // Both back to the bare root: the moves removed.
  assert.equal(r.toSgf(), new Game({ size: 9 }).toSgf());
  g.free();
  r.free();
});

test('a variation played on a record is removed by undo after a reload, the record kept', () => {
  const text = '(;GM[1]FF[4]SZ[9];B[cc];W[gg];B[ee])';
  const g = Game.fromSgf(text);
  g.goTo([0]);
  g.place(6, 2);
  g.place(2, 6);
  const saved = g.toSgf({ played: true });
  assert.equal(saved.match(/TH\[/g).length, 1);
  const r = reload(g);
  assert.equal(undoBoth(g, r), 3);
  assert.equal(r.toSgf(), Game.fromSgf(text).toSgf());
});

test('toSgf options: none, {} and played: false are the plain record; others are refused', () => {
  const g = new Game({ size: 9 });
  g.place(2, 2);
  const plain = g.toSgf();
  assert.equal(g.toSgf({}), plain);
  assert.equal(g.toSgf(undefined), plain);
  assert.equal(g.toSgf({ played: false }), plain);
  throwsCode(() => g.toSgf({ played: 1 }), 'invalidOptions');
  throwsCode(() => g.toSgf({ playd: true }), 'invalidOptions');
  throwsCode(() => g.toSgf('played'), 'invalidOptions');
  assert.equal(g.toSgf(), plain);
});
