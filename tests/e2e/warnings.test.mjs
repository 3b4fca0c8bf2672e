// End-to-end tests of the count's warnings and of the new point kinds on the page, in Debian's
// Chromium (playwright-core): a stone left alive that can be captured is named in the count panel
// with a button that marks it dead; seki liberties and protective fills are drawn on the board.
// The page is checked with axe-core. Screenshots go to test-results/ (git-ignored).
//   node --test --test-concurrency=1 tests/e2e/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createRequire } from 'node:module';
import { useServerAndBrowser, browser, SHOTS, text, waitText, STOPPED, DESKTOP, PHONE, openIn } from './browser.mjs';
import { load, FAMILY_3 } from '../js/load.mjs';

const { Game } = await load();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

useServerAndBrowser();

// ---- helpers -----------------------------------------------------------------------------------

// The renderer's overlay codes (www/render.js).
const DEAD = 5;
const DEAD_STAYS = 6;
const SEKI_LIBERTY = 7;
const PROTECTIVE_FILL = 8;

async function open(options = DESKTOP) {
  const ctx = await browser.newContext({ serviceWorkers: 'block', ...options });
  return { ctx, page: await openIn(ctx) };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A record whose root sets up a diagram: `X`/`x` Black, `O`/`o`/`c` White, rows from the top. */
function sgf(rows) {
  const ab = [];
  const aw = [];
  rows.forEach((row, y) => [...row.replace(/ /g, '')].forEach((c, x) => {
    if ('Xx'.includes(c)) ab.push(`[${LETTERS[x]}${LETTERS[y]}]`);
    if ('Ooc'.includes(c)) aw.push(`[${LETTERS[x]}${LETTERS[y]}]`);
  }));
  const w = rows[0].replace(/ /g, '').length;
  const h = rows.length;
  return `(;GM[1]FF[4]SZ[${w === h ? w : `${w}:${h}`}]RU[Japanese]KM[6.5]AB${ab.join('')}AW${aw.join('')})`;
}

/** Opens a record through the file input, as the picker does, then passes twice. */
async function openStopped(page, name, rows) {
  await page.setInputFiles('#sgf-file', { name, mimeType: 'application/x-go-sgf', buffer: Buffer.from(sgf(rows)) });
  await page.waitForFunction((name) => window.tengen.record?.name === name && !document.getElementById('record').hidden, name);
  await waitText(page, '#turn', 'Black to play');
  await page.click('#pass');
  await waitText(page, '#live', /passes\./);
  await page.click('#pass');
  await waitText(page, '#turn', STOPPED);
}

async function clickPoint(page, x, y) {
  const p = await page.evaluate(([x, y]) => window.tengen.pointClient(x, y), [x, y]);
  assert.ok(p, 'the board is laid out');
  await page.mouse.click(Math.round(p.x), Math.round(p.y));
}

const view = (page) => page.evaluate(() => {
  const v = window.tengen.view;
  return { width: v.width, overlay: v.overlay && Array.from(v.overlay), owner: v.owner && Array.from(v.owner), attention: v.attention };
});

/** Waits until the count panel shows n warnings (the panel is redrawn in the next frame). */
const warningsShown = (page, n) => page.waitForFunction((n) => document.querySelectorAll('#warnings li').length === n, n);

/** The row-major indices of the stones drawn as marked dead. */
const deadNow = async (page) => {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return (await view(page)).overlay.flatMap((o, i) => (o === DEAD || o === DEAD_STAYS ? [i] : []));
};

/**
 * From whatever the estimate proposed when play stopped, clicks chains until exactly
 * the chains of `marks` are marked dead, as in the case's diagrams.
 */
async function markExactly(page, rows, marks) {
  const s = expected(rows, marks);
  const width = s.kinds.length / rows.length;
  const target = new Set(s.dead.map(([x, y]) => y * width + x));
  for (let n = 0; n < 50; n++) {
    const dead = await deadNow(page);
    const wrong = dead.find((i) => !target.has(i)) ?? [...target].find((i) => !dead.includes(i));
    if (wrong === undefined) return;
    const was = dead.includes(wrong);
    await clickPoint(page, wrong % width, Math.floor(wrong / width));
    await page.waitForFunction(([i, was]) => [5, 6].includes(window.tengen.view.overlay[i]) !== was, [wrong, was]);
  }
  assert.fail('the marks did not settle');
}

const warnings = (page) => page.$$eval('#warnings li', (items) => items.map((li) => ({
  text: li.querySelector('p').textContent, button: li.querySelector('button').textContent,
})));

async function shot(page, name) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: false });
}

