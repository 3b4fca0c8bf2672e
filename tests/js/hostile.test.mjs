// The JS API under hostile use: arguments whose getters throw, Proxies,
// lying typed arrays, calls after free(), games never freed. Every error thrown has a documented
// code; a refused call changes nothing; no instance is left unusable; the module never traps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { load, throwsCode, PKG } from './load.mjs';

const mod = await load();
const { Game } = mod;
// initSync again returns the instance already made: its exports, with the memory.
const wasm = mod.initSync({ module: fs.readFileSync(path.join(PKG, 'tengen_bg.wasm')) });

/** Everything observable of a game, to show that a refused call changed nothing. */
function state(g) {
  return JSON.stringify({
    board: Array.from(g.board()), toMove: g.toMove, phase: g.phase, captures: g.captures,
    moveNumber: g.moveNumber, lastMove: g.lastMove, sgf: g.toSgf(), path: g.path,
  });
}

/** A value whose every property read throws, and one that is a revoked Proxy. */
const throwing = () => new Proxy([], {
  get() { throw new Error('a getter that throws'); },
  getPrototypeOf() { throw new Error('a trap that throws'); },
  ownKeys() { throw new Error('a trap that throws'); },
});
const revoked = () => {
  const r = Proxy.revocable([], {});
  r.revoke();
  return r.proxy;
};

test('B: an argument whose getters throw is refused with invalidOptions, and the game goes on', () => {
  const g = new Game({ size: 9 });
  g.place(2, 2);
  const before = state(g);
  const pathGetter = [0];
  Object.defineProperty(pathGetter, 0, { get() { throw new Error('boom'); } });
  const badPaths = [throwing(), revoked(), pathGetter, { length: 1, get 0() { throw new Error('x'); } }];
  // ~1,500 such calls once broke the module: many more here.
  for (let i = 0; i < 3000; i++) {
    throwsCode(() => g.goTo(badPaths[i % badPaths.length]), 'invalidOptions');
  }
  assert.equal(state(g), before, 'refused calls changed nothing');
  // The game is not left borrowed: play, undo and free still work.
  g.place(6, 6);
  assert.equal(g.moveNumber, 2);
  g.undo();
  assert.equal(state(g), before);
  for (const bad of [throwing(), revoked()]) {
    throwsCode(() => g.estimate(bad), 'invalidOptions');
    assert.equal(g.legality(2, 3, bad), 'invalidOptions');
  }
  g.free();
  const h = new Game({ size: 52 });
  assert.equal(h.width, 52);
  h.free();
});

test('D: options whose getters throw are refused (not read as absent); every error has a code', () => {
  // Was: a 19x19 game, the throwing size read as absent.
  throwsCode(() => new Game({ get size() { throw 1; } }), 'invalidOptions');
  throwsCode(() => new Game({ size: 9, get komi() { throw new Error('no'); } }), 'invalidOptions');
  throwsCode(() => new Game({ rules: { get ko() { throw 1; } } }), 'invalidOptions');
  throwsCode(() => new Game({ setup: { black: throwing() } }), 'invalidOptions');
  throwsCode(() => new Game({ setup: { black: [[0, 0], revoked()] } }), 'invalidOptions');
  throwsCode(() => new Game(throwing()), 'invalidOptions');
  throwsCode(() => new Game(revoked()), 'invalidOptions');
  throwsCode(() => new Game({ size: { get width() { throw 1; }, height: 9 } }), 'invalidOptions');
  throwsCode(() => Game.fromSgf('(;SZ[9])', { get lenient() { throw 1; } }), 'invalidOptions');
  throwsCode(() => Game.fromSgf('(;SZ[9])', throwing()), 'invalidOptions');
  // A set-up list longer than any board is refused before it is read.
  const long = [];
  long.length = 2 ** 32 - 1;
  throwsCode(() => new Game({ setup: { black: long } }), 'invalidOptions');
  const g = new Game({ size: 9 });
  const path = [];
  path.length = 2 ** 32 - 1;
  throwsCode(() => g.goTo(path), 'invalidOptions');
  g.free();
});

test('D: calls after free() throw the code freed, never a bare error', () => {
  const g = new Game({ size: 9 });
  g.place(4, 4);
  g.free();
  for (const call of [() => g.place(1, 1), () => g.undo(), () => g.score(), () => g.board(), () => g.toSgf(),
    () => g.moveNumber, () => g.goTo([]), () => g.legality(0, 0), () => g.free()]) {
    throwsCode(call, 'freed');
  }
  // Other games are not affected.
  const h = new Game({ size: 9 });
  h.place(4, 4);
  assert.equal(h.moveNumber, 1);
  h.free();
});

test('B: a call made from inside another call on the same game (a getter that calls back) is refused with a code', () => {
  const g = new Game({ size: 9 });
  let inner = null;
  const path = [0];
  Object.defineProperty(path, 0, {
    get() {
      try { g.place(1, 1); } catch (e) { inner = e; }
      return 0;
    },
  });
  try { g.goTo(path); } catch { /* the outer call may refuse the path; it must not break the game */ }
  assert.ok(inner === null || inner.code === 'busy', `the re-entrant call: ${inner?.code} ${inner?.message}`);
  const before = g.moveNumber;
  g.place(5, 5);
  assert.equal(g.moveNumber, before + 1, 'the game still plays');
  g.free();
});

