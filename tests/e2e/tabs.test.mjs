// End-to-end tests of saving with several tabs: pages of one browser context share localStorage
// as the tabs of one browser do, and each keeps its own game across reloads; links pasted into an
// open page; the saved-games dialog (reopen, remove, put back) and its screenshots.
//   node --test --test-concurrency=1 tests/e2e/tabs.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  useServerAndBrowser, browser, base, ROOT, SHOTS, KEY, TAB_KEY, GAME_PREFIX, saved, savedList, tabGameId, text, waitText,
  moveIs, DESKTOP, ready, openIn, clickPoint,
} from './browser.mjs';

useServerAndBrowser();

const context = (options = DESKTOP) => browser.newContext({ serviceWorkers: 'block', ...options });
const stones = (page) => page.evaluate(() => Array.from(window.tengen.view.stones));
const width = (page) => page.evaluate(() => window.tengen.view.width);

/** The stone at a point named as on the board (G7: column G, row 7 from the bottom), or 0. */
async function stoneAt(page, name) {
  const { w, h, s } = await page.evaluate(() => ({ w: window.tengen.view.width, h: window.tengen.view.height, s: Array.from(window.tengen.view.stones) }));
  const [x, y] = point(name, h);
  return s[y * w + x];
}

/** A point's name (columns without I) as (x, y) on a board `height` rows high. */
function point(name, height) {
  const x = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'.indexOf(name[0]);
  return [x, height - Number(name.slice(1))];
}

async function playAt(page, name) {
  const h = await page.evaluate(() => window.tengen.view.height);
  const n = Number((await text(page, '#move-number')).replace(/\D/g, ''));
  const [x, y] = point(name, h);
  await clickPoint(page, x, y);
  await moveIs(page, n + 1);
}

/** A new game through the form, size 9, 13 or 19. */
async function newGame(page, size) {
  await page.click('#new-game');
  await page.click(`input[name="size"][value="${size}"]`);
  await page.click('#new-game-start');
  await page.waitForFunction((w) => window.tengen.view?.width === w && window.tengen.pointClient(0, 0), size);
  await moveIs(page, 0);
}

async function reload(page) {
  await page.reload();
  await ready(page);
}

/** The saved-games dialog opened: its rows as { id, name, facts, where, buttons }. */
async function openList(page) {
  await page.click('#saved-games');
  await page.waitForSelector('#games-dialog[open]');
  return rows(page);
}

const rows = (page) => page.$$eval('#games-list li', (lis) => lis.map((li) => ({
  id: li.dataset.id,
  name: li.querySelector('.saved-game-name')?.textContent ?? '',
  facts: li.querySelector('.saved-game-facts')?.textContent ?? '',
  where: li.querySelector('.saved-game-where')?.textContent ?? '',
  text: li.textContent,
  buttons: Array.from(li.querySelectorAll('button'), (b) => b.dataset.act),
})));

/** SGF text as a share link's fragment (base64url of its UTF-8). */
const b64 = (sgf) => Buffer.from(sgf, 'utf8').toString('base64url');
const LINKED = '(;FF[4]GM[1]SZ[9]PB[Linked Black]PW[Linked White];B[ee];W[cc];B[gc])';

async function shot(page, name) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(SHOTS, name) });
}

