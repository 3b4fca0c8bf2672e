// The computer's levels per board size, its pool of workers (root-parallel search: the workers'
// statistics merged by the first, a failing or hung worker left out, a stop answered without
// ending the workers) with fake workers that speak engine-worker.js's protocol, and pondering
// after the computer's move (the opponent's turn with a fake engine on a real session).
//   node --test --test-concurrency=1 tests/js/pool.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';
import {
  LEVELS, LEVEL_NAMES, budget, sizeClass, moveOptions, timed, isOpponent,
} from '../../www/app/computer.js';
import { Engine, poolSize } from '../../www/app/pool.js';
import { Opponent, PONDER_CAP_MS } from '../../www/app/opponent.js';
import { Session } from '../../www/app/session.js';

const { Game } = await load();

test('each level is a budget per board size: playouts for the weak ones, a time for the strong', () => {
  const cases = [
    // level, size, budget
    ['beginner', 9, { playouts: 300 }], ['beginner', 13, { playouts: 600 }], ['beginner', 19, { playouts: 1200 }],
    ['casual', 9, { playouts: 2000 }], ['casual', 13, { playouts: 4000 }], ['casual', 19, { playouts: 8000 }],
    ['strong', 9, { timeMs: 1000 }], ['strong', 13, { timeMs: 2000 }], ['strong', 19, { timeMs: 3000 }],
    ['strongest', 9, { timeMs: 3000 }], ['strongest', 13, { timeMs: 5000 }], ['strongest', 19, { timeMs: 8000 }],
  ];
  for (const [level, size, want] of cases) assert.deepEqual(budget(level, { size }), want, `${level} ${size}`);
  assert.deepEqual(LEVEL_NAMES, ['beginner', 'casual', 'strong', 'strongest'], 'the names saved games hold');
  assert.deepEqual(LEVEL_NAMES.map(timed), [false, false, true, true]);
  for (const l of LEVEL_NAMES) assert.ok(Object.isFrozen(LEVELS[l]));
});

test('a board plays as the nearest of 9x9, 13x13 and 19x19 by its points', () => {
  const cases = [
    [{ size: 5 }, 9], [{ size: 11 }, 9], [{ size: 12 }, 13], [{ size: 16 }, 13], [{ size: 17 }, 19],
    [{ size: 25 }, 19], [{ size: { width: 9, height: 13 } }, 9], [{ size: { width: 7, height: 19 } }, 13],
    [{ size: { width: 13, height: 19 } }, 13], [{ size: { width: 15, height: 19 } }, 19], [{}, 19],
  ];
  for (const [options, want] of cases) assert.equal(sizeClass(options), want, JSON.stringify(options));
});

test('a move\'s options: the budget of its board and a seed per move; old saves are opponents', () => {
  const o = { computer: 'white', level: 'casual', seed: 1000 };
  assert.deepEqual(moveOptions(o, 0, { size: 13 }), { playouts: 4000, seed: 1000 });
  assert.deepEqual(moveOptions(o, 3, { size: 19 }), { playouts: 8000, seed: 1003 });
  assert.deepEqual(moveOptions({ ...o, level: 'strong' }, 5, { size: 9 }), { timeMs: 1000, seed: 1005 });
  for (const level of ['beginner', 'casual', 'strong', 'strongest']) assert.ok(isOpponent({ computer: 'black', level, seed: 7 }));
  assert.equal(isOpponent({ computer: 'black', level: 'grandmaster', seed: 7 }), false);
});

test('the pool: one worker per core, at least one, at most four', () => {
  assert.deepEqual([undefined, 0, 1, 2, 3, 4, 8, 64, 2.5].map(poolSize), [1, 1, 1, 2, 3, 4, 4, 4, 1]);
});

/** A fake worker: what the page posts is recorded, and `behave(worker, msg)` answers it. */
class FakeWorker {
  constructor(i, behave) {
    this.i = i;
    this.behave = behave;
    this.sent = [];
    this.on = { message: [], error: [] };
    this.terminated = false;
  }

