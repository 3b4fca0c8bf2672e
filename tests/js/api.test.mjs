// The JS API through the built wasm package: every method, and bad input of every kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsCode } from './load.mjs';

const { Game } = await load();

/** A snapshot of everything observable, to show a failed call changed nothing. */
function state(g) {
  return JSON.stringify({
    board: Array.from(g.board()), toMove: g.toMove, phase: g.phase, captures: g.captures,
    moveNumber: g.moveNumber, lastMove: g.lastMove, koPoint: g.koPoint, repetition: g.repetition,
    score: { ...g.score(), ownership: undefined, kinds: undefined, countsFor: undefined },
  });
}

function unchanged(g, fn, code) {
  const before = state(g);
  throwsCode(fn, code);
  assert.equal(state(g), before, 'a failed call changes nothing');
}

test('new Game: defaults and options', () => {
  const g = new Game();
  assert.equal(g.width, 19);
  assert.equal(g.height, 19);
  assert.equal(g.toMove, 'black');
  assert.equal(g.phase, 'playing');
  assert.equal(g.moveNumber, 0);
  assert.equal(g.lastMove, null);
  assert.equal(g.koPoint, null);
  assert.equal(g.repetition, null);
  assert.deepEqual(g.captures, { black: 0, white: 0 });
  assert.ok(g.board() instanceof Int8Array);
  assert.equal(g.board().length, 361);
  const r = new Game({ size: { width: 7, height: 5 }, rules: { preset: 'chinese', ko: 'situational', suicide: true, scoring: 'territory', tie: 'white' }, komi: 0.5 });
  assert.equal(r.width, 7);
  assert.equal(r.height, 5);
  assert.equal(r.score().scoring, 'territory');
  assert.equal(r.score().komi, 0.5);
  const h = new Game({ size: 19, rules: 'japanese-1989', komi: 6.5, handicap: 2 });
  assert.equal(h.toMove, 'white');
  const b = h.board();
  assert.equal(b[3 * 19 + 15], 1, 'WAGC rule 7: first stone on D-16, (15, 3)');
  assert.equal(b[15 * 19 + 3], 1, 'second stone on Q-4, (3, 15)');
  for (const name of ['japanese-1989', 'wagc-1979', 'simple', 'basic', 'chinese', 'aga', 'new-zealand', 'tromp-taylor']) {
    assert.equal(new Game({ rules: name }).phase, 'playing');
  }
});

test('new Game: bad options throw invalidOptions', () => {
  const bad = [
    42, 'japanese', [], { size: 1 }, { size: 53 }, { size: 9.5 }, { size: NaN }, { size: '19' },
    { size: { width: 9 } }, { size: { width: 9, height: 'x' } }, { size: { width: 0, height: 9 } },
    { size: Infinity }, { size: null }, { rules: 'japanese' }, { rules: 7 }, { rules: { preset: 'nope' } },
    { rules: { ko: 'super' } }, { rules: { suicide: 'yes' } }, { rules: { scoring: 'points' } },
    { rules: { tie: 'black' } }, { komi: NaN }, { komi: Infinity }, { komi: '6.5' }, { komi: 0.3 },
    { komi: 1e9 }, { handicap: 1 }, { handicap: 10 }, { handicap: -1 }, { handicap: 2.5 },
    { handicap: '2' }, { handicapPlacement: 'random' }, { size: 5, handicap: 2 }, { size: 8, handicap: 5 },
  ];
  for (const o of bad) throwsCode(() => new Game(o), 'invalidOptions');
});

