// The editing calls of the JS API (feature `edit`: the full package www/pkg and pkg-edit, which
// `<tengen-board mode="edit">` loads): each one an action that undo takes back and redo takes
// again, arguments checked and never coerced, a refused call changing nothing; and the markup
// getter's lines, arrows, selected and dimmed points in every package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { load, loadPackage, throwsCode, ROOT } from './load.mjs';

const { Game } = await load();

const EMPTY_MARKUP = {
  triangles: [], squares: [], circles: [], crosses: [], selected: [], dimmed: [], labels: [], lines: [], arrows: [],
};

/** The record and the current node: what undo restores. */
const state = (g) => ({ sgf: g.toSgf(), path: g.path, board: Array.from(g.board()) });

test('every edit is one action: undo restores the record and the node, redo takes it again', () => {
  const edits = [
    [[0], (g) => g.setStone(0, 0, 'white')],
    [[], (g) => g.setStone(4, 4, 'black')],
    [[0], (g) => g.setToMove('white')],
    [[0, 0], (g) => g.setMark(2, 2, 'triangle')],
    [[0], (g) => g.setMark(3, 3, 'label', 'A')],
    [[0], (g) => g.setMark(3, 3, 'dim')],
    [[0], (g) => g.setLine([0, 0], [8, 8], 'arrow')],
    [[0], (g) => g.setComment('a ] comment \\ here')],
    [[0], (g) => g.setName('the start')],
    [[0], (g) => g.setAnnotation('tesuji', 2)],
    [[0], (g) => g.setAnnotation('unclear', 1)],
    [[0, 1], (g) => g.deleteNode()],
    [[0, 0], (g) => g.moveVariation(1)],
    [[0, 1], (g) => g.makeMainLine()],
  ];
  for (const [at, edit] of edits) {
    const g = Game.fromSgf('(;SZ[9];B[ee](;W[cc])(;W[gg]))');
    g.goTo(at);
    const before = state(g);
    edit(g);
    const after = state(g);
    assert.notDeepEqual(after, before, String(edit));
    g.undo();
    assert.deepEqual(state(g), before, `undo of ${edit}`);
    assert.equal(g.canRedo, true);
    g.redo();
    assert.deepEqual(state(g), after, `redo of ${edit}`);
    g.undo();
    g.place(0, 8);
    throwsCode(() => g.redo(), 'notAllowed');
    g.free();
  }
});

test('set-up at a move goes to a new child; set-up is kept minimal; a chain without a liberty is refused', () => {
  const g = Game.fromSgf('(;SZ[9];B[ee])');
  g.setStone(0, 0, 'black');
  assert.deepEqual(g.path, [0, 0]);
  assert.equal(g.toSgf().replace(/\n/g, ''), '(;SZ[9];B[ee];AB[aa])');
  g.setStone(0, 0, null);
  assert.equal(g.toSgf().replace(/\n/g, ''), '(;SZ[9];B[ee];)');
  g.setStone(1, 0, 'white');
  g.setStone(0, 1, 'white');
  const before = state(g);
  const e = throwsCode(() => g.setStone(0, 0, 'black'), 'notAllowed');
  assert.equal(e.reason, 'noLiberty');
  assert.deepEqual(state(g), before);
  g.free();
});

test('marks follow FF[4]: one shape a point, labels and dimming beside it, null clears all', () => {
  const g = Game.fromSgf('(;SZ[9])');
  g.setMark(4, 4, 'circle');
  g.setMark(4, 4, 'square');
  g.setMark(4, 4, 'label', '12');
  g.setMark(4, 4, 'dim');
  g.setMark(4, 4, 'selected');
  g.setLine([0, 0], [2, 2], 'line');
  g.setLine([2, 2], [0, 0], 'line');
  g.setLine([1, 1], [3, 3], 'arrow');
  assert.deepEqual(g.markup, {
    ...EMPTY_MARKUP, selected: [[4, 4]], dimmed: [[4, 4]], labels: [{ point: [4, 4], text: '12' }],
    lines: [{ from: [2, 2], to: [0, 0] }], arrows: [{ from: [1, 1], to: [3, 3] }],
  });
  g.setMark(4, 4, null);
  g.setLine([0, 0], [2, 2], null);
  g.setLine([3, 3], [1, 1], null);
  assert.deepEqual(g.markup, EMPTY_MARKUP);
  g.free();
});

