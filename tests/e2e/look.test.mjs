// How things look, in Chromium: the New game dialog on a short phone screen (Start on screen
// without scrolling), dead stones of the count, marks on numbered stones, a diagram's title as
// its caption, and printing (no buttons, boards black on white) for the app, the lesson and the
// element. Screenshots of each, phone and laptop, light and dark, go to test-results/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useServerAndBrowser, base, browser, SHOTS, openIn, client } from './browser.mjs';
import { openBoards as open, allReady, frames, senseiNet } from './boards.mjs';

useServerAndBrowser();

const PHONE_SHORT = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const LAPTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const SIZES = [['phone', PHONE_SHORT], ['laptop', LAPTOP]];
const SCHEMES = ['light', 'dark'];

async function shot(page, name, selector = null) {
  await frames(page);
  await (selector ? page.locator(selector) : page).screenshot({ path: path.join(SHOTS, name) });
}

/** A page of boards (served at base/look-test.html) styled by the lesson's CSS, light or dark. */
async function openBoards(body, options, colorScheme) {
  const { ctx, page } = await open(body, {
    name: 'look-test.html', ctx: options, colorScheme, style: '', heading: '',
    head: '\n<meta name="color-scheme" content="light dark"><link rel="stylesheet" href="lesson.css">',
  });
  await allReady(page);
  return { ctx, page };
}

/** The RGB of the canvas's pixel at client point (x, y); `canvas` a selector, or a board's shadow canvas. */
function pixel(page, sel, { x, y }, shadow = false) {
  return page.$eval(sel, (el, [x, y, shadow]) => {
    const c = shadow ? el.shadowRoot.querySelector('canvas') : el;
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    return Array.from(c.getContext('2d').getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data).slice(0, 3);
  }, [x, y, shadow]);
}