test('two tabs each keep their own game across reloads; neither writes the other\'s', async () => {
  const ctx = await context();
  const a = await openIn(ctx);
  await newGame(a, 9);
  await playAt(a, 'E5');
  const b = await openIn(ctx);
  assert.equal(await text(b, '#move-number'), 'Move 0', 'not the first tab\'s game');
  assert.notEqual(await tabGameId(b), await tabGameId(a), 'the second tab has a game of its own');

  await playAt(b, 'G7');
  await playAt(a, 'C3');
  await reload(b);
  assert.equal(await stoneAt(b, 'G7'), 1, 'tab B\'s move is still there after its reload');
  assert.equal(await text(b, '#move-number'), 'Move 1');
  await reload(a);
  assert.equal(await width(a), 9);
  assert.equal(await text(a, '#move-number'), 'Move 2');
  assert.equal(await stoneAt(a, 'E5'), 1);
  assert.equal(await stoneAt(a, 'C3'), -1);

  // A new 13x13 game in B stays 13x13; A keeps its 9x9 game.
  await newGame(b, 13);
  await reload(b);
  assert.equal(await width(b), 13, 'the new game in B is still 13x13 after a reload');
  await playAt(b, 'D4');
  await reload(a);
  assert.equal(await width(a), 9, 'A still shows its 9x9 game');
  assert.equal(await text(a, '#move-number'), 'Move 2');
  await reload(b);
  assert.equal(await width(b), 13);
  assert.equal(await stoneAt(b, 'D4'), 1);

  // Each game is in the list: A's, B's 13x13 and the game B's new game replaced.
  const list = await savedList(a);
  const [idA, idB] = [await tabGameId(a), await tabGameId(b)];
  for (const id of [idA, idB]) assert.ok(list.some((e) => e.id === id), `${id} is listed`);
  assert.equal(list.find((e) => e.id === idB).width, 13);
  assert.ok(list.some((e) => e.width === 19 && e.moves === 1), 'the game with G7, replaced by the new game, is kept');
  assert.equal(await a.$$eval('.notice', (n) => n.length), 0, 'no notice');
  assert.equal(await b.$$eval('.notice', (n) => n.length), 0, 'no notice');
  assert.deepEqual([...a.errors, ...b.errors], []);

  // A new tab opens the most recent game no other tab shows: here the one with G7.
  const c = await openIn(ctx);
  assert.equal(await width(c), 19);
  assert.equal(await stoneAt(c, 'G7'), 1, 'the most recent free game');
  // Closed, its game is free again for the next tab.
  const id = await tabGameId(c);
  await c.close();
  const d = await openIn(ctx);
  assert.equal(await tabGameId(d), id);
  assert.deepEqual(d.errors, []);
  await ctx.close();
});

test('a tab that starts with another tab\'s game (a duplicated tab) gets a copy, and says so', async () => {
  const ctx = await context();
  const a = await openIn(ctx);
  await newGame(a, 9);
  await playAt(a, 'E5');
  const id = await tabGameId(a);
  // A duplicated tab starts with a copy of its tab's sessionStorage.
  await ctx.addInitScript(([k, v]) => { if (!sessionStorage.getItem(k)) sessionStorage.setItem(k, v); }, [TAB_KEY, id]);
  const b = await openIn(ctx);
  await b.waitForSelector('.notice[data-key="notice.copy"]');
  assert.notEqual(await tabGameId(b), id, 'its own id');
  assert.equal(await stoneAt(b, 'E5'), 1, 'the same game');
  await playAt(b, 'C3');
  await reload(a);
  assert.equal(await text(a, '#move-number'), 'Move 1', 'A\'s game is not written by B');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await ctx.close();
});

test('another tab writing the game shown here: this tab goes on with its own copy, neither overwritten', async () => {
  const ctx = await context();
  const a = await openIn(ctx);
  await newGame(a, 9);
  await playAt(a, 'E5');
  const id = await tabGameId(a);
  const b = await openIn(ctx);
  // As a browser without Web Locks (or an old page) would: B writes A's game.
  const theirs = await b.evaluate(([k, id]) => {
    const s = JSON.parse(localStorage.getItem(k + id));
    s.sgf = s.sgf.replace(/\)\s*$/, ';W[cc])');
    s.path = [0, 0];
    localStorage.setItem(k + id, JSON.stringify(s));
    return localStorage.getItem(k + id);
  }, [GAME_PREFIX, id]);
  await a.waitForSelector('.notice[data-key="notice.forked"]');
  assert.match(await text(a, '.notice[data-key="notice.forked"] p'), /Another tab changed the game shown here/);
  const mine = await tabGameId(a);
  assert.notEqual(mine, id, 'A now writes a game of its own');
  assert.equal(await a.evaluate(([k, id]) => localStorage.getItem(k + id), [GAME_PREFIX, id]), theirs, 'the other tab\'s write is kept');
  await playAt(a, 'C3');
  await reload(a);
  assert.equal(await tabGameId(a), mine);
  assert.equal(await stoneAt(a, 'C3'), -1, 'A\'s own game, with its move');
  assert.equal(await stoneAt(a, 'C7'), 0);
  const list = await savedList(a);
  assert.ok(list.some((e) => e.id === id) && list.some((e) => e.id === mine), 'both in the list');
  await ctx.close();
});

