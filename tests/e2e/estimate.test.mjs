// End-to-end tests of the dead-stone proposal on the page, in Debian's Chromium (playwright-core): when play stops
// the estimate's proposal of dead stones is marked at once, a Finish with nothing marked where
// stones look dead asks first, and Estimate shades the board while playing. Checked against the
// Node build of the package and with axe-core. Screenshots go to test-results/ (git-ignored).
//   node --test --test-concurrency=1 tests/e2e/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  useServerAndBrowser, browser, ROOT, SHOTS, saved, savedGame, text, waitText, STOPPED, moveIs, DESKTOP, PHONE, ready, openIn, clickPoint, tapPoint,
} from './browser.mjs';
import { load, FAMILY_3 } from '../js/load.mjs';

const { Game } = await load();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const CORPUS = process.env.TENGEN_CORPUS || path.join(ROOT, '..', 'shared', 'corpus');

useServerAndBrowser();

// ---- helpers -----------------------------------------------------------------------------------

// The renderer's overlay codes for a stone marked dead (www/render.js): removed, or left on the
// board where it stands in dame or a seki eye.
const DEAD = 5;
const DEAD_STAYS = 6;
const PROPOSED = /^Dead stones proposed: tap a chain to change\./;

// The short 9x9 game of page.test.mjs: Black builds column D, White column F and invades at B5,
// which is plainly dead.
const BLACK = [[3, 0], [3, 1], [3, 2], [3, 3], [3, 4], [3, 5], [3, 6], [3, 7], [3, 8], [4, 4]];
const WHITE = [[1, 4], [5, 0], [5, 1], [5, 2], [5, 3], [5, 4], [5, 5], [5, 6], [5, 7], [5, 8]];
const GAME = BLACK.flatMap((b, i) => [b, WHITE[i]]);
const B5 = 4 * 9 + 1;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A record under Japanese rules whose root sets up a diagram: `X`/`x` Black, `O`/`o`/`c` White. */
function diagramSgf(rows) {
  const ab = [];
  const aw = [];
  rows.forEach((row, y) => [...row.replace(/ /g, '')].forEach((c, x) => {
    if ('Xx'.includes(c)) ab.push(`[${LETTERS[x]}${LETTERS[y]}]`);
    if ('Ooc'.includes(c)) aw.push(`[${LETTERS[x]}${LETTERS[y]}]`);
  }));
  return `(;GM[1]FF[4]SZ[${rows.length}]RU[Japanese]KM[6.5]AB${ab.join('')}AW${aw.join('')})`;
}

async function open(options = DESKTOP) {
  const ctx = await browser.newContext({ serviceWorkers: 'block', ...options });
  return { ctx, page: await openIn(ctx) };
}

/** A new 9x9 game through the form (tapped on a phone). */
async function newGame(page, { size = 9, rules = 'japanese-1989', tap = false } = {}) {
  const press = (sel) => (tap ? page.tap(sel) : page.click(sel));
  await press('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await press(`input[name="size"][value="${size}"]`);
  await page.selectOption('#rules-select', rules);
  await press('#new-game-start');
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open);
  await page.waitForFunction((w) => window.tengen.view?.width === w && window.tengen.pointClient(0, 0), size);
  await moveIs(page, 0);
}

/** Plays the moves by clicks (or by two taps each, on a touch screen). */
async function play(page, moves, { tap = false } = {}) {
  let n = Number((await text(page, '#move-number')).replace(/\D/g, ''));
  for (const [x, y] of moves) {
    if (tap) {
      await tapPoint(page, x, y);
      await page.waitForFunction(([x, y]) => window.tengen.view.ghost?.x === x && window.tengen.view.ghost?.y === y, [x, y]);
      await tapPoint(page, x, y);
    } else {
      await clickPoint(page, x, y);
    }
    await moveIs(page, ++n);
  }
}

/** Two passes by the button; waits until play has stopped. */
async function passTwice(page, { tap = false } = {}) {
  const press = (sel) => (tap ? page.tap(sel) : page.click(sel));
  const n = Number((await text(page, '#move-number')).replace(/\D/g, ''));
  await press('#pass');
  await moveIs(page, n + 1);
  await press('#pass');
  await waitText(page, '#turn', STOPPED);
}

