// <tengen-board mode="edit"> in Chromium: a problem authored on an empty 9x9 board by clicks
// (set-up stones, a triangle, a label, a comment, a right and a wrong branch), each edit in the
// `sgf` property and a `change` event; undo and redo; the result solved and failed on a
// <tengen-board mode="problem">; "More" (the node's name, the player to move, the annotations,
// up, down and make main line), each a change; a tool used by the keyboard alone; a refused set-up that shows
// its error and changes nothing; edit mode's engine loaded only by boards in edit mode (and from
// its script form in a page opened from disk); axe and screenshots, wide and on a 390 px phone
// (test-results/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { useServerAndBrowser, browser, SHOTS, WWW, DESKTOP } from './browser.mjs';
import { openBoards, allReady, frames, pointAt, clickAt, record, events, message } from './boards.mjs';

useServerAndBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** The point (x, y) of board `sel` in client pixels, scrolled into view, and a click there. */
const at = (page, sel, x, y) => pointAt(page, sel, x, y, { scroll: true });
const click = (page, sel, x, y) => clickAt(page, sel, x, y, { scroll: true });

const sgf = (page, sel) => page.$eval(sel, (b) => b.sgf);
const live = (page, sel) => page.$eval(sel, (b) => b.shadowRoot.querySelector('[aria-live]').textContent);
const markup = (page, sel) => page.$eval(sel, (b) => JSON.parse(JSON.stringify(b.game.markup)));
const pressed = (page, sel) => page.$eval(sel, (b) => [...b.shadowRoot.querySelectorAll('[data-tool][aria-pressed=true]')].map((x) => x.dataset.tool));

/** The edit mode's button `what` of board `sel` (a tool by its id, else by its data-action). */
const button = (page, sel, what) => page.locator(`${sel} [data-tool="${what}"], ${sel} [data-action="${what}"]`);

/** Does `act` and returns the change events it fired, and the sgf after it. */
async function edit(page, sel, act) {
  const before = (await events(page, sel)).length;
  await act();
  await frames(page);
  return { changes: (await events(page, sel)).slice(before).filter((e) => e.type === 'change'), sgf: await sgf(page, sel) };
}

const EMPTY = '<tengen-board id="e" mode="edit" size="9" label="Author a problem"></tengen-board>';

