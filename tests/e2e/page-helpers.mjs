// The helpers the page's e2e test files share: a browser context, the page opened, a new game
// through the form, moves by clicks, screenshots, and the checks that the board fits and is crisp.
import assert from 'node:assert/strict';
import path from 'node:path';
import { browser, SHOTS, text, moveIs, openIn, clickPoint } from './browser.mjs';

export async function context(options = {}) {
  const ctx = await browser.newContext({ serviceWorkers: 'block', ...options });
  return ctx;
}

/** Opens the page and fails the test on any page error or console error. */
export const open = openIn;


export async function stones(page) {
  return page.evaluate(() => Array.from(window.tengen.view.stones));
}

/** A new game through the form; size is 9, 13, 19 or [w, h]. */
export async function newGame(page, { size = 9, rules = 'japanese-1989', komi, handicap, free, tap = false } = {}) {
  const press = (sel) => (tap ? page.tap(sel) : page.click(sel));
  await press('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  if (Array.isArray(size)) {
    await press('input[name="size"][value="custom"]');
    await page.fill('input[name="width"]', String(size[0]));
    await page.fill('input[name="height"]', String(size[1]));
  } else {
    await press(`input[name="size"][value="${size}"]`);
  }
  await page.selectOption('#rules-select', rules);
  // The handicap first: choosing it sets the default komi (0.5 with handicap stones).
  if (handicap !== undefined) await page.selectOption('#handicap-select', String(handicap));
  if (komi !== undefined) await page.fill('input[name="komi"]', String(komi));
  if (free) await press('input[name="placement"][value="free"]');
  await press('#new-game-start');
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open);
  const w = Array.isArray(size) ? size[0] : size;
  await page.waitForFunction((w) => window.tengen.view?.width === w && window.tengen.pointClient(0, 0), w);
  await moveIs(page, 0);
}

export async function play(page, moves) {
  let n = Number((await text(page, '#move-number')).replace(/\D/g, ''));
  for (const [x, y] of moves) {
    await clickPoint(page, x, y);
    await moveIs(page, ++n);
  }
}

export async function shot(page, name) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: false });
}

/** No horizontal scrolling, and the whole board inside the viewport's width. */
export async function fits(page) {
  const m = await page.evaluate(() => {
    const r = document.getElementById('board').getBoundingClientRect();
    return {
      scrollW: document.documentElement.scrollWidth, innerW: window.innerWidth,
      left: r.left, right: r.right, width: r.width, height: r.height,
    };
  });
  assert.ok(m.scrollW <= m.innerW, `no horizontal scroll (${m.scrollW} > ${m.innerW})`);
  assert.ok(m.left >= 0 && m.right <= m.innerW + 0.5, `board inside the viewport: ${JSON.stringify(m)}`);
  assert.ok(m.width >= Math.min(m.innerW, 300) * 0.8, `board uses the width: ${m.width}`);
  return m;
}

/** The canvas has one backing pixel per device pixel (crisp on HiDPI), once the resize is seen. */
export async function crisp(page) {
  const measure = () => {
    const el = document.getElementById('board');
    const r = el.getBoundingClientRect();
    const c = { w: el.width, h: el.height, cssW: r.width, cssH: r.height, dpr: window.devicePixelRatio };
    c.ok = Math.abs(c.w - c.cssW * c.dpr) <= 1 && Math.abs(c.h - c.cssH * c.dpr) <= 1;
    return c;
  };
  const ok = await page.waitForFunction(`(${measure})().ok`, null, { timeout: 3000 }).then(() => true, () => false);
  assert.ok(ok, `canvas backing store ${JSON.stringify(await page.evaluate(measure))}`);
}