/** The row-major indices the board draws as stones marked dead, once the view is drawn. */
async function deadPoints(page) {
  await frames(page);
  return page.evaluate((codes) => {
    const o = window.tengen.view.overlay;
    return o ? Array.from(o).flatMap((k, i) => (codes.includes(k) ? [i] : [])) : [];
  }, [DEAD, DEAD_STAYS]);
}

const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

async function shot(page, name) {
  await frames(page);
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: false });
}

/** axe-core's violations on the page as it is now (WCAG 2 A and AA, and best practices). */
async function axe(page, selector = null) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (sel) => {
    const r = await window.axe.run(sel ? { include: [[sel]] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  }, selector);
}

/** The same game through the Node build: `then(g)` runs on it once the moves are played. */
function node(moves, then, options = { size: 9, rules: 'japanese-1989', komi: 6.5 }) {
  const g = new Game(options);
  for (const [x, y] of moves) g.place(x, y);
  try {
    return then(g);
  } finally {
    g.free();
  }
}

/** Average RGB of a few device pixels around point (x, y)'s top-left quarter cell (off the lines). */
async function tint(page, x, y) {
  await frames(page);
  return page.evaluate(([x, y]) => {
    const c = document.getElementById('board');
    const a = window.tengen.pointClient(x, y);
    const b = window.tengen.pointClient(x + 1, y);
    const r = c.getBoundingClientRect();
    const scale = c.width / r.width;
    const cell = (b.x - a.x) * scale;
    const px = Math.round((a.x - r.left) * scale - cell * 0.3);
    const py = Math.round((a.y - r.top) * scale - cell * 0.3);
    const d = c.getContext('2d').getImageData(px - 1, py - 1, 3, 3).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < d.length; i += 4) for (let k = 0; k < 3; k++) sum[k] += d[i + k];
    return sum.map((s) => s / 9);
  }, [x, y]);
}
const brightness = (rgb) => (rgb[0] + rgb[1] + rgb[2]) / 3;

// ---- proposal at the stop ----------------------------------------------------------------------

