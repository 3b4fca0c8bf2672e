// The persistent searcher through the built package: `new Searcher(seed)`, `run(game, budget)`
// keeping its tree along the game's line, `rootStats()` rows and `decide(game, others, options)`
// merging other searchers' rows, and every bad input refused with its code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsCode } from './load.mjs';

const { Game, Searcher } = await load();

/** The rows of a rootStats() array as objects. */
function rows(stats) {
  const out = [];
  for (let i = 0; i < stats.length; i += 5) {
    out.push({ x: stats[i], y: stats[i + 1], visits: stats[i + 2], wins: stats[i + 3], margin: stats[i + 4] });
  }
  return out;
}

/** The visits of the row for (x, y) (-1, -1: the pass), 0 when absent. */
function visitsAt(stats, x, y) {
  return rows(stats).find((r) => r.x === x && r.y === y)?.visits ?? 0;
}

test('run keeps visits across the opponent\'s answer and starts afresh for another position', () => {
  const g = new Game({ size: 9, rules: 'chinese' });
  const s = new Searcher(3);
  const first = s.run(g, { playouts: 2000 });
  assert.ok(first >= 1000 && first <= 2000, `simulations behind the root ${first}`);
  const stats = rows(s.rootStats());
  assert.ok(stats.length >= 2, 'a row per root move');
  const sum = stats.reduce((t, r) => t + r.visits, 0);
  assert.equal(sum, first, 'the rows sum to the simulations behind the root');
  // Play the searcher's best move and an answer the tree has read.
  const best = stats.filter((r) => r.x >= 0).sort((a, b) => b.visits - a.visits)[0];
  g.place(best.x, best.y);
  const again = s.run(g, { playouts: 1 });
  assert.ok(again >= 1, 'the reused subtree of one move');
  g.place(4, 6 === best.y ? 2 : 6);
  const kept = s.run(g, { playouts: 100 });
  // A fresh tree of 100 playouts has at most 100 simulations behind it; the reused one has the
  // subtree's besides (the answer was read by the earlier searches, or it has only the 100).
  const fresh = new Searcher(3);
  const g2 = new Game({ size: 9, rules: 'chinese' });
  g2.place(best.x, best.y);
  g2.place(4, 6 === best.y ? 2 : 6);
  const alone = fresh.run(g2, { playouts: 100 });
  assert.ok(alone <= 100);
  assert.ok(kept >= alone, `kept ${kept} >= fresh ${alone}`);
  // A game in another position: a fresh tree.
  const other = new Game({ size: 9, rules: 'chinese' });
  other.place(0, 0);
  assert.ok(s.run(other, { playouts: 50 }) <= 50, 'a fresh tree for a position off the line');
  for (const x of [g, g2, other, s, fresh]) x.free();
});

test('reuse after the opponent\'s answer: the answer\'s subtree visits become the root\'s', () => {
  const g = new Game({ size: 7, rules: 'chinese' });
  const s = new Searcher(8);
  s.run(g, { playouts: 3000 });
  const top = rows(s.rootStats()).filter((r) => r.x >= 0).sort((a, b) => b.visits - a.visits)[0];
  g.place(top.x, top.y);
  // The root's subtree at the move just played: simulations behind it, without running any more.
  const behind = s.run(g, { playouts: 1 }) - 1;
  assert.ok(behind > 100, `the move's subtree kept: ${behind}`);
  g.free();
  s.free();
});