  addEventListener(type, f) { this.on[type].push(f); }

  postMessage(msg) {
    this.sent.push(msg);
    queueMicrotask(() => { if (!this.terminated) this.behave(this, msg); });
  }

  reply(data) { for (const f of this.on.message) f({ data }); }

  crash(message) { for (const f of this.on.error) f({ message, preventDefault() {} }); }

  terminate() { this.terminated = true; }
}

/** Workers that search and decide as engine-worker.js does: stats of worker i hold i. */
function pool(size, misbehave = () => false, grace = 20) {
  const made = [];
  const engine = new Engine({
    size,
    grace,
    makeWorker: (i) => {
      const w = new FakeWorker(i, (w, msg) => {
        // misbehave(w, msg) answers for the workers first made only (w.n: the order made).
        if (misbehave(w, msg)) return;
        if (msg.type === 'search' && !msg.ponder) w.reply({ id: msg.id, stats: new Float64Array([i, 3, 4]), reused: 10 * i, simulations: 100 + i });
        else if (msg.type === 'search') w.reply({ id: msg.id, ponder: true, reused: 0, simulations: 5 });
        else if (msg.type === 'decide') w.reply({ id: msg.id, move: { x: i, y: 0 }, details: { others: msg.others.map((s) => s[0]) } });
        else if (msg.type === 'playouts') w.reply({ id: msg.id, move: 'pass', details: { seed: msg.seed }, simulations: msg.playouts });
      });
      w.n = made.length;
      made.push(w);
      return w;
    },
  });
  return { engine, made };
}

const game = { size: 9 };

test('a move by time: every worker searches, the first decides with the others\' statistics', async () => {
  const { engine, made } = pool(3);
  const r = await engine.genmove(game, [['place', 2, 2]], { timeMs: 50, seed: 7 });
  assert.deepEqual(r.move, { x: 0, y: 0 });
  assert.deepEqual(r.details.others, [1, 2], 'merged with workers 1 and 2');
  assert.deepEqual([r.workers, r.reused, r.simulations], [3, 30, 303]);
  assert.equal(made.length, 3);
  assert.ok(made.every((w) => w.sent[0].type === 'init'), 'each told its seed');
  assert.equal(new Set(made.map((w) => w.sent[0].seed)).size, 3, 'the seeds differ');
  for (const w of made) {
    const s = w.sent.find((m) => m.type === 'search');
    assert.deepEqual([s.timeMs, s.game, s.actions], [50, game, [['place', 2, 2]]]);
  }
  assert.deepEqual(made[0].sent.at(-1), { type: 'decide', game, actions: [['place', 2, 2]], others: [made[1], made[2]].map((_, k) => new Float64Array([k + 1, 3, 4])), seed: 7, timeMs: 50, id: made[0].sent.at(-1).id });
});

test('a move by playouts: the first worker alone, with the move\'s seed', async () => {
  const { engine, made } = pool(4);
  const r = await engine.genmove(game, [], { playouts: 300, seed: 11 });
  assert.equal(r.move, 'pass');
  assert.deepEqual(r.details, { seed: 11 });
  assert.equal(made.length, 1, 'no other worker started');
  assert.deepEqual([r.workers, r.simulations], [1, 300]);
});

test('a worker that crashes, refuses or hangs is left out: the others play the move', async () => {
  for (const [name, bad] of [
    ['crash', (w, m) => m.type === 'search' && (w.crash('boom'), true)],
    ['engine error', (w, m) => m.type === 'search' && (w.reply({ id: m.id, error: { code: 'engine', message: 'trap' } }), true)],
    ['hung', (w, m) => m.type === 'search'],
  ]) {
    const { engine, made } = pool(3, (w, m) => w.n === 1 && bad(w, m));
    const r = await engine.genmove(game, [], { timeMs: 5, seed: 1 });
    assert.deepEqual(r.move, { x: 0, y: 0 }, name);
    assert.deepEqual(r.details.others, [2], name);
    assert.equal(r.workers, 2, name);
    assert.equal(made[1].terminated, true, `${name}: the failed worker is ended`);
    // The next move makes it again.
    const again = await engine.genmove(game, [], { timeMs: 5, seed: 1 });
    assert.equal(made.length, 4, name);
    assert.deepEqual(again.details.others, [1, 2], name);
  }
});

