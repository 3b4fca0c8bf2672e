// Pages of <tengen-board> for the element's e2e tests: a page served by a route (no file in www/)
// that loads the built script, and waits on the boards. Shared by every test file of the element.
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

/** A Sensei's Library diagram (a net, with marks, a letter and a numbered move) with this title. */
export const senseiNet = (title) => `$$Bc ${title}
$$ +-----------
$$ | . . . . . .
$$ | . . X X . .
$$ | . X O O 1 .
$$ | . X O a . .
$$ | . . B . . .
$$ | . . . . . .`;
