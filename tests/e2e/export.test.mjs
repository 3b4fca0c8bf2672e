// The export in Chromium: <tengen-board>'s toSVG (parsed by the browser's DOMParser, as many
// stones as the position), toPNG (a PNG of the size asked; the time of a 19x19 at 1200 px is
// printed), toDiagram read back by a board in mode="diagram" to the same stones and marks,
// embedCode pasted into a page to the same record; the export part loaded only when asked for;
// and the print view of a problem collection (lib/print.js) on A4, five diagrams a page
// (a PDF of it counted, a screenshot of the print media in test-results/), checked by axe-core.
//
//   . .tools/env.sh && node --test tests/e2e/export.test.mjs     (needs a build)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { useServerAndBrowser, base, browser, ROOT, SHOTS, DESKTOP } from './browser.mjs';
import { openBoards, allReady, frames } from './boards.mjs';

useServerAndBrowser();

// A 9x9 record whose last node has marks of every kind, and a capture.
const RECORD = `(;FF[4]GM[1]SZ[9]AB[cc][dc]AW[cd][dd]
;B[ec];W[ed];B[ce];W[de];B[be];W[bd];B[ac];W[ae]TR[cc][ed]SQ[dc]CR[de]MA[gg]LB[ff:a][gc:b]SL[hh]DD[ii])`;

// A full 19x19 (about 240 stones, each with a liberty): black and white rows with empty rows
// between them, and a stone at every fourth point of those.
const GAME19 = (() => {
  const L = 'abcdefghijklmnopqrs';
  const black = [];
  const white = [];
  for (let y = 0; y < 19; y++) {
    for (let x = 0; x < 19; x++) {
      if (y % 2 === 0) (y % 4 === 0 ? black : white).push(L[x] + L[y]);
      else if (x % 4 === 1) black.push(L[x] + L[y]);
    }
  }
  return `(;SZ[19]AB${black.map((p) => `[${p}]`).join('')}AW${white.map((p) => `[${p}]`).join('')})`;
})();

/** The stones of a board now, and what its marks are, as plain lists. */
const state = (page, sel) => page.$eval(sel, (b) => {
  const v = b.currentView;
  const m = v.markup;
  const r = v.region ?? { x0: 0, y0: 0, x1: v.width - 1, y1: v.height - 1 };
  const inside = ([x, y]) => x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;
  const stones = [];
  for (let i = 0; i < v.stones.length; i++) {
    const p = [i % v.width, Math.floor(i / v.width)];
    if (v.stones[i] && inside(p)) stones.push(`${p}:${v.stones[i]}`);
  }
  const list = (k) => (m[k] || []).filter(inside).map(String).sort();
  return {
    stones: stones.sort(),
    circles: list('circles'), squares: list('squares'), triangles: list('triangles'), crosses: list('crosses'),
    letters: (m.labels || []).filter((l) => /^[a-z]$/.test(l.text) && inside(l.point)).map((l) => `${l.point}:${l.text}`).sort(),
  };
});

