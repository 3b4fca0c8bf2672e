// The page against the computer, in headless Chromium: a whole 9x9 game by clicks to the count,
// the thinking indicator, undo of two moves, undo that stops a search, a reload on the
// computer's turn, every worker of the pool in a move, pondering (started after the computer's
// move, stopped by a click, undo or the tab hidden), a phone-size screen, axe-core, and the
// wasm's playouts per second in a worker.
//   node --test --test-concurrency=1 tests/e2e/computer.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import {
  useServerAndBrowser, browser, WWW, SHOTS, text, waitText, moveIs, DESKTOP, PHONE, ready, openIn, clickPoint, tapPoint,
  saved, savedGame,
} from './browser.mjs';
import { load } from '../js/load.mjs';

const { Game } = await load();

useServerAndBrowser();

const context = (options = {}) => browser.newContext({ serviceWorkers: 'block', ...options });

async function shot(page, name) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: false });
}

/** A new game against the computer through the form: the player's colour and the level. */
async function newComputerGame(page, { size = 9, color = 'black', level = 'beginner', tap = false } = {}) {
  const press = (sel) => (tap ? page.tap(sel) : page.click(sel));
  await press('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await press(`input[name="size"][value="${size}"]`);
  await press('input[name="opponent"][value="computer"]');
  await page.waitForSelector('#computer-options:not([hidden])');
  await press(`input[name="color"][value="${color}"]`);
  await page.selectOption('#level-select', level);
  await press('#new-game-start');
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open);
  await page.waitForFunction((w) => window.tengen.view?.width === w && window.tengen.pointClient(0, 0), size);
}

/** Records every text the thinking indicator shows, from now on. */
async function watchThinking(page) {
  await page.evaluate(() => {
    window.thinkingSeen = [];
    const el = document.getElementById('thinking-text');
    new MutationObserver(() => {
      if (el.textContent) window.thinkingSeen.push({ text: el.textContent, spinner: document.getElementById('thinking').classList.contains('active') });
    }).observe(el, { childList: true, characterData: true, subtree: true });
  });
}

/** The page's game read back in Node from what it saved. */
const replay = (page) => savedGame(page, Game);

/** The page's actions (a game played here: every one since it began). */
const actions = (page) => page.evaluate(() => window.tengen.actions);