test('annotations: one move annotation and one position annotation at a time, written as FF[4] has them', () => {
  const g = Game.fromSgf('(;SZ[9];B[ee])');
  g.goTo([]);
  throwsCode(() => g.setAnnotation('bad', 1), 'notAllowed');
  g.next();
  g.setAnnotation('tesuji', 2);
  g.setAnnotation('doubtful', 1);
  g.setAnnotation('goodForWhite', 2);
  g.setAnnotation('even', 1);
  g.setAnnotation('hotspot', 1);
  assert.deepEqual(g.annotations, { doubtful: 1, even: 1, hotspot: 1 });
  assert.match(g.toSgf(), /B\[ee\]DO\[\]DM\[1\]HO\[1\]/);
  g.setAnnotation('hotspot', null);
  assert.deepEqual(g.annotations, { doubtful: 1, even: 1 });
  g.free();
});

test('bad arguments are refused with a code, never coerced, and change nothing', () => {
  const g = Game.fromSgf('(;SZ[9];B[ee](;W[cc])(;W[gg]))');
  g.goTo([0]);
  g.setComment('kept');
  const before = state(g);
  const cases = [
    [() => g.setStone('1', 1, 'black'), 'offBoard'],
    [() => g.setStone(1.5, 1, 'black'), 'offBoard'],
    [() => g.setStone(9, 0, 'black'), 'offBoard'],
    [() => g.setStone(1, 1, 'red'), 'invalidOptions'],
    [() => g.setStone(1, 1, undefined), 'invalidOptions'],
    [() => g.setToMove(1), 'invalidOptions'],
    [() => g.setMark(1, 1, 'Triangle'), 'invalidOptions'],
    [() => g.setMark(1, 1, 'label'), 'invalidOptions'],
    [() => g.setMark(1, 1, 'label', ''), 'invalidOptions'],
    [() => g.setMark(1, 1, 'label', 'a\nb'), 'invalidOptions'],
    [() => g.setMark(1, 1, 'label', 'x'.repeat(33)), 'invalidOptions'],
    [() => g.setMark(1, 1, 'label', 7), 'invalidOptions'],
    [() => g.setMark(1, 1, 'circle', 'A'), 'invalidOptions'],
    [() => g.setMark(-1, 1, 'circle'), 'offBoard'],
    [() => g.setLine([0, 0], [0, 0], 'line'), 'invalidOptions'],
    [() => g.setLine([0, 0], '22', 'line'), 'invalidOptions'],
    [() => g.setLine([0, 0], [1, 1, 1], 'line'), 'invalidOptions'],
    [() => g.setLine([0, 0], ['1', 1], 'line'), 'invalidOptions'],
    [() => g.setLine([0, 0], [9, 9], 'line'), 'offBoard'],
    [() => g.setLine([0, 0], [1, 1], 'curve'), 'invalidOptions'],
    [() => g.setLine([0, 0], new Proxy([1, 1], { get() { throw new Error('no'); } }), 'line'), 'invalidOptions'],
    [() => g.setComment(3), 'invalidOptions'],
    [() => g.setName({ toString: () => 'x' }), 'invalidOptions'],
    [() => g.setAnnotation('tesuji', '1'), 'invalidOptions'],
    [() => g.setAnnotation('tesuji', 1.5), 'invalidOptions'],
    [() => g.setAnnotation('tesuji', 3), 'invalidOptions'],
    [() => g.setAnnotation('doubtful', 2), 'invalidOptions'],
    [() => g.setAnnotation('TE', 1), 'invalidOptions'],
    [() => g.moveVariation(2), 'invalidOptions'],
    [() => g.moveVariation('1'), 'invalidOptions'],
    [() => g.moveVariation(-1), 'notAllowed'],
    [() => g.redo(), 'notAllowed'],
  ];
  for (const [call, code] of cases) {
    throwsCode(call, code);
    assert.deepEqual(state(g), before, String(call));
  }
  g.goTo([]);
  for (const [call, reason] of [[() => g.deleteNode(), 'atRoot'], [() => g.moveVariation(1), 'atRoot'],
    [() => g.setAnnotation('interesting', 1), 'noMove']]) {
    const root = state(g);
    assert.equal(throwsCode(call, 'notAllowed').reason, reason);
    assert.deepEqual(state(g), root);
  }
  // The journal is whole: undo takes back the comment made first, at its node.
  g.undo();
  assert.deepEqual(g.path, [0]);
  assert.equal(g.comment, null);
  g.free();
});

