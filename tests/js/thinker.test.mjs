// A worker's thinking (www/app/thinker.js) with the real engine in Node: the game kept and grown
// between requests, a level by playouts the same move for the same seed whatever the slices, two
// workers' statistics merged into one decision, the tree grown while pondering reused for the
// player's move, and a stop that ends the search within a slice.
//   node --test --test-concurrency=1 tests/js/thinker.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';
import { Thinker } from '../../www/app/thinker.js';

const engine = await load();
const never = () => false;
const breathe = () => Promise.resolve();
const game = { size: 9, rules: 'chinese', komi: 7 };

test('the game is kept between requests while its actions only grow, and rebuilt otherwise', () => {
  const t = new Thinker(engine);
  const g1 = t.gameOf(game, [['place', 2, 2]]);
  assert.equal(t.gameOf(game, [['place', 2, 2], ['place', 6, 6]]), g1, 'grown: the same game');
  const g2 = t.gameOf(game, [['place', 2, 2], ['place', 6, 2]]);
  assert.notEqual(g2, g1, 'another line: rebuilt');
  assert.deepEqual(Array.from(g2.board()), (() => {
    const g = new engine.Game(game);
    g.place(2, 2);
    g.place(6, 2);
    const b = Array.from(g.board());
    g.free();
    return b;
  })(), 'the other line replayed');
  const g3 = t.gameOf({ ...game, komi: 6.5 }, [['place', 2, 2], ['place', 6, 2]]);
  assert.notEqual(g3, g2, 'other options: rebuilt');
  // A replay that fails drops the game (nothing half replayed is kept).
  assert.throws(() => t.gameOf(game, [['place', 2, 2], ['place', 2, 2]]));
  assert.equal(t.held, null);
  t.reset();
});

test('a move by playouts is the same for the same seed, its pass checked with that budget', async () => {
  const moves = [];
  for (const seed of [3, 3, 4]) {
    const t = new Thinker(engine);
    const r = await t.playouts({ game, actions: [['place', 4, 4]], playouts: 700, seed }, never, breathe);
    assert.ok(r.simulations > 600 && r.simulations <= 700, JSON.stringify(r.simulations));
    moves.push(JSON.stringify([r.move, r.details.candidates]));
    t.reset();
  }
  assert.equal(moves[0], moves[1], 'the same seed, the same move and candidates');
});

test('two workers\' statistics merged: the decision counts both searches', async () => {
  const [a, b] = [new Thinker(engine, 1), new Thinker(engine, 2)];
  const msg = { game, actions: [['place', 4, 4]], timeMs: 150 };
  const ra = await a.search(msg, never, breathe);
  const rb = await b.search(msg, never, breathe);
  assert.ok(ra.stats instanceof Float64Array && ra.stats.length % 5 === 0 && ra.stats.length > 0);
  const alone = a.decide({ ...msg, others: [], seed: 1, timeMs: 150 });
  const merged = a.decide({ ...msg, others: [rb.stats], seed: 1, timeMs: 150 });
  assert.ok(merged.details.playouts > alone.details.playouts, `${merged.details.playouts} > ${alone.details.playouts}`);
  assert.deepEqual([ra.reused, ra.stopped, ra.ponder], [0, false, false], 'a fresh tree');
  a.reset();
  b.reset();
});

test('pondering grows the tree the player\'s move then starts from; a stop ends it within a slice', async () => {
  const t = new Thinker(engine);
  const actions = [['place', 4, 4], ['place', 2, 2]];
  const p = await t.search({ game, actions, timeMs: 300, ponder: true }, never, breathe);
  assert.equal(p.stats, null);
  assert.ok(p.simulations > 100);
  // The player answers with the move the tree searched most.
  const rows = t.searcher.rootStats();
  let best = 0;
  for (let i = 5; i < rows.length; i += 5) if (rows[i + 2] > rows[best + 2]) best = i;
  const answer = rows[best] < 0 ? ['pass'] : ['place', rows[best], rows[best + 1]];
  const r = await t.search({ game, actions: [...actions, answer], timeMs: 50 }, never, breathe);
  assert.ok(r.reused > 0 && r.reused < p.simulations, `reused ${r.reused} of ${p.simulations}`);
  console.log(`# pondered ${p.simulations} simulations in 300 ms; the player's move (the most searched) kept ${r.reused} behind the new root`);

  // Stopped: the loop ends after the slice in progress, long before its time.
  let calls = 0;
  const stale = () => ++calls > 2;
  const t0 = Date.now();
  const s = await t.search({ game, actions: [...actions, answer], timeMs: 60000 }, stale, breathe);
  assert.equal(s.stopped, true);
  assert.ok(Date.now() - t0 < 30000, 'not its 60 s');
  // A move by playouts stopped rejects as cancelled.
  await assert.rejects(t.playouts({ game, actions, playouts: 5000, seed: 1 }, () => true, breathe), { code: 'cancelled' });
  t.reset();
});

test('deciding before any search is the engine\'s failure; a finished game is notPlaying', async () => {
  const t = new Thinker(engine);
  assert.throws(() => t.decide({ game, actions: [], others: [], seed: 1, timeMs: 10 }), { code: 'engine' });
  await assert.rejects(t.search({ game, actions: [['pass'], ['pass']], timeMs: 10 }, never, breathe), { code: 'notPlaying' });
  t.reset();
});