test('edit: a problem authored on an empty 9x9 board by clicks, each edit in sgf with a change event, undone and redone, then solved and failed as a problem', async () => {
  const { ctx, page } = await openBoards(EMPTY);
  await allReady(page);
  await record(page, '#e', ['change', 'move']);
  const start = await sgf(page, '#e');
  assert.match(start, /SZ\[9\]/);
  assert.doesNotMatch(start, /A[BW]\[|;[BW]\[/, 'an empty board');
  assert.deepEqual(await pressed(page, '#e'), ['black'], 'Black set-up is the first tool');

  const steps = [
    // [what it does, the act, what the sgf then has, the change's detail]
    ['black at C8', () => click(page, '#e', 2, 1), /AB\[cb\]/, { what: 'tool', tool: 'black', kind: 'stone' }],
    ['black at D8', () => click(page, '#e', 3, 1), /AB\[cb\]\[db\]|AB\[db\]\[cb\]/, { what: 'tool', tool: 'black', kind: 'stone' }],
    ['white tool', () => button(page, '#e', 'white').click(), null, null],
    ['white at C9', () => click(page, '#e', 2, 0), /AW\[ca\]/, { what: 'tool', tool: 'white', kind: 'stone' }],
    ['white at D9', () => click(page, '#e', 3, 0), /AW\[ca\]\[da\]|AW\[da\]\[ca\]/, { what: 'tool', tool: 'white', kind: 'stone' }],
    ['black at B9', async () => { await button(page, '#e', 'black').click(); await click(page, '#e', 1, 0); }, /AB\[[^;]*\[ba\]|AB\[ba\]/, { what: 'tool', tool: 'black', kind: 'stone' }],
    ['triangle on C9', async () => { await button(page, '#e', 'triangle').click(); await click(page, '#e', 2, 0); }, /TR\[ca\]/, { what: 'tool', tool: 'triangle', kind: 'mark' }],
    ['label A on E9', async () => { await button(page, '#e', 'letter').click(); await click(page, '#e', 4, 0); }, /LB\[ea:A\]/, { what: 'tool', tool: 'letter', kind: 'mark' }],
    ['comment', async () => {
      await page.locator('#e textarea').fill('Black to play: capture two stones.');
      await page.locator('#e textarea').blur();
    }, /C\[Black to play: capture two stones\.\]/, { what: 'comment' }],
    // The right answer: E9 captures C9 and D9.
    ['move E9', async () => { await button(page, '#e', 'alternate').click(); await click(page, '#e', 4, 0); }, /;B\[ea\]/, { what: 'tool', tool: 'alternate', kind: 'move' }],
    ['right answer', () => button(page, '#e', 'edit.right').click(), /;B\[ea\]C\[Correct\.\]/, { what: 'answer' }],
    // A branch: back to the start, then D7 (a move that lets White live).
    ['back', () => button(page, '#e', 'nav.previous').click(), null, null],
    ['move D7', () => click(page, '#e', 3, 2), /\(;B\[ea\]C\[Correct\.\]\)\s*\(;B\[dc\]\)/, { what: 'tool', tool: 'alternate', kind: 'move' }],
    ['wrong answer', () => button(page, '#e', 'edit.wrong').click(), /;B\[dc\]C\[Wrong\.\]/, { what: 'answer' }],
  ];
  let count = 0;
  for (const [name, act, has, detail] of steps) {
    const r = await edit(page, '#e', act);
    if (!detail) {
      assert.equal(r.changes.length, 0, `${name}: no change`);
      continue;
    }
    count++;
    assert.equal(r.changes.length, 1, `${name}: one change event`);
    const d = r.changes[0].detail;
    assert.equal(d.what, detail.what, name);
    if (detail.tool) assert.equal(d.tool, detail.tool, name);
    if (detail.kind) assert.equal(d.result.kind, detail.kind, name);
    assert.match(r.sgf, has, `${name}: ${r.sgf}`);
  }
  assert.deepEqual(await markup(page, '#e').then((m) => m.triangles), [], 'the branch node has no marks of its own');
  await page.screenshot({ path: path.join(SHOTS, 'element-edit-authored.png') });

  // Undo takes back the last edit (the wrong answer's comment), redo makes it again: each a change.
  const authored = await sgf(page, '#e');
  const undone = await edit(page, '#e', () => button(page, '#e', 'button.undo').click());
  assert.deepEqual(undone.changes.map((c) => c.detail.what), ['undo']);
  assert.doesNotMatch(undone.sgf, /Wrong/);
  assert.match(undone.sgf, /;B\[dc\]\)/);
  assert.match(await live(page, '#e'), /^Undone\./);
  const redone = await edit(page, '#e', () => button(page, '#e', 'edit.redo').click());
  assert.deepEqual(redone.changes.map((c) => c.detail.what), ['redo']);
  assert.equal(redone.sgf, authored);
  assert.equal(await button(page, '#e', 'edit.redo').isDisabled(), true, 'nothing left to redo');
  assert.equal((await events(page, '#e')).filter((e) => e.type === 'change').length, count + 2);

  // The result read by a problem board: E9 solves it, D7 fails.
  await page.evaluate((text) => {
    for (const id of ['right', 'wrong']) {
      const b = document.createElement('tengen-board');
      b.id = id;
      b.setAttribute('mode', 'problem');
      b.events = [];
      b.addEventListener('solved', () => b.events.push('solved'));
      b.addEventListener('failed', () => b.events.push('failed'));
      b.textContent = text;
      document.querySelector('main').prepend(b);
    }
  }, authored);
  await allReady(page);
  await click(page, '#right', 4, 0);
  await page.waitForFunction(() => document.querySelector('#right').events.length);
  await click(page, '#wrong', 3, 2);
  await page.waitForFunction(() => document.querySelector('#wrong').events.length);
  assert.deepEqual(await page.$eval('#right', (b) => b.events), ['solved']);
  assert.deepEqual(await page.$eval('#wrong', (b) => b.events), ['failed']);
  assert.match(await message(page, '#right'), /^Correct/);
  assert.deepEqual(await page.$eval('#right', (b) => b.game.node([]).markup.triangles), [[2, 0]], 'the triangle is the problem\'s');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

/** "More"'s control of board `sel`: a field by its label, a button by its data-action ('edit.up', ...). */
const more = (page, sel, name) => {
  const box = page.locator(`${sel} details.edit-more`);
  return name.startsWith('edit.') ? box.locator(`[data-action="${name}"]`) : box.getByLabel(name);
};

test('edit: "More" sets the name, the player to move, the annotations and the hotspot, and moves variations up, down and to the main line, each a change; a refusal shows', async () => {
  const { ctx, page } = await openBoards('<tengen-board id="m" mode="edit">(;GM[1]FF[4]SZ[9];B[ee](;W[cc])(;W[gg]))</tengen-board>');
  await allReady(page);
  await record(page, '#m', ['change']);
  // Closed at first; opened from the keyboard.
  assert.equal(await page.$eval('#m', (b) => b.shadowRoot.querySelector('details').open), false);
  await page.locator('#m details summary').focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.$eval('#m', (b) => b.shadowRoot.querySelector('details').open), true);
  assert.match(await page.$eval('#m', (b) => b.shadowRoot.querySelector('details [role=group] p').textContent), /start of the record/);
  const steps = [
    // [what it does, the act, what the sgf then has, the change's `what`, the words said]
    ['player to move at the root', () => more(page, '#m', 'Player to move').selectOption('white'), /^\(;GM\[1\][^;]*PL\[W\]/, 'toMove', /Player to move saved/],
    ['to the move', () => button(page, '#m', 'nav.next').click(), null, null, null],
    ['name', async () => { await more(page, '#m', 'Name of this move').fill('The centre'); await more(page, '#m', 'Name of this move').blur(); }, /;B\[ee\]N\[The centre\]/, 'name', /Name saved/],
    ['great tesuji', () => more(page, '#m', 'The move is').selectOption('tesuji:2'), /;B\[ee\][^;(]*TE\[2\]/, 'annotation', /Annotation saved/],
    ['good for Black', () => more(page, '#m', 'The position is').selectOption('goodForBlack'), /;B\[ee\][^;(]*GB\[1\]/, 'annotation', /Annotation saved/],
    ['very bad instead', () => more(page, '#m', 'The move is').selectOption('bad:2'), /;B\[ee\][^;(]*BM\[2\]/, 'annotation', null],
    ['hotspot', () => more(page, '#m', 'Hotspot (a key position of the game)').check(), /;B\[ee\][^;(]*HO\[1\]/, 'annotation', null],
    ['to the second variation', () => page.locator('#m [data-variation="1"]').click(), null, null, null],
    ['up, from the keyboard', async () => { await more(page, '#m', 'edit.up').focus(); await page.keyboard.press('Enter'); }, /\(;W\[gg\]\)\s*\(;W\[cc\]\)/, 'moveVariation', /Variation moved/],
    ['down', () => more(page, '#m', 'edit.down').click(), /\(;W\[cc\]\)\s*\(;W\[gg\]\)/, 'moveVariation', /Variation moved/],
    ['main line', () => more(page, '#m', 'edit.main').click(), /\(;W\[gg\]\)\s*\(;W\[cc\]\)/, 'mainLine', /now the main line/],
  ];
  for (const [name, act, has, what, said] of steps) {
    const r = await edit(page, '#m', act);
    assert.deepEqual(r.changes.map((c) => c.detail.what), what ? [what] : [], name);
    if (has) assert.match(r.sgf, has, `${name}: ${r.sgf}`);
    if (said) assert.match(await live(page, '#m'), said, name);
  }
  assert.doesNotMatch(await sgf(page, '#m'), /TE\[/, 'one move annotation at a time');
  // The controls show the node: W[gg], first of two now, has no name and no annotation.
  const shown = () => page.$eval('#m', (b) => {
    const d = b.shadowRoot.querySelector('details');
    return [...d.querySelectorAll('input, select')].map((x) => (x.type === 'checkbox' ? x.checked : x.value)).concat(
      d.querySelector('[role=group] p').textContent, ...['up', 'down', 'main'].map((a) => d.querySelector(`[data-action="edit.${a}"]`).disabled));
  });
  assert.deepEqual(await shown(), ['', '', '', '', false, 'This move: variation 1 of 2', true, false, true]);
  await button(page, '#m', 'nav.previous').click();
  await frames(page);
  assert.deepEqual(await shown(), ['The centre', '', 'bad:2', 'goodForBlack', true, 'This move: variation 1 of 1', true, true, true]);
  // Undo takes back the last of them; the menus follow.
  const undone = await edit(page, '#m', () => button(page, '#m', 'button.undo').click());
  assert.deepEqual(undone.changes.map((c) => c.detail.what), ['undo']);
  assert.match(undone.sgf, /\(;W\[cc\]\)\s*\(;W\[gg\]\)/);
  // A refusal (a move annotation at the root, where there is no move) shows its words and changes nothing.
  await button(page, '#m', 'nav.first').click();
  await frames(page);
  assert.equal(await more(page, '#m', 'The move is').isDisabled(), true, 'no move: no move annotation');
  const before = await sgf(page, '#m');
  const refused = await edit(page, '#m', () => page.$eval('#m', (b) => b.editor.annotate(['tesuji'], 'tesuji')));
  assert.deepEqual(refused.changes, []);
  assert.equal(refused.sgf, before);
  assert.match(await message(page, '#m'), /Only a move can have this annotation/);
  await page.screenshot({ path: path.join(SHOTS, 'element-edit-more.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('edit: the keyboard alone chooses a tool (its key), moves the cursor and applies it with Enter; U undoes, Ctrl+Y redoes', async () => {
  const { ctx, page } = await openBoards(EMPTY);
  await allReady(page);
  await record(page, '#e', ['change']);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'e');
  assert.equal(await page.$eval('#e', (b) => b.shadowRoot.activeElement?.tagName), 'CANVAS', 'the board is the first stop');
  await page.keyboard.press('t');
  assert.deepEqual(await pressed(page, '#e'), ['triangle']);
  assert.match(await live(page, '#e'), /Tool: Triangle/);
  // The cursor shows once a key moved it; then to (5, 3).
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  const here = await page.$eval('#e', (b) => b.input.cursor);
  const keys = [];
  for (let i = here.x; i !== 5; i += Math.sign(5 - here.x)) keys.push(5 > here.x ? 'ArrowRight' : 'ArrowLeft');
  for (let i = here.y; i !== 3; i += Math.sign(3 - here.y)) keys.push(3 > here.y ? 'ArrowDown' : 'ArrowUp');
  for (const k of keys) await page.keyboard.press(k);
  await page.keyboard.press('Enter');
  await frames(page);
  assert.deepEqual((await markup(page, '#e')).triangles, [[5, 3]]);
  assert.match(await sgf(page, '#e'), /TR\[fd\]/);
  assert.match(await live(page, '#e'), /Triangle at F6/);
  // A line by the keyboard: its key, Enter at the start, a step, Enter at the end.
  await page.keyboard.press('i');
  await page.keyboard.press('Enter');
  assert.deepEqual(await page.$eval('#e', (b) => b.currentView.markup.selected), [[5, 3]], 'the line\'s start is shown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await frames(page);
  assert.deepEqual((await markup(page, '#e')).lines, [{ from: [5, 3], to: [5, 5] }]);
  await page.keyboard.press('u');
  await frames(page);
  assert.deepEqual((await markup(page, '#e')).lines, []);
  await page.keyboard.press('Control+y');
  await frames(page);
  assert.deepEqual((await markup(page, '#e')).lines, [{ from: [5, 3], to: [5, 5] }]);
  assert.deepEqual((await events(page, '#e')).map((e) => e.detail.what), ['tool', 'tool', 'undo', 'redo']);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('edit: a refused set-up (a chain left without a liberty) shows its error and changes nothing; a refused erase too', async () => {
  const { ctx, page } = await openBoards(EMPTY);
  await allReady(page);
  await click(page, '#e', 0, 0);
  await button(page, '#e', 'white').click();
  await click(page, '#e', 1, 0);
  await record(page, '#e', ['change']);
  const before = await sgf(page, '#e');
  // White at A8 would leave Black's A9 without a liberty.
  await click(page, '#e', 0, 1);
  await frames(page);
  assert.equal(await sgf(page, '#e'), before);
  assert.deepEqual(await events(page, '#e'), []);
  assert.equal(await page.$eval('#e', (b) => b.shadowRoot.querySelector('.message').dataset.kind), 'error');
  assert.match(await message(page, '#e'), /without a liberty/);
  assert.match(await live(page, '#e'), /without a liberty/);
  await button(page, '#e', 'erase').click();
  await click(page, '#e', 4, 4);
  assert.match(await message(page, '#e'), /no stone or mark on that point/);
  assert.equal(await sgf(page, '#e'), before);
  assert.deepEqual(await events(page, '#e'), []);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('edit: only boards in edit mode load its engine; a record given as content is edited, and a board turned to edit mode loads it', async () => {
  const { ctx, page } = await openBoards(`<tengen-board id="v" mode="view">(;SZ[9];B[ee];W[cc])</tengen-board>
    <tengen-board id="r" mode="edit">(;GM[1]FF[4]SZ[9]AB[aa]C[Start])</tengen-board>`, {
    head: '<script>window.loaded = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.loaded.push(e.name.split("/").pop()); }).observe({ type: "resource", buffered: true });</script>',
  });
  await allReady(page);
  const loaded = await page.evaluate(() => window.loaded);
  assert.ok(loaded.includes('tengen-board.edit.js') && loaded.includes('tengen-board-edit.wasm'), loaded.join());
  assert.equal(await page.$eval('#r', (b) => b.shadowRoot.querySelector('textarea').value), 'Start');
  await click(page, '#r', 4, 4);
  assert.match(await sgf(page, '#r'), /AB\[aa\]\[ee\]/);
  // A move, then Delete: the node goes, the board is at its parent.
  await record(page, '#r', ['change']);
  await button(page, '#r', 'alternate').click();
  await click(page, '#r', 5, 5);
  assert.match(await sgf(page, '#r'), /;B\[ff\]/);
  await button(page, '#r', 'edit.delete').click();
  assert.doesNotMatch(await sgf(page, '#r'), /;B\[ff\]/);
  assert.deepEqual((await events(page, '#r')).map((e) => [e.detail.what, e.detail.path]), [['tool', [0]], ['delete', []]]);
  assert.match(await live(page, '#r'), /^Deleted\./);
  // The view board has no editing calls; turned to edit mode, it loads them and edits.
  assert.equal(await page.$eval('#v', (b) => typeof b.game.setStone), 'undefined');
  await page.$eval('#v', (b) => b.setAttribute('mode', 'edit'));
  await page.waitForFunction(() => typeof document.querySelector('#v').game?.setStone === 'function');
  await page.waitForFunction(() => document.querySelector('#v').shadowRoot.querySelector('[data-tool]'));
  const { ctx: ctx2, page: plain } = await openBoards('<tengen-board mode="view">(;SZ[9];B[ee])</tengen-board>', { name: 'plain.html' });
  await allReady(plain);
  const none = await plain.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()));
  assert.ok(!none.some((n) => n.includes('edit')), `a page without edit mode loads ${none.join()}`);
  assert.deepEqual(page.errors, []);
  await ctx.close();
  await ctx2.close();
});

test('edit: tool buttons named with their keys and pressed state, axe finds nothing, wide and on a phone', async () => {
  for (const [name, options] of [['wide', DESKTOP], ['phone', PHONE]]) {
    const { ctx, page } = await openBoards(EMPTY, { ctx: options });
    await allReady(page);
    const tools = await page.$eval('#e', (b) => [...b.shadowRoot.querySelectorAll('[data-tool]')].map((x) => ({
      name: x.querySelector('.name').textContent, key: x.getAttribute('aria-keyshortcuts'), pressed: x.getAttribute('aria-pressed'), title: x.title,
    })));
    assert.equal(tools.length, 13);
    assert.equal(new Set(tools.map((t) => t.key)).size, 13, 'a key each');
    for (const t of tools) assert.ok(t.name && t.title === `${t.name} (key ${t.key})`, JSON.stringify(t));
    // A position with stones, marks, a line begun and a variation, for axe and the screenshots.
    const tap = async (x, y) => {
      const p = await at(page, '#e', x, y);
      if (options.hasTouch) await page.touchscreen.tap(p.x, p.y);
      else await page.mouse.click(p.x, p.y);
    };
    await tap(2, 2);
    await tap(3, 3);
    await button(page, '#e', 'circle').click();
    await tap(2, 2);
    await button(page, '#e', 'alternate').click();
    await tap(4, 4);
    await button(page, '#e', 'nav.previous').click();
    await tap(5, 5);
    await button(page, '#e', 'nav.previous').click();
    await button(page, '#e', 'arrow').click();
    await tap(6, 2);
    assert.match(await sgf(page, '#e'), /\(;B\[ee\]\)\s*\(;B\[ff\]\)/, 'taps act at once on a phone');
    await page.locator('#e details summary').click(); // "More" open, for axe too
    await frames(page);
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    assert.deepEqual(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), [], `axe, ${name}`);
    await page.screenshot({ path: path.join(SHOTS, `element-edit-${name}.png`), fullPage: true });
    // Nothing wider than the phone's screen.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling');
    assert.deepEqual(page.errors, []);
    await ctx.close();
  }
});

test('edit: in Japanese the tools and the board speak Japanese', async () => {
  const { ctx, page } = await openBoards(EMPTY, { lang: 'ja' });
  await allReady(page);
  await page.waitForFunction(() => document.querySelector('#e').shadowRoot.querySelector('[data-tool=black]').textContent.includes('黒'));
  assert.match(await page.$eval('#e', (b) => b.shadowRoot.querySelector('[role=toolbar]').getAttribute('aria-label')), /編集/);
  assert.match(await page.$eval('#e', (b) => b.shadowRoot.querySelector('canvas').getAttribute('aria-label')), /編集/);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('edit: a page opened from disk (file://) loads edit mode\'s engine from its script form, and edits', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-edit-'));
  try {
    for (const f of ['tengen-board.js', 'tengen-board.edit.js', 'tengen-board-edit.wasm.js']) fs.copyFileSync(path.join(WWW, f), path.join(dir, f));
    fs.writeFileSync(path.join(dir, 'edit.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Edit</title>
<script src="tengen-board.js"></script></head><body><main>${EMPTY}</main></body></html>`);
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    await page.goto(pathToFileURL(path.join(dir, 'edit.html')).href);
    await allReady(page);
    assert.equal(await page.$eval('#e', (b) => b.getAttribute('error')), null);
    await click(page, '#e', 4, 4);
    assert.match(await sgf(page, '#e'), /AB\[ee\]/);
    assert.deepEqual(page.errors, []);
    await ctx.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