test('a link pasted into an open tab opens its game at once; the game it replaced stays in the list and reopens', async () => {
  const ctx = await context();
  const page = await openIn(ctx);
  await newGame(page, 13);
  await playAt(page, 'D4');
  await playAt(page, 'K10');
  const before = await stones(page);
  const first = await tabGameId(page);
  await page.evaluate(() => { window.notReloaded = true; });

  // The address bar's new link changes only the fragment: no reload, and the page must listen.
  await page.evaluate((h) => { location.hash = h; }, `sgf=${b64(LINKED)}`);
  await page.waitForFunction(() => window.tengen.record !== null);
  await moveIs(page, 3);
  assert.equal(await page.evaluate(() => window.notReloaded), true, 'opened without a reload');
  assert.equal(await page.evaluate(() => location.hash), '', 'the fragment is cleared once read');
  await waitText(page, '#record-name', 'Linked Black vs Linked White');
  assert.notEqual(await tabGameId(page), first, 'the link\'s game is a saved game of its own');
  // The record steps as any record does.
  await page.click('#nav-first');
  await moveIs(page, 0);
  await page.click('#nav-next');
  await moveIs(page, 1);
  await page.click('#nav-last');
  await moveIs(page, 3);

  // After a reload the tab shows the link's game, and the replaced game is in the list.
  await reload(page);
  await moveIs(page, 3);
  await waitText(page, '#record-name', 'Linked Black vs Linked White');
  const listed = await openList(page);
  assert.equal(listed[0].where, 'Shown in this tab');
  assert.deepEqual(listed[0].buttons, [], 'this tab\'s game has no buttons');
  const old = listed.find((r) => r.id === first);
  assert.ok(old, 'the replaced game is listed');
  assert.match(old.facts, /^13×13 · 2 moves · /);
  assert.deepEqual(old.buttons, ['open', 'remove']);
  await page.click(`#games-list li[data-id="${first}"] button[data-act="open"]`);
  await page.waitForFunction(() => !document.getElementById('games-dialog').open);
  await page.waitForFunction(() => window.tengen.record === null && window.tengen.view.width === 13);
  await moveIs(page, 2);
  assert.deepEqual(await stones(page), before, 'the replaced game, as it was');
  assert.equal(await tabGameId(page), first);
  await reload(page);
  assert.deepEqual(await stones(page), before, 'and it stays this tab\'s game');

  // A link opened with page.goto on the page's own URL (a same-document navigation) works too.
  await page.evaluate(() => { window.notReloaded = true; });
  await page.goto(`${base}#sgf=${b64('(;FF[4]GM[1]SZ[9];B[cc])')}`);
  await page.waitForFunction(() => window.tengen.record !== null);
  await moveIs(page, 1);
  assert.equal(await page.evaluate(() => window.notReloaded), true);
  // Undo at the start of the linked record brings the game before back, and forgets the link's.
  const linked = await tabGameId(page);
  await page.click('#nav-first');
  await page.click('#undo');
  await page.waitForFunction(() => window.tengen.record === null);
  assert.deepEqual(await stones(page), before);
  assert.equal(await tabGameId(page), first);
  assert.ok(!(await savedList(page)).some((e) => e.id === linked), 'the game undo took back is not kept');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('the saved-games list: remove, put back, a game shown in another tab, a save of the one-game page moved in', async () => {
  const ctx = await context();
  const page = await openIn(ctx);
  await newGame(page, 9);
  await playAt(page, 'E5');
  const first = await tabGameId(page);
  await page.setInputFiles('#sgf-file', { name: 'club.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from('(;FF[4]GM[1]SZ[9];B[ee];W[cc])') });
  await page.waitForFunction(() => window.tengen.record !== null);
  const club = await tabGameId(page);
  await newGame(page, 9);
  await playAt(page, 'D4');

  let list = await openList(page);
  assert.deepEqual(list.map((r) => r.id).slice(1), [club, first], 'newest first, after this tab\'s game');
  assert.equal(list.find((r) => r.id === club).name, 'club.sgf');
  assert.equal(list.find((r) => r.id === first).name, 'Game played here');
  // Keyboard: the dialog has the focus, Tab reaches the buttons, each described by its game.
  assert.equal(await page.evaluate(() => document.getElementById('games-dialog').contains(document.activeElement)), true);
  const described = await page.$eval(`#games-list li[data-id="${club}"] button[data-act="remove"]`, (b) => document.getElementById(b.getAttribute('aria-describedby')).textContent);
  assert.match(described, /club\.sgf/);

  await page.click(`#games-list li[data-id="${club}"] button[data-act="remove"]`);
  await waitText(page, `#games-list li[data-id="${club}"] .saved-game-text`, 'Removed: club.sgf.');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.act), 'restore', 'the focus on Put back');
  assert.ok(!(await savedList(page)).some((e) => e.id === club), 'gone from storage');
  await page.keyboard.press('Enter');
  await page.waitForSelector(`#games-list li[data-id="${club}"] button[data-act="open"]`);
  assert.ok((await savedList(page)).some((e) => e.id === club), 'put back');
  await page.click(`#games-list li[data-id="${club}"] button[data-act="remove"]`);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('games-dialog').open);
  list = await openList(page);
  assert.deepEqual(list.map((r) => r.id).slice(1), [first], 'removed for good once the dialog closed');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), GAME_PREFIX + club), null);
  await page.click('#games-close');

  // A game another tab shows: marked so, opened as a copy, not removable here.
  const other = await openIn(ctx);
  assert.equal(await tabGameId(other), first, 'the new tab opens the most recent free game');
  list = await openList(page);
  const shared = list.find((r) => r.id === first);
  assert.equal(shared.where, 'Open in another tab');
  assert.deepEqual(shared.buttons, ['open']);
  assert.match(await text(page, `#games-list li[data-id="${first}"] button`), /Open a copy/);
  await page.click(`#games-list li[data-id="${first}"] button[data-act="open"]`);
  await page.waitForSelector('.notice[data-key="notice.copy"]');
  assert.equal(await stoneAt(page, 'E5'), 1);
  assert.notEqual(await tabGameId(page), first, 'a copy of its own');

  // The page's one game of before (an upgrade): moved into the list and opened, the rest kept.
  const { saved: old, shown } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests', 'js', 'saves', 'record-counted.json'), 'utf8'));
  const count = (await savedList(page)).length;
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, JSON.stringify(old)]);
  await reload(page);
  assert.deepEqual(await stones(page), shown.board, 'the old save is shown');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), null, 'and moved out of the old key');
  assert.equal((await saved(page)).v, 2, 'written in the current shape');
  assert.equal((await savedList(page)).length, count + 1, 'beside every game listed before');
  assert.deepEqual([...page.errors, ...other.errors], []);
  await ctx.close();
});

