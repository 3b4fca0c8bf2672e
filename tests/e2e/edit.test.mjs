// The app's edit mode in Chromium: a problem authored from an empty 9x9 board by clicks and keys
// only (set-up stones, a triangle, a label, the player to move, a comment, a right and a wrong
// branch), undone and redone, saved (the SGF downloaded, and a reload that keeps every edit),
// then reopened in <tengen-board mode="problem"> and solved and failed; refusals shown; axe in
// edit mode; screenshots wide and on a phone (test-results/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { useServerAndBrowser, browser, base, SHOTS, DESKTOP, openIn, saved, clickPoint, text, waitText } from './browser.mjs';
import { openBoards, allReady, frames } from './boards.mjs';
import { load } from '../js/load.mjs';

const { Game } = await load();

useServerAndBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** The stone at (x, y) as the page's board shows it: 1 black, -1 white, 0 none. */
const stone = (page, x, y) => page.evaluate(([x, y]) => window.tengen.view.stones[y * window.tengen.view.width + x], [x, y]);
const markup = (page) => page.evaluate(() => JSON.parse(JSON.stringify(window.tengen.view.markup)));
const live = (page) => text(page, '#live');

/** Clicks point (x, y) with the board scrolled into view (on a phone the tools are below it). */
async function clickAt(page, x, y) {
  await page.$eval('#board', (b) => b.scrollIntoView({ block: 'nearest' }));
  await clickPoint(page, x, y);
}

/** The panel drawn now (it is drawn in the next frame after a change): the test hook's view flushes it. */
const drawn = (page) => page.evaluate(() => { void window.tengen.view; });
const value = async (page, sel) => { await drawn(page); return page.inputValue(sel); };
const enabled = async (page, sel) => { await drawn(page); return page.isEnabled(sel); };
const shown = async (page, sel) => { await drawn(page); return text(page, sel); };

/** Turns edit mode on and starts an empty 9x9 board from the new-game dialog, by clicks. */
async function emptyBoard(page) {
  await page.click('#edit-mode');
  await page.waitForSelector('#editor:not([hidden])');
  assert.equal(await page.getAttribute('#edit-mode', 'aria-pressed'), 'true');
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  assert.equal(await page.isVisible('#rules-select'), false, 'an empty board asks for its size only');
  await page.click('input[name="size"][value="9"]');
  await page.click('#new-game-start');
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open && window.tengen.view.width === 9);
}

/** The board focused with its keyboard cursor, moved from where it is to (x, y) by arrow keys. */
async function cursorTo(page, x, y) {
  await page.focus('#board');
  // The cursor shows once a key moved it: a step and back shows it where it was.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  const here = await page.evaluate(() => window.tengen.view.cursor);
  for (let i = here.x; i < x; i++) await page.keyboard.press('ArrowRight');
  for (let i = here.x; i > x; i--) await page.keyboard.press('ArrowLeft');
  for (let i = here.y; i < y; i++) await page.keyboard.press('ArrowDown');
  for (let i = here.y; i > y; i--) await page.keyboard.press('ArrowUp');
  const now = await page.evaluate(() => window.tengen.view.cursor);
  assert.deepEqual([now.x, now.y], [x, y], 'the cursor is there');
}

/** The SGF the Save SGF button downloads. */
async function downloaded(page) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  return fs.readFileSync(await dl.path(), 'utf8');
}

// The problem: Black's wall on row 8 above White's three stones on row 7 in the top-left corner;
// Black to play. A6 (0, 3) is right, C6 (2, 3) wrong.
const BLACK = [[0, 1], [1, 1], [2, 1], [3, 1], [2, 0]];
const WHITE = [[0, 2], [1, 2], [2, 2]];

