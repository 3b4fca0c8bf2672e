// End-to-end tests of the page's layout on phones, tablets and desktops: the board fits, the
// preview and the magnifier on touch screens, the record's buttons in view. Debian's Chromium
// driven by playwright-core; screenshots go to test-results/ (git-ignored).
//   node --test --test-concurrency=1 tests/e2e/layout.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  useServerAndBrowser, SHOTS, text, waitText, moveIs, PHONE, client, tapPoint,
} from './browser.mjs';
import { context, open, stones, newGame, shot, fits, crisp } from './page-helpers.mjs';

useServerAndBrowser();

test('phone: fits 360 and 320 px wide, portrait and landscape; a tap previews, a second tap places', async () => {
  const ctx = await context(PHONE);
  const page = await open(ctx);
  await newGame(page, { size: 9, tap: true });
  await fits(page);
  await crisp(page);
  await waitText(page, '#hint', /tap a point once to preview/);

  await tapPoint(page, 4, 4);
  await page.waitForFunction(() => window.tengen.view.ghost?.confirm === true);
  await waitText(page, '#hint', 'Tap E5 again to place the stone, or tap another point.');
  assert.equal(await text(page, '#move-number'), 'Move 0', 'a first tap places nothing');
  await shot(page, 'phone-360-confirm.png');
  await tapPoint(page, 4, 4);
  await moveIs(page, 1);
  assert.equal((await stones(page))[4 * 9 + 4], 1);

  // A mis-tap: the preview moves to the new point, and only a tap there again places.
  await tapPoint(page, 2, 2);
  await page.waitForFunction(() => window.tengen.view.ghost?.x === 2);
  await tapPoint(page, 6, 6);
  await page.waitForFunction(() => window.tengen.view.ghost?.x === 6);
  await tapPoint(page, 6, 6);
  await moveIs(page, 2);
  const s = await stones(page);
  assert.equal(s[2 * 9 + 2], 0);
  assert.equal(s[6 * 9 + 6], -1);
  // An illegal tap says why at once.
  await tapPoint(page, 4, 4);
  await waitText(page, '#message', 'There is already a stone on that point.');
  await shot(page, 'phone-360.png');

  // Marking on the phone: taps toggle at once (no preview needed).
  await page.tap('#pass');
  await page.tap('#pass');
  await waitText(page, '#turn', 'White passed. Play has stopped: mark the dead stones');
  await tapPoint(page, 6, 6);
  await waitText(page, '#result', /^If counted now: Black wins by/);
  await shot(page, 'phone-360-marking.png');
  await page.screenshot({ path: path.join(SHOTS, 'phone-360-marking-full.png'), fullPage: true });

  await page.setViewportSize({ width: 320, height: 640 });
  await page.waitForFunction(() => document.getElementById('board').getBoundingClientRect().width <= 320);
  await fits(page);
  await crisp(page);
  await shot(page, 'phone-320-marking.png');
  await page.tap('#undo');
  await page.tap('#undo');
  await page.tap('#undo');
  await moveIs(page, 2);
  await newGame(page, { size: 19, tap: true });
  await fits(page);
  await tapPoint(page, 15, 3);
  await tapPoint(page, 15, 3);
  await moveIs(page, 1);
  assert.equal((await stones(page))[3 * 19 + 15], 1, 'a tap hits the intended point on a 19x19 board at 320 px');
  await shot(page, 'phone-320-19x19.png');

  await page.setViewportSize({ width: 740, height: 360 });
  await page.waitForFunction(() => document.getElementById('board').getBoundingClientRect().height <= 360);
  await fits(page);
  const r = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().bottom);
  assert.ok(r <= 360, `the board is inside the landscape viewport (${r})`);
  await shot(page, 'phone-landscape.png');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('phone, 19x19: a magnifier shows the previewed point enlarged; a slide or a tap on the board under it moves it, a tap on its stone places', async () => {
  const ctx = await context(PHONE);
  const page = await open(ctx);
  await newGame(page, { size: 19, tap: true });
  const cell = await page.evaluate(() => window.tengen.pointClient(1, 0).x - window.tengen.pointClient(0, 0).x);
  assert.ok(cell < 20, `a 19x19 board on a 360 px phone is dense (${cell} px between lines)`);
  const loupe = () => page.evaluate(() => window.tengen.loupe());
  const touchAction = () => page.evaluate(() => document.getElementById('board').style.touchAction);
  assert.equal(await loupe(), null);

  // A first tap in the middle: the preview, magnified beside it, named, and the page does not
  // scroll under a sliding finger while it shows.
  await tapPoint(page, 9, 9);
  await page.waitForFunction(() => window.tengen.loupe() !== null);
  const l = await loupe();
  const p = await client(page, 9, 9);
  const box = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().toJSON());
  assert.ok(l.r >= 2 * 40 * 1.5 / 2, `the magnifier is large (radius ${l.r} px)`);
  assert.ok(Math.hypot(box.x + l.x - p.x, box.y + l.y - p.y) > l.r + cell, 'the magnifier does not cover the point');
  assert.ok(l.x - l.r >= 0 && l.y - l.r >= 0 && l.x + l.r <= box.width && l.y + l.r <= box.height, 'on the board');
  assert.equal(await touchAction(), 'none');
  await waitText(page, '#hint', 'Tap K10 again or its stone in the magnifier to place it; tap elsewhere or slide your finger to move it.');
  await shot(page, 'phone-19x19-loupe.png');

  // The magnifier shows the board enlarged: its centre is the preview stone (dark), drawn on
  // the wood around it.
  const centre = await page.evaluate(({ x, y }) => {
    const c = document.getElementById('board');
    const k = c.width / c.getBoundingClientRect().width;
    return Array.from(c.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data);
  }, l);
  assert.ok(centre[0] + centre[1] + centre[2] < 3 * 120, `a black preview stone at the magnifier's centre (${centre})`);

  // A finger slides from the preview two points right and one down: the preview follows, nothing
  // is placed, and the magnifier names the new point.
  const cdp = await ctx.newCDPSession(page);
  const touch = (type, pt) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pt ? [{ x: pt.x, y: pt.y }] : [] });
  await touch('touchStart', p);
  for (const [x, y] of [[10, 9], [11, 9], [11, 10]]) await touch('touchMove', await client(page, x, y));
  await touch('touchEnd');
  await page.waitForFunction(() => window.tengen.view.ghost?.x === 11 && window.tengen.view.ghost?.y === 10);
  await waitText(page, '#hint', /^Tap M9 again or its stone in the magnifier/);
  assert.equal(await text(page, '#move-number'), 'Move 0', 'a slide places nothing');
  const l2 = await loupe();
  await shot(page, 'phone-19x19-loupe-slid.png');

  // A tap on the disc away from its stone is a tap on the board under it: the preview moves
  // there and nothing is placed, so a point the disc covers is never lost to the old preview.
  // (A pause first, so that the browser does not take the tap for part of the slide's gesture.)
  await page.waitForTimeout(400);
  const off = { x: Math.round(box.x + l2.x), y: Math.round(box.y + l2.y - l2.r * 0.7) };
  const under = await page.evaluate(({ x, y }) => {
    let best = null;
    for (let py = 0; py < 19; py++) {
      for (let px = 0; px < 19; px++) {
        const c = window.tengen.pointClient(px, py);
        const d = Math.hypot(c.x - x, c.y - y);
        if (!best || d < best.d) best = { x: px, y: py, d };
      }
    }
    return best;
  }, off);
  assert.ok(under.d < cell && (under.x !== 11 || under.y !== 10), `the tap is on ${under.x},${under.y}, not the preview`);
  await page.touchscreen.tap(off.x, off.y);
  await page.waitForFunction(([x, y]) => window.tengen.view.ghost?.x === x && window.tengen.view.ghost?.y === y, [under.x, under.y]);
  assert.equal(await text(page, '#move-number'), 'Move 0', 'a tap on the disc away from its stone places nothing');

  // A tap on the magnifier's stone places it on the point it shows.
  await page.waitForFunction(() => window.tengen.loupe() !== null);
  const l4 = await loupe();
  await page.waitForTimeout(400);
  await page.touchscreen.tap(Math.round(box.x + l4.x), Math.round(box.y + l4.y));
  await moveIs(page, 1);
  assert.equal((await stones(page))[under.y * 19 + under.x], 1);
  assert.equal(await loupe(), null, 'no magnifier once the stone is down');
  assert.equal(await touchAction(), '', 'the page scrolls under a finger again');

  // Near the edge the magnifier stays on the board; on 9x9 (lines far apart) there is none.
  await tapPoint(page, 0, 0);
  await page.waitForFunction(() => window.tengen.loupe() !== null);
  const l3 = await loupe();
  assert.ok(l3.x - l3.r >= 0 && l3.y - l3.r >= 0 && l3.x + l3.r <= box.width && l3.y + l3.r <= box.height);
  await newGame(page, { size: 9, tap: true });
  await tapPoint(page, 4, 4);
  await page.waitForFunction(() => window.tengen.view.ghost?.confirm === true);
  assert.equal(await loupe(), null, 'lines 40 px apart need no magnifier');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('phone, record view: the step buttons on screen with the board, above the game information', async () => {
  const ctx = await context(PHONE);
  const page = await open(ctx);
  const sgf = '(;GM[1]FF[4]SZ[19]PB[Golaxy]PW[FineArt]BR[9p]WR[9p]EV[A long event name for a match]DT[2026-11-24]RE[B+R]KM[7.5]RU[Chinese]GN[Game 1]'
    + ';B[pd];W[dp];B[pp];W[dd];B[fq])';
  await page.setInputFiles('#sgf-file', { name: 'Golaxy_vs_FineArt.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(sgf) });
  await page.waitForFunction(() => window.tengen.record !== null);
  await waitText(page, '#record-name', 'Golaxy vs FineArt');
  const box = await page.$eval('#nav-next', (b) => b.getBoundingClientRect().toJSON());
  const info = await page.$eval('#game-info', (d) => d.getBoundingClientRect().toJSON());
  assert.ok(box.bottom <= 740, `the step buttons end at ${Math.round(box.bottom)} px on a 740 px screen`);
  assert.ok(info.top >= box.bottom, 'the game information comes after them');
  await shot(page, 'phone-record.png');
  await ctx.close();
});

test('desktop and tablets: no scrolling at 1280x800; in tablet portrait Pass and Undo on screen with the board', async () => {
  for (const [width, height, touch] of [[1280, 800, false], [768, 1024, true], [820, 1180, true], [1024, 768, true]]) {
    const ctx = await context({ viewport: { width, height }, deviceScaleFactor: 2, hasTouch: touch, isMobile: touch });
    const page = await open(ctx);
    const r = await page.evaluate(() => ({
      scroll: document.scrollingElement.scrollHeight - innerHeight,
      pass: document.getElementById('pass').getBoundingClientRect().bottom,
      undo: document.getElementById('undo').getBoundingClientRect().bottom,
      board: document.getElementById('board').getBoundingClientRect().width,
    }));
    if (width === 1280) assert.ok(r.scroll <= 0, `1280x800 scrolls by ${r.scroll} px`);
    assert.ok(r.pass <= height && r.undo <= height, `${width}x${height}: Pass ends at ${r.pass}, Undo at ${r.undo}`);
    assert.ok(r.board >= Math.min(width, height) * 0.6, `${width}x${height}: a board of ${r.board} px`);
    if (width === 768) await shot(page, 'tablet-portrait.png');
    await ctx.close();
  }
});