test('the decider failing passes the decision to the next worker; the engine\'s refusal is the answer', async () => {
  const { engine } = pool(3, (w, m) => w.i === 0 && m.type === 'decide' && (w.crash('boom'), true));
  const r = await engine.genmove(game, [], { timeMs: 5, seed: 1 });
  assert.deepEqual(r.move, { x: 1, y: 0 });
  assert.deepEqual(r.details.others, [0, 2]);
  const refusing = pool(2, (w, m) => m.type === 'decide' && (w.reply({ id: m.id, error: { code: 'notPlaying', message: 'play has stopped' } }), true));
  await assert.rejects(refusing.engine.genmove(game, [], { timeMs: 5, seed: 1 }), { code: 'notPlaying' });
});

test('every worker failing: the move fails with the engine\'s error', async () => {
  const { engine } = pool(2, (w, m) => m.type === 'search' && (w.crash('no wasm'), true));
  await assert.rejects(engine.genmove(game, [], { timeMs: 5, seed: 1 }), { code: 'engine' });
});

test('stop: the workers are told (not ended) and the move rejects as cancelled', async () => {
  const { engine, made } = pool(2, (w, m) => m.type === 'search', 100000);
  const move = engine.genmove(game, [], { timeMs: 100000, seed: 1 });
  await new Promise((r) => setTimeout(r, 5));
  engine.stop();
  await assert.rejects(move, { code: 'cancelled' });
  for (const w of made) {
    assert.equal(w.terminated, false);
    assert.equal(w.sent.at(-1).type, 'stop');
  }
});

test('pondering: every worker searches the position; stopPonder and the next move stop it', async () => {
  const { engine, made } = pool(2, (w, m) => m.type === 'search' && m.ponder);
  engine.ponder(game, [['place', 2, 2]], 1234);
  assert.equal(engine.pondering, true);
  assert.deepEqual(made.map((w) => w.sent.at(-1)), [0, 1].map(() => ({ type: 'search', ponder: true, id: 0, game, actions: [['place', 2, 2]], timeMs: 1234 })));
  engine.stopPonder();
  assert.equal(engine.pondering, false);
  assert.deepEqual(made.map((w) => w.sent.at(-1).type), ['stop', 'stop']);
  engine.ponder(game, [['place', 2, 2]], 1234);
  const r = engine.genmove(game, [['place', 2, 2], ['place', 3, 3]], { timeMs: 5, seed: 1 });
  assert.deepEqual(made.map((w) => w.sent.at(-3).type), ['search', 'search'], 'pondered');
  assert.deepEqual(made.map((w) => w.sent.at(-2).type), ['stop', 'stop'], 'then stopped');
  assert.deepEqual(made.map((w) => w.sent.at(-1).type), ['search', 'search'], 'then the move');
  await r;
});

/** An engine that records what it is asked and answers a move when told. */
class FakeEngine {
  constructor() { this.log = []; this.moves = []; }

  genmove(options, actions, move) {
    this.log.push(['genmove', actions.length, move]);
    return new Promise((resolve, reject) => this.moves.push({ resolve, reject }));
  }

  stop() { this.log.push(['stop']); }

  ponder(options, actions, cap) { this.log.push(['ponder', actions.length, cap]); }

  stopPonder() { this.log.push(['stopPonder']); }
}

/** A document whose visibility the test sets. */
class FakeDocument {
  constructor() { this.hidden = false; this.listeners = []; }

  addEventListener(type, f) { if (type === 'visibilitychange') this.listeners.push(f); }

  setHidden(h) { this.hidden = h; for (const f of this.listeners) f(); }
}