test('a problem authored from an empty board by clicks and keys, undone and redone, saved, solved and failed', async () => {
  const ctx = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: true, ...DESKTOP });
  const page = await openIn(ctx, base);
  await emptyBoard(page);

  // Set-up stones: Black by clicks (the tool by its key), White by the cursor and Enter.
  await page.focus('#board');
  await page.keyboard.press('b');
  assert.equal(await page.getAttribute('[data-tool="black"]', 'aria-pressed'), 'true');
  for (const [x, y] of BLACK.slice(0, 4)) await clickAt(page, x, y);
  await page.keyboard.press('w');
  assert.equal(await page.getAttribute('[data-tool="white"]', 'aria-pressed'), 'true');
  assert.equal(await page.getAttribute('[data-tool="black"]', 'aria-pressed'), 'false');
  for (const [x, y] of WHITE) {
    await cursorTo(page, x, y);
    await page.keyboard.press('Enter');
  }
  await page.click('[data-tool="black"]');
  await cursorTo(page, 2, 0);
  await page.keyboard.press('Enter');
  for (const [x, y] of BLACK) assert.equal(await stone(page, x, y), 1);
  for (const [x, y] of WHITE) assert.equal(await stone(page, x, y), -1);
  assert.match(await live(page), /Black stone set up at C9/);

  // A triangle (clicked) and a label (by the cursor): the next free letter.
  await page.keyboard.press('t');
  await clickAt(page, 1, 2);
  await page.keyboard.press('l');
  await cursorTo(page, 0, 3);
  await page.keyboard.press('Enter');
  let m = await markup(page);
  assert.deepEqual(m.triangles, [[1, 2]]);
  assert.deepEqual(m.labels, [{ point: [0, 3], text: 'A' }]);
  assert.match(await live(page), /Label A at A6/);

  // A refusal is shown and said, and changes nothing: erasing an empty point.
  await page.keyboard.press('e');
  await clickAt(page, 8, 8);
  assert.equal(await text(page, '#message'), 'There is no stone or mark on that point to erase.');
  assert.equal(await page.getAttribute('#message', 'role'), 'alert');

  // Undo takes back the label; redo (Ctrl+Shift+Z, then Ctrl+Y after another undo) puts it back.
  await page.keyboard.press('Control+z');
  assert.deepEqual((await markup(page)).labels, []);
  assert.equal(await enabled(page, '#edit-redo'), true);
  await page.keyboard.press('Control+Shift+z');
  assert.deepEqual((await markup(page)).labels, [{ point: [0, 3], text: 'A' }]);
  assert.match(await live(page), /^Redone/);
  await page.click('#edit-undo');
  assert.deepEqual((await markup(page)).labels, []);
  await page.keyboard.press('Control+y');
  assert.deepEqual((await markup(page)).labels, [{ point: [0, 3], text: 'A' }]);
  assert.equal(await enabled(page, '#edit-redo'), false);

  // The root's comment and the player to move.
  await page.fill('#edit-comment', 'Black to play: capture the three white stones.');
  await page.selectOption('#edit-to-move', 'black');
  assert.match(await live(page), /Player to move saved/);

  // The right branch: a move with the Moves tool, marked right.
  await page.focus('#board');
  await page.keyboard.press('a');
  await clickAt(page, 0, 3);
  await page.waitForFunction(() => window.tengen.path?.length === 1);
  await page.click('#edit-right');
  assert.equal(await value(page, '#edit-comment'), 'Correct.');
  // Its annotations: a great tesuji (emphasised), then a hotspot.
  await page.selectOption('#edit-move-annotation', 'tesuji:2');
  assert.match(await live(page), /Annotation saved/);
  await page.check('#edit-hotspot');
  // Back to the start (Page Up), and the wrong branch, marked wrong.
  await page.focus('#board');
  await page.keyboard.press('PageUp');
  await page.waitForFunction(() => window.tengen.path?.length === 0);
  assert.equal(await value(page, '#edit-comment'), 'Black to play: capture the three white stones.');
  await cursorTo(page, 2, 3);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.tengen.path?.join() === '1');
  await page.click('#edit-wrong');
  assert.equal(await value(page, '#edit-comment'), 'Wrong.');
  await page.selectOption('#edit-position-annotation', 'goodForWhite');
  assert.equal(await value(page, '#edit-move-annotation'), '', 'this move has none');
  assert.equal(await shown(page, '#edit-variation'), 'This move: variation 2 of 2');
  await page.screenshot({ path: path.join(SHOTS, 'edit-wide.png') });
  assert.deepEqual(page.errors, []);

  // Saved: the SGF downloaded has every edit, and a reload shows the same record where it was.
  const sgf = await downloaded(page);
  const g = Game.fromSgf(sgf);
  try {
    g.goTo([]);
    assert.equal(g.width, 9);
    assert.equal(g.comment, 'Black to play: capture the three white stones.');
    assert.deepEqual(g.markup.triangles, [[1, 2]]);
    assert.deepEqual(g.markup.labels, [{ point: [0, 3], text: 'A' }]);
    const board = g.board();
    for (const [x, y] of BLACK) assert.equal(board[y * 9 + x], 1);
    for (const [x, y] of WHITE) assert.equal(board[y * 9 + x], -1);
    assert.equal(g.toMove, 'black');
    assert.deepEqual(g.variations().map((v) => v.point), [[0, 3], [2, 3]]);
    assert.equal(g.node([0]).comment, 'Correct.');
    assert.equal(g.node([1]).comment, 'Wrong.');
    assert.deepEqual([g.node([0]).properties.TE, g.node([0]).properties.HO], [['2'], ['1']]);
    assert.deepEqual(g.node([1]).properties.GW, ['1']);
  } finally {
    g.free();
  }
  const before = await saved(page);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.deepEqual(await page.evaluate(() => window.tengen.path), [1], 'the node it was at');
  assert.equal((await saved(page)).sgf, before.sgf);
  assert.equal(await downloaded(page), sgf, 'the same record after the reload');
  await ctx.close();

  // Reopened as a problem on a page of its own: solved on one board, failed on the other.
  const { ctx: ctx2, page: p2 } = await openBoards(
    `<tengen-board id="right" mode="problem">${sgf}</tengen-board><tengen-board id="wrong" mode="problem">${sgf}</tengen-board>`,
    { name: 'edit-problem-test.html' },
  );
  await allReady(p2);
  await p2.$$eval('tengen-board', (bs) => bs.forEach((b) => {
    b.events = [];
    for (const type of ['solved', 'failed']) b.addEventListener(type, () => b.events.push(type));
  }));
  const click = async (sel, x, y) => {
    const p = await p2.$eval(sel, (b, [x, y]) => b.pointClient(x, y), [x, y]);
    await p2.mouse.click(Math.round(p.x), Math.round(p.y));
  };
  await click('#right', 0, 3);
  await p2.waitForFunction(() => document.querySelector('#right').events.includes('solved'));
  await click('#wrong', 2, 3);
  await p2.waitForFunction(() => document.querySelector('#wrong').events.includes('failed'));
  await frames(p2);
  await p2.screenshot({ path: path.join(SHOTS, 'edit-problem-reopened.png') });
  assert.deepEqual(await p2.$eval('#right', (b) => b.events), ['solved']);
  assert.deepEqual(await p2.$eval('#wrong', (b) => b.events), ['failed']);
  assert.deepEqual(p2.errors, []);
  await ctx2.close();
});