test('toSVG: a document the browser parses, with as many stones as the position; the export loaded only when asked for', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="v" mode="view">${RECORD}</tengen-board>
    <tengen-board id="c" mode="view" region="a5:e9" move-numbers>${RECORD}</tengen-board>`);
  const chunks = [];
  page.on('request', (r) => { if (/tengen-board\.(export|diagram)\.js/.test(r.url())) chunks.push(r.url()); });
  await allReady(page);
  await page.$eval('#v', (b) => { while (b.game.next(0)); b.currentView; });
  await frames(page);
  assert.deepEqual(chunks, [], 'no export part before an export');
  const result = await page.$eval('#v', async (b) => {
    const svg = await b.toSVG({ width: 240 });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const board = b.game.board();
    return {
      errors: doc.getElementsByTagName('parsererror').length,
      root: doc.documentElement.localName,
      width: doc.documentElement.getAttribute('width'),
      stones: doc.querySelectorAll('.stone').length,
      black: doc.querySelectorAll('.stone.black').length,
      expected: [...board].filter((s) => s).length,
      expectedBlack: [...board].filter((s) => s > 0).length,
    };
  });
  assert.equal(result.errors, 0);
  assert.equal(result.root, 'svg');
  assert.match(result.width, /^2\d\d(\.\d+)?pt$/);
  assert.ok(result.expected > 8);
  assert.equal(result.stones, result.expected);
  assert.equal(result.black, result.expectedBlack);
  assert.equal(chunks.length, 1, 'the export part, once');
  // A region and book move numbers: still a document; the numbered stones of a capture noted.
  const numbered = await page.$eval('#c', async (b) => {
    while (b.game.next(0));
    const svg = await b.toSVG({ moveNumbers: { from: 1 } });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    return { errors: doc.getElementsByTagName('parsererror').length, texts: [...doc.querySelectorAll('text')].map((t) => t.textContent) };
  });
  assert.equal(numbered.errors, 0);
  for (const n of ['1', '2', '3', '8']) assert.ok(numbered.texts.includes(n), `move ${n} numbered`);
  // A ko fight numbered as in a book, shown in the page (test-results/export-svg-ko.png).
  await page.$eval('#c', async (b) => {
    b.sgf = '(;SZ[9]AB[ba][ab][bc]AW[ca][db][cc];W[bb];B[cb];W[ii];B[hi];W[bb];B[gg];W[ih];B[cb])';
    await new Promise((r) => b.addEventListener('ready', r, { once: true }));
    while (b.game.next(0));
    const div = document.createElement('div');
    div.id = 'svg';
    div.style.cssText = 'display: inline-block; background: #fff; padding: 8px';
    div.innerHTML = (await b.toSVG({ width: 200, region: null, moveNumbers: { from: 1 } })).replace(/^<\?xml[^>]*>/, '');
    document.body.prepend(div);
  });
  const ko = await page.$eval('#svg', (d) => [...d.querySelectorAll('text')].map((t) => t.textContent).pop());
  assert.equal(ko, '5 at 1, 8 at 2');
  await page.locator('#svg').screenshot({ path: path.join(SHOTS, 'export-svg-ko.png') });
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('toPNG: a PNG of the size asked; the time of a 19x19 at 1200 px is printed', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="g" mode="view" coordinates>${GAME19}</tengen-board>`);
  await allReady(page);
  const r = await page.$eval('#g', async (b) => {
    while (b.game.next(0));
    const stones = [...b.game.board()].filter((s) => s).length;
    const first = await b.toPNG({ size: 1200 }); // loads the export part
    const times = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      await b.toPNG({ size: 1200 });
      times.push(performance.now() - t0);
    }
    times.sort((a, c) => a - c);
    const bmp = await createImageBitmap(first);
    const dense = await createImageBitmap(await b.toPNG({ size: 300, density: 2 }));
    return { type: first.type, bytes: first.size, w: bmp.width, h: bmp.height, dw: dense.width, times, stones };
  });
  console.log(`# toPNG 19x19 (${r.stones} stones) at 1200 px: median ${r.times[3].toFixed(1)} ms, `
    + `min ${r.times[0].toFixed(1)}, max ${r.times[6].toFixed(1)} (7 runs, ${r.bytes} B)`);
  assert.equal(r.type, 'image/png');
  assert.ok(r.stones > 100);
  assert.ok(Math.max(r.w, r.h) <= 1200 && Math.max(r.w, r.h) >= 1150, `${r.w} x ${r.h}`);
  assert.ok(r.dw >= 575 && r.dw <= 600, `density 2: ${r.dw} px for 300 CSS px`);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('toDiagram: read back by a board in mode="diagram" to the same stones and marks', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="v" mode="view">${RECORD}</tengen-board>
    <tengen-board id="corner" mode="view" region="a5:e9">${RECORD}</tengen-board>
    <div id="out"></div>`);
  await allReady(page);
  for (const sel of ['#v', '#corner']) {
    const text = await page.$eval(sel, async (b) => {
      while (b.game.next(0));
      return b.toDiagram();
    });
    assert.match(text, /^\$\$B/);
    await page.$eval('#out', (o, t) => {
      o.replaceChildren();
      const d = document.createElement('tengen-board');
      d.id = 'back';
      d.setAttribute('mode', 'diagram');
      d.textContent = t;
      o.append(d);
      d.scrollIntoView();
    }, text);
    await page.waitForFunction(() => document.querySelector('#back')?.hasAttribute('ready'));
    const [a, b] = [await state(page, sel), await state(page, '#back')];
    assert.ok(a.stones.length > 8 && a.triangles.length && (sel !== '#v' || a.letters.length), JSON.stringify(a));
    assert.deepEqual(b, a, text);
  }
  await page.screenshot({ path: path.join(SHOTS, 'export-diagram-back.png') });
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('embedCode: the snippet pasted into a page is a board of the same record, mode and region', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="p" mode="problem" region="a5:e9">(;SZ[9]C[Black: "capture" &lt;two&gt; & more]AB[cc]AW[cd];B[ce])</tengen-board>
    <div id="out"></div>`);
  await allReady(page);
  const code = await page.$eval('#p', (b) => b.embedCode());
  assert.match(code, /^<tengen-board mode="problem" region="a5:e9">\n\(;/);
  assert.match(code, /&lt;two&gt; &amp; more/);
  await page.$eval('#out', (o, html) => { o.innerHTML = html; }, code);
  await page.waitForFunction(() => document.querySelector('#out tengen-board')?.hasAttribute('ready'));
  const [a, b] = await page.evaluate(() => [...document.querySelectorAll('tengen-board')].map((x) => ({ sgf: x.sgf, mode: x.mode, region: x.currentView.region })));
  assert.deepEqual(b, a);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

/** The print view's test page: lib/print.js over a collection, with the full package. */
async function printPage(sgf) {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  const name = 'print-test.html';
  await page.route(base + name, (r) => r.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Problems to print</title>
<style>body { margin: 0; background: #eee; } h1 { font: 600 14pt sans-serif; margin: 4mm; }
@media print { body { background: #fff; } .screen { display: none; } }</style></head>
<body><main><h1 class="screen">Problems to print</h1></main><script type="module">
import init, { Game } from './pkg/tengen.js';
import { printSheet } from './lib/print.js';
await init();
document.querySelector('main').append(printSheet(document, Game, ${JSON.stringify(sgf)}, { title: 'Problems' }));
document.body.dataset.ready = '';
</script></body></html>`,
  }));
  await page.goto(base + name);
  await page.waitForSelector('body[data-ready]');
  return { ctx, page };
}

test('print view: the problems of a collection, numbered, with their comments, five to an A4 page', async () => {
  const problems = fs.readFileSync(path.join(ROOT, 'tests', 'sgf', 'problems.sgf'), 'utf8');
  // Eight problems: a page of five and a page of three.
  const { ctx, page } = await printPage(problems + problems);
  const figures = await page.$$eval('.tengen-print figure', (fs) => fs.map((f) => ({
    number: f.querySelector('.number').textContent,
    comment: f.querySelector('figcaption').textContent,
    stones: f.querySelectorAll('svg .stone').length,
  })));
  assert.deepEqual(figures.map((f) => f.number), ['1.', '2.', '3.', '4.', '5.', '6.', '7.', '8.']);
  assert.equal(figures[0].comment, 'Black to play and live. (Status: White is weak on the left.)');
  assert.equal(figures[0].stones, 10);
  assert.equal(figures[3].comment, 'An empty board: where would you play first?');
  assert.deepEqual(await page.$$eval('.tengen-print .page', (ps) => ps.map((p) => p.querySelectorAll('figure').length)), [5, 3]);
  const axe = await new AxeBuilder({ page }).analyze();
  assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);
  // In print: A4, two pages, every figure inside its page.
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
  assert.equal(pages, 2, 'two A4 pages');
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  assert.ok(box && Math.abs(Number(box[1]) - 595.92) < 2 && Math.abs(Number(box[2]) - 842.88) < 2, `A4: ${box?.slice(1)}`);
  const overflow = await page.$$eval('.tengen-print .page', (ps) => ps.some((p) => [...p.querySelectorAll('figure')]
    .some((f) => f.getBoundingClientRect().bottom > p.getBoundingClientRect().bottom + 0.5)));
  assert.equal(overflow, false, 'no figure runs off its page');
  await page.locator('.tengen-print figure').nth(0).screenshot({ path: path.join(SHOTS, 'export-print-1.png') });
  await page.locator('.tengen-print figure').nth(1).screenshot({ path: path.join(SHOTS, 'export-print-2.png') });
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: path.join(SHOTS, 'export-print.png'), fullPage: true });
  fs.writeFileSync(path.join(SHOTS, 'export-print.pdf'), pdf);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('every mark drawn and read out: selected, dimmed, lines and arrows from the record (SL DD LN AR), in the SVG too', async () => {
  const sgf = '(;SZ[9]AB[cc][dd]AW[dc]SL[cc][ee]DD[dd][gg]LN[aa:ca]AR[ai:dd]TR[dc])';
  const { ctx, page } = await openBoards(`<tengen-board id="m" mode="diagram">${sgf}</tengen-board>`);
  await allReady(page);
  const m = await page.$eval('#m', (b) => b.currentView.markup);
  assert.deepEqual(m.selected, [[2, 2], [4, 4]]);
  assert.deepEqual(m.dimmed, [[3, 3], [6, 6]]);
  assert.deepEqual(m.lines, [{ from: [0, 0], to: [2, 0] }]);
  assert.deepEqual(m.arrows, [{ from: [0, 8], to: [3, 3] }]);
  await page.$eval('#m', (b) => b.shadowRoot.querySelector('canvas').focus());
  await page.keyboard.press('r');
  await page.waitForFunction(() => /Marks:/.test(document.querySelector('#m').shadowRoot.querySelector('[aria-live]').textContent));
  const said = await page.$eval('#m', (b) => b.shadowRoot.querySelector('[aria-live]').textContent);
  assert.match(said, /Marks: triangle at D7; selected: C7, E5; dimmed: D6, G3; line from A9 to C9; arrow from A1 to D6\./);
  // In the SVG: as many stones (a dimmed one faded), the arrow's head a filled path.
  const svg = await page.$eval('#m', async (b) => {
    const doc = new DOMParser().parseFromString(await b.toSVG(), 'image/svg+xml');
    return { stones: doc.querySelectorAll('.stone').length, faded: doc.querySelectorAll('.stone[opacity]').length };
  });
  assert.deepEqual(svg, { stones: 3, faded: 1 });
  await page.locator('#m').screenshot({ path: path.join(SHOTS, 'export-marks.png') });
  const axe = await new AxeBuilder({ page }).include('#m').analyze();
  assert.deepEqual(axe.violations.map((v) => v.id), []);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});
