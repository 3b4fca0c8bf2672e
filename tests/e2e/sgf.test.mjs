// End-to-end tests of the page's SGF features in Debian's Chromium (playwright-core): opening a
// record with the file picker and by dropping it, stepping through it with the buttons and the
// keys, variations, markup, comments shown as text, saving (a download) and reopening, and the
// record kept across a reload. Screenshots go to test-results/ (git-ignored).
//   node --test --test-concurrency=1 tests/e2e/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  useServerAndBrowser, browser, ROOT, SHOTS, KEY, saved as savedSave, text, waitText, moveIs, DESKTOP, PHONE, ready, openIn,
} from './browser.mjs';
import { load } from '../js/load.mjs';

const CORPUS = process.env.TENGEN_CORPUS || path.join(ROOT, '..', 'shared', 'corpus');
const { Game } = await load();



/** The heading of VARIATIONS: its players (PB, PW), as text. */
const LESSON_HEADING = 'Ann <script>x</script> vs Bob';
/** The heading the page gives a record: its players, else its game name, else its file name. */
function heading(bytes, name) {
  const g = Game.fromSgf(new Uint8Array(bytes), { lenient: true });
  const { black, white, gameName } = g.info;
  g.free();
  return black && white ? `${black} vs ${white}` : gameName || name;
}
useServerAndBrowser();

// ---- helpers -----------------------------------------------------------------------------------

async function open(options = DESKTOP) {
  const ctx = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: true, ...options });
  return { ctx, page: await openIn(ctx) };
}

const stones = (page) => page.evaluate(() => Array.from(window.tengen.view.stones));
const pathIs = async (page, p) => {
  await page.waitForFunction((p) => JSON.stringify(window.tengen.path) === JSON.stringify(p), p, { timeout: 5000 })
    .catch(async () => assert.fail(`path: expected ${JSON.stringify(p)}, got ${JSON.stringify(await page.evaluate(() => window.tengen.path))}`));
  // The view is redrawn in the next animation frame: wait for it.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
};

async function shot(page, name) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: false });
}

/** The position at `path` of a record, through the Node build: what the page must show. */
function expectedAt(input, p) {
  const g = Game.fromSgf(input, { lenient: true });
  if (p) g.goTo(p);
  const out = { stones: Array.from(g.board()), moveNumber: g.moveNumber, path: g.path };
  g.free();
  return out;
}

/** Opens a record through the file input, as the picker does. */
async function pick(page, file) {
  await page.setInputFiles('#sgf-file', file);
  await page.waitForFunction(() => window.tengen.record !== null && !document.getElementById('record').hidden);
}

/** A file dropped on the page: a synthetic drop event carrying the file, as a browser sends it. */
async function drop(page, name, bytes) {
  await page.evaluate(([name, data]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], name, { type: 'application/x-go-sgf' }));
    const target = document.getElementById('board');
    for (const type of ['dragenter', 'dragover']) {
      target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [name, Array.from(bytes)]);
}

function corpusFile(sub, pick = (names) => names[0]) {
  const dir = path.join(CORPUS, sub);
  if (!fs.existsSync(dir)) return null;
  const name = pick(fs.readdirSync(dir).sort());
  return name && path.join(dir, name);
}

// A record with variations, markup, labels and comments, some of which look like HTML.
const VARIATIONS = `(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[6.5]RU[Japanese]PB[Ann <script>x</script>]BR[3k]PW[Bob]EV[Club night]
DT[2024-05-01]GN[Teaching game]C[Welcome: <b>html</b> is shown as text.
Second line.]
;B[ee]C[Tengen.]TR[ee]
(;W[cc]C[Main line: the 3-3 point.]SQ[ee]CR[cc]MA[gg]LB[gc:A][cg:B]
;B[gc];W[cg]C[End of the main line.])
(;W[gg]C[Second answer: <i>mirror</i>.]
;B[gc])
(;W[]C[White passes.]))`;

// ---- tests -------------------------------------------------------------------------------------