test('every markup and annotation property made by edits reads back and writes the same text', () => {
  const g = Game.fromSgf('(;SZ[9];B[ee];W[cc])');
  g.setStone(0, 0, 'black');
  g.setToMove('black');
  g.setName('set-up');
  g.goTo([0]);
  g.setMark(0, 0, 'triangle');
  g.setMark(1, 0, 'square');
  g.setMark(2, 0, 'circle');
  g.setMark(3, 0, 'cross');
  g.setMark(4, 0, 'selected');
  g.setMark(5, 0, 'label', 'a:b]\\');
  g.setMark(6, 0, 'dim');
  g.setLine([0, 8], [8, 0], 'line');
  g.setLine([0, 0], [8, 8], 'arrow');
  g.setComment('every [property] \\ here\nand a second line');
  g.setAnnotation('bad', 2);
  g.setAnnotation('goodForBlack', 1);
  g.setAnnotation('hotspot', 2);
  const text = g.toSgf();
  const markup = g.markup;
  const h = Game.fromSgf(text);
  assert.equal(h.toSgf(), text);
  h.goTo([0]);
  assert.deepEqual(h.markup, markup);
  assert.deepEqual(h.annotations, { bad: 2, goodForBlack: 1, hotspot: 2 });
  assert.equal(h.comment, 'every [property] \\ here\nand a second line');
  for (const id of ['TR', 'SQ', 'CR', 'MA', 'SL', 'LB', 'DD', 'LN', 'AR', 'C', 'BM', 'GB', 'HO']) {
    assert.ok(h.node().properties[id], id);
  }
  g.free();
  h.free();
});

test('the markup getter has lines, arrows, selected and dimmed points in every package; editing only with the edit feature', async () => {
  const sgf = '(;SZ[5]SL[aa]DD[bb]LN[aa:cc]AR[cc:ee]TR[dd])';
  for (const [dir, edits] of [['www/pkg', true], ['pkg-edit', true], ['pkg-embed', false], ['pkg-core', false]]) {
    const mod = await loadPackage(path.join(ROOT, dir));
    const g = mod.Game.fromSgf ? mod.Game.fromSgf(sgf) : null;
    if (g) {
      assert.deepEqual(g.markup, {
        ...EMPTY_MARKUP, triangles: [[3, 3]], selected: [[0, 0]], dimmed: [[1, 1]],
        lines: [{ from: [0, 0], to: [2, 2] }], arrows: [{ from: [2, 2], to: [4, 4] }],
      }, dir);
      g.free();
    } else {
      const h = new mod.Game({ size: 5 });
      assert.deepEqual(h.markup, EMPTY_MARKUP, dir);
      h.free();
    }
    for (const m of ['setStone', 'setMark', 'setLine', 'setComment', 'setAnnotation', 'deleteNode', 'redo']) {
      assert.equal(typeof mod.Game.prototype[m] === 'function', edits, `${dir}: ${m}`);
    }
  }
});
