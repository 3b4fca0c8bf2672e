// <tengen-board> in Chromium: every mode, a problem solved by clicks and by keyboard only, a
// wrong answer and a retry, touch on a phone, the lesson opened from file://, a page of 30
// boards (time until all are ready, and memory), languages, and axe-core on the lesson; records
// from files (a GB2312 file without CA, tests/sgf, real records) read as the app reads them.
// Screenshots go to test-results/ (git-ignored).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { useServerAndBrowser, base, browser, ROOT, WWW, SHOTS, DESKTOP, PHONE } from './browser.mjs';
import { load } from '../js/load.mjs';
import {
  openBoards as open, allReady, frames, senseiNet, pointAt as at, clickAt as click, record, events, message,
} from './boards.mjs';

useServerAndBrowser();

const PAGE = 'element-test.html';

/** A page served at base/PAGE with these boards in its body. */
const openBoards = (body, options = {}) => open(body, { name: PAGE, ...options });

async function shot(page, name, selector = null) {
  await frames(page);
  const target = selector ? page.locator(selector) : page;
  await target.screenshot({ path: path.join(SHOTS, name) });
}

const live = (page, sel) => page.$eval(sel, (b) => b.shadowRoot.querySelector('[aria-live]').textContent);
const stone = (page, sel, x, y) => page.$eval(sel, (b, [x, y]) => b.game.board()[y * b.game.width + x], [x, y]);

// A 9x9 problem in the top-left corner, shown with VW: Black captures the two white stones
// starting at A6 (right); B6 or C6 first let them out (wrong, refuted); anything else is off the tree.
const PROBLEM = `(;GM[1]FF[4]SZ[9]VW[aa:ee]PL[B]AB[ab][bb][cb][db][ca]AW[ac][bc][cc]C[Black to play: capture the three white stones]
(;B[ad];W[bd];B[cd]C[Correct! They cannot escape.])
(;B[cd];W[ad]C[Wrong: White runs out along the edge.])
(;B[bd];W[cd]C[Wrong: the stones escape.]))`;

