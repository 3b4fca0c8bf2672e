// End-to-end tests of the page in www/: Debian's Chromium driven by playwright-core against the
// page served on 127.0.0.1 by scripts/serve.mjs. Screenshots go to test-results/ (git-ignored).
//   node --test --test-concurrency=1 tests/e2e/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import {
  useServerAndBrowser, browser, base, WWW, KEY, ROOT, saved, savedGame, text, waitText, moveIs, DESKTOP, PHONE, ready, client, clickPoint, tapPoint,
} from './browser.mjs';
import { load } from '../js/load.mjs';
import { context, open, stones, newGame, play, shot, crisp } from './page-helpers.mjs';

const { Game } = await load();

useServerAndBrowser();

/** What www/version.js sets: TENGEN_VERSION and TENGEN_ASSETS. */
function version() {
  const self = {};
  new Function('self', fs.readFileSync(path.join(WWW, 'version.js'), 'utf8'))(self);
  return self;
}

// The short 9x9 game: Black builds column D, White column F and invades at B5.
const BLACK = [[3, 0], [3, 1], [3, 2], [3, 3], [3, 4], [3, 5], [3, 6], [3, 7], [3, 8], [4, 4]];
const WHITE = [[1, 4], [5, 0], [5, 1], [5, 2], [5, 3], [5, 4], [5, 5], [5, 6], [5, 7], [5, 8]];
const GAME = BLACK.flatMap((b, i) => [b, WHITE[i]]);

/** The same actions through the Node build of the package: what the page must show. */
function expected(actions) {
  const g = new Game({ size: 9, rules: 'japanese-1989', komi: 6.5 });
  for (const a of actions) {
    if (a[0] === 'place') g.place(a[1], a[2]);
    else if (a[0] === 'pass') g.pass();
    else if (a[0] === 'dead') g.markDead(a[1], a[2]);
  }
  const s = g.score();
  g.free();
  return s;
}

// ---- tests -------------------------------------------------------------------------------------