/** axe-core's violations on the page as it is now (WCAG 2 A and AA, and best practices). */
async function axe(page) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return found;
}

// One click per chain marked dead.
const MARKS = [[2, 0], [7, 0], [8, 1], [1, 6], [7, 8]];

// False eyes (B8, G4, J4) that Black must fill.
const FAMILY_1 = [
  '. . . . . . . . .',
  'X X X X . X X . .',
  '. O X O X O X . .',
  'O . O O . O X . .',
  '. . O O O O X . X',
  '. . . O . X . X .',
  '. . . . O O X O X',
  '. . . O . O . O X',
  '. . . . . O O O .',
];

// A seki with one shared liberty, C6.
const SEKI = ['.O.X.', 'OOOXX', 'XXXOO', '.XXO.', 'XXXOO', '.XXO.'];

/** The count of the record's position with these chains marked, through the Node build. */
function expected(rows, marks) {
  const g = Game.fromSgf(sgf(rows));
  g.pass();
  g.pass();
  for (const [x, y] of marks) g.markDead(x, y);
  const s = g.score();
  g.free();
  return s;
}

// ---- tests -------------------------------------------------------------------------------------

test('a capturable stone left alive: the warning names it, its button marks it dead, the count updates', async () => {
  const { ctx, page } = await open();
  await openStopped(page, 'family-3.sgf', FAMILY_3);
  // Play stopped: the estimate proposed the dead stones; the marks of the case's
  // diagram are set from there.
  assert.match(await text(page, '#live'), /Play has stopped\. (Dead stones proposed|No stone looks dead)/);
  await markExactly(page, FAMILY_3, MARKS);
  const s = expected(FAMILY_3, MARKS);
  assert.deepEqual(s.warnings.map((w) => w.points), [[[8, 3]], [[4, 5], [3, 6], [4, 6]]]);
  await waitText(page, '#result', `If counted now: White wins by ${s.margin} (${s.result})`);
  await warningsShown(page, 2);
  assert.deepEqual(await warnings(page), [
    { text: 'White’s stone at J6 can be captured: mark it dead?', button: 'Mark dead' },
    { text: 'Black’s stones at E4, D3, E3 can be captured: mark them dead?', button: 'Mark dead' },
  ]);
  // Each button is named by its words and described by its sentence.
  const described = await page.$$eval('#warnings button', (bs) => bs.map((b) => document.getElementById(b.getAttribute('aria-describedby')).textContent));
  assert.deepEqual(described, (await warnings(page)).map((w) => w.text));
  assert.equal(await page.getAttribute('#warnings', 'aria-label'), 'Marks to check');
  const ringed = await view(page);
  assert.equal(ringed.overlay[3 * 9 + 8], 0, 'J6 is drawn as a live stone');
  assert.deepEqual(ringed.attention, [[8, 3], [4, 5], [3, 6], [4, 6]], 'the warned stones are ringed on the board');
  assert.deepEqual(await axe(page), [], 'axe-core finds nothing with the warnings shown');
  await shot(page, 'desktop-warnings.png');

  // The button marks J6 dead: its warning goes, the other stays and takes the focus.
  await page.click('#warnings li:first-child button');
  await waitText(page, '#live', /^White chain at J6 marked dead\./);
  const after = expected(FAMILY_3, [...MARKS, [8, 3]]);
  assert.equal(after.black.territory, s.black.territory + 4, 'Black gains J6 and its three points');
  await waitText(page, '#result', `If counted now: White wins by ${after.margin} (${after.result})`);
  assert.deepEqual(await warnings(page), [
    { text: 'Black’s stones at E4, D3, E3 can be captured: mark them dead?', button: 'Mark dead' },
  ]);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Mark dead', 'the focus stays in the list');
  for (const side of ['black', 'white']) {
    for (const f of ['territory', 'prisoners', 'total']) {
      assert.equal(await text(page, `[data-score="${side}-${f}"]`), String(after[side][f]), `${side} ${f}`);
    }
  }
  const v = await view(page);
  assert.equal(v.overlay[3 * 9 + 8], DEAD, 'J6 is drawn dead');
  assert.equal(v.owner[3 * 9 + 8], 1, 'in Black\'s territory');
  assert.deepEqual(v.attention, [[4, 5], [3, 6], [4, 6]], 'J6 is no longer ringed');
  await shot(page, 'desktop-warning-fixed.png');

  // Undo brings the warning back, and says so; Finish hides the warnings.
  await page.click('#undo');
  await waitText(page, '#live', /^Undone\..*White’s stone at J6 can be captured/);
  await warningsShown(page, 2);
  await page.click('#warnings li:first-child button');
  await waitText(page, '#live', /^White chain at J6 marked dead\./);
  await warningsShown(page, 1);
  await page.click('#finish');
  await waitText(page, '#turn', 'Game over');
  assert.equal(await page.isVisible('#warnings'), false, 'no warnings once the count is accepted');
  assert.equal((await view(page)).attention, null);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a stone marked dead in its own area: the warning offers to mark it alive again', async () => {
  const { ctx, page } = await open();
  const rows = ['..X.O..', '..X.O..', 'X.X.O..', '..X.O..', '..X.O..'];
  await openStopped(page, 'own-area.sgf', rows);
  await markExactly(page, rows, []);
  assert.deepEqual(await warnings(page), []);
  assert.equal(await page.isVisible('#warnings'), false);
  await clickPoint(page, 0, 2);
  await waitText(page, '#live', /^Black chain at A3 marked dead\..*Black’s stone at A3 cannot be captured: mark it alive\?$/);
  await warningsShown(page, 1);
  assert.deepEqual(await warnings(page), [{ text: 'Black’s stone at A3 cannot be captured: mark it alive?', button: 'Mark alive' }]);
  await page.focus('#warnings button');
  await page.keyboard.press('Enter');
  await waitText(page, '#live', /^Black chain at A3 marked alive\./);
  await warningsShown(page, 0);
  assert.equal(await page.isVisible('#warnings'), false);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'finish', 'the last warning hands the focus to Finish');
  const s = expected(rows, []);
  assert.equal(await text(page, '#result'), `If counted now: White wins by ${s.margin} (${s.result})`);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('seki liberties and protective fills are drawn, and explained in the legend', async () => {
  const { ctx, page } = await open();
  await openStopped(page, 'false-eyes.sgf', FAMILY_1);
  // Whatever the estimate proposed, unmarked: the case's diagram.
  await markExactly(page, FAMILY_1, []);
  let v = await view(page);
  const fills = [];
  v.overlay.forEach((o, i) => { if (o === PROTECTIVE_FILL) fills.push([i % 9, Math.floor(i / 9), v.owner[i]]); });
  assert.deepEqual(fills, [[4, 1, 1], [6, 5, 1], [8, 5, 1]], 'B8, G4, J4: Black must fill them');
  const s = expected(FAMILY_1, []);
  assert.equal(await text(page, '[data-score="black-territory"]'), String(s.black.territory));
  assert.match(await text(page, '#score p[data-i18n="score.legend"]'), /a ring is a point that its owner must fill/);
  assert.deepEqual(await axe(page), []);
  await shot(page, 'desktop-protective-fill.png');

  await openStopped(page, 'seki.sgf', SEKI);
  await markExactly(page, SEKI, []);
  v = await view(page);
  assert.equal(v.width, 5);
  const liberties = v.overlay.flatMap((o, i) => (o === SEKI_LIBERTY ? [[i % 5, Math.floor(i / 5)]] : []));
  assert.deepEqual(liberties, [[2, 0]], 'C6 is the shared liberty');
  assert.equal(v.owner[2], 0, 'it counts for nobody');
  await shot(page, 'desktop-seki-liberty.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('phone: the warnings fit the narrow panel', async () => {
  const { ctx, page } = await open(PHONE);
  await openStopped(page, 'family-3.sgf', FAMILY_3);
  await markExactly(page, FAMILY_3, MARKS);
  await page.waitForSelector('#warnings li');
  const m = await page.evaluate(() => ({ scrollW: document.documentElement.scrollWidth, innerW: window.innerWidth }));
  assert.ok(m.scrollW <= m.innerW, `no horizontal scroll (${m.scrollW} > ${m.innerW})`);
  await page.locator('#warnings').scrollIntoViewIfNeeded();
  await shot(page, 'phone-360-warnings.png');
  await page.tap('#warnings li:first-child button');
  await waitText(page, '#live', /marked dead/);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});