test('a corpus record opened with the file picker; stepped with the buttons and the keys', async (t) => {
  const file = corpusFile('replay');
  if (!file) {
    t.skip(`the corpus is absent (${CORPUS}); set TENGEN_CORPUS`);
    return;
  }
  const bytes = new Uint8Array(fs.readFileSync(file));
  const end = expectedAt(bytes);
  const { ctx, page } = await open();
  await pick(page, file);
  await moveIs(page, end.moveNumber);
  assert.deepEqual(await stones(page), end.stones, 'the end of the main line');
  assert.equal(await text(page, '#record-name'), heading(bytes, path.basename(file)), 'the players, else the name');
  const info = await page.$$eval('#game-info dt, #game-info dd', (els) => els.map((e) => e.textContent));
  const g = Game.fromSgf(bytes);
  const who = (name, rank) => (rank ? `${name} (${rank})` : name);
  assert.equal(info[info.indexOf('Black') + 1], who(g.info.black, g.info.blackRank));
  assert.equal(info[info.indexOf('White') + 1], who(g.info.white, g.info.whiteRank));
  g.free();
  assert.match(await text(page, '#live'), new RegExp(`^Opened ${path.basename(file).replace(/[.]/g, '\\.')}`));
  assert.equal(await page.isDisabled('#nav-next'), true, 'at the end');
  await shot(page, 'sgf-corpus-end.png');

  // Buttons: to the start, then three moves on.
  await page.click('#nav-first');
  await moveIs(page, 0);
  await pathIs(page, []);
  assert.equal(await page.isDisabled('#nav-prev'), true);
  assert.ok((await stones(page)).every((s) => s === 0));
  for (let i = 0; i < 3; i++) await page.click('#nav-next');
  await moveIs(page, 3);
  assert.deepEqual(await stones(page), expectedAt(bytes, [0, 0, 0]).stones);
  await waitText(page, '#live', /^Move 3: Black [A-T]\d+\. White to play$/);
  await page.click('#nav-prev');
  await moveIs(page, 2);
  await page.click('#nav-last');
  await moveIs(page, end.moveNumber);

  // Keys, with the focus on the page: Home, Page Down, Page Up, End, and the arrows.
  await page.click('#record-name');
  await page.keyboard.press('Home');
  await moveIs(page, 0);
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await moveIs(page, 2);
  await page.keyboard.press('PageUp');
  await moveIs(page, 1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await moveIs(page, 2);
  assert.deepEqual(await stones(page), expectedAt(bytes, [0, 0]).stones);
  await page.keyboard.press('End');
  await moveIs(page, end.moveNumber);
  // On the focused board the arrows move the cursor and leave the record where it is.
  await page.keyboard.press('Home');
  await page.keyboard.press('PageDown');
  await moveIs(page, 1);
  await page.focus('#board');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => window.tengen.view.cursor !== null);
  const cursor = await page.evaluate(() => window.tengen.view.cursor);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((c) => window.tengen.view.cursor.x === Math.max(0, c.x - 1), cursor);
  await waitText(page, '#live', /^[A-T]\d+, (empty|Black stone|White stone)$/);
  await moveIs(page, 1);
  await pathIs(page, [0]);
  // Page Down works on the focused board too.
  await page.keyboard.press('PageDown');
  await moveIs(page, 2);
  await shot(page, 'sgf-corpus-move-2.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a record dropped on the page opens; a file that is no record says why', async (t) => {
  const { ctx, page } = await open();
  const file = corpusFile('ai-games');
  if (file) {
    const bytes = fs.readFileSync(file);
    await drop(page, path.basename(file), bytes);
    await page.waitForFunction(() => window.tengen.record !== null);
    const end = expectedAt(new Uint8Array(bytes));
    await moveIs(page, end.moveNumber);
    assert.deepEqual(await stones(page), end.stones);
    assert.equal(await text(page, '#record-name'), heading(bytes, path.basename(file)));
    await shot(page, 'sgf-dropped.png');
  } else {
    t.diagnostic(`corpus absent (${CORPUS}): the drop is tested with a hand-written record only`);
  }
  // A hand-written record by drop too (always run).
  await drop(page, 'lesson.sgf', Buffer.from(VARIATIONS));
  await waitText(page, '#record-name', LESSON_HEADING);
  await pathIs(page, [0, 0, 0, 0]);

  // Not a record: a message in words, and the record shown stays.
  await drop(page, 'notes.txt', Buffer.from('hello, this is not SGF'));
  await waitText(page, '#message', /^This file could not be read as an SGF game record: at byte \d+: no game tree/);
  await waitText(page, '#record-name', LESSON_HEADING);
  // A record with an illegal move: read leniently, the move played as the record has it (for
  // viewing), with a notice naming it.
  await drop(page, 'bad.sgf', Buffer.from('(;SZ[9]PB[X];B[ee];W[ee];B[cc])'));
  await waitText(page, '#record-name', 'bad.sgf');
  await moveIs(page, 3);
  await waitText(page, '.notice[data-key="sgf.readWithProblems"] p',
    /^The record was read with problems, as far as it goes: move 2 \(white at ee\) is illegal: occupied/);
  // Stepping back over it and onto it again works; the stone there is White's.
  await page.click('#nav-prev');
  await page.click('#nav-prev');
  await moveIs(page, 1);
  await page.click('#nav-next');
  await moveIs(page, 2);
  assert.equal((await stones(page))[4 * 9 + 4], -1);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('variations, markup and comments: chosen from the list, drawn from the view, shown as text', async () => {
  const { ctx, page } = await open();
  await pick(page, { name: 'lesson.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(VARIATIONS) });
  await pathIs(page, [0, 0, 0, 0]);
  await waitText(page, '#comment', 'End of the main line.');
  // Player names with markup in them are text too.
  const info = await page.$$eval('#game-info dd', (els) => els.map((e) => e.textContent));
  assert.deepEqual(info, ['Ann <script>x</script> (3k)', 'Bob', 'Teaching game', 'Club night', '2024-05-01']);
  assert.equal(await text(page, '#game-rules'), 'Japanese · komi 6.5', 'the rules line, not repeated in the list');
  assert.equal(await page.$$eval('#game-info script, #comment b, #comment i', (e) => e.length), 0);

  // The root comment: <b>html</b> is literal text, line breaks kept.
  await page.click('#nav-first');
  await pathIs(page, []);
  const comment = await page.$eval('#comment', (el) => ({ text: el.textContent, html: el.innerHTML, children: el.children.length }));
  assert.equal(comment.text, 'Welcome: <b>html</b> is shown as text.\nSecond line.');
  assert.equal(comment.children, 0);
  assert.match(comment.html, /&lt;b&gt;html&lt;\/b&gt;/);
  assert.equal(await page.isVisible('#variations'), false, 'one child: no list');

  // The first move: three answers, listed and lettered on the board.
  await page.click('#nav-next');
  await pathIs(page, [0]);
  await waitText(page, '#comment', 'Tengen.');
  assert.deepEqual(await page.evaluate(() => window.tengen.view.markup.triangles), [[4, 4]]);
  const buttons = await page.$$eval('#variation-list button', (b) => b.map((x) => x.textContent));
  assert.deepEqual(buttons, ['A: White C7', 'B: White G3', 'C: White passes']);
  assert.deepEqual(await page.evaluate(() => window.tengen.view.variations), [
    { x: 2, y: 2, label: 'A' }, { x: 6, y: 6, label: 'B' },
  ]);
  await shot(page, 'sgf-variations.png');

  // Choose the second variation.
  await page.click('#variation-list button[data-variation="1"]');
  await pathIs(page, [0, 1]);
  await waitText(page, '#comment', 'Second answer: <i>mirror</i>.');
  assert.equal(await page.$$eval('#comment i', (e) => e.length), 0);
  assert.deepEqual(await stones(page), expectedAt(VARIATIONS, [0, 1]).stones);
  assert.equal(await page.isVisible('#variations'), false);
  await page.keyboard.press('PageDown');
  await pathIs(page, [0, 1, 0]);
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await pathIs(page, [0]);
  // The third: a pass.
  await page.click('#variation-list button[data-variation="2"]');
  await pathIs(page, [0, 2]);
  await waitText(page, '#comment', 'White passes.');
  await waitText(page, '#live', 'Move 2: White passes. Black to play');

  // The main line's second move: square, circle, cross and labels in the view, drawn on the board.
  await page.click('#nav-first');
  await page.click('#nav-next');
  await page.click('#variation-list button[data-variation="0"]');
  await pathIs(page, [0, 0]);
  assert.deepEqual(await page.evaluate(() => window.tengen.view.markup), {
    triangles: [], squares: [[4, 4]], circles: [[2, 2]], crosses: [[6, 6]], selected: [], dimmed: [],
    labels: [{ point: [6, 2], text: 'A' }, { point: [2, 6], text: 'B' }], lines: [], arrows: [],
  });
  await shot(page, 'sgf-markup.png');
  // The markup is painted: the pixels at a label's point differ from an empty point's.
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('playing on a record, saving it (a download) and reopening it gives the same position; a reload keeps it', async () => {
  const { ctx, page } = await open();
  await pick(page, { name: 'lesson.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(VARIATIONS) });
  await pathIs(page, [0, 0, 0, 0]);
  // Two moves at the end of the main line extend it.
  for (const [x, y] of [[6, 6], [7, 7]]) {
    const p = await page.evaluate(([x, y]) => window.tengen.pointClient(x, y), [x, y]);
    await page.mouse.click(Math.round(p.x), Math.round(p.y));
  }
  await moveIs(page, 6);
  await pathIs(page, [0, 0, 0, 0, 0, 0]);
  const position = await stones(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  assert.equal(download.suggestedFilename(), 'lesson.sgf');
  const saved = path.join(SHOTS, 'saved-lesson.sgf');
  await download.saveAs(saved);
  const sgf = fs.readFileSync(saved, 'utf8');
  assert.match(sgf, /^\(;FF\[4\]/);
  assert.match(sgf, /C\[Welcome: <b>html<\/b> is shown as text\.\nSecond line\.\]/, 'the comment is kept');
  const n = Game.fromSgf(sgf);
  assert.deepEqual(Array.from(n.board()), position, 'the file replays to the same position');
  assert.deepEqual(n.path, [0, 0, 0, 0, 0, 0]);
  n.goTo([0]);
  assert.equal(n.variations().length, 3, 'the variations are kept');
  n.free();

  // A reload keeps the record, where it was.
  await page.click('#nav-prev');
  await pathIs(page, [0, 0, 0, 0, 0]);
  const mid = await stones(page);
  const stored = await savedSave(page);
  assert.deepEqual(stored.path, [0, 0, 0, 0, 0]);
  assert.deepEqual(stored.record, { name: 'lesson.sgf' });
  await page.reload();
  await ready(page);
  await pathIs(page, [0, 0, 0, 0, 0]);
  assert.deepEqual(await stones(page), mid);
  assert.equal(await text(page, '#record-name'), LESSON_HEADING);
  assert.equal(await page.$$eval('.notice', (e) => e.length), 0, 'no notice');
  await page.click('#nav-next');
  await pathIs(page, [0, 0, 0, 0, 0, 0]);

  // Reopening the downloaded file: the same position.
  await page.click('#new-game');
  await page.click('#new-game-start');
  await page.waitForFunction(() => window.tengen.record === null);
  await pick(page, saved);
  await waitText(page, '#record-name', LESSON_HEADING);
  await pathIs(page, [0, 0, 0, 0, 0, 0]);
  assert.deepEqual(await stones(page), position);

  // Undo in a record steps back; the move stays in the tree.
  await page.click('#undo');
  await pathIs(page, [0, 0, 0, 0, 0]);
  assert.equal(await page.isDisabled('#nav-next'), false);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a collection: the list of its games, one chosen, the whole file saved and kept across a reload', async () => {
  const { ctx, page } = await open();
  const file = path.join(ROOT, 'tests/sgf/problems.sgf');
  await pick(page, file);
  await waitText(page, '#record-name', 'Problem 1');
  assert.equal(await page.isHidden('#record-games-row'), false, 'the list is shown');
  const options = await page.$$eval('#record-games option', (o) => o.map((x) => x.textContent));
  assert.deepEqual(options, ['1. Problem 1 (19×19)', '2. Problem 2 (9×9)', '3. Honinbo Shusaku vs Gennan Inseki (19×19)', '4. Problem 3 (13×13)']);
  // The fourth game: a 13x13 board; the third: the game, at its end.
  await page.selectOption('#record-games', '3');
  await waitText(page, '#record-name', 'Problem 3');
  assert.equal(await page.evaluate(() => window.tengen.view.width), 13);
  await page.selectOption('#record-games', '1');
  await waitText(page, '#record-name', 'Problem 2');
  assert.equal(await page.evaluate(() => window.tengen.view.width), 9);
  await pathIs(page, [0, 0, 0]);
  // A move in this game, then the whole file saved: four games, this one changed.
  await page.click('#nav-first');
  await pathIs(page, []);
  const p = await page.evaluate(() => window.tengen.pointClient(8, 8));
  await page.mouse.click(Math.round(p.x), Math.round(p.y));
  await pathIs(page, [1]);
  await shot(page, 'collection.png');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  const saved = path.join(SHOTS, 'saved-problems.sgf');
  await download.saveAs(saved);
  const games = Game.sgfGames(fs.readFileSync(saved, 'utf8'));
  assert.deepEqual(games.map((g) => g.nodes), [6, 5, 9, 1], 'one node more in game 2 only');
  // A reload reopens the same game of the file, where it was.
  await page.reload();
  await ready(page);
  await waitText(page, '#record-name', 'Problem 2');
  await pathIs(page, [1]);
  assert.equal(await page.inputValue('#record-games'), '1');
  // Another game and back: the move made here is still in game 2.
  await page.selectOption('#record-games', '0');
  await waitText(page, '#record-name', 'Problem 1');
  await page.selectOption('#record-games', '1');
  await waitText(page, '#record-name', 'Problem 2');
  await page.click('#nav-first');
  await pathIs(page, []);
  await page.waitForFunction(() => document.querySelectorAll('#variation-list button').length === 2, null, { timeout: 5000 })
    .catch(async () => assert.fail(`variations: ${await page.$$eval('#variation-list button', (b) => b.map((x) => x.textContent))}`));
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('phone: the list of a collection\'s games fits below the board', async () => {
  const { ctx, page } = await open(PHONE);
  await pick(page, path.join(ROOT, 'tests/sgf/problems.sgf'));
  await waitText(page, '#record-name', 'Problem 1');
  await page.selectOption('#record-games', '2');
  await waitText(page, '#record-name', 'Honinbo Shusaku vs Gennan Inseki');
  const box = await page.locator('#record-games').boundingBox();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  assert.ok(box && box.x >= 0 && box.x + box.width <= width, `the list fits the screen: ${JSON.stringify(box)}`);
  await page.locator('#record-games').scrollIntoViewIfNeeded();
  await shot(page, 'collection-phone.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a record in GB2312 without CA opens with its names right', async () => {
  const { ctx, page } = await open();
  // PB[古力]PW[常昊]C[黑中盘胜。] in GB2312 bytes.
  const gb = Buffer.from([
    ...Buffer.from('(;FF[4]GM[1]SZ[19]PB['), 0xb9, 0xc5, 0xc1, 0xa6, ...Buffer.from(']PW['), 0xb3, 0xa3, 0xea, 0xbb,
    ...Buffer.from(']C['), 0xba, 0xda, 0xd6, 0xd0, 0xc5, 0xcc, 0xca, 0xa4, 0xa1, 0xa3, ...Buffer.from('];B[pd];W[dp])'),
  ]);
  await pick(page, { name: 'gu-li.sgf', mimeType: 'application/x-go-sgf', buffer: gb });
  await waitText(page, '#record-name', '古力 vs 常昊');
  assert.equal(await page.isHidden('#record-games-row'), true, 'one game: no list');
  await page.click('#nav-first');
  await waitText(page, '#comment', '黑中盘胜。');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a game played here is saved as SGF too; a corrupt stored record gives a fresh game and a notice', async () => {
  const { ctx, page } = await open();
  await page.click('#new-game');
  await page.click('input[name="size"][value="9"]');
  await page.click('#new-game-start');
  await page.waitForFunction(() => window.tengen.view?.width === 9);
  for (const [x, y] of [[2, 2], [6, 6]]) {
    const p = await page.evaluate(([x, y]) => window.tengen.pointClient(x, y), [x, y]);
    await page.mouse.click(Math.round(p.x), Math.round(p.y));
  }
  await moveIs(page, 2);
  assert.equal(await page.isVisible('#record'), false, 'a game played here has no record panel');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  assert.match(download.suggestedFilename(), /^tengen-\d{4}-\d{2}-\d{2}-\d{4}\.sgf$/);
  const sgf = fs.readFileSync(await download.path(), 'utf8');
  assert.match(sgf, /SZ\[9\]RU\[Japanese\]KM\[6\.5\]DT\[\d{4}-\d{2}-\d{2}\]\n;B\[cc\];W\[gg\]\)/);

  // A stored record that no longer reads back.
  await page.evaluate((k) => localStorage.setItem(k, JSON.stringify({ v: 1, sgf: 'no record here', path: [], extra: [] })), KEY);
  await page.reload();
  await ready(page);
  await waitText(page, '.notice p', 'The saved game could not be restored, so a new game was started.');
  assert.equal(await page.evaluate(() => window.tengen.record), null);
  await moveIs(page, 0);
  await page.click('.notice button');
  // A stored record whose path names no node.
  await page.evaluate((k) => localStorage.setItem(k, JSON.stringify({ v: 1, sgf: '(;SZ[9];B[aa])', path: [0, 4], extra: [] })), KEY);
  await page.reload();
  await ready(page);
  await waitText(page, '.notice p', 'The saved game could not be restored, so a new game was started.');
  assert.equal(await page.evaluate(() => window.tengen.record), null);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('phone: a record fits, with its panel below the board', async () => {
  const { ctx, page } = await open(PHONE);
  await pick(page, { name: 'lesson.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(VARIATIONS) });
  await page.tap('#nav-first');
  await page.tap('#nav-next');
  await pathIs(page, [0]);
  const m = await page.evaluate(() => ({ scrollW: document.documentElement.scrollWidth, innerW: window.innerWidth }));
  assert.ok(m.scrollW <= m.innerW, `no horizontal scroll (${m.scrollW} > ${m.innerW})`);
  await shot(page, 'sgf-phone.png');
  await page.screenshot({ path: path.join(SHOTS, 'sgf-phone-full.png'), fullPage: true });
  await page.tap('#variation-list button[data-variation="1"]');
  await pathIs(page, [0, 1]);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});
