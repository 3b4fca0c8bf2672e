// The computer player through the built package: game.genmove(options?) and
// game.genmoveDetails(options?) answer a legal move without changing the game, the same one for a
// seed with a budget in playouts, and refuse bad options and games no longer in play.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsCode } from './load.mjs';

const { Game } = await load();

/** Everything observable of a game, to show that genmove changed nothing. */
function state(g) {
  return JSON.stringify({
    board: Array.from(g.board()), toMove: g.toMove, phase: g.phase, captures: g.captures, moveNumber: g.moveNumber,
    lastMove: g.lastMove, koPoint: g.koPoint, handicapLeft: g.handicapLeft, sgf: g.toSgf(), path: g.path,
  });
}

/** Asserts that `m` is a move the side to move of `g` may make: a legal point, 'pass' or 'resign'. */
function legal(g, m) {
  if (m === 'pass' || m === 'resign') return;
  assert.deepEqual(Object.keys(m).sort(), ['x', 'y'], JSON.stringify(m));
  assert.equal(g.legality(m.x, m.y), null, `${JSON.stringify(m)} is legal`);
}

test('genmove answers a legal move for the side to move and changes nothing', () => {
  for (const [options, moves] of [
    [{ size: 9 }, []],
    [{ size: 9, rules: 'chinese' }, [[4, 4], [3, 3], [5, 5]]],
    [{ size: 13, rules: 'tromp-taylor' }, [[3, 3], [9, 9]]],
    [{ size: { width: 7, height: 5 }, rules: 'aga', komi: 0.5 }, [[1, 1]]],
    [{ size: 19, handicap: 4 }, []],
  ]) {
    const g = new Game(options);
    for (const [x, y] of moves) g.place(x, y);
    const before = state(g);
    const m = g.genmove({ playouts: 200, seed: 5 });
    legal(g, m);
    assert.equal(state(g), before, `genmove changes nothing (${JSON.stringify(options)})`);
    // The answer can be played through the ordinary path.
    if (typeof m === 'object') g.place(m.x, m.y);
    g.free();
  }
});

test('the same seed and playouts give the same move; details say what the search saw', () => {
  const g = new Game({ size: 9, rules: 'japanese-1989' });
  for (const [x, y] of [[2, 2], [6, 6], [2, 6], [6, 2]]) g.place(x, y);
  const a = g.genmove({ playouts: 500, seed: 11 });
  const b = g.genmove({ playouts: 500, seed: 11 });
  assert.deepEqual(a, b);
  const d = g.genmoveDetails({ playouts: 500, seed: 11 });
  assert.deepEqual(d.move, a, 'genmoveDetails decides as genmove does');
  assert.equal(typeof d.reason, 'string');
  assert.ok(d.playouts >= 1 && d.playouts <= 500, `playouts ${d.playouts}`);
  assert.ok(d.winRate >= 0 && d.winRate <= 1);
  assert.ok(d.candidates.length >= 1 && d.candidates.length <= 8);
  for (const c of d.candidates) {
    if (c.move !== 'pass') legal(g, c.move);
    assert.ok(Number.isInteger(c.visits) && c.visits >= 0);
    assert.ok(c.winRate >= 0 && c.winRate <= 1);
  }
  for (let i = 1; i < d.candidates.length; i++) assert.ok(d.candidates[i - 1].visits >= d.candidates[i].visits, 'best first');
  g.free();
});

test('a time budget is kept by the host clock', () => {
  const g = new Game({ size: 9 });
  const t0 = performance.now();
  legal(g, g.genmove({ timeMs: 150 }));
  const ms = performance.now() - t0;
  assert.ok(ms >= 100 && ms < 2000, `thought for ${ms} ms`);
  g.free();
});

test('free handicap: the player places the next stone on a star point', () => {
  const g = new Game({ size: 9, handicap: 3, handicapPlacement: 'free' });
  const m = g.genmove();
  legal(g, m);
  g.place(m.x, m.y);
  assert.equal(g.handicapLeft, 2);
  g.free();
});

test('a game played to the end by two computer players (small budget)', () => {
  const g = new Game({ size: 5, rules: 'chinese' });
  let moves = 0;
  while (g.phase === 'playing' && moves < 120) {
    const m = g.genmove({ playouts: 60, seed: moves });
    legal(g, m);
    if (m === 'pass') g.pass();
    else if (m === 'resign') g.resign(g.toMove);
    else g.place(m.x, m.y);
    moves++;
  }
  assert.notEqual(g.phase, 'playing', `the game ended within ${moves} moves`);
  g.free();
});

test('bad options are refused with invalidOptions and change nothing', () => {
  const g = new Game({ size: 9 });
  g.place(4, 4);
  const before = state(g);
  const throwing = new Proxy({}, { ownKeys() { throw new Error('a trap that throws'); }, get() { throw new Error('a getter'); } });
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  for (const bad of [
    3, 'fast', true, [], [300], { playouts: 0 }, { playouts: -1 }, { playouts: 1.5 }, { playouts: 5_000_001 },
    { playouts: '300' }, { playouts: NaN }, { playouts: Infinity }, { timeMs: 0 }, { timeMs: 600_001 }, { timeMs: 0.5 },
    { seed: -1 }, { seed: 2 ** 53 + 2 }, { seed: 1.5 }, { seed: 1n }, { playout: 300 }, { time: 3000 }, { playouts: 300, level: 1 },
    { get playouts() { throw new Error('boom'); } }, throwing, revoked.proxy,
  ]) {
    throwsCode(() => g.genmove(bad), 'invalidOptions');
    throwsCode(() => g.genmoveDetails(bad), 'invalidOptions');
  }
  assert.equal(state(g), before);
  // The limits themselves are accepted.
  legal(g, g.genmove({ playouts: 1, seed: 0 }));
  legal(g, g.genmove({ playouts: 1, timeMs: 600_000, seed: 2 ** 53 }));
  legal(g, g.genmove(null));
  g.free();
});

test('no move once play has stopped or the game is over: notPlaying', () => {
  const g = new Game({ size: 9 });
  g.place(2, 2);
  g.pass();
  g.pass();
  assert.equal(g.phase, 'stopped');
  const before = state(g);
  throwsCode(() => g.genmove({ playouts: 10 }), 'notPlaying');
  throwsCode(() => g.genmoveDetails(), 'notPlaying');
  assert.equal(state(g), before);
  g.finish();
  throwsCode(() => g.genmove(), 'notPlaying');
  // Resumed, it plays again.
  const h = new Game({ size: 9 });
  h.pass();
  h.pass();
  h.resume('black');
  legal(h, h.genmove({ playouts: 50 }));
  h.resign('white');
  throwsCode(() => h.genmove(), 'notPlaying');
  g.free();
  h.free();
  // Freed: the runtime's error, with its code.
  throwsCode(() => g.genmove(), 'freed');
});

test('a record read from SGF: the move is for the node shown, and stepping around is undisturbed', () => {
  const g = Game.fromSgf('(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[gg])');
  g.previous();
  const before = state(g);
  const m = g.genmove({ playouts: 100 });
  legal(g, m);
  assert.equal(g.toMove, 'black');
  assert.equal(state(g), before);
  g.free();
});