test('a short game by clicks: play, two passes, the dead chain proposed, unmarked and marked, resume, finish', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  // Every string comes from the table: no element shows its key.
  const raw = await page.$$eval('[data-i18n]', (els) => els.filter((e) => e.textContent === e.dataset.i18n).length);
  assert.equal(raw, 0);
  await newGame(page, { size: 9 });
  await crisp(page);
  assert.equal(await text(page, '#turn'), 'Black to play');

  // Hover: a ghost stone of the side to move on an empty point, none on a stone.
  const h = await client(page, 4, 4);
  await page.mouse.move(h.x, h.y);
  await page.waitForFunction(() => window.tengen.view.ghost?.x === 4 && window.tengen.view.ghost?.y === 4);
  assert.deepEqual(await page.evaluate(() => window.tengen.view.ghost), { x: 4, y: 4, color: 1, confirm: false });

  await play(page, GAME);
  assert.equal(await text(page, '#turn'), 'Black to play');
  assert.deepEqual(await page.evaluate(() => window.tengen.view.lastMove), [5, 8]);
  await shot(page, 'desktop-play.png');

  await page.click('#pass');
  await moveIs(page, 21);
  await waitText(page, '#live', 'Black passes.');
  await page.click('#pass');
  await waitText(page, '#turn', 'White passed. Play has stopped: mark the dead stones');
  assert.match(await text(page, '#live'), /White passes\. Play has stopped/);
  assert.equal(await page.isVisible('#finish'), true);
  assert.equal(await page.isVisible('#resume'), true);
  assert.equal(await page.isVisible('#pass'), false);

  // The estimate proposes the invading White stone dead at once; the count follows.
  await waitText(page, '#hint', /^Dead stones proposed: tap a chain to change\./);
  assert.match(await text(page, '#live'), /White passes\. Play has stopped\. Dead stones proposed: 1 stone marked dead/);
  const s = expected([...GAME.map(([x, y]) => ['place', x, y]), ['pass'], ['pass'], ['dead', 1, 4]]);
  assert.equal(s.result, 'W+5.5');
  await waitText(page, '#result', 'If counted now: White wins by 5.5 (W+5.5)');
  for (const side of ['black', 'white']) {
    for (const f of ['territory', 'prisoners', 'total']) {
      assert.equal(await text(page, `[data-score="${side}-${f}"]`), String(s[side][f]), `${side} ${f}`);
    }
  }
  assert.equal(await text(page, '[data-score="black-total"]'), '28');
  assert.equal(await text(page, '[data-score="white-total"]'), '33.5');
  assert.equal(await text(page, '[data-score="white-komi"]'), '6.5');
  assert.equal(await page.isVisible('[data-row="stones"]'), false, 'territory counting shows no stone row');
  // Territory, dame and the dead stone are drawn: the view carries the count's overlay.
  const v = await page.evaluate(() => {
    const v = window.tengen.view;
    return { overlay: Array.from(v.overlay), owner: Array.from(v.owner) };
  });
  assert.equal(v.overlay[4 * 9 + 1], 5, 'B5: dead');
  assert.equal(v.owner[4 * 9 + 1], 1, 'B5 counts for Black');
  assert.equal(v.overlay[0], 1, 'A9: territory');
  assert.equal(v.owner[8], -1, 'J9: White territory');
  assert.equal(v.overlay[4], 2, 'E9: dame');
  await shot(page, 'desktop-marking.png');

  // Clicking the chain brings it back to life; clicking again marks it dead.
  await clickPoint(page, 1, 4);
  await waitText(page, '#result', 'If counted now: White wins by 33.5 (W+33.5)');
  await waitText(page, '#live', /^White chain at B5 marked alive\./);
  await clickPoint(page, 1, 4);
  await waitText(page, '#result', 'If counted now: White wins by 5.5 (W+5.5)');
  await waitText(page, '#live', /^White chain at B5 marked dead\./);

  // Resume at Black's request: White moves first; the marks are cleared.
  await page.click('#resume');
  await page.click('#choice-dialog button[value="black"]');
  await waitText(page, '#turn', 'White to play');
  assert.equal(await page.isVisible('#score'), false);
  await page.click('#pass');
  await page.click('#pass');
  await waitText(page, '#turn', 'Black passed. Play has stopped: mark the dead stones');
  await waitText(page, '#result', 'If counted now: White wins by 5.5 (W+5.5)');
  await page.click('#finish');
  await waitText(page, '#turn', 'Game over');
  await waitText(page, '#result', 'Result: White wins by 5.5 (W+5.5)');
  await waitText(page, '#live', 'Game over. White wins by 5.5');
  assert.equal(await text(page, '#move-number'), 'Move 24');
  await shot(page, 'desktop-finished.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('illegal moves by clicks say why: occupied and ko; the ko point is marked', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  await newGame(page, { size: 9 });
  await play(page, [[1, 0], [2, 0], [0, 1], [3, 1], [1, 2], [2, 2], [8, 8], [1, 1], [2, 1]]);
  await waitText(page, '#live', 'Black C8, captures 1 stone');
  assert.equal(await text(page, '#captures-black'), '1');
  assert.deepEqual(await page.evaluate(() => window.tengen.view.koPoint), [1, 1]);
  await shot(page, 'desktop-ko.png');

  await clickPoint(page, 1, 1);
  await waitText(page, '#message', 'Ko: the stone just captured cannot be retaken at once. Play elsewhere first.');
  await clickPoint(page, 1, 0);
  await waitText(page, '#message', 'There is already a stone on that point.');
  assert.equal(await text(page, '#move-number'), 'Move 9', 'nothing was played');
  assert.equal(await text(page, '#turn'), 'White to play');
  // A legal move clears the message and lifts the ko.
  await play(page, [[7, 7]]);
  await waitText(page, '#message', '');
  assert.equal(await page.evaluate(() => window.tengen.view.koPoint), null);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('keyboard: arrows move the cursor, Enter plays, P passes, U undoes; the live region speaks', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  await newGame(page, { size: 9 });
  await page.focus('#board');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await waitText(page, '#live', 'D6, empty');
  // The view is redrawn in the next animation frame: wait for it there.
  await page.waitForFunction(() => {
    const c = window.tengen.view.cursor;
    return c && c.x === 3 && c.y === 3;
  }, null, { timeout: 5000 }).catch(async () => {
    assert.fail(`cursor: ${JSON.stringify(await page.evaluate(() => window.tengen.view.cursor))}`);
  });
  await page.keyboard.press('Enter');
  await moveIs(page, 1);
  await waitText(page, '#live', 'Black D6');
  assert.equal((await stones(page))[3 * 9 + 3], 1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await waitText(page, '#live', 'White E6');
  await page.keyboard.press('ArrowLeft');
  await waitText(page, '#live', 'D6, Black stone');
  await page.keyboard.press('Enter');
  await waitText(page, '#message', 'There is already a stone on that point.');
  await page.keyboard.press('p');
  await moveIs(page, 3);
  await waitText(page, '#live', 'Black passes.');
  await page.keyboard.press('u');
  await moveIs(page, 2);
  await waitText(page, '#live', 'Undone. Black to play');
  await page.keyboard.press('u');
  await moveIs(page, 1);
  await waitText(page, '#live', 'Undone. White to play');
  assert.equal((await stones(page))[3 * 9 + 4], 0);
  // R reads the whole position; L puts the cursor on the last move.
  await page.keyboard.press('r');
  await waitText(page, '#live', 'Black stones: D6. White stones: none. Last move: Black D6. White to play. Captures: Black 0, White 0.');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('l');
  await waitText(page, '#live', 'Last move: Black D6.');
  await page.waitForFunction(() => window.tengen.view.cursor?.x === 3 && window.tengen.view.cursor?.y === 3);
  await shot(page, 'desktop-keyboard.png');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'desktop-dark.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('the new-game form: custom rectangle, free handicap, refused options', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  // Handicap stones bring komi down to 0.5; back to an even game, the preset's komi.
  await page.click('#new-game');
  await page.selectOption('#rules-select', 'japanese-1989');
  await page.selectOption('#handicap-select', '9');
  assert.equal(await page.inputValue('input[name="komi"]'), '0.5');
  await page.selectOption('#handicap-select', '0');
  assert.equal(await page.inputValue('input[name="komi"]'), '6.5');
  await page.click('#new-game-cancel');
  await newGame(page, { size: [13, 7], rules: 'aga', handicap: 2, free: true });
  assert.deepEqual(await page.evaluate(() => [window.tengen.view.width, window.tengen.view.height]), [13, 7]);
  assert.equal(await text(page, '#turn'), 'Black places handicap stone 1 of 2');
  assert.equal(await page.isDisabled('#pass'), true);
  await clickPoint(page, 2, 2);
  await waitText(page, '#turn', 'Black places handicap stone 2 of 2');
  await waitText(page, '#live', 'Black handicap stone C5');
  await clickPoint(page, 10, 4);
  await waitText(page, '#turn', 'White to play');
  assert.equal(await text(page, '#move-number'), 'Move 0', 'handicap stones are not moves');
  await play(page, [[6, 3]]);
  await shot(page, 'desktop-rectangle.png');

  // Komi must be a multiple of 0.5; a fixed handicap the board cannot hold is refused in words.
  await page.click('#new-game');
  await page.click('input[name="size"][value="custom"]');
  await page.fill('input[name="width"]', '5');
  await page.fill('input[name="height"]', '5');
  await page.fill('input[name="komi"]', '0.3');
  await page.click('#new-game-start');
  await waitText(page, '#new-game-error', 'Komi must be a multiple of 0.5 between −1000 and 1000.');
  await page.fill('input[name="komi"]', '0.5');
  await page.fill('input[name="width"]', '53');
  await page.click('#new-game-start');
  await waitText(page, '#new-game-error', 'The width and height must be whole numbers from 2 to 52.');
  await page.fill('input[name="width"]', '5');
  await page.selectOption('#handicap-select', '2');
  await page.click('input[name="placement"][value="fixed"]');
  await page.click('#new-game-start');
  await waitText(page, '#new-game-error', /^These options cannot start a game: this board cannot take/);
  assert.equal(await page.evaluate(() => document.getElementById('new-game-dialog').open), true);
  await page.click('#new-game-cancel');
  assert.equal(await page.evaluate(() => window.tengen.view.width), 13, 'the game in progress is kept');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('the game is saved on every action and restored after a reload', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  await newGame(page, { size: 13, rules: 'chinese' });
  await play(page, [[3, 3], [9, 9], [3, 9], [9, 3], [6, 6]]);
  await page.click('#pass');
  await moveIs(page, 6);
  const before = await stones(page);
  const actions = await page.evaluate(() => window.tengen.actions);
  const back = await savedGame(page, Game);
  assert.deepEqual(Array.from(back.board()), before, 'the saved game read back in Node is the page\'s');
  back.free();
  await page.reload();
  await ready(page);
  await moveIs(page, 6);
  assert.deepEqual(await stones(page), before);
  assert.deepEqual(await page.evaluate(() => window.tengen.actions), actions);
  assert.equal(await text(page, '#turn'), 'White passed. Black to play', 'the pass before the reload still shown');
  assert.equal(await page.$$eval('.notice', (n) => n.length), 0, 'no notice');
  // The form remembers the options of the game.
  await page.click('#new-game');
  assert.equal(await page.inputValue('#rules-select'), 'chinese');
  assert.equal(await page.$eval('input[name="size"]:checked', (e) => e.value), '13');
  await page.click('#new-game-cancel');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('offline: after the service worker is active the page reloads and plays with the network off', async () => {
  // A copy of www/ served under a sub-path: relative URLs only, and a version we can change.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-e2e-'));
  const dir = path.join(tmp, 'some', 'path');
  fs.cpSync(WWW, dir, { recursive: true });
  const sub = await serve({ port: 0, host: '127.0.0.1', root: tmp, quiet: true });
  const url = `http://127.0.0.1:${sub.address().port}/some/path/`;
  const ctx = await browser.newContext({ ...DESKTOP, serviceWorkers: 'allow' });
  try {
    const page = await open(ctx, url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const keys = await (await caches.open(names[0])).keys();
      return { names, keys: keys.map((r) => new URL(r.url).pathname) };
    });
    assert.equal(cached.names.length, 1);
    assert.equal(cached.names[0], `tengen:${url}:${version().TENGEN_VERSION}`, 'the cache is named by scope and version');
    for (const f of ['index.html', 'app/main.js', 'pkg/tengen.js', 'pkg/tengen_bg.wasm', 'manifest.webmanifest', 'icons/icon-192.png']) {
      assert.ok(cached.keys.includes(`/some/path/${f}`), `${f} is cached`);
    }
    await newGame(page, { size: 9 });
    await play(page, [[2, 2], [6, 6]]);

    await ctx.setOffline(true);
    await page.reload();
    await ready(page);
    await moveIs(page, 2);
    await play(page, [[2, 6]]);
    assert.equal((await stones(page))[6 * 9 + 2], 1);
    await ctx.setOffline(false);

    // A new build (a new version.js) installs a new worker, whose cache replaces the old one.
    const v = path.join(dir, 'version.js');
    fs.appendFileSync(v, "\nself.TENGEN_VERSION = 'e2e-next';\n");
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForFunction(async () => {
      const names = await caches.keys();
      return names.length === 1 && names[0].endsWith(':e2e-next');
    }, null, { timeout: 15000 });
    await page.waitForSelector('.notice[data-key="app.updated"]');
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    await new Promise((r) => sub.close(r));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('saves of the first release open as they did, and are saved again in the current shape', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  for (const name of ['played-stopped', 'record-counted']) {
    const { saved: old, shown } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests', 'js', 'saves', `${name}.json`), 'utf8'));
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, JSON.stringify(old)]);
    await page.reload();
    await ready(page);
    assert.deepEqual(await stones(page), shown.board, `${name}: the board`);
    assert.deepEqual(await page.evaluate(() => window.tengen.path), shown.record ? shown.path : null, `${name}: the node`);
    const now = await saved(page);
    assert.equal(now.v, 2, `${name}: saved again in the current shape at once`);
    const back = await savedGame(page, Game);
    // The computer opponent the record names since (TO) aside: the first release wrote none.
    assert.equal(back.toSgf().replace(/TO\[[^\]]*\]/, ''), shown.sgf, `${name}: the same game`);
    assert.equal(back.score().result, shown.score.result);
    back.free();
    assert.equal(await page.$$eval('.notice', (e) => e.length), 0, `${name}: no notice`);
  }
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('storage corrupt, unreplayable, missing or full: a fresh game and a notice, never a broken page', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  await newGame(page, { size: 9 });
  await play(page, [[4, 4]]);

  await page.evaluate((k) => localStorage.setItem(k, '{"v":1,"options":'), KEY);
  await page.reload();
  await ready(page);
  await waitText(page, '.notice p', 'The saved game could not be restored, so a new game was started.');
  await moveIs(page, 0);
  assert.ok((await stones(page)).every((s) => s === 0));
  const fresh = await saved(page);
  assert.deepEqual([fresh.path, fresh.extra], [[], []], 'the fresh game replaced the corrupt save');
  await shot(page, 'desktop-notice.png');

  // Well-formed, but the second stone goes on an occupied point: the replay fails.
  await page.evaluate((k) => localStorage.setItem(k, JSON.stringify({
    v: 1, options: { size: 9, rules: 'japanese-1989', komi: 6.5 }, actions: [['place', 0, 0], ['place', 0, 0]],
  })), KEY);
  await page.reload();
  await ready(page);
  await waitText(page, '.notice p', 'The saved game could not be restored, so a new game was started.');
  await moveIs(page, 0);
  assert.equal(await page.evaluate(() => window.tengen.view.width), 9, 'the saved options were kept');
  assert.deepEqual(page.errors, []);
  await ctx.close();

  // Storage disabled: the getter throws, as in browsers with site data blocked.
  const off = await context(DESKTOP);
  await off.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });
  });
  const p2 = await open(off);
  await waitText(p2, '.notice p', 'Storage is not available in this browser: this game will not be saved.');
  await play(p2, [[3, 3]]);
  assert.deepEqual(p2.errors, []);
  await off.close();

  // Storage full: every write fails with a quota error.
  const full = await context(DESKTOP);
  await full.addInitScript(() => {
    Storage.prototype.setItem = function setItem() { throw new DOMException('full', 'QuotaExceededError'); };
  });
  const p3 = await open(full);
  await waitText(p3, '.notice p', 'Storage is full: this game can no longer be saved.');
  await play(p3, [[3, 3], [4, 4]]);
  assert.equal(await p3.$$eval('.notice', (n) => n.length), 1, 'one notice, not one per move');
  assert.deepEqual(p3.errors, []);
  await full.close();
});