test('C: a Uint8Array that lies about its length is read by its real bytes; no panic, no trap', () => {
  class Liar extends Uint8Array {
    get length() { return 2 ** 32 - 1; }
    get byteLength() { return 2 ** 32 - 1; }
  }
  const text = new TextEncoder().encode('(;SZ[9];B[ee];W[cc])');
  const liar = new Liar(text.length);
  liar.set(text);
  const g = Game.fromSgf(liar);
  assert.equal(g.moveNumber, 2);
  g.free();
  // A detached buffer, a typed array of another kind, a Proxy of a Uint8Array: coded errors.
  const buf = new ArrayBuffer(8);
  const view = new Uint8Array(buf);
  structuredClone(buf, { transfer: [buf] });
  assert.ok(['sgf', 'invalidOptions'].includes(catchCode(() => Game.fromSgf(view))));
  throwsCode(() => Game.fromSgf(new Uint16Array(4)), 'invalidOptions');
  throwsCode(() => Game.fromSgf(new Proxy(text, {})), 'invalidOptions');
  // The module still works.
  const h = new Game({ size: 19 });
  h.place(3, 3);
  h.free();
});

function catchCode(fn) {
  try { fn(); } catch (e) { return e.code; }
  return null;
}

test('E: a fresh 52x52 game takes a few KB of wasm memory; a page that forgets to free games keeps working', () => {
  const memory = () => wasm.memory.buffer.byteLength;
  const keep = [];
  // Warm the allocator, then measure 200 games.
  for (let i = 0; i < 20; i++) keep.push(new Game({ size: 52 }));
  const m0 = memory();
  for (let i = 0; i < 200; i++) keep.push(new Game({ size: 52 }));
  const m1 = memory();
  const perGame = (m1 - m0) / 200;
  assert.ok(perGame < 64 * 1024, `about ${Math.round(perGame / 1024)} KB per fresh 52x52 game`);
  for (const g of keep) g.free();
});

test('F: undo after a lenient read of a record with a bad root move never throws sgf', () => {
  const g = Game.fromSgf('(;B[R0WZ])', { lenient: true });
  const before = state(g);
  g.place(3, 3);
  g.place(4, 4);
  g.undo();
  g.undo();
  assert.equal(state(g), before, 'the moves are taken back, and their nodes');
  g.free();
});

test('ErrorCode in the typings names every code the API throws', () => {
  const dts = fs.readFileSync(path.join(PKG, 'tengen.d.ts'), 'utf8');
  const m = /export type ErrorCode =([^;]+);/.exec(dts);
  assert.ok(m, 'ErrorCode is declared');
  const codes = [...m[1].matchAll(/'([a-zA-Z]+)'/g)].map((x) => x[1]);
  for (const c of ['offBoard', 'occupied', 'suicide', 'ko', 'superko', 'notPlaying', 'notStopped', 'notAllowed',
    'noStone', 'invalidOptions', 'sgf', 'illegalMove', 'freed', 'busy', 'outOfMemory']) {
    assert.ok(codes.includes(c), `ErrorCode has '${c}'`);
  }
});

test('a run of 20,000 random calls with hostile arguments: every error coded, no trap, no game that stops answering', async () => {
  const { run } = await import('./hostile-run.mjs');
  const n = run(Game, 20000, 7);
  assert.equal(n.calls, 20000);
  assert.ok(n.errors > 1000, `${n.errors} refused calls`);
  for (const code of ['invalidOptions', 'offBoard', 'freed']) assert.ok(n.byCode[code] > 0, `some ${code}`);
  // The module still makes and plays games.
  const g = new Game({ size: 19 });
  g.place(3, 3);
  assert.equal(g.moveNumber, 1);
  g.free();
});

test('goTo reads a path in one copy: numbers only, never coerced, a Proxy cannot stretch it', () => {
  const g = new Game({ size: 9 });
  g.place(2, 2);
  g.place(6, 6);
  const before = state(g);
  const hole = [0, 0];
  delete hole[1];
  for (const bad of [['0'], [0.5], [NaN], [-1], [{}], [true], [[0]], [null], [undefined], hole, [2 ** 32], [1e21]]) {
    throwsCode(() => g.goTo(bad), 'invalidOptions');
    assert.equal(state(g), before, `goTo(${JSON.stringify(bad)}) changed nothing`);
  }
  // A Proxy that says length 1 when asked first, then 2^32 - 1: read as at most one element.
  let asked = 0;
  const stretching = new Proxy([0], {
    get(t, k) { return k === 'length' ? (asked++ ? 2 ** 32 - 1 : 1) : Reflect.get(t, k); },
  });
  g.goTo(stretching);
  assert.deepEqual(g.path, [0]);
  g.goTo([0, 0]);
  assert.equal(state(g), before);
  // An element's toJSON that throws is a read that throws.
  throwsCode(() => g.goTo([{ toJSON() { throw new Error('no'); } }]), 'invalidOptions');
  g.free();
});

for (const [pkg, allocator] of [['www/pkg', 'dlmalloc'], ['pkg-embed', 'talc']]) {
  test(`E: a page that makes 52x52 games and frees none gets outOfMemory, every game still plays, freeing makes room (${pkg}, ${allocator}; child process, up to 4 GB)`, async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [path.join(path.dirname(new URL(import.meta.url).pathname), 'memory-run.mjs'), pkg], {
      encoding: 'utf8', timeout: 240_000,
    });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /refused after \d+ games of 52x52 .*outOfMemory/);
    assert.match(run.stdout, /every game still plays; after freeing half, new games are made again/);
    console.log(run.stdout.trim().split('\n').slice(-2).join('\n'));
  });
}
