// The analysis through the built package: game.analyze(options?) answers its shape exactly in
// every phase without changing the game, the same for a seed and a budget in playouts, and
// refuses bad options with codes; setAnalysis/analysisAt keep a review in the record (Sabaki's
// SBKV and SBKS, tengen's TA) through toSgf and fromSgf, and read a Sabaki file's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsCode } from './load.mjs';

const { Game } = await load();

/** Everything observable of a game, to show that a call changed nothing. */
function state(g) {
  return JSON.stringify({
    board: Array.from(g.board()), toMove: g.toMove, phase: g.phase, captures: g.captures,
    moveNumber: g.moveNumber, lastMove: g.lastMove, koPoint: g.koPoint, sgf: g.toSgf(), path: g.path,
  });
}

/** Asserts the exact shape of an analysis of `g`. */
function shape(g, a) {
  assert.deepEqual(Object.keys(a).sort(), ['candidates', 'ownership', 'playouts', 'scoreLead', 'winRate']);
  assert.ok(a.ownership instanceof Float32Array);
  assert.equal(a.ownership.length, g.board().length, 'a value a point');
  assert.ok(Array.from(a.ownership).every((o) => o >= -1 && o <= 1));
  assert.ok(a.winRate >= 0 && a.winRate <= 1);
  assert.ok(Number.isFinite(a.scoreLead));
  assert.ok(Number.isInteger(a.playouts) && a.playouts > 0);
  assert.ok(a.candidates.length <= 10);
  for (const c of a.candidates) {
    assert.deepEqual(Object.keys(c).sort(), ['pv', 'scoreLead', 'visits', 'winRate', 'x', 'y']);
    assert.ok(c.visits > 0 && c.winRate >= 0 && c.winRate <= 1 && Number.isFinite(c.scoreLead));
    assert.ok(Array.isArray(c.pv) && c.pv.length >= 1 && c.pv.length <= 10);
    assert.deepEqual(c.pv[0], [c.x, c.y]);
    for (const p of c.pv) assert.ok(Array.isArray(p) && p.length === 2);
  }
}

const OPENING = [[2, 2], [6, 6], [6, 2], [2, 6], [4, 4]];

test('analyze answers its shape in every phase and changes nothing', () => {
  for (const rules of ['japanese-1989', 'chinese']) {
    const g = new Game({ size: 9, rules });
    for (const [x, y] of OPENING) g.place(x, y);
    for (const step of ['playing', 'stopped', 'finished']) {
      if (step === 'stopped') { g.pass(); g.pass(); }
      if (step === 'finished' && g.phase === 'stopped') g.finish();
      assert.equal(g.phase, step === 'stopped' && rules === 'chinese' ? g.phase : step);
      const before = state(g);
      const a = g.analyze({ playouts: 300, seed: 2 });
      shape(g, a);
      assert.equal(state(g), before, `${rules} ${step}: nothing changed`);
      // The candidates are legal moves of the position (checked while playing).
      if (g.phase === 'playing') for (const c of a.candidates) assert.equal(g.legality(c.x, c.y), null);
    }
    g.free();
  }
});

test('analyze is the same for a seed and a budget; the default budget runs', () => {
  const g = new Game({ size: 9 });
  for (const [x, y] of OPENING) g.place(x, y);
  const a = g.analyze({ playouts: 400, seed: 9 });
  const b = g.analyze({ playouts: 400, seed: 9 });
  assert.deepEqual({ ...a, ownership: Array.from(a.ownership) }, { ...b, ownership: Array.from(b.ownership) });
  const c = g.analyze({ timeMs: 50, seed: 1 });
  shape(g, c);
  const small = new Game({ size: 5 });
  const d = small.analyze();
  shape(small, d);
  assert.ok(d.playouts <= 6000);
  g.free();
  small.free();
});

test('analyze refuses bad options with invalidOptions', () => {
  const g = new Game({ size: 9 });
  for (const bad of [5, 'x', [], { playouts: 0 }, { playouts: 1.5 }, { playouts: 5_000_001 },
    { timeMs: -1 }, { timeMs: 600_001 }, { seed: -1 }, { seed: '1' }, { playout: 10 }, { playouts: NaN }]) {
    throwsCode(() => g.analyze(bad), 'invalidOptions');
  }
  g.free();
});

