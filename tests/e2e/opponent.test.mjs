// A game against the computer kept through a file and a link (the record names the computer:
// the private root property TO, and its name as the player's), and passes shown on the board and
// in the status line, in headless Chromium.
//   node --test --test-concurrency=1 tests/e2e/opponent.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  useServerAndBrowser, browser, SHOTS, text, waitText, DESKTOP, openIn, clickPoint,
} from './browser.mjs';

useServerAndBrowser();

const context = (options = {}) => browser.newContext({ serviceWorkers: 'block', ...options });

async function shot(page, name, fullPage = false) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(SHOTS, name), fullPage });
}

/** A new game through the form: against a person, or the computer at a level (the player Black). */
async function newGame(page, { computer = false, level = 'beginner' } = {}) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await page.click('input[name="size"][value="9"]');
  await page.click(`input[name="opponent"][value="${computer ? 'computer' : 'person'}"]`);
  if (computer) {
    await page.waitForSelector('#computer-options:not([hidden])');
    await page.click('input[name="color"][value="black"]');
    await page.selectOption('#level-select', level);
  }
  await page.click('#new-game-start');
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open);
  await page.waitForFunction(() => window.tengen.view?.width === 9 && window.tengen.pointClient(0, 0));
}

/** Waits until the computer is not thinking and the page has drawn what it did. */
async function settle(page) {
  await page.waitForFunction(() => !window.tengen.thinking, null, { timeout: 30000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The player's move at (x, y), and the computer's answer to it. */
async function playAndAnswer(page, x, y) {
  const n = (await page.evaluate(() => window.tengen.actions)).length;
  await clickPoint(page, x, y);
  await page.waitForFunction((k) => window.tengen.actions.length >= k + 2, n, { timeout: 30000 });
  await settle(page);
}

/** The page plays against the computer, White at `level`, and it answers a move. */
async function againstComputer(page, level) {
  assert.equal(await page.evaluate(() => window.tengen.record), null, 'a game played here, not a record');
  assert.deepEqual(await page.evaluate(() => {
    const o = window.tengen.opponent;
    return o && { computer: o.computer, level: o.level };
  }), { computer: 'white', level });
  await waitText(page, '#game-players', /^Against the computer/);
  // The computer's earlier answers depend on the game's random seed: play on a point left empty.
  const empty = await page.evaluate(() => {
    const { stones, width } = window.tengen.view;
    return [[6, 2], [6, 6], [2, 6], [4, 4]].find(([x, y]) => stones[y * width + x] === 0);
  });
  await playAndAnswer(page, ...empty);
}

test('a game against the computer saved as a file and shared as a link reopens against the computer, under its name', async () => {
  const ctx = await context(DESKTOP);
  const page = await openIn(ctx);
  await newComputerGameNamed(page);
  await playAndAnswer(page, 2, 2);

  // Saved: the file is named after the players, the computer by its name and level.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  const name = download.suggestedFilename();
  assert.match(name, /^Ana Kovács vs tengen \(Beginner\) \d{4}-\d{2}-\d{2}\.sgf$/);
  const file = path.join(SHOTS, 'opponent-saved.sgf');
  await download.saveAs(file);
  const sgf = fs.readFileSync(file, 'utf8');
  assert.match(sgf, /PW\[tengen \(Beginner\)\]/);
  assert.match(sgf, /TO\[W:beginner:\d+\]/);
  const url = await page.evaluate(() => window.tengen.shareUrl());

  // Another game in between, then the file opened: the computer plays White again and answers.
  await newGame(page);
  await page.setInputFiles('#sgf-file', file);
  await page.waitForFunction(() => window.tengen.opponent !== null || window.tengen.record !== null);
  await againstComputer(page, 'beginner');
  assert.equal(await page.isVisible('#record'), false, 'no record panel');

  // The link, in a fresh browser: the same.
  const ctx2 = await context(DESKTOP);
  const page2 = await openIn(ctx2, url);
  await againstComputer(page2, 'beginner');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(page2.errors, []);
  await ctx2.close();
  await ctx.close();
});

/** A new game against the computer (Beginner, the player Black) with the player's name given. */
async function newComputerGameNamed(page) {
  await page.click('#edit-info');
  await page.waitForSelector('#info-dialog[open]');
  await page.fill('#info-dialog input[name="PB"]', 'Ana Kovács');
  await page.click('#info-done');
  await page.waitForFunction(() => !document.getElementById('info-dialog').open);
  await newGame(page, { computer: true, level: 'beginner' });
  await waitText(page, '#game-players', /Ana Kovács/);
}

// 9x9, Chinese rules, komi 7.5: a black wall on the fourth line and a white one on the fifth, every
// point settled, White ahead by 16.5; the computer plays White and Black is to move.
const WALLS = [...'abcdefghi'].map((r) => `;B[d${r}];W[e${r}]`).join('');
const SETTLED = `(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]PB[Ana]PW[tengen (Beginner)]TO[W:beginner:1]${WALLS})`;

/** Opens SGF text as a file from the picker. */
async function openText(page, name, sgf) {
  await page.setInputFiles('#sgf-file', { name, mimeType: 'application/x-go-sgf', buffer: Buffer.from(sgf) });
}

test('every pass is shown on the board and in the status line: the player\'s, the computer\'s, and at the stop', async () => {
  for (const [size, label] of [[{ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, '360'], [DESKTOP, '1280']]) {
    for (const scheme of ['light', 'dark']) {
      const ctx = await context({ ...size, colorScheme: scheme });
      const page = await openIn(ctx);
      await page.evaluate(() => {
        window.badges = [];
        const el = document.getElementById('pass-badge');
        new MutationObserver(() => { if (!el.hidden) window.badges.push(el.textContent); })
          .observe(el, { attributes: true, childList: true, subtree: true, characterData: true });
      });
      // Between two people: Black's pass is shown until White's move.
      await page.click('#pass');
      await waitText(page, '#pass-badge', 'Black passed');
      assert.equal(await page.isVisible('#pass-badge'), true);
      await waitText(page, '#turn', 'Black passed. White to play');
      if (label === '1280' && scheme === 'light') await shot(page, 'pass-person-1280-light.png');
      await clickPoint(page, 4, 4);
      await page.waitForFunction(() => document.getElementById('pass-badge').hidden);
      await waitText(page, '#turn', 'Black to play');

      // Against the computer, in a settled position: a move inside Black's own area, and the
      // computer passes.
      await openText(page, 'settled.sgf', SETTLED);
      await page.waitForFunction(() => window.tengen.opponent !== null);
      await settle(page);
      if (label === '360' && scheme === 'light') assert.equal(await page.isVisible('#pass-badge'), false, 'no pass yet');
      await playAndAnswer(page, 1, 1);
      assert.deepEqual((await page.evaluate(() => window.tengen.actions)).at(-1), ['pass'], 'the computer passed');
      await waitText(page, '#pass-badge', 'White passed');
      await waitText(page, '#turn', 'White passed. Black to play');
      // On a phone the status line is below the board: the whole page.
      await shot(page, `pass-computer-${label}-${scheme}.png`, label === '360');

      // The player passes too: two passes in a row, play stops, and the pass is still shown.
      await page.click('#pass');
      await waitText(page, '#turn', /^Black passed\. Play has stopped: mark the dead stones$/);
      await settle(page);
      const badges = await page.evaluate(() => window.badges);
      assert.ok(badges.includes('White passed') && badges.includes('Black passed'), `both passes were shown: ${badges}`);
      assert.equal(await text(page, '#pass-badge'), 'Black passed');
      assert.equal(await page.isVisible('#pass-badge'), true);
      if (scheme === 'dark') await shot(page, `pass-stopped-${label}-${scheme}.png`, label === '360');
      assert.deepEqual(page.errors, []);
      await ctx.close();
    }
  }
});