test('axe-core finds no violation in any state: playing, estimate, marking with warnings, finished, resigned, records, dialogs; light and dark; desktop, tablet, phone', async () => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const seen = [];
  const axe = async (page, state) => {
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    assert.deepEqual(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), [], `axe, ${state}`);
    seen.push(state);
  };
  const RECORD = '(;GM[1]FF[4]SZ[9]PB[Ann]PW[Bo]EV[Club]C[A comment on the root.];B[ee](;W[cc]C[Main line.];B[gc])(;W[gg]))';
  for (const [name, options] of [
    ['desktop light', DESKTOP],
    ['desktop dark', { ...DESKTOP, colorScheme: 'dark' }],
    ['tablet portrait', { viewport: { width: 800, height: 1280 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }],
    ['phone dark', { ...PHONE, colorScheme: 'dark' }],
    ['phone landscape', { ...PHONE, viewport: { width: 740, height: 360 } }],
  ]) {
    const ctx = await context(options);
    const page = await open(ctx);
    const touch = !!options.hasTouch;
    const press = (sel) => (touch ? page.tap(sel) : page.click(sel));
    await newGame(page, { size: 9, tap: touch });
    await play(page, GAME.slice(0, 6));
    await axe(page, `${name}: playing`);
    await press('#estimate');
    await page.waitForFunction(() => window.tengen.view.ownership !== null);
    await axe(page, `${name}: estimate`);
    if (touch) {
      await tapPoint(page, 7, 1);
      await page.waitForFunction(() => window.tengen.view.ghost?.confirm === true);
      await axe(page, `${name}: touch preview`);
    }
    await press('#pass');
    await press('#pass');
    await waitText(page, '#turn', 'White passed. Play has stopped: mark the dead stones');
    await axe(page, `${name}: marking`);
    await press('#finish');
    await page.waitForFunction(() => document.getElementById('finish-dialog').open || window.tengen.view && document.getElementById('turn').textContent === 'Game over');
    if (await page.evaluate(() => document.getElementById('finish-dialog').open)) {
      await axe(page, `${name}: finish dialog`);
      await press('#finish-anyway');
    }
    await waitText(page, '#turn', 'Game over');
    await axe(page, `${name}: finished`);
    await newGame(page, { size: 9, tap: touch });
    await play(page, GAME.slice(0, 2));
    await press('#resign');
    await page.waitForSelector('#choice-dialog[open]');
    await axe(page, `${name}: resign dialog`);
    await press('#choice-dialog button[value="white"]');
    await waitText(page, '#turn', 'Game over');
    await axe(page, `${name}: resigned`);
    await press('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await axe(page, `${name}: new game dialog`);
    await press('#new-game-cancel');
    await page.setInputFiles('#sgf-file', { name: 'club.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(RECORD) });
    await waitText(page, '#record-name', 'Ann vs Bo');
    await press('#nav-first');
    await press('#nav-next');
    await page.waitForSelector('#variation-list button');
    await axe(page, `${name}: record, variations and a comment`);
    await press('#edit-info');
    await page.waitForSelector('#info-dialog[open]');
    await axe(page, `${name}: game information dialog`);
    await press('#info-cancel');
    if (name === 'phone dark') await shot(page, 'phone-dark-record.png');
    assert.deepEqual(page.errors, []);
    await ctx.close();
  }
  assert.equal(seen.length, 5 * 9 + 3 + seen.filter((s) => s.endsWith('finish dialog')).length);
});

test('the service worker caches every file of the page', () => {
  const self = version();
  assert.equal(typeof self.TENGEN_VERSION, 'string');
  const listed = new Set(self.TENGEN_ASSETS);
  const files = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else files.push(path.relative(WWW, p).split(path.sep).join('/'));
    }
  };
  walk(WWW);
  // Not loaded over HTTP: the element's sources (bundled into tengen-board.js) and the wasms as
  // scripts for pages opened from disk. Not needed offline: the install dialog's screenshots.
  const skip = (f) => f === 'sw.js' || f === 'version.js' || f.endsWith('.d.ts') || f.endsWith('.gitignore') || f.endsWith('package.json')
    || f.startsWith('element/') || f === 'tengen-board.wasm.js' || f === 'tengen-board-edit.wasm.js'
    || f.startsWith('screenshots/');
  for (const f of files.filter((f) => !skip(f))) assert.ok(listed.has(f), `${f} is in TENGEN_ASSETS`);
  for (const f of ['lesson.html', 'tengen-board.js', 'tengen-board.wasm', 'lib/render.js']) assert.ok(listed.has(f), `${f} is cached`);
  for (const f of listed) assert.ok(files.includes(f), `${f} exists`);
});

