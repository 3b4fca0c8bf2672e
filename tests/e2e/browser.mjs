// Shared by the end-to-end tests and the icon script: Debian's Chromium through playwright-core,
// with the flags ../shared/TOOLCHAIN.md lists (root user, no GPU, no network chatter).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WWW = path.join(ROOT, 'www');
export const SHOTS = path.join(ROOT, 'test-results');
/**
 * Where the page kept its one game before each tab had its own: a save written there is moved
 * into the saved games and opened by the page that finds it on its next load (as an upgrade does).
 */
export const KEY = 'tengen.game';
/** Where each tab keeps the id of its game (sessionStorage), and the prefix of each game's key. */
export const TAB_KEY = 'tengen.tab';
export const GAME_PREFIX = 'tengen.game.';
export const INDEX_KEY = 'tengen.games';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const ARGS = ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  '--disable-quic'];

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** The id of the saved game the page's tab shows. */
export const tabGameId = (page) => page.evaluate((k) => sessionStorage.getItem(k), TAB_KEY);

/**
 * The game the page's tab saved in localStorage, as it stores it ({ sgf, path, extra, options,
 * ... }), or null.
 */
export const saved = (page) => page.evaluate(([tab, prefix]) => {
  const id = sessionStorage.getItem(tab);
  return id ? JSON.parse(localStorage.getItem(prefix + id)) : null;
}, [TAB_KEY, GAME_PREFIX]);

/** The saved games' list as the page keeps it ([{ id, updated, width, height, moves, ... }], newest first). */
export const savedList = (page) => page.evaluate((k) => JSON.parse(localStorage.getItem(k))?.games ?? [], INDEX_KEY);

/**
 * The page's saved game read back in Node with `Game` (the engine's class), as the page reads it:
 * its SGF (with a game's own options), the node it was at, the actions there. Free it after.
 */
export async function savedGame(page, Game) {
  const s = await saved(page);
  const g = Game.fromSgf(s.sgf, s.record === null ? { ...s.options, game: s.game } : { lenient: true, game: s.game });
  g.goTo(s.path);
  for (const [name, ...args] of s.extra) {
    if (name === 'dead') g.markDead(...args);
    else if (name === 'noResult') g.declareNoResult();
    else g[name](...args);
  }
  return g;
}

/** The page's server and the browser, live bindings set by `useServerAndBrowser`. */
export let server;
export let base;
export let browser;

/** Registers hooks that serve www/ on a free 127.0.0.1 port and launch Chromium for a test file. */
export function useServerAndBrowser() {
  before(async () => {
    if (!fs.existsSync(path.join(WWW, 'pkg', 'tengen.js'))) {
      throw new Error('www/pkg is missing: build the wasm package first (node scripts/build.mjs)');
    }
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await serve({ port: 0, host: '127.0.0.1', quiet: true });
    base = `http://127.0.0.1:${server.address().port}/`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await new Promise((r) => (server ? server.close(r) : r()));
  });
}

/** The viewports the tests use. */
export const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 };
export const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** Waits until the page says it is ready (the wasm module loaded, the board drawn). */
export async function ready(page) {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
}

/** Opens `url` in a new page of `ctx` that collects page and console errors in `page.errors`. */
export async function openIn(ctx, url = base) {
  const page = await ctx.newPage();
  page.setDefaultTimeout(8000);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.goto(url);
  await ready(page);
  return page;
}

/** The trimmed text of the first element matching `sel`. */
export const text = (page, sel) => page.$eval(sel, (el) => el.textContent.trim());

/** The status line once play has stopped: the second pass, then what to do. */
export const STOPPED = /^(Black|White) passed\. Play has stopped: mark the dead stones$/;

/** Waits until the element's text equals `expected` (or matches it, for a RegExp). */
export async function waitText(page, sel, expected) {
  await page.waitForFunction(([sel, expected]) => {
    const el = document.querySelector(sel);
    const s = el && el.textContent.trim();
    return s != null && (expected.startsWith('/') ? new RegExp(expected.slice(1, -1)).test(s) : s === expected);
  }, [sel, expected instanceof RegExp ? String(expected) : expected], { timeout: 5000 }).catch(async () => {
    assert.fail(`${sel}: expected ${expected}, got ${JSON.stringify(await text(page, sel).catch(() => null))}`);
  });
}

/** Waits until the page shows move number `n`. */
export const moveIs = (page, n) => waitText(page, '#move-number', `Move ${n}`);

/** The point (x, y) of the board in client coordinates, from the page's test hook. */
export async function client(page, x, y) {
  const p = await page.evaluate(([x, y]) => window.tengen.pointClient(x, y), [x, y]);
  assert.ok(p, 'the board is laid out');
  return { x: Math.round(p.x), y: Math.round(p.y) };
}

/** Clicks the point (x, y) of the board. */
export async function clickPoint(page, x, y) {
  const p = await client(page, x, y);
  await page.mouse.click(p.x, p.y);
}

/** Taps the point (x, y) of the board (touch). */
export async function tapPoint(page, x, y) {
  const p = await client(page, x, y);
  await page.touchscreen.tap(p.x, p.y);
}