test('place: captures, lastCaptured, getters', () => {
  const g = new Game({ size: 5 });
  g.place(1, 0); g.place(0, 0);
  assert.equal(g.place(0, 1), 1);
  assert.deepEqual(g.lastCaptured(), [[0, 0]]);
  assert.deepEqual(g.captures, { black: 1, white: 0 });
  assert.equal(g.moveNumber, 3);
  assert.deepEqual(g.lastMove, { player: 'black', point: [0, 1] });
  assert.equal(g.toMove, 'white');
  assert.equal(g.legality(2, 2), null);
  assert.equal(g.legality(0, 0), 'suicide');
  assert.equal(g.legality(1, 0), 'occupied');
  assert.equal(g.legality(5, 0), 'offBoard');
  assert.equal(g.legality('1', 0), 'offBoard');
  assert.equal(g.legality(NaN, 0), 'offBoard');
});

test('place: bad coordinates are errors, never coerced, and change nothing', () => {
  const g = new Game({ size: 9 });
  g.place(4, 4);
  for (const [x, y] of [[-1, 0], [9, 0], [0, 9], [NaN, 1], [1, NaN], [1.5, 2], [2, 0.1], ['3', '3'], [null, 1],
    [undefined, 1], [{}, 1], [[1], 1], [Infinity, 1], [1e20, 1], [true, 1]]) {
    unchanged(g, () => g.place(x, y), 'offBoard');
  }
  unchanged(g, () => g.place(4, 4), 'occupied');
  unchanged(g, () => g.markDead(4, 4), 'notStopped');
  unchanged(g, () => g.resume('black'), 'notStopped');
  unchanged(g, () => g.finish(), 'notStopped');
  unchanged(g, () => g.declareNoResult(), 'notAllowed');
  unchanged(g, () => g.resign('blue'), 'notAllowed');
  unchanged(g, () => g.resign(), 'notAllowed');
  assert.equal(g.place(3, 3), 0, 'the instance keeps working');
});

test('suicide, ko and superko codes', () => {
  const s = new Game({ size: 3 });
  s.place(1, 0); s.pass(); s.place(0, 1); // black stones around the corner (0, 0)
  unchanged(s, () => s.place(0, 0), 'suicide');
  const k = new Game({ size: 5 });
  for (const [x, y] of [[1, 0], [2, 0], [0, 1], [3, 1], [1, 2], [2, 2], [2, 1]]) k.place(x, y);
  assert.equal(k.place(1, 1), 1);
  assert.deepEqual(k.koPoint, [2, 1]);
  assert.equal(k.legality(2, 1), 'ko');
  unchanged(k, () => k.place(2, 1), 'ko');
  // Tromp-Taylor: a single-stone suicide recreates the position: superko.
  const t = new Game({ size: 3, rules: 'tromp-taylor' });
  t.place(1, 0); t.pass(); t.place(0, 1);
  unchanged(t, () => t.place(0, 0), 'superko');
});

