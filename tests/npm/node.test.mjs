// The npm package in Node: installed from its tarball into a fresh project (offline), a script
// there imports `tengen` and `tengen/core` with no set-up of its own, plays and scores a game,
// reads SGF with the full engine, and loads the wasm by hand through `tengen/init`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { freshProject, write } from './project.mjs';

let project;
before(() => { project = freshProject(); });
after(() => project?.rm());

/** Runs `code` as an ES module of the project and returns what it printed as JSON. */
function run(name, code) {
  write(project.dir, { [name]: code });
  return JSON.parse(execFileSync(process.execPath, [name], { cwd: project.dir, encoding: 'utf8' }));
}

// Four stones each side of a 9x9 under Chinese rules, komi 7: area 2 + 2 each, so White by 7.
const GAME = `
const moves = [[2, 2], [6, 6], [2, 6], [6, 2]];
function play(Game) {
  const g = new Game({ size: 9, rules: 'chinese', komi: 7 });
  for (const [x, y] of moves) g.place(x, y);
  const stopped = [g.pass(), g.pass()];
  const s = g.score();
  let error = null;
  try { g.place(4, 4); } catch (e) { error = e.code; }
  return { stopped, phase: g.phase, result: s.result, black: s.black.total, white: s.white.total, error };
}
`;

test('tengen: imported as is in Node, plays and scores a game, reads and writes SGF', () => {
  const out = run('full.mjs', `import { Game } from 'tengen';${GAME}
const r = play(Game);
const g = Game.fromSgf('(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc])');
r.fromSgf = { moveNumber: g.moveNumber, toMove: g.toMove, sgf: g.toSgf().includes(';B[ee];W[cc]') };
console.log(JSON.stringify(r));`);
  assert.deepEqual(out, {
    stopped: [false, true], phase: 'stopped', result: 'W+7', black: 2, white: 9, error: 'notPlaying',
    fromSgf: { moveNumber: 2, toMove: 'black', sgf: true },
  });
});

test('tengen/core: the same game, and no SGF in it', () => {
  const out = run('core.mjs', `import { Game } from 'tengen/core';${GAME}
console.log(JSON.stringify({ ...play(Game), fromSgf: typeof Game.fromSgf }));`);
  assert.deepEqual(out, { stopped: [false, true], phase: 'stopped', result: 'W+7', black: 2, white: 9, error: 'notPlaying', fromSgf: 'undefined' });
});

test('tengen/init: the glue alone, the wasm given by the host (here read from the package)', () => {
  const out = run('init.mjs', `import fs from 'node:fs';
import { initSync, Game } from 'tengen/init';
const wasm = new URL('tengen.wasm', import.meta.resolve('tengen/init'));
initSync({ module: fs.readFileSync(wasm) });
${GAME}
console.log(JSON.stringify(play(Game)));`);
  assert.equal(out.result, 'W+7');
});

test('tengen/element in Node (a server rendering the page) imports and defines nothing', () => {
  const out = run('element.mjs', `import * as element from 'tengen/element';
console.log(JSON.stringify({ exports: Object.keys(element), customElements: typeof customElements }));`);
  assert.deepEqual(out, { exports: [], customElements: 'undefined' });
});

test('the package ships its entries, types, wasm and element, and nothing else', () => {
  const files = project.pack.files.map((f) => f.path).sort();
  const expected = ['LICENSE', 'README.md', 'package.json', 'index.js', 'node.js', 'core.js', 'core-node.js',
    'index.d.ts', 'core.d.ts', 'tengen.js', 'tengen.d.ts', 'tengen.wasm', 'tengen-core.js', 'tengen-core.d.ts',
    'tengen-core.wasm', 'element/index.js', 'element/node.js', 'element/files.js', 'element/index.d.ts', 'element/tengen-board.js',
    'element/tengen-board.wasm', 'element/tengen-board.wasm.js', 'element/tengen-board-edit.wasm',
    'element/tengen-board-edit.wasm.js', 'element/tengen-board.edit.js', 'element/tengen-board.diagram.js',
    'element/tengen-board.export.js'];
  for (const f of expected) assert.ok(files.includes(f), `${f} ships`);
  const others = files.filter((f) => !expected.includes(f));
  assert.ok(others.every((f) => /^element\/tengen-board\.[a-z]{2}\.js$/.test(f)), `only languages besides: ${others}`);
  assert.ok(others.length >= 1, 'the languages other than English ship');
  console.log(`npm pack: ${project.pack.size} B packed, ${project.pack.unpackedSize} B unpacked, ${files.length} files`);
});
