#!/usr/bin/env node
// Flat costs: what one call costs at move 10 and at move 100,000 of the same
// seeded game, through the JS API (www/pkg, built by `make build`).
//
//   node benches/node/flat.mjs [--moves 100000] [--seed 7] [--runs 5] [--time 0.3]
//
// The long game is random play on 19x19 under simple ko with suicide allowed, that may fill its own eyes, so that
// captures keep the board open for as long as wanted; the short game is its first 10 moves.
// Each operation leaves the game as it found it (undo then the same move again, a step back
// then forward, a jump to the middle then back to the end), and the figures are checked: the
// game must still be at its last move with the same board afterwards.
import assert from 'node:assert/strict';
import os from 'node:os';
import { load } from '../../tests/js/load.mjs';

const args = { moves: 100_000, seed: 7, runs: 5, time: 0.3 };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  const v = () => Number(process.argv[++i]);
  if (a === '--moves') args.moves = v();
  else if (a === '--seed') args.seed = v();
  else if (a === '--runs') args.runs = v();
  else if (a === '--time') args.time = v();
  else { console.error(`unknown argument ${a}`); process.exit(2); }
}

const { Game } = await load();

function xorshift(seed) {
  let s = (seed >>> 0) || 0x6d2b79f5;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
}

/** The points of a seeded random game of `n` moves (19x19, simple ko, suicide allowed, own eyes may be filled). */
function randomGame(n, seed) {
  const g = new Game({ size: 19, rules: { preset: 'simple', ko: 'simple', suicide: true } });
  const rnd = xorshift(seed);
  const moves = [];
  while (moves.length < n) {
    const b = g.board();
    const empty = [];
    for (let i = 0; i < b.length; i++) if (b[i] === 0) empty.push(i);
    let played = false;
    while (empty.length && !played) {
      const k = rnd() % empty.length;
      const i = empty[k];
      if (g.legality(i % 19, (i / 19) | 0) === null) {
        g.place(i % 19, (i / 19) | 0);
        moves.push(i);
        played = true;
      } else {
        empty[k] = empty[empty.length - 1];
        empty.pop();
      }
    }
    assert.ok(played, `no legal move at move ${moves.length}`);
  }
  g.free();
  return moves;
}

function gameOf(moves) {
  const g = new Game({ size: 19, rules: { preset: 'simple', ko: 'simple', suicide: true } });
  for (const i of moves) g.place(i % 19, (i / 19) | 0);
  return g;
}

const now = () => Number(process.hrtime.bigint()) / 1e9;
const median = (a) => { const b = [...a].sort((x, y) => x - y); const h = b.length >> 1; return b.length % 2 ? b[h] : (b[h - 1] + b[h]) / 2; };
/** Median microseconds per call of `op` over `args.runs` runs of about `args.time` seconds. */
function measure(op) {
  let t0 = now();
  let u = 0;
  while (now() - t0 < args.time / 4 || u < 2) { op(); u++; }
  const count = Math.max(1, Math.round(args.time / ((now() - t0) / u)));
  const runs = [];
  for (let r = 0; r < args.runs; r++) {
    t0 = now();
    for (let i = 0; i < count; i++) op();
    runs.push(((now() - t0) / count) * 1e6);
  }
  return median(runs);
}

const t0 = now();
const long = randomGame(args.moves, args.seed);
const made = now() - t0;
const games = { 10: gameOf(long.slice(0, 10)), [args.moves]: gameOf(long) };
console.log(`# node ${process.version}, ${os.cpus()[0].model} x${os.cpus().length}; a random 19x19 game of ${args.moves} moves (seed ${args.seed}, made in ${made.toFixed(1)} s); microseconds a call, median of ${args.runs} runs`);

const ops = {
  'undo + the move again': (g, last) => { g.undo(); g.place(last % 19, (last / 19) | 0); },
  'path': (g) => g.path,
  'variations()': (g) => g.variations(),
  'toSgf()': (g) => g.toSgf(),
  'previous() + next()': (g) => { g.previous(); g.next(); },
  'goTo(10 back) + goTo(end)': (g, _last, _mid, end, back) => { g.goTo(back); g.goTo(end); },
  'goTo(middle) + goTo(end)': (g, _last, mid, end) => { g.goTo(mid); g.goTo(end); },
};
const rows = [];
for (const [name, op] of Object.entries(ops)) {
  const row = [name];
  for (const [n, g] of Object.entries(games)) {
    const moves = long.slice(0, Number(n));
    const last = moves[moves.length - 1];
    const board = g.board().join('');
    const end = g.path;
    const mid = end.slice(0, end.length >> 1);
    const back = end.slice(0, Math.max(0, end.length - 10));
    const f = () => op(g, last, mid, end, back);
    row.push(measure(f));
    assert.equal(g.moveNumber, Number(n), `${name} left the game at its last move`);
    assert.equal(g.board().join(''), board, `${name} left the board as it was`);
  }
  rows.push(row);
  const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toPrecision(3));
  console.log(`${name.padEnd(26)} move 10: ${fmt(row[1]).padStart(9)} µs   move ${args.moves}: ${fmt(row[2]).padStart(9)} µs`);
}
for (const g of Object.values(games)) g.free();

// A node of 40,000 variations (a joseki dictionary's widest nodes; seconds in all if each
// child were found by walking the children before it), entered one after another.
{
  const WIDE = 40_000;
  const L = 'abcdefghijklmnopqrs';
  let sgf = '(;SZ[19]';
  for (let k = 0; k < WIDE; k++) sgf += `(;B[${L[k % 19]}${L[((k / 19) | 0) % 19]}])`;
  const w = Game.fromSgf(`${sgf})`);
  w.goTo([]);
  assert.equal(w.variations().length, WIDE);
  const t1 = now();
  for (let k = 0; k < WIDE; k++) {
    assert.ok(w.next(k));
    w.previous();
  }
  const all = now() - t1;
  assert.deepEqual(w.path, []);
  w.free();
  console.log(`${WIDE} variations of one node entered one after another (next(k) + previous()): ${((all / WIDE) * 1e6).toPrecision(3)} µs each, ${all.toFixed(2)} s in all`);
}