test('pass, stop, mark dead, score, finish, undo', () => {
  const g = new Game({ size: 5, rules: 'japanese-1989', komi: 0.5 });
  // Black wall on column 1, white on column 3, a white stone inside black's area.
  const moves = [[1, 0], [3, 0], [1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3], [1, 4], [3, 4], [2, 2], [0, 2]];
  for (const [x, y] of moves) g.place(x, y);
  assert.equal(g.pass(), false);
  assert.equal(g.pass(), true);
  assert.equal(g.phase, 'stopped');
  unchanged(g, () => g.place(2, 0), 'notPlaying');
  unchanged(g, () => g.pass(), 'notPlaying');
  unchanged(g, () => g.markDead(2, 1), 'noStone');
  unchanged(g, () => g.markDead(7, 1), 'offBoard');
  assert.deepEqual(g.markDead(0, 2), [[0, 2]]);
  const s = g.score();
  assert.equal(s.scoring, 'territory');
  assert.deepEqual(s.dead, [[0, 2]]);
  assert.deepEqual(s.black, { stones: 6, territory: 5, prisoners: 1, total: 6 });
  assert.equal(s.white.territory, 5);
  assert.equal(s.white.total, 5.5);
  assert.equal(s.winner, 'black');
  assert.equal(s.margin, 0.5);
  assert.equal(s.result, 'B+0.5');
  assert.equal(s.kindNames[s.kinds[2]], 'dame', 'column 2 is dame between the walls');
  assert.ok(s.ownership instanceof Int8Array);
  assert.equal(s.ownership.length, 25);
  assert.equal(s.ownership[2 * 5 + 0], 1, 'the dead white stone\'s point is Black\'s');
  assert.equal(s.kindNames[s.kinds[2 * 5]], 'dead');
  assert.equal(s.kindNames[s.kinds[0]], 'territory');
  assert.equal(s.countsFor[0], 1);
  g.finish();
  assert.equal(g.phase, 'finished');
  unchanged(g, () => g.finish(), 'notStopped');
  unchanged(g, () => g.resign('black'), 'notPlaying');
  g.undo(); // the finish
  assert.equal(g.phase, 'stopped');
  g.undo(); // the mark
  assert.deepEqual(g.score().dead, []);
  g.resume('black');
  assert.equal(g.toMove, 'white', 'J89 Art. 9.3: the opponent of the requester moves first');
  assert.equal(g.phase, 'playing');
  g.undo();
  assert.equal(g.phase, 'stopped');
  for (let i = 0; i < 100 && g.moveNumber > 0; i++) g.undo();
  assert.equal(g.moveNumber, 0);
  assert.deepEqual(Array.from(g.board()), new Array(25).fill(0));
  unchanged(g, () => g.undo(), 'notAllowed');
});

test('resign, declareNoResult, basic all-alive and simple finish', () => {
  const r = new Game({ size: 9 });
  r.resign('white');
  assert.equal(r.phase, 'finished');
  assert.equal(r.score().result, 'B+R');
  assert.equal(r.score().winner, 'black');
  const c = new Game({ size: 9, rules: 'chinese' });
  unchanged(c, () => c.declareNoResult(), 'notAllowed');
  const s = new Game({ size: 5, rules: 'simple' });
  s.place(2, 2); s.pass(); s.pass();
  assert.equal(s.phase, 'finished', 'seed 002: two passes end the game');
  unchanged(s, () => s.markDead(2, 2), 'notAllowed');
  assert.equal(s.score().result, 'B+18');
  const b = new Game({ size: 5, rules: 'basic' });
  b.place(2, 2); b.pass(); b.pass();
  b.resume('white'); // black moves first
  b.pass(); b.pass();
  unchanged(b, () => b.markDead(2, 2), 'notAllowed');
});

test('free handicap placement', () => {
  const g = new Game({ size: 9, handicap: 3, handicapPlacement: 'free' });
  assert.equal(g.toMove, 'black');
  unchanged(g, () => g.pass(), 'notAllowed');
  g.place(0, 0); g.place(8, 8); g.place(4, 4);
  assert.equal(g.toMove, 'white');
  assert.equal(g.moveNumber, 0);
  g.place(2, 2);
  assert.equal(g.moveNumber, 1);
});

test('no input, however bad, breaks the instance', () => {
  const values = [undefined, null, NaN, -1, 0, 1, 2, 3, 1.5, 1e300, -Infinity, '1', 'black', 'white', {}, [], true, Symbol.iterator, 10n];
  let seed = 7;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) >>> 0; return seed % n; };
  const g = new Game({ size: 4, rules: 'japanese-1989' });
  const methods = ['place', 'pass', 'resume', 'markDead', 'score', 'undo', 'resign', 'finish', 'declareNoResult', 'legality', 'board', 'lastCaptured'];
  for (let i = 0; i < 3000; i++) {
    const m = methods[rnd(methods.length)];
    const args = [values[rnd(values.length)], values[rnd(values.length)]];
    try { g[m](...args); } catch (e) {
      assert.ok(e instanceof Error, `${m}(${args.map((a) => typeof a).join(',')}) threw a non-Error ${e}`);
      assert.equal(typeof e.code, 'string', `${m} threw without a code: ${e.message}`);
    }
    if (g.phase === 'finished') g.undo();
  }
  assert.doesNotThrow(() => g.score());
  assert.doesNotThrow(() => new Game({ size: 9 }).place(4, 4));
});