test('setAnalysis writes SBKV, SBKS and TA for the player to move; analysisAt reads them back through SGF', () => {
  const g = Game.fromSgf('(;GM[1]FF[4]SZ[9]KM[6.5];B[cc];W[gg];B[gc])');
  const path = g.path;
  const before = state(g);
  // At [0] Black has played: White is to move there.
  g.setAnalysis([0], { winRate: 0.25, scoreLead: -3.5, visits: 1200, best: [6, 2] });
  g.setAnalysis([0, 0], { winRate: 0.6, scoreLead: 1.25, visits: 900 });
  g.setAnalysis([], { winRate: 0.5, scoreLead: 0, visits: 10 });
  assert.deepEqual(g.path, path, 'the cursor stays');
  assert.deepEqual(g.analysisAt([0]), { winRate: 0.25, scoreLead: -3.5, visits: 1200, best: [6, 2] });
  assert.deepEqual(g.analysisAt([0, 0]), { winRate: 0.6, scoreLead: 1.25, visits: 900, best: null });
  assert.equal(g.analysisAt([0, 0, 0]), null);
  assert.equal(g.analysisAt([5]), null, 'no such node');
  const props = g.node([0]).properties;
  assert.deepEqual(props.SBKV, ['75'], "Black's win rate in percent");
  assert.deepEqual(props.SBKS, ['3.5'], "Black's score lead");
  assert.deepEqual(props.TA, ['1200:gc']);
  assert.deepEqual(g.node([0, 0]).properties.SBKV, ['60'], 'Black to move after White');
  // Not an edit: undo steps back a move, as it would have without the analysis.
  const sgf = g.toSgf();
  assert.notEqual(sgf, JSON.parse(before).sgf);
  const h = Game.fromSgf(sgf);
  for (const p of [[], [0], [0, 0]]) assert.deepEqual(h.analysisAt(p), g.analysisAt(p));
  assert.equal(h.toSgf(), sgf);
  // Removing.
  h.setAnalysis([0], null);
  assert.equal(h.analysisAt([0]), null);
  assert.equal(h.node([0]).properties.SBKS, undefined);
  assert.equal(h.node([0]).properties.TA, undefined);
  g.free();
  h.free();
});

test("analysisAt reads a Sabaki file's SBKV alone, and SBKS beside it", () => {
  const g = Game.fromSgf('(;GM[1]FF[4]SZ[19];B[pd]SBKV[55.5];W[dp]SBKV[40]SBKS[-2.5])');
  assert.deepEqual(g.analysisAt([0]), { winRate: 0.445, scoreLead: null, visits: null, best: null });
  const a = g.analysisAt(); // the current node: [0, 0], Black to move
  assert.ok(Math.abs(a.winRate - 0.4) < 1e-9);
  assert.equal(a.scoreLead, -2.5);
  g.free();
});

test('setAnalysis and analysisAt refuse bad paths and values with codes, changing nothing', () => {
  const g = Game.fromSgf('(;GM[1]FF[4]SZ[9];B[cc];W[gg])');
  const before = state(g);
  const ok = { winRate: 0.5, scoreLead: 1, visits: 5 };
  for (const [path, value, code] of [
    [[3], ok, 'invalidOptions'],
    ['0', ok, 'invalidOptions'],
    [[-1], ok, 'invalidOptions'],
    [[0.5], ok, 'invalidOptions'],
    [[0], 5, 'invalidOptions'],
    [[0], {}, 'invalidOptions'],
    [[0], { ...ok, winRate: 1.5 }, 'invalidOptions'],
    [[0], { ...ok, winRate: NaN }, 'invalidOptions'],
    [[0], { ...ok, scoreLead: Infinity }, 'invalidOptions'],
    [[0], { ...ok, scoreLead: 20000 }, 'invalidOptions'],
    [[0], { ...ok, visits: -1 }, 'invalidOptions'],
    [[0], { ...ok, visits: 2.5 }, 'invalidOptions'],
    [[0], { ...ok, best: [1] }, 'invalidOptions'],
    [[0], { ...ok, best: 'cc' }, 'invalidOptions'],
    [[0], { ...ok, best: [9, 0] }, 'offBoard'],
  ]) {
    throwsCode(() => g.setAnalysis(path, value), code);
  }
  throwsCode(() => g.analysisAt('x'), 'invalidOptions');
  assert.equal(state(g), before);
  g.free();
});
