// <tengen-board> given bad input, and the look and the sets around it, in Chromium:
//   - a broken SGF, an unknown mode, a region off the board, and src from a page opened from disk
//     each show their message in place of the board (the SGF's with its line and column) and fire
//     `error`; an attribute changed to a bad value later does the same, and fixing it clears it;
//   - text contrast follows the page, not the reader's preference: axe-core on a light page with
//     the reader in dark mode and on a dark page (color-scheme: dark) with the reader in light mode;
//   - a problem set (a file of several game trees): "1 of 3", previous and next, the count solved
//     at the first try, and `game` picking one.
// Screenshots go to test-results/ (git-ignored), at phone and laptop widths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { useServerAndBrowser, browser, WWW, SHOTS, DESKTOP } from './browser.mjs';
import { openBoards as open, allReady, frames, clickAt as click } from './boards.mjs';

useServerAndBrowser();

const PAGE = 'element-input-test.html';
const LAPTOP = { ...DESKTOP, viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/**
 * A page served at base/PAGE with these boards; `css` styles the page. Every `error` event of a
 * board is recorded in window.errors (the event does not bubble: a capturing listener sees it).
 */
const openBoards = (body, { ctx = LAPTOP, css = '', colorScheme = 'light' } = {}) => open(body, {
  name: PAGE, ctx, css, colorScheme,
  head: "<script>window.errors = []; document.addEventListener('error', (e) => { if (e.target.localName === 'tengen-board') errors.push({ id: e.target.id, ...e.detail }); }, true);</script>",
});

async function shot(page, name, selector = null) {
  await frames(page);
  await (selector ? page.locator(selector) : page).screenshot({ path: path.join(SHOTS, name), fullPage: !selector });
}

/** What board `sel` shows: its message and its kind, whether the board and the controls show, its error attribute. */
const shows = (page, sel) => page.$eval(sel, (b) => {
  const r = b.shadowRoot;
  const visible = (q) => { const e = r.querySelector(q); return !!e && e.getClientRects().length > 0; };
  const m = r.querySelector('.message');
  return { message: m.textContent, kind: m.dataset.kind ?? null, board: visible('.board'), controls: visible('.bar'), error: b.getAttribute('error') };
});
const errors = (page) => page.evaluate(() => window.errors);

const RECORD = '(;GM[1]FF[4]SZ[9]C[The start: Black to play.];B[ee]C[Black takes the centre.];W[cc])';
// The closing bracket after [dd is missing: [dd;B[ee] is one value, not a point. A lenient reading
// would drop it and show one stone; the element says where the file is wrong.
const BROKEN = '(;GM[1]FF[4]SZ[9]\nAB[cc][dd;B[ee])';

test('bad content and attributes: the message in place of the board, with line and column, and an error event', async () => {
  const { ctx, page } = await openBoards(`
    <tengen-board id="sgf" mode="view">${BROKEN}</tengen-board>
    <tengen-board id="mode" mode="quiz">${RECORD}</tengen-board>
    <tengen-board id="region" mode="view" region="a1:z30">${RECORD}</tengen-board>
    <tengen-board id="game" mode="view" game="3">${RECORD}</tengen-board>
    <tengen-board id="ok" mode="view">${RECORD}</tengen-board>`);
  await allReady(page);
  const sgf = await shows(page, '#sgf');
  assert.match(sgf.message, /^This board could not be shown: SGF error at line 2, column 1: /);
  assert.equal(sgf.kind, 'error');
  assert.equal(sgf.board, false, 'no partial board');
  assert.equal(sgf.error, 'sgf');
  const mode = await shows(page, '#mode');
  assert.match(mode.message, /mode="quiz" is not play, view, problem, diagram or edit/);
  assert.deepEqual([mode.board, mode.controls, mode.error], [false, false, 'invalidOptions'], 'not silently a record viewer');
  const region = await shows(page, '#region');
  assert.match(region.message, /region="a1:z30" is not on this 9×9 board/);
  assert.deepEqual([region.board, region.error], [false, 'invalidOptions']);
  const game = await shows(page, '#game');
  assert.match(game.message, /game must be the number of a game tree of the file/);
  const ok = await shows(page, '#ok');
  assert.deepEqual([ok.board, ok.error, ok.kind], [true, null, '']);
  const ev = await errors(page);
  const byId = Object.fromEntries(ev.map((e) => [e.id, e]));
  assert.deepEqual(Object.keys(byId).sort(), ['game', 'mode', 'region', 'sgf']);
  assert.deepEqual(byId.sgf, { id: 'sgf', code: 'sgf', message: sgf.message, line: 2, column: 1 });
  assert.deepEqual(byId.mode, { id: 'mode', code: 'invalidOptions', message: mode.message, line: null, column: null });
  assert.equal(byId.region.code, 'invalidOptions');
  await shot(page, 'element-input-errors-laptop.png');
  await page.setViewportSize({ width: 360, height: 640 });
  await shot(page, 'element-input-error-phone.png', '#sgf');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('an attribute or the sgf changed to a bad value later shows the error; fixing it clears it', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="b" mode="view" coordinates>${RECORD}</tengen-board>`);
  await allReady(page);
  const set = (name, value) => page.$eval('#b', (b, [n, v]) => b.setAttribute(n, v), [name, value]);
  await set('region', 'a1:z30');
  let s = await shows(page, '#b');
  assert.match(s.message, /region="a1:z30" is not on this 9×9 board/);
  assert.deepEqual([s.board, s.error], [false, 'invalidOptions']);
  await set('region', 'a9:e5');
  s = await shows(page, '#b');
  assert.deepEqual([s.board, s.controls, s.error, s.kind, s.message], [true, true, null, '', '']);
  assert.deepEqual(await page.$eval('#b', (b) => b.currentView.region), { x0: 0, y0: 0, x1: 4, y1: 4 });
  await set('mode', 'quiz');
  s = await shows(page, '#b');
  assert.match(s.message, /mode="quiz"/);
  assert.deepEqual([s.board, s.error], [false, 'invalidOptions']);
  await set('mode', 'problem');
  s = await shows(page, '#b');
  assert.deepEqual([s.board, s.error, s.kind], [true, null, '']);
  assert.match(s.message, /Black to play/);
  await page.$eval('#b', (b) => { b.sgf = '(;SZ[9];B[ee]\n;W[cc]\n;B[dd]X'; });
  s = await shows(page, '#b');
  assert.match(s.message, /SGF error at line 3, column 7: /);
  assert.deepEqual([s.board, s.error], [false, 'sgf']);
  await page.$eval('#b', (b) => { b.sgf = '(;SZ[9];B[ee])'; });
  s = await shows(page, '#b');
  assert.deepEqual([s.board, s.error], [true, null]);
  const ev = await errors(page);
  assert.deepEqual(ev.map((e) => [e.code, e.line]), [['invalidOptions', null], ['invalidOptions', null], ['sgf', 3]]);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('src in a page opened from disk (file://): it says why it cannot load, and inline SGF works', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-file-'));
  try {
    for (const f of ['tengen-board.js', 'tengen-board.wasm.js']) fs.copyFileSync(path.join(WWW, f), path.join(dir, f));
    fs.writeFileSync(path.join(dir, 'game.sgf'), RECORD);
    fs.writeFileSync(path.join(dir, 'page.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>From disk</title>
<script>window.errors = []; document.addEventListener('error', (e) => { if (e.target.localName === 'tengen-board') errors.push({ id: e.target.id, ...e.detail }); }, true);</script>
<script src="tengen-board.js"></script></head><body><main>
<tengen-board id="src" mode="view" src="game.sgf" style="width:300px"></tengen-board>
<tengen-board id="inline" mode="view" style="width:300px">${RECORD}</tengen-board></main></body></html>`);
    const ctx = await browser.newContext(LAPTOP);
    const page = await ctx.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    await page.goto(pathToFileURL(path.join(dir, 'page.html')).href);
    await allReady(page, 15000);
    const src = await shows(page, '#src');
    assert.equal(src.message, 'This board could not be shown: browsers block src="game.sgf" in a page opened from a file: put the SGF inside the element.');
    assert.deepEqual([src.board, src.error, src.kind], [false, 'load', 'error']);
    assert.doesNotMatch(src.message, /Failed to fetch/);
    const inline = await shows(page, '#inline');
    assert.deepEqual([inline.board, inline.error], [true, null]);
    assert.deepEqual((await errors(page)).map((e) => [e.id, e.code]), [['src', 'load']]);
    await shot(page, 'element-input-file.png');
    assert.deepEqual(page.errors, []);
    await ctx.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// A problem whose wrong answer leaves a message, and a record with a comment at its start.
const PROBLEM = '(;GM[1]FF[4]SZ[9]PL[B]AB[ba]AW[aa]C[Black to play: capture the white stone.](;B[ab]C[Correct!])(;B[bb]C[Wrong: White still has a liberty.]))';

for (const [name, css, colorScheme] of [
  ['light page, reader in dark mode', 'html { background: #fff; color: #1b1b1b; }', 'dark'],
  ['dark page (color-scheme: dark), reader in light mode', 'html { color-scheme: dark; background: #121212; color: #ececec; }', 'light'],
]) {
  test(`contrast follows the page: ${name}; axe-core finds nothing with a comment, a message and an error showing`, async () => {
    for (const [size, options] of [['laptop', LAPTOP], ['phone', PHONE]]) {
      const { ctx, page } = await openBoards(`
        <tengen-board id="v" mode="view">${RECORD}</tengen-board>
        <tengen-board id="p" mode="problem">${PROBLEM}</tengen-board>
        <tengen-board id="e" mode="view">${BROKEN}</tengen-board>`, { ctx: options, css, colorScheme });
      await allReady(page);
      await click(page, '#p', 1, 1);
      await page.waitForFunction(() => document.querySelector('#p').shadowRoot.querySelector('.message').dataset.kind === 'wrong');
      assert.equal(await page.$eval('#v', (b) => b.shadowRoot.querySelector('.comment').textContent), 'The start: Black to play.');
      const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      assert.deepEqual(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], `${name}, ${size}`);
      // The text is the page's own colour.
      const colors = await page.evaluate(() => [getComputedStyle(document.documentElement).color,
        ...['#v .comment', '#p .message', '#e .message'].map((q) => {
          const [host, part] = q.split(' ');
          return getComputedStyle(document.querySelector(host).shadowRoot.querySelector(part)).color;
        })]);
      assert.ok(colors.every((c) => c === colors[0]), `${name}: ${colors.join(', ')}`);
      await shot(page, `element-input-${colorScheme === 'dark' ? 'light-page-dark-reader' : 'dark-page-light-reader'}-${size}.png`);
      assert.deepEqual(page.errors, []);
      await ctx.close();
    }
  });
}

test('theme="dark" and theme="light" say what is behind the board where the page does not', async () => {
  const { ctx, page } = await openBoards(`
    <div style="background:#101010;padding:8px"><tengen-board id="d" theme="dark" mode="problem">${PROBLEM}</tengen-board></div>
    <div style="background:#fff;padding:8px"><tengen-board id="l" theme="light" mode="problem">${PROBLEM}</tengen-board></div>`,
  { css: 'html { color-scheme: dark; background: #121212; color: #ececec; }' });
  await allReady(page);
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  assert.deepEqual(r.violations.map((v) => v.id), []);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

// Three problems in one file: capture the white stone in a corner, each with a wrong line.
const SET = `(;GM[1]FF[4]SZ[9]PL[B]AB[ba]AW[aa]C[Capture the stone at A9.](;B[ab]C[Correct!])(;B[bb]C[Wrong.]))
(;GM[1]FF[4]SZ[9]PL[B]AB[ha]AW[ia]C[Capture the stone at J9.](;B[ib]C[Correct!])(;B[hb]C[Wrong.]))
(;GM[1]FF[4]SZ[9]PL[B]AB[ah]AW[ai]C[Capture the stone at A1.](;B[bi]C[Correct!])(;B[bh]C[Wrong.]))`;

for (const [size, options] of [['laptop', LAPTOP], ['phone', PHONE]]) {
  test(`problem set (${size}): 1 of 3 to 3 of 3 with next and previous, the first-try count, and game picking one`, async () => {
    const { ctx, page } = await openBoards(`
      <tengen-board id="s" mode="problem">${SET}</tengen-board>
      <tengen-board id="g" mode="problem" game="2">${SET}</tengen-board>`, { ctx: options });
    await allReady(page);
    const line = () => page.$eval('#s', (b) => b.shadowRoot.querySelector('.set').textContent);
    const button = (name) => page.locator('#s').getByRole('button', { name });
    const solved = async (n) => page.waitForFunction((n) => document.querySelector('#s').shadowRoot.querySelector('.set').textContent.endsWith(`: ${n}`), n);
    const verdict = (kind) => page.waitForFunction((k) => document.querySelector('#s').shadowRoot.querySelector('.message').dataset.kind === k, kind);
    assert.equal(await line(), 'Problem 1 of 3 · solved at the first try: 0');
    assert.equal(await button('Previous problem').isDisabled(), true);
    assert.match(await page.$eval('#s', (b) => b.shadowRoot.querySelector('.comment').textContent), /A9/);
    await shot(page, `element-input-set-start-${size}.png`, '#s');
    // 1: right at once.
    await click(page, '#s', 0, 1);
    await verdict('right');
    await solved(1);
    await button('Next problem').click();
    assert.equal(await page.$eval('#s', (b) => b.getAttribute('game')), '1');
    assert.equal(await line(), 'Problem 2 of 3 · solved at the first try: 1');
    assert.equal(await page.evaluate(() => document.querySelector('#s').shadowRoot.activeElement?.textContent), 'Next problem', 'focus stays on Next');
    // 2: wrong first, then right after Retry: not at the first try.
    await click(page, '#s', 7, 1);
    await verdict('wrong');
    await button('Retry').click();
    await click(page, '#s', 8, 1);
    await verdict('right');
    assert.equal(await line(), 'Problem 2 of 3 · solved at the first try: 1');
    await button('Next problem').click();
    // 3: right at once; the last problem: Next is disabled.
    await click(page, '#s', 1, 8);
    await verdict('right');
    await solved(2);
    assert.equal(await line(), 'Problem 3 of 3 · solved at the first try: 2');
    assert.equal(await button('Next problem').isDisabled(), true);
    await shot(page, `element-input-set-done-${size}.png`, '#s');
    // Previous goes back, and a problem already answered keeps its first verdict.
    await button('Previous problem').click();
    assert.equal(await line(), 'Problem 2 of 3 · solved at the first try: 2');
    await click(page, '#s', 8, 1);
    await verdict('right');
    assert.equal(await line(), 'Problem 2 of 3 · solved at the first try: 2');
    // game="2" opens the third problem (0 is the first, as the engine and the app count).
    assert.equal(await page.$eval('#g', (b) => b.shadowRoot.querySelector('.set').textContent), 'Problem 3 of 3 · solved at the first try: 0');
    assert.deepEqual(await page.$eval('#g', (b) => b.game.board()[8 * 9]), -1, 'the white stone at A1');
    assert.deepEqual(await errors(page), []);
    assert.deepEqual(page.errors, []);
    await ctx.close();
  });
}