test('the TypeScript declarations of the API use no any', async () => {
  const fs = await import('node:fs');
  const { PKG } = await import('./load.mjs');
  const dts = fs.readFileSync(`${PKG}/tengen.d.ts`, 'utf8');
  const api = dts.slice(0, dts.indexOf('export type InitInput'));
  assert.ok(api.includes('place(x: number, y: number): number;'));
  assert.deepEqual(api.split('\n').filter((l) => /\bany\b/.test(l)), []);
});

test('Game.presets lists every preset with the settings of the README table', () => {
  const p = Object.fromEntries(Game.presets().map((x) => [x.name, x]));
  assert.deepEqual(Object.keys(p), ['japanese-1989', 'wagc-1979', 'simple', 'basic', 'chinese', 'aga', 'new-zealand', 'tromp-taylor']);
  assert.deepEqual(p['japanese-1989'], {
    name: 'japanese-1989', ru: 'Japanese',
    ruAliases: ['japanese', 'jp', 'japan', 'japanese1989', 'j89', 'nihonkiin', 'korean', 'kr', 'korea'],
    komi: 6.5, ko: 'simple', suicide: false, scoring: 'territory', deadStones: 'agreed', tie: 'draw',
  });
  assert.equal(p['new-zealand'].ru, 'NZ');
  assert.equal(p['wagc-1979'].komi, 5.5);
  assert.equal(p.simple.deadStones, 'as-it-stands');
  assert.equal(p.basic.tie, 'white');
  assert.equal(p.aga.ko, 'situational');
  assert.equal(p['new-zealand'].suicide, true);
  assert.equal(p['tromp-taylor'].komi, 7.5);
  for (const x of Game.presets()) assert.equal(new Game({ rules: x.name }).score().komi, x.komi);
});

test('the engine says what pages used to recompute: handicapLeft, outcome, compensation', () => {
  const g = new Game({ size: 9, handicap: 3, handicapPlacement: 'free', rules: 'chinese' });
  assert.equal(g.handicapLeft, 3);
  g.place(2, 2);
  g.place(6, 6);
  assert.equal(g.handicapLeft, 1);
  g.undo();
  assert.equal(g.handicapLeft, 2);
  g.place(6, 6);
  g.place(2, 6);
  assert.equal(g.handicapLeft, 0);
  assert.equal(g.toMove, 'white');
  assert.equal(g.outcome, null);
  // Chinese rules: White gets a point per handicap stone beyond komi under area counting.
  const s = g.score();
  assert.equal(s.compensation, 3);
  assert.equal(s.white.total, s.white.stones + s.white.territory + s.komi + s.compensation);
  g.pass();
  g.pass();
  g.finish();
  assert.equal(g.outcome, 'counted');
  g.undo();
  assert.equal(g.outcome, null);
  g.resign('black');
  assert.equal(g.outcome, 'resigned');
  assert.equal(g.score().winner, 'white');
  g.free();
  const j = new Game({ size: 9, handicap: 2 });
  assert.equal(j.handicapLeft, 0, 'fixed handicap stones are placed at once');
  assert.equal(j.score().compensation, 0, 'territory counting: no compensation');
  j.free();
  // Void after a whole-board repetition under simple ko (J89 Art. 12): on 3x3, move 8 repeats
  // the position after move 5.
  const v = new Game({ size: 3 });
  for (const [x, y] of [[1, 1], [1, 0], [2, 1], [0, 1], [1, 2], [2, 0], [0, 0], [1, 0]]) v.place(x, y);
  assert.deepEqual(v.repetition, { moveNumber: 8, firstSeen: 5 });
  v.declareNoResult();
  assert.equal(v.outcome, 'noResult');
  v.free();
});