test('resignation: the result in words, no count table and no legend of the count', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  await newGame(page, { size: 9 });
  await clickPoint(page, 4, 4);
  await moveIs(page, 1);
  await page.click('#resign');
  await page.waitForSelector('#choice-dialog[open]');
  await page.click('#choice-dialog button[value="white"]');
  await waitText(page, '#result', /White resigns|Black wins by resignation/);
  assert.equal(await page.isVisible('[data-i18n="score.legend"]'), false);
  assert.equal(await page.isVisible('#score table'), false);
  await shot(page, 'desktop-resigned.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('four languages: every visible string translated, from the URL or the menu, kept; axe in each', async () => {
  const { appTables } = await import('../../www/app/language.js');
  const { STRINGS } = await import('../../www/lib/strings.js');
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const ctx = await context(DESKTOP);
  for (const lang of ['es', 'hu', 'ja', 'en']) {
    const page = await open(ctx, `${base}?lang=${lang}`);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    const toPlay = STRINGS[lang]['status.toPlay'].replace('{player}', STRINGS[lang]['player.black']);
    await waitText(page, '#turn', toPlay);
    assert.equal(await text(page, '#new-game'), appTables()[lang]['button.newGame']);
    // No element shows a key instead of words.
    const raw = await page.evaluate(() => [...document.querySelectorAll('body *')]
      .filter((e) => e.children.length === 0 && /^[a-z]+(\.[a-zA-Z0-9-]+)+$/.test(e.textContent.trim()))
      .map((e) => e.textContent.trim()));
    assert.deepEqual(raw, [], lang);
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    assert.deepEqual(r.violations.map((v) => v.id), [], `axe, ${lang}`);
    await shot(page, `desktop-${lang}.png`);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
  // On a 320 px phone the header's words fit their buttons in every language.
  const small = await context({ ...PHONE, viewport: { width: 320, height: 640 } });
  for (const lang of ['en', 'es', 'hu', 'ja']) {
    const page = await open(small, `${base}?lang=${lang}`);
    const spill = await page.evaluate(() => [...document.querySelectorAll('.bar-buttons .btn')]
      .filter((b) => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().bottom > document.querySelector('.bar').getBoundingClientRect().bottom)
      .map((b) => b.textContent));
    assert.deepEqual(spill, [], `${lang}: header buttons`);
    assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= innerWidth), `${lang}: no sideways scroll`);
    if (lang === 'hu') await shot(page, 'phone-320-hu.png');
    await page.close();
  }
  await small.close();
  // The menu: Hungarian chosen, the page reloads in Hungarian and stays so on the next visit.
  const page = await open(ctx);
  await Promise.all([page.waitForNavigation(), page.selectOption('#language', 'hu')]);
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'hu');
  await page.reload();
  await ready(page);
  assert.equal(await text(page, '#new-game'), appTables().hu['button.newGame']);
  await ctx.close();
});