test('screenshots: the saved-games dialog on a phone and a laptop, light and dark', async () => {
  for (const [label, options] of [['phone', { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }], ['laptop', { viewport: { width: 1280, height: 800 } }]]) {
    for (const scheme of ['light', 'dark']) {
      const ctx = await context({ ...options, colorScheme: scheme });
      const page = await openIn(ctx);
      await page.evaluate(() => {
        const now = Date.now();
        const games = [
          { id: 'shot00001', updated: now - 60e3, width: 19, height: 19, moves: 187, record: true, file: 'Honinbo Shusaku vs Gennan Inseki (1846).sgf' },
          { id: 'shot00002', updated: now - 3600e3, width: 9, height: 9, moves: 42, black: 'Alice', white: 'Bob' },
          { id: 'shot00003', updated: now - 86400e3, width: 13, height: 13, moves: 1, level: 'strong' },
          { id: 'shot00004', updated: now - 7 * 86400e3, width: 19, height: 19, moves: 250, record: true, black: 'Lee Sedol', white: 'AlphaGo' },
          { id: 'shot00005', updated: now - 30 * 86400e3, width: 7, height: 5, moves: 12 },
        ];
        const sgf = (n) => JSON.stringify({ v: 2, sgf: `(;SZ[${n}])`, game: 0, path: [], extra: [], record: null, options: { size: n }, opponent: null });
        for (const g of games) localStorage.setItem(`tengen.game.${g.id}`, sgf(9));
        const list = JSON.parse(localStorage.getItem('tengen.games'));
        list.games.push(...games);
        localStorage.setItem('tengen.games', JSON.stringify(list));
      });
      if (label === 'phone') await page.click('#saved-games');
      else await page.click('#saved-games');
      await page.waitForSelector('#games-dialog[open]');
      const m = await page.evaluate(() => {
        const d = document.getElementById('games-dialog').getBoundingClientRect();
        return { left: d.left, right: d.right, top: d.top, bottom: d.bottom, w: innerWidth, h: innerHeight, scroll: document.getElementById('games-list').scrollWidth - document.getElementById('games-list').clientWidth };
      });
      assert.ok(m.left >= 0 && m.right <= m.w && m.top >= 0 && m.bottom <= m.h, `${label}: the dialog fits ${JSON.stringify(m)}`);
      assert.ok(m.scroll <= 0, `${label}: no sideways scroll in the list`);
      await shot(page, `saved-games-${label}-${scheme}.png`);
      assert.deepEqual(page.errors, []);
      await ctx.close();
    }
  }
});