/** A session against the computer (White at `level`) with the opponent synced on every change. */
function against(level) {
  const s = new Session({ Game, today: () => '2026-11-29', computerName: (l) => `tengen (${l})` });
  const engine = new FakeEngine();
  const doc = new FakeDocument();
  const h = { changed() {}, failed() {}, refused() {} };
  const o = new Opponent(s, engine, h, doc);
  s.on(() => o.sync());
  s.startGame({ size: 9 }, { computer: 'white', level, seed: 5 });
  return { s, engine, doc, o };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

test('after the computer\'s move at a level by time the workers ponder; the player\'s move stops it first', async () => {
  const { s, engine, o } = against('strong');
  assert.deepEqual(engine.log, [], 'nothing before the player\'s first move');
  s.perform(['place', 2, 2]);
  assert.deepEqual(engine.log, [['genmove', 1, { timeMs: 1000, seed: 6 }]]);
  engine.moves[0].resolve({ move: { x: 6, y: 6 } });
  await tick();
  assert.deepEqual(s.actions.at(-1), ['place', 6, 6]);
  assert.deepEqual(engine.log.at(-1), ['ponder', 2, PONDER_CAP_MS]);
  assert.ok(o.pondering);
  engine.log.length = 0;
  s.perform(['place', 2, 6]);
  assert.deepEqual(engine.log, [['stopPonder'], ['genmove', 3, { timeMs: 1000, seed: 8 }]]);
  assert.equal(o.pondering, null);
  s.game.free();
});

test('pondering stops on undo, a pass, resignation and a new game, and never starts again without a computer\'s move', async () => {
  for (const action of ['undo', 'pass', 'resign', 'new game']) {
    const { s, engine, o } = against('strongest');
    s.perform(['place', 2, 2]);
    engine.moves[0].resolve({ move: { x: 6, y: 6 } });
    await tick();
    assert.ok(o.pondering, action);
    engine.log.length = 0;
    if (action === 'undo') s.undo();
    if (action === 'pass') s.perform(['pass']);
    if (action === 'resign') s.perform(['resign', 'black']);
    if (action === 'new game') s.startGame({ size: 9 }, { computer: 'white', level: 'strongest', seed: 1 });
    assert.deepEqual(engine.log[0], ['stopPonder'], action);
    assert.equal(o.pondering, null, action);
    assert.ok(!engine.log.some((l) => l[0] === 'ponder'), `${action}: no pondering after it`);
    s.game.free();
  }
});

test('the tab hidden stops pondering, shown again it resumes; the levels by playouts never ponder', async () => {
  const { s, engine, doc, o } = against('strong');
  s.perform(['place', 2, 2]);
  engine.moves[0].resolve({ move: { x: 6, y: 6 } });
  await tick();
  engine.log.length = 0;
  doc.setHidden(true);
  assert.deepEqual(engine.log, [['stopPonder']]);
  assert.equal(o.pondering, null);
  doc.setHidden(false);
  assert.deepEqual(engine.log.at(-1), ['ponder', 2, PONDER_CAP_MS]);
  s.game.free();

  for (const level of ['beginner', 'casual']) {
    const b = against(level);
    b.s.perform(['place', 2, 2]);
    b.engine.moves[0].resolve({ move: { x: 6, y: 6 } });
    await tick();
    assert.deepEqual(b.s.actions.length, 2);
    assert.ok(!b.engine.log.some((l) => l[0] === 'ponder'), level);
    b.s.game.free();
  }
});

test('no pondering after the computer resigns or passes into a stopped game', async () => {
  const { s, engine, o } = against('strong');
  s.perform(['place', 2, 2]);
  engine.moves[0].resolve({ move: 'resign' });
  await tick();
  assert.equal(s.game.phase, 'finished');
  assert.equal(o.pondering, null);
  assert.ok(!engine.log.some((l) => l[0] === 'ponder'));
  s.game.free();
  const p = against('strong');
  p.s.perform(['pass']);
  p.engine.moves[0].resolve({ move: 'pass' });
  await tick();
  assert.equal(p.s.game.phase, 'stopped');
  assert.ok(!p.engine.log.some((l) => l[0] === 'ponder'));
  p.s.game.free();
});