test('two passes propose the dead stones at once; a tap changes them; a reload does not propose again; Resume then two passes proposes again', async () => {
  const { ctx, page } = await open();
  await newGame(page);
  await play(page, GAME);
  await passTwice(page);

  // The proposal: B5 marked dead, said in the hint and in the live region; the count follows.
  await waitText(page, '#hint', PROPOSED);
  assert.equal(await page.$eval('#hint', (e) => e.classList.contains('attention')), true);
  assert.match(await text(page, '#live'), /^White passes\. Play has stopped\. Dead stones proposed: 1 stone marked dead; tap a chain to change, then Finish\.$/);
  assert.deepEqual(await deadPoints(page), [B5]);
  const proposed = node(GAME, (g) => { g.pass(); g.pass(); const changed = g.autoMark(); return { changed, s: g.score() }; });
  assert.deepEqual(proposed.changed, [[1, 4]], 'the Node build proposes the same');
  assert.equal(proposed.s.result, 'W+5.5');
  await waitText(page, '#result', 'If counted now: White wins by 5.5 (W+5.5)');
  const actions = await page.evaluate(() => window.tengen.actions);
  assert.deepEqual(actions.slice(-3), [['pass'], ['pass'], ['dead', 1, 4]], 'the proposal is recorded as a marking action');
  await shot(page, 'desktop-proposed.png');

  // A tap (a click) on the proposed chain unmarks it; another marks it again.
  await clickPoint(page, 1, 4);
  await waitText(page, '#live', /^White chain at B5 marked alive\./);
  await waitText(page, '#result', 'If counted now: White wins by 33.5 (W+33.5)');
  assert.deepEqual(await deadPoints(page), []);
  await clickPoint(page, 1, 4);
  await waitText(page, '#result', 'If counted now: White wins by 5.5 (W+5.5)');
  assert.deepEqual(await deadPoints(page), [B5]);

  // Unmarked, then reloaded: the stopped game comes back as it was, not marked again.
  await clickPoint(page, 1, 4);
  await waitText(page, '#result', 'If counted now: White wins by 33.5 (W+33.5)');
  const saved = await page.evaluate(() => window.tengen.actions);
  await page.reload();
  await ready(page);
  await waitText(page, '#turn', STOPPED);
  assert.deepEqual(await page.evaluate(() => window.tengen.actions), saved);
  assert.deepEqual(await deadPoints(page), [], 'nothing is proposed on load');
  await waitText(page, '#result', 'If counted now: White wins by 33.5 (W+33.5)');
  assert.match(await text(page, '#hint'), /^Tap \(or click\) a chain to mark it dead or alive\./, 'the plain marking hint');

  // A mark after the reload, undone.
  await clickPoint(page, 1, 4);
  await waitText(page, '#result', 'If counted now: White wins by 5.5 (W+5.5)');
  await page.click('#undo');
  await waitText(page, '#result', 'If counted now: White wins by 33.5 (W+33.5)');

  // Resume, then two passes: proposed again.
  await page.click('#resume');
  await page.click('#choice-dialog button[value="black"]');
  await waitText(page, '#turn', 'White to play');
  assert.equal(await page.isVisible('#score'), false);
  await passTwice(page);
  await waitText(page, '#hint', PROPOSED);
  assert.match(await text(page, '#live'), /Dead stones proposed: 1 stone marked dead/);
  assert.deepEqual(await deadPoints(page), [B5]);
  await waitText(page, '#result', 'If counted now: White wins by 5.5 (W+5.5)');
  // With stones marked, Finish does not ask.
  await page.click('#finish');
  await waitText(page, '#turn', 'Game over');
  assert.equal(await page.evaluate(() => document.getElementById('finish-dialog').open), false);
  await waitText(page, '#result', 'Result: White wins by 5.5 (W+5.5)');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('rules that count the board as it stands propose nothing; a Basic resumption with two passes at once neither', async () => {
  const { ctx, page } = await open();
  await newGame(page, { rules: 'tromp-taylor' });
  await play(page, GAME.slice(0, 4));
  await page.click('#pass');
  await moveIs(page, 5);
  await page.click('#pass');
  await waitText(page, '#turn', 'Game over');
  assert.doesNotMatch(await text(page, '#live'), /proposed/);
  assert.doesNotMatch(await text(page, '#hint'), /proposed/);

  await newGame(page, { rules: 'basic' });
  await play(page, GAME);
  await passTwice(page);
  await waitText(page, '#hint', PROPOSED);
  await page.click('#resume');
  await page.click('#choice-dialog button[value="white"]');
  await waitText(page, '#turn', 'Black to play');
  await passTwice(page);
  // Seed 004 5.1: every stone is alive; autoMark refuses, so nothing is said about a proposal.
  await waitText(page, '#hint', /^Tap \(or click\) a chain/);
  assert.doesNotMatch(await text(page, '#live'), /proposed/);
  assert.deepEqual(await deadPoints(page), []);
  // Finish does not ask there: nothing could be marked anyway.
  await page.click('#finish');
  await waitText(page, '#turn', 'Game over');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

// ---- Finish with nothing marked ----------------------------------------------------------------

test('Finish with every mark removed asks first: going back does not finish, finishing anyway does; keyboard and axe', async () => {
  const { ctx, page } = await open();
  await newGame(page);
  await play(page, GAME);
  await passTwice(page);
  await waitText(page, '#hint', PROPOSED);
  await clickPoint(page, 1, 4);
  await waitText(page, '#result', 'If counted now: White wins by 33.5 (W+33.5)');

  // The dialog: a modal, named and described, the safe choice focused.
  await page.click('#finish');
  await page.waitForSelector('#finish-dialog[open]');
  await waitText(page, '#finish-title', 'Finish without dead stones?');
  assert.equal(await text(page, '#finish-text'), 'No stone is marked dead, but 1 stone looks dead. Finish anyway?');
  assert.deepEqual(await page.$$eval('#finish-dialog button', (bs) => bs.map((b) => b.textContent)), ['Back to marking', 'Finish anyway']);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'finish-back');
  assert.equal(await page.evaluate(() => document.getElementById('finish-dialog').matches(':modal')), true);
  assert.deepEqual(await axe(page, '#finish-dialog'), [], 'axe-core finds nothing in the dialog');
  await shot(page, 'desktop-finish-confirm.png');

  // Back to marking (Enter on the focused button): not finished, the focus back on Finish.
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.getElementById('finish-dialog').open);
  await waitText(page, '#live', 'Back to marking: tap the dead chains, then Finish.');
  assert.match(await text(page, '#turn'), STOPPED);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'finish');
  assert.equal((await page.evaluate(() => window.tengen.actions)).at(-1)[0], 'dead', 'nothing recorded');

  // Escape goes back too.
  await page.keyboard.press('Enter');
  await page.waitForSelector('#finish-dialog[open]');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('finish-dialog').open);
  assert.match(await text(page, '#turn'), STOPPED);

  // Finish anyway, by the keyboard: Tab to it, Enter.
  await page.keyboard.press('Enter');
  await page.waitForSelector('#finish-dialog[open]');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'finish-anyway');
  await page.keyboard.press('Enter');
  await waitText(page, '#turn', 'Game over');
  await waitText(page, '#result', 'Result: White wins by 33.5 (W+33.5)');
  assert.deepEqual((await page.evaluate(() => window.tengen.actions)).at(-1), ['finish']);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('phone: the proposal by taps, and the Finish dialog by taps', async () => {
  const { ctx, page } = await open(PHONE);
  await newGame(page, { tap: true });
  await play(page, GAME, { tap: true });
  await passTwice(page, { tap: true });
  await waitText(page, '#hint', PROPOSED);
  assert.deepEqual(await deadPoints(page), [B5]);
  await shot(page, 'phone-360-proposed.png');
  // A single tap changes a mark (no preview while marking).
  await tapPoint(page, 1, 4);
  await waitText(page, '#result', 'If counted now: White wins by 33.5 (W+33.5)');
  await page.tap('#finish');
  await page.waitForSelector('#finish-dialog[open]');
  const m = await page.evaluate(() => {
    const r = document.getElementById('finish-dialog').getBoundingClientRect();
    return { left: r.left, right: r.right, innerW: window.innerWidth };
  });
  assert.ok(m.left >= 0 && m.right <= m.innerW, `the dialog fits: ${JSON.stringify(m)}`);
  await shot(page, 'phone-360-finish-confirm.png');
  await page.tap('#finish-back');
  await page.waitForFunction(() => !document.getElementById('finish-dialog').open);
  assert.match(await text(page, '#turn'), STOPPED);
  await page.tap('#finish');
  await page.tap('#finish-anyway');
  await waitText(page, '#turn', 'Game over');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

// ---- a record: the proposal, undo and reload ------------------------------------------------------

test('a record: two passes propose several chains; undo takes one back; reloads keep the marks, a resumption and the end', async () => {
  const { ctx, page } = await open();
  const sgf = diagramSgf(FAMILY_3);
  await page.setInputFiles('#sgf-file', { name: 'family-3.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(sgf) });
  await page.waitForFunction(() => window.tengen.record?.name === 'family-3.sgf');
  await waitText(page, '#turn', 'Black to play');
  await passTwice(page);
  await waitText(page, '#hint', PROPOSED);

  const n = Game.fromSgf(sgf);
  n.pass();
  n.pass();
  const changed = n.autoMark();
  const sorted = (points) => points.map(([x, y]) => y * 9 + x).sort((a, b) => a - b);
  const all = sorted(changed);
  assert.ok(all.length >= 4, `the diagram's dead stones are several chains: ${all}`);
  assert.deepEqual(await deadPoints(page), all, 'the page marks what the Node build proposes');
  await waitText(page, '#live', new RegExp(`Dead stones proposed: ${all.length} stones marked dead`));
  await waitText(page, '#result', `If counted now: White wins by ${n.score().margin} (${n.score().result})`);
  // Stored: the marks are actions at the node, one per chain, replayed on the SGF read back.
  const stored = await saved(page);
  assert.ok(stored.extra.length > 0 && stored.extra.every((a) => a[0] === 'dead'), 'the marks are kept as actions');
  const back = await savedGame(page, Game);
  assert.deepEqual(sorted(back.score().dead), all);
  back.free();

  // Undo unmarks the last chain marked, as in the engine; a reload keeps exactly these marks.
  await page.click('#undo');
  await frames(page);
  const afterUndo = await deadPoints(page);
  n.undo();
  assert.deepEqual(afterUndo, sorted(n.score().dead), 'the page undoes as the engine does');
  assert.ok(afterUndo.length < all.length && afterUndo.length > 0, 'one chain taken back');
  await page.reload();
  await ready(page);
  await waitText(page, '#turn', STOPPED);
  assert.deepEqual(await deadPoints(page), afterUndo, 'a reload keeps the marks');
  assert.match(await text(page, '#hint'), /^Tap \(or click\) a chain/, 'and proposes nothing');

  // A resumption survives a reload; two more passes propose again.
  await page.click('#resume');
  await page.click('#choice-dialog button[value="white"]');
  await waitText(page, '#turn', 'Black to play');
  await page.reload();
  await ready(page);
  await waitText(page, '#turn', 'Black to play');
  assert.equal(await page.$$eval('.notice', (e) => e.length), 0, 'no notice: the record was restored');
  await passTwice(page);
  await waitText(page, '#hint', PROPOSED);
  assert.deepEqual(await deadPoints(page), all);

  // Finished, then reloaded: still finished, with the same result.
  await page.click('#finish');
  await waitText(page, '#turn', 'Game over');
  const result = await text(page, '#result');
  assert.match(result, /^Result: /);
  await page.reload();
  await ready(page);
  await waitText(page, '#turn', 'Game over');
  assert.equal(await text(page, '#result'), result);
  assert.equal(await page.$$eval('.notice', (e) => e.length), 0, 'no notice: the record was restored');
  n.free();
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

// ---- Estimate while playing --------------------------------------------------------------------

test('Estimate while playing: the result in words and the board shaded; pressed again or a move hides it', async () => {
  const { ctx, page } = await open();
  await newGame(page);
  await play(page, GAME);
  assert.equal(await page.isVisible('#estimate'), true);
  assert.equal(await page.getAttribute('#estimate', 'aria-pressed'), 'false');
  assert.equal(await page.isVisible('#estimate-result'), false);
  const wood = await tint(page, 1, 1);
  const whiteSide = await tint(page, 7, 1);

  await page.click('#estimate');
  const e = node(GAME, (g) => g.estimate());
  assert.equal(e.score.winner, 'white', 'with B5 dead, White leads by komi and a point or so');
  const words = `Estimate: White leads by ${e.score.margin} (${e.score.result})`;
  await waitText(page, '#estimate-text', words);
  assert.equal(await text(page, '#live'), `${words}. The board is shaded by who is likely to own each point.`);
  assert.equal(await page.getAttribute('#estimate', 'aria-pressed'), 'true');
  const v = await page.evaluate(() => {
    const v = window.tengen.view;
    return { ownership: v.ownership && Array.from(v.ownership), faded: v.faded && Array.from(v.faded), overlay: v.overlay };
  });
  assert.equal(v.overlay, null, 'no count while playing');
  assert.equal(v.ownership.length, 81);
  assert.deepEqual(v.ownership, Array.from(e.ownership), 'the view carries the estimate\'s ownership');
  assert.ok(v.ownership[1 * 9 + 1] > 0.3 && v.ownership[1 * 9 + 7] < -0.3, 'Black owns the left, White the right');
  assert.deepEqual(v.faded.flatMap((f, i) => (f ? [i] : [])), [B5], 'B5 looks dead: drawn faded');
  // The pixels: darker on Black's side, lighter on White's.
  const dark = await tint(page, 1, 1);
  const light = await tint(page, 7, 1);
  assert.ok(brightness(dark) < brightness(wood) - 30, `Black's area is shaded dark (${dark} vs ${wood})`);
  assert.ok(brightness(light) > brightness(whiteSide) + 20, `White's area is shaded light (${light} vs ${whiteSide})`);
  assert.deepEqual(await axe(page), [], 'axe-core finds nothing with the estimate shown');
  await shot(page, 'desktop-estimate.png');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.deepEqual(await axe(page), [], 'axe-core finds nothing in the dark scheme either');
  await shot(page, 'desktop-estimate-dark.png');
  await page.emulateMedia({ colorScheme: 'light' });

  // Pressed again: hidden.
  await page.click('#estimate');
  await page.waitForFunction(() => window.tengen.view.ownership === null);
  assert.equal(await page.isVisible('#estimate-result'), false);
  assert.equal(await page.getAttribute('#estimate', 'aria-pressed'), 'false');
  await waitText(page, '#live', 'Estimate hidden.');
  assert.ok(Math.abs(brightness(await tint(page, 1, 1)) - brightness(wood)) < 2, 'the shading is gone');

  // Shown again, then a move hides it; Estimate is only offered while playing.
  await page.click('#estimate');
  await page.waitForFunction(() => window.tengen.view.ownership !== null);
  await play(page, [[7, 7]]);
  await page.waitForFunction(() => window.tengen.view.ownership === null && window.tengen.view.faded === null);
  assert.equal(await page.isVisible('#estimate-result'), false);
  await page.click('#estimate');
  await page.waitForFunction(() => window.tengen.view.ownership !== null);
  await page.click('#pass');
  await page.waitForFunction(() => window.tengen.view.ownership === null);
  await page.click('#pass');
  await waitText(page, '#turn', STOPPED);
  assert.equal(await page.isVisible('#estimate'), false);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('phone: Estimate fits the controls and shades the board', async () => {
  const { ctx, page } = await open(PHONE);
  await newGame(page, { tap: true });
  await play(page, GAME, { tap: true });
  await page.tap('#estimate');
  const e = node(GAME, (g) => g.estimate());
  await waitText(page, '#estimate-text', `Estimate: White leads by ${e.score.margin} (${e.score.result})`);
  const m = await page.evaluate(() => ({ scrollW: document.documentElement.scrollWidth, innerW: window.innerWidth }));
  assert.ok(m.scrollW <= m.innerW, `no horizontal scroll (${m.scrollW} > ${m.innerW})`);
  const buttons = await page.$$eval('#controls .btn:not([hidden])', (bs) => bs.map((b) => {
    const r = b.getBoundingClientRect();
    return { id: b.id, w: r.width, h: r.height, right: r.right };
  }));
  for (const b of buttons) assert.ok(b.h >= 36 && b.w >= 44 && b.right <= m.innerW, `${b.id} is a fair target: ${JSON.stringify(b)}`);
  await shot(page, 'phone-360-estimate.png');
  await page.locator('#estimate-result').scrollIntoViewIfNeeded();
  await shot(page, 'phone-360-estimate-panel.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('19x19: Estimate on a real game record (the corpus), drawn sensibly and quickly', async (t) => {
  const dir = path.join(CORPUS, 'ai-games');
  if (!fs.existsSync(dir)) {
    t.skip(`the corpus is absent (${CORPUS}); set TENGEN_CORPUS`);
    return;
  }
  const name = fs.readdirSync(dir).sort()[0];
  const { ctx, page } = await open();
  await page.setInputFiles('#sgf-file', path.join(dir, name));
  await page.waitForFunction((name) => window.tengen.record?.name === name, name);
  if (!(await page.isVisible('#estimate'))) {
    t.skip('the record ends with play stopped');
    await ctx.close();
    return;
  }
  const ms = await page.evaluate(() => {
    const t0 = performance.now();
    document.getElementById('estimate').click();
    return performance.now() - t0;
  });
  t.diagnostic(`estimate on 19x19, click to result: ${ms.toFixed(1)} ms`);
  await waitText(page, '#estimate-text', /^Estimate: /);
  await page.waitForFunction(() => window.tengen.view.ownership?.length === 361);
  await shot(page, 'desktop-estimate-19x19.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('every text key the page names is in the language table (plurals as .one and .other)', async () => {
  const { ctx, page } = await open();
  const known = new Set(await page.evaluate(async () => (await import('./app/language.js')).keys()));
  const www = path.join(ROOT, 'www');
  const used = new Set();
  const appFiles = fs.readdirSync(path.join(www, 'app')).filter((f) => f.endsWith('.js')).map((f) => `app/${f}`);
  for (const f of [...appFiles, 'index.html']) {
    const src = fs.readFileSync(path.join(www, f), 'utf8');
    for (const m of src.matchAll(/\bt\('([\w.-]+)'/g)) used.add(m[1]);
    for (const m of src.matchAll(/\btn\('([\w.-]+)'/g)) used.add(`${m[1]}.one`).add(`${m[1]}.other`);
    for (const m of src.matchAll(/data-i18n(?:-aria-label|-title)?="([\w.-]+)"/g)) used.add(m[1]);
    for (const m of src.matchAll(/t\([\w.]+ \? '([\w.-]+)' : '([\w.-]+)'\)/g)) used.add(m[1]).add(m[2]);
  }
  const missing = [...used].filter((k) => !known.has(k));
  assert.deepEqual(missing, []);
  for (const k of ['hint.proposed', 'dialog.finish.text.one', 'button.estimate', 'estimate.lead']) assert.ok(used.has(k), k);
  await ctx.close();
});
