// Loads the built package (www/pkg, made by `make build`) in Node, the same files the page loads.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PKG = path.join(ROOT, 'www', 'pkg');

export async function load() {
  return loadPackage(PKG);
}

/** Loads a built package by its folder (www/pkg, pkg-core, pkg-embed) in Node. */
export async function loadPackage(dir) {
  const mod = await import(path.join(dir, 'tengen.js'));
  mod.initSync({ module: fs.readFileSync(path.join(dir, 'tengen_bg.wasm')) });
  return mod;
}

/** Asserts that fn throws an Error with this code and a message that says what happened in
 * words after the code (`code: ...`), and returns it. */
export function throwsCode(fn, code) {
  let err;
  try { fn(); } catch (e) { err = e; }
  assert.ok(err instanceof Error, `expected an Error with code ${code}, got ${err}`);
  assert.equal(err.code, code, `code of: ${err.message}`);
  assert.ok(err.message.startsWith(`${code}: `) && err.message.length > code.length + 10, err.message);
  return err;
}

/** Family 3 of the life-and-death cases: one white stone `c` (J6) in Black's area that nobody marked; lower-case
 * x and o are the stones the players mark dead. */
export const FAMILY_3 = [
  '. . o . . . X o .',
  '. X X . X . X . o',
  '. . . . . . X X X',
  '. . . . . . X . c',
  'O O O O O O X . .',
  'O . O . X O X X X',
  'O x O X X O . O .',
  'O x . O . O . . O',
  '. O O O O O . x .',
];

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A record whose root sets up a diagram: rows from the top, `X`/`x` Black and `O`/`o`/`c` White
 * (lower case: stones the test marks dead, or leaves unmarked, as the issue's diagrams do).
 */
export function diagramSgf(rows) {
  const ab = [];
  const aw = [];
  rows.forEach((row, y) => [...row.replace(/ /g, '')].forEach((c, x) => {
    const p = `[${LETTERS[x]}${LETTERS[y]}]`;
    if ('Xx'.includes(c)) ab.push(p);
    if ('Ooc'.includes(c)) aw.push(p);
  }));
  const w = rows[0].replace(/ /g, '').length;
  const h = rows.length;
  return `(;GM[1]FF[4]SZ[${w === h ? w : `${w}:${h}`}]AB${ab.join('')}AW${aw.join('')})`;
}
