// The review in the page, in headless Chromium: a record opened, Review with a small budget (the
// progress bar, Cancel, Resume), the graph drawn, the five worst moves listed and each going to
// its move, the graph's click and keys, the candidates and the ownership on the board, the
// review kept in the save and in the exported SGF (a reload shows it at once), a game played
// here reviewed, a phone-size screen, and axe-core.
//   node --test --test-concurrency=1 tests/e2e/review.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  useServerAndBrowser, browser, SHOTS, DESKTOP, PHONE, openIn, saved, savedGame, tapPoint,
} from './browser.mjs';
import { load } from '../js/load.mjs';

const { Game } = await load();

useServerAndBrowser();

const PLAYOUTS_KEY = 'tengen.review.playouts';
const MOVES = 40;

/** A 9x9 record of MOVES moves, made by the engine at a tiny budget (the same every run). */
function record() {
  const g = new Game({ size: 9, komi: 7 });
  for (let i = 0; i < MOVES; i++) {
    const m = g.genmove({ playouts: 30, seed: i + 1 });
    if (m === 'pass' || m === 'resign') g.pass();
    else g.place(m.x, m.y);
  }
  const text = g.toSgf();
  g.free();
  return text;
}
const SGF = record();

/** A context whose pages review at `playouts` a position (set before the page loads). */
async function context(options, playouts) {
  const ctx = await browser.newContext({ serviceWorkers: 'block', ...options });
  await ctx.addInitScript(([k, v]) => localStorage.setItem(k, String(v)), [PLAYOUTS_KEY, playouts]);
  return ctx;
}

async function shot(page, name) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: false });
}

async function open(page, text = SGF, name = 'review.sgf') {
  await page.setInputFiles('#sgf-file', { name, mimeType: 'application/x-go-sgf', buffer: Buffer.from(text) });
  await page.waitForFunction(() => window.tengen.record !== null && !document.getElementById('review').hidden);
}

/** Waits until the review has a result for every position and no run is going on. */
async function reviewed(page, timeout = 60000) {
  await page.waitForFunction(() => document.getElementById('review-progress').hidden
    && !document.getElementById('review-results').hidden
    && document.getElementById('review-start').hidden, null, { timeout });
}

/** How many pixels of the graph are drawn (not transparent). */
const inked = (page) => page.evaluate(() => {
  const c = document.getElementById('review-graph');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 3; i < d.length; i += 4) if (d[i]) n++;
  return n;
});

async function axe(page, state) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  assert.deepEqual(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), [], `axe, ${state}`);
}