test('decide merges other searchers\' rows and answers as genmoveDetails does', () => {
  const g = new Game({ size: 9, rules: 'japanese-1989' });
  for (const [x, y] of [[2, 2], [6, 6], [2, 6], [6, 2]]) g.place(x, y);
  const a = new Searcher(11);
  const b = new Searcher(12);
  a.run(g, { playouts: 500 });
  b.run(g, { playouts: 500 });
  const alone = a.decide(g);
  const lone = g.genmoveDetails({ playouts: 500, seed: 11 });
  assert.deepEqual(alone, lone, 'one searcher decides as genmoveDetails');
  const merged = a.decide(g, [b.rootStats()]);
  const sum = rows(a.rootStats()).reduce((t, r) => t + r.visits, 0)
    + rows(b.rootStats()).reduce((t, r) => t + r.visits, 0);
  assert.equal(merged.playouts, sum, 'the decision rests on both searches');
  const [bx, by] = merged.move === 'pass' ? [-1, -1] : [merged.move.x, merged.move.y];
  assert.ok(typeof merged.move === 'object' || merged.move === 'pass');
  const both = visitsAt(a.rootStats(), bx, by) + visitsAt(b.rootStats(), bx, by);
  assert.equal(merged.candidates[0].visits, both, 'the best candidate\'s visits are the sum');
  // Rows for moves this root lacks (an occupied point) are ignored.
  const extra = new Float64Array([2, 2, 1e6, 1e6, 0]);
  assert.deepEqual(a.decide(g, [extra]), alone);
  for (const x of [g, a, b]) x.free();
});

test('bad inputs are refused with codes, and nothing changes', () => {
  throwsCode(() => new Searcher(-1), 'invalidOptions');
  throwsCode(() => new Searcher(1.5), 'invalidOptions');
  throwsCode(() => new Searcher('1'), 'invalidOptions');
  const g = new Game({ size: 9 });
  const s = new Searcher();
  throwsCode(() => s.run(g, { playouts: 0 }), 'invalidOptions');
  throwsCode(() => s.run(g, { playout: 10 }), 'invalidOptions');
  throwsCode(() => s.run(g, { seed: 1 }), 'invalidOptions');
  throwsCode(() => s.run(g, 5), 'invalidOptions');
  throwsCode(() => s.decide(g), 'invalidOptions');
  assert.equal(s.rootStats().length, 0, 'no tree yet');
  s.run(g, { playouts: 100 });
  const before = Array.from(s.rootStats());
  for (const others of [
    [new Float64Array([1, 2, 3])],
    [new Float64Array([4, 4, 10, 11, 0])],
    [new Float64Array([4, 4, -1, 0, 0])],
    [new Float64Array([4, 4, 1.5, 0, 0])],
    [new Float64Array([99, 4, 1, 0, 0])],
    [new Float64Array([4, 4, 1, 0, NaN])],
    [new Float64Array([-1, 3, 1, 0, 0])],
    [[4, 4, 1, 1, 0]],
    new Float64Array(5),
    [new Proxy(new Float64Array(5), {})],
    'x',
  ]) {
    throwsCode(() => s.decide(g, others), 'invalidOptions');
  }
  throwsCode(() => s.decide(g, [], { seed: -2 }), 'invalidOptions');
  throwsCode(() => s.decide(g, [], { speed: 2 }), 'invalidOptions');
  assert.deepEqual(Array.from(s.rootStats()), before, 'refusals change nothing');
  // Play stopped: notPlaying, and the tree stays.
  g.pass();
  g.pass();
  throwsCode(() => s.run(g, { playouts: 10 }), 'notPlaying');
  throwsCode(() => s.decide(g), 'notPlaying');
  assert.deepEqual(Array.from(s.rootStats()), before);
  // Another position than the one searched.
  const h = new Game({ size: 9 });
  h.place(4, 4);
  throwsCode(() => s.decide(h), 'invalidOptions');
  for (const x of [g, h, s]) x.free();
});

test('the same seed and playouts give the same rows, with and without a kept tree', () => {
  const line = [[4, 4], [2, 6], [6, 2]];
  const play = (seed) => {
    const g = new Game({ size: 9, rules: 'chinese' });
    const s = new Searcher(seed);
    const out = [];
    for (const [x, y] of line) {
      s.run(g, { playouts: 300 });
      out.push(Array.from(s.rootStats()));
      g.place(x, y);
    }
    s.run(g, { playouts: 300 });
    out.push(Array.from(s.rootStats()), s.decide(g, [], { playouts: 100 }));
    g.free();
    s.free();
    return JSON.stringify(out);
  };
  assert.equal(play(4), play(4));
  assert.notEqual(play(4), play(5));
});