/** The middle of the square between points (x, y) and (x + 1, y + 1) of a board, in client pixels. */
async function between(page, sel, x, y, element = true) {
  const at = (px, py) => (element
    ? page.$eval(sel, (b, [px, py]) => b.pointClient(px, py), [px, py])
    : client(page, px, py));
  const a = await at(x, y);
  const b = await at(x + 1, y + 1);
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

const white = (rgb) => rgb.every((c) => c >= 250);

/** The buttons, selects and links of the page (and of its boards' shadow trees) that take up room. */
function shownControls(page) {
  return page.evaluate(() => {
    const out = [];
    const visit = (root) => {
      for (const el of root.querySelectorAll('button, select, summary')) {
        if (el.getClientRects().length) out.push(el.textContent.trim() || el.id || el.tagName);
      }
      for (const host of root.querySelectorAll('tengen-board')) if (host.shadowRoot) visit(host.shadowRoot);
    };
    visit(document);
    return out;
  });
}

test('New game dialog: Start and Cancel on a 360x640 phone without scrolling, with either opponent', async () => {
  for (const colorScheme of SCHEMES) {
    for (const [size, options] of SIZES) {
      const ctx = await browser.newContext({ ...options, colorScheme });
      const page = await openIn(ctx);
      await page.click('#new-game');
      await page.waitForSelector('#new-game-dialog[open]');
      const inView = async (what) => {
        for (const id of ['new-game-start', 'new-game-cancel']) {
          const box = await page.locator(`#${id}`).boundingBox();
          const vh = options.viewport.height;
          assert.ok(box && box.y >= 0 && box.y + box.height <= vh,
            `${size}, ${colorScheme}, ${what}: #${id} within the viewport (${JSON.stringify(box)}, height ${vh})`);
        }
        assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not scroll');
        assert.equal(await page.$eval('#new-game-dialog', (d) => d.scrollTop), 0, 'the dialog did not scroll');
      };
      await inView('a person');
      await shot(page, `look-new-game-${size}-${colorScheme}.png`);
      // The computer's options make the dialog taller still.
      await page.click('input[name="opponent"][value="computer"]');
      await inView('the computer');
      await shot(page, `look-new-game-computer-${size}-${colorScheme}.png`);
      // Its last field scrolls into view above the buttons, and Start starts the game.
      await page.locator('input[name="placement"][value="free"]').scrollIntoViewIfNeeded();
      await shot(page, `look-new-game-scrolled-${size}-${colorScheme}.png`);
      const last = await page.locator('input[name="placement"][value="free"]').boundingBox();
      const start = await page.locator('#new-game-start').boundingBox();
      assert.ok(last.y + last.height <= start.y, 'the last field shows above the buttons');
      await page.click('input[name="opponent"][value="person"]');
      await page.click('#new-game-start');
      await page.waitForFunction(() => !document.getElementById('new-game-dialog').open);
      assert.deepEqual(page.errors, []);
      await ctx.close();
    }
  }
});

// A 7x7 end position: a black stone dead in White's corner (F6), a white one in Black's (B6).
const COUNT = `(;GM[1]FF[4]CA[UTF-8]SZ[7]PL[B]
AB[ca][cb][cc][cd][ae][be][ce][de][df][ef][eg][fb]
AW[da][bb][db][dc][dd][ed][fd][gd][ee][ff][fg])`;

test('dead stones of the count: faded, with their rim and a cross, light and dark', async () => {
  for (const colorScheme of SCHEMES) {
    for (const [size, options] of SIZES) {
      const { ctx, page } = await openBoards(`<tengen-board id="g" mode="play" rules="japanese-1989" komi="0" coordinates>${COUNT}</tengen-board>`, options, colorScheme);
      await page.$eval('#g', (b) => { b.pass(); b.pass(); });
      for (const [x, y] of [[1, 1], [5, 1]]) {
        const p = await page.$eval('#g', (b, [x, y]) => b.pointClient(x, y), [x, y]);
        await page.mouse.click(p.x, p.y);
      }
      const overlay = await page.$eval('#g', (b) => Array.from(b.currentView.overlay));
      assert.equal(overlay[1 * 7 + 1], 5, 'B6 is drawn dead');
      assert.equal(overlay[1 * 7 + 5], 5, 'F6 is drawn dead');
      await shot(page, `look-dead-${size}-${colorScheme}.png`, '#g');
      assert.deepEqual(page.errors, []);
      await ctx.close();
    }
  }
});

// A record whose last node marks its numbered stones: a triangle, a square, a circle, a cross.
const MARKED = `(;GM[1]FF[4]CA[UTF-8]SZ[9];B[cc];W[gc];B[cg];W[gg];B[ee];W[ec];B[ce];W[ge];B[eg];W[dd];B[fd]
TR[cc][ee]SQ[gc][ge]CR[cg][eg]MA[gg][dd]LB[ea:a])`;

test('marks on numbered stones: the numbers stay readable', async () => {
  for (const colorScheme of SCHEMES) {
    for (const [size, options] of SIZES) {
      const { ctx, page } = await openBoards(`<tengen-board id="m" mode="view" move-numbers coordinates>${MARKED}</tengen-board>`, options, colorScheme);
      await page.locator('#m').getByRole('button', { name: 'End of the line' }).click();
      const v = await page.$eval('#m', (b) => b.currentView.markup);
      assert.ok(v.triangles.length && v.labels.some((l) => l.text === '1'), 'marks and numbers together');
      await shot(page, `look-marks-${size}-${colorScheme}.png`, '#m');
      assert.deepEqual(page.errors, []);
      await ctx.close();
    }
  }
});

const TITLED = senseiNet('A net catches the stone');

test('a Sensei\'s Library diagram\'s title is its caption, under the board', async () => {
  for (const colorScheme of SCHEMES) {
    for (const [size, options] of SIZES) {
      const { ctx, page } = await openBoards(`<tengen-board id="d">${TITLED}</tengen-board>
<tengen-board id="u">${TITLED.replace('A net catches the stone', '')}</tengen-board>`, options, colorScheme);
      // The text shown under the board (not the keys' help for screen readers, a 1-pixel box).
      const caption = (sel) => page.$eval(sel, (b) => {
        const c = [...b.shadowRoot.querySelectorAll('p')].find((p) => p.getBoundingClientRect().height > 2 && p.textContent.trim());
        const board = b.shadowRoot.querySelector('canvas').getBoundingClientRect();
        return c ? { text: c.textContent.trim(), top: c.getBoundingClientRect().top, boardBottom: board.bottom } : null;
      });
      const c = await caption('#d');
      assert.ok(c, 'a caption shows');
      assert.equal(c.text, 'A net catches the stone');
      assert.ok(c.top >= c.boardBottom, 'under the board');
      assert.equal(await caption('#u'), null, 'no title, no caption');
      await shot(page, `look-caption-${size}-${colorScheme}.png`, '#d');
      assert.deepEqual(page.errors, []);
      await ctx.close();
    }
  }
});

test('print: the app without buttons, its board black on white', async () => {
  for (const colorScheme of SCHEMES) {
    for (const [size, options] of SIZES) {
      const ctx = await browser.newContext({ ...options, colorScheme });
      const page = await openIn(ctx);
      const p = await between(page, '#board', 2, 2, false);
      assert.ok(!white(await pixel(page, '#board', p)), 'on screen the board is wood');
      assert.ok((await shownControls(page)).length > 5, 'on screen, buttons');
      await page.emulateMedia({ media: 'print' });
      await frames(page);
      assert.deepEqual(await shownControls(page), [], 'printed, no buttons');
      assert.ok(white(await pixel(page, '#board', await between(page, '#board', 2, 2, false))), 'printed, the board is white');
      assert.equal(await page.$eval('body', (b) => getComputedStyle(b).backgroundColor), 'rgb(255, 255, 255)');
      await shot(page, `look-print-app-${size}-${colorScheme}.png`);
      await page.emulateMedia({ media: 'screen' });
      await frames(page);
      assert.ok(!white(await pixel(page, '#board', await between(page, '#board', 2, 2, false))), 'back on screen, wood again');
      assert.deepEqual(page.errors, []);
      await ctx.close();
    }
  }
});

test('print: the lesson and its boards without buttons, the boards black on white', async () => {
  for (const colorScheme of SCHEMES) {
    for (const [size, options] of SIZES) {
      const ctx = await browser.newContext({ ...options, colorScheme });
      const page = await ctx.newPage();
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(e.message));
      await page.goto(`${base}lesson.html`);
      const boards = await page.$$eval('tengen-board', (bs) => bs.map((b, i) => {
        b.id ||= `board-${i}`;
        return `#${b.id}`;
      }));
      const sel = boards[1]; // a problem, with buttons
      await page.$eval(sel, (b) => b.scrollIntoView());
      await page.waitForSelector(`${sel}[ready]`);
      // An edit board never scrolled near is left out of the print (its engine loads on demand).
      const waiting = () => page.$$eval('tengen-board:not([ready]):not([mode=edit])', (bs) => bs.length);
      const unstartedEdit = () => page.$$eval('tengen-board[mode=edit]:not([ready])', (bs) => bs.map((b) => getComputedStyle(b).display));
      assert.ok(await waiting() > 0, 'boards far from the viewport have not started');
      const p = await between(page, sel, 2, 2);
      assert.ok(!white(await pixel(page, sel, p, true)), 'on screen the board is wood');
      assert.ok((await shownControls(page)).length > 0, 'on screen, buttons');
      // Printing (the browser fires beforeprint, then lays the page out for paper) draws every
      // board, also those never scrolled near.
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
      await frames(page);
      assert.equal(await waiting(), 0, 'printed, every board has started');
      assert.ok((await unstartedEdit()).every((d) => d === 'none'), 'printed, an edit board never started is left out');
      assert.deepEqual(await shownControls(page), [], 'printed, no buttons, on the page or on the boards');
      for (const b of boards) {
        if (await page.$eval(b, (el) => !el.hasAttribute('ready'))) continue; // left out, above
        const region = await page.$eval(b, (el) => el.currentView.region ?? { x0: 0, y0: 0 });
        const q = await between(page, b, region.x0, region.y0);
        assert.ok(white(await pixel(page, b, q, true)), `printed, board ${b} is white`);
      }
      const fg = await page.$eval(sel, (el) => getComputedStyle(el).color);
      assert.equal(fg, 'rgb(0, 0, 0)', 'the boards\' text is black');
      await page.$eval(sel, (b) => b.scrollIntoView());
      await shot(page, `look-print-lesson-${size}-${colorScheme}.png`);
      assert.deepEqual(page.errors, []);
      await ctx.close();
    }
  }
});
