// The package's TypeScript types, as a user's project sees them: a consumer in a fresh project
// (the tarball installed offline) checked by tsc --strict. Right uses compile; each wrong use is
// marked @ts-expect-error, so a type that grew loose (`any`) or wrong fails the check too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, freshProject, write } from './project.mjs';

let project;
before(() => { project = freshProject(); });
after(() => project?.rm());

const CONSUMER = `import { Game, type Score, type TengenError, type GenMove, type Point } from 'tengen';
import * as core from 'tengen/core';
import initGlue, { initSync } from 'tengen/init';
import 'tengen/element';
import type { TengenBoard, BoardMoveDetail, BoardGame } from 'tengen/element';

const g = new Game({ size: 19, rules: 'japanese-1989', komi: 6.5, handicap: 2 });
const captured: number = g.place(3, 15);
const stopped: boolean = g.pass();
const s: Score = g.score();
const winner: 'black' | 'white' | null = s.winner;
const total: number = s.black.total + s.white.total;
const own: Int8Array = s.ownership;
const warning: 'capturable' | 'uncapturable' | undefined = s.warnings[0]?.code;
const est = g.estimate();
const dead: Point[] = est.dead;
const move: GenMove = g.genmove({ playouts: 100 });
if (move !== 'pass' && move !== 'resign') { const x: number = move.x; void x; }
const r = Game.fromSgf('(;SZ[9])', { lenient: true });
const sgf: string = r.toSgf();
try { g.place(0, 0); } catch (e) { const code: TengenError['code'] = (e as TengenError).code; void code; }
const c = new core.Game({ size: 9 });
const cs: Score = c.score();
void initGlue; void initSync;

// @ts-expect-error: a preset name that does not exist
new Game({ rules: 'korean' });
// @ts-expect-error: size is a number or { width, height }
new Game({ size: '19' });
// @ts-expect-error: place takes x and y
g.place([3, 15]);
// @ts-expect-error: score's result is a string
const bad: number = s.result;
// @ts-expect-error: the winner is a player or null, not a boolean
const badWinner: boolean = s.winner;
// @ts-expect-error: the core package reads no SGF
core.Game.fromSgf('(;SZ[9])');
// @ts-expect-error: an error's code is one of the stable codes
const badCode: TengenError['code'] = 'nope';

const board = document.createElement('tengen-board');
const tb: TengenBoard = board;
board.addEventListener('move', (e) => { const d: BoardMoveDetail = e.detail; const n: number = d.moveNumber; void n; });
board.addEventListener('error', (e) => { const code: string = e.detail.code; void code; });
const bg: BoardGame | null = board.game;
const text: string | null = board.sgf;
board.sgf = '(;SZ[9])';
const svg: Promise<string> = board.toSVG({ width: 200 });
// @ts-expect-error: the element's engine has no computer player
board.game?.genmove();
// @ts-expect-error: toPNG gives a Blob
const notString: Promise<string> = board.toPNG();

void [captured, stopped, winner, total, own, warning, dead, sgf, cs, tb, bg, text, svg, bad, badWinner, badCode, notString];
`;

test('tsc --strict accepts the right uses of tengen, tengen/core, tengen/init, tengen/element and refuses the wrong ones', () => {
  write(project.dir, {
    'consumer.ts': CONSUMER,
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext',
        lib: ['es2022', 'dom'], types: [], skipLibCheck: false, noUnusedLocals: false,
      },
      files: ['consumer.ts'],
    }),
  });
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  assert.ok(fs.existsSync(tsc), 'typescript is a devDependency');
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project.dir, encoding: 'utf8' });
  assert.equal(r.status, 0, `tsc:\n${r.stdout}${r.stderr}`);
});

test("the shipped declarations have no `any` in what users call (only in the glue's raw wasm exports)", () => {
  for (const f of ['tengen.d.ts', 'tengen-core.d.ts', 'index.d.ts', 'core.d.ts', 'element/index.d.ts']) {
    const text = fs.readFileSync(path.join(project.pkg, f), 'utf8')
      .replace(/export interface InitOutput \{[\s\S]*?\n\}/, '');
    assert.doesNotMatch(text, /\bany\b/, f);
  }
});
