#!/usr/bin/env node
// A page that makes games and never frees them. `new Game({ size: 52 })` in one
// synchronous loop until the engine refuses one; the refusal must be the coded `outOfMemory`
// (not a trap), every game made must still play, and freeing games must make room again.
//
//   node tests/js/memory-run.mjs [package folder, default www/pkg]   (minutes, up to 4 GB)
//
// Each package's allocator is checked: the full package's dlmalloc and the embed package's talc.
import assert from 'node:assert/strict';
import path from 'node:path';
import { PKG, ROOT, loadPackage } from './load.mjs';

const { Game } = await loadPackage(process.argv[2] ? path.resolve(ROOT, process.argv[2]) : PKG);
const t0 = Date.now();
const games = [];
let refusal = null;
for (;;) {
  try {
    games.push(new Game({ size: 52 }));
  } catch (e) {
    refusal = e;
    break;
  }
  if (games.length % 10000 === 0) console.log(`${games.length} games, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
assert.ok(refusal instanceof Error, `an Error, not ${refusal}`);
assert.equal(refusal.code, 'outOfMemory', String(refusal));
console.log(`refused after ${games.length} games of 52x52 (${((Date.now() - t0) / 1000).toFixed(0)} s): ${refusal.message}`);
// Every game made still plays: a move and its undo on each.
for (const g of games) {
  g.place(25, 25);
  g.undo();
}
assert.ok(games.every((g) => g.moveNumber === 0));
// Freed games make room again.
for (const g of games.splice(0, games.length >> 1)) g.free();
const again = new Game({ size: 52 });
again.place(3, 3);
assert.equal(again.moveNumber, 1);
console.log(`every game still plays; after freeing half, new games are made again (${((Date.now() - t0) / 1000).toFixed(0)} s in all)`);