test('a game never disappears by one tap: Undo brings back the game a new game or an opened record replaced', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  await newGame(page, { size: 9 });
  await play(page, [[2, 2], [6, 6]]);
  await newGame(page, { size: 13 });
  assert.equal(await page.isDisabled('#undo'), false, 'Undo can bring the 9x9 game back');
  await page.click('#undo');
  await page.waitForFunction(() => window.tengen.view.width === 9);
  await moveIs(page, 2);
  await waitText(page, '#live', /^The game you had before is back\./);
  assert.deepEqual(await page.evaluate(() => window.tengen.actions), [['place', 2, 2], ['place', 6, 6]]);
  // The same after opening a record; a reload keeps the restored game.
  await page.setInputFiles('#sgf-file', { name: 'r.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from('(;SZ[5];B[cc])') });
  await page.waitForFunction(() => window.tengen.view.width === 5);
  await page.click('#undo'); // steps back in the record
  await page.click('#undo'); // the record has nothing more to undo: the 9x9 game comes back
  await page.waitForFunction(() => window.tengen.view.width === 9);
  await page.reload();
  await ready(page);
  await moveIs(page, 2);
  assert.equal(await page.isDisabled('#undo'), false);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('the captures in words for screen readers, not icons', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  await newGame(page, { size: 9 });
  const read = await page.evaluate(() => document.querySelector('.captures').textContent.replace(/\s+/g, ' ').trim());
  assert.match(read, /^Captured: Black 0, White 0$/);
  const snapshot = await page.locator('.captures').ariaSnapshot();
  assert.match(snapshot, /Black/);
  assert.match(snapshot, /White/);
  // A button reads the whole position, as the R key does.
  await play(page, [[3, 3], [5, 5]]);
  await page.click('#read-position');
  await waitText(page, '#live', 'Black stones: D6. White stones: F4. Last move: White F4. Black to play. Captures: Black 0, White 0.');
  assert.equal(await page.getAttribute('#read-position', 'aria-keyshortcuts'), 'R');
  await ctx.close();

  // On a touch screen the preview is announced, and its hint is not hidden from screen readers.
  const phone = await context(PHONE);
  const p2 = await open(phone);
  await newGame(p2, { size: 9, tap: true });
  await tapPoint(p2, 4, 4);
  await waitText(p2, '#live', 'Tap E5 again to place the stone, or tap another point.');
  assert.equal(await p2.getAttribute('#hint', 'aria-hidden'), null);
  const tree = await p2.locator('.panel').ariaSnapshot();
  assert.match(tree, /Tap E5 again to place the stone/);
  assert.deepEqual(p2.errors, []);
  await phone.close();
});

test('focus and icons that show: the header buttons\' focus ring on the dark header, black stone icons in dark mode', async () => {
  const ctx = await context({ ...DESKTOP, colorScheme: 'dark' });
  const page = await open(ctx);
  await page.focus('#new-game');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const ring = await page.$eval('#new-game', (b) => getComputedStyle(b).outlineColor);
  assert.equal(ring, 'rgb(255, 210, 127)');
  const rim = await page.$eval('.captures .stone-icon.black', (s) => getComputedStyle(s).boxShadow);
  assert.match(rim, /rgb\(183, 173, 156\)/);
  await shot(page, 'desktop-dark-focus.png');
  await ctx.close();
});

test('the first visit downloads each file once: the service worker caches what the page fetched', async () => {
  const sub = await serve({ port: 0, host: '127.0.0.1', root: WWW, quiet: true });
  const counts = new Map();
  let bytes = 0;
  sub.on('request', (req, res) => {
    const p = new URL(req.url, 'http://x').pathname;
    counts.set(p, (counts.get(p) || 0) + 1);
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = (chunk, ...rest) => { if (chunk) bytes += chunk.length; return write(chunk, ...rest); };
    res.end = (chunk, ...rest) => { if (chunk && typeof chunk !== 'function') bytes += chunk.length; return end(chunk, ...rest); };
  });
  const url = `http://127.0.0.1:${sub.address().port}/`;
  const ctx = await browser.newContext({ ...DESKTOP, serviceWorkers: 'allow' });
  try {
    const page = await open(ctx, url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
    // The browser fetches the manifest and its icons by itself, at a time of its choosing (for
    // installability), which can fall before or after the worker's install: those are left out.
    const byBrowser = (p) => p === '/manifest.webmanifest' || p.startsWith('/icons/');
    const twice = [...counts].filter(([p, n]) => n > 1 && !byBrowser(p)).map(([p]) => p);
    assert.deepEqual(twice, [], 'files fetched twice on the first visit');
    const assets = version().TENGEN_ASSETS.length;
    console.log(`# first visit with the service worker: ${counts.size} files, ${bytes} bytes (assets cached: ${assets})`);
    assert.ok(counts.get('/app/main.js') === 1 && counts.get('/pkg/tengen_bg.wasm') === 1);
  } finally {
    await ctx.close();
    await new Promise((r) => sub.close(r));
  }
});

test('the rules, komi and handicap of the game in view while playing', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  await newGame(page, { size: 9, rules: 'japanese-1989', komi: 6.5 });
  await waitText(page, '#game-rules', 'Japanese (1989) · komi 6.5');
  await newGame(page, { size: 19, rules: 'chinese', handicap: 4 });
  await waitText(page, '#game-rules', 'Chinese · komi 0.5 · 4 handicap stones');
  await ctx.close();
});

test('game information: players, ranks, date and event shown, edited, saved in the SGF and read back', async () => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const ctx = await context({ ...DESKTOP, acceptDownloads: true });
  const page = await open(ctx);
  await newGame(page, { size: 9 });
  // A new game is dated today.
  await waitText(page, '#game-players', /^\d{4}-\d{2}-\d{2}$/);
  const fill = async (values) => {
    await page.click('#edit-info');
    await page.waitForSelector('#info-dialog[open]');
    for (const [id, v] of Object.entries(values)) await page.fill(`#info-form [name="${id}"]`, v);
  };
  await fill({ PB: 'Honinbo Shusaku', BR: '7d', PW: 'Gennan Inseki', WR: '8d', DT: '1846-09-11', EV: 'Castle game [1846]' });
  assert.match(await text(page, '#info-rules'), /Japanese \(1989\) · komi 6\.5/, 'the fixed rules beside the fields');
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  assert.deepEqual(r.violations.map((v) => v.id), [], 'axe, the information dialog');
  await shot(page, 'desktop-game-info.png');
  await page.click('#info-done');
  const line = 'Honinbo Shusaku (7d) vs Gennan Inseki (8d) · 1846-09-11 · Castle game [1846]';
  await waitText(page, '#game-players', line);
  await waitText(page, '#live', 'Game information changed.');
  await play(page, [[2, 2], [6, 6]]);

  // Saved: the information in the root, escaped, read back by the engine.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  assert.equal(download.suggestedFilename(), 'Honinbo Shusaku vs Gennan Inseki 1846-09-11.sgf');
  const sgf = fs.readFileSync(await download.path(), 'utf8');
  // In the root (before the first move), each property once, escaped; the engine's writer
  // chooses the order and the line breaks.
  const root = sgf.slice(0, sgf.indexOf(';B[cc]'));
  for (const prop of ['KM[6.5]', 'PB[Honinbo Shusaku]', 'BR[7d]', 'PW[Gennan Inseki]', 'WR[8d]', 'DT[1846-09-11]', 'EV[Castle game [1846\\]]']) {
    assert.equal(root.split(prop).length, 2, `${prop} once in the root of ${sgf}`);
  }
  assert.match(sgf, /;B\[cc\];W\[gg\]\)\s*$/);
  const back = Game.fromSgf(sgf);
  assert.deepEqual({ ...back.info }, {
    black: 'Honinbo Shusaku', white: 'Gennan Inseki', blackRank: '7d', whiteRank: '8d', date: '1846-09-11',
    event: 'Castle game [1846]', result: null, gameName: null, komi: '6.5', rules: 'Japanese', handicap: null,
  });
  back.free();

  // Kept across a reload; a new game keeps the players and takes today's date.
  await page.reload();
  await ready(page);
  await waitText(page, '#game-players', line);
  await newGame(page, { size: 9 });
  await waitText(page, '#game-players', /^Honinbo Shusaku \(7d\) vs Gennan Inseki \(8d\) · \d{4}-\d{2}-\d{2} · Castle game \[1846\]$/);
  assert.doesNotMatch(await text(page, '#game-players'), /1846-09-11/);

  // An opened record: its players head it; a change is kept over the file's and saved.
  await page.setInputFiles('#sgf-file', { name: 'castle.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(sgf) });
  await waitText(page, '#record-name', 'Honinbo Shusaku vs Gennan Inseki');
  assert.equal(await page.isVisible('#game-players'), false, 'a record shows its information in its own panel');
  await fill({ WR: '9d', EV: '' });
  await page.click('#info-done');
  await waitText(page, '#game-info', /Gennan Inseki \(9d\)/);
  assert.doesNotMatch(await text(page, '#game-info'), /Castle game/);
  const [again] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  assert.equal(again.suggestedFilename(), 'castle.sgf');
  const saved = fs.readFileSync(await again.path(), 'utf8');
  assert.match(saved, /WR\[9d\]/);
  assert.doesNotMatch(saved, /EV\[/);
  assert.match(saved, /PB\[Honinbo Shusaku\]/);
  // Cancel changes nothing; a reload keeps the record's change.
  await fill({ PB: 'Someone else' });
  await page.click('#info-cancel');
  await page.reload();
  await ready(page);
  await waitText(page, '#game-info', /Honinbo Shusaku \(7d\).*Gennan Inseki \(9d\)/);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a share link opens the game in another browser; the manifest opens .sgf files', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  await newGame(page, { size: 9 });
  await play(page, [[2, 2], [6, 6], [4, 4]]);
  const url = await page.evaluate(() => window.tengen.shareUrl());
  assert.match(url, /#sgf=[A-Za-z0-9_-]+$/);
  const before = await stones(page);
  const other = await context(DESKTOP);
  const p2 = await open(other, url);
  await p2.waitForFunction(() => window.tengen.record !== null);
  await moveIs(p2, 3);
  assert.deepEqual(await stones(p2), before);
  assert.equal(await p2.evaluate(() => location.hash), '', 'the fragment is cleared once read');
  assert.deepEqual(p2.errors, []);
  const manifest = JSON.parse(fs.readFileSync(path.join(WWW, 'manifest.webmanifest'), 'utf8'));
  assert.equal(manifest.id, './');
  assert.deepEqual(manifest.file_handlers[0].accept['application/x-go-sgf'], ['.sgf']);
  await other.close();
  await ctx.close();
});

test('installed app: a .sgf file the system hands over (a real file handle, by the launch queue) opens; the install dialog\'s screenshots', async () => {
  const ctx = await context(DESKTOP);
  // The system's side of the launch queue: the page's consumer is kept, to be handed files as an
  // installed app is when the user opens a .sgf file with it.
  await ctx.addInitScript(() => {
    Object.defineProperty(window, 'launchQueue', {
      configurable: true,
      value: { setConsumer(fn) { window.launchConsumer = fn; } },
    });
  });
  const page = await open(ctx);
  await page.waitForFunction(() => typeof window.launchConsumer === 'function');
  // A real FileSystemFileHandle (the origin's private file system), as the launch queue gives.
  const name = await page.evaluate(async () => {
    const dir = await navigator.storage.getDirectory();
    const handle = await dir.getFileHandle('Shusaku vs Gennan.sgf', { create: true });
    const w = await handle.createWritable();
    await w.write('(;GM[1]FF[4]SZ[19]PB[Honinbo Shusaku]PW[Gennan Inseki];B[qd];W[dc];B[pq])');
    await w.close();
    await window.launchConsumer({ files: [handle] });
    return handle.name;
  });
  assert.equal(name, 'Shusaku vs Gennan.sgf');
  await page.waitForFunction(() => window.tengen.record?.name === 'Shusaku vs Gennan.sgf');
  await waitText(page, '#record-name', 'Honinbo Shusaku vs Gennan Inseki');
  await moveIs(page, 3);
  // Launched with no file (the app opened from its icon): nothing changes.
  await page.evaluate(() => window.launchConsumer({ files: [] }));
  await moveIs(page, 3);
  assert.deepEqual(page.errors, []);

  // The screenshots the install dialog shows: a wide one and a narrow one, of the sizes the
  // manifest gives, served as PNG.
  const manifest = JSON.parse(fs.readFileSync(path.join(WWW, 'manifest.webmanifest'), 'utf8'));
  assert.deepEqual(manifest.screenshots.map((s) => s.form_factor).sort(), ['narrow', 'wide']);
  for (const s of manifest.screenshots) {
    const png = fs.readFileSync(path.join(WWW, s.src));
    assert.equal(png.toString('latin1', 1, 4), 'PNG', s.src);
    assert.equal(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, s.sizes, `${s.src}: the size the manifest says`);
    assert.ok(s.label, `${s.src} has a label`);
    const r = await page.request.get(new URL(s.src, base).href);
    assert.equal(r.status(), 200);
    assert.equal(r.headers()['content-type'], 'image/png');
  }
  await ctx.close();
});

test('switches: move numbers on the stones and coordinates, kept after a reload', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  await newGame(page, { size: 9 });
  await play(page, [[2, 2], [6, 6], [4, 4]]);
  assert.equal(await page.evaluate(() => window.tengen.view.markup), null);
  await page.check('#opt-numbers');
  await page.waitForFunction(() => window.tengen.view.markup?.labels.length === 3);
  const labels = await page.evaluate(() => window.tengen.view.markup.labels.map((l) => `${l.text}@${l.point}`).sort());
  assert.deepEqual(labels, ['1@2,2', '2@6,6', '3@4,4']);
  await page.uncheck('#opt-coordinates');
  await page.waitForFunction(() => window.tengen.view.coordinates === false);
  await shot(page, 'desktop-numbers.png');
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#opt-numbers'), true);
  assert.equal(await page.evaluate(() => window.tengen.view.coordinates), false);
  assert.equal(await page.evaluate(() => window.tengen.view.markup.labels.length), 3);
  // The stone sound: off by default, on with its switch (Web Audio, no files).
  await clickPoint(page, 0, 0);
  assert.equal(await page.evaluate(() => window.tengen.sounds), 0);
  await page.check('#opt-sound');
  await clickPoint(page, 8, 8);
  assert.equal(await page.evaluate(() => window.tengen.sounds), 1);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('the count shows White\'s handicap compensation as the engine gives it (chinese, 3 stones)', async () => {
  const ctx = await context(DESKTOP);
  const page = await open(ctx);
  await page.evaluate((k) => localStorage.setItem(k, JSON.stringify({
    v: 1, options: { size: 9, rules: 'chinese', komi: 0.5, handicap: 3, handicapPlacement: 'fixed' },
    actions: [['pass'], ['pass'], ['finish']],
  })), KEY);
  await page.reload();
  await ready(page);
  const shown = await page.evaluate(() => ({
    row: !document.querySelector('[data-row="compensation"]').hidden,
    value: document.querySelector('[data-score="white-compensation"]').textContent,
    total: document.querySelector('[data-score="white-total"]').textContent,
  }));
  assert.deepEqual(shown, { row: true, value: '3', total: '3.5' });
  assert.deepEqual(page.errors, []);
  await ctx.close();
});
