// Pages of <tengen-board> for the element's e2e tests: a page served by a route (no file in www/)
// that loads the built script, and waits on the boards. Shared by every test file of the element.
import assert from 'node:assert/strict';
import { base, browser, DESKTOP } from './browser.mjs';

/** Two animation frames: whatever was asked to be drawn is drawn. */
export const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * A page served at base + `name` with these boards in its `<main>`, in a new browser context
 * (`ctx`: its options; `colorScheme`: the reader's preference). `head` goes into the head before
 * the script; `style` is the page's own CSS (by default a plain page with boards 420 px wide at
 * most, and a heading "Boards"; `css` is added to it). Errors of the page and the console's
 * errors are collected in `page.errors`.
 */
export async function openBoards(body, {
  name = 'boards-test.html', ctx: options = DESKTOP, colorScheme, lang = 'en', head = '', css = '',
  style = `body { font-family: sans-serif; margin: 1rem; } tengen-board { width: min(100%, 420px); margin-bottom: 1rem; }`,
  heading = '<h1>Boards</h1>',
} = {}) {
  const ctx = await browser.newContext(colorScheme ? { ...options, colorScheme } : options);
  const page = await ctx.newPage();
  page.setDefaultTimeout(8000);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.route(base + name, (r) => r.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Boards</title>${head}
<style>${style} ${css}</style>
<script src="tengen-board.js"></script></head><body><main>${heading}${body}</main></body></html>`,
  }));
  await page.goto(base + name);
  return { ctx, page };
}

/** Waits until every board of the page is ready (drawn) and returns how many there are. */
export async function allReady(page, timeout = 8000) {
  await page.waitForFunction(() => {
    const boards = [...document.querySelectorAll('tengen-board')];
    return boards.length && boards.every((b) => b.hasAttribute('ready'));
  }, null, { timeout });
  return page.evaluate(() => document.querySelectorAll('tengen-board').length);
}

/**
 * The point (x, y) of board `sel` in client pixels; `scroll`: the board's canvas scrolled into
 * view first (for a page taller than the window).
 */
export async function pointAt(page, sel, x, y, { scroll = false } = {}) {
  if (scroll) await page.$eval(sel, (b) => b.shadowRoot.querySelector('canvas').scrollIntoView({ block: 'nearest' }));
  const p = await page.$eval(sel, (b, [x, y]) => b.pointClient(x, y), [x, y]);
  assert.ok(p, 'the board is laid out');
  return { x: Math.round(p.x), y: Math.round(p.y) };
}

/** A click on the point (x, y) of board `sel` (options: pointAt's). */
export async function clickAt(page, sel, x, y, options = {}) {
  const p = await pointAt(page, sel, x, y, options);
  await page.mouse.click(p.x, p.y);
}

/** Records the events of these types that board `sel` fires (their details) from now on, for `events`. */
export const record = (page, sel, types) => page.$eval(sel, (b, types) => {
  b.events = [];
  for (const t of types) b.addEventListener(t, (e) => b.events.push({ type: t, detail: JSON.parse(JSON.stringify(e.detail ?? null)) }));
}, types);

/** The events `record` recorded on board `sel`. */
export const events = (page, sel) => page.$eval(sel, (b) => b.events);

/** The message board `sel` shows. */
export const message = (page, sel) => page.$eval(sel, (b) => b.shadowRoot.querySelector('.message').textContent);

/** A Sensei's Library diagram (a net, with marks, a letter and a numbered move) with this title. */
export const senseiNet = (title) => `$$Bc ${title}
$$ +-----------
$$ | . . . . . .
$$ | . . X X . .
$$ | . X O O 1 .
$$ | . X O a . .
$$ | . . B . . .
$$ | . . . . . .`;