/** Waits until the computer is not thinking and the page has drawn what it did. */
async function settle(page) {
  await page.waitForFunction(() => !window.tengen.thinking, null, { timeout: 20000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** A point the player to move may play that does not fill one of its own eyes, or null. */
function anyMove(g, pick) {
  const w = g.width;
  const legal = Array.from(g.playoutMoves()).filter((i) => g.legality(i % w, Math.floor(i / w)) === null);
  if (!legal.length) return null;
  const i = legal[pick % legal.length];
  return [i % w, Math.floor(i / w)];
}

test('against the computer, 9x9, Beginner: a whole game by clicks to the count; thinking shown; undo takes back two moves', async () => {
  const ctx = await context(DESKTOP);
  const page = await openIn(ctx);
  await newComputerGame(page, { size: 9, color: 'black', level: 'beginner' });
  assert.deepEqual(Object.keys(await page.evaluate(() => window.tengen.opponent)).sort(), ['computer', 'level', 'seed']);
  assert.equal((await page.evaluate(() => window.tengen.opponent)).computer, 'white');
  await waitText(page, '#game-players', /^Against the computer \(Beginner\): you play Black/);
  assert.equal(await page.isVisible('#thinking'), true, 'the indicator line is there in a game against the computer');
  assert.equal(await page.getAttribute('#thinking', 'aria-live'), 'polite');
  await watchThinking(page);

  let humanMoves = 0;
  let undone = false;
  for (let turn = 0; turn < 90; turn++) {
    await settle(page);
    const phase = await page.evaluate(() => document.getElementById('turn').textContent);
    if (!/to play$/.test(phase)) break;
    assert.match(phase, /^(White passed\. )?Black to play$/, 'after the computer, the player');
    const before = (await actions(page)).length;
    const g = await replay(page);
    assert.equal(g.toMove, 'black');
    // The board takes no move for the computer: tried while it thinks (below) and here by its
    // colour's turn only through the engine.
    const move = humanMoves < 12 ? anyMove(g, humanMoves * 7 + 3) : null;
    g.free();
    if (move) {
      await clickPoint(page, move[0], move[1]);
      humanMoves++;
    } else {
      await page.click('#pass');
    }
    await page.waitForFunction((n) => window.tengen.actions.length > n, before);
    if (move && turn === 0) {
      // While it thinks (or just after): a click on the board for White is refused. Whether it
      // thinks and whether Pass is disabled are read together: a Beginner's answer can arrive
      // between two reads, and then it is the player's turn.
      const { thinking, passDisabled } = await page.evaluate(() => ({
        thinking: window.tengen.thinking, passDisabled: document.getElementById('pass').disabled,
      }));
      if (thinking) {
        assert.equal(passDisabled, true, 'no pass for the computer');
        await clickPoint(page, 8, 8);
      }
    }
    if (humanMoves === 5 && !undone) {
      // Undo on the player's turn takes back the computer's move and the player's.
      await settle(page);
      const n = (await actions(page)).length;
      assert.equal(n % 2, 0, 'the computer has answered');
      await shot(page, 'computer-desktop-playing.png');
      await page.click('#undo');
      await page.waitForFunction((m) => window.tengen.actions.length === m, n - 2);
      await moveIs(page, n - 2);
      await waitText(page, '#turn', 'Black to play');
      assert.equal(await page.evaluate(() => window.tengen.thinking), false, 'no search after undo on the player\'s turn');
      await waitText(page, '#live', /^Undone\. Black to play/);
      undone = true;
      humanMoves--;
    }
  }
  assert.ok(undone, 'undo was tried');
  const seen = await page.evaluate(() => window.thinkingSeen);
  assert.ok(seen.length >= 5, `the indicator showed ${seen.length} times`);
  assert.ok(seen.every((s) => s.text === 'The computer is thinking…' && s.spinner), JSON.stringify(seen[0]));
  const thoughts = await page.evaluate(() => window.tengen.thoughts);
  console.log(`# against the computer (Beginner, 9x9): ${humanMoves} moves by the player, ${thoughts} searches, then passes`);

  // Both passed: the same stop, proposal and count as between people.
  await waitText(page, '#turn', /^(Black|White) passed\. Play has stopped|^Game over/);
  const turn = await text(page, '#turn');
  if (turn.includes('Play has stopped')) {
    await waitText(page, '#hint', /^(Dead stones proposed|No stone looks dead)/);
    await page.waitForSelector('#result');
    await shot(page, 'computer-desktop-marking.png');
    await page.click('#finish');
    await page.waitForFunction(() => document.getElementById('finish-dialog').open || document.getElementById('turn').textContent === 'Game over');
    if (await page.evaluate(() => document.getElementById('finish-dialog').open)) await page.click('#finish-anyway');
  }
  await waitText(page, '#turn', 'Game over');
  await waitText(page, '#result', /^Result: (Black|White) wins/);
  const done = await actions(page);
  const last = done.at(-1)[0];
  assert.ok(last === 'finish' || last === 'resign', `the game ended: ${last}`);
  assert.equal((await saved(page)).extra.at(-1)[0], last, 'saved with its end');
  console.log(`# the game's end: ${await text(page, '#result')} after ${done.length} actions`);
  await shot(page, 'computer-desktop-finished.png');
  assert.equal(await page.evaluate(() => window.tengen.thinking), false);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('Strongest: undo while the computer thinks stops the search; a reload on its turn thinks again; its settings are kept', async () => {
  const ctx = await context(DESKTOP);
  const page = await openIn(ctx);
  await newComputerGame(page, { size: 13, color: 'black', level: 'strongest' });
  await watchThinking(page);
  await clickPoint(page, 3, 3);
  await page.waitForFunction(() => window.tengen.thinking);
  await waitText(page, '#thinking-text', 'The computer is thinking…');
  assert.equal(await page.evaluate(() => document.getElementById('thinking').classList.contains('active')), true);
  await shot(page, 'computer-desktop-thinking.png');
  // The board takes no stone while the computer thinks, and says why.
  await clickPoint(page, 9, 9);
  await waitText(page, '#message', 'It is the computer’s turn: its move is coming.');
  assert.equal((await actions(page)).length, 1);
  assert.deepEqual((await saved(page)).path, [0], 'saved with the move');
  // Undo: the search stops (its answer, if any came, is ignored) and the player's move goes.
  await page.click('#undo');
  await page.waitForFunction(() => !window.tengen.thinking && window.tengen.actions.length === 0);
  await waitText(page, '#thinking-text', '');
  // Every worker says its search stopped on the message (not at the end of its 5 seconds).
  await page.waitForFunction(() => window.tengen.engine.stopped === window.tengen.engine.size, null, { timeout: 3000 });
  await page.waitForTimeout(3500);
  assert.deepEqual(await page.evaluate(() => window.tengen.actions), [], 'no stale move arrived');
  await moveIs(page, 0);

  // A move, and a reload while the computer thinks: the settings come back and it thinks again.
  await clickPoint(page, 9, 3);
  await page.waitForFunction(() => window.tengen.thinking);
  const before = await page.evaluate(() => window.tengen.opponent);
  assert.equal(before.level, 'strongest');
  await page.reload();
  await ready(page);
  assert.deepEqual(await page.evaluate(() => window.tengen.opponent), before, 'the opponent settings are kept');
  assert.equal(await page.evaluate(() => window.tengen.thinking), true, 'it thinks again after the reload');
  await waitText(page, '#thinking-text', 'The computer is thinking…');
  await page.waitForFunction(() => window.tengen.actions.length === 2, null, { timeout: 15000 });
  await settle(page);
  await waitText(page, '#turn', 'Black to play');
  // The new-game form offers the same settings again.
  await page.click('#new-game');
  assert.equal(await page.$eval('input[name="opponent"]:checked', (e) => e.value), 'computer');
  assert.equal(await page.$eval('input[name="color"]:checked', (e) => e.value), 'black');
  assert.equal(await page.inputValue('#level-select'), 'strongest');
  await page.click('#new-game-cancel');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('Strong: every worker searches the move; it ponders after its move, the click stops that and the reply grows the same tree; a hidden tab stops pondering', async () => {
  const ctx = await context(DESKTOP);
  const page = await openIn(ctx);
  await newComputerGame(page, { size: 9, color: 'black', level: 'strong' });
  const engine = () => page.evaluate(() => window.tengen.engine);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const size = (await engine()).size;
  assert.equal(size, Math.max(1, Math.min(4, cores)), 'one worker per core, at most 4');
  assert.equal((await engine()).ponders, 0, 'no pondering before the computer has moved');

  await clickPoint(page, 2, 2);
  await page.waitForFunction(() => window.tengen.actions.length === 2, null, { timeout: 30000 });
  await settle(page);
  let e = await engine();
  assert.equal(e.last.workers, size, `every worker's statistics merged: ${JSON.stringify(e.last)}`);
  assert.ok(e.last.simulations > 0);
  // Pondering: the workers search the player's position until the player acts.
  await page.waitForFunction(() => window.tengen.engine.pondering);
  assert.equal(e.ponders, 1);
  await page.waitForTimeout(1500); // the player thinks
  const t0 = Date.now();
  await clickPoint(page, 6, 2);
  await page.waitForFunction(() => window.tengen.actions.length === 3);
  const answered = Date.now() - t0;
  assert.equal((await engine()).pondering, false, 'the click stopped pondering');
  await page.waitForFunction(() => window.tengen.actions.length === 4, null, { timeout: 30000 });
  await settle(page);
  e = await engine();
  assert.equal(e.ponderEnds, size, 'every worker ended its pondering');
  // The reply's search began from the tree pondering grew: simulations behind the new root.
  assert.ok(e.last.reused > 0, `the tree reused: ${JSON.stringify(e.last)}`);
  console.log(`# Strong 9x9, ${size} workers: the click answered in ${answered} ms while pondering; the reply's search began with ${e.last.reused} simulations behind its root and ended with ${e.last.simulations}`);

  // The tab hidden: pondering stops (every worker says so); shown again, it goes on.
  await page.waitForFunction(() => window.tengen.engine.pondering);
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  assert.equal((await engine()).pondering, false);
  await page.waitForFunction((n) => window.tengen.engine.ponderEnds === n, 2 * size);
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  e = await engine();
  assert.deepEqual([e.pondering, e.ponders], [true, 3]);
  // Undo stops it too, and with the computer's move taken back none starts.
  await page.click('#undo');
  await page.waitForFunction(() => window.tengen.actions.length === 2);
  await page.waitForFunction((n) => window.tengen.engine.ponderEnds === n, 3 * size);
  e = await engine();
  assert.deepEqual([e.pondering, e.ponders], [false, 3]);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('the computer plays Black: it opens; Resign offers the player only; a resignation undone leaves the player to move', async () => {
  const ctx = await context(DESKTOP);
  const page = await openIn(ctx);
  await newComputerGame(page, { size: 9, color: 'white', level: 'beginner' });
  await page.waitForFunction(() => window.tengen.actions.length === 1, null, { timeout: 15000 });
  await settle(page);
  await waitText(page, '#turn', 'White to play');
  const first = (await actions(page))[0];
  assert.equal(first[0], 'place', 'Black opens');
  await waitText(page, '#live', /^Black [A-J]\d/);
  // Resign: only the player's colour is offered.
  await page.click('#resign');
  await page.waitForSelector('#choice-dialog[open]');
  assert.equal(await page.isVisible('#choice-dialog button[value="black"]'), false);
  assert.equal(await page.isVisible('#choice-dialog button[value="white"]'), true);
  await page.click('#choice-dialog button[value="white"]');
  await waitText(page, '#turn', 'Game over');
  await waitText(page, '#result', 'Result: Black wins by resignation (B+R)');
  // Undo the resignation: the player's turn again; no search starts.
  await page.click('#undo');
  await waitText(page, '#turn', 'White to play');
  assert.equal(await page.evaluate(() => window.tengen.thinking), false);
  // A game between people again: the choice dialog offers both colours, no indicator.
  await page.click('#new-game');
  await page.click('input[name="opponent"][value="person"]');
  assert.equal(await page.isVisible('#computer-options'), false);
  await page.click('#new-game-start');
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open);
  assert.equal(await page.evaluate(() => window.tengen.opponent), null);
  assert.equal(await page.isVisible('#thinking'), false);
  await page.click('#resign');
  await page.waitForSelector('#choice-dialog[open]');
  assert.equal(await page.isVisible('#choice-dialog button[value="black"]'), true);
  await page.click('#choice-dialog button[value=""]');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('phone: a game against the computer by taps; axe-core finds nothing in the dialog or while it thinks', async () => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const axe = async (page, state) => {
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    assert.deepEqual(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), [], `axe, ${state}`);
  };
  for (const [name, options] of [['phone', PHONE], ['phone dark', { ...PHONE, colorScheme: 'dark' }]]) {
    const ctx = await context(options);
    const page = await openIn(ctx);
    await page.tap('#new-game');
    await page.waitForSelector('#new-game-dialog[open]');
    await page.tap('input[name="opponent"][value="computer"]');
    await page.waitForSelector('#computer-options:not([hidden])');
    await axe(page, `${name}: new game dialog with the computer's settings`);
    if (name === 'phone') await shot(page, 'computer-phone-dialog.png');
    await page.tap('#new-game-cancel');
    await newComputerGame(page, { size: 9, color: 'black', level: 'strongest', tap: true });
    // A tap previews, a second tap places.
    await tapPoint(page, 4, 4);
    await page.waitForFunction(() => window.tengen.view.ghost?.confirm === true);
    await tapPoint(page, 4, 4);
    await page.waitForFunction(() => window.tengen.thinking);
    await axe(page, `${name}: the computer thinking`);
    if (name === 'phone') await shot(page, 'computer-phone-thinking.png');
    await page.waitForFunction(() => window.tengen.actions.length === 2, null, { timeout: 15000 });
    await settle(page);
    if (name === 'phone') await shot(page, 'computer-phone-answered.png');
    assert.deepEqual(page.errors, []);
    await ctx.close();
  }
});

test('offline: the computer\'s worker and its files are cached; with the network off it still plays', async () => {
  const sub = await serve({ port: 0, host: '127.0.0.1', root: WWW, quiet: true });
  const url = `http://127.0.0.1:${sub.address().port}/`;
  const ctx = await browser.newContext({ ...DESKTOP, serviceWorkers: 'allow' });
  try {
    const page = await openIn(ctx, url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const keys = await (await caches.open(names[0])).keys();
      return keys.map((r) => new URL(r.url).pathname);
    });
    for (const f of ['app/engine-worker.js', 'app/computer.js', 'app/actions.js', 'pkg/tengen.js', 'pkg/tengen_bg.wasm']) {
      assert.ok(cached.includes(`/${f}`), `${f} is cached`);
    }
    await ctx.setOffline(true);
    await page.reload();
    await ready(page);
    // The computer plays Black: its first move needs the worker, loaded from the cache.
    await newComputerGame(page, { size: 9, color: 'white', level: 'beginner' });
    await page.waitForFunction(() => window.tengen.actions.length === 1, null, { timeout: 15000 });
    await settle(page);
    await waitText(page, '#turn', 'White to play');
    assert.equal(await text(page, '#message'), '', 'no failure');
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    await new Promise((r) => sub.close(r));
  }
});

test('the wasm player\'s speed in Chromium, in the page\'s worker: playouts per second (a measurement)', async () => {
  const ctx = await context(DESKTOP);
  const page = await openIn(ctx);
  const run = (msg) => page.evaluate((msg) => new Promise((resolve, reject) => {
    window.benchWorker ??= new Worker('app/engine-worker.js', { type: 'module' });
    const w = window.benchWorker;
    w.onmessage = (e) => resolve(e.data);
    w.onerror = (e) => reject(new Error(e.message));
    w.postMessage(msg);
  }), msg);
  // Warm: the first request instantiates the module.
  await run({ id: 0, game: { size: 9 }, actions: [], options: { playouts: 200 } });
  const lines = [];
  for (const [size, playouts] of [[9, 20000], [19, 5000]]) {
    const r = await run({ id: size, game: { size }, actions: [], options: { playouts, seed: 1 }, details: true });
    assert.equal(r.id, size);
    assert.ok(r.details.playouts > 0 && r.ms > 0, JSON.stringify(r));
    const rate = Math.round(r.details.playouts / (r.ms / 1000));
    lines.push(`${size}x${size}: ${r.details.playouts} playouts in ${Math.round(r.ms)} ms, ${rate} playouts/s`);
  }
  // The worker's protocol for errors: { id, error: { code, message } }.
  const bad = await run({ id: 7, game: { size: 9 }, actions: [['pass'], ['pass']], options: { playouts: 10 } });
  assert.deepEqual([bad.id, bad.error?.code], [7, 'notPlaying']);
  const refused = await run({ id: 8, game: { size: 9 }, actions: [], options: { playouts: 0 } });
  assert.deepEqual([refused.id, refused.error?.code], [8, 'invalidOptions']);
  console.log(`# genmove in Chromium (wasm, engine-worker.js, empty board): ${lines.join('; ')}`);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});