test('edit mode: every tool a named button with its key, the variation buttons, axe finds nothing, wide and phone', async () => {
  for (const [name, options] of [['wide', DESKTOP], ['phone', PHONE]]) {
    const ctx = await browser.newContext({ serviceWorkers: 'block', ...options });
    const page = await openIn(ctx, base);
    await emptyBoard(page);
    const tools = await page.$$eval('#edit-tools button', (bs) => bs.map((b) => ({
      name: b.textContent.trim(), key: b.getAttribute('aria-keyshortcuts'), pressed: b.getAttribute('aria-pressed'), title: b.title,
    })));
    assert.equal(tools.length, 13);
    assert.equal(new Set(tools.map((t) => t.key)).size, 13, 'a key each');
    for (const t of tools) assert.ok(t.title.includes(`key ${t.key}`), t.title);
    assert.equal(tools.filter((t) => t.pressed === 'true').length, 1);
    // A line by two clicks, then the state with a variation, for axe.
    await page.click('[data-tool="arrow"]');
    await page.click('[data-tool="black"]');
    await clickAt(page, 2, 2);
    await page.click('[data-tool="alternate"]');
    await clickAt(page, 4, 4);
    await page.click('#nav-prev');
    await clickAt(page, 3, 3);
    await page.click('[data-tool="arrow"]');
    await clickAt(page, 2, 2);
    assert.match(await live(page), /Arrow from C7: choose where it ends/);
    await clickAt(page, 6, 6);
    assert.deepEqual((await markup(page)).arrows, [{ from: [2, 2], to: [6, 6] }]);
    // The variation: up makes it the first; delete takes it away, to its parent.
    assert.equal(await shown(page, '#edit-variation'), 'This move: variation 2 of 2');
    await page.click('#edit-up');
    await waitText(page, '#edit-variation', 'This move: variation 1 of 2');
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    assert.deepEqual(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), [], `axe, ${name}`);
    await page.screenshot({ path: path.join(SHOTS, `edit-${name}-tools.png`), fullPage: name === 'phone' });
    await page.click('#edit-delete');
    await page.waitForFunction(() => window.tengen.path?.length === 0);
    assert.equal(await page.evaluate(() => window.tengen.view.stones.filter((s) => s).length), 1, 'the root: its set-up stone');
    assert.deepEqual(page.errors, []);
    await ctx.close();
  }
});

