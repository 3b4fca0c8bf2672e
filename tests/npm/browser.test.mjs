// The npm package in a browser, installed from its tarball into a fresh project (offline): a page
// that imports `tengen` and `tengen/element` bundled by esbuild, Vite and webpack (and served by
// Vite's dev server), and a page with only
// <script src=".../tengen-board.js"> from the installed package's folder, each served over http
// and opened in headless Chromium, where the engine plays a move and a board plays a click.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch } from '../e2e/browser.mjs';
import { serve } from '../../scripts/serve.mjs';
import { freshProject, write } from './project.mjs';

let project;
let browser;
let server;
let base;
before(async () => {
  project = freshProject();
  write(project.dir, {
    // The page's module: the engine plays, and a board of the element is put in the page.
    'src/page.js': `import { Game } from 'tengen';
import 'tengen/element';
const g = new Game({ size: 9 });
const captured = g.place(4, 4);
window.engine = { captured, stone: g.board()[4 * 9 + 4], toMove: g.toMove };
const board = document.createElement('tengen-board');
board.setAttribute('mode', 'play');
board.setAttribute('size', '9');
board.style.width = '360px';
board.addEventListener('move', (e) => { window.moves.push(e.detail); });
window.moves = [];
document.body.append(board);
// The files the element loads on demand, from a bundle too: a language's words, edit mode's
// part and engine.
document.body.insertAdjacentHTML('beforeend', '<tengen-board lang="ja" mode="play" size="9"></tengen-board>'
  + '<tengen-board mode="edit" size="9"></tengen-board>');
`,
    'index.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bundle</title>'
      + '<script type="module" src="/src/page.js"></script></head><body></body></html>',
    // The CDN way: one classic script, straight from the package's folder.
    'script.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Script</title>'
      + '<script src="node_modules/tengen/element/tengen-board.js"></script></head><body>'
      + '<tengen-board mode="play" size="9" style="width: 360px"></tengen-board>'
      + '<script>window.moves = []; document.querySelector("tengen-board").addEventListener("move", (e) => window.moves.push(e.detail));</script>'
      + '</body></html>',
  });
  server = await serve({ port: 0, root: project.dir, quiet: true });
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await new Promise((r) => (server ? server.close(r) : r()));
  project?.rm();
});

/**
 * Opens `url`; checks what the engine played (where `engine`), waits for the board, clicks the
 * point C7 (2, 2) and checks the board's move event and stone. No page error on the way.
 */
async function playOn(url, { engine = true } = {}) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Every file the page asks for must be there (the browser's own favicon request aside).
  page.on('response', (r) => { if (!r.ok() && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`); });
  try {
    await page.goto(url);
    if (engine) {
      await page.waitForFunction(() => window.engine, null, { timeout: 10000 });
      assert.deepEqual(await page.evaluate(() => window.engine), { captured: 0, stone: 1, toMove: 'white' });
    }
    await page.waitForFunction((n) => {
      const boards = [...document.querySelectorAll('tengen-board')];
      return boards.length === n && boards.every((b) => b.hasAttribute('ready'));
    }, engine ? 3 : 1, { timeout: 15000 });
    if (engine) {
      assert.match(await page.$eval('tengen-board[lang="ja"]', (b) => b.getAttribute('aria-label') ?? b.shadowRoot.textContent), /[\u3040-\u30ff\u4e00-\u9fff]/, 'the Japanese board speaks Japanese');
      assert.equal(await page.$eval('tengen-board[mode="edit"]', (b) => typeof b.game.setStone), 'function', 'edit mode runs on its own engine');
    }
    const p = await page.$eval('tengen-board', (b) => b.pointClient(2, 2));
    await page.mouse.click(Math.round(p.x), Math.round(p.y));
    await page.waitForFunction(() => window.moves.length === 1, null, { timeout: 5000 });
    const move = (await page.evaluate(() => window.moves))[0];
    assert.deepEqual({ player: move.player, point: move.point, moveNumber: move.moveNumber }, { player: 'black', point: [2, 2], moveNumber: 1 });
    assert.equal(await page.$eval('tengen-board', (b) => b.game.board()[2 * 9 + 2]), 1);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
}

test('esbuild: a bundle of tengen and tengen/element, the wasm and the element files copied next to it', async () => {
  const esbuild = await import('esbuild');
  const out = path.join(project.dir, 'esbuild');
  await esbuild.build({
    entryPoints: [path.join(project.dir, 'src', 'page.js')],
    bundle: true, format: 'esm', outfile: path.join(out, 'page.js'), logLevel: 'error',
    absWorkingDir: project.dir,
  });
  // esbuild leaves `new URL('x', import.meta.url)` as it is: the files must be next to the bundle.
  fs.copyFileSync(path.join(project.pkg, 'tengen.wasm'), path.join(out, 'tengen.wasm'));
  for (const f of fs.readdirSync(path.join(project.pkg, 'element'))) {
    if (f.startsWith('tengen-board')) fs.copyFileSync(path.join(project.pkg, 'element', f), path.join(out, f));
  }
  write(out, { 'index.html': fs.readFileSync(path.join(project.dir, 'index.html'), 'utf8').replace('/src/page.js', 'page.js') });
  await playOn(`${base}esbuild/index.html`);
});

test('Vite: a build of the same page, the wasm and the element files emitted by Vite itself', async () => {
  const { build } = await import('vite');
  const out = path.join(project.dir, 'vite');
  await build({
    root: project.dir, configFile: false, logLevel: 'error', base: './',
    cacheDir: path.join(project.dir, '.vite'),
    build: { outDir: out, emptyOutDir: true },
  });
  const assets = fs.readdirSync(path.join(out, 'assets'));
  assert.ok(assets.some((f) => /^tengen-.*\.wasm$/.test(f)), `Vite emitted the engine's wasm: ${assets}`);
  await playOn(`${base}vite/index.html`);
});

test("Vite's dev server: the same page, served as Vite serves dependencies, nothing configured", async () => {
  const { createServer } = await import('vite');
  const dev = await createServer({
    root: project.dir, configFile: false, logLevel: 'error', cacheDir: path.join(project.dir, '.vite-dev'),
    server: { port: 0, host: '127.0.0.1' },
  });
  await dev.listen();
  try {
    await playOn(dev.resolvedUrls.local[0]);
  } finally {
    await dev.close();
  }
});

test('webpack: a production build of the same page, the wasm and the element files emitted as assets', async () => {
  const { default: webpack } = await import('webpack');
  const out = path.join(project.dir, 'webpack');
  const stats = await new Promise((resolve, reject) => webpack({
    mode: 'production', target: 'web', context: project.dir, entry: './src/page.js',
    output: { path: out, filename: 'page.js', clean: true },
    performance: { hints: false },
  }, (err, result) => (err ? reject(err) : resolve(result))));
  assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
  const emitted = fs.readdirSync(out);
  assert.ok(emitted.some((f) => f.endsWith('.wasm')), `webpack emitted the wasm: ${emitted}`);
  write(out, { 'index.html': fs.readFileSync(path.join(project.dir, 'index.html'), 'utf8').replace('/src/page.js', 'page.js') });
  await playOn(`${base}webpack/index.html`);
});

test('one <script src=".../tengen-board.js"> from the installed package: a board renders and plays', async () => {
  await playOn(`${base}script.html`, { engine: false });
});