test('a record reviewed: progress and Cancel, Resume, the graph, the five worst moves, candidates, ownership, kept after a reload', async () => {
  // A budget large enough that Cancel comes before the end.
  const ctx = await context(DESKTOP, 4000);
  const page = await openIn(ctx);
  await open(page);
  assert.equal(await page.isVisible('#review-start'), true);
  assert.equal(await page.textContent('#review-start'), 'Review');
  assert.equal(await page.isVisible('#review-results'), false);
  await page.click('#review-start');
  await page.waitForSelector('#review-progress:not([hidden])');
  assert.equal(await page.isVisible('#review-cancel'), true);
  assert.equal(await page.isVisible('#review-start'), false);
  await page.waitForFunction(() => Number(document.getElementById('review-bar').value) >= 2, null, { timeout: 30000 });
  assert.equal(await page.$eval('#review-bar', (b) => b.max), MOVES + 1);
  assert.match(await page.textContent('#review-progress-text'), new RegExp(`^\\d+ of ${MOVES + 1} positions(, about \\d+ s left)?$`));
  await shot(page, 'review-progress.png');
  await page.click('#review-cancel');
  await page.waitForSelector('#review-progress', { state: 'hidden' });
  const done = await page.$eval('#review-graph', (c) => Number(c.getAttribute('aria-valuemax')));
  assert.equal(done, MOVES, 'the graph spans the whole line');
  const part = await saved(page);
  const stored = (part.sgf.match(/SBKV\[/g) ?? []).length;
  assert.ok(stored >= 2 && stored < MOVES + 1, `kept what was analysed: ${stored}`);
  assert.equal(await page.textContent('#review-start'), 'Resume review');
  assert.match(await page.textContent('#review-note'), new RegExp(`^${stored} of ${MOVES + 1} positions analysed`));

  // Resumed with a small budget: only the positions left are analysed.
  await page.evaluate((k) => localStorage.setItem(k, '150'), PLAYOUTS_KEY);
  await page.click('#review-start');
  await reviewed(page);
  const full = await saved(page);
  assert.equal((full.sgf.match(/SBKV\[/g) ?? []).length, MOVES + 1);
  assert.ok(await inked(page) > 2000, 'the graph is drawn');
  await shot(page, 'review-desktop.png');
  assert.deepEqual(page.errors, []);

  // The five worst: each names the move, its loss and what the engine preferred, and goes there.
  const worst = await page.$$eval('#review-worst button', (bs) => bs.map((b) => b.textContent));
  assert.equal(worst.length, 5, worst.join('\n'));
  for (const w of worst) assert.match(w, /^Move \d+, (Black|White) ([A-HJ]\d|passes)[^:]*: lost [\d.]+ points(; the engine preferred [A-HJ]\d)?$/);
  const losses = worst.map((w) => Number(/lost ([\d.]+)/.exec(w)[1]));
  assert.deepEqual(losses, [...losses].sort((a, b) => b - a), 'worst first');
  const n = Number(/^Move (\d+)/.exec(worst[2])[1]);
  await page.click('#review-worst li:nth-child(3) button');
  await page.waitForFunction((n) => window.tengen.path.length === n, n);
  assert.deepEqual(await page.evaluate(() => window.tengen.path), Array(n).fill(0));
  assert.equal(await page.$eval('#review-graph', (c) => c.getAttribute('aria-valuenow')), String(n));
  assert.match(await page.textContent('#review-here'), new RegExp(`^Move ${n}, .*: (Black leads by [\\d.]+|White leads by [\\d.]+|even), Black wins \\d+%$`));

  // The graph: a click goes to the move under it, the arrows step along it (and only once).
  await page.$eval('#review-graph', (c) => c.scrollIntoView({ block: 'center' }));
  const box = await page.$eval('#review-graph', (c) => { const r = c.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; });
  await page.mouse.click(box.x + 8 + (box.w - 16) * (10 / MOVES), box.y + box.h / 2);
  await page.waitForFunction(() => window.tengen.path.length === 10);
  await page.focus('#review-graph');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.tengen.path.length === 11);
  await page.keyboard.press('End');
  await page.waitForFunction((m) => window.tengen.path.length === m, MOVES);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => window.tengen.path.length === 0);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.tengen.path.length === 1);

  // Candidates: lettered on the board, listed with their figures; the first's line on focus.
  await page.check('#review-candidates');
  await page.waitForFunction(() => (window.tengen.view.markup?.labels ?? []).some((l) => l.text === 'A'));
  const items = await page.$$eval('#review-candidate-list button', (bs) => bs.map((b) => b.textContent));
  assert.ok(items.length >= 1 && items.length <= 5, items.join('\n'));
  assert.match(items[0], /^A: [A-HJ]\d, wins \d+%, lead -?[\d.]+, [\d,]+ playouts$/);
  assert.match(await page.textContent('#review-candidates-heading'), /^Candidates for (Black|White) \(to play\)$/);
  await page.focus('#review-candidate-list button');
  await page.waitForFunction(() => (window.tengen.view.markup?.labels ?? []).some((l) => l.text === '1'));
  // Ownership: the shading from the same analysis.
  await page.check('#review-ownership');
  await page.waitForFunction(() => window.tengen.view.ownership?.length === 81);
  await shot(page, 'review-candidates.png');
  await axe(page, 'reviewed, candidates and ownership shown');

  // Reloaded: the graph at once, from the record (nothing to analyse, no progress).
  const at = await page.evaluate(() => window.tengen.path);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#review-results:not([hidden])', { timeout: 3000 });
  assert.equal(await page.isVisible('#review-progress'), false);
  assert.equal(await page.isVisible('#review-start'), false);
  assert.deepEqual(await page.evaluate(() => window.tengen.path), at);
  assert.equal((await page.$$('#review-worst button')).length, 5);
  assert.ok(await inked(page) > 2000);
  // Candidates not stored are computed again for the position shown, with the same budget and seed.
  await page.check('#review-candidates');
  await page.waitForFunction(() => (window.tengen.view.markup?.labels ?? []).some((l) => l.text === 'A'), null, { timeout: 20000 });
  assert.deepEqual(await page.$$eval('#review-candidate-list button', (bs) => bs.map((b) => b.textContent)), items);

  // The exported SGF carries it for other programs: Sabaki's SBKV and SBKS on every node.
  const g = await savedGame(page, Game);
  const sgf = g.toSgf();
  g.free();
  assert.equal((sgf.match(/SBKV\[/g) ?? []).length, MOVES + 1);
  assert.equal((sgf.match(/SBKS\[/g) ?? []).length, MOVES + 1);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a finished game played here is reviewed as a record; phone size, axe-core finds nothing', async () => {
  for (const [name, options] of [['phone', { ...PHONE, viewport: { width: 360, height: 640 } }], ['phone dark', { ...PHONE, viewport: { width: 360, height: 640 }, colorScheme: 'dark' }]]) {
    const ctx = await context(options, 100);
    const page = await openIn(ctx);
    await page.tap('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.tap('input[name="size"][value="9"]');
    await page.tap('#new-game-start');
    await page.waitForFunction(() => window.tengen.view?.width === 9 && window.tengen.pointClient(0, 0));
    assert.equal(await page.isVisible('#review'), false, 'no review while playing');
    for (const [x, y] of [[4, 4], [2, 2], [6, 2], [2, 6], [6, 6]]) {
      const before = (await page.evaluate(() => window.tengen.actions)).length;
      await tapPoint(page, x, y);
      await tapPoint(page, x, y);
      await page.waitForFunction((n) => window.tengen.actions.length === n + 1, before);
    }
    await page.tap('#pass');
    await page.tap('#pass');
    await page.waitForSelector('#finish:not([hidden])');
    await page.tap('#finish');
    // Asked first when the estimate sees dead stones none is marked.
    await page.waitForFunction(() => document.getElementById('finish-dialog').open || !document.getElementById('review').hidden);
    if (await page.evaluate(() => document.getElementById('finish-dialog').open)) await page.tap('#finish-anyway');
    await page.waitForSelector('#review:not([hidden])');
    assert.equal(await page.evaluate(() => window.tengen.record), null);
    await page.tap('#review-start');
    await reviewed(page, 30000);
    assert.notEqual(await page.evaluate(() => window.tengen.record), null, 'made a record to step through');
    assert.equal(await page.$eval('#review-graph', (c) => c.getAttribute('aria-valuemax')), '7');
    await page.evaluate(() => document.getElementById('review').scrollIntoView());
    if (name === 'phone') await shot(page, 'review-phone.png');
    await axe(page, `${name}: reviewed`);
    assert.deepEqual(page.errors, []);
    await ctx.close();
  }
});