test('export from the app: SVG, diagram text and embed code of the board shown, a PNG downloaded, problems printed', async () => {
  const ctx = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: true, ...DESKTOP });
  const page = await openIn(ctx, base);
  // A collection of seven problems: the export of the first, then its print view.
  let file = '';
  for (let i = 0; i < 7; i++) file += `(;GM[1]FF[4]SZ[9]AB[${'abcdefg'[i]}c][cd]AW[dd]TR[dd]C[Problem ${i + 1}: Black to play.])`;
  await page.setInputFiles('#sgf-file', { name: 'collection.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(file) });
  await page.waitForFunction(() => window.tengen.record?.games?.length === 7);
  await page.click('#export');
  await page.waitForSelector('#export-dialog[open]');
  const svg = await page.inputValue('#export-text');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return { error: !!doc.querySelector('parsererror'), root: doc.documentElement.localName, stones: doc.querySelectorAll('circle.stone').length };
  }, svg);
  assert.deepEqual(parsed, { error: false, root: 'svg', stones: 3 });
  await page.check('input[name="format"][value="diagram"]');
  const diagram = await page.inputValue('#export-text');
  assert.match(diagram, /^\$\$/);
  assert.match(diagram, /Q/, 'the triangle on the white stone');
  await page.check('input[name="format"][value="embed"]');
  await page.selectOption('#export-form select[name="mode"]', 'problem');
  const embed = await page.inputValue('#export-text');
  assert.match(embed, /^<tengen-board mode="problem">/);
  assert.match(embed, /AB\[ac\]\[cd\]/);
  await page.check('input[name="format"][value="png"]');
  assert.equal(await page.isVisible('#export-text'), false);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#export-download')]);
  assert.equal(dl.suggestedFilename(), 'collection.png');
  const png = fs.readFileSync(await dl.path());
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  const longer = Math.max(png.readUInt32BE(16), png.readUInt32BE(20));
  assert.ok(Math.abs(longer - 1200) <= 1, `the longer side asked for (to the pixel the layout rounds to): ${longer}`);
  // A refusal is shown: a size out of range.
  await page.fill('#export-form input[name="size"]', '20');
  await page.click('#export-download');
  assert.match(await text(page, '#export-error'), /from 100 to 4000/);
  await page.screenshot({ path: path.join(SHOTS, 'edit-export-dialog.png') });
  // Print problems: seven diagrams with their comments, five to a page, then the print dialog.
  await page.evaluate(() => { window.printed = 0; window.print = () => { window.printed++; }; });
  assert.equal(await page.isVisible('#export-print'), true);
  await page.click('#export-print');
  await page.waitForFunction(() => window.printed === 1);
  assert.deepEqual(await page.$$eval('#print-view .page', (ps) => ps.map((p) => p.querySelectorAll('figure').length)), [5, 2]);
  assert.equal(await page.$eval('#print-view figcaption', (c) => c.textContent), 'Problem 1: Black to play.');
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: path.join(SHOTS, 'edit-print-problems.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
  await ctx.close();
});