test('problem: solved by clicks, with the reply from the tree, a solved event and the message', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="p" mode="problem" label="Capture">${PROBLEM}</tengen-board>`);
  await allReady(page);
  await record(page, '#p', ['move', 'solved', 'failed']);
  const view = await page.$eval('#p', (b) => b.currentView.region);
  assert.deepEqual(view, { x0: 0, y0: 0, x1: 4, y1: 4 }, 'VW crops the board');
  await shot(page, 'element-problem-start.png', '#p');
  await click(page, '#p', 0, 3);
  await page.waitForFunction(() => document.querySelector('#p').game.moveNumber === 2);
  assert.equal(await stone(page, '#p', 1, 3), -1, 'White replied at B6 from the tree');
  await click(page, '#p', 2, 3);
  await page.waitForFunction(() => document.querySelector('#p').events.some((e) => e.type === 'solved'));
  assert.match(await message(page, '#p'), /Correct/);
  const ev = await events(page, '#p');
  assert.deepEqual(ev.filter((e) => e.type === 'move').map((e) => e.detail.point), [[0, 3], [2, 3]]);
  assert.equal(ev.filter((e) => e.type === 'failed').length, 0);
  await shot(page, 'element-problem-solved.png', '#p');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('problem: a wrong answer (refuted from the tree), a move off the tree, Retry, Show solution', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="p" mode="problem">${PROBLEM}</tengen-board>`);
  await allReady(page);
  await record(page, '#p', ['solved', 'failed']);
  await click(page, '#p', 1, 3); // B6: wrong
  await page.waitForFunction(() => document.querySelector('#p').events.some((e) => e.type === 'failed'));
  assert.match(await message(page, '#p'), /Wrong/);
  assert.equal(await stone(page, '#p', 2, 3), -1, 'the refutation was played');
  await shot(page, 'element-problem-wrong.png', '#p');
  await page.locator('#p').getByRole('button', { name: 'Retry' }).click();
  assert.equal(await page.$eval('#p', (b) => b.game.moveNumber), 0);
  assert.equal(await stone(page, '#p', 1, 3), 0);
  await click(page, '#p', 4, 4); // off the tree
  await page.waitForFunction(() => document.querySelector('#p').events.filter((e) => e.type === 'failed').length === 2);
  assert.match(await message(page, '#p'), /not in the solution/);
  // Clicks outside the region shown do nothing.
  await page.locator('#p').getByRole('button', { name: 'Show solution' }).click();
  await page.waitForFunction(() => document.querySelector('#p').game.moveNumber === 3, null, { timeout: 6000 });
  assert.match(await message(page, '#p'), /The solution: Black A6, White B6, Black C6/);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('problem: solved with the keyboard only (Tab, arrows, Enter), announced in the live region', async () => {
  const { ctx, page } = await openBoards(`<button id="before">before</button><tengen-board id="p" mode="problem">${PROBLEM}</tengen-board>`);
  await allReady(page);
  await record(page, '#p', ['solved']);
  await page.focus('#before');
  await page.keyboard.press('Tab');
  const label = await page.evaluate(() => document.querySelector('#p').shadowRoot.activeElement?.getAttribute('aria-label'));
  assert.match(label, /^9×9 problem, Black to play, showing A9 to E5/);
  await page.keyboard.press('r');
  assert.match(await live(page, '#p'), /Black stones: .*A8.*White stones: .*A7.*Black to play/);
  // The cursor starts in the middle of the region (C7); A6 is two left, one down.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  assert.match(await live(page, '#p'), /^A6, empty/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#p').game.moveNumber === 2);
  assert.match(await live(page, '#p'), /White answers at B6/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#p').events.length === 1);
  assert.match(await live(page, '#p'), /Correct/);
  await shot(page, 'element-problem-keyboard.png', '#p');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

const RECORD = `(;GM[1]FF[4]SZ[9]KM[6.5]C[A short game]
;B[ee]C[The centre.];W[cc](;B[gc]C[Main line];W[cg])(;B[cg]C[A variation]))`;

test('view: buttons, keyboard arrows, comments, variations, navigate events', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="v" mode="view" coordinates move-numbers>${RECORD}</tengen-board>`);
  await allReady(page);
  await record(page, '#v', ['navigate']);
  const comment = () => page.$eval('#v', (b) => b.shadowRoot.querySelector('.comment').textContent);
  assert.equal(await comment(), 'A short game');
  await page.locator('#v').getByRole('button', { name: 'Next move' }).click();
  await page.waitForFunction(() => document.querySelector('#v').shadowRoot.querySelector('.comment').textContent === 'The centre.');
  await page.$eval('#v', (b) => b.shadowRoot.querySelector('canvas').focus());
  await page.keyboard.press('ArrowRight');
  // The controls follow in the next animation frame.
  await page.waitForFunction(() => document.querySelector('#v').shadowRoot.querySelectorAll('[data-variation]').length === 2);
  const kids = await page.$eval('#v', (b) => [...b.shadowRoot.querySelectorAll('[data-variation]')].map((x) => x.textContent));
  assert.deepEqual(kids, ['A: Black G7', 'B: Black C3']);
  assert.deepEqual((await page.$eval('#v', (b) => b.currentView.variations)).map((v) => v.label), ['A', 'B']);
  await page.locator('#v').getByRole('button', { name: 'B: Black C3' }).click();
  await page.waitForFunction(() => document.querySelector('#v').shadowRoot.querySelector('.comment').textContent === 'A variation');
  const labels = await page.$eval('#v', (b) => b.currentView.markup.labels.map((l) => l.text));
  assert.deepEqual(labels.sort(), ['1', '2', '3'], 'move numbers on the stones');
  await shot(page, 'element-view.png', '#v');
  await page.$eval('#v', (b) => b.shadowRoot.querySelector('canvas').focus());
  await page.keyboard.press('Home');
  assert.equal(await page.$eval('#v', (b) => b.game.moveNumber), 0);
  await page.keyboard.press('End');
  assert.equal(await page.$eval('#v', (b) => b.game.moveNumber), 4);
  const ev = await events(page, '#v');
  assert.deepEqual(ev.map((e) => e.detail.path), [[0], [0, 0], [0, 0, 1], [], [0, 0, 0, 0]]);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('play: a whole game to a score (pass, undo, marking, finish) with move and end events', async () => {
  const { ctx, page } = await openBoards('<tengen-board id="g" mode="play" size="5" komi="0.5" rules="japanese-1989"></tengen-board>');
  await allReady(page);
  await record(page, '#g', ['move', 'end']);
  const moves = [[1, 0], [3, 0], [1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3], [1, 4], [3, 4]];
  for (const [x, y] of moves) await click(page, '#g', x, y);
  await click(page, '#g', 4, 4);
  await page.locator('#g').getByRole('button', { name: 'Undo' }).click();
  assert.equal(await page.$eval('#g', (b) => b.game.moveNumber), 10);
  await click(page, '#g', 4, 2); // Black invades White's side
  await page.locator('#g').getByRole('button', { name: 'Pass' }).click();
  await page.locator('#g').getByRole('button', { name: 'Pass' }).click();
  assert.equal(await page.$eval('#g', (b) => b.game.phase), 'stopped');
  await click(page, '#g', 4, 2); // mark the black stone in White's area dead
  await page.locator('#g').getByRole('button', { name: 'Finish' }).click();
  const ev = await events(page, '#g');
  const end = ev.find((e) => e.type === 'end');
  assert.ok(end, 'an end event');
  // J89: Black 5 points of territory; White 5 and the dead stone as a prisoner, komi 0.5.
  assert.equal(end.detail.score.result, 'W+1.5');
  assert.match(await message(page, '#g'), /White wins by 1.5/);
  await shot(page, 'element-play-end.png', '#g');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

const SENSEI = senseiNet('A net');

test('diagram: a Sensei\'s Library diagram with marks, letters and a numbered move, cropped', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="d">${SENSEI}</tengen-board>`);
  await allReady(page);
  const v = await page.$eval('#d', (b) => ({ view: b.currentView, mode: b.mode, buttons: b.shadowRoot.querySelectorAll('button').length }));
  assert.equal(v.mode, 'diagram');
  assert.equal(v.buttons, 0);
  assert.deepEqual(v.view.region, { x0: 0, y0: 0, x1: 5, y1: 5 });
  assert.equal(v.view.stones[2 * 19 + 4], 1, 'move 1 is Black\'s, at the 1');
  assert.ok(v.view.markup.labels.some((l) => l.text === '1' && l.point.join() === '4,2'));
  assert.ok(v.view.markup.labels.some((l) => l.text === 'a' && l.point.join() === '3,3'));
  assert.ok(v.view.markup.circles.some((p) => p.join() === '2,4'));
  const keys = v.view.markup.labels.map((l) => `${l.point}`);
  assert.equal(new Set(keys).size, keys.length, 'each label drawn once');
  await shot(page, 'element-diagram.png', '#d');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('region attribute, languages from the element and the page, the sgf property', async () => {
  const { ctx, page } = await openBoards(`
    <tengen-board id="r" mode="play" size="19" region="a1:g7"></tengen-board>
    <div lang="ja"><tengen-board id="j" mode="problem">${PROBLEM}</tengen-board></div>
    <tengen-board id="h" lang="hu" mode="play" size="9"></tengen-board>`);
  await allReady(page);
  assert.deepEqual(await page.$eval('#r', (b) => b.currentView.region), { x0: 0, y0: 12, x1: 6, y1: 18 });
  // A point outside the region is outside the board's canvas.
  const outside = await page.$eval('#r', (b) => {
    const p = b.pointClient(10, 10);
    const r = b.shadowRoot.querySelector('canvas').getBoundingClientRect();
    return p.x < r.left || p.x > r.right || p.y < r.top || p.y > r.bottom;
  });
  assert.equal(outside, true);
  await click(page, '#r', 2, 16);
  assert.equal(await stone(page, '#r', 2, 16), 1);
  const sgf = await page.$eval('#r', (b) => b.sgf);
  assert.match(sgf, /;B\[cq\]/);
  const ja = await page.$eval('#j', (b) => [...b.shadowRoot.querySelectorAll('button')].map((x) => x.textContent));
  const hu = await page.$eval('#h', (b) => [...b.shadowRoot.querySelectorAll('button')].map((x) => x.textContent));
  assert.notDeepEqual(ja, ['Retry', 'Show solution']);
  assert.notDeepEqual(hu.slice(0, 2), ['Pass', 'Undo']);
  // Setting sgf loads a new record.
  await page.$eval('#r', (b) => { b.sgf = '(;SZ[9]AB[ee])'; });
  assert.equal(await page.$eval('#r', (b) => b.game.width), 9);
  assert.equal(await stone(page, '#r', 4, 4), 1);
  await shot(page, 'element-languages.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('phone: touch needs a confirming tap, the board fits the width and stays square', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="p" mode="problem">${PROBLEM}</tengen-board>`, { ctx: PHONE });
  await allReady(page);
  const box = await page.$eval('#p', (b) => b.shadowRoot.querySelector('canvas').getBoundingClientRect().toJSON());
  assert.ok(box.width > 300 && Math.abs(box.width - box.height) < 2, `a square board across the phone: ${box.width}x${box.height}`);
  const p = await at(page, '#p', 0, 3);
  await page.touchscreen.tap(p.x, p.y);
  assert.equal(await page.$eval('#p', (b) => b.game.moveNumber), 0, 'a first tap only previews');
  assert.deepEqual(await page.$eval('#p', (b) => b.currentView.ghost), { x: 0, y: 3, color: 1, confirm: true });
  await shot(page, 'element-phone-preview.png');
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForFunction(() => document.querySelector('#p').game.moveNumber === 2);
  await shot(page, 'element-phone-played.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('30 boards on one page: all ready, one engine; the time and memory are recorded', async () => {
  const boards = Array.from({ length: 30 }, (_, i) => (i % 3 === 0
    ? `<tengen-board mode="problem" style="width:200px">${PROBLEM}</tengen-board>`
    : i % 3 === 1 ? `<tengen-board mode="view" style="width:200px">${RECORD}</tengen-board>`
      : `<tengen-board style="width:200px">${SENSEI}</tengen-board>`)).join('\n');
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 1400 }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.route(base + PAGE, (r) => r.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>30 boards</title>
<style>main { display: flex; flex-wrap: wrap; gap: 8px; }</style><script src="tengen-board.js"></script></head>
<body><main>${boards}</main></body></html>`,
  }));
  const wasm = [];
  page.on('request', (r) => { if (/tengen-board\.wasm/.test(r.url())) wasm.push(r.url()); });
  const t0 = Date.now();
  await page.goto(base + PAGE);
  const n = await allReady(page, 10000);
  const ms = Date.now() - t0;
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize').value;
  const wasmMemory = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  console.log(`# 30 boards: all ready ${ms} ms after navigation; JS heap ${(heap / 1048576).toFixed(1)} MB (${(wasmMemory / 1048576).toFixed(1)} MB used)`);
  assert.equal(n, 30);
  assert.equal(wasm.length, 1, 'one wasm download for the page');
  assert.ok(ms < 1500, `30 boards ready in ${ms} ms (at most 1.5 s)`);
  await shot(page, 'element-30-boards.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('the lesson opened from disk (file://): every board ready, no errors', async () => {
  const lesson = path.join(WWW, 'lesson.html');
  if (!fs.existsSync(lesson)) assert.fail('www/lesson.html is missing');
  const ctx = await browser.newContext({ ...DESKTOP, viewport: { width: 1000, height: 20000 } });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(pathToFileURL(lesson).href);
  const n = await allReady(page, 15000);
  assert.ok(n >= 10, `${n} boards`);
  const failed = await page.$$eval('tengen-board[error]', (bs) => bs.map((b) => b.shadowRoot.querySelector('.message').textContent));
  assert.deepEqual(failed, []);
  const problems = await page.$$eval('tengen-board[mode="problem"]', (bs) => bs.length);
  assert.ok(problems >= 6, `${problems} problems`);
  await page.setViewportSize({ width: 1000, height: 900 });
  await shot(page, 'lesson-file.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('axe-core: no violations on the lesson (served), light and dark', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const ctx = await browser.newContext({ ...DESKTOP, colorScheme, viewport: { width: 1000, height: 20000 } });
    const page = await ctx.newPage();
    await page.goto(`${base}lesson.html`);
    await allReady(page, 15000);
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    assert.deepEqual(r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((x) => x.target.join(' ')) })), [], colorScheme);
    await page.setViewportSize({ width: 1000, height: 900 });
    await shot(page, `lesson-${colorScheme}.png`);
    await ctx.close();
  }
});

test('src: a problem file whose variation sets up stones (AE/AW) after a move, and PL', async () => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  // Black plays C3; the reply node removes Black's A1 stone and adds White stones (set-up in the
  // middle of the tree), and says White is to move... then White plays; Black must answer at B2.
  const sgf = '(;GM[1]FF[4]CA[UTF-8]SZ[5]PL[B]AB[aa]C[Négro juega]'
    + '(;B[cc];AE[aa]AW[ab][ba]PL[W];W[dd];B[bb]C[Correct!])(;B[bb];W[cc]C[Wrong]))';
  await page.route(`${base}problems/p1.sgf`, (r) => r.fulfill({ contentType: 'application/x-go-sgf', body: Buffer.from(sgf, 'utf8') }));
  await page.route(base + PAGE, (r) => r.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>src</title><script src="tengen-board.js"></script></head>'
      + '<body><tengen-board id="p" mode="problem" src="problems/p1.sgf" style="width:300px"></tengen-board></body></html>',
  }));
  await page.goto(base + PAGE);
  await allReady(page);
  assert.equal(await page.$eval('#p', (b) => b.shadowRoot.querySelector('.comment').textContent), 'Négro juega', 'decoded as UTF-8');
  await record(page, '#p', ['solved']);
  await click(page, '#p', 2, 2);
  // The set-up node and White's move are played as replies: the learner's turn comes back.
  await page.waitForFunction(() => document.querySelector('#p').game.board()[18] === -1);
  assert.equal(await page.$eval('#p', (b) => b.game.moveNumber), 2, 'the move count goes on across the set-up');
  const board = await page.$eval('#p', (b) => Array.from(b.game.board()));
  assert.equal(board[0], 0, 'AE removed A5');
  assert.deepEqual([board[5], board[1], board[18]], [-1, -1, -1]);
  await click(page, '#p', 1, 1);
  await page.waitForFunction(() => document.querySelector('#p').events.length === 1);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

// ---- records read by the engine, as the app reads them ----------------------------------------

const SGF_DIR = path.join(ROOT, 'tests', 'sgf');
const CORPUS = process.env.TENGEN_CORPUS || path.join(ROOT, '..', 'shared', 'corpus');
const { Game } = await load();

/** Reads a record as the app and the element do: strictly, else leniently (sgf, illegalMove). */
function readLikeTheApp(input) {
  try {
    return Game.fromSgf(input);
  } catch (e) {
    if (e.code !== 'sgf' && e.code !== 'illegalMove') throw e;
    return Game.fromSgf(input, { lenient: true });
  }
}

/** Serves files under base + prefix from a folder (the way the element's tests serve records). */
async function serveFolder(page, prefix, dir) {
  await page.route(`${base}${prefix}/**`, (r) => {
    const rel = decodeURIComponent(new URL(r.request().url()).pathname.slice(prefix.length + 2));
    const file = path.join(dir, rel);
    if (!file.startsWith(dir) || !fs.existsSync(file)) return r.fulfill({ status: 404, body: 'not found' });
    return r.fulfill({ contentType: 'application/x-go-sgf', body: fs.readFileSync(file) });
  });
}

test('src: a GB2312 file without CA shows its Chinese names and comments as the app reads them', async () => {
  const bytes = new Uint8Array(fs.readFileSync(path.join(SGF_DIR, 'gb2312.sgf')));
  assert.ok(!Buffer.from(bytes).includes('CA['), 'the fixture names no charset');
  const app = Game.fromSgf(bytes);
  const expected = { info: app.info, comments: [app.node([]).comment, app.node([0, 0]).comment], warnings: app.warnings, sgf: app.toSgf() };
  app.free();
  assert.equal(expected.info.black, '柯洁');
  assert.equal(expected.info.white, '古力');
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await serveFolder(page, 'records', SGF_DIR);
  await page.route(base + PAGE, (r) => r.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>src</title><script src="tengen-board.js"></script></head>'
      + '<body><tengen-board id="v" src="records/gb2312.sgf" style="width:360px"></tengen-board></body></html>',
  }));
  await page.goto(base + PAGE);
  await allReady(page);
  const got = await page.$eval('#v', (b) => ({
    mode: b.mode, info: b.game.info, warnings: b.warnings, sgf: b.sgf, error: b.getAttribute('error'),
    comment: b.shadowRoot.querySelector('.comment').textContent,
  }));
  assert.equal(got.error, null);
  assert.equal(got.mode, 'view');
  assert.deepEqual(got.info, expected.info, 'the players and the event as Game.fromSgf(bytes).info gives them');
  assert.equal(got.comment, expected.comments[0], 'the root comment shown in Chinese');
  assert.match(got.comment, /^黑棋先行/);
  assert.deepEqual(got.warnings, expected.warnings, 'the detected charset said in a warning');
  assert.equal(got.sgf, expected.sgf);
  await page.locator('#v').getByRole('button', { name: 'Next move' }).click();
  await page.locator('#v').getByRole('button', { name: 'Next move' }).click();
  await page.waitForFunction((c) => document.querySelector('#v').shadowRoot.querySelector('.comment').textContent === c, expected.comments[1]);
  await shot(page, 'element-gb2312.png', '#v');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a record the strict reader refuses is shown from a lenient reading, with the engine\'s warnings', async () => {
  // White plays on Black's stone: strictly an illegalMove, leniently played as the record has it.
  const sgf = '(;GM[1]FF[4]SZ[9];B[ee];W[ee];B[cc])';
  const lenient = Game.fromSgf(sgf, { lenient: true });
  const expected = { warnings: lenient.warnings, sgf: lenient.toSgf() };
  lenient.free();
  assert.throws(() => Game.fromSgf(sgf), (e) => e.code === 'illegalMove');
  assert.ok(expected.warnings.length);
  const { ctx, page } = await openBoards(`<tengen-board id="v" mode="view">${sgf}</tengen-board><tengen-board id="f" mode="play" size="9"></tengen-board>`);
  await allReady(page);
  const got = await page.$eval('#v', (b) => ({ warnings: b.warnings, sgf: b.sgf, error: b.getAttribute('error') }));
  assert.equal(got.error, null);
  assert.deepEqual(got.warnings, expected.warnings);
  assert.equal(got.sgf, expected.sgf);
  assert.deepEqual(await page.$eval('#f', (b) => b.warnings), [], 'a fresh board has nothing to warn about');
  // The warnings getter is read-only.
  assert.deepEqual(await page.$eval('#v', (b) => { try { b.warnings = ['x']; } catch { /* strict mode */ } return b.warnings; }), expected.warnings);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('src: the element\'s sgf is Game.fromSgf(the same bytes).toSgf(), for tests/sgf and real records', async (t) => {
  const files = fs.readdirSync(SGF_DIR).filter((f) => f.endsWith('.sgf')).sort().map((f) => ({ url: `records/${f}`, file: path.join(SGF_DIR, f) }));
  const corpus = [];
  if (fs.existsSync(CORPUS)) {
    // A sample of each folder (every nth file), and the record with a move onto an occupied
    // point, which only a lenient reading shows.
    for (const sub of ['scored', 'replay', 'ai-games']) {
      const dir = path.join(CORPUS, sub);
      if (!fs.existsSync(dir)) continue;
      const all = fs.readdirSync(dir).filter((f) => /\.sgf$/i.test(f)).sort();
      const step = Math.max(1, Math.floor(all.length / 4));
      for (let i = 0; i < all.length && corpus.length < 14; i += step) corpus.push(`${sub}/${all[i]}`);
    }
    const occupied = 'replay/E_AI_Sweeper_2016.09.04_2016_vs_syknyk_43772425_.SGF';
    if (fs.existsSync(path.join(CORPUS, occupied)) && !corpus.includes(occupied)) corpus.push(occupied);
  } else {
    t.diagnostic(`the corpus is absent (${CORPUS}): only tests/sgf is compared; set TENGEN_CORPUS`);
  }
  const all = [...files, ...corpus.map((f) => ({ url: `corpus/${f}`, file: path.join(CORPUS, f) }))];
  const expected = all.map(({ file }) => {
    const g = readLikeTheApp(new Uint8Array(fs.readFileSync(file)));
    const out = { sgf: g.toSgf(), warnings: g.warnings };
    g.free();
    return out;
  });
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 3000 }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await serveFolder(page, 'records', SGF_DIR);
  if (corpus.length) await serveFolder(page, 'corpus', CORPUS);
  const boards = all.map(({ url }, i) => `<tengen-board id="b${i}" src="${url}" style="width:150px"></tengen-board>`).join('\n');
  await page.route(base + PAGE, (r) => r.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>records</title>
<style>body { display: flex; flex-wrap: wrap; gap: 8px; }</style><script src="tengen-board.js"></script></head><body>${boards}</body></html>`,
  }));
  await page.goto(base + PAGE);
  await allReady(page, 20000);
  const got = await page.$$eval('tengen-board', (bs) => bs.map((b) => ({ sgf: b.sgf, warnings: b.warnings, error: b.getAttribute('error') })));
  all.forEach(({ url }, i) => {
    assert.equal(got[i].error, null, `${url}: read`);
    assert.equal(got[i].sgf, expected[i].sgf, `${url}: sgf`);
    assert.deepEqual(got[i].warnings, expected[i].warnings, `${url}: warnings`);
  });
  t.diagnostic(`${files.length} files of tests/sgf and ${corpus.length} records of the corpus compared`);
  await shot(page, 'element-records.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('problem: a move off the tree is a node of the engine\'s game until Retry takes it back', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="p" mode="problem">${PROBLEM}</tengen-board>`);
  await allReady(page);
  await record(page, '#p', ['failed']);
  const read = await page.$eval('#p', (b) => b.sgf);
  assert.equal(read, await page.$eval('#p', (b) => b.game.toSgf()), 'sgf is the game\'s toSgf()');
  await click(page, '#p', 4, 4); // off the tree
  await page.waitForFunction(() => document.querySelector('#p').events.length === 1);
  const ev = await events(page, '#p');
  assert.deepEqual(ev[0].detail.path, [], 'the path of the node the move was played at');
  assert.match(await page.$eval('#p', (b) => b.sgf), /;B\[ee\]/);
  await page.locator('#p').getByRole('button', { name: 'Retry' }).click();
  assert.equal(await page.$eval('#p', (b) => b.sgf), read, 'the record as it was read');
  assert.deepEqual(await page.$eval('#p', (b) => b.game.path), []);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});
